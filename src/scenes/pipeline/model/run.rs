//! One run of the pipeline, stage by stage: the application's events, the
//! partitioner, the producers (the producer scene's model, one per service
//! and partition), the topic's log with its growth and its failover, then
//! the consumer group, its handler and the sink ([`super::group`]).
//!
//! Each stage is a pure function of the stage before it and of its own
//! child stream of the seed, so the same seed gives the same run, and a
//! run with one setting changed differs only where that setting acts.

use super::config::{KeyChoice, PipelineConfig};
use super::group::{consume, Delivery, Generation};
use crate::scenes::producer::model::{
    LinkConfig, Outage, ProducerScene, ProducerSceneConfig, Response, ScriptedRecord, Workload,
};
use crate::sim::clients::{Client, KeyedRoute, KeylessRule};
use crate::sim::keyless::{Accumulator, KeylessStrategy};
use crate::sim::producer::ProducerConfig;
use crate::sim::record::{record_size_in_batch, OrderEvent};
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use crate::sim::Sim;

pub const TOPIC: &str = "orders";
/// Orders in a run, each Created → Paid → Shipped → Delivered.
pub const ORDERS: u32 = 12;
/// Customers the orders belong to (order `o` to customer `o % 5 + 1`).
pub const CUSTOMERS: u32 = 5;
/// `batch.size`, scaled down from 16384 so that a batch holds a few
/// records and retries move whole batches on screen.
pub const BATCH_SIZE: u32 = 256;
/// One-way latency from producer to broker, and its jitter.
const LATENCY_MS: u32 = 20;
const JITTER_MS: u32 = 10;
/// How long after an append the followers have it and consumers may read
/// it (the high watermark moves on).
const REPLICATION_MS: u64 = 2;
/// The unclean election's pause: the controller picks the lagging replica
/// at once.
pub const ELECTION_MS: u32 = 20;
/// Without unclean election the partition stays offline until its old
/// leader comes back with its log (scaled down).
pub const RESTART_MS: u32 = 300;

const APP_STREAM: u64 = 1;
const PARTITIONER_STREAM: u64 = 2;
const PRODUCER_STREAM: u64 = 3;
pub(super) const GROUP_STREAM: u64 = 4;

/// The two services that produce an order's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Service {
    /// Sends Created and Paid.
    Checkout,
    /// Sends Shipped and Delivered.
    Warehouse,
}

impl Service {
    pub const ALL: [Service; 2] = [Service::Checkout, Service::Warehouse];

    pub fn id(self) -> &'static str {
        match self {
            Service::Checkout => "checkout",
            Service::Warehouse => "warehouse",
        }
    }

    pub fn of(step: u32) -> Service {
        if step <= 2 {
            Service::Checkout
        } else {
            Service::Warehouse
        }
    }

    pub fn client(self, config: &PipelineConfig) -> Client {
        match self {
            Service::Checkout => config.client,
            Service::Warehouse => config.warehouse_client,
        }
    }
}

/// One event the application sends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PRecord {
    pub id: u32,
    pub order: u32,
    pub step: u32,
    pub key: Option<String>,
    pub service: Service,
    pub sent_at: SimTime,
    /// The partition its client picked, and the partition count it saw.
    pub partition: u32,
    pub partitions_seen: u32,
    /// The client placed it without its key (a null key, or kafka-go's
    /// default balancer, which ignores keys).
    pub spread: bool,
}

impl PRecord {
    pub fn order_key(&self) -> String {
        order_key(self.order)
    }

    pub fn event(&self) -> OrderEvent {
        OrderEvent::ALL[(self.step as usize - 1).min(3)]
    }
}

pub fn order_key(order: u32) -> String {
    format!("order-{order}")
}

/// One record in a partition's log.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LogEntry {
    pub record: u32,
    pub partition: u32,
    pub offset: u64,
    pub appended_at: SimTime,
    /// The producer's batch (numbered per service and partition) and the
    /// attempt that wrote it: an attempt above 1 is a retry.
    pub batch: u32,
    pub attempt: u32,
    /// When consumers may fetch it; `None` for a record lost in the
    /// unclean election.
    pub visible_at: Option<SimTime>,
    /// Lost with the old leader: the new one never had it.
    pub truncated: bool,
}

/// What one producer (one service, one partition) went through.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerSummary {
    pub service: Service,
    pub partition: u32,
    pub batches: u32,
    /// Requests that came back with an error or no answer, and were retried.
    pub retries: u32,
}

/// The topic's growth: when the broker has the new partitions, and when
/// the producers and the group see them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Growth {
    pub from: u32,
    pub to: u32,
    pub at: SimTime,
    pub producers_see_at: SimTime,
    pub group_sees_at: SimTime,
}

/// Partition 0's leader failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Failover {
    pub at: SimTime,
    /// The follower had everything appended before this.
    pub follower_caught_up_at: SimTime,
    /// When partition 0 has a leader again.
    pub back_at: SimTime,
    pub unclean: bool,
}

/// One moment of the run, for the player and the narration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Sent { record: u32 },
    Appended { entry: u32 },
    Consumed { delivery: u32 },
    Handled { delivery: u32 },
    TopicGrows,
    ProducersSeeGrowth,
    LeaderFails,
    LeaderBack,
    MemberCrashes,
    Rebalanced { generation: u32 },
}

/// Throughput and latency, measured the same way for every run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Price {
    /// Records applied per second, from the first send to the last
    /// application.
    pub throughput: u64,
    /// Mean milliseconds from send to first application.
    pub mean_latency_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PipelineRun {
    pub config: PipelineConfig,
    pub records: Vec<PRecord>,
    pub log: Vec<LogEntry>,
    pub deliveries: Vec<Delivery>,
    pub producers: Vec<ProducerSummary>,
    pub generations: Vec<Generation>,
    pub growth: Option<Growth>,
    pub failover: Option<Failover>,
    pub crash_at: Option<SimTime>,
    pub trace: Vec<(SimTime, Step)>,
    pub findings: Vec<super::blame::Finding>,
    pub price: Price,
}

impl PipelineRun {
    /// A run with nothing in it yet: the model's state before it starts.
    pub fn empty(config: PipelineConfig) -> Self {
        PipelineRun {
            config,
            records: Vec::new(),
            log: Vec::new(),
            deliveries: Vec::new(),
            producers: Vec::new(),
            generations: Vec::new(),
            growth: None,
            failover: None,
            crash_at: None,
            trace: Vec::new(),
            findings: Vec::new(),
            price: Price::default(),
        }
    }
}

/// When the last event is sent: the run's other moments are fractions of it.
pub fn send_span(config: &PipelineConfig) -> u64 {
    let unit = 1000 / u64::from(config.rate.max(1));
    (4 * u64::from(ORDERS - 1) + 6 * 3 + 1) * unit.max(1)
}

/// The application: order `o` sends step `s` at `(4·o + 6·s)` ticks, plus
/// up to a tick of jitter, so about six orders are under way at once.
fn application(config: &PipelineConfig, rng: &mut Rng) -> Vec<(u32, u32, SimTime)> {
    let unit = (1000 / u64::from(config.rate.max(1))).max(1);
    let mut events: Vec<(u32, u32, SimTime)> = (1..=ORDERS)
        .flat_map(|o| (1..=4).map(move |s| (o, s)))
        .map(|(o, s)| {
            let ticks = 4 * u64::from(o - 1) + 6 * u64::from(s - 1);
            // From 1 ms: the run opens on nothing sent yet.
            (o, s, SimTime(1 + ticks * unit + rng.below(unit)))
        })
        .collect();
    // The jitter is below one tick and an order's steps are six ticks
    // apart, so sorting by time keeps each order's own sequence.
    crate::sim::sort::sort_by_key(&mut events, |&(o, s, t)| (t, o, s));
    events
}

fn key_bytes(key: KeyChoice, order: u32) -> Option<String> {
    match key {
        KeyChoice::Order => Some(order_key(order)),
        KeyChoice::Customer => Some(format!("customer-{}", order % CUSTOMERS + 1)),
        KeyChoice::None => None,
    }
}

/// A client's state for records it places without a key.
#[derive(Clone, Debug)]
enum Spreader {
    /// The Java producer's uniform sticky partitioner, as the keyless
    /// scene models it (`BuiltInPartitioner`, KIP-794).
    Uniform(Accumulator),
    /// franz-go's `StickyKeyPartitioner`: one partition for this many bytes.
    StickyBytes {
        partition: Option<u32>,
        bytes: u32,
        limit: u32,
    },
    /// A counter dealing partitions in turn, from the first: kafka-go's
    /// `RoundRobin.balance` takes `atomic.AddUint32(&rr.offset, 1) - 1`
    /// modulo the partitions (balancer.go).
    Counter(u32),
    /// A fresh random partition per record: sarama's `hashPartitioner`
    /// hands a nil key to its `randomPartitioner` (partitioner.go).
    Random,
}

impl Spreader {
    fn new(rule: KeylessRule, partitions: u32, rng: &Rng) -> Self {
        match rule {
            KeylessRule::UniformSticky => {
                Spreader::Uniform(Accumulator::new(partitions, BATCH_SIZE, rng.child(1)))
            }
            KeylessRule::StickyForBytes(limit) => Spreader::StickyBytes {
                partition: None,
                bytes: 0,
                limit,
            },
            KeylessRule::RoundRobin => Spreader::Counter(0),
            KeylessRule::RandomPerRecord | KeylessRule::StickyForMs { .. } => Spreader::Random,
        }
    }

    fn place(&mut self, partitions: u32, size: u32, id: u32, now: SimTime, rng: &mut Rng) -> u32 {
        let n = partitions.max(1);
        match self {
            Spreader::Uniform(acc) => {
                acc.append_keyless(KeylessStrategy::UniformSticky, id, size, now)
                    .partition
            }
            Spreader::StickyBytes {
                partition,
                bytes,
                limit,
            } => {
                if partition.is_none() || *bytes >= *limit {
                    *partition = Some(rng.below(u64::from(n)) as u32);
                    *bytes = 0;
                }
                *bytes += size;
                partition.unwrap_or(0) % n
            }
            Spreader::Counter(c) => {
                let p = *c % n;
                *c = c.wrapping_add(1);
                p
            }
            Spreader::Random => rng.below(u64::from(n)) as u32,
        }
    }
}

/// The growth's moments: the broker has the partitions at a quarter of the
/// sending; each client sees them at its next metadata refresh
/// (`metadata.max.age.ms`, `Metadata.timeToNextUpdate`), the producers a
/// little later, the group later still, after a rebalance.
fn growth(config: &PipelineConfig) -> Option<Growth> {
    let to = config.grown()?;
    let span = send_span(config);
    Some(Growth {
        from: config.partitions,
        to,
        at: SimTime(span / 4),
        producers_see_at: SimTime(span * 3 / 8),
        group_sees_at: SimTime(span * 5 / 8),
    })
}

/// Partition 0's leader dies half way; its one follower stopped fetching
/// at a tenth of the sending and fell out of the ISR. The controller's
/// `PartitionChangeBuilder.electAnyLeader` (as the replication scene
/// models it, `Replication::elect`) finds no live ISR replica; with
/// unclean election on it takes the first live replica anyway, whose log
/// ends where it stopped, and the records beyond are gone. Without it the
/// partition stays offline until the old leader comes back.
fn failover(config: &PipelineConfig) -> Option<Failover> {
    if !config.leader_fails {
        return None;
    }
    let span = send_span(config);
    let at = SimTime(span / 2);
    let down = if config.unclean {
        ELECTION_MS
    } else {
        RESTART_MS
    };
    Some(Failover {
        at,
        follower_caught_up_at: SimTime(span / 10),
        back_at: at.plus_millis(u64::from(down)),
        unclean: config.unclean,
    })
}

/// The partitioner: `service`'s client places each of its records
/// (`events` holds every record's order, step and send time, by id).
fn partition_records(
    config: &PipelineConfig,
    service: Service,
    events: &[(u32, u32, SimTime)],
    growth: Option<Growth>,
    rng: &Rng,
) -> Vec<PRecord> {
    let client = service.client(config);
    let mut draws = rng.child(service as u64);
    let spreader_rng = |n: u32| rng.child(16 + service as u64 * 64 + u64::from(n));
    let mut spread_over = config.partitions;
    let mut spreader = Spreader::new(
        client.keyless_rule(),
        spread_over,
        &spreader_rng(spread_over),
    );
    let mut mine: Vec<(usize, &(u32, u32, SimTime))> = events
        .iter()
        .enumerate()
        .filter(|(_, &(_, step, _))| Service::of(step) == service)
        .collect();
    crate::sim::sort::sort_by_key(&mut mine, |&(i, &(_, _, t))| (t, i));
    mine.into_iter()
        .map(|(i, &(order, step, sent_at))| {
            let n = match growth {
                Some(g) if sent_at >= g.producers_see_at => g.to,
                _ => config.partitions,
            };
            let key = key_bytes(config.key, order);
            let event = OrderEvent::ALL[step as usize - 1];
            let size =
                record_size_in_batch(key.as_deref().map(str::as_bytes), event.value().as_bytes());
            if spread_over != n {
                // The client rebuilds its view of the topic from the new
                // metadata.
                spread_over = n;
                spreader = Spreader::new(client.keyless_rule(), n, &spreader_rng(n));
            }
            let route = key.as_deref().map(|k| client.keyed_route(k.as_bytes(), n));
            let (partition, spread) = match route {
                Some(KeyedRoute::Partition(p)) => (p, false),
                Some(KeyedRoute::RoundRobin) | Some(KeyedRoute::AsKeyless) | None => {
                    (spreader.place(n, size, i as u32, sent_at, &mut draws), true)
                }
            };
            PRecord {
                id: i as u32,
                order,
                step,
                key,
                service,
                sent_at,
                partition,
                partitions_seen: n,
                spread,
            }
        })
        .collect()
}

/// What one producer wrote: each record's id, when, by which batch and
/// attempt, in the order of its own log.
struct Written {
    record: u32,
    appended_at: SimTime,
    batch: u32,
    attempt: u32,
    service: Service,
}

/// The producers: one per service and partition, each the producer
/// scene's model (accumulator, sender, in-flight requests, retries,
/// idempotence, faults on the wire) given that partition's records, with
/// the settings the service's client takes ([`Client::fixed_producer`]:
/// kafka-go takes neither of the two) and the batches it puts in flight
/// per partition ([`Client::one_batch_in_flight_per_partition`]: one for
/// kafka-go and sarama). The model gives each partition its own
/// connection, as if each partition's leader were a broker of its own, so
/// a connection's in-flight limit is the partition's.
fn produce(
    config: &PipelineConfig,
    service: Service,
    records: &[PRecord],
    partitions: u32,
    failover: Option<Failover>,
    rng: &Rng,
    out: &mut Produced,
) {
    {
        for partition in 0..partitions {
            let mine: Vec<&PRecord> = records
                .iter()
                .filter(|r| r.service == service && r.partition == partition)
                .collect();
            if mine.is_empty() {
                continue;
            }
            let outages = match failover {
                Some(f) if partition == 0 => vec![Outage {
                    at: f.at,
                    ms: (f.back_at.as_millis() - f.at.as_millis()) as u32,
                }],
                _ => Vec::new(),
            };
            let client = service.client(config);
            let fixed = client.fixed_producer();
            let scene_config = ProducerSceneConfig {
                producer: ProducerConfig {
                    batch_size: BATCH_SIZE,
                    linger_ms: config.linger_ms,
                    max_in_flight: if client.one_batch_in_flight_per_partition() {
                        1
                    } else {
                        config.max_in_flight
                    },
                    enable_idempotence: fixed.map_or(config.idempotence, |f| f.idempotence),
                    ..ProducerConfig::default()
                },
                link: LinkConfig {
                    latency_ms: LATENCY_MS,
                    jitter_ms: JITTER_MS,
                    chaos_per_mille: config.faults_per_mille,
                },
                workload: Workload::Chapter,
                // The broker already knows these producers (they wrote
                // before this run), so their sequences are checked from
                // the first batch on.
                log_start_offset: 1,
                known_producer: true,
                faults: Vec::new(),
                outages,
                script: mine
                    .iter()
                    .map(|r| ScriptedRecord {
                        order: r.order,
                        event: r.event(),
                        at: r.sent_at,
                    })
                    .collect(),
            };
            // The settings are kept in their valid ranges, so the producer
            // always starts; were one refused, its records would be lost,
            // and the checker would say so.
            let Ok(scene) = ProducerScene::new(scene_config) else {
                continue;
            };
            let stream = service as u64 * 64 + u64::from(partition);
            let mut sim = Sim::new(scene, rng.child(stream).next_u64());
            while sim.step() {}
            let scene = sim.model();
            let mut writes: Vec<(u64, Written)> = Vec::new();
            let mut retries = 0;
            for req in &scene.requests {
                if req.attempt > 1 {
                    retries += 1;
                }
                // The producer heard that the batch is written: the
                // application's send callback runs.
                if let (Some(Response::Written { .. }), false, Some(at)) =
                    (req.response, req.abandoned, req.answered_at)
                {
                    for &index in &scene.batch(req.batch).records {
                        let acked = &mut out.acked_at[mine[index as usize].id as usize];
                        *acked = Some(acked.map_or(at, |a: SimTime| a.min(at)));
                    }
                }
                if let (
                    Some(Response::Written {
                        base_offset,
                        duplicate: false,
                    }),
                    false,
                ) = (req.response, req.lost)
                {
                    let batch = scene.batch(req.batch);
                    for (k, &index) in batch.records.iter().enumerate() {
                        let offset = base_offset + k as u64;
                        let appended_at = scene
                            .log
                            .record(offset)
                            .map_or(req.arrives_at, |r| r.timestamp);
                        writes.push((
                            offset,
                            Written {
                                record: mine[index as usize].id,
                                appended_at,
                                batch: req.batch,
                                attempt: req.attempt,
                                service,
                            },
                        ));
                    }
                }
            }
            crate::sim::sort::sort_by_key(&mut writes, |(o, _)| *o);
            out.by_partition[partition as usize].extend(writes.into_iter().map(|(_, w)| w));
            out.summaries.push(ProducerSummary {
                service,
                partition,
                batches: scene.batches.len() as u32,
                retries,
            });
        }
    }
}

/// What the producers wrote, per partition, and when each record's send
/// callback heard it was written.
struct Produced {
    by_partition: Vec<Vec<Written>>,
    summaries: Vec<ProducerSummary>,
    acked_at: Vec<Option<SimTime>>,
}

/// The topic: each partition's log, the two services' writes in the order
/// the leader appended them. With an unclean election the records the
/// lagging follower never had are gone, and the new leader gives their
/// offsets to the records that come after.
fn topic(written: Vec<Vec<Written>>, failover: Option<Failover>) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for (partition, mut writes) in written.into_iter().enumerate() {
        let partition = partition as u32;
        crate::sim::sort::sort_by_key(&mut writes, |w| (w.appended_at, w.service));
        let mut next = 0u64;
        let mut lost_from: Option<u64> = None;
        for w in writes {
            let lagging = failover.filter(|f| {
                partition == 0 && w.appended_at > f.follower_caught_up_at && w.appended_at <= f.at
            });
            let after_failure = failover.is_some_and(|f| partition == 0 && w.appended_at > f.at);
            if after_failure {
                if let Some(from) = lost_from.take() {
                    // The new leader's log ends where the follower's did.
                    next = from;
                }
            }
            let (visible_at, truncated) = match lagging {
                Some(f) if f.unclean => {
                    lost_from.get_or_insert(next);
                    (None, true)
                }
                // The consumers of partition 0 were as far behind as the
                // follower: they read these only once the leader is back.
                Some(f) => (Some(f.back_at.plus_millis(REPLICATION_MS)), false),
                None => (Some(w.appended_at.plus_millis(REPLICATION_MS)), false),
            };
            log.push(LogEntry {
                record: w.record,
                partition,
                offset: next,
                appended_at: w.appended_at,
                batch: w.batch,
                attempt: w.attempt,
                visible_at,
                truncated,
            });
            next += 1;
        }
    }
    log
}

/// Records per second and mean latency, from the sink's applications.
fn price(records: &[PRecord], log: &[LogEntry], deliveries: &[Delivery]) -> Price {
    let mut first_applied: Vec<Option<SimTime>> = vec![None; records.len()];
    for d in deliveries.iter().filter(|d| d.outcome.applied()) {
        let r = log[d.entry as usize].record as usize;
        let t = first_applied[r].get_or_insert(d.done_at);
        *t = (*t).min(d.done_at);
    }
    let applied: Vec<(SimTime, SimTime)> = records
        .iter()
        .zip(&first_applied)
        .filter_map(|(r, a)| a.map(|a| (r.sent_at, a)))
        .collect();
    let Some(last) = applied.iter().map(|&(_, a)| a).max() else {
        return Price::default();
    };
    let first = records
        .iter()
        .map(|r| r.sent_at)
        .min()
        .unwrap_or(SimTime::ZERO);
    let span = last.as_millis().saturating_sub(first.as_millis()).max(1);
    let latency: u64 = applied
        .iter()
        .map(|&(s, a)| a.as_millis().saturating_sub(s.as_millis()))
        .sum();
    Price {
        throughput: applied.len() as u64 * 1000 / span,
        mean_latency_ms: latency / applied.len() as u64,
    }
}

/// The whole run for `config` on the stream `rng` (the world's, as it is
/// before any draw: `Rng::new(seed)`).
pub fn run_pipeline(config: &PipelineConfig, rng: &Rng) -> PipelineRun {
    let config = config.clamped();
    let events = application(&config, &mut rng.child(APP_STREAM));
    let growth = growth(&config);
    let failover = failover(&config);
    let partitions = growth.map_or(config.partitions, |g| g.to);
    let (partitioner_rng, producer_rng) =
        (rng.child(PARTITIONER_STREAM), rng.child(PRODUCER_STREAM));
    let mut produced = Produced {
        by_partition: (0..partitions).map(|_| Vec::new()).collect(),
        summaries: Vec::new(),
        acked_at: vec![None; events.len()],
    };
    let checkout = partition_records(
        &config,
        Service::Checkout,
        &events,
        growth,
        &partitioner_rng,
    );
    produce(
        &config,
        Service::Checkout,
        &checkout,
        partitions,
        failover,
        &producer_rng,
        &mut produced,
    );
    // The warehouse ships an order once checkout's Paid is written (its
    // send callback came back): causality between the two services, which
    // Kafka knows nothing of.
    let unit = (1000 / u64::from(config.rate.max(1))).max(1);
    let mut events = events;
    for r in checkout.iter().filter(|r| r.step == 2) {
        let paid_at = produced.acked_at[r.id as usize].unwrap_or(r.sent_at);
        let mut earliest = paid_at.plus_millis(1);
        for step in 3..=4 {
            if let Some(e) = events.iter_mut().find(|e| e.0 == r.order && e.1 == step) {
                e.2 = e.2.max(earliest);
                earliest = e.2.plus_millis(6 * unit);
            }
        }
    }
    let warehouse = partition_records(
        &config,
        Service::Warehouse,
        &events,
        growth,
        &partitioner_rng,
    );
    produce(
        &config,
        Service::Warehouse,
        &warehouse,
        partitions,
        failover,
        &producer_rng,
        &mut produced,
    );
    let mut records: Vec<PRecord> = checkout.into_iter().chain(warehouse).collect();
    crate::sim::sort::sort_by_key(&mut records, |r| r.id);
    let producers = produced.summaries;
    let log = topic(produced.by_partition, failover);
    let consumed = consume(&config, &records, &log, growth, &rng.child(GROUP_STREAM));
    let price = price(&records, &log, &consumed.deliveries);
    let mut trace: Vec<(SimTime, Step)> = Vec::new();
    trace.extend(
        records
            .iter()
            .map(|r| (r.sent_at, Step::Sent { record: r.id })),
    );
    trace.extend(
        log.iter()
            .enumerate()
            .map(|(i, e)| (e.appended_at, Step::Appended { entry: i as u32 })),
    );
    for (i, d) in consumed.deliveries.iter().enumerate() {
        trace.push((d.consumed_at, Step::Consumed { delivery: i as u32 }));
        trace.push((d.done_at, Step::Handled { delivery: i as u32 }));
    }
    if let Some(g) = growth {
        trace.push((g.at, Step::TopicGrows));
        trace.push((g.producers_see_at, Step::ProducersSeeGrowth));
    }
    if let Some(f) = failover {
        trace.push((f.at, Step::LeaderFails));
        trace.push((f.back_at, Step::LeaderBack));
    }
    if let Some(at) = consumed.crash_at {
        trace.push((at, Step::MemberCrashes));
    }
    for (i, g) in consumed.generations.iter().enumerate().skip(1) {
        trace.push((
            g.at,
            Step::Rebalanced {
                generation: i as u32,
            },
        ));
    }
    // Stable: at one instant a record is sent before it is appended,
    // consumed before it is handled.
    crate::sim::sort::sort_by_key(&mut trace, |&(t, _)| t);
    let mut run = PipelineRun {
        config,
        records,
        log,
        deliveries: consumed.deliveries,
        producers,
        generations: consumed.generations,
        growth,
        failover,
        crash_at: consumed.crash_at,
        trace,
        findings: Vec::new(),
        price,
    };
    run.findings = super::blame::findings(&run, &consumed.checker);
    run
}
