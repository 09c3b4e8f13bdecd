//! The Go lens's producer programs, run: for each producer preset, the
//! program each tab prints (the four Go clients in the Go harness, Java in
//! the Java harness) is built and run against the real broker, with only
//! the broker address and the topic replaced, and a time limit. A program
//! that has not ended by then hangs: that is a finding about the program
//! the learner would copy, not a harness failure.
//!
//! Each program sends one order's events under its key (`ORDER_EVENTS`),
//! so on a broker without faults the log must hold them once each, in
//! order, and the program must end without an error. Area
//! lens-lost-answer runs the same programs through the fault proxy; this
//! area is what it stands on: the programs run as printed.

use crate::{field, named_cases, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{GoClient, ORDER_EVENTS, ORDER_KEY};
use kafka_ordering_lab::scenes::producer::model::presets::ProducerPreset;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-producer",
    plan,
    expected_cases,
    compare,
};

/// The literals the harnesses replace, as in area golens.
const BOOTSTRAP: &str = crate::golens::BOOTSTRAP;
const TOPIC: &str = crate::golens::TOPIC;

/// How long a program may run. Every program here sends three records and
/// flushes; the slowest client's own wait (kafka-go's one-second
/// BatchTimeout) is a small part of it.
const TIMEOUT_MS: u64 = 30_000;

fn plan() -> Value {
    plan_of(&ProducerPreset::ALL, "lens-producer", "", |_, _| json!({}))
}

/// An area of the presets' printed programs: a case per preset and tab,
/// each with its own topic (`AREA.client.preset`) and Go package
/// (`PACKAGE_client_preset`), and what `more` adds from the link's
/// parameters. Area lens-lost-answer plans the same programs.
pub fn plan_of(
    presets: &[ProducerPreset],
    area: &str,
    package: &str,
    more: impl Fn(GoClient, &kafka_ordering_lab::params::AppParams) -> Value,
) -> Value {
    let mut cases = Vec::new();
    for preset in presets {
        let query = format!("scene=producer&preset={}", preset.id());
        for client in GoClient::ALL {
            let (params, code) = crate::golens::printed(&query, client);
            let mut case = json!({
                "name": format!("{}/{}", client.id(), preset.id()),
                "client": client.id(),
                "query": query,
                "topic": format!("{area}.{}.{}", client.id(), preset.id()),
                "package": format!("{package}{}_{}", client.id().replace('-', "_"), preset.id().replace('-', "_")),
                "code": code,
            });
            if let (Some(case), Value::Object(more)) = (case.as_object_mut(), more(client, &params))
            {
                case.extend(more);
            }
            cases.push(case);
        }
    }
    json!({
        "bootstrap": BOOTSTRAP,
        "topic": TOPIC,
        "timeout_ms": TIMEOUT_MS,
        "cases": cases,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-producer")
}

/// A stored record's key and value, in offset order.
type Stored = Vec<(String, String)>;

/// What a harness saw: how the program ended (`ok`, `error`, or `hangs`),
/// its last words when it did not end well, and the topic's records in
/// offset order (one partition).
fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(String, String, Stored), String> {
        let client = field(input, "client")?.as_str().ok_or("client")?.to_owned();
        let ended = field(observed, "ended")?
            .as_str()
            .ok_or("ended")?
            .to_owned();
        let records = field(observed, "records")?
            .as_array()
            .ok_or("records")?
            .iter()
            .map(|r| {
                let key = r["key"].as_str().ok_or("key")?.to_owned();
                let value = r["value"].as_str().ok_or("value")?.to_owned();
                Ok((key, value))
            })
            .collect::<Result<Vec<_>, &str>>()?;
        Ok((client, ended, records))
    };
    let (client, ended, records) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let want: Stored = ORDER_EVENTS
        .iter()
        .map(|e| (ORDER_KEY.to_owned(), (*e).to_owned()))
        .collect();
    let sim = json!({ "ended": "ok", "records": want.iter().map(|(k, v)| json!({"key": k, "value": v})).collect::<Vec<_>>() });
    let stored = records
        .iter()
        .map(|(k, v)| format!("{k}:{v}"))
        .collect::<Vec<_>>()
        .join(", ");
    match ended.as_str() {
        "ok" => {}
        "hangs" => {
            return Verdict::new(
                sim,
                false,
                format!(
                "the {client} program hangs: still running after {} s, having stored [{stored}]",
                TIMEOUT_MS / 1000
            ),
            )
        }
        _ => {
            let said = observed["output"].as_str().unwrap_or("").trim();
            return Verdict::new(
                sim,
                false,
                format!(
                    "the {client} program ended with an error ({said}), having stored [{stored}]"
                ),
            );
        }
    }
    if records == want {
        Verdict::new(
            sim,
            true,
            format!("the {client} program, run as printed, ended and stored [{stored}]"),
        )
    } else {
        Verdict::new(
            sim,
            false,
            format!("the {client} program stored [{stored}], not the order's three events once each, in order"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_and_tab_is_planned_once_with_its_literals() {
        let plan = plan();
        let cases = plan["cases"].as_array().unwrap();
        assert_eq!(cases.len(), ProducerPreset::ALL.len() * GoClient::ALL.len());
        let mut packages: Vec<&str> = cases
            .iter()
            .map(|c| c["package"].as_str().unwrap())
            .collect();
        packages.sort_unstable();
        packages.dedup();
        assert_eq!(packages.len(), cases.len(), "a package per program");
    }

    fn observed(ended: &str, values: &[&str]) -> Value {
        json!({
            "ended": ended,
            "output": "panic: boom",
            "records": values.iter().map(|v| json!({"key": ORDER_KEY, "value": v})).collect::<Vec<_>>(),
        })
    }

    #[test]
    fn a_hang_an_error_a_duplicate_and_a_reorder_each_disagree() {
        let input = json!({ "client": "sarama" });
        assert!(compare(&input, &observed("ok", &ORDER_EVENTS)).agree);
        let hang = compare(&input, &observed("hangs", &[]));
        assert!(!hang.agree && hang.note.contains("hangs"), "{}", hang.note);
        let error = compare(&input, &observed("error", &ORDER_EVENTS));
        assert!(
            !error.agree && error.note.contains("panic: boom"),
            "{}",
            error.note
        );
        assert!(
            !compare(
                &input,
                &observed("ok", &["Created", "Created", "Paid", "Shipped"])
            )
            .agree
        );
        assert!(!compare(&input, &observed("ok", &["Paid", "Created", "Shipped"])).agree);
        assert!(!compare(&input, &observed("ok", &["Created", "Shipped"])).agree);
    }
}
