//! Keyed routing: for every client row of the routing scene, the partition
//! the broker stored each key in, against `Client::keyed_route`. And the
//! Java client's edges: a record for a partition the topic does not have
//! (`partitioner::missing_partition_timeout`), and a partition count asked
//! not to grow (`repartition::Refusal`).

use crate::{field, numbers, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::repartition::model::{RepartitionConfig, Speeds, Strategy};
use kafka_ordering_lab::sim::clients::{Client, KeyedRoute};
use kafka_ordering_lab::sim::consumer::OffsetReset;
use kafka_ordering_lab::sim::partitioner::{missing_partition_timeout, route, Placement, Route};
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "routing",
    plan,
    expected_cases,
    compare,
};

/// The chapter's keys, Kafka's own murmur2 test vectors, the edge cases
/// (an empty key, "21" whose sign bit separates `& 0x7fffffff` from
/// `abs()`), text beyond ASCII, and a key far longer than one hash word.
fn keys() -> Vec<String> {
    let mut keys: Vec<String> = [
        "order-42",
        "order-99",
        "",
        "21",
        "foobar",
        "abc",
        "a-little-bit-long-string",
        "a-little-bit-longer-string",
        "lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8",
        "заказ-42",
        "注文-7",
        "😀",
        "order-1",
        "order-2",
        "order-10",
        "customer-7",
        "a",
        "ab",
        "abcd",
        " ",
        "eu/order-42",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    keys.push(format!("order-{}", "0123456789".repeat(30)));
    keys.push("ключ-".repeat(40));
    keys
}

/// The Java client's edges. `max.block.ms` is short so the wait is short;
/// the rule is the same at the default 60 s.
fn edges() -> Value {
    json!([
        {"name": "explicit-partition-5-of-3", "kind": "explicit-partition", "partitions": 3, "partition": 5, "max_block_ms": 700},
        {"name": "create-partitions-6-to-3", "kind": "create-partitions", "from": 6, "to": 3},
        {"name": "create-partitions-4-to-4", "kind": "create-partitions", "from": 4, "to": 4},
        {"name": "create-partitions-3-to-4", "kind": "create-partitions", "from": 3, "to": 4},
    ])
}

fn plan() -> Value {
    json!({
        "clients": Client::ALL.iter().map(|c| c.id()).collect::<Vec<_>>(),
        "partitions": (1..=12).collect::<Vec<u32>>(),
        "keys": keys(),
        "edges": edges(),
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    let partitions = numbers(&plan["partitions"]);
    let keyed = strings(&plan["clients"])
        .iter()
        .flat_map(|c| partitions.iter().map(move |p| format!("routing/{c}/p{p}")))
        .collect::<Vec<_>>();
    let edges = plan["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|e| format!("routing/java/{}", e["name"].as_str().unwrap_or("")));
    keyed.into_iter().chain(edges).collect()
}

/// What the simulation expects of an edge: the error's class and message,
/// and, for a missing partition, the least time `send()` blocked.
fn edge_expectation(input: &Value) -> Result<Value, String> {
    let n = |name: &str| -> Result<u64, String> {
        field(input, name)?
            .as_u64()
            .ok_or(format!("{name} is not a number"))
    };
    match field(input, "kind")?.as_str().unwrap_or("") {
        "explicit-partition" => {
            let (partitions, partition) = (n("partitions")? as u32, n("partition")? as u32);
            let topic = field(input, "topic")?.as_str().ok_or("topic")?;
            let max_block_ms = n("max_block_ms")?;
            match route(None, partitions, Placement::Explicit(partition)) {
                Route::MissingPartition(p) => Ok(json!({
                    "error": "TimeoutException",
                    "message": missing_partition_timeout(topic, p, partitions, max_block_ms),
                    "blocked_at_least_ms": max_block_ms,
                })),
                other => Ok(json!({"placed": format!("{other:?}")})),
            }
        }
        "create-partitions" => {
            let (from, to) = (n("from")? as u32, n("to")? as u32);
            let topic = field(input, "topic")?.as_str().ok_or("topic")?;
            let config = RepartitionConfig {
                from,
                to,
                strategy: Strategy::Naive,
                offset_reset: OffsetReset::Earliest,
                speeds: Speeds::default(),
            };
            Ok(match config.refusal() {
                Some(r) => json!({
                    "error": "InvalidPartitionsException",
                    "message": r.kafka_message(topic),
                    "partitions_after": from,
                }),
                None => json!({"error": null, "partitions_after": to}),
            })
        }
        kind => Err(format!("unknown edge {kind}")),
    }
}

fn compare_edge(input: &Value, observed: &Value) -> Verdict {
    let sim = match edge_expectation(input) {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let mut wrong = Vec::new();
    for key in ["error", "message", "partitions_after"] {
        if sim.get(key).is_some() && sim[key] != observed[key] {
            wrong.push(format!(
                "{key}: Kafka {}, simulation {}",
                observed[key], sim[key]
            ));
        }
    }
    if let Some(least) = sim["blocked_at_least_ms"].as_u64() {
        match observed["blocked_ms"].as_u64() {
            Some(b) if b >= least => {}
            b => wrong.push(format!(
                "send() blocked {b:?} ms, at least {least} expected"
            )),
        }
    }
    let note = if wrong.is_empty() {
        match sim["error"].as_str() {
            Some(e) => format!("{e}: {}", sim["message"].as_str().unwrap_or("")),
            None => "accepted".to_owned(),
        }
    } else {
        wrong.join("; ")
    };
    Verdict::new(sim, wrong.is_empty(), note)
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    if input.get("kind").is_some() {
        return compare_edge(input, observed);
    }
    let read = || -> Result<(Client, u32, Vec<String>, Vec<u64>), String> {
        let id = field(input, "client")?.as_str().unwrap_or_default();
        let client = Client::from_id(id).ok_or(format!("unknown client {id}"))?;
        let n = field(input, "partitions")?.as_u64().ok_or("partitions")? as u32;
        let keys = strings(field(input, "keys")?);
        let got = numbers(field(observed, "partitions")?);
        if got.len() != keys.len() {
            return Err(format!("{} keys, {} partitions", keys.len(), got.len()));
        }
        Ok((client, n, keys, got))
    };
    let (client, n, keys, got) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let routes: Vec<KeyedRoute> = keys
        .iter()
        .map(|k| client.keyed_route(k.as_bytes(), n))
        .collect();
    let sim: Vec<Value> = routes
        .iter()
        .map(|r| match r {
            KeyedRoute::Partition(p) => json!(p),
            KeyedRoute::RoundRobin => json!("round-robin"),
            KeyedRoute::AsKeyless => json!("as-keyless"),
        })
        .collect();
    let mut wrong = Vec::new();
    for ((key, route), &p) in keys.iter().zip(&routes).zip(&got) {
        if p >= u64::from(n) {
            wrong.push(format!("{key:?} on partition {p} of {n}"));
        } else if let KeyedRoute::Partition(expected) = route {
            if u64::from(*expected) != p {
                wrong.push(format!("{key:?}: Kafka {p}, simulation {expected}"));
            }
        }
    }
    // A client that ignores the key deals the keys out in turn: every
    // partition gets the same count, give or take one.
    let dealt = routes.contains(&KeyedRoute::RoundRobin);
    if dealt {
        let mut counts = vec![0usize; n as usize];
        for &p in &got {
            if let Some(c) = counts.get_mut(p as usize) {
                *c += 1;
            }
        }
        let (lo, hi) = (counts.iter().min(), counts.iter().max());
        if let (Some(lo), Some(hi)) = (lo, hi) {
            if hi - lo > 1 {
                wrong.push(format!(
                    "round-robin expected, but counts per partition are {counts:?}"
                ));
            }
        }
    }
    let keyless = routes
        .iter()
        .filter(|r| **r == KeyedRoute::AsKeyless)
        .count();
    let note = if !wrong.is_empty() {
        wrong.join("; ")
    } else {
        let mut note = format!("{} keys on {n} partitions", keys.len());
        if dealt {
            note.push_str(": the key is ignored and the records are dealt in turn");
        }
        if keyless > 0 {
            note.push_str(&format!(
                "; {keyless} key(s) placed as a null key would be (an empty key for librdkafka: its sticky partition), any partition agrees"
            ));
        }
        note
    };
    Verdict::new(json!({ "partitions": sim }), wrong.is_empty(), note)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(client: &str, keys: &[&str], got: &[u64]) -> Verdict {
        compare(
            &json!({"client": client, "partitions": 3, "keys": keys}),
            &json!({"partitions": got}),
        )
    }

    #[test]
    fn the_java_partitions_agree_and_a_wrong_one_does_not() {
        // murmur2 sends order-42, order-99 and "21" to partition 0 of 3.
        assert!(case("java", &["order-42", "order-99", "21"], &[0, 0, 0]).agree);
        let v = case("java", &["order-42", "21"], &[0, 2]);
        assert!(!v.agree);
        assert!(
            v.note.contains("\"21\": Kafka 2, simulation 0"),
            "{}",
            v.note
        );
    }

    #[test]
    fn round_robin_must_deal_evenly_and_an_unhashed_key_accepts_any_partition() {
        assert!(case("kafka-go", &["a", "b", "c", "d"], &[0, 1, 2, 0]).agree);
        assert!(!case("kafka-go", &["a", "b", "c", "d"], &[0, 0, 0, 1]).agree);
        assert!(case("confluent-kafka-go", &[""], &[2]).agree);
        assert!(!case("confluent-kafka-go", &[""], &[3]).agree);
    }

    #[test]
    fn a_missing_partition_times_out_and_a_shrink_is_refused() {
        let missing = json!({"kind": "explicit-partition", "topic": "t", "partitions": 3, "partition": 5, "max_block_ms": 700});
        let kafka = json!({
            "error": "TimeoutException",
            "message": "Partition 5 of topic t with partition count 3 is not present in metadata after 700 ms.",
            "blocked_ms": 712,
        });
        assert!(compare(&missing, &kafka).agree);
        let at_once = json!({"error": "KafkaException", "message": "Invalid partition given with record: 5 is not in the range [0...3).", "blocked_ms": 0});
        assert!(!compare(&missing, &at_once).agree);
        let shrink = json!({"kind": "create-partitions", "topic": "t", "from": 6, "to": 3});
        let refused = json!({
            "error": "InvalidPartitionsException",
            "message": "The topic t currently has 6 partition(s); 3 would not be an increase.",
            "partitions_after": 6,
        });
        assert!(compare(&shrink, &refused).agree);
        let shrunk = json!({"error": null, "partitions_after": 3});
        assert!(!compare(&shrink, &shrunk).agree);
        let grow = json!({"kind": "create-partitions", "topic": "t", "from": 3, "to": 4});
        assert!(compare(&grow, &json!({"error": null, "partitions_after": 4})).agree);
    }

    #[test]
    fn facts_that_do_not_match_the_plan_fail() {
        assert!(!case("java", &["a", "b"], &[0]).agree);
        assert!(!case("nobody", &["a"], &[0]).agree);
    }
}
