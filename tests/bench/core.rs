//! Native throughput of the simulation core, run by `cargo bench --bench core`
//! (and by `make bench`, which puts its table into BENCHMARKS.md).
//!
//! It is a plain `main` rather than a bench framework: the figures are
//! records per second over a fixed workload, which `Instant` measures well
//! enough, and the table it prints is the one BENCHMARKS.md shows.

use kafka_ordering_lab::sim::checker::{Observer, OrderChecker, Position};
use kafka_ordering_lab::sim::consumer::Consumer;
use kafka_ordering_lab::sim::log::{LogConfig, PartitionLog};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::time::SimTime;
use kafka_ordering_lab::{murmur2, partition_for_key, KeyHasher};
use std::hint::black_box;
use std::time::Instant;

const RECORDS: usize = 1_000_000;
/// Orders whose events are interleaved at any moment.
const IN_FLIGHT_ORDERS: usize = 10_000;
/// Distinct keys: one per order, four events each.
const ORDERS: usize = RECORDS / 4;
const PARTITIONS: u32 = 6;
const RUNS: usize = 5;
/// `max.poll.records`' default.
const MAX_POLL_RECORDS: u32 = 500;

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
    println!("| workload | median of {RUNS} runs | throughput |");
    println!("|---|---|---|");
    println!(
        "| murmur2 over the {RECORDS} keys of the same workload (`order-0`…`order-{}`, four times each) | {:.1} ms | {:.1} M keys/s, {:.0} MB/s |",
        ORDERS - 1,
        murmur_seconds * 1e3,
        per_second(murmur_seconds) / 1e6,
        hashed_bytes as f64 / murmur_seconds / 1e6,
    );
    println!(
        "| produce → log → consume: {RECORDS} keyed records, murmur2 over {PARTITIONS} partitions, `PartitionLog.append`, a consumer per partition polling {MAX_POLL_RECORDS} at a time and committing | {:.1} ms | {:.2} M records/s |",
        pipeline_seconds * 1e3,
        per_second(pipeline_seconds) / 1e6,
    );
    println!(
        "| the same, with every consumed record through the per-key order checker | {:.1} ms | {:.2} M records/s |",
        checked_seconds * 1e3,
        per_second(checked_seconds) / 1e6,
    );
}
