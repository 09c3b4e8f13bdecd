//! The producer scene's presets, replayed by the Java producer on a real
//! broker through the fault proxy: the final log, the duplicates, what the
//! application was told had failed, and the error codes on the wire.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::params::{parse_query, ParamIssue};
use kafka_ordering_lab::scenes::producer::model::{
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

/// A case: the preset it replays, and what the link changes on top of it.
/// Whether the broker already knows the producer (it wrote the records
/// before the log start itself) comes from the preset.
///
/// The chaos preset draws its faults from the seed over thousands of
/// records; its two kinds of fault are the catastrophe's and the lost
/// answer's, and those run here with idempotence off and on.
const CASES: [(&str, &str, &str); 7] = [
    ("catastrophe", "catastrophe", ""),
    ("idempotent", "idempotent", ""),
    ("new-producer", "new-producer", ""),
    ("inflight-1", "inflight-1", ""),
    ("lost-ack", "lost-ack", ""),
    ("lost-ack-idempotent", "lost-ack", "&idempotence=1"),
    (
        "legacy-lose-request",
        "catastrophe",
        "&faults=1.1:lose-request",
    ),
];

fn link(preset: &str, overrides: &str) -> String {
    format!("?scene=producer&preset={preset}{overrides}")
}

/// Which Produce request, counted from the proxy's mark, carries the first
/// attempt of each batch (one record each). The harness sends a record once
/// every earlier one is answered or held at the proxy. A refused batch's
/// answer is held until the next batch's request is on its way, so its
/// retry comes right after that request; a batch whose connection breaks is
/// held until the next one's request arrives, which dies with it, and both
/// are retried before anything else.
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
        match (b > 1).then(|| fault(b - 1)).flatten() {
            Some(FaultKind::Corrupt) => next += 1,
            Some(FaultKind::Disconnect) => next += 2,
            _ => {}
        }
    }
    numbers
}

/// The preset as the Java producer's configuration, and its faults as the
/// proxy's, each mapped to the real fault nearest to what the scene shows.
fn case_plan(name: &str, preset: &str, overrides: &str) -> Value {
    let (params, _) = parse_query(&link(preset, overrides));
    let c = params.producer.scene_config();
    let same_producer = c.known_producer && c.log_start_offset > 0;
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
            // The broker refuses the damaged batch; its answer comes back
            // once the next request is on its way, as in the scene, where
            // that request left before the answer could return.
            FaultKind::Corrupt => {
                faults.push(json!({"api": "Produce", "nth": nth, "action": "corrupt"}));
                faults.push(json!({"api": "Produce", "nth": nth, "action": "hold-response-until-request", "until_nth": nth + 1}));
            }
            // The broker writes it and the connection breaks before the
            // answer, while the next request is still on its way.
            FaultKind::Disconnect => {
                faults.push(json!({"api": "Produce", "nth": nth, "action": "close-after-response", "until_nth": nth + 1}));
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
        "cases": CASES.iter().map(|(n, p, o)| case_plan(n, p, o)).collect::<Vec<_>>(),
    })
}

/// What the scene shows at the end of the preset's run.
fn simulate(preset: &str, overrides: &str) -> Result<Value, String> {
    let (params, issues) = parse_query(&link(preset, overrides));
    // A link with an old fault name opens with a note, not a mistake.
    let issues: Vec<_> = issues
        .into_iter()
        .filter(|i| !matches!(i, ParamIssue::FaultRenamed { .. }))
        .collect();
    if !issues.is_empty() {
        return Err(format!("the case's link is refused: {issues:?}"));
    }
    let scene = ProducerScene::new(params.producer.scene_config()).map_err(|e| format!("{e:?}"))?;
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
    fn a_refused_batch_adds_its_retry_and_a_broken_connection_two() {
        let f = |batch, kind| Fault {
            batch,
            attempt: 1,
            kind,
        };
        assert_eq!(request_numbers(2, &[f(1, FaultKind::Corrupt)]), [1, 2]);
        assert_eq!(request_numbers(2, &[f(1, FaultKind::Disconnect)]), [1, 2]);
        let script = [f(2, FaultKind::Corrupt), f(5, FaultKind::Disconnect)];
        assert_eq!(request_numbers(7, &script), [1, 2, 3, 5, 6, 7, 10]);
    }
}
