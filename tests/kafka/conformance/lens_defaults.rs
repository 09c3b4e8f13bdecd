//! Each client's defaults, read off the wire: the routing scene's keyed
//! program, which every tab prints without an acks setting, runs against a
//! broker behind the fault proxy (tests/kafka/java/.../Proxy.java), which
//! faults nothing here and records the `acks` field of every Produce
//! request it passes on. The case agrees when each of the program's
//! requests asks for the acks the model gives the client's default
//! (`GoClient::default_acks`), the one the replication lens warns about
//! (`lens_default_acks`).

use crate::{field, named_cases, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::GoClient;
use kafka_ordering_lab::sim::producer::Acks;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-defaults",
    plan,
    expected_cases,
    compare,
};

/// The routing scene's keyed record: the program sets the partitioner and
/// nothing about acks.
const QUERY: &str = "scene=routing&key=order-7&partitions=3";
const PARTITIONS: u32 = 3;
/// One record, flushed: the slowest client's own wait (kafka-go's
/// one-second BatchTimeout) is a small part of it.
const TIMEOUT_MS: u64 = 30_000;

/// `acks` as a Produce request carries it: all is -1.
fn wire(acks: Acks) -> i64 {
    match acks {
        Acks::None => 0,
        Acks::Leader => 1,
        Acks::All => -1,
    }
}

/// Whether a program sets acks in any client's spelling (RequiredAcks,
/// kgo.RequiredAcks, "acks", ACKS_CONFIG): such a program would not show
/// the default.
fn sets_acks(code: &str) -> bool {
    code.to_lowercase().contains("acks")
}

/// A case per tab, each with its own topic and Go package. The plan
/// refuses a program that sets acks.
fn plan() -> Value {
    let cases: Vec<Value> = GoClient::ALL
        .into_iter()
        .map(|client| {
            let (_, code) = crate::golens::printed(QUERY, client);
            assert!(
                !sets_acks(&code),
                "{QUERY}: the {} program sets acks",
                client.id()
            );
            json!({
                "name": format!("{}/routing", client.id()),
                "client": client.id(),
                "query": QUERY,
                "topic": format!("lens-defaults.{}", client.id()),
                "partitions": PARTITIONS,
                "package": format!("defaults_{}", client.id().replace('-', "_")),
                "code": code,
            })
        })
        .collect();
    json!({
        "bootstrap": crate::golens::BOOTSTRAP,
        "topic": crate::golens::TOPIC,
        "timeout_ms": TIMEOUT_MS,
        "cases": cases,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-defaults")
}

/// What a harness saw: how the program ended (`ok`, `error`, `hangs`), its
/// last words when it did not end well, and the `acks` of each Produce
/// request to the case's topic, in the order they reached the proxy.
fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(GoClient, String, Vec<i64>), String> {
        let (client, _) = crate::golens::case_link(input)?;
        let ended = field(observed, "ended")?
            .as_str()
            .ok_or("ended")?
            .to_owned();
        let acks = field(observed, "acks")?
            .as_array()
            .ok_or("acks")?
            .iter()
            .map(|a| a.as_i64().ok_or("acks"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((client, ended, acks))
    };
    let (client, ended, acks) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let model = client.default_acks();
    let want = wire(model);
    let sim = json!({ "acks": want });
    let id = client.id();
    let seen = acks
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if ended != "ok" {
        let said = observed["output"].as_str().unwrap_or("").trim();
        return Verdict::new(
            sim,
            false,
            format!(
                "the {id} program {ended} ({said}), its Produce requests asking for acks [{seen}]"
            ),
        );
    }
    if acks.is_empty() {
        return Verdict::new(
            sim,
            false,
            format!("the {id} program sent no Produce request"),
        );
    }
    let agree = acks.iter().all(|&a| a == want);
    let note = format!(
        "{id}'s Produce requests ask for acks [{seen}]; the model's default is acks={} ({want})",
        model.id()
    );
    Verdict::new(sim, agree, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_ordering_lab::golens::measured::default_acks_case;

    #[test]
    fn every_tab_is_planned_under_the_name_the_lens_gives_it() {
        let plan = plan();
        let names = expected_cases(&plan);
        for client in GoClient::ALL {
            assert!(
                names.contains(&default_acks_case(client)),
                "{} not planned",
                default_acks_case(client)
            );
        }
        assert_eq!(names.len(), GoClient::ALL.len());
        for c in plan["cases"].as_array().unwrap() {
            assert!(!sets_acks(c["code"].as_str().unwrap()), "{}", c["name"]);
        }
    }

    #[test]
    fn a_program_that_sets_acks_is_recognised() {
        assert!(sets_acks("cfg.Producer.RequiredAcks = sarama.WaitForAll"));
        assert!(sets_acks("kgo.RequiredAcks(kgo.LeaderAck()),"));
        assert!(sets_acks("\"acks\": \"all\","));
        assert!(sets_acks("props.put(ProducerConfig.ACKS_CONFIG, \"all\");"));
    }

    fn observed(ended: &str, acks: &[i64]) -> Value {
        json!({ "ended": ended, "output": "panic: boom", "acks": acks })
    }

    fn case(client: &str) -> Value {
        json!({ "client": client, "query": QUERY })
    }

    #[test]
    fn each_client_agrees_only_with_its_own_default() {
        assert!(compare(&case("sarama"), &observed("ok", &[1])).agree);
        assert!(!compare(&case("sarama"), &observed("ok", &[-1])).agree);
        assert!(compare(&case("kafka-go"), &observed("ok", &[0])).agree);
        assert!(!compare(&case("kafka-go"), &observed("ok", &[0, 1])).agree);
        for c in ["franz-go", "confluent-kafka-go", "java"] {
            assert!(compare(&case(c), &observed("ok", &[-1, -1])).agree, "{c}");
            assert!(!compare(&case(c), &observed("ok", &[1])).agree, "{c}");
        }
        assert!(!compare(&case("java"), &observed("ok", &[])).agree);
        assert!(!compare(&case("java"), &observed("hangs", &[-1])).agree);
        assert!(!compare(&case("nobody"), &observed("ok", &[-1])).agree);
    }
}
