//! What the pipeline is given: one setting per stage, from the
//! application's rate to the sink's duplicate check, with the happy path
//! as the default.

use crate::scenes::workers::model::Mode;
use crate::sim::assignor::Assignor;
use crate::sim::clients::Client;
use std::ops::RangeInclusive;

pub const RATE_RANGE: RangeInclusive<u32> = 50..=500;
pub const LINGER_RANGE: RangeInclusive<u32> = 0..=50;
/// At most 5: the idempotent producer refuses more, and the scene keeps
/// every combination of its settings valid.
pub const IN_FLIGHT_RANGE: RangeInclusive<u32> = 1..=5;
pub const FAULTS_RANGE: RangeInclusive<u32> = 0..=300;
pub const PARTITIONS_RANGE: RangeInclusive<u32> = 1..=8;
/// 0 keeps the count; otherwise the count the topic grows to.
pub const GROW_RANGE: RangeInclusive<u32> = 0..=16;
pub const MEMBERS_RANGE: RangeInclusive<u32> = 1..=4;
pub const WORKERS_RANGE: RangeInclusive<u32> = 1..=16;

/// The clients a Go team picks from, with their default partitioners.
pub const CLIENTS: [Client; 4] = [
    Client::Java,
    Client::FranzGo,
    Client::Sarama,
    Client::KafkaGo,
];

/// What the application puts in the record key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyChoice {
    /// `order-42`: every event of an order on one partition.
    Order,
    /// `customer-3`: coarser, but an order belongs to one customer, so its
    /// events still share a partition.
    Customer,
    /// A null key: the client's keyless rule spreads the events.
    None,
}

impl KeyChoice {
    pub const ALL: [KeyChoice; 3] = [KeyChoice::Order, KeyChoice::Customer, KeyChoice::None];

    pub fn id(self) -> &'static str {
        match self {
            KeyChoice::Order => "order-id",
            KeyChoice::Customer => "customer-id",
            KeyChoice::None => "none",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// When the consumer commits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Commit {
    /// `enable.auto.commit=true`: `poll()` commits what earlier polls
    /// returned once `auto.commit.interval.ms` has passed.
    Auto,
    /// `commitSync()` after each handled record, of the lowest offset not
    /// yet handled (everything below it is done).
    Processed,
}

impl Commit {
    pub const ALL: [Commit; 2] = [Commit::Auto, Commit::Processed];

    pub fn id(self) -> &'static str {
        match self {
            Commit::Auto => "auto",
            Commit::Processed => "processed",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// Every stage's settings. The default is the happy path: nothing breaks
/// an order on any seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PipelineConfig {
    /// Application: order events per second.
    pub rate: u32,
    /// Producer: `linger.ms`.
    pub linger_ms: u32,
    /// Producer: `max.in.flight.requests.per.connection` (Kafka default 5).
    pub max_in_flight: u32,
    /// Producer: `enable.idempotence` (Kafka default true since 3.0).
    pub idempotence: bool,
    /// The wire: per thousand requests, half arrive damaged
    /// (`CORRUPT_MESSAGE`), half lose their answer to a broken connection.
    pub faults_per_mille: u32,
    /// Partitioner: what the key is.
    pub key: KeyChoice,
    /// Partitioner: the client of the checkout service, which sends
    /// Created and Paid.
    pub client: Client,
    /// Partitioner: the client of the warehouse service, which sends
    /// Shipped and Delivered.
    pub warehouse_client: Client,
    /// Topic: partitions at the start.
    pub partitions: u32,
    /// Topic: the count it grows to part way through; 0 keeps it.
    pub grow_to: u32,
    /// Topic: partition 0's leader dies part way through, while its only
    /// follower lags behind, out of the ISR.
    pub leader_fails: bool,
    /// Topic: `unclean.leader.election.enable` (Kafka default false).
    pub unclean: bool,
    /// Group: members.
    pub members: u32,
    pub assignor: Assignor,
    pub commit: Commit,
    /// Group: `consumer-1` crashes part way through.
    pub crash: bool,
    /// Handler: how each member hands records to goroutines.
    pub handler: Mode,
    /// Handler: workers in a keyed pool.
    pub workers: u32,
    /// Sink: the database remembers each order's last applied step and
    /// skips an event it already applied (an idempotent handler).
    pub dedupe: bool,
}

impl Default for PipelineConfig {
    fn default() -> Self {
        PipelineConfig {
            rate: 200,
            linger_ms: 5,
            max_in_flight: 5,
            idempotence: true,
            faults_per_mille: 150,
            key: KeyChoice::Order,
            client: Client::Java,
            warehouse_client: Client::Java,
            partitions: 3,
            grow_to: 0,
            leader_fails: false,
            unclean: false,
            members: 3,
            assignor: Assignor::Range,
            commit: Commit::Processed,
            crash: false,
            handler: Mode::KeyedPool,
            workers: 4,
            dedupe: true,
        }
    }
}

impl PipelineConfig {
    /// The settings clamped into their ranges, as a link's are.
    pub fn clamped(self) -> Self {
        let c = |v: u32, r: RangeInclusive<u32>| v.clamp(*r.start(), *r.end());
        PipelineConfig {
            rate: c(self.rate, RATE_RANGE),
            linger_ms: c(self.linger_ms, LINGER_RANGE),
            max_in_flight: c(self.max_in_flight, IN_FLIGHT_RANGE),
            faults_per_mille: c(self.faults_per_mille, FAULTS_RANGE),
            partitions: c(self.partitions, PARTITIONS_RANGE),
            grow_to: c(self.grow_to, GROW_RANGE),
            members: c(self.members, MEMBERS_RANGE),
            workers: c(self.workers, WORKERS_RANGE),
            ..self
        }
    }

    /// The partition count after the growth, if the topic grows: a topic
    /// only grows (`INVALID_PARTITIONS` refuses fewer), so a smaller or
    /// equal count changes nothing.
    pub fn grown(&self) -> Option<u32> {
        (self.grow_to > self.partitions).then_some(self.grow_to)
    }
}
