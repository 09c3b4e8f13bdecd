//! Native throughput of the simulation core, run by `cargo bench --bench core`
//! (and by `make bench`, which puts its table into BENCHMARKS.md).
//!
//! It is a plain `main` rather than a bench framework: the figures are
//! records per second over a fixed workload, and milliseconds per seek on
//! the scrub bar, which `Instant` measures well enough; the table it prints
//! is the one BENCHMARKS.md shows. `make bench` keeps only the lines that
//! start with `|`, so everything goes into that one table.

use kafka_ordering_lab::params::{parse_query, SceneId};
use kafka_ordering_lab::scenes::Scene;
use kafka_ordering_lab::sim::checker::{Observer, OrderChecker, Position};
use kafka_ordering_lab::sim::consumer::Consumer;
use kafka_ordering_lab::sim::history::{HORIZON, MAX_SNAPSHOTS, SNAPSHOT_EVERY};
use kafka_ordering_lab::sim::log::{LogConfig, PartitionLog};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::rng::Rng;
use kafka_ordering_lab::sim::time::SimTime;
use kafka_ordering_lab::sim::{Model, Sim, Timeline};
use kafka_ordering_lab::{murmur2, partition_for_key, KeyHasher};
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, AtomicIsize, Ordering};
use std::time::{Duration, Instant};

/// The system allocator, counting the bytes it holds while `COUNTING` is
/// on: what a timeline keeps is the memory the app keeps for as long as a
/// scene is open. Off, it costs one load, so the throughput rows measure
/// the plain allocator.
struct CountingAllocator;

static COUNTING: AtomicBool = AtomicBool::new(false);
/// Bytes allocated minus bytes freed while counting: exact as long as
/// nothing allocated before counting began is freed before it ends.
static HELD_BYTES: AtomicIsize = AtomicIsize::new(0);

fn count(bytes: usize, sign: isize) {
    if COUNTING.load(Ordering::Relaxed) {
        let bytes = isize::try_from(bytes).unwrap_or(isize::MAX);
        HELD_BYTES.fetch_add(sign * bytes, Ordering::Relaxed);
    }
}

// SAFETY: every call is passed on unchanged to the system allocator; the
// counter only records sizes and never decides anything about memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let block = System.alloc(layout);
        if !block.is_null() {
            count(layout.size(), 1);
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        System.dealloc(block, layout);
        count(layout.size(), -1);
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let moved = System.realloc(block, layout, new_size);
        if !moved.is_null() {
            count(new_size, 1);
            count(layout.size(), -1);
        }
        moved
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const RECORDS: usize = 1_000_000;
/// Orders whose events are interleaved at any moment.
const IN_FLIGHT_ORDERS: usize = 10_000;
/// Distinct keys: one per order, four events each.
const ORDERS: usize = RECORDS / 4;
const PARTITIONS: u32 = 6;
const RUNS: usize = 5;
/// `max.poll.records`' default.
const MAX_POLL_RECORDS: u32 = 500;

/// Jumps on the scrub bar per scene, and the seed that places them.
const SEEKS: usize = 200;
const SEEK_SEED: u64 = 9;
/// Step-back runs: from this many places, this many steps back each, as
/// when ← is held down.
const STEP_BACK_PLACES: usize = 20;
const STEP_BACKS: usize = 10;

/// The median of `RUNS` timings of `work`, in seconds.
fn median_seconds(mut work: impl FnMut() -> usize) -> f64 {
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[RUNS / 2]
}

/// Each order's four events, in the order the shop emits them, with
/// `IN_FLIGHT_ORDERS` orders interleaved at a time: every key is a new
/// order, so a correct pipeline has no reorder and no duplicate.
fn workload(keys: &[String]) -> impl Iterator<Item = (&str, OrderEvent)> + '_ {
    let block = IN_FLIGHT_ORDERS * OrderEvent::ALL.len();
    (0..RECORDS).map(move |i| {
        let within = i % block;
        let order = (i / block) * IN_FLIGHT_ORDERS + within % IN_FLIGHT_ORDERS;
        let event = OrderEvent::ALL[within / IN_FLIGHT_ORDERS];
        (keys[order].as_str(), event)
    })
}

/// Routes every record by murmur2, appends it to its partition's log, then
/// has one consumer per partition poll and process it. With `check`, each
/// processed record also goes through the per-key order checker.
fn produce_log_consume(keys: &[String], check: bool) -> usize {
    let config = LogConfig {
        segment_bytes: 1_073_741_824,
        index_interval_bytes: 4096,
    };
    let mut logs: Vec<PartitionLog> = (0..PARTITIONS)
        .map(|p| PartitionLog::new("orders", p, config))
        .collect();
    for (i, (key, event)) in workload(keys).enumerate() {
        let partition = partition_for_key(KeyHasher::Murmur2, key.as_bytes(), PARTITIONS);
        logs[partition as usize].append(Some(key), key, event, SimTime::from_millis(i as u64));
    }
    let mut checker = OrderChecker::default();
    let mut processed = 0;
    for (partition, log) in (0..PARTITIONS).zip(&logs) {
        let mut consumer = Consumer::new("bench");
        let observer = Observer::Consumer {
            client_id: consumer.client_id.clone(),
        };
        while !consumer.poll(log, MAX_POLL_RECORDS).is_empty() {
            while let Some(offset) = consumer.process_next() {
                if check {
                    let record = log.record(offset).expect("a polled offset is in the log");
                    let position = Position::new(partition, offset);
                    checker.observe(
                        &observer,
                        &record.entity,
                        record.event.step(),
                        position,
                        record.timestamp,
                    );
                }
                processed += 1;
            }
            consumer.commit();
        }
    }
    assert_eq!(processed, RECORDS, "every produced record is consumed");
    assert!(checker.violations().is_empty(), "keyed routing keeps order");
    processed
}

fn main() {
    let keys: Vec<String> = (0..ORDERS).map(|i| format!("order-{i}")).collect();
    let key_bytes: usize = keys.iter().map(String::len).sum();

    let murmur_seconds = median_seconds(|| {
        let mut acc = 0i32;
        for (key, _) in workload(&keys) {
            acc ^= murmur2(black_box(key.as_bytes()));
        }
        acc as usize
    });
    let pipeline_seconds = median_seconds(|| produce_log_consume(&keys, false));
    let checked_seconds = median_seconds(|| produce_log_consume(&keys, true));

    let per_second = |seconds: f64| RECORDS as f64 / seconds;
    let hashed_bytes = key_bytes * OrderEvent::ALL.len();
    println!("| workload | median | more figures |");
    println!("|---|---|---|");
    println!(
        "| murmur2 over the {RECORDS} keys of the same workload (`order-0`…`order-{}`, four times each) | {:.1} ms of {RUNS} runs | {:.1} M keys/s, {:.0} MB/s |",
        ORDERS - 1,
        murmur_seconds * 1e3,
        per_second(murmur_seconds) / 1e6,
        hashed_bytes as f64 / murmur_seconds / 1e6,
    );
    println!(
        "| produce → log → consume: {RECORDS} keyed records, murmur2 over {PARTITIONS} partitions, `PartitionLog.append`, a consumer per partition polling {MAX_POLL_RECORDS} at a time and committing | {:.1} ms of {RUNS} runs | {:.2} M records/s |",
        pipeline_seconds * 1e3,
        per_second(pipeline_seconds) / 1e6,
    );
    println!(
        "| the same, with every consumed record through the per-key order checker | {:.1} ms of {RUNS} runs | {:.2} M records/s |",
        checked_seconds * 1e3,
        per_second(checked_seconds) / 1e6,
    );
    // Each scene's heaviest links, as the scene declares them
    // (`SceneLink::HEAVIEST`).
    for scene in SceneId::ALL {
        for (_, link) in scene.heaviest() {
            seek_row(link);
        }
    }
}

/// The scrub bar of one link, opened as the app opens it: the same model
/// settings from the same parameters, the same horizon and snapshot policy.
fn seek_row(link: &str) {
    let (params, issues) = parse_query(link);
    assert!(issues.is_empty(), "{link}: {issues:?}");
    let seed = params.seed;
    macro_rules! dispatch {
        ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
            match params.scene {
                $(SceneId::$variant => seek_figures(
                    || <$model as Scene>::build(&params).expect("the heaviest link is a valid configuration"),
                    seed,
                ),)*
            }
        };
    }
    let figures = kafka_ordering_lab::for_each_scene!(dispatch);
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "| seek in `{}` (`{link}`: {} events to {}): {SEEKS} jumps to seeded random times, alternating back and forth | {:.3} ms per seek | p95 {:.3} ms; step back {:.3} ms (p95 {:.3} ms); timeline built in {:.1} ms, {} snapshots (one per {} events, from one per {SNAPSHOT_EVERY}, at most {MAX_SNAPSHOTS}), {:.1} MB |",
        params.scene.id(),
        figures.events,
        figures.end,
        ms(figures.seek.median),
        ms(figures.seek.p95),
        ms(figures.step_back.median),
        ms(figures.step_back.p95),
        ms(figures.build),
        figures.snapshots,
        figures.every,
        figures.held_bytes as f64 / 1e6,
    );
}

struct Spread {
    median: Duration,
    p95: Duration,
}

fn spread(mut times: Vec<Duration>) -> Spread {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Spread {
        median: at(0.5),
        p95: at(0.95),
    }
}

struct SeekFigures {
    events: u64,
    end: SimTime,
    snapshots: usize,
    every: u64,
    /// Heap bytes the timeline holds once built.
    held_bytes: isize,
    /// Median of `RUNS` builds.
    build: Duration,
    seek: Spread,
    step_back: Spread,
}

fn seek_figures<M: Model>(model: impl Fn() -> M, seed: u64) -> SeekFigures {
    let build = || Timeline::new(Sim::new(model(), seed), HORIZON, SNAPSHOT_EVERY);
    let mut builds: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            black_box(build());
            start.elapsed()
        })
        .collect();
    builds.sort();
    HELD_BYTES.store(0, Ordering::Relaxed);
    COUNTING.store(true, Ordering::Relaxed);
    let mut timeline = build();
    COUNTING.store(false, Ordering::Relaxed);
    let held_bytes = HELD_BYTES.load(Ordering::Relaxed);

    let end = timeline.end().as_millis();
    let mut rng = Rng::new(SEEK_SEED);
    let seeks = (0..SEEKS)
        .map(|i| {
            let now = timeline.now().as_millis();
            let t = if i % 2 == 0 {
                rng.between(now, end)
            } else {
                rng.between(0, now)
            };
            let start = Instant::now();
            timeline.seek(SimTime(t));
            let took = start.elapsed();
            black_box(timeline.current().digest());
            took
        })
        .collect();
    let mut step_backs = Vec::with_capacity(STEP_BACK_PLACES * STEP_BACKS);
    for _ in 0..STEP_BACK_PLACES {
        timeline.seek(SimTime(rng.between(0, end)));
        for _ in 0..STEP_BACKS {
            let start = Instant::now();
            timeline.step_back();
            step_backs.push(start.elapsed());
            black_box(timeline.current().digest());
        }
    }
    SeekFigures {
        events: timeline.total_events(),
        end: timeline.end(),
        snapshots: timeline.snapshot_count(),
        every: timeline.snapshot_every(),
        held_bytes,
        build: builds[RUNS / 2],
        seek: spread(seeks),
        step_back: spread(step_backs),
    }
}
