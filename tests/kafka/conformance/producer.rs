//! The producer scene's presets, replayed by the Java producer on a real
//! broker through the fault proxy: the final log, the duplicates, what the
//! application was told had failed, and the error codes on the wire.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::sim::scenes::producer::{
    BatchState, Fault, FaultKind, ProducerScene, SeqKind,
};
use kafka_ordering_lab::sim::Sim;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "producer",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "producer"),
    compare,
};

/// A case: the preset it replays, whether the broker already knows the
/// producer (it wrote the records before the log start itself), and what the
/// link changes on top of the preset.
const CASES: [(&str, &str, bool, &str); 6] = [
    ("catastrophe", "catastrophe", false, ""),
    ("idempotent", "idempotent", true, ""),
    ("idempotent-new-producer", "idempotent", false, ""),
    ("inflight-1", "inflight-1", false, ""),
    ("lost-ack", "lost-ack", false, ""),
    // The chaos preset draws its losses from the seed; on a real broker it
    // runs a fixed script instead: eight records, one batch each, the second
    // request lost and the fifth answer lost.
    (
        "chaos",
        "chaos",
        false,
        "&workload=stream-8&chaos=0&linger-ms=0&batch-size=100&faults=2.1:lose-request,5.1:lose-response",
    ),
];

fn link(preset: &str, overrides: &str) -> String {
    format!("?scene=producer&preset={preset}{overrides}")
}

/// Which Produce request, counted from the proxy's mark, carries the first
/// attempt of each batch (one record each). The harness sends a record once
/// every earlier one is answered or held at the proxy, so a batch answered
/// with an error is retried right after the next batch's request, and a
/// batch whose connection broke is retried right after its own.
fn request_numbers(batches: u32, faults: &[Fault]) -> Vec<u32> {
    let fault = |b: u32| {
        faults
            .iter()
            .find(|f| f.batch == b && f.attempt == 1)
            .map(|f| f.kind)
    };
    let mut numbers = Vec::new();
    let mut next = 1;
    for b in 1..=batches {
        numbers.push(next);
        next += 1;
        if b > 1 && fault(b - 1) == Some(FaultKind::LoseRequest) {
            next += 1;
        }
        if fault(b) == Some(FaultKind::LoseResponse) {
            next += 1;
        }
    }
    numbers
}

/// The preset as the Java producer's configuration, and its faults as the
/// proxy's, each mapped to the real fault nearest to what the scene shows.
fn case_plan(name: &str, preset: &str, same_producer: bool, overrides: &str) -> Value {
    let (params, _) = parse_query(&link(preset, overrides));
    let c = params.producer_scene_config();
    let p = c.producer;
    let records: Vec<Value> = (0..c.workload.len())
        .map(|i| {
            let (order, event) = c.workload.record(i);
            json!({"key": format!("order-{order}"), "value": event.value()})
        })
        .collect();
    let numbers = request_numbers(c.workload.len(), &c.faults);
    let mut faults = Vec::new();
    for f in c.faults.iter().filter(|f| f.attempt == 1) {
        let nth = numbers[f.batch as usize - 1];
        match f.kind {
            // A request cannot vanish alone on a TCP connection: the broker
            // answers it with an error instead, after the next one is on its way.
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
        "overrides": overrides,
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
        "cases": CASES.iter().map(|(n, p, same, o)| case_plan(n, p, *same, o)).collect::<Vec<_>>(),
    })
}

/// What the scene shows at the end of the preset's run.
fn simulate(preset: &str, overrides: &str) -> Result<Value, String> {
    let (params, issues) = parse_query(&link(preset, overrides));
    if !issues.is_empty() {
        return Err(format!("the case's link is refused: {issues:?}"));
    }
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
    let overrides = input["overrides"].as_str().unwrap_or_default();
    let sim = match simulate(&preset, overrides) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_request_and_a_lost_answer_each_add_one_request() {
        let f = |batch, kind| Fault {
            batch,
            attempt: 1,
            kind,
        };
        assert_eq!(request_numbers(2, &[f(1, FaultKind::LoseRequest)]), [1, 2]);
        assert_eq!(request_numbers(2, &[f(1, FaultKind::LoseResponse)]), [1, 3]);
        let chaos = [f(2, FaultKind::LoseRequest), f(5, FaultKind::LoseResponse)];
        assert_eq!(request_numbers(6, &chaos), [1, 2, 3, 5, 6, 8]);
    }
}
