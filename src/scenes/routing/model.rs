//! Scene "routing": the same stream of order events, routed by key or with a
//! null key under one of the keyless strategies, then consumed by one
//! consumer per partition, each at its own speed.
//!
//! Keyed by order id, every order lives in one partition and its events are
//! handled in order. With a null key, one order's events spread over
//! partitions, and a fast consumer can handle "Paid" before a slow one has
//! handled "Created".

use crate::sim::checker::{Observer, OrderChecker, Position};
use crate::sim::consumer::{Consumer, Processing};
use crate::sim::engine::{Ctx, Model};
use crate::sim::keyless::{Accumulator, KeylessStrategy, OpenBatch};
use crate::sim::log::{LogConfig, PartitionLog};
use crate::sim::partitioner::{partition_for_key, KeyHasher};
use crate::sim::record::{record_size_in_batch, OrderEvent};
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::ops::RangeInclusive;

pub const TOPIC: &str = "orders";
pub const GROUP_ID: &str = "order-service";
/// The orders in the stream; each goes through all four steps.
pub const STREAM_ORDERS: [u32; 5] = [40, 41, 42, 43, 44];
pub const STREAM_LEN: u32 = (STREAM_ORDERS.len() * 4) as u32;

pub const PARTITIONS_RANGE: RangeInclusive<u32> = 1..=64;
pub const DEFAULT_PARTITIONS: u32 = 3;
/// `batch.size`: Kafka's default is 16384; this stream's records are 14
/// bytes, so the lab default fits four records in a batch.
pub const BATCH_SIZE_RANGE: RangeInclusive<u32> = 64..=16384;
pub const DEFAULT_BATCH_SIZE: u32 = 128;
/// `linger.ms`: 0 in Kafka 3.x, 5 in 4.0.
pub const LINGER_MS_RANGE: RangeInclusive<u32> = 0..=500;
pub const DEFAULT_LINGER_MS: u32 = 50;

const PRODUCE_EVERY_MS: u64 = 15;
const LATENCY_MS: (u64, u64) = (20, 60);
const IDLE_POLL_MS: u64 = 50;

const LATENCY_STREAM: u64 = 1;
const PARTITIONER_STREAM: u64 = 2;
const CONSUMER_STREAM: u64 = 3;

/// Record `i` of the stream: every order's Created first, then every Paid…
pub fn stream_record(i: u32) -> (u32, OrderEvent) {
    let orders = STREAM_ORDERS.len() as u32;
    (
        STREAM_ORDERS[(i % orders) as usize],
        OrderEvent::ALL[((i / orders) % 4) as usize],
    )
}

pub fn order_key(order: u32) -> String {
    format!("order-{order}")
}

/// Processing time of the consumer of `partition`: partitions differ, so
/// the consumers run at different speeds.
pub fn processing_ms(partition: u32) -> (u64, u64) {
    let base = [180u64, 60, 120][partition as usize % 3];
    (base * 4 / 5, base * 6 / 5)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StreamKeys {
    /// The key is the order id: murmur2 picks the partition.
    OrderId,
    /// A null key: the keyless strategy picks the partition.
    Null(KeylessStrategy),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoutingStreamConfig {
    pub partitions: u32,
    pub keys: StreamKeys,
    pub batch_size: u32,
    pub linger_ms: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RoutingEvent {
    Produce { index: u32 },
    LingerExpired { partition: u32, batch: u32 },
    Deliver { batch: u32 },
    Wake { partition: u32 },
    Processed { partition: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InFlightBatch {
    pub batch: OpenBatch,
    pub sent_at: SimTime,
    pub deliver_at: SimTime,
}

/// What the latest append or delivery did that the state after it no
/// longer shows, kept for the narration: a sent batch has left the
/// accumulator, a delivered one the flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoutingNote {
    /// A record was appended. `closed`: its partition's open batch had no
    /// room, so that batch, with this many records, was sent; `full`: the
    /// record filled its own batch, which was sent at once.
    Appended { closed: Option<u32>, full: bool },
    /// A batch landed in `partition`'s log from offset `first`.
    Delivered {
        partition: u32,
        first: u64,
        records: u32,
    },
}

/// One record as the group finished it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Handled {
    pub partition: u32,
    pub offset: u64,
    pub order: u32,
    pub event: OrderEvent,
    pub at: SimTime,
    /// The checker flagged it: a later step of its order was handled first.
    pub out_of_order: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoutingStream {
    pub config: RoutingStreamConfig,
    pub accumulator: Accumulator,
    pub logs: Vec<PartitionLog>,
    pub consumers: Vec<Consumer>,
    /// Per partition: the record its consumer is processing.
    pub busy: Vec<Option<Processing>>,
    pub in_flight: Vec<InFlightBatch>,
    /// Per stream record: the partition it was placed in, once produced.
    pub placed: Vec<Option<u32>>,
    pub handled: Vec<Handled>,
    pub checker: OrderChecker,
    pub produced: u32,
    pub note: Option<RoutingNote>,
    last_delivery: SimTime,
    latency_rng: Rng,
    consumer_rng: Rng,
}

fn value_size(event: OrderEvent, key: Option<&str>) -> u32 {
    record_size_in_batch(key.map(str::as_bytes), event.value().as_bytes())
}

impl RoutingStream {
    pub fn new(config: RoutingStreamConfig) -> Self {
        let partitions = config
            .partitions
            .clamp(*PARTITIONS_RANGE.start(), *PARTITIONS_RANGE.end());
        let config = RoutingStreamConfig {
            partitions,
            ..config
        };
        let log_config = LogConfig {
            segment_bytes: 1 << 30,
            index_interval_bytes: 4096,
        };
        RoutingStream {
            config,
            accumulator: Accumulator::new(partitions, config.batch_size, Rng::new(0)),
            logs: (0..partitions)
                .map(|p| PartitionLog::new(TOPIC, p, log_config))
                .collect(),
            consumers: (0..partitions)
                .map(|p| Consumer::new(&format!("consumer-{}", p + 1)))
                .collect(),
            busy: vec![None; partitions as usize],
            in_flight: Vec::new(),
            placed: vec![None; STREAM_LEN as usize],
            handled: Vec::new(),
            checker: OrderChecker::default(),
            produced: 0,
            note: None,
            last_delivery: SimTime::ZERO,
            latency_rng: Rng::new(0),
            consumer_rng: Rng::new(0),
        }
    }

    fn key_of(&self, order: u32) -> Option<String> {
        match self.config.keys {
            StreamKeys::OrderId => Some(order_key(order)),
            StreamKeys::Null(_) => None,
        }
    }

    fn send(&mut self, batch: OpenBatch, ctx: &mut Ctx<'_, RoutingEvent>) {
        let now = ctx.now();
        let latency = self.latency_rng.between(LATENCY_MS.0, LATENCY_MS.1);
        // One connection to the broker: responses come back in order, so a
        // later batch can never land before an earlier one.
        let deliver_at = now.plus_millis(latency).max(self.last_delivery);
        self.last_delivery = deliver_at;
        ctx.schedule_in(
            deliver_at.as_millis() - now.as_millis(),
            RoutingEvent::Deliver { batch: batch.id },
        );
        self.in_flight.push(InFlightBatch {
            batch,
            sent_at: now,
            deliver_at,
        });
    }

    /// Nothing more can reach `partition`: the consumer may stop polling.
    fn drained(&self, partition: u32) -> bool {
        self.produced == STREAM_LEN
            && self.in_flight.is_empty()
            && self.accumulator.open_batch(partition).is_none()
            && (0..self.config.partitions).all(|p| self.accumulator.open_batch(p).is_none())
            && self.consumers[partition as usize].position()
                == self.logs[partition as usize].log_end_offset()
    }

    pub fn reorders(&self) -> usize {
        self.checker.reorders()
    }
}

impl Model for RoutingStream {
    type Event = RoutingEvent;

    fn is_noop(&self, event: &RoutingEvent) -> bool {
        match *event {
            RoutingEvent::Wake { partition } => self.busy[partition as usize].is_some(),
            // The batch already left: it filled up before linger ran out.
            RoutingEvent::LingerExpired { partition, batch } => self
                .accumulator
                .open_batch(partition)
                .is_none_or(|b| b.id != batch),
            _ => false,
        }
    }

    /// An idle poll: its partition has nothing new, so the next one is
    /// merely scheduled.
    fn is_quiet(&self, event: &RoutingEvent) -> bool {
        matches!(*event, RoutingEvent::Wake { partition }
            if self.consumers[partition as usize].caught_up(&self.logs[partition as usize]))
    }

    fn start(&mut self, ctx: &mut Ctx<'_, RoutingEvent>) {
        self.latency_rng = ctx.rng().child(LATENCY_STREAM);
        self.consumer_rng = ctx.rng().child(CONSUMER_STREAM);
        self.accumulator = Accumulator::new(
            self.config.partitions,
            self.config.batch_size,
            ctx.rng().child(PARTITIONER_STREAM),
        );
        ctx.schedule_in(PRODUCE_EVERY_MS, RoutingEvent::Produce { index: 0 });
        for partition in 0..self.config.partitions {
            ctx.schedule_in(0, RoutingEvent::Wake { partition });
        }
    }

    fn handle(&mut self, event: &RoutingEvent, ctx: &mut Ctx<'_, RoutingEvent>) {
        let now = ctx.now();
        match *event {
            RoutingEvent::Produce { index } => {
                let (order, step) = stream_record(index);
                let key = self.key_of(order);
                let size = value_size(step, key.as_deref());
                let appended = match self.config.keys {
                    StreamKeys::OrderId => {
                        let p = partition_for_key(
                            KeyHasher::Murmur2,
                            order_key(order).as_bytes(),
                            self.config.partitions,
                        );
                        self.accumulator.append_keyed(p, index, size, now)
                    }
                    StreamKeys::Null(strategy) => {
                        self.accumulator.append_keyless(strategy, index, size, now)
                    }
                };
                self.placed[index as usize] = Some(appended.partition);
                self.produced = index + 1;
                let closed = appended.closed.as_ref().map(|b| b.records.len() as u32);
                let mut full = false;
                if let Some(closed) = appended.closed {
                    self.send(closed, ctx);
                }
                if let Some(batch) = appended.opened {
                    ctx.schedule_in(
                        u64::from(self.config.linger_ms),
                        RoutingEvent::LingerExpired {
                            partition: appended.partition,
                            batch,
                        },
                    );
                }
                // A batch that is exactly full goes without waiting for linger.
                if self
                    .accumulator
                    .open_batch(appended.partition)
                    .is_some_and(|b| b.bytes >= self.config.batch_size)
                {
                    if let Some(id) = self
                        .accumulator
                        .open_batch(appended.partition)
                        .map(|b| b.id)
                    {
                        if let Some(batch) = self.accumulator.linger_expired(appended.partition, id)
                        {
                            self.send(batch, ctx);
                            full = true;
                        }
                    }
                }
                self.note = Some(RoutingNote::Appended { closed, full });
                if index + 1 < STREAM_LEN {
                    ctx.schedule_in(PRODUCE_EVERY_MS, RoutingEvent::Produce { index: index + 1 });
                }
            }
            RoutingEvent::LingerExpired { partition, batch } => {
                if let Some(ready) = self.accumulator.linger_expired(partition, batch) {
                    self.send(ready, ctx);
                }
            }
            RoutingEvent::Deliver { batch } => {
                let Some(i) = self.in_flight.iter().position(|f| f.batch.id == batch) else {
                    return;
                };
                let flight = self.in_flight.remove(i);
                let partition = flight.batch.partition;
                self.note = Some(RoutingNote::Delivered {
                    partition,
                    first: self.logs[partition as usize].log_end_offset(),
                    records: flight.batch.records.len() as u32,
                });
                for &index in &flight.batch.records {
                    let (order, step) = stream_record(index);
                    let key = self.key_of(order);
                    let entity = order_key(order);
                    let appended =
                        self.logs[partition as usize].append(key.as_deref(), &entity, step, now);
                    self.checker.observe(
                        &Observer::Log {
                            topic: TOPIC.to_owned(),
                            partition,
                        },
                        &entity,
                        step.step(),
                        Position::new(partition, appended.offset),
                        now,
                    );
                }
            }
            RoutingEvent::Wake { partition } => {
                let p = partition as usize;
                if self.busy[p].is_some() {
                    return;
                }
                let fetched = self.consumers[p].poll(&self.logs[p], 1);
                if let (false, Some(offset)) =
                    (fetched.is_empty(), self.consumers[p].process_next())
                {
                    let (lo, hi) = processing_ms(partition);
                    let ms = self.consumer_rng.between(lo, hi);
                    self.busy[p] = Some(Processing {
                        offset,
                        since: now,
                        until: now.plus_millis(ms),
                    });
                    ctx.schedule_in(ms, RoutingEvent::Processed { partition });
                } else if !self.drained(partition) {
                    ctx.schedule_in(IDLE_POLL_MS, RoutingEvent::Wake { partition });
                }
            }
            RoutingEvent::Processed { partition } => {
                let p = partition as usize;
                let Some(Processing { offset, .. }) = self.busy[p].take() else {
                    return;
                };
                self.consumers[p].commit();
                if let Some(record) = self.logs[p].record(offset) {
                    let (entity, event) = (record.entity.clone(), record.event);
                    let order = entity
                        .strip_prefix("order-")
                        .and_then(|o| o.parse().ok())
                        .unwrap_or(0);
                    let finding = self.checker.observe(
                        &Observer::Group {
                            group_id: GROUP_ID.to_owned(),
                        },
                        &entity,
                        event.step(),
                        Position::new(partition, offset),
                        now,
                    );
                    let out_of_order = finding.is_some();
                    self.handled.push(Handled {
                        partition,
                        offset,
                        order,
                        event,
                        at: now,
                        out_of_order,
                    });
                }
                ctx.schedule_in(0, RoutingEvent::Wake { partition });
            }
        }
    }
}

/// The stream's outcome for `config` and `seed`: the run played to its end.
pub fn run_to_end(config: RoutingStreamConfig, seed: u64) -> RoutingStream {
    let mut sim = crate::sim::Sim::new(RoutingStream::new(config), seed);
    while sim.step() {}
    sim.model().clone()
}

mod caption;
mod link;

pub use caption::{RoutingCaption, Stick, StreamRoute};
pub use link::{
    PlacementChoice, RoutingParams, DEFAULT_HISTOGRAM_KEYS, DEFAULT_KEY, HISTOGRAM_KEYS_RANGE,
    MAX_KEY_BYTES,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn run(config: RoutingStreamConfig, seed: u64) -> RoutingStream {
        run_to_end(config, seed)
    }

    fn config(partitions: u32, keys: StreamKeys) -> RoutingStreamConfig {
        RoutingStreamConfig {
            partitions,
            keys,
            batch_size: DEFAULT_BATCH_SIZE,
            linger_ms: DEFAULT_LINGER_MS,
        }
    }

    #[test]
    fn an_idle_poll_is_quiet_and_changes_nothing() {
        let mut quiet = 0;
        for seed in 0..20 {
            for keys in [
                StreamKeys::OrderId,
                StreamKeys::Null(KeylessStrategy::Sticky),
            ] {
                let sim = crate::sim::Sim::new(RoutingStream::new(config(3, keys)), seed);
                quiet += crate::sim::engine::assert_quiet_events_change_nothing(sim);
            }
        }
        assert!(quiet > 0, "the consumers start idle");
    }

    #[test]
    fn the_stream_is_every_order_through_every_step() {
        let all: Vec<(u32, OrderEvent)> = (0..STREAM_LEN).map(stream_record).collect();
        for order in STREAM_ORDERS {
            let steps: Vec<OrderEvent> = all
                .iter()
                .filter(|(o, _)| *o == order)
                .map(|(_, e)| *e)
                .collect();
            assert_eq!(steps, OrderEvent::ALL.to_vec());
        }
    }

    #[test]
    fn keyed_by_order_id_every_order_stays_in_order_for_any_seed_and_count() {
        for seed in 0..150u64 {
            let partitions = 1 + (seed as u32 * 7) % 12;
            let s = run(config(partitions, StreamKeys::OrderId), seed);
            assert_eq!(s.handled.len() as u32, STREAM_LEN, "seed {seed}");
            assert!(
                s.checker.violations().is_empty(),
                "seed {seed} n {partitions}"
            );
            for order in STREAM_ORDERS {
                let expected =
                    partition_for_key(KeyHasher::Murmur2, order_key(order).as_bytes(), partitions);
                for (i, p) in s.placed.iter().enumerate() {
                    if stream_record(i as u32).0 == order {
                        assert_eq!(*p, Some(expected));
                    }
                }
            }
        }
    }

    #[test]
    fn null_keys_spread_orders_and_some_seed_breaks_order_under_each_strategy() {
        for strategy in KeylessStrategy::ALL {
            let mut found = None;
            for seed in 0..200u64 {
                let s = run(config(3, StreamKeys::Null(strategy)), seed);
                assert_eq!(s.handled.len() as u32, STREAM_LEN);
                // Each partition's log alone is always in order.
                assert!(s
                    .checker
                    .violations()
                    .iter()
                    .all(|v| matches!(v.observer, Observer::Group { .. })));
                if s.reorders() > 0 {
                    found = Some(seed);
                    break;
                }
            }
            assert!(
                found.is_some(),
                "{strategy:?}: no seed broke per-order processing"
            );
        }
    }

    #[test]
    fn the_default_null_key_stream_shows_the_violation() {
        // What the scene opens with: the learner sees it without searching.
        for strategy in KeylessStrategy::ALL {
            let s = run(config(DEFAULT_PARTITIONS, StreamKeys::Null(strategy)), 42);
            assert!(s.reorders() > 0, "{strategy:?}");
            assert!(s.handled.iter().any(|h| h.out_of_order));
        }
    }

    #[test]
    fn every_record_is_stored_once_and_handled_once() {
        for seed in 0..100u64 {
            for keys in [
                StreamKeys::OrderId,
                StreamKeys::Null(KeylessStrategy::UniformSticky),
            ] {
                let cfg = RoutingStreamConfig {
                    partitions: 1 + seed as u32 % 5,
                    keys,
                    batch_size: 64 + (seed as u32 * 31) % 400,
                    linger_ms: (seed as u32 * 17) % 200,
                };
                let s = run(cfg, seed);
                let stored: u64 = s.logs.iter().map(|l| l.log_end_offset()).sum();
                assert_eq!(stored, u64::from(STREAM_LEN));
                assert_eq!(s.handled.len() as u32, STREAM_LEN);
                assert!(s.checker.duplicates() == 0);
                for (p, log) in s.logs.iter().enumerate() {
                    let placed = s.placed.iter().filter(|x| **x == Some(p as u32)).count() as u64;
                    assert_eq!(log.log_end_offset(), placed);
                }
            }
        }
    }
}
