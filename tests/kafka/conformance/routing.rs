//! Keyed routing: for every client row of the routing scene, the partition
//! the broker stored each key in, against `Client::keyed_route`.

use crate::{field, numbers, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::sim::clients::{Client, KeyedRoute};
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

fn plan() -> Value {
    json!({
        "clients": Client::ALL.iter().map(|c| c.id()).collect::<Vec<_>>(),
        "partitions": (1..=12).collect::<Vec<u32>>(),
        "keys": keys(),
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    let partitions = numbers(&plan["partitions"]);
    strings(&plan["clients"])
        .iter()
        .flat_map(|c| partitions.iter().map(move |p| format!("routing/{c}/p{p}")))
        .collect()
}

fn compare(input: &Value, observed: &Value) -> Verdict {
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
            KeyedRoute::Random => json!("random"),
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
    let random = routes.iter().filter(|r| **r == KeyedRoute::Random).count();
    let note = if !wrong.is_empty() {
        wrong.join("; ")
    } else {
        let mut note = format!("{} keys on {n} partitions", keys.len());
        if dealt {
            note.push_str(": the key is ignored and the records are dealt in turn");
        }
        if random > 0 {
            note.push_str(&format!(
                "; {random} key(s) placed at random by the client (an empty key for librdkafka), any partition agrees"
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
    fn round_robin_must_deal_evenly_and_random_accepts_any_partition() {
        assert!(case("kafka-go", &["a", "b", "c", "d"], &[0, 1, 2, 0]).agree);
        assert!(!case("kafka-go", &["a", "b", "c", "d"], &[0, 0, 0, 1]).agree);
        assert!(case("confluent-kafka-go", &[""], &[2]).agree);
        assert!(!case("confluent-kafka-go", &[""], &[3]).agree);
    }

    #[test]
    fn facts_that_do_not_match_the_plan_fail() {
        assert!(!case("java", &["a", "b"], &[0]).agree);
        assert!(!case("nobody", &["a"], &[0]).agree);
    }
}
