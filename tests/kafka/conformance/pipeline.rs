//! The pipeline scene end to end, for the presets whose breaking stage is
//! the partitioner or the topic: the happy path, kafka-go's key-ignoring
//! default balancer, two services hashing differently, and a partition
//! increase. The Go harness sends each preset's own events (the records
//! `run_pipeline` scripts, with their keys) through the real clients the
//! preset names, grows the topic where the preset does, reads every
//! partition back and applies it to a sink like the scene's database.
//!
//! What it checks: every record sits in the partition the scene's witness
//! shows; every order the scene blames on the partitioner or the topic has
//! its events in more than one partition on the broker; and every order
//! whose events share one partition is applied in order, with nothing
//! refused or repeated, as the scene says.
//!
//! The other four presets break later stages, each run on the broker by
//! its own area: a producer retry behind a fault (producer), a rebalance
//! without a commit (crash), and an unclean election (replication); a
//! goroutine per message is the Go scheduler's order, not Kafka's.

use crate::{field, named_cases, numbers, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::pipeline::model::{run_seed, Cause, Preset, Service};
use kafka_ordering_lab::sim::clients::Client;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

pub const AREA: Area = Area {
    name: "pipeline",
    plan,
    expected_cases,
    compare,
};

const PRESETS: [Preset; 4] = [
    Preset::Happy,
    Preset::Keyless,
    Preset::HashMismatch,
    Preset::PartitionIncrease,
];

/// The Go harness has no Java client: franz-go plays the Java service,
/// whose default keyed partitioner is Java's murmur2 (the routing area
/// checks both on the same keys), and which is idempotent by default too.
fn played_by(client: Client) -> &'static str {
    match client {
        Client::Java => Client::FranzGo.id(),
        c => c.id(),
    }
}

/// The causes a partition's placement decides, which this area can see.
fn placement_cause(cause: Cause) -> bool {
    matches!(
        cause,
        Cause::Keyless | Cause::HashMismatch | Cause::PartitionIncrease
    )
}

fn plan() -> Value {
    let cases: Vec<Value> = PRESETS
        .iter()
        .map(|&preset| {
            let config = preset.config();
            let run = run_seed(&config, preset.seed());
            // Each service sends its own events in its own order, as the
            // scene's producers do; before the growth the services go one
            // after the other, so an order's Created and Paid reach a
            // shared partition before its Shipped and Delivered, as in the
            // scene, whatever this machine's timing.
            let mut records: Vec<_> = run.records.iter().collect();
            records.sort_by_key(|r| {
                (
                    r.partitions_seen != config.partitions,
                    r.service,
                    r.sent_at,
                    r.id,
                )
            });
            json!({
                "name": preset.id(),
                "preset": preset.id(),
                "seed": preset.seed(),
                "topic": format!("pipeline.{}", preset.id()),
                "partitions": config.partitions,
                "grow_to": config.grown(),
                "clients": Service::ALL.iter().map(|s| (s.id().to_owned(), json!(played_by(s.client(&config))))).collect::<serde_json::Map<_, _>>(),
                "records": records.iter().map(|r| json!({
                    "id": r.id,
                    "order": r.order_key(),
                    "step": r.step,
                    "service": r.service.id(),
                    "key": r.key,
                    "grown": r.partitions_seen != config.partitions,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "cases": cases })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "pipeline")
}

struct Observed {
    partitions: Vec<u64>,
    split: BTreeSet<String>,
    applied: u64,
    refused: u64,
    repeated: u64,
}

fn read(observed: &Value) -> Result<Observed, String> {
    let sink = field(observed, "sink")?;
    let count = |name: &str| -> Result<u64, String> {
        field(sink, name)?
            .as_u64()
            .ok_or_else(|| format!("sink.{name}"))
    };
    Ok(Observed {
        partitions: numbers(field(observed, "partitions")?),
        split: strings(field(observed, "split_orders")?)
            .into_iter()
            .collect(),
        applied: count("applied")?,
        refused: count("refused")?,
        repeated: count("repeated")?,
    })
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let id = input["preset"].as_str().unwrap_or_default();
    let Some(&preset) = PRESETS.iter().find(|p| p.id() == id) else {
        return unreadable(format!("preset {id:?} is not one this area runs"));
    };
    let real = match read(observed) {
        Ok(o) => o,
        Err(e) => return unreadable(e),
    };
    let run = run_seed(&preset.config(), preset.seed());
    let mut by_id = vec![0u64; run.records.len()];
    for r in &run.records {
        by_id[r.id as usize] = u64::from(r.partition);
    }
    let mut model_orders: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    for r in &run.records {
        model_orders
            .entry(r.order_key())
            .or_default()
            .insert(r.partition);
    }
    let model_split: BTreeSet<String> = model_orders
        .iter()
        .filter(|(_, parts)| parts.len() > 1)
        .map(|(order, _)| order.clone())
        .collect();
    let blamed: BTreeSet<String> = run
        .findings
        .iter()
        .filter(|f| placement_cause(f.cause))
        .map(|f| f.key.clone())
        .collect();
    let found_whole: Vec<String> = run
        .findings
        .iter()
        .filter(|f| !real.split.contains(&f.key))
        .map(|f| format!("{} ({})", f.key, f.cause.id()))
        .collect();
    let unsplit_records = run
        .records
        .iter()
        .filter(|r| !real.split.contains(&r.order_key()))
        .count() as u64;

    let mut problems = Vec::new();
    if real.partitions != by_id {
        problems.push(format!(
            "partitions by record: Kafka {:?}, scene {by_id:?}",
            real.partitions
        ));
    }
    if real.split != model_split {
        problems.push(format!(
            "orders in more than one partition: Kafka {:?}, scene {model_split:?}",
            real.split
        ));
    }
    if let Some(order) = blamed.iter().find(|o| !real.split.contains(*o)) {
        problems.push(format!(
            "the scene blames {order} on the partitioner or the topic, but its events share one partition on the broker"
        ));
    }
    if preset.cause().is_some_and(placement_cause) && real.split.is_empty() {
        problems.push("the preset breaks no order's partition on the broker".to_owned());
    }
    if !found_whole.is_empty() {
        problems.push(format!(
            "the scene finds a break in orders that stay in one partition: {}",
            found_whole.join(", ")
        ));
    }
    if (real.applied, real.refused, real.repeated) != (unsplit_records, 0, 0) {
        problems.push(format!(
            "the sink, over the orders in one partition: {} applied, {} refused, {} repeated; {unsplit_records} applied and none refused expected",
            real.applied, real.refused, real.repeated
        ));
    }
    let sim = json!({
        "partitions": by_id,
        "split_orders": model_split,
        "blamed_on_placement": blamed,
        "findings": run.findings.len(),
    });
    if problems.is_empty() {
        Verdict::new(
            sim,
            true,
            format!(
                "{} records in the partitions the scene shows; {} of {} orders split across partitions ({} of them broken in the scene, blamed on the partitioner or the topic); the other orders' {} records applied in order",
                by_id.len(),
                real.split.len(),
                model_orders.len(),
                blamed.len(),
                real.applied
            ),
        )
    } else {
        Verdict::new(sim, false, problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an honest broker would report: the scene's own placement, and
    /// a sink that applied every order kept in one partition.
    fn agreeing(case: &Value) -> Value {
        let preset = PRESETS
            .iter()
            .find(|p| p.id() == case["preset"])
            .copied()
            .unwrap();
        let run = run_seed(&preset.config(), preset.seed());
        let mut parts = vec![0u32; run.records.len()];
        let mut orders: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
        for r in &run.records {
            parts[r.id as usize] = r.partition;
            orders.entry(r.order_key()).or_default().insert(r.partition);
        }
        let split: Vec<&String> = orders
            .iter()
            .filter(|(_, p)| p.len() > 1)
            .map(|(o, _)| o)
            .collect();
        let whole = run
            .records
            .iter()
            .filter(|r| orders[&r.order_key()].len() == 1)
            .count();
        json!({
            "partitions": parts,
            "split_orders": split,
            "sink": {"applied": whole, "refused": 0, "repeated": 0},
        })
    }

    #[test]
    fn the_plan_runs_each_preset_with_its_own_records() {
        let plan = plan();
        let cases = plan["cases"].as_array().unwrap();
        assert_eq!(cases.len(), PRESETS.len());
        for case in cases {
            let records = case["records"].as_array().unwrap();
            let ids: BTreeSet<u64> = records.iter().map(|r| r["id"].as_u64().unwrap()).collect();
            assert_eq!(ids.len(), records.len(), "{}", case["name"]);
            // The growth comes once: no record sent with the old count
            // after one sent with the new.
            let grown: Vec<bool> = records
                .iter()
                .map(|r| r["grown"].as_bool().unwrap())
                .collect();
            assert!(grown.windows(2).all(|w| w[0] <= w[1]), "{}", case["name"]);
            assert_eq!(
                grown.iter().any(|&g| g),
                !case["grow_to"].is_null(),
                "{}",
                case["name"]
            );
        }
        assert_eq!(
            cases[2]["clients"],
            json!({"checkout": "franz-go", "warehouse": "sarama"})
        );
    }

    #[test]
    fn every_preset_agrees_with_an_honest_broker_and_its_story_shows() {
        for case in plan()["cases"].as_array().unwrap() {
            let v = compare(case, &agreeing(case));
            assert!(v.agree, "{}: {}", case["name"], v.note);
        }
        // The three breaking presets split at least one order; the happy
        // path none.
        let split = |name: &str| {
            let case = plan()["cases"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["name"] == name)
                .cloned()
                .unwrap();
            agreeing(&case)["split_orders"].as_array().unwrap().len()
        };
        assert_eq!(split("happy"), 0);
        for name in ["keyless", "hash-mismatch", "partition-increase"] {
            assert!(split(name) > 0, "{name}");
        }
    }

    #[test]
    fn a_record_elsewhere_a_whole_order_refused_or_a_missing_field_disagrees() {
        let case = plan()["cases"][2].clone();
        let good = agreeing(&case);

        let mut moved = good.clone();
        let p = moved["partitions"][0].as_u64().unwrap();
        moved["partitions"][0] = json!((p + 1) % 3);
        assert!(!compare(&case, &moved).agree);

        let mut refused = good.clone();
        refused["sink"]["refused"] = json!(1);
        assert!(!compare(&case, &refused).agree);

        let mut unsplit = good.clone();
        unsplit["split_orders"] = json!([]);
        let v = compare(&case, &unsplit);
        assert!(!v.agree);
        assert!(v.note.contains("blames"), "{}", v.note);

        let mut missing = good;
        missing.as_object_mut().unwrap().remove("sink");
        let v = compare(&case, &missing);
        assert!(!v.agree && v.note.contains("sink"), "{}", v.note);
    }
}
