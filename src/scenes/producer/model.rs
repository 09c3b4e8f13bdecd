//! Scene "producer": how a producer with several requests in flight can
//! reorder its own records, and how idempotence (or one request in flight)
//! prevents it.
//!
//! The model follows the Java client: a record accumulator, a sender that
//! keeps up to `max.in.flight.requests.per.connection` requests open on one
//! TCP connection, a request timeout that closes the connection and fails
//! everything in flight, retries after an exponential backoff, batches that
//! expire at `delivery.timeout.ms`, and, for an idempotent producer,
//! sequence numbers, a broker that checks them, and the epoch bump of
//! KIP-360.

mod broker;
mod config;
mod events;
mod link;
pub mod presets;
mod scene;
mod sender;
mod sequences;

pub use broker::{ProducerStateEntry, SequenceCheck, DUPLICATE_CACHE};
pub use config::{
    ErrorCode, Fault, FaultKind, LinkConfig, Outage, ProducerSceneConfig, ScriptedRecord, Workload,
};
pub use link::ProducerParams;
pub use scene::{
    Batch, BatchState, Connection, FailReason, ProducerScene, Request, Response, SeqEntry, SeqKind,
    Stats, PARTITION, PRODUCER_ID, TOPIC,
};
pub use sender::ProducerEvent;
pub use sequences::Sequences;

use crate::sim::producer::{ConfigError, ProducerConfig};
use crate::sim::time::SimTime;

/// How one diagram line is drawn in mermaid: the arrow and who it joins.
pub fn mermaid_arrow(kind: SeqKind) -> &'static str {
    match kind {
        SeqKind::Send { .. } => "P->>B",
        SeqKind::Append { .. } | SeqKind::Duplicate { .. } => "B->>B",
        SeqKind::Ack { .. } => "B-->>P",
        SeqKind::Error { .. } | SeqKind::ConnectionBroken { .. } => "B--xP",
        SeqKind::RequestLost { .. } => "Note over P,B",
        SeqKind::BrokerDown | SeqKind::BrokerUp => "Note over B",
        SeqKind::Timeout { .. }
        | SeqKind::Disconnected { .. }
        | SeqKind::LateAnswerIgnored { .. }
        | SeqKind::Retry { .. }
        | SeqKind::EpochBumped { .. }
        | SeqKind::Failed { .. } => "Note over P",
    }
}

/// Runs a scene to `until` (or its end), for side-by-side comparisons.
pub fn run_until(
    config: ProducerSceneConfig,
    seed: u64,
    until: SimTime,
) -> Result<ProducerScene, ConfigError> {
    let mut sim = crate::sim::Sim::new(ProducerScene::new(config)?, seed);
    sim.run_until(until);
    Ok(sim.model().clone())
}

/// One simulated minute of a steady stream, 500 records a second, with no
/// faults: what a setting costs in throughput on this link.
pub fn minute_throughput(
    producer: ProducerConfig,
    link: LinkConfig,
    seed: u64,
) -> Result<u64, ConfigError> {
    const MINUTE: SimTime = SimTime(60_000);
    let config = ProducerSceneConfig {
        producer,
        link: LinkConfig {
            chaos_per_mille: 0,
            ..link
        },
        workload: Workload::Stream {
            records: 30_000,
            every_ms: 2,
        },
        log_start_offset: 0,
        known_producer: false,
        faults: Vec::new(),
        outages: Vec::new(),
        script: Vec::new(),
    };
    Ok(run_until(config, seed, MINUTE)?.throughput(MINUTE))
}

/// The price of the old advice on this link: records per second over one
/// minute with one request in flight and no idempotence, then with five in
/// flight and idempotence, both with Kafka's defaults otherwise and small
/// batches that fill in a few milliseconds.
pub fn price_of_one_in_flight(link: LinkConfig, seed: u64) -> Result<(u64, u64), ConfigError> {
    let idempotent = ProducerConfig {
        batch_size: 256,
        linger_ms: 5,
        ..ProducerConfig::default()
    };
    let one = ProducerConfig {
        max_in_flight: 1,
        enable_idempotence: false,
        ..idempotent
    };
    Ok((
        minute_throughput(one, link, seed)?,
        minute_throughput(idempotent, link, seed)?,
    ))
}

#[cfg(test)]
mod tests;
