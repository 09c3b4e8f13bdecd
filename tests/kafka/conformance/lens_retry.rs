//! Each client's producer when a batch is answered with an error while the
//! next one waits: does the retry land behind it? The catastrophe preset's
//! settings that decide it (no idempotence, five requests in flight, three
//! retries, 100 ms backoff, acks=all), in each tab's library, against the
//! broker behind the fault proxy (tests/kafka/java/.../Proxy.java).
//!
//! The steps, the same for every client, each started only once the one
//! before it is settled, so that batching is decided by the steps and not
//! by timing:
//! 1. "Created" is sent alone and answered: every client has then had a
//!    good answer from the partition, which franz-go waits for before it
//!    puts a second request of a partition in flight (pkg/kgo/sink.go,
//!    `recBuf.okOnSink`).
//! 2. "Paid" is sent: the proxy answers its request (the run's second
//!    Produce) itself with NOT_ENOUGH_REPLICAS, as a leader does that
//!    refuses a write before appending it, an error every client retries,
//!    and holds that answer back. (The broker's own CORRUPT_MESSAGE, for a
//!    corrupted batch, is one franz-go does not retry: pkg/kgo/sink.go,
//!    `handleReqRespBatch`; its run on the broker lost "Paid".)
//! 3. "Shipped" is sent once "Paid" is held. A client that puts a second
//!    request of the partition on the wire sends it at once: the proxy
//!    forwards it, then lets the error answer through, and the retried
//!    "Paid" lands behind "Shipped". A client that keeps one batch of a
//!    partition in flight sends nothing: two seconds after "Shipped" was
//!    handed to it the proxy lets the answer through anyway, and the
//!    retry goes first. Two seconds is the one clock of the area: the time
//!    a client is given to show a second request, which a client that
//!    sends one sends as soon as it has the record.
//!
//! The area's driver is the harnesses' own (tests/kafka/go/retry.go and
//! RetryCases.java): the printed programs send their three records at
//! once, and which of them share a batch is then a race.

use crate::{field, named_cases, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{GoClient, RetryOutcome, ORDER_EVENTS, ORDER_KEY};
use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::scenes::producer::model::presets::ProducerPreset;
use kafka_ordering_lab::sim::producer::Acks;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-retry",
    plan,
    expected_cases,
    compare,
};

/// How long the proxy waits for a second request of the partition.
const SECOND_REQUEST_WAIT_MS: u64 = 2_000;

/// How long a client may take for the whole case.
const TIMEOUT_MS: u64 = 30_000;

const PRESET: ProducerPreset = ProducerPreset::Catastrophe;

fn plan() -> Value {
    let (params, issues) = parse_query(&format!("?scene=producer&preset={}", PRESET.id()));
    assert!(issues.is_empty(), "the preset reads without a message");
    let c = &params.producer;
    let cases: Vec<Value> = GoClient::ALL
        .into_iter()
        .map(|client| {
            json!({
                "name": format!("{}/{}", client.id(), PRESET.id()),
                "client": client.id(),
                "topic": format!("lens-retry.{}", client.id()),
                "outcome": client.retry_outcome(&c.config).id(),
            })
        })
        .collect();
    json!({
        "key": ORDER_KEY,
        "events": ORDER_EVENTS,
        "settings": {
            "idempotence": c.config.enable_idempotence,
            "max_in_flight": c.config.max_in_flight,
            "retries": c.config.retries,
            "retry_backoff_ms": c.config.retry_backoff_ms,
            "acks_all": c.config.acks == Acks::All,
        },
        "second_request_wait_ms": SECOND_REQUEST_WAIT_MS,
        "timeout_ms": TIMEOUT_MS,
        "cases": cases,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-retry")
}

/// What a harness saw: whether the client put a second request of the
/// partition on the wire while the first one's answer was held
/// (`second_in_flight`), each send's outcome (`sent`: "ok" or the error),
/// and the topic's records in offset order.
/// A case's input and what its harness saw, read.
struct Seen {
    client: String,
    outcome: String,
    second: bool,
    sent: Vec<String>,
    values: Vec<String>,
}

fn read(input: &Value, observed: &Value) -> Result<Seen, String> {
    let strings = |v: &Value, what: &str| -> Result<Vec<String>, String> {
        v.as_array()
            .ok_or(what)?
            .iter()
            .map(|s| {
                s.as_str()
                    .map(str::to_owned)
                    .ok_or(format!("{what}: not a string"))
            })
            .collect()
    };
    Ok(Seen {
        client: field(input, "client")?.as_str().ok_or("client")?.to_owned(),
        outcome: field(input, "outcome")?
            .as_str()
            .ok_or("outcome")?
            .to_owned(),
        second: field(observed, "second_in_flight")?
            .as_bool()
            .ok_or("second_in_flight")?,
        sent: strings(field(observed, "sent")?, "sent")?,
        values: crate::lens_lost_answer::order_values(observed)?,
    })
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let Seen {
        client,
        outcome,
        second,
        sent,
        values,
    } = match read(input, observed) {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let [created, paid, shipped] = ORDER_EVENTS;
    let expected: &[&str] = match outcome.as_str() {
        "kept" => &[created, paid, shipped],
        "reordered" => &[created, shipped, paid],
        "reordered-resent" => &[created, shipped, paid, shipped],
        other => return unreadable(format!("outcome {other}")),
    };
    let reorders = outcome != RetryOutcome::Kept.id();
    let sim = json!({ "outcome": outcome, "second_in_flight": reorders, "log": expected });
    let stored = values.join(", ");
    let failed: Vec<&String> = sent.iter().filter(|s| *s != "ok").collect();
    if !failed.is_empty() {
        return Verdict::new(
            sim,
            false,
            format!("{client}: a send failed ({failed:?}); the log holds [{stored}]"),
        );
    }
    let how = if second {
        "put the next batch on the wire while the first one's answer was held"
    } else {
        "sent nothing more of the partition while the first one's answer was held"
    };
    let agree = second == reorders && values == expected;
    let note = match (agree, outcome.as_str()) {
        (true, "kept") => format!("{client} {how}: the retry went first, [{stored}]"),
        (true, "reordered") => format!("{client} {how}: the retry landed behind it, [{stored}]"),
        (true, _) => format!(
            "{client} {how}: after the error it sent both again, so the retry landed behind the next batch and that one was written twice, [{stored}]"
        ),
        (false, _) => format!(
            "{client} {how}, and the log holds [{stored}]; the model expected [{}]",
            expected.join(", ")
        ),
    };
    Verdict::new(sim, agree, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clients_with_one_batch_on_the_wire_keep_the_order_and_franz_go_resends() {
        let plan = plan();
        assert_eq!(plan["settings"]["idempotence"], false);
        assert!(plan["settings"]["max_in_flight"].as_u64().unwrap() > 1);
        for c in plan["cases"].as_array().unwrap() {
            let client = c["client"].as_str().unwrap();
            let want = match client {
                "sarama" | "kafka-go" => "kept",
                "franz-go" => "reordered-resent",
                _ => "reordered",
            };
            assert_eq!(c["outcome"], want, "{client}");
        }
    }

    fn observed(second: bool, sent: &[&str], values: &[&str]) -> Value {
        json!({
            "second_in_flight": second,
            "sent": sent,
            "records": values.iter().map(|v| json!({"key": ORDER_KEY, "value": v})).collect::<Vec<_>>(),
        })
    }

    #[test]
    fn the_order_and_the_second_request_must_both_match_the_model() {
        let java = json!({ "client": "java", "outcome": "reordered" });
        let sarama = json!({ "client": "sarama", "outcome": "kept" });
        let franz = json!({ "client": "franz-go", "outcome": "reordered-resent" });
        let ok = ["ok", "ok", "ok"];
        let reordered = ["Created", "Shipped", "Paid"];
        assert!(compare(&java, &observed(true, &ok, &reordered)).agree);
        assert!(compare(&sarama, &observed(false, &ok, &ORDER_EVENTS)).agree);
        // Kept where the model reorders, or the other way round.
        assert!(!compare(&java, &observed(false, &ok, &ORDER_EVENTS)).agree);
        assert!(!compare(&sarama, &observed(true, &ok, &reordered)).agree);
        // The right order without the request the model says, or with it.
        assert!(!compare(&java, &observed(false, &ok, &reordered)).agree);
        assert!(!compare(&sarama, &observed(true, &ok, &ORDER_EVENTS)).agree);
        // A duplicate, a loss, a failed send: never agree.
        assert!(
            !compare(
                &sarama,
                &observed(false, &ok, &["Created", "Paid", "Paid", "Shipped"])
            )
            .agree
        );
        assert!(!compare(&sarama, &observed(false, &ok, &["Created", "Shipped"])).agree);
        let failed = compare(
            &java,
            &observed(true, &["ok", "NOT_ENOUGH_REPLICAS", "ok"], &reordered),
        );
        assert!(
            !failed.agree && failed.note.contains("failed"),
            "{}",
            failed.note
        );
        // franz-go's rewind writes the next batch twice; Java's does not.
        let rewound = ["Created", "Shipped", "Paid", "Shipped"];
        assert!(compare(&franz, &observed(true, &ok, &rewound)).agree);
        assert!(!compare(&franz, &observed(true, &ok, &reordered)).agree);
        assert!(!compare(&java, &observed(true, &ok, &rewound)).agree);
        assert!(!compare(&java, &json!({})).agree);
    }
}
