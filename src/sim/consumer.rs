//! A consumer of one partition: its position, what it holds, what it committed.

use super::log::PartitionLog;
use super::time::SimTime;
use std::collections::VecDeque;
use std::ops::Range;

/// `auto.offset.reset`: where to start with no committed offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OffsetReset {
    /// The log's first offset.
    Earliest,
    /// The log end offset: only records written from now on. Kafka's
    /// default.
    Latest,
}

impl OffsetReset {
    pub const ALL: [OffsetReset; 2] = [OffsetReset::Earliest, OffsetReset::Latest];

    pub fn id(self) -> &'static str {
        match self {
            OffsetReset::Earliest => "earliest",
            OffsetReset::Latest => "latest",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// The record a consumer is handling: from the poll that handed it over
/// until its processing ends. `until` is known when it starts, because the
/// model draws the processing time then; the view uses both ends to move the
/// record from its partition to its consumer while it plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Processing {
    pub offset: u64,
    pub since: SimTime,
    pub until: SimTime,
}

/// A single-threaded consumer reading one partition in offset order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Consumer {
    pub client_id: String,
    /// The next offset `poll()` will fetch.
    position: u64,
    /// The offset this consumer's group would resume from after a restart:
    /// the next record to read, so last processed + 1. `None` until the
    /// first commit.
    committed_offset: Option<u64>,
    /// Fetched by the last poll but not processed yet, in offset order.
    fetched: VecDeque<u64>,
    /// The next offset after the last processed record.
    processed_up_to: u64,
}

impl Consumer {
    pub fn new(client_id: &str) -> Self {
        Consumer {
            client_id: client_id.to_owned(),
            position: 0,
            committed_offset: None,
            fetched: VecDeque::new(),
            processed_up_to: 0,
        }
    }

    pub fn position(&self) -> u64 {
        self.position
    }

    pub fn committed_offset(&self) -> Option<u64> {
        self.committed_offset
    }

    pub fn fetched(&self) -> impl Iterator<Item = u64> + '_ {
        self.fetched.iter().copied()
    }

    pub fn processed_up_to(&self) -> u64 {
        self.processed_up_to
    }

    /// Whether a poll now would find nothing to process: every fetched
    /// record is processed and the position is at the log's end.
    pub fn caught_up(&self, log: &PartitionLog) -> bool {
        self.fetched.is_empty() && self.position >= log.log_end_offset()
    }

    /// Fetches up to `max_poll_records` records from the position onward.
    /// A fetch can only return a contiguous run of offsets, which is why one
    /// consumer can never see offset 2 before offset 1.
    pub fn poll(&mut self, log: &PartitionLog, max_poll_records: u32) -> Range<u64> {
        let from = self.position;
        let to = log
            .log_end_offset()
            .min(from.saturating_add(u64::from(max_poll_records)));
        self.fetched.extend(from..to);
        self.position = to.max(from);
        from..self.position
    }

    /// Where a consumer with no committed offset starts on a partition it
    /// has just been given (`auto.offset.reset`; `SubscriptionState`
    /// resets the position, `OffsetFetcher` looks the offset up).
    pub fn reset_position(&mut self, reset: OffsetReset, log: &PartitionLog) -> u64 {
        self.position = match reset {
            OffsetReset::Earliest => log.log_start_offset(),
            OffsetReset::Latest => log.log_end_offset(),
        };
        self.fetched.clear();
        self.processed_up_to = self.position;
        self.position
    }

    /// Takes the next fetched record to process, in offset order.
    pub fn process_next(&mut self) -> Option<u64> {
        let offset = self.fetched.pop_front()?;
        self.processed_up_to = offset + 1;
        Some(offset)
    }

    /// Auto commit, as `poll()` runs it once `auto.commit.interval.ms` has
    /// passed: it commits the position, the offset after everything earlier
    /// polls returned, processed or not (`ConsumerCoordinator.maybeAutoCommitOffsetsAsync`
    /// commits `subscriptions.allConsumed()`).
    pub fn auto_commit(&mut self) -> u64 {
        self.committed_offset = Some(self.position);
        self.position
    }

    /// `commitSync()` after processing: the group will resume right after
    /// the last processed record.
    pub fn commit(&mut self) -> u64 {
        self.committed_offset = Some(self.processed_up_to);
        self.processed_up_to
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::log::LogConfig;
    use crate::sim::record::OrderEvent;

    fn log_with(n: u64) -> PartitionLog {
        let mut l = PartitionLog::new(
            "orders",
            0,
            LogConfig {
                segment_bytes: 1000,
                index_interval_bytes: 4096,
            },
        );
        for i in 0..n {
            l.append(
                Some("order-42"),
                "order-42",
                OrderEvent::ALL[(i % 4) as usize],
                SimTime(i),
            );
        }
        l
    }

    #[test]
    fn position_runs_ahead_of_committed_until_commit() {
        let log = log_with(5);
        let mut c = Consumer::new("consumer-1");
        assert_eq!(c.poll(&log, 3), 0..3);
        assert_eq!(c.position(), 3);
        assert_eq!(c.committed_offset(), None);
        assert_eq!(c.process_next(), Some(0));
        assert_eq!(c.process_next(), Some(1));
        assert_eq!(c.commit(), 2);
        assert_eq!(c.committed_offset(), Some(2));
        assert_eq!(c.process_next(), Some(2));
        assert_eq!(c.process_next(), None);
        assert_eq!(c.poll(&log, 3), 3..5);
        assert_eq!(c.poll(&log, 3), 5..5);
        assert_eq!(c.position(), 5);
    }

    #[test]
    fn processing_order_is_offset_order() {
        let log = log_with(20);
        let mut c = Consumer::new("consumer-1");
        let mut seen = Vec::new();
        for batch in [1u32, 4, 7, 2, 100] {
            c.poll(&log, batch);
            while let Some(o) = c.process_next() {
                seen.push(o);
            }
        }
        assert_eq!(seen, (0..20).collect::<Vec<_>>());
    }
}
