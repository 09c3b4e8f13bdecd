//! The Go lens's producer programs when an answer is lost: the program each
//! tab prints for a preset runs as in area lens-producer, but through the
//! fault proxy (tests/kafka/java/.../Proxy.java), which lets the first
//! Produce request of the run reach the broker and then closes the
//! connection instead of passing the answer back. The broker has written
//! that batch; the client hears nothing and sends it again.
//!
//! What the lens and the scenes say (`GoClient::lost_answer_outcome`): an
//! idempotent producer's second copy is recognised by its sequence numbers
//! and the log holds each event once, in order, and the program ends well;
//! any other producer writes the batch twice, unless its delivery timeout
//! ends the batch before the client may send it again: franz-go waits for
//! a metadata update first (`Client::resend_after_broken_connection_waits_ms`),
//! and then the program reports a failure though the broker has written the
//! batch once. kafka-go's Writer cannot be idempotent, whatever the
//! settings ask (`Client::fixed_producer`, `GoClient::idempotent`). The
//! presets: lost-ack asks for no idempotence, idempotent asks for it.

use crate::{field, named_cases, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{LostAnswerOutcome, ORDER_EVENTS, ORDER_KEY};
use kafka_ordering_lab::scenes::producer::model::presets::ProducerPreset;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-lost-answer",
    plan,
    expected_cases,
    compare,
};

const PRESETS: [ProducerPreset; 2] = [ProducerPreset::LostAck, ProducerPreset::Idempotent];

/// The same programs as area lens-producer's, with the same time limit,
/// and whether the model says each one's producer is idempotent.
fn plan() -> Value {
    crate::lens_producer::plan_of(
        &PRESETS,
        "lens-lost-answer",
        "lost_",
        |client, params| json!({ "idempotent": client.idempotent(params.producer.config.enable_idempotence) }),
    )
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-lost-answer")
}

/// What a harness saw: how the program ended (`ok`, `error`, `hangs`), its
/// last words when it did not end well, and the topic's values in offset
/// order (one partition, one key). The model's outcome comes from the
/// case's client and link.
fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(String, LostAnswerOutcome, String, Vec<String>), String> {
        let (tab, params) = crate::golens::case_link(input)?;
        let client = tab.id().to_owned();
        let ended = field(observed, "ended")?
            .as_str()
            .ok_or("ended")?
            .to_owned();
        let values = order_values(observed)?;
        Ok((
            client,
            tab.lost_answer_outcome(&params.producer.config),
            ended,
            values,
        ))
    };
    let (client, expected, ended, values) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let sim = json!({ "outcome": expected.id() });
    let stored = values.join(", ");
    if ended == "hangs" {
        return Verdict::new(
            sim,
            false,
            format!("the {client} program hangs, having stored [{stored}]"),
        );
    }
    // Every event at least once, each first copy in the order sent.
    let mut firsts: Vec<&str> = Vec::new();
    for v in &values {
        if !firsts.contains(&v.as_str()) {
            firsts.push(v);
        }
    }
    if firsts != ORDER_EVENTS {
        return Verdict::new(
            sim,
            false,
            format!("the {client} program stored [{stored}]: not every event, or not in order"),
        );
    }
    let twice = values.len() > ORDER_EVENTS.len();
    let said = observed["output"].as_str().unwrap_or("").trim();
    let seen = match (twice, ended == "ok") {
        (false, true) => LostAnswerOutcome::Once,
        (true, true) => LostAnswerOutcome::WrittenTwice,
        (false, false) => LostAnswerOutcome::FalseError,
        (true, false) => {
            return Verdict::new(
                sim,
                false,
                format!("{client}: the program {ended} ({said}), and the log holds a batch twice: [{stored}]"),
            )
        }
    };
    let note = match seen {
        LostAnswerOutcome::Once => "the batch sent again after the lost answer is written once".to_owned(),
        LostAnswerOutcome::WrittenTwice => "the batch sent again after the lost answer is written twice".to_owned(),
        LostAnswerOutcome::FalseError => format!("it gave up on the batch whose answer was lost, and said so ({said}); the broker had written it once"),
    };
    let agree = seen == expected;
    let verdict = if agree {
        note
    } else {
        format!("expected {}, but {note}", expected.id())
    };
    Verdict::new(sim, agree, format!("{client}: {verdict}: [{stored}]"))
}

/// The values of the topic's records, in offset order, each of which must
/// carry the order's key: the programs' and drivers' one partition.
pub fn order_values(observed: &Value) -> Result<Vec<String>, String> {
    field(observed, "records")?
        .as_array()
        .ok_or("records")?
        .iter()
        .map(|r| {
            (r["key"].as_str() == Some(ORDER_KEY))
                .then(|| r["value"].as_str().map(str::to_owned))
                .flatten()
                .ok_or_else(|| "a record without the order's key".to_owned())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kafka_go_is_never_planned_idempotent_and_the_others_follow_the_preset() {
        let plan = plan();
        for c in plan["cases"].as_array().unwrap() {
            let idempotent = c["idempotent"].as_bool().unwrap();
            let want =
                c["client"] != "kafka-go" && c["name"].as_str().unwrap().ends_with("/idempotent");
            assert_eq!(idempotent, want, "{}", c["name"]);
        }
    }

    fn observed(ended: &str, values: &[&str]) -> Value {
        json!({
            "ended": ended,
            "output": "panic: boom",
            "records": values.iter().map(|v| json!({"key": ORDER_KEY, "value": v})).collect::<Vec<_>>(),
        })
    }

    fn case(client: &str, preset: &str) -> Value {
        json!({ "client": client, "query": format!("?scene=producer&preset={preset}") })
    }

    #[test]
    fn each_client_agrees_only_with_the_outcome_the_model_gives_it() {
        let idem = case("sarama", "idempotent");
        let plain = case("kafka-go", "lost-ack");
        let franz = case("franz-go", "lost-ack");
        let once = observed("ok", &ORDER_EVENTS);
        let twice = observed("ok", &["Created", "Created", "Paid", "Shipped"]);
        let false_error = observed("error", &ORDER_EVENTS);
        assert!(compare(&idem, &once).agree);
        assert!(!compare(&idem, &twice).agree);
        assert!(!compare(&idem, &false_error).agree);
        assert!(compare(&plain, &twice).agree);
        assert!(!compare(&plain, &once).agree);
        assert!(!compare(&plain, &false_error).agree);
        // franz-go's 2 s delivery timeout ends the batch before its
        // metadata wait lets it go out again.
        assert!(compare(&franz, &false_error).agree);
        assert!(!compare(&franz, &twice).agree);
        // kafka-go's Writer is never idempotent, whatever the preset asks.
        assert!(compare(&case("kafka-go", "idempotent"), &twice).agree);
        // A lost event, an event out of order, a hang: never agree.
        assert!(!compare(&plain, &observed("ok", &["Created", "Shipped", "Created"])).agree);
        assert!(
            !compare(
                &plain,
                &observed("ok", &["Paid", "Created", "Shipped", "Paid"])
            )
            .agree
        );
        let hang = compare(&idem, &observed("hangs", &[]));
        assert!(!hang.agree && hang.note.contains("hangs"), "{}", hang.note);
        assert!(
            !compare(
                &franz,
                &observed("error", &["Created", "Created", "Paid", "Shipped"])
            )
            .agree
        );
        assert!(
            !compare(
                &json!({ "client": "nobody", "query": "?scene=producer" }),
                &once
            )
            .agree
        );
    }
}
