//! The producer scene's state: batches, requests, the connection, the
//! broker's partition, and what the sequence diagram shows.

use super::broker::ProducerStateEntry;
use super::config::{ErrorCode, FaultKind, ProducerSceneConfig};
use super::sequences::Sequences;
use crate::sim::checker::{Observer, OrderChecker};
use crate::sim::log::{LogConfig, PartitionLog};
use crate::sim::producer::ConfigError;
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::collections::{BTreeSet, VecDeque};

pub const TOPIC: &str = "orders";
/// The chapter's diagram writes to partition 1.
pub const PARTITION: u32 = 1;
/// The id the broker gave this producer (`InitProducerId`).
pub const PRODUCER_ID: u64 = 4000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// Written at `base_offset`; `duplicate` when the broker recognised a
    /// batch it already had and did not write it again.
    Written {
        base_offset: u64,
        duplicate: bool,
    },
    Error(ErrorCode),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailReason {
    RetriesExhausted,
    DeliveryTimeout,
    /// An error that retrying cannot fix.
    Fatal(ErrorCode),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BatchState {
    /// In the accumulator, never sent yet.
    Open,
    /// A retry, back in the queue after its backoff.
    Queued,
    InFlight,
    /// Failed and back in the queue, but not to be sent before its backoff
    /// has passed.
    Backoff {
        until: SimTime,
    },
    Acked {
        base_offset: u64,
        duplicate: bool,
    },
    /// Sent with `acks=0`: nobody will ever say whether it arrived.
    SentUnacknowledged,
    /// The application was told it failed (whether or not the log has it).
    Failed(FailReason),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Batch {
    pub id: u32,
    pub records: Vec<u32>,
    pub bytes: u32,
    pub created_at: SimTime,
    /// Assigned when first sent, for an idempotent producer, and renumbered
    /// by an epoch bump while the batch is still pending.
    pub base_seq: Option<i32>,
    pub epoch: u16,
    /// An epoch bump renumbered it (`ProducerBatch.sequenceHasBeenReset`).
    pub sequence_reset: bool,
    /// How many times it was sent.
    pub attempts: u32,
    pub state: BatchState,
}

impl Batch {
    pub fn last_seq(&self) -> Option<i32> {
        self.base_seq.map(|s| s + self.records.len() as i32 - 1)
    }

    /// Not yet acknowledged or failed: the client still tracks it.
    pub fn pending(&self) -> bool {
        !matches!(
            self.state,
            BatchState::Acked { .. } | BatchState::SentUnacknowledged | BatchState::Failed(_)
        )
    }
}

/// One produce request: one attempt of one batch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub id: u32,
    pub batch: u32,
    pub attempt: u32,
    /// The epoch and first sequence it carries: the batch's own may be
    /// renumbered later by a bump.
    pub epoch: u16,
    pub base_seq: Option<i32>,
    /// The client's connection it was sent on.
    pub connection: u32,
    pub sent_at: SimTime,
    /// When it reaches the broker, if its connection lives that long.
    pub arrives_at: SimTime,
    /// Its connection broke before it arrived: the broker never saw it.
    pub lost: bool,
    /// When the broker's answer reaches the producer; `None` until the
    /// broker answered, and for an answer that never comes back.
    pub answered_at: Option<SimTime>,
    /// How long the answer takes to come back, drawn when the request is sent.
    pub answer_trip_ms: u64,
    pub fault: Option<FaultKind>,
    pub response: Option<Response>,
    /// The producer stopped waiting: it timed out or its connection closed.
    pub abandoned: bool,
}

/// One line of the sequence diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeqKind {
    Send {
        batch: u32,
        attempt: u32,
        epoch: u16,
        base_seq: Option<i32>,
    },
    /// The request was on its way when its connection broke.
    RequestLost {
        batch: u32,
        attempt: u32,
    },
    Append {
        batch: u32,
        first_offset: u64,
        last_offset: u64,
    },
    Duplicate {
        batch: u32,
        base_offset: u64,
    },
    Ack {
        batch: u32,
        base_offset: u64,
        duplicate: bool,
    },
    Error {
        batch: u32,
        code: ErrorCode,
    },
    /// The broker wrote the batch, then the connection broke.
    ConnectionBroken {
        batch: u32,
    },
    Timeout {
        batch: u32,
    },
    Disconnected {
        batch: u32,
    },
    LateAnswerIgnored {
        batch: u32,
    },
    Retry {
        batch: u32,
        attempt: u32,
    },
    Failed {
        batch: u32,
        reason: FailReason,
    },
    /// KIP-360: the producer took the next epoch and renumbered its
    /// pending batches from sequence 0.
    EpochBumped {
        epoch: u16,
    },
    BrokerDown,
    BrokerUp,
}

impl SeqKind {
    /// The variant's name, for the diagram's `data-kind`: a stable hook for
    /// styling and tests that does not need `Debug` in the release build.
    pub fn name(&self) -> &'static str {
        match self {
            SeqKind::Send { .. } => "Send",
            SeqKind::RequestLost { .. } => "RequestLost",
            SeqKind::Append { .. } => "Append",
            SeqKind::Duplicate { .. } => "Duplicate",
            SeqKind::Ack { .. } => "Ack",
            SeqKind::Error { .. } => "Error",
            SeqKind::ConnectionBroken { .. } => "ConnectionBroken",
            SeqKind::Timeout { .. } => "Timeout",
            SeqKind::Disconnected { .. } => "Disconnected",
            SeqKind::LateAnswerIgnored { .. } => "LateAnswerIgnored",
            SeqKind::Retry { .. } => "Retry",
            SeqKind::Failed { .. } => "Failed",
            SeqKind::EpochBumped { .. } => "EpochBumped",
            SeqKind::BrokerDown => "BrokerDown",
            SeqKind::BrokerUp => "BrokerUp",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeqEntry {
    pub at: SimTime,
    pub kind: SeqKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stats {
    pub sent: u32,
    pub retries: u32,
    pub acked_records: u32,
    /// Records the application was told had failed.
    pub failed_records: u32,
}

/// The client's side of its one connection to the broker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Connection {
    pub id: u32,
    /// TCP keeps order: nothing sent later arrives earlier.
    pub last_request_arrival: SimTime,
    pub last_answer_arrival: SimTime,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerScene {
    pub config: ProducerSceneConfig,
    pub batches: Vec<Batch>,
    pub requests: Vec<Request>,
    /// Unsent batches in the order the sender will take them; the last one
    /// may still be taking records.
    pub queue: VecDeque<u32>,
    /// Requests the producer is waiting on.
    pub awaiting: Vec<u32>,
    pub sequences: Sequences,
    pub connection: Connection,
    /// Connections the network broke: their requests still on the way never
    /// arrive.
    pub broken: BTreeSet<u32>,
    pub log: PartitionLog,
    /// Offsets of records the log holds twice.
    pub duplicate_offsets: Vec<u64>,
    pub producer_state: Option<ProducerStateEntry>,
    pub broker_down: bool,
    pub checker: OrderChecker,
    pub diagram: Vec<SeqEntry>,
    pub stats: Stats,
    pub(super) link_rng: Rng,
    pub(super) backoff_rng: Rng,
}

impl ProducerScene {
    /// The scene, or the `ConfigException` the Java client would throw.
    pub fn new(config: ProducerSceneConfig) -> Result<Self, ConfigError> {
        config.producer.validate()?;
        let log = PartitionLog::starting_at(
            TOPIC,
            PARTITION,
            LogConfig {
                segment_bytes: 1 << 30,
                index_interval_bytes: 4096,
            },
            config.log_start_offset,
        );
        // The records before the log start, if this producer wrote them,
        // used sequences 0..start: the broker remembers the last one. With
        // nothing before the start there is nothing to remember it by.
        let (producer_state, first_seq) = if config.known_producer && config.log_start_offset > 0 {
            let written = i32::try_from(config.log_start_offset).unwrap_or(i32::MAX);
            let state = ProducerStateEntry {
                producer_id: PRODUCER_ID,
                epoch: 0,
                last_seq: written - 1,
                recent: VecDeque::new(),
            };
            (Some(state), written)
        } else {
            (None, 0)
        };
        Ok(ProducerScene {
            config,
            batches: Vec::new(),
            requests: Vec::new(),
            queue: VecDeque::new(),
            awaiting: Vec::new(),
            sequences: Sequences::starting_at(first_seq),
            connection: Connection::default(),
            broken: BTreeSet::new(),
            log,
            duplicate_offsets: Vec::new(),
            producer_state,
            broker_down: false,
            checker: OrderChecker::default(),
            diagram: Vec::new(),
            stats: Stats::default(),
            link_rng: Rng::new(0),
            backoff_rng: Rng::new(0),
        })
    }

    pub fn batch(&self, id: u32) -> &Batch {
        &self.batches[id as usize - 1]
    }

    pub(super) fn batch_mut(&mut self, id: u32) -> &mut Batch {
        &mut self.batches[id as usize - 1]
    }

    pub fn request(&self, id: u32) -> &Request {
        &self.requests[id as usize - 1]
    }

    pub(super) fn note(&mut self, at: SimTime, kind: SeqKind) {
        self.diagram.push(SeqEntry { at, kind });
    }

    pub fn reorders(&self) -> usize {
        self.checker.reorders()
    }

    pub fn duplicates(&self) -> usize {
        self.checker.duplicates()
    }

    /// The producer's current epoch.
    pub fn epoch(&self) -> u16 {
        self.sequences.epoch
    }

    /// Acknowledged records per second of simulated time.
    pub fn throughput(&self, now: SimTime) -> u64 {
        if now.as_millis() == 0 {
            0
        } else {
            u64::from(self.stats.acked_records) * 1000 / now.as_millis()
        }
    }

    /// Each (key, step) the log holds.
    /// The application's records the log holds, each counted once: every
    /// record appended, less those the order checker found a second time.
    /// Counted, not collected, since the view asks on every frame.
    pub fn written(&self) -> u32 {
        let appended = self.log.log_end_offset() - self.log.log_start_offset();
        (appended - self.duplicate_offsets.len() as u64) as u32
    }

    /// Records whose batch is settled (failed, or sent with `acks=0`) that
    /// the log does not hold: lost, whether or not anybody said so.
    pub fn lost(&self) -> u32 {
        self.lost_records().count() as u32
    }

    /// Why the producer gave up the first lost record: `None` if none is
    /// lost, or if it went with `acks=0` and nobody said anything.
    pub fn gave_up(&self) -> Option<FailReason> {
        self.lost_records().find_map(|(b, _)| match b.state {
            BatchState::Failed(reason) => Some(reason),
            _ => None,
        })
    }

    /// The lost records, each with its batch.
    fn lost_records(&self) -> impl Iterator<Item = (&Batch, u32)> + '_ {
        let log = Observer::Log {
            topic: TOPIC.to_owned(),
            partition: PARTITION,
        };
        self.batches
            .iter()
            .filter(|b| {
                matches!(
                    b.state,
                    BatchState::Failed(_) | BatchState::SentUnacknowledged
                )
            })
            .flat_map(|b| b.records.iter().map(move |&i| (b, i)))
            .filter(move |&(_, i)| {
                let (order, event) = self.config.record(i);
                !self
                    .checker
                    .has_seen(&log, &format!("order-{order}"), event.step())
            })
    }

    /// Keys whose log holds a later event while an earlier one is missing:
    /// a break in the order's history, whatever the reason.
    pub fn gaps(&self) -> usize {
        self.checker.gaps().len()
    }

    /// Each broken history's key and its first missing step.
    pub fn gap_keys(&self) -> Vec<(String, u32)> {
        self.checker
            .gaps()
            .into_iter()
            .map(|(_, key, step)| (key.to_owned(), step))
            .collect()
    }
}
