//! The producer scene's presets, replayed by the Java producer on a real
//! broker through the fault proxy: the final log, the duplicates, what the
//! application was told had failed, and the error codes on the wire.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::sim::scenes::producer::{BatchState, FaultKind, ProducerScene, SeqKind};
use kafka_ordering_lab::sim::Sim;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "producer",
    plan,
    expected_cases,
    compare,
};

/// A case: the preset it replays, and whether the broker already knows the
/// producer (it wrote the records before the log start itself).
const CASES: [(&str, &str, bool); 5] = [
    ("catastrophe", "catastrophe", false),
    ("idempotent", "idempotent", true),
    ("idempotent-new-producer", "idempotent", false),
    ("inflight-1", "inflight-1", false),
    ("lost-ack", "lost-ack", false),
];

fn link(preset: &str) -> String {
    format!("?scene=producer&preset={preset}")
}

/// The preset as the Java producer's configuration, and its faults as the
/// proxy's, each mapped to the real fault nearest to what the scene shows.
fn case_plan(name: &str, preset: &str, same_producer: bool) -> Value {
    let (params, _) = parse_query(&link(preset));
    let c = params.producer_scene_config();
    let p = c.producer;
    let records: Vec<Value> = (0..c.workload.len())
        .map(|i| {
            let (order, event) = c.workload.record(i);
            json!({"key": format!("order-{order}"), "value": event.value()})
        })
        .collect();
    let mut faults = Vec::new();
    for f in &c.faults {
        // The proxy counts Produce requests from the mark; in these presets
        // every batch holds one record, so batch b's attempt a is request
        // b + (a - 1) * batches until retries interleave, which the presets'
        // single fault on attempt 1 never does.
        let nth = f.batch;
        match f.kind {
            // A request cannot vanish alone on a TCP connection: the broker
            // answers batch 1 with an error instead, after batch 2 is on its way.
            FaultKind::LoseRequest => {
                faults.push(json!({"api": "Produce", "nth": nth, "action": "corrupt"}));
                faults.push(json!({"api": "Produce", "nth": nth, "action": "hold-response-until-request", "until_nth": nth + 1}));
            }
            // The broker wrote it and the connection broke before the answer.
            FaultKind::LoseResponse => {
                faults
                    .push(json!({"api": "Produce", "nth": nth, "action": "close-after-response"}));
            }
            FaultKind::Delay { ms } => {
                faults.push(json!({"api": "Produce", "nth": nth, "action": "delay", "ms": ms}));
            }
        }
    }
    json!({
        "name": name,
        "preset": preset,
        "config": {
            "max.in.flight.requests.per.connection": p.max_in_flight.to_string(),
            "retries": p.retries.to_string(),
            "enable.idempotence": p.enable_idempotence.to_string(),
            "acks": p.acks.id(),
            "batch.size": p.batch_size.to_string(),
            "linger.ms": p.linger_ms.to_string(),
            "request.timeout.ms": p.request_timeout_ms.to_string(),
            "retry.backoff.ms": p.retry_backoff_ms.to_string(),
            "delivery.timeout.ms": p.delivery_timeout_ms.to_string(),
        },
        "prefill": {"records": c.log_start_offset, "same_producer": same_producer},
        "records": records,
        "faults": faults,
    })
}

fn plan() -> Value {
    json!({
        "cases": CASES.iter().map(|(n, p, same)| case_plan(n, p, *same)).collect::<Vec<_>>(),
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    plan["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| format!("producer/{}", c["name"].as_str().unwrap_or("")))
        .collect()
}

/// What the scene shows at the end of the preset's run.
fn simulate(preset: &str) -> Result<Value, String> {
    let (params, _) = parse_query(&link(preset));
    let scene = ProducerScene::new(params.producer_scene_config()).map_err(|e| format!("{e:?}"))?;
    let mut sim = Sim::new(scene, params.seed);
    while sim.step() {}
    let m = sim.model();
    let log: Vec<Value> = m
        .log
        .records()
        .map(|r| json!({"offset": r.offset, "key": r.entity, "value": r.event.value()}))
        .collect();
    let mut failed: Vec<u32> = m
        .batches
        .iter()
        .filter(|b| matches!(b.state, BatchState::Failed(_)))
        .flat_map(|b| b.records.iter().copied())
        .collect();
    failed.sort_unstable();
    let errors: Vec<&str> = m
        .diagram
        .iter()
        .filter_map(|e| match e.kind {
            SeqKind::Error { code, .. } => Some(code.name()),
            _ => None,
        })
        .collect();
    let timeouts = m
        .diagram
        .iter()
        .filter(|e| matches!(e.kind, SeqKind::Timeout { .. }))
        .count();
    Ok(json!({"log": log, "failed": failed, "errors": errors, "request_timeouts": timeouts}))
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let preset = match field(input, "preset").map(|p| p.as_str().unwrap_or_default().to_owned()) {
        Ok(p) => p,
        Err(e) => return unreadable(e),
    };
    let sim = match simulate(&preset) {
        Ok(s) => s,
        Err(e) => return unreadable(e),
    };
    type Observed = (Vec<Value>, Vec<u64>, Vec<String>);
    let read = || -> Result<Observed, String> {
        let log = field(observed, "log")?.as_array().ok_or("log")?.clone();
        let failed = field(observed, "callbacks")?
            .as_array()
            .ok_or("callbacks")?
            .iter()
            .filter(|c| c["ok"] == json!(false))
            .filter_map(|c| c["index"].as_u64())
            .collect();
        let errors = crate::strings(field(observed, "errors")?);
        Ok((log, failed, errors))
    };
    let (log, failed, errors) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let strip = |v: &Value| -> Vec<(u64, String, String)> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                (
                    r["offset"].as_u64().unwrap_or(u64::MAX),
                    r["key"].as_str().unwrap_or("").to_owned(),
                    r["value"].as_str().unwrap_or("").to_owned(),
                )
            })
            .collect()
    };
    let (k_log, s_log) = (strip(&Value::Array(log)), strip(&sim["log"]));
    let s_failed = crate::numbers(&sim["failed"]);
    let s_errors = crate::strings(&sim["errors"]);
    let mut wrong = Vec::new();
    let show = |l: &[(u64, String, String)]| {
        l.iter()
            .map(|(o, k, v)| format!("{o}:{k}:{v}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if k_log != s_log {
        wrong.push(format!(
            "log: Kafka [{}], simulation [{}]",
            show(&k_log),
            show(&s_log)
        ));
    }
    if failed != s_failed {
        wrong.push(format!(
            "told failed: Kafka {failed:?}, simulation {s_failed:?}"
        ));
    }
    if errors != s_errors {
        wrong.push(format!(
            "error codes: Kafka {errors:?}, simulation {s_errors:?}"
        ));
    }
    let note = if wrong.is_empty() {
        format!("log [{}]", show(&k_log))
    } else {
        wrong.join("; ")
    };
    Verdict::new(sim, wrong.is_empty(), note)
}
