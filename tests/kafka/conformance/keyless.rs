//! Keyless records: how a burst of null-key records from each client
//! spreads over the partitions, against `Client::keyless_rule`.

use crate::{field, numbers, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::sim::clients::{Client, KeylessRule};
use kafka_ordering_lab::sim::keyless::{Accumulator, KeylessStrategy};
use kafka_ordering_lab::sim::record::record_size_in_batch;
use kafka_ordering_lab::sim::rng::Rng;
use kafka_ordering_lab::sim::SimTime;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "keyless",
    plan,
    expected_cases,
    compare,
};

/// `linger.ms` far longer than the burst: a batch leaves only once full, so
/// where the Java client switches depends on bytes alone, not on this
/// machine's speed.
fn plan() -> Value {
    json!({
        "clients": ["java", "franz-go", "sarama", "kafka-go", "confluent-kafka-go"],
        "partitions": 6,
        "records": 600,
        "value_bytes": 100,
        "batch_size": 1024,
        "linger_ms": 1000,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    let n = plan["partitions"].as_u64().unwrap_or(0);
    strings(&plan["clients"])
        .iter()
        .map(|c| format!("keyless/{c}/p{n}"))
        .collect()
}

/// Indices where the partition differs from the record before.
fn changes(sequence: &[u64]) -> Vec<usize> {
    (1..sequence.len())
        .filter(|&i| sequence[i] != sequence[i - 1])
        .collect()
}

/// The most common distance between consecutive indices; the smaller one
/// on a tie.
fn usual_gap(at: &[usize]) -> Option<usize> {
    let mut counts = std::collections::BTreeMap::new();
    for w in at.windows(2) {
        *counts.entry(w[1] - w[0]).or_insert(0usize) += 1;
    }
    let most = counts.values().copied().max()?;
    counts
        .into_iter()
        .find(|(_, c)| *c == most)
        .map(|(gap, _)| gap)
}

/// Where the Java accumulator may move to another partition: the records
/// after which `BuiltInPartitioner.updatePartitionInfo` picks again. The
/// pick is random and may land on the same partition.
fn uniform_sticky_switches(
    records: usize,
    value_bytes: usize,
    batch_size: u32,
    n: u32,
) -> Vec<usize> {
    let value = vec![b'0'; value_bytes];
    let size = record_size_in_batch(None, &value);
    let mut acc = Accumulator::new(n, batch_size, Rng::new(0));
    let mut at = Vec::new();
    for i in 0..records {
        let a = acc.append_keyless(
            KeylessStrategy::UniformSticky,
            i as u32,
            size,
            SimTime::ZERO,
        );
        if a.picked_before && i > 0 {
            at.push(i);
        }
        if a.picked_after && i + 1 < records {
            at.push(i + 1);
        }
    }
    at
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(Client, u32, usize, u32, Vec<u64>), String> {
        let id = field(input, "client")?.as_str().unwrap_or_default();
        let client = Client::from_id(id).ok_or(format!("unknown client {id}"))?;
        let n = field(input, "partitions")?.as_u64().ok_or("partitions")? as u32;
        let value_bytes = field(input, "value_bytes")?.as_u64().ok_or("value_bytes")? as usize;
        let batch_size = field(input, "batch_size")?.as_u64().ok_or("batch_size")? as u32;
        let sequence = numbers(field(observed, "sequence")?);
        let records = field(input, "records")?.as_u64().ok_or("records")? as usize;
        if sequence.len() != records {
            return Err(format!(
                "{records} records sent, {} read back",
                sequence.len()
            ));
        }
        Ok((client, n, value_bytes, batch_size, sequence))
    };
    let (client, n, value_bytes, batch_size, sequence) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let records = sequence.len();
    let got = changes(&sequence);
    let mut counts = vec![0usize; n as usize];
    for &p in &sequence {
        if let Some(c) = counts.get_mut(p as usize) {
            *c += 1;
        }
    }
    let summary = format!(
        "{} changes of partition over {records} records, counts {counts:?}",
        got.len()
    );
    let rule = client.keyless_rule();
    let (sim, agree, why) = match rule {
        KeylessRule::UniformSticky => {
            // The pick after a stint is random and may repeat the partition,
            // and a batch that leaves before it is full ends a stint early,
            // so the comparison is the usual stint: the most common distance
            // between two changes, in Kafka and in the accumulator.
            let switches = uniform_sticky_switches(records, value_bytes, batch_size, n);
            let (kafka_stint, sim_stint) = (usual_gap(&got), usual_gap(&switches));
            (
                json!({"rule": "uniform-sticky", "may_change_at": switches, "usual_stint": sim_stint}),
                kafka_stint.is_some() && kafka_stint == sim_stint,
                {
                    let show = |s: Option<usize>| s.map_or("none".to_owned(), |n| n.to_string());
                    format!(
                        "usual stint: Kafka {} records, simulation {}",
                        show(kafka_stint),
                        show(sim_stint)
                    )
                },
            )
        }
        KeylessRule::RoundRobin => {
            let dealt = sequence
                .iter()
                .enumerate()
                .all(|(i, &p)| p == (sequence[0] + i as u64) % u64::from(n));
            (
                json!({"rule": "round-robin"}),
                dealt,
                if dealt {
                    "each record goes to the next partition".into()
                } else {
                    "not dealt in turn".to_owned()
                },
            )
        }
        KeylessRule::RandomPerRecord => {
            // A uniform pick changes partition with probability (n-1)/n; over
            // hundreds of records, fewer than half changing is far outside it.
            let enough = got.len() * 2 >= records && counts.iter().all(|&c| c > 0);
            (
                json!({"rule": "random-per-record"}),
                enough,
                if enough {
                    "a new random partition for nearly every record".into()
                } else {
                    "too few changes for a per-record random pick".to_owned()
                },
            )
        }
        KeylessRule::StickyForBytes(bytes) => {
            // One move per `bytes` sent at most: the burst's size in records
            // sets how many runs it can have.
            let size = record_size_in_batch(None, &vec![b'0'; value_bytes]) as usize;
            let per_run = (bytes as usize / size.max(1)).max(1);
            let most = records.div_ceil(per_run) - 1;
            (
                json!({"rule": format!("sticky for {bytes} bytes"), "most_changes": most}),
                got.len() <= most,
                format!("at most {most} change(s) when sticking for {bytes} bytes"),
            )
        }
        KeylessRule::StickyForMs { ms } => {
            // Time-based stickiness has no fixed count; a burst far shorter
            // than a second still shows long runs, not a change per record.
            let sticky = got.len() * 5 <= records;
            (
                json!({"rule": format!("sticky for {ms} ms")}),
                sticky,
                if sticky {
                    "records stay on one partition for long runs".into()
                } else {
                    "changes too often to be sticky".to_owned()
                },
            )
        }
    };
    Verdict::new(sim, agree, format!("{why}; {summary}"))
}
