//! What the producer scene is given: the producer's settings, the network,
//! the application's records, the faults, and the error codes it can show.

use crate::sim::producer::ProducerConfig;
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;

/// What the network does to one request, chosen by the learner or the
/// scenario. Batches and attempts count from 1, as the diagram shows them.
///
/// On one TCP connection requests arrive, and answers return, in the order
/// they were sent, and the Java client matches answers to requests in that
/// order: so a request cannot vanish while later ones arrive. The faults
/// are the ways order really breaks on a connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// The batch arrives damaged: the broker's CRC check fails and it
    /// answers `CORRUPT_MESSAGE` without writing it (`LogValidator`
    /// `validateBatch`), while later requests go on being served.
    Corrupt,
    /// The broker writes the batch, then the connection breaks before the
    /// answer leaves: the answer is lost, and so is every request still on
    /// its way on that connection; the client fails everything it was
    /// waiting for on it (`NetworkClient.processDisconnection`).
    Disconnect,
    /// The request arrives this much later, and every later request on its
    /// connection behind it.
    Delay { ms: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fault {
    pub batch: u32,
    pub attempt: u32,
    pub kind: FaultKind,
}

/// The partition leader is unavailable for `ms` from `at`: it answers
/// `NOT_LEADER_OR_FOLLOWER`, as during a leader change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outage {
    pub at: SimTime,
    pub ms: u32,
}

/// What the application sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workload {
    /// The chapter's two events: order-42 Created, then Paid right after.
    Chapter,
    /// `records` events, four steps per order, one every `every_ms`.
    Stream { records: u32, every_ms: u32 },
}

impl Workload {
    pub fn len(self) -> u32 {
        match self {
            Workload::Chapter => 2,
            Workload::Stream { records, .. } => records,
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Record `i`: its order id and step.
    pub fn record(self, i: u32) -> (u32, OrderEvent) {
        match self {
            Workload::Chapter => (42, OrderEvent::ALL[i as usize % 2]),
            Workload::Stream { .. } => (1000 + i / 4, OrderEvent::ALL[i as usize % 4]),
        }
    }

    /// When the application sends record `i`.
    pub fn sent_at(self, i: u32) -> SimTime {
        match self {
            Workload::Chapter => SimTime(u64::from(i) * 5),
            Workload::Stream { every_ms, .. } => SimTime(u64::from(i) * u64::from(every_ms)),
        }
    }
}

/// The network between producer and broker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LinkConfig {
    /// One-way latency.
    pub latency_ms: u32,
    /// Up to this much is added to each trip, from the seed.
    pub jitter_ms: u32,
    /// Per thousand requests: half arrive damaged, half break the
    /// connection after the broker wrote them.
    pub chaos_per_mille: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerSceneConfig {
    pub producer: ProducerConfig,
    pub link: LinkConfig,
    pub workload: Workload,
    /// The log's first offset: the chapter's batch 2 lands at 100.
    pub log_start_offset: u64,
    /// Whether this producer wrote the records before `log_start_offset`
    /// itself, so that the broker already knows its id and last sequence.
    /// A broker keeps no state for a producer id it has never seen.
    pub known_producer: bool,
    pub faults: Vec<Fault>,
    pub outages: Vec<Outage>,
    /// The records, each with its own send time, when another model hands
    /// them over (the pipeline gives each partition's producer the records
    /// its partitioner sent there). Empty: the records come from `workload`.
    pub script: Vec<ScriptedRecord>,
}

/// One record the application hands the producer, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScriptedRecord {
    pub order: u32,
    pub event: OrderEvent,
    pub at: SimTime,
}

impl ProducerSceneConfig {
    /// How many records the application sends.
    pub fn records(&self) -> u32 {
        if self.script.is_empty() {
            self.workload.len()
        } else {
            self.script.len() as u32
        }
    }

    /// Record `i`: its order id and step.
    pub fn record(&self, i: u32) -> (u32, OrderEvent) {
        match self.script.get(i as usize) {
            Some(r) => (r.order, r.event),
            None => self.workload.record(i),
        }
    }

    /// When the application sends record `i`.
    pub fn sent_at(&self, i: u32) -> SimTime {
        match self.script.get(i as usize) {
            Some(r) => r.at,
            None => self.workload.sent_at(i),
        }
    }
}

/// Kafka protocol error codes a produce answer can carry in the scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// 2: the batch failed its CRC check.
    CorruptMessage,
    /// 6: the broker is not (or no longer) the partition's leader.
    NotLeaderOrFollower,
    /// 45: the batch's first sequence is not last sequence + 1.
    OutOfOrderSequenceNumber,
    /// 47: the batch's epoch is older than the one the broker last saw.
    InvalidProducerEpoch,
}

impl ErrorCode {
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::CorruptMessage => "CORRUPT_MESSAGE",
            ErrorCode::NotLeaderOrFollower => "NOT_LEADER_OR_FOLLOWER",
            ErrorCode::OutOfOrderSequenceNumber => "OUT_OF_ORDER_SEQUENCE_NUMBER",
            ErrorCode::InvalidProducerEpoch => "INVALID_PRODUCER_EPOCH",
        }
    }

    pub fn code(self) -> i16 {
        match self {
            ErrorCode::CorruptMessage => 2,
            ErrorCode::NotLeaderOrFollower => 6,
            ErrorCode::OutOfOrderSequenceNumber => 45,
            ErrorCode::InvalidProducerEpoch => 47,
        }
    }

    /// Whether its exception is a `RetriableException` (`Errors`):
    /// `CorruptRecordException` and `NotLeaderOrFollowerException` are;
    /// `OutOfOrderSequenceException` and `InvalidProducerEpochException` are
    /// not, though an idempotent producer retries the first by rules of its
    /// own ([`super::sequences::Sequences::retry_out_of_order`]).
    pub fn retriable(self) -> bool {
        match self {
            ErrorCode::CorruptMessage | ErrorCode::NotLeaderOrFollower => true,
            ErrorCode::OutOfOrderSequenceNumber | ErrorCode::InvalidProducerEpoch => false,
        }
    }
}
