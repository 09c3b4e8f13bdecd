//! Share groups (KIP-932): scripted polls, acknowledgements, lock expiries
//! and closes of share consumers on one partition, against the scene's
//! share partition (`scenes::share::model::partition`). Each case says
//! which records each poll acquired, with their delivery counts, and what
//! each commit of acknowledgements came back with.
//!
//! The Java side (ShareCases.java) runs each poll as one `poll()` that
//! returns once records arrive, with `share.acquire.mode=record_limit`, so
//! a poll acquires at most `max.poll.records`; a release is committed
//! before the next poll, since the broker saves it after the same request's
//! fetch has run.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::share::model::partition::{
    AcknowledgeType, ShareConfig, SharePartition,
};
use kafka_ordering_lab::scenes::share::model::{
    DEFAULT_DELIVERY_LIMIT, DEFAULT_LOCK_MS, DELIVERY_LIMIT_RANGE, LOCK_MS_RANGE,
};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::SimTime;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "share",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "share"),
    compare,
};

fn poll(c: &str) -> Value {
    json!({"op": "poll", "consumer": c})
}
fn ack(c: &str, offset: u64, kind: AcknowledgeType) -> Value {
    json!({"op": "ack", "consumer": c, "offset": offset, "type": kind.id()})
}
fn commit(c: &str) -> Value {
    json!({"op": "commit", "consumer": c})
}
fn expire(c: &str) -> Value {
    json!({"op": "expire", "consumer": c})
}
fn close(c: &str) -> Value {
    json!({"op": "close", "consumer": c})
}

/// `n` records of the chapter's orders, one event each.
fn records(n: u32) -> Value {
    (0..n)
        .map(|i| {
            let event = OrderEvent::ALL[(i % 4) as usize];
            json!({"key": format!("order-{}", i / 4 + 1), "value": event.value()})
        })
        .collect()
}

fn case(
    name: &str,
    n: u32,
    consumers: &[&str],
    steps: Vec<Value>,
    max_poll: u32,
    lock_ms: u64,
    limit: u32,
) -> Value {
    json!({
        "name": name,
        "lock_ms": lock_ms,
        "delivery_limit": limit,
        "max_poll_records": max_poll,
        "records": records(n),
        "consumers": consumers,
        "steps": steps,
    })
}

fn plan() -> Value {
    use AcknowledgeType::{Accept, Reject, Release};
    let (lock, limit) = (DEFAULT_LOCK_MS, DEFAULT_DELIVERY_LIMIT);
    let shortest_lock = *LOCK_MS_RANGE.start();
    let least_limit = *DELIVERY_LIMIT_RANGE.start();
    let cases = vec![
        case(
            "in-order-one-consumer",
            6,
            &["A"],
            vec![
                poll("A"),
                ack("A", 0, Accept),
                ack("A", 1, Accept),
                poll("A"),
                ack("A", 2, Accept),
                ack("A", 3, Accept),
                poll("A"),
                ack("A", 4, Accept),
                ack("A", 5, Accept),
                commit("A"),
                close("A"),
            ],
            2,
            lock,
            limit,
        ),
        // Two consumers on one partition: each poll takes the next
        // records, whoever asks.
        case(
            "two-consumers-split",
            6,
            &["A", "B"],
            vec![
                poll("A"),
                poll("B"),
                ack("A", 0, Accept),
                ack("A", 1, Accept),
                ack("B", 2, Accept),
                ack("B", 3, Accept),
                poll("A"),
                ack("A", 4, Accept),
                ack("A", 5, Accept),
                commit("A"),
                commit("B"),
                close("A"),
                close("B"),
            ],
            2,
            lock,
            limit,
        ),
        case(
            "release-redelivers",
            6,
            &["A", "B"],
            vec![
                poll("A"),
                ack("A", 0, Release),
                ack("A", 1, Accept),
                commit("A"),
                poll("B"),
                ack("B", 0, Accept),
                ack("B", 2, Accept),
                commit("B"),
                close("A"),
                close("B"),
            ],
            2,
            lock,
            limit,
        ),
        // The shortest lock the broker allows; the late commit is refused.
        case(
            "lock-expiry",
            2,
            &["A", "B"],
            vec![
                poll("A"),
                expire("A"),
                poll("B"),
                ack("A", 0, Accept),
                commit("A"),
                ack("B", 0, Accept),
                ack("B", 1, Accept),
                commit("B"),
                close("A"),
                close("B"),
            ],
            2,
            shortest_lock,
            limit,
        ),
        case(
            "delivery-limit",
            3,
            &["A"],
            vec![
                poll("A"),
                ack("A", 0, Release),
                commit("A"),
                poll("A"),
                ack("A", 0, Release),
                commit("A"),
                poll("A"),
                ack("A", 1, Accept),
                commit("A"),
                poll("A"),
                ack("A", 2, Accept),
                commit("A"),
                close("A"),
            ],
            1,
            lock,
            least_limit,
        ),
        case(
            "reject-archives",
            4,
            &["A", "B"],
            vec![
                poll("A"),
                ack("A", 0, Reject),
                ack("A", 1, Accept),
                commit("A"),
                poll("B"),
                ack("B", 2, Accept),
                ack("B", 3, Accept),
                commit("B"),
                close("A"),
                close("B"),
            ],
            2,
            lock,
            limit,
        ),
        case(
            "close-releases",
            2,
            &["A", "B"],
            vec![
                poll("A"),
                close("A"),
                poll("B"),
                ack("B", 0, Accept),
                ack("B", 1, Accept),
                commit("B"),
                close("B"),
            ],
            2,
            lock,
            limit,
        ),
        // Released twice with a limit of 3: each record's last delivery
        // is acquired alone (`SharePartition.acquireSubsetBatchRecords`).
        case(
            "last-delivery-alone",
            4,
            &["A"],
            vec![
                poll("A"),
                ack("A", 0, Release),
                ack("A", 1, Release),
                ack("A", 2, Release),
                commit("A"),
                poll("A"),
                ack("A", 0, Release),
                ack("A", 1, Release),
                ack("A", 2, Release),
                commit("A"),
                poll("A"),
                ack("A", 0, Accept),
                commit("A"),
                poll("A"),
                ack("A", 1, Accept),
                commit("A"),
                poll("A"),
                ack("A", 2, Accept),
                commit("A"),
                poll("A"),
                ack("A", 3, Accept),
                commit("A"),
                close("A"),
            ],
            3,
            lock,
            3,
        ),
    ];
    json!({ "cases": cases })
}

/// What a step did, in the shape both sides are compared in: the records
/// a poll acquired as `[offset, delivery count]`, or a step's result.
fn step_outcome(step: &Value) -> Value {
    match step["op"].as_str() {
        Some("poll") => json!({
            "poll": step["consumer"],
            "records": step["records"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| json!([r["offset"], r["delivery_count"]]))
                .collect::<Vec<_>>(),
        }),
        Some("expire") => json!({"expire": step["consumer"]}),
        Some(op) => json!({op: step["consumer"], "result": step["result"]}),
        None => Value::Null,
    }
}

/// Plays the script on the scene's share partition.
fn simulate(input: &Value) -> Result<Vec<Value>, String> {
    let lock_ms = field(input, "lock_ms")?.as_u64().ok_or("lock_ms")?;
    let limit = field(input, "delivery_limit")?
        .as_u64()
        .ok_or("delivery_limit")? as u32;
    let max_poll = field(input, "max_poll_records")?
        .as_u64()
        .ok_or("max_poll_records")? as u32;
    let n = field(input, "records")?.as_array().ok_or("records")?.len();
    let consumers: Vec<&str> = field(input, "consumers")?
        .as_array()
        .ok_or("consumers")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut sp = SharePartition::new(ShareConfig {
        lock_ms,
        delivery_limit: limit,
    });
    for _ in 0..n {
        sp.append();
    }
    let mut pending: Vec<Vec<(u64, AcknowledgeType)>> = vec![Vec::new(); consumers.len()];
    let mut now = SimTime::ZERO;
    let mut out = Vec::new();
    for step in field(input, "steps")?.as_array().ok_or("steps")? {
        let c = step["consumer"].as_str().unwrap_or_default();
        let m = consumers
            .iter()
            .position(|x| *x == c)
            .ok_or(format!("unknown consumer {c}"))?;
        let member = m as u32;
        let outcome = match step["op"].as_str().unwrap_or_default() {
            // A poll carries the acknowledgements made since the last one.
            "poll" => {
                let acks = std::mem::take(&mut pending[m]);
                let _ = sp.acknowledge_all(member, &acks);
                let got = sp.acquire(member, max_poll, now);
                json!({"poll": c, "records": got.iter().map(|a| json!([a.offset, a.delivery_count])).collect::<Vec<_>>()})
            }
            "ack" => {
                let offset = step["offset"].as_u64().ok_or("offset")?;
                let kind = step["type"]
                    .as_str()
                    .and_then(AcknowledgeType::from_id)
                    .ok_or("type")?;
                pending[m].push((offset, kind));
                json!({"ack": c, "result": "ok"})
            }
            "commit" => {
                let acks = std::mem::take(&mut pending[m]);
                let result = match (acks.is_empty(), sp.acknowledge_all(member, &acks)) {
                    (true, _) => "nothing",
                    (false, Ok(())) => "ok",
                    (false, Err(_)) => "InvalidRecordStateException",
                };
                json!({"commit": c, "result": result})
            }
            // The consumer holds its records past the lock.
            "expire" => {
                now = now.plus_millis(lock_ms);
                sp.expire_locks(now);
                json!({"expire": c})
            }
            // close() sends what it holds, then the broker releases the
            // rest at once (`SharePartition.releaseAcquiredRecords`).
            "close" => {
                let acks = std::mem::take(&mut pending[m]);
                let _ = sp.acknowledge_all(member, &acks);
                sp.release_all(member);
                json!({"close": c, "result": "ok"})
            }
            op => return Err(format!("unknown op {op}")),
        };
        out.push(outcome);
    }
    Ok(out)
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let sim = match simulate(input) {
        Ok(s) => s,
        Err(e) => return unreadable(e),
    };
    let kafka: Vec<Value> = match field(observed, "steps").map(|s| s.as_array()) {
        Ok(Some(steps)) => steps.iter().map(step_outcome).collect(),
        _ => return unreadable("missing \"steps\"".into()),
    };
    let agree = sim == kafka;
    Verdict::new(
        json!(sim),
        agree,
        if agree {
            "every poll acquired the same offsets with the same delivery counts, and every commit of acknowledgements came back the same"
        } else {
            "the steps differ"
        },
    )
}
