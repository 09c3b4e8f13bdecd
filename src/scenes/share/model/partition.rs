//! A share partition, as the broker keeps it for a share group (KIP-932):
//! which records are available, which are acquired and by whom until when,
//! and how many times each was delivered. The scene plays it, and the
//! conformance suite (tests/kafka/conformance/share.rs) runs the same steps
//! against Kafka's `SharePartition` on a real broker.
//!
//! Rules from Kafka 4.4.0, `kafka/server/share/SharePartition.java`:
//! - `acquire` (and `acquireSubsetBatchRecords`): records are acquired
//!   from the lowest available offset up (`nextFetchOffset`), at most
//!   `max.poll.records` of them, each with its delivery count raised by one
//!   and a lock of `record.lock.duration.ms`. A record delivered often
//!   (`shouldThrottleRecordsDelivery`: a count of at least
//!   `max(2, ceil(limit / 2))`) is acquired alone: it ends an acquisition
//!   that has records already, and starts the next one by itself;
//! - `acknowledge`: ACCEPT and REJECT end a record (ACKNOWLEDGED,
//!   ARCHIVED); RELEASE makes it AVAILABLE again, or ARCHIVED once its
//!   delivery count has reached `delivery.count.limit`;
//! - the acquisition lock's timer task (`AcquisitionLockTimerTask`,
//!   `releaseAcquisitionLockOnTimeout`) does what a RELEASE does;
//! - an acknowledgement from a member that does not hold the record is
//!   refused (`INVALID_RECORD_STATE`), and with it every other one for the
//!   partition in the same request (`rollbackOrProcessStateUpdates`). Only
//!   the state and the member are checked: a member that got the record
//!   back after its lock ran out may acknowledge it for the old delivery.

use crate::sim::time::SimTime;

/// What a share consumer says of a record it holds (`AcknowledgeType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AcknowledgeType {
    /// Processed: never delivered again.
    Accept,
    /// Not processed: give it to someone, now.
    Release,
    /// Cannot be processed: never delivered again.
    Reject,
}

impl AcknowledgeType {
    pub const ALL: [AcknowledgeType; 3] = [
        AcknowledgeType::Accept,
        AcknowledgeType::Release,
        AcknowledgeType::Reject,
    ];

    pub fn id(self) -> &'static str {
        match self {
            AcknowledgeType::Accept => "accept",
            AcknowledgeType::Release => "release",
            AcknowledgeType::Reject => "reject",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.id() == id)
    }
}

/// Why a record went back to the available ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Returned {
    /// Its consumer released it.
    Released,
    /// Its acquisition lock ran out before its consumer acknowledged it.
    LockExpired,
}

/// A record's state in the share partition (`RecordState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordState {
    /// Waiting to be acquired; `returned` says why, if it was delivered before.
    Available { returned: Option<Returned> },
    /// Held by `member` until `until`.
    Acquired { member: u32, until: SimTime },
    /// Accepted: done.
    Acknowledged,
    /// Never delivered again: rejected, or delivered as many times as
    /// the limit allows. `returned` says why the last delivery ended, if
    /// it did not end by a reject.
    Archived { returned: Option<Returned> },
}

/// One record of the partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShareRecord {
    pub state: RecordState,
    /// How many times it has been acquired.
    pub delivery_count: u32,
}

/// A record handed to a consumer by one acquisition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Acquired {
    pub offset: u64,
    pub delivery_count: u32,
}

/// Why an acknowledgement was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AcknowledgeError {
    /// `INVALID_RECORD_STATE`: the record is not acquired by this member
    /// (its lock ran out, and it may be someone else's now).
    InvalidRecordState,
}

/// The broker's settings for one share group's partitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShareConfig {
    /// `share.record.lock.duration.ms`.
    pub lock_ms: u64,
    /// `share.delivery.count.limit`.
    pub delivery_limit: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SharePartition {
    pub config: ShareConfig,
    /// Offset → record, from offset 0 (`share.auto.offset.reset=earliest`).
    pub records: Vec<ShareRecord>,
}

impl SharePartition {
    pub fn new(config: ShareConfig) -> Self {
        SharePartition {
            config,
            records: Vec::new(),
        }
    }

    /// A record written to the partition: available at once.
    pub fn append(&mut self) -> u64 {
        self.records.push(ShareRecord {
            state: RecordState::Available { returned: None },
            delivery_count: 0,
        });
        self.records.len() as u64 - 1
    }

    pub fn has_available(&self) -> bool {
        self.records
            .iter()
            .any(|r| matches!(r.state, RecordState::Available { .. }))
    }

    /// The delivery count from which a record is acquired alone.
    pub fn throttle_from(&self) -> u32 {
        self.config.delivery_limit.div_ceil(2).max(2)
    }

    /// `member` acquires up to `max_records` available records, lowest
    /// offset first, each locked until `now + lock_ms`; a record delivered
    /// [`SharePartition::throttle_from`] times or more goes alone.
    pub fn acquire(&mut self, member: u32, max_records: u32, now: SimTime) -> Vec<Acquired> {
        let until = now.plus_millis(self.config.lock_ms);
        let throttle_from = self.throttle_from();
        let mut out = Vec::new();
        for (offset, r) in self.records.iter_mut().enumerate() {
            if out.len() as u32 >= max_records {
                break;
            }
            if !matches!(r.state, RecordState::Available { .. }) {
                continue;
            }
            let alone = r.delivery_count >= throttle_from;
            if alone && !out.is_empty() {
                break;
            }
            r.delivery_count += 1;
            r.state = RecordState::Acquired { member, until };
            out.push(Acquired {
                offset: offset as u64,
                delivery_count: r.delivery_count,
            });
            if alone {
                break;
            }
        }
        out
    }

    /// `member` acknowledges `offset`.
    pub fn acknowledge(
        &mut self,
        member: u32,
        offset: u64,
        kind: AcknowledgeType,
    ) -> Result<(), AcknowledgeError> {
        let limit = self.config.delivery_limit;
        let r = self
            .records
            .get_mut(offset as usize)
            .ok_or(AcknowledgeError::InvalidRecordState)?;
        match r.state {
            RecordState::Acquired { member: holder, .. } if holder == member => {
                r.state = match kind {
                    AcknowledgeType::Accept => RecordState::Acknowledged,
                    AcknowledgeType::Reject => RecordState::Archived { returned: None },
                    AcknowledgeType::Release => {
                        returned(r.delivery_count, limit, Returned::Released)
                    }
                };
                Ok(())
            }
            _ => Err(AcknowledgeError::InvalidRecordState),
        }
    }

    /// `member`'s acknowledgements for this partition, sent in one request:
    /// all of them apply, or, if one is refused, none does.
    pub fn acknowledge_all(
        &mut self,
        member: u32,
        acks: &[(u64, AcknowledgeType)],
    ) -> Result<(), AcknowledgeError> {
        let before = self.records.clone();
        for &(offset, kind) in acks {
            if let Err(e) = self.acknowledge(member, offset, kind) {
                self.records = before;
                return Err(e);
            }
        }
        Ok(())
    }

    /// The locks that ran out by `now` give their records back. Returns
    /// the offsets they held, with who held them.
    pub fn expire_locks(&mut self, now: SimTime) -> Vec<(u64, u32)> {
        let limit = self.config.delivery_limit;
        let mut out = Vec::new();
        for (offset, r) in self.records.iter_mut().enumerate() {
            if let RecordState::Acquired { member, until } = r.state {
                if until <= now {
                    r.state = returned(r.delivery_count, limit, Returned::LockExpired);
                    out.push((offset as u64, member));
                }
            }
        }
        out
    }

    /// The earliest lock still held, when the next expiry is due.
    pub fn next_expiry(&self) -> Option<SimTime> {
        self.records
            .iter()
            .filter_map(|r| match r.state {
                RecordState::Acquired { until, .. } => Some(until),
                _ => None,
            })
            .min()
    }

    /// What a member that leaves the group held goes back at once.
    pub fn release_all(&mut self, member: u32) -> Vec<u64> {
        let limit = self.config.delivery_limit;
        let mut out = Vec::new();
        for (offset, r) in self.records.iter_mut().enumerate() {
            if matches!(r.state, RecordState::Acquired { member: m, .. } if m == member) {
                r.state = returned(r.delivery_count, limit, Returned::Released);
                out.push(offset as u64);
            }
        }
        out
    }
}

/// A record whose delivery ended without a verdict: available again, or
/// archived once it has been delivered `limit` times.
fn returned(delivery_count: u32, limit: u32, why: Returned) -> RecordState {
    if delivery_count >= limit {
        RecordState::Archived {
            returned: Some(why),
        }
    } else {
        RecordState::Available {
            returned: Some(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn partition(records: u32, delivery_limit: u32) -> SharePartition {
        let mut sp = SharePartition::new(ShareConfig {
            lock_ms: 30_000,
            delivery_limit,
        });
        for _ in 0..records {
            sp.append();
        }
        sp
    }

    fn offsets(got: &[Acquired]) -> Vec<(u64, u32)> {
        got.iter().map(|a| (a.offset, a.delivery_count)).collect()
    }

    #[test]
    fn a_released_record_comes_first_with_its_count_raised() {
        let mut sp = partition(4, 5);
        let t = SimTime::ZERO;
        assert_eq!(offsets(&sp.acquire(0, 2, t)), [(0, 1), (1, 1)]);
        sp.acknowledge_all(
            0,
            &[(0, AcknowledgeType::Release), (1, AcknowledgeType::Accept)],
        )
        .unwrap();
        assert_eq!(offsets(&sp.acquire(1, 2, t)), [(0, 2), (2, 1)]);
    }

    #[test]
    fn a_lock_that_runs_out_gives_the_record_back_and_refuses_the_late_ack() {
        let mut sp = partition(2, 5);
        sp.acquire(0, 500, SimTime::ZERO);
        assert_eq!(sp.expire_locks(SimTime(29_999)), []);
        assert_eq!(sp.expire_locks(SimTime(30_000)), [(0, 0), (1, 0)]);
        assert_eq!(offsets(&sp.acquire(1, 1, SimTime(30_000))), [(0, 2)]);
        // Consumer 0 acknowledges both: offset 0 is consumer 1's now, so
        // the whole request is refused, offset 1 included.
        assert_eq!(
            sp.acknowledge_all(
                0,
                &[(1, AcknowledgeType::Accept), (0, AcknowledgeType::Accept)]
            ),
            Err(AcknowledgeError::InvalidRecordState)
        );
        assert_eq!(
            sp.records[1].state,
            RecordState::Available {
                returned: Some(Returned::LockExpired)
            }
        );
    }

    #[test]
    fn the_last_delivery_is_alone_and_the_limit_archives() {
        let mut sp = partition(3, 5);
        let t = SimTime::ZERO;
        let mut deliveries = Vec::new();
        loop {
            let got = sp.acquire(0, 500, t);
            if got.is_empty() {
                break;
            }
            deliveries.push(offsets(&got));
            // Offset 0 always fails; the others are accepted.
            let acks: Vec<(u64, AcknowledgeType)> = got
                .iter()
                .map(|a| {
                    (
                        a.offset,
                        if a.offset == 0 {
                            AcknowledgeType::Release
                        } else {
                            AcknowledgeType::Accept
                        },
                    )
                })
                .collect();
            sp.acknowledge_all(0, &acks).unwrap();
        }
        // From the third delivery (max(2, ceil(5 / 2))) the record goes alone.
        assert_eq!(
            deliveries,
            [
                vec![(0, 1), (1, 1), (2, 1)],
                vec![(0, 2)],
                vec![(0, 3)],
                vec![(0, 4)],
                vec![(0, 5)]
            ]
        );
        assert_eq!(
            sp.records[0].state,
            RecordState::Archived {
                returned: Some(Returned::Released)
            }
        );
    }

    #[test]
    fn reject_archives_at_once() {
        let mut sp = partition(2, 5);
        sp.acquire(0, 1, SimTime::ZERO);
        sp.acknowledge_all(0, &[(0, AcknowledgeType::Reject)])
            .unwrap();
        assert_eq!(offsets(&sp.acquire(1, 500, SimTime::ZERO)), [(1, 1)]);
        assert_eq!(
            sp.records[0].state,
            RecordState::Archived { returned: None }
        );
    }
}
