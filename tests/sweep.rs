//! The seed sweep: every preset of every scene, run the way the app runs
//! it, over many seeds, with the scene's own invariants checked after its
//! events and at its end.
//!
//! Each run is an app link, read by the app's own parser; the scene is
//! built with the same constructor and played to the same ten-minute
//! horizon as in `src/ui/scene_player.rs`, and every message quotes the
//! link, so a failure opens in the browser as it is. Scenes whose model
//! draws no random numbers (group, replication, disk) take the learner's
//! actions or knobs from the seed instead, so their seeds are not all one
//! run.
//!
//! Presets built to break something (the producer's catastrophe, a naive
//! repartition, a goroutine per message, unclean leader election…) must
//! break it on a share of seeds, and their logs must still be well formed.
//!
//! `cargo test --test sweep -- --nocapture` prints a table per preset.
//! `SWEEP_SEEDS_PER_PRESET=N` runs N seeds of every preset instead of the
//! defaults below (`make sweep`); `SWEEP_FIRST_SEED=S` starts at seed S.

use kafka_ordering_lab::params::{parse_query, AppParams};
use kafka_ordering_lab::presets::ProducerPreset;
use kafka_ordering_lab::sim::assignor::Assignor;
use kafka_ordering_lab::sim::keyless::KeylessStrategy;
use kafka_ordering_lab::sim::log::PartitionLog;
use kafka_ordering_lab::sim::partitioner::{partition_for_key, KeyHasher};
use kafka_ordering_lab::sim::producer::Acks;
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::rng::Rng;
use kafka_ordering_lab::sim::scenes::disk::{Disk, CACHE_PAGES, PAGES, READ_AHEAD_PAGES};
use kafka_ordering_lab::sim::scenes::group::{Group, MemberState};
use kafka_ordering_lab::sim::scenes::log::{LogScene, SCRIPT};
use kafka_ordering_lab::sim::scenes::producer::{
    BatchState, ErrorCode, ProducerScene, SeqKind, Workload,
};
use kafka_ordering_lab::sim::scenes::rabbitmq::{
    RabbitScene, Remedy, Side, MESSAGES, ORDERS as RABBIT_ORDERS, PREFETCH,
};
use kafka_ordering_lab::sim::scenes::repartition::{
    key_hash, Repartition, Strategy, CHANGE_AT, NEW_TOPIC, OLD_TOPIC, ORDERS as REPARTITION_ORDERS,
};
use kafka_ordering_lab::sim::scenes::replication::{
    record_of as replication_record, ProduceOutcome, Replication,
};
use kafka_ordering_lab::sim::scenes::routing::{
    stream_record, RoutingStream, StreamKeys, STREAM_LEN,
};
use kafka_ordering_lab::sim::scenes::workers::{Mode, Workers, CHANNEL_CAPACITY, RECORDS};
use kafka_ordering_lab::sim::{Model, Sim, SimTime, Timeline};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The app's horizon and snapshot spacing (`src/ui/scene_player.rs`).
const HORIZON: SimTime = SimTime(10 * 60 * 1000);
const SNAPSHOT_EVERY: u64 = 16;
/// The issue's floor for the default run, over all presets together.
const MIN_TOTAL_SEEDS: u64 = 10_000;
/// The first seeds of each preset also go through the app's `Timeline`,
/// to prove the sweep plays exactly the run the app shows.
const TIMELINE_SEEDS: u64 = 2;

/// Whether the checks that walk whole logs run after this many events:
/// at every power of two, so densely while a log is short and rarely once
/// it is long, keeping a long run's checks a small multiple of the run.
/// The cheap checks run after every event, and all of them at the end.
fn full_check_due(events: u64) -> bool {
    events.is_power_of_two()
}

/// What the preset is built to show, and how often it did.
#[derive(Clone, Copy)]
struct Broke {
    what: &'static str,
    /// Seeds that showed it…
    seeds: u64,
    /// …of the seeds that could.
    of: u64,
    /// The least share, in percent, the preset must show it on: set below
    /// the share the sweep measured.
    floor: u64,
}

/// What one preset's sweep found.
struct Tally {
    scene: &'static str,
    preset: String,
    seeds: u64,
    /// `None` when the preset must never show a broken order, a
    /// duplicate or a lost record.
    broke: Option<Broke>,
    elapsed: Duration,
}

impl Tally {
    fn new(scene: &'static str, preset: impl Into<String>) -> Self {
        Tally {
            scene,
            preset: preset.into(),
            seeds: 0,
            broke: None,
            elapsed: Duration::ZERO,
        }
    }

    /// Counts one seed that could show `what`, and whether it did.
    fn broke_on(&mut self, what: &'static str, floor: u64, broke: bool) {
        let b = self.broke.get_or_insert(Broke {
            what,
            seeds: 0,
            of: 0,
            floor,
        });
        b.seeds += u64::from(broke);
        b.of += 1;
    }

    /// Whether the preset broke less often than its floor asks. A floor
    /// that asks for less than one seed is not checked: a short sweep (a
    /// few seeds per preset) checks the invariants only.
    fn below_floor(&self) -> bool {
        self.broke
            .is_some_and(|b| b.of * b.floor >= 100 && b.seeds * 100 < b.of * b.floor)
    }
}

/// Which seeds each preset runs.
#[derive(Clone, Copy)]
struct Seeds {
    first: u64,
    /// Set by `SWEEP_SEEDS_PER_PRESET`: replaces every default count.
    per_preset: Option<u64>,
}

impl Seeds {
    fn from_env() -> Self {
        let number = |name: &str| {
            std::env::var(name).ok().map(|v| {
                v.trim()
                    .parse::<u64>()
                    .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
            })
        };
        Seeds {
            first: number("SWEEP_FIRST_SEED").unwrap_or(0),
            per_preset: number("SWEEP_SEEDS_PER_PRESET"),
        }
    }

    fn range(self, default: u64) -> Range<u64> {
        self.first..self.first + self.per_preset.unwrap_or(default)
    }
}

/// The app's parameters for `link`, which must read without a message.
fn params(link: &str) -> AppParams {
    let (p, issues) = parse_query(link);
    assert!(issues.is_empty(), "{link}: {issues:?}");
    p
}

/// Plays `model` as the app does for `link`: every event due by the
/// horizon. `check` sees the model after the start and after every event,
/// with `full` set when [`full_check_due`] and at the end. The `index`-th
/// seed of a preset, if among the first few, is also built into the app's
/// `Timeline`, which must end on the same event and digest.
fn play<M: Model>(
    model: M,
    link: &str,
    seed: u64,
    index: u64,
    mut check: impl FnMut(&M, bool),
) -> Sim<M> {
    let app = (index < TIMELINE_SEEDS).then(|| model.clone());
    let mut sim = Sim::new(model, seed);
    check(sim.model(), true);
    while sim.next_event_time().is_some_and(|t| t <= HORIZON) {
        sim.step();
        check(sim.model(), full_check_due(sim.events_done()));
    }
    check(sim.model(), true);
    assert_eq!(
        sim.next_event_time(),
        None,
        "{link}: the run must be over by the horizon, where the app cuts it"
    );
    if let Some(model) = app {
        let mut timeline = Timeline::new(Sim::new(model, seed), HORIZON, SNAPSHOT_EVERY);
        timeline.seek(timeline.end());
        assert_eq!(timeline.end(), sim.now(), "{link}");
        assert_eq!(timeline.total_events(), sim.events_done(), "{link}");
        assert_eq!(timeline.current().digest(), sim.digest(), "{link}");
    }
    sim
}

/// The partition log's own invariants: offsets dense from the log start,
/// segments contiguous and named by their first offset, batches back to
/// back, a roll only when the next batch did not fit, the sparse index
/// exactly where `index.interval.bytes` puts it, and a fetch by offset
/// finding each record.
fn check_partition_log(log: &PartitionLog, what: &str) {
    let segments = log.segments();
    let config = log.config;
    assert!(!segments.is_empty(), "{what}: a log has an active segment");
    let mut next = log.log_start_offset();
    for (i, seg) in segments.iter().enumerate() {
        assert_eq!(seg.base_offset, next, "{what}: segment {i}'s base offset");
        let mut position = 0;
        for r in &seg.records {
            assert_eq!(r.offset, next, "{what}: offsets are dense");
            assert_eq!(r.position, position, "{what}: batches back to back");
            assert_eq!(log.record(r.offset), Some(r), "{what}: fetch {}", r.offset);
            position += r.batch_size_in_bytes;
            next += 1;
        }
        assert_eq!(seg.size_in_bytes, position, "{what}: segment {i}'s size");
        if seg.records.len() > 1 {
            assert!(
                seg.size_in_bytes <= config.segment_bytes,
                "{what}: segment {i} holds more than segment.bytes"
            );
        }
        if let Some(later) = segments.get(i + 1) {
            let first = later.records.first().map_or(0, |r| r.batch_size_in_bytes);
            assert!(
                !seg.records.is_empty()
                    && u64::from(seg.size_in_bytes) + u64::from(first)
                        > u64::from(config.segment_bytes),
                "{what}: segment {i} rolled while the next batch still fit"
            );
        }
        // `LogSegment.append`: an entry for a batch once more than
        // `index.interval.bytes` went in since the last entry.
        let mut since = 0;
        let mut expected = Vec::new();
        for (relative, r) in seg.records.iter().enumerate() {
            if since > config.index_interval_bytes {
                expected.push((relative as u32, r.position));
                since = 0;
            }
            since += r.batch_size_in_bytes;
        }
        let index: Vec<(u32, u32)> = seg
            .index
            .iter()
            .map(|e| (e.relative_offset, e.position))
            .collect();
        assert_eq!(index, expected, "{what}: segment {i}'s sparse index");
    }
    assert_eq!(next, log.log_end_offset(), "{what}: log end offset");
}

/// Findings in a sequence of (entity, step), counted as the order checker
/// counts them: a repeated step is a duplicate, a step below the highest
/// one seen is a reorder. Recounted here so the checker is checked too.
fn count_findings(seen: impl Iterator<Item = (String, u32)>) -> (usize, usize) {
    let mut steps: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    let (mut reorders, mut duplicates) = (0, 0);
    for (entity, step) in seen {
        let had = steps.entry(entity).or_default();
        if had.contains(&step) {
            duplicates += 1;
        } else if had.last().is_some_and(|&top| top > step) {
            reorders += 1;
        }
        had.insert(step);
    }
    (reorders, duplicates)
}

fn log_findings(log: &PartitionLog) -> (usize, usize) {
    count_findings(log.records().map(|r| (r.entity.clone(), r.event.step())))
}

fn order_of(entity: &str) -> u32 {
    entity
        .strip_prefix("order-")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{entity:?} is not an order key"))
}

// ---------------------------------------------------------------- log

/// The chapter's script, appended in order; a consumer that reads, handles
/// and commits it in offset order.
fn sweep_log(preset: &str, link_for: impl Fn(u64) -> String, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("log", preset);
    for (index, seed) in seeds.enumerate() {
        let link = link_for(seed);
        let p = params(&link);
        let mut committed = 0;
        let scene = LogScene::new(p.log_scene_config());
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            let c = &s.consumer;
            let now_committed = c.committed_offset().unwrap_or(0);
            assert!(now_committed >= committed, "{link}: the commit went back");
            committed = now_committed;
            assert!(now_committed <= c.processed_up_to(), "{link}");
            assert!(c.processed_up_to() <= c.position(), "{link}");
            assert!(c.position() <= s.log.log_end_offset(), "{link}");
            assert_eq!(s.processed_at.len() as u64, c.processed_up_to(), "{link}");
            assert!(s.processed_at.windows(2).all(|w| w[0] <= w[1]), "{link}");
            assert!(s.checker.violations().is_empty(), "{link}");
            assert!(s.sent() <= SCRIPT.len(), "{link}");
            if full {
                check_partition_log(&s.log, &link);
            }
        });
        let s = sim.model();
        let written: Vec<(u32, OrderEvent)> = s
            .log
            .records()
            .map(|r| (order_of(&r.entity), r.event))
            .collect();
        assert_eq!(written, SCRIPT.to_vec(), "{link}: the log is the script");
        assert!(
            s.log
                .records()
                .all(|r| r.key.as_deref() == Some(r.entity.as_str())),
            "{link}: keyed by order"
        );
        assert_eq!(s.consumer.committed_offset(), Some(SCRIPT.len() as u64));
        assert!(s.in_flight.is_empty() && s.processing_since.is_none());
        tally.seeds += 1;
    }
    tally
}

// ------------------------------------------------------------ routing

/// Keyed by order id, an order lives in its murmur2 partition and keeps
/// its order; with a null key each partition's log is still in order, but
/// the group, across partitions, breaks it.
fn sweep_routing(preset: &str, link: &str, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("routing", preset);
    for (index, seed) in seeds.enumerate() {
        let link = format!("{link}&seed={seed}");
        let config = params(&link).routing_stream_config();
        let scene = RoutingStream::new(config);
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            for (p, log) in s.logs.iter().enumerate() {
                let c = &s.consumers[p];
                assert!(c.position() <= log.log_end_offset(), "{link}");
                if let Some((offset, _)) = s.busy[p] {
                    assert!(offset < c.position(), "{link}");
                }
                if full {
                    check_partition_log(log, &format!("{link} partition {p}"));
                }
            }
            let stored: u64 = s.logs.iter().map(PartitionLog::log_end_offset).sum();
            let flying: usize = s.in_flight.iter().map(|f| f.batch.records.len()).sum();
            assert!(stored + flying as u64 <= u64::from(s.produced), "{link}");
        });
        let s = sim.model();
        let mut handled = BTreeSet::new();
        for h in &s.handled {
            assert!(
                handled.insert((h.partition, h.offset)),
                "{link}: handled twice"
            );
            let r = s.logs[h.partition as usize]
                .record(h.offset)
                .expect("a handled record is in its log");
            assert_eq!((order_of(&r.entity), r.event), (h.order, h.event), "{link}");
        }
        assert_eq!(handled.len() as u32, STREAM_LEN, "{link}: all handled");
        for (i, placed) in s.placed.iter().enumerate() {
            let partition = placed.expect("every record was produced");
            let (order, event) = stream_record(i as u32);
            let held = s.logs[partition as usize]
                .records()
                .filter(|r| order_of(&r.entity) == order && r.event == event)
                .count();
            assert_eq!(held, 1, "{link}: record {i} stored once, where placed");
        }
        for log in &s.logs {
            assert_eq!(log_findings(log), (0, 0), "{link}: a partition's log");
        }
        let (reorders, duplicates) = count_findings(
            s.handled
                .iter()
                .map(|h| (format!("order-{}", h.order), h.event.step())),
        );
        assert_eq!(duplicates, 0, "{link}");
        assert_eq!(reorders, s.reorders(), "{link}: the checker's count");
        match config.keys {
            StreamKeys::OrderId => {
                assert_eq!(s.reorders(), 0, "{link}: keyed order broke");
                for (i, placed) in s.placed.iter().enumerate() {
                    let key = format!("order-{}", stream_record(i as u32).0);
                    let expected =
                        partition_for_key(KeyHasher::Murmur2, key.as_bytes(), config.partitions);
                    assert_eq!(*placed, Some(expected), "{link}: murmur2 placement");
                }
                assert!(s
                    .logs
                    .iter()
                    .flat_map(|l| l.records())
                    .all(|r| r.key.is_some()));
            }
            StreamKeys::Null(_) => {
                assert!(s
                    .logs
                    .iter()
                    .flat_map(|l| l.records())
                    .all(|r| r.key.is_none()));
                tally.broke_on("order broken across partitions", 75, s.reorders() > 0);
            }
        }
        tally.seeds += 1;
    }
    tally
}

// ----------------------------------------------------------- producer

/// What a producer preset's log must hold at the end, as workload indices.
enum ProducerLog {
    Exactly(&'static [u32]),
    /// Every record once, in send order.
    Complete,
    /// Structure only: the link's random faults decide the rest.
    Any,
}

struct ProducerSweep {
    name: &'static str,
    link: &'static str,
    log: ProducerLog,
    /// What the preset is built to show, and the least share of seeds.
    breaks: Option<(&'static str, u64)>,
    /// A line the sequence diagram must hold, as the preset file promises.
    diagram: Option<SeqKind>,
    seeds: u64,
}

/// The workload index of a log record.
fn workload_index(workload: Workload, entity: &str, event: OrderEvent) -> u32 {
    let order = order_of(entity);
    let index = match workload {
        Workload::Chapter => event.step() - 1,
        Workload::Stream { .. } => (order - 1000) * 4 + event.step() - 1,
    };
    assert!(index < workload.len(), "{entity} {event:?} is not sent");
    assert_eq!(workload.record(index), (order, event));
    index
}

/// Offsets dense from the log start, every record one the application
/// sent, duplicates marked where they are, acknowledged batches where
/// their answer says; an idempotent producer's log always every record
/// once in send order, and one request in flight never lets a record
/// overtake another.
fn sweep_producer(preset: &ProducerSweep, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("producer", preset.name);
    for (index, seed) in seeds.enumerate() {
        let link = format!("{}&seed={seed}", preset.link);
        let config = params(&link).producer_scene_config();
        let (workload, producer) = (config.workload, config.producer);
        let log_start = config.log_start_offset;
        let scene = ProducerScene::new(config).expect("a preset is a valid producer");
        let indices = |s: &ProducerScene| -> Vec<u32> {
            s.log
                .records()
                .map(|r| workload_index(workload, &r.entity, r.event))
                .collect()
        };
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            assert!(
                s.awaiting.len() <= producer.max_in_flight as usize,
                "{link}: more requests open than max.in.flight"
            );
            assert!(
                s.stats.acked_records + s.stats.failed_records <= s.stats.sent,
                "{link}"
            );
            if !full {
                return;
            }
            check_partition_log(&s.log, &link);
            assert_eq!(s.log.log_start_offset(), log_start, "{link}");
            let written = indices(s);
            assert!(written.iter().all(|&i| i < s.stats.sent), "{link}");
            let mut once = BTreeSet::new();
            let repeats: Vec<u64> = written
                .iter()
                .zip(log_start..)
                .filter(|(i, _)| !once.insert(**i))
                .map(|(_, offset)| offset)
                .collect();
            assert_eq!(s.duplicate_offsets, repeats, "{link}: duplicates marked");
            assert_eq!(
                log_findings(&s.log),
                (s.reorders(), s.duplicates()),
                "{link}: the checker's count"
            );
            if producer.enable_idempotence {
                let in_order: Vec<u32> = (0..written.len() as u32).collect();
                assert_eq!(written, in_order, "{link}: idempotent log");
                let last_seq = s.producer_state.as_ref().map_or(-1, |st| st.last_seq);
                assert_eq!(
                    i64::from(last_seq) + 1,
                    written.len() as i64,
                    "{link}: the broker's last sequence"
                );
            }
            if producer.max_in_flight == 1 {
                let mut seen = BTreeSet::new();
                let mut first = written.clone();
                first.retain(|i| seen.insert(*i));
                assert!(
                    first.windows(2).all(|w| w[0] < w[1]),
                    "{link}: a record overtook another with one request in flight"
                );
            }
            for b in &s.batches {
                if let BatchState::Acked { base_offset, .. } = b.state {
                    let from = (base_offset - log_start) as usize;
                    assert_eq!(
                        written.get(from..from + b.records.len()),
                        Some(b.records.as_slice()),
                        "{link}: batch {} is not where its answer says",
                        b.id
                    );
                }
            }
        });
        let s = sim.model();
        assert!(s.queue.is_empty() && s.awaiting.is_empty(), "{link}");
        for b in &s.batches {
            assert!(
                matches!(
                    b.state,
                    BatchState::Acked { .. }
                        | BatchState::ResolvedByLaterAck
                        | BatchState::Failed(_)
                        | BatchState::SentUnacknowledged
                ),
                "{link}: batch {} left {:?}",
                b.id,
                b.state
            );
        }
        if producer.acks != Acks::None {
            assert_eq!(
                s.stats.acked_records + s.stats.failed_records,
                s.stats.sent,
                "{link}: every record is acknowledged or failed"
            );
        }
        if producer.enable_idempotence || producer.max_in_flight == 1 {
            assert_eq!(s.reorders(), 0, "{link}");
        }
        let written = indices(s);
        match preset.log {
            ProducerLog::Exactly(expected) => assert_eq!(written, expected, "{link}"),
            ProducerLog::Complete => {
                let all: Vec<u32> = (0..workload.len()).collect();
                assert_eq!(written, all, "{link}: every record once, in order");
                assert_eq!(s.stats.acked_records, workload.len(), "{link}");
            }
            ProducerLog::Any => {}
        }
        if let Some(kind) = preset.diagram {
            assert!(
                s.diagram.iter().any(|e| e.kind == kind),
                "{link}: no {kind:?} in the diagram"
            );
        }
        if let Some((what, floor)) = preset.breaks {
            tally.broke_on(what, floor, s.reorders() + s.duplicates() > 0);
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------- repartition

/// Every record placed once and handled once; each partition's log in
/// order; an order's records only in its old or new partition; two-phase
/// never splits an order, a new topic is written only after the old one
/// is drained, and both keep every order's order.
fn sweep_repartition(strategy: Strategy, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("repartition", strategy.id());
    for (index, seed) in seeds.enumerate() {
        let link = format!("?scene=repartition&strategy={}&seed={seed}", strategy.id());
        let config = params(&link).repartition_config();
        let scene = Repartition::new(config);
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            for (i, lane) in s.lanes.iter().enumerate() {
                let c = &lane.consumer;
                assert!(c.position() <= lane.log.log_end_offset(), "{link}");
                if let Some((offset, _)) = lane.busy {
                    assert!(offset < c.position(), "{link}");
                }
                if full {
                    check_partition_log(&lane.log, &format!("{link} lane {i}"));
                }
            }
            if full {
                for (&(order, step), &(topic, partition, offset)) in &s.placements {
                    let lane = s
                        .lanes
                        .iter()
                        .find(|l| l.log.topic == topic && l.log.partition == partition)
                        .expect("a placement names a partition that exists");
                    let r = lane.log.record(offset).expect("a placement is in its log");
                    assert_eq!(
                        (order_of(&r.entity), r.event),
                        (order, OrderEvent::ALL[step as usize]),
                        "{link}: placement of order {order} step {step}"
                    );
                }
            }
        });
        let s = sim.model();
        let total = Repartition::total_records() as usize;
        assert_eq!(s.produced as usize, total, "{link}");
        assert!(s.buffered.is_empty(), "{link}");
        assert_eq!(s.placements.len(), total, "{link}: every record placed");
        let handled: BTreeSet<(&str, u32, u64)> = s
            .handled
            .iter()
            .map(|h| (h.topic, h.partition, h.offset))
            .collect();
        assert_eq!(handled.len(), total, "{link}: every record handled");
        assert_eq!(s.handled.len(), total, "{link}: none handled twice");
        assert_eq!(s.checker.duplicates(), 0, "{link}");
        for lane in &s.lanes {
            assert_eq!(log_findings(&lane.log), (0, 0), "{link}: a log in order");
        }
        let (from, to) = (config.from, config.to);
        for order in 1..=REPARTITION_ORDERS {
            let h = key_hash(order);
            let homes: BTreeSet<(&str, u32)> = (0..4)
                .map(|step| {
                    let (topic, partition, _) = s.placements[&(order, step)];
                    (topic, partition)
                })
                .collect();
            let allowed: BTreeSet<(&str, u32)> = match strategy {
                Strategy::NewTopic => [(OLD_TOPIC, h % from), (NEW_TOPIC, h % to)].into(),
                _ => [(OLD_TOPIC, h % from), (OLD_TOPIC, h % to)].into(),
            };
            assert!(
                homes.is_subset(&allowed),
                "{link}: order {order} in {homes:?}"
            );
            if strategy == Strategy::TwoPhase {
                assert_eq!(homes.len(), 1, "{link}: order {order} split");
            }
        }
        match strategy {
            Strategy::Naive => tally.broke_on("order broken", 90, s.reorders() > 0),
            Strategy::TwoPhase => {
                assert_eq!(s.reorders(), 0, "{link}: two-phase broke order");
                assert!(s.pinned.is_empty(), "{link}: a pin outlived its order");
            }
            Strategy::NewTopic => {
                assert_eq!(s.reorders(), 0, "{link}: the new topic broke order");
                assert_eq!(s.paused_at, Some(CHANGE_AT), "{link}");
                let switched = s.switched_at.expect("the producers switched");
                for lane in &s.lanes {
                    let old = lane.log.topic == OLD_TOPIC;
                    for r in lane.log.records() {
                        assert!(
                            if old {
                                r.timestamp <= CHANGE_AT
                            } else {
                                r.timestamp >= switched
                            },
                            "{link}: {} written at {:?}",
                            lane.log.topic,
                            r.timestamp
                        );
                    }
                }
                assert!(
                    s.handled
                        .iter()
                        .filter(|h| h.topic == OLD_TOPIC)
                        .all(|h| h.at <= switched),
                    "{link}: switched before the old topic was drained"
                );
            }
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------------- group

/// The learner's clicks for one seed, as the link writes them, and
/// whether one of them is a crash.
fn group_actions(seed: u64, members: u32) -> (String, bool) {
    let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0\0\0group"));
    let mut known = members;
    let mut crashed = false;
    let actions: Vec<String> = (0..rng.below(5))
        .map(|_| {
            let at = rng.between(300, 5700);
            let who = 1 + rng.below(u64::from(known));
            match rng.below(100) {
                0..=24 => {
                    known += 1;
                    format!("add@{at}")
                }
                25..=59 => format!("remove:consumer-{who}@{at}"),
                _ => {
                    crashed = true;
                    format!("crash:consumer-{who}@{at}")
                }
            }
        })
        .collect();
    (actions.join(","), crashed)
}

/// One group run: a partition is processed by its owner only, one record
/// at a time, never while paused, from its committed offset on; commits
/// never go back; nothing is handled out of order; with members left, the
/// group catches up and has handled every record; the idempotent handler
/// repeats nothing, and only a crash repeats anything.
fn run_group(link: &str, seed: u64, index: u64, crashed: bool) -> Group {
    let config = params(link).group_config();
    let mut committed: Vec<u64> = Vec::new();
    let mut busy: Vec<Option<(u32, u64)>> = Vec::new();
    let mut paused_ms = 0;
    let sim = play(Group::new(config.clone()), link, seed, index, |g, _| {
        let mut processing = BTreeSet::new();
        for (m, member) in g.members.iter().enumerate() {
            let Some((p, offset)) = member.busy else {
                continue;
            };
            let pi = p as usize;
            assert!(processing.insert(p), "{link}: two members on partition {p}");
            assert_eq!(member.state, MemberState::Active, "{link}");
            assert_eq!(
                g.owner[pi],
                Some(m as u32),
                "{link}: {} handles partition {p} it does not own",
                member.id
            );
            if busy.get(m).copied().flatten() != Some((p, offset)) {
                assert!(!g.paused[pi], "{link}: started on paused partition {p}");
                assert!(
                    (g.committed[pi]..g.log_end_offset[pi]).contains(&offset),
                    "{link}: record {p}/{offset} outside committed..log end"
                );
            }
        }
        busy = g.members.iter().map(|m| m.busy).collect();
        for p in 0..g.log_end_offset.len() {
            let before = committed.get(p).copied().unwrap_or(0);
            assert!(g.committed[p] >= before, "{link}: the commit went back");
            assert!(g.committed[p] <= g.position[p], "{link}: committed unread");
            assert!(g.position[p] <= g.log_end_offset[p], "{link}");
        }
        committed.clone_from(&g.committed);
        assert!(g.paused_ms >= paused_ms, "{link}");
        paused_ms = g.paused_ms;
    });
    let g = sim.model().clone();
    assert_eq!(g.checker.reorders(), 0, "{link}: a partition's order broke");
    assert_eq!(g.repeated.len(), g.duplicates(), "{link}");
    if config.idempotent {
        assert_eq!(g.duplicates(), 0, "{link}: the idempotent handler repeated");
    }
    if !crashed {
        assert_eq!(g.duplicates(), 0, "{link}: handled twice with no crash");
    }
    if g.active_members() > 0 {
        assert_eq!(g.committed, g.log_end_offset, "{link}: the group caught up");
        for (p, &leo) in g.log_end_offset.iter().enumerate() {
            let never: Vec<u64> = (0..leo)
                .filter(|&o| !g.processed_ids.contains(&(p as u32, o)))
                .collect();
            assert!(
                never.is_empty(),
                "{link}: partition {p} offsets {never:?} committed but never handled"
            );
        }
    }
    for (i, generation) in g.generations.iter().enumerate() {
        assert_eq!(generation.number as usize, i + 1, "{link}");
        assert!(
            generation
                .owners
                .iter()
                .flatten()
                .all(|id| g.members.iter().any(|m| &m.id == id)),
            "{link}: generation {} names a stranger",
            generation.number
        );
    }
    g
}

/// Each assignor on the same clicks, so the eager and cooperative
/// protocols of the sticky assignor can be compared run for run.
fn sweep_group(commit: &str, idempotent: bool, seeds: Range<u64>) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = Assignor::ALL
        .iter()
        .map(|a| {
            let name = format!(
                "{} commit={commit} idempotent={}",
                a.id(),
                u8::from(idempotent)
            );
            Tally::new("group", name)
        })
        .collect();
    let members = params("?scene=group").members;
    for (index, seed) in seeds.enumerate() {
        let (actions, crashed) = group_actions(seed, members);
        let mut eager = None;
        for (tally, assignor) in tallies.iter_mut().zip(Assignor::ALL) {
            let link = format!(
                "?scene=group&assignor={}&commit={commit}&idempotent={}&actions={actions}&seed={seed}",
                assignor.id(),
                u8::from(idempotent)
            );
            let g = run_group(&link, seed, index as u64, crashed);
            let moved: Vec<Vec<u32>> = g.generations.iter().map(|x| x.moved.clone()).collect();
            match assignor {
                Assignor::Sticky => eager = Some((moved, g.paused_ms)),
                Assignor::CooperativeSticky => {
                    // One assignment, two protocols: the same partitions
                    // move, and the cooperative one never waits longer.
                    let (eager_moved, eager_paused) = eager.take().expect("sticky ran first");
                    assert_eq!(moved, eager_moved, "{link}");
                    assert!(g.paused_ms <= eager_paused, "{link}: paused longer");
                }
                _ => {}
            }
            if !idempotent && crashed {
                // A commit after every batch leaves a narrow window.
                let floor = if commit == "auto" { 50 } else { 3 };
                tally.broke_on("handled twice after a crash", floor, g.duplicates() > 0);
            }
            tally.seeds += 1;
        }
    }
    tallies
}

// ------------------------------------------------------------ workers

/// Every record handled once; the low watermark never passes an
/// unfinished offset; channels stay within their capacity; a keyed pool
/// sends a key to its hash's worker only, and neither it nor one goroutine
/// ever reorders a key, while a goroutine per message does.
fn sweep_workers(preset: &str, link_for: impl Fn(u64) -> String, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("workers", preset);
    for (index, seed) in seeds.enumerate() {
        let link = link_for(seed);
        let config = params(&link).workers;
        let sim = play(
            Workers::new(config),
            &link,
            seed,
            index as u64,
            |s, full| {
                let lw = s.low_watermark();
                assert!(
                    (0..lw).all(|o| s.finished[o as usize].is_some()),
                    "{link}: the low watermark passed an unfinished offset"
                );
                assert!(
                    lw == s.position || s.finished[lw as usize].is_none(),
                    "{link}"
                );
                assert_eq!(s.handled.len() as u32, s.finished_count, "{link}");
                match config.mode {
                    Mode::Sequential => assert!(
                        s.handled
                            .last()
                            .is_none_or(|&o| o + 1 == s.handled.len() as u64),
                        "{link}: one goroutine out of offset order"
                    ),
                    Mode::PerMessage => assert!(
                        s.running.iter().all(|&o| s.finished[o as usize].is_none()),
                        "{link}"
                    ),
                    Mode::KeyedPool => {
                        let n = s.workers.len() as u32;
                        for (w, worker) in s.workers.iter().enumerate() {
                            assert!(
                                worker.queue.len() <= CHANNEL_CAPACITY,
                                "{link}: worker {w}'s channel over its capacity"
                            );
                            for &o in worker.queue.iter().chain(&worker.busy) {
                                let key = format!("order-{}", s.records[o as usize].order);
                                assert_eq!(
                                    config.hash.worker(key.as_bytes(), n),
                                    w as u32,
                                    "{link}: {key} on another worker than its hash's"
                                );
                            }
                        }
                    }
                }
                if full {
                    let unsafe_to_commit =
                        s.lost_if_crashed().len() + s.repeated_if_crashed().len();
                    assert_eq!(
                        unsafe_to_commit as u64,
                        s.position - lw,
                        "{link}: each offset above the low watermark is lost or repeated"
                    );
                }
            },
        );
        let s = sim.model();
        assert_eq!(s.finished_count, RECORDS, "{link}");
        let mut handled = s.handled.clone();
        handled.sort_unstable();
        assert_eq!(
            handled,
            (0..u64::from(RECORDS)).collect::<Vec<_>>(),
            "{link}"
        );
        assert_eq!(s.low_watermark(), u64::from(RECORDS), "{link}");
        let mut next_step = BTreeMap::new();
        for r in &s.records {
            let step = next_step.entry(r.order).or_insert(1);
            assert_eq!(r.step, *step, "{link}: an order's steps count up");
            *step += 1;
        }
        let (reorders, duplicates) = count_findings(s.handled.iter().map(|&o| {
            let r = s.records[o as usize];
            (format!("order-{}", r.order), r.step)
        }));
        assert_eq!(duplicates, 0, "{link}");
        assert_eq!(
            reorders,
            s.checker.reorders(),
            "{link}: the checker's count"
        );
        if config.mode == Mode::PerMessage {
            tally.broke_on("a key's order broken", 90, reorders > 0);
        } else {
            assert_eq!(reorders, 0, "{link}: a key's order broke");
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------- replication

/// The learner's broker actions for one seed, as the link writes them:
/// slow a follower or two, then crash brokers, now and then heal one. The
/// order matters for the story (a crash only loses what a slow follower
/// lacks), not for the link: the scene schedules them by time.
fn replica_actions(seed: u64) -> String {
    let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0replica"));
    let mut actions = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let (broker, at) = (1 + rng.below(3), rng.between(100, 3000));
        actions.push(format!("slow:{broker}@{at}"));
    }
    for _ in 0..1 + rng.below(2) {
        let (broker, at) = (1 + rng.below(3), rng.between(1000, 5900));
        actions.push(format!("crash:{broker}@{at}"));
    }
    if rng.below(4) == 0 {
        let (broker, at) = (1 + rng.below(3), rng.between(100, 5900));
        actions.push(format!("heal:{broker}@{at}"));
    }
    actions.join(",")
}

/// Replicas hold the leader's records at the leader's offsets, in epoch
/// order; every live replica is a prefix of the leader; the ISR holds the
/// high watermark, below which live replicas agree; `min.insync.replicas`
/// refuses acks=all writes only. A clean election loses nothing committed
/// and never cuts a committed record, and acks=all loses nothing
/// acknowledged, while acks=1 loses acknowledged writes in some
/// failovers; an unclean election loses committed records on some runs.
fn sweep_replication(acks: &str, unclean: bool, seeds: Range<u64>) -> Tally {
    let unclean_flag = u8::from(unclean);
    let mut tally = Tally::new("replication", format!("acks={acks} unclean={unclean_flag}"));
    for (index, seed) in seeds.enumerate() {
        let link = format!(
            "?scene=replication&acks={acks}&min-isr={}&unclean={unclean_flag}&replica-actions={}&seed={seed}",
            1 + seed % 3,
            replica_actions(seed)
        );
        let config = params(&link).replication_config();
        let mut high_watermark = 0;
        let mut epoch = 0;
        let mut answered = 0;
        let scene = Replication::new(config.clone());
        let sim = play(scene, &link, seed, index as u64, |r, _| {
            for replica in &r.replicas {
                let b = replica.broker;
                for (i, x) in replica.log.iter().enumerate() {
                    assert_eq!(x.offset, i as u64, "{link}: broker {b}'s offsets");
                }
                assert!(
                    replica.log.windows(2).all(|w| w[0].epoch <= w[1].epoch),
                    "{link}: broker {b}'s epochs go back"
                );
                assert!(replica.log.iter().all(|x| x.epoch <= r.leader_epoch));
            }
            for (i, c) in r.committed.iter().enumerate() {
                assert_eq!(c.offset, i as u64, "{link}: committed offsets");
            }
            assert_eq!(r.committed.len() as u64, r.high_watermark, "{link}");
            assert!(r.leader_epoch >= epoch, "{link}: the epoch went back");
            if !unclean || r.leader_epoch == epoch {
                assert!(
                    r.high_watermark >= high_watermark,
                    "{link}: the high watermark went back"
                );
            }
            (high_watermark, epoch) = (r.high_watermark, r.leader_epoch);
            for (message, outcome) in &r.outcomes[answered..] {
                if *outcome == ProduceOutcome::NotEnoughReplicas {
                    assert_eq!(config.acks, Acks::All, "{link}: message {message}");
                    assert!(
                        (r.isr.len() as u32) < config.min_isr,
                        "{link}: message {message} refused with the ISR at {:?}",
                        r.isr
                    );
                }
            }
            answered = r.outcomes.len();
            let Some(leader) = r.leader.filter(|&l| r.replica(l).alive) else {
                return;
            };
            let lead = &r.replica(leader).log;
            assert!(lead.len() as u64 >= r.high_watermark, "{link}");
            for x in r.replicas.iter().filter(|x| x.alive) {
                assert!(
                    lead.starts_with(&x.log),
                    "{link}: broker {} is not a prefix of the leader",
                    x.broker
                );
            }
            for &b in &r.isr {
                let held = r.replica(b).log_end_offset();
                assert!(held >= r.high_watermark, "{link}: ISR {b} below the HW");
            }
            for c in &r.committed {
                assert_eq!(lead.get(c.offset as usize), Some(c), "{link}: committed");
            }
            assert_eq!(r.differences(), 0, "{link}: live replicas differ");
        });
        let r = sim.model();
        let messages: BTreeSet<u32> = r.outcomes.iter().map(|(i, _)| *i).collect();
        assert_eq!(messages.len(), r.outcomes.len(), "{link}: one answer each");
        if unclean {
            // acks=all refuses the writes an unclean leader could lose while
            // min.insync.replicas (from the seed) is 2 or 3: rarer there.
            let floor = if config.acks == Acks::All { 1 } else { 3 };
            tally.broke_on("committed records lost", floor, !r.lost.is_empty());
        } else {
            assert!(r.lost.is_empty(), "{link}: a clean election lost records");
            for (broker, t) in &r.truncated {
                assert!(
                    !r.committed.contains(t),
                    "{link}: broker {broker} cut committed offset {}",
                    t.offset
                );
            }
            let live_leader = r.leader.filter(|&l| r.replica(l).alive);
            if let (Acks::Leader, Some(leader)) = (config.acks, live_leader) {
                let log = &r.replica(leader).log;
                let acked_lost = r
                    .outcomes
                    .iter()
                    .filter(|(_, o)| *o == ProduceOutcome::Acked)
                    .any(|(i, _)| {
                        let (order, event) = replication_record(*i);
                        !log.iter().any(|x| (x.order, x.event) == (order, event))
                    });
                tally.broke_on("acknowledged writes lost in a failover", 3, acked_lost);
            }
            if config.acks == Acks::All {
                for (i, _) in r
                    .outcomes
                    .iter()
                    .filter(|(_, o)| *o == ProduceOutcome::Acked)
                {
                    let (order, event) = replication_record(*i);
                    assert!(
                        r.committed
                            .iter()
                            .any(|c| (c.order, c.event) == (order, event)),
                        "{link}: acknowledged message {i} is not committed"
                    );
                }
            }
        }
        tally.seeds += 1;
    }
    tally
}

// ----------------------------------------------------------- rabbitmq

/// Both sides handle every message once; a prefetch window is never
/// exceeded; a single active consumer alone gets work, a consistent-hash
/// exchange and Kafka's partitions each route a key to one consumer, and
/// all three keep order, while competing consumers break it.
fn sweep_rabbitmq(remedy: Remedy, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("rabbitmq", remedy.id());
    for (index, seed) in seeds.enumerate() {
        let consumers = 1 + (seed % 8) as u32;
        let link = format!(
            "?scene=rabbitmq&consumers={consumers}&remedy={}&seed={seed}",
            remedy.id()
        );
        let p = params(&link);
        let route = |s: &RabbitScene, m: u32| {
            let key = format!("order-{}", s.messages[m as usize].0);
            partition_for_key(KeyHasher::Murmur2, key.as_bytes(), consumers) as usize
        };
        let scene = RabbitScene::new(p.rabbit_consumers, p.remedy);
        let sim = play(scene, &link, seed, index as u64, |s, _| {
            for (c, w) in s.rabbit.iter().enumerate() {
                let unacked = w.held.len() + usize::from(w.busy.is_some());
                assert!(unacked <= PREFETCH, "{link}: consumer {c} over prefetch");
                let all = w.held.iter().chain(&w.busy).chain(&w.handled);
                match remedy {
                    Remedy::SingleActiveConsumer if c > 0 => {
                        assert_eq!(all.count(), 0, "{link}: a waiting consumer got work");
                    }
                    Remedy::ConsistentHash => {
                        for &m in all {
                            assert_eq!(route(s, m), c, "{link}: message {m} misrouted");
                        }
                    }
                    _ => {}
                }
            }
            for (p, partition) in s.partitions.iter().enumerate() {
                assert!(s.positions[p] <= partition.len(), "{link}");
                for &m in partition {
                    assert_eq!(route(s, m), p, "{link}: message {m} in partition {p}");
                }
            }
        });
        let s = sim.model();
        for order in 1..=RABBIT_ORDERS {
            let steps: Vec<OrderEvent> = s
                .messages
                .iter()
                .filter(|(o, _)| *o == order)
                .map(|(_, e)| *e)
                .collect();
            assert_eq!(steps, OrderEvent::ALL, "{link}: order {order} published");
        }
        for side in [&s.rabbit, &s.kafka] {
            let mut handled: Vec<u32> = side.iter().flat_map(|w| w.handled.clone()).collect();
            handled.sort_unstable();
            assert_eq!(handled, (0..MESSAGES).collect::<Vec<_>>(), "{link}");
        }
        assert_eq!(s.violations(Side::Kafka), 0, "{link}: Kafka broke order");
        if remedy == Remedy::None && consumers > 1 {
            let broke = s.violations(Side::Rabbit) > 0;
            tally.broke_on("order broken by competing consumers", 90, broke);
        } else {
            assert_eq!(
                s.violations(Side::Rabbit),
                0,
                "{link}: RabbitMQ broke order"
            );
        }
        tally.seeds += 1;
    }
    tally
}

// --------------------------------------------------------------- disk

/// The cost model ranks sequential above random and one stream above
/// many, whatever the knobs; the page cache stays within its size and
/// reading forward misses about once per read-ahead window.
fn sweep_disk(device: &str, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("disk", device);
    for (index, seed) in seeds.enumerate() {
        let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0\0\0\0disk"));
        let link = format!(
            "?scene=disk&device={device}&record-bytes={}&streams={}&seed={seed}",
            rng.between(64, 1_048_576),
            rng.between(1, 64)
        );
        let p = params(&link);
        let (cost, bytes) = (p.cost, u64::from(p.record_bytes));
        assert!(
            cost.sequential_records_per_s(bytes) > cost.random_records_per_s(bytes),
            "{link}"
        );
        let share = cost.random_seek_share(bytes);
        assert!(share > 0.0 && share < 1.0, "{link}: seek share {share}");
        let one = cost.interleaved_streams_bytes_per_s(1);
        assert!(
            cost.interleaved_streams_bytes_per_s(p.streams) <= one,
            "{link}"
        );
        let sim = play(Disk::default(), &link, seed, index as u64, |d, _| {
            assert!(d.cache.len() <= CACHE_PAGES, "{link}: the cache overflowed");
            let pages: BTreeSet<u32> = d.cache.iter().copied().collect();
            assert_eq!(pages.len(), d.cache.len(), "{link}: a page cached twice");
            assert!(d.read <= d.written && d.written <= PAGES, "{link}");
            assert_eq!(d.hits + d.misses, d.read, "{link}");
            if d.read > 0 {
                assert!(d.cached(d.read - 1), "{link}: the page just read");
            }
        });
        let d = sim.model();
        assert_eq!(d.hits + d.misses, PAGES, "{link}");
        assert!(d.misses <= PAGES / (READ_AHEAD_PAGES + 1) + 2, "{link}");
        assert!(d.prefetched > 0, "{link}: read-ahead never helped");
        tally.seeds += 1;
    }
    tally
}

// ------------------------------------------------------------ the run

type Job = Box<dyn Fn() -> Vec<Tally> + Send + Sync>;

/// Every preset, with its default seed count: more where a run is cheap.
/// The costliest come first, so the threads finish together.
fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    let producer = [
        ProducerSweep {
            name: "chaos",
            link: "?scene=producer&preset=chaos",
            log: ProducerLog::Any,
            breaks: Some(("reordered or duplicated", 90)),
            diagram: None,
            seeds: 60,
        },
        ProducerSweep {
            name: "chaos, idempotence=1",
            link: "?scene=producer&preset=chaos&idempotence=1",
            log: ProducerLog::Complete,
            breaks: None,
            diagram: None,
            seeds: 60,
        },
        ProducerSweep {
            name: "catastrophe",
            link: "?scene=producer&preset=catastrophe",
            log: ProducerLog::Exactly(&[1, 0]),
            breaks: Some(("reordered", 100)),
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "idempotent",
            link: "?scene=producer&preset=idempotent",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: Some(SeqKind::Error {
                batch: 2,
                code: ErrorCode::OutOfOrderSequenceNumber,
            }),
            seeds: 500,
        },
        ProducerSweep {
            name: "inflight-1",
            link: "?scene=producer&preset=inflight-1",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "lost-ack",
            link: "?scene=producer&preset=lost-ack",
            log: ProducerLog::Exactly(&[0, 1, 0]),
            breaks: Some(("duplicated", 100)),
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "lost-ack, idempotence=1",
            link: "?scene=producer&preset=lost-ack&idempotence=1",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: Some(SeqKind::Duplicate {
                batch: 1,
                base_offset: 100,
            }),
            seeds: 500,
        },
    ];
    for preset in ProducerPreset::ALL {
        assert!(
            producer.iter().any(|p| p.name == preset.id()),
            "preset file {} is not swept",
            preset.id()
        );
    }
    for preset in producer {
        let name = format!("producer {}", preset.name);
        jobs.push((
            name,
            Box::new(move || vec![sweep_producer(&preset, seeds.range(preset.seeds))]),
        ));
    }
    for commit in ["auto", "manual"] {
        for idempotent in [false, true] {
            jobs.push((
                format!("group commit={commit} idempotent={idempotent}"),
                Box::new(move || sweep_group(commit, idempotent, seeds.range(100))),
            ));
        }
    }
    for acks in ["0", "1", "all"] {
        for unclean in [false, true] {
            jobs.push((
                format!("replication acks={acks} unclean={unclean}"),
                Box::new(move || vec![sweep_replication(acks, unclean, seeds.range(300))]),
            ));
        }
    }
    for strategy in Strategy::ALL {
        jobs.push((
            format!("repartition {}", strategy.id()),
            Box::new(move || vec![sweep_repartition(strategy, seeds.range(300))]),
        ));
    }
    for mode in Mode::ALL {
        let hashes: &[&str] = if mode == Mode::KeyedPool {
            &["fnv1a", "xxhash"]
        } else {
            &["fnv1a"]
        };
        for &hash in hashes {
            let preset = match mode {
                Mode::KeyedPool => format!("{} hash={hash}", mode.id()),
                _ => mode.id().to_owned(),
            };
            jobs.push((
                format!("workers {preset}"),
                Box::new(move || {
                    let link =
                        |seed| format!("?scene=workers&mode={}&hash={hash}&seed={seed}", mode.id());
                    vec![sweep_workers(&preset, link, seeds.range(200))]
                }),
            ));
        }
    }
    jobs.push((
        String::from("workers keyed-pool, knobs from the seed"),
        Box::new(move || {
            let link = |seed| {
                let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0workers"));
                format!(
                    "?scene=workers&mode=keyed-pool&hash={}&workers={}&skew={}&processing-ms={}&seed={seed}",
                    ["fnv1a", "xxhash"][rng.below(2) as usize],
                    rng.between(1, 64),
                    rng.between(0, 90),
                    rng.between(1, 100)
                )
            };
            vec![sweep_workers(
                "keyed-pool, W/skew/processing-ms from the seed",
                link,
                seeds.range(200),
            )]
        }),
    ));
    let routing = std::iter::once((
        String::from("keyed by order id"),
        String::from("?scene=routing"),
    ))
    .chain(KeylessStrategy::ALL.into_iter().map(|k| {
        (
            format!("null key, {}", k.id()),
            format!("?scene=routing&key-null=1&keyless={}", k.id()),
        )
    }));
    for (preset, link) in routing {
        jobs.push((
            format!("routing {preset}"),
            Box::new(move || vec![sweep_routing(&preset, &link, seeds.range(400))]),
        ));
    }
    for remedy in Remedy::ALL {
        jobs.push((
            format!("rabbitmq {}", remedy.id()),
            Box::new(move || vec![sweep_rabbitmq(remedy, seeds.range(300))]),
        ));
    }
    jobs.push((
        String::from("log default"),
        Box::new(move || {
            let link = |seed| format!("?scene=log&seed={seed}");
            vec![sweep_log(
                "segment.bytes=350 (default)",
                link,
                seeds.range(500),
            )]
        }),
    ));
    jobs.push((
        String::from("log segment.bytes from the seed"),
        Box::new(move || {
            let link = |seed| format!("?scene=log&segment-bytes={}&seed={seed}", 100 + seed % 1901);
            vec![sweep_log(
                "segment.bytes from the seed",
                link,
                seeds.range(500),
            )]
        }),
    ));
    for device in ["hdd", "nvme"] {
        jobs.push((
            format!("disk {device}"),
            Box::new(move || vec![sweep_disk(device, seeds.range(100))]),
        ));
    }
    jobs
}

#[test]
fn every_preset_of_every_scene_keeps_its_invariants_over_many_seeds() {
    let seeds = Seeds::from_env();
    let jobs = jobs(seeds);
    let next = AtomicUsize::new(0);
    let tallies = Mutex::new(Vec::new());
    let failed = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((name, job)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let clock = Instant::now();
                    // A broken invariant in one preset must not hide the
                    // others: its panic is printed, and the run goes on.
                    match catch_unwind(AssertUnwindSafe(job)) {
                        Ok(mut done) => {
                            let each = clock.elapsed() / done.len() as u32;
                            for t in &mut done {
                                t.elapsed = each;
                            }
                            tallies.lock().expect("unpoisoned").extend(done);
                        }
                        Err(_) => failed.lock().expect("unpoisoned").push(name.clone()),
                    }
                }
            });
        }
    });
    let mut tallies = tallies.into_inner().expect("unpoisoned");
    let failed = failed.into_inner().expect("unpoisoned");
    tallies.sort_by(|a, b| (a.scene, &a.preset).cmp(&(b.scene, &b.preset)));
    println!(
        "{:<12} {:<48} {:>6} {:>7}  what the preset is built to break (floor)",
        "scene", "preset", "seeds", "ms"
    );
    for t in &tallies {
        let broke = t.broke.map_or(String::from("-"), |b| {
            let share = b.seeds * 100 / b.of.max(1);
            format!(
                "{}: {} of {} ({share}%, floor {}%)",
                b.what, b.seeds, b.of, b.floor
            )
        });
        let ms = t.elapsed.as_millis();
        println!(
            "{:<12} {:<48} {:>6} {ms:>7}  {broke}",
            t.scene, t.preset, t.seeds
        );
    }
    let total: u64 = tallies.iter().map(|t| t.seeds).sum();
    println!(
        "{} presets, {total} seeds, {:.1} s on {threads} threads",
        tallies.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failed.is_empty(), "invariants broken in: {failed:?}");
    let below: Vec<String> = tallies
        .iter()
        .filter(|t| t.below_floor())
        .map(|t| format!("{} {}", t.scene, t.preset))
        .collect();
    assert!(
        below.is_empty(),
        "broke less often than their floor: {below:?}"
    );
    let scenes: BTreeSet<&str> = tallies.iter().map(|t| t.scene).collect();
    assert_eq!(scenes.len(), 9, "every scene is swept: {scenes:?}");
    if seeds.per_preset.is_none() {
        assert!(total >= MIN_TOTAL_SEEDS, "only {total} seeds");
    }
}
