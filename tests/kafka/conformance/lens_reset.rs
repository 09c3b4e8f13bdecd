//! Where the Go lens's repartition program starts a partition its group has
//! no committed offset for. The lens warns that sarama, librdkafka and Java
//! start such a partition at its end by default (`GoClient::
//! starts_at_the_end_by_default`), and prints the explicit earliest setting
//! on their tabs; franz-go and kafka-go start at the start by default.
//!
//! Each tab's program for the repartition scene's new-topic link runs as
//! printed (case `repartition`), and, on the three tabs that print a fix,
//! as the warning describes it, without the earliest line
//! (`golens::snippet_as_warned`; case `repartition-default`). The new-topic
//! link is the one whose program consumes the topic it starts with: its
//! admin call creates `orders-v2` beside it, which the harness names per
//! case. Only the broker address, the topics and the group id are
//! replaced, and the hooks of area lens-consumer report each record's
//! handling.
//!
//! The harness writes a record to every partition of the topic before the
//! program starts, with no offset committed for its group; once the group
//! is stable with the program's member owning every partition, it writes
//! a probe record to each partition, and again (a new probe) every
//! `PROBE_MS` to each partition whose probes the program has not handled
//! yet: a client that looks the end up only after the group is stable
//! skips the probes written before it did. The case ends when a probe of
//! every partition is handled. The fact is whether the records written
//! before the program started were handled: the model says all of them
//! where the program starts at the start, none where it starts at the end.

use crate::{field, named_cases, strings, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{snippet_as_warned, GoClient, ORDER_EVENTS};
use kafka_ordering_lab::params::AppParams;
use kafka_ordering_lab::scenes::workers::model::order_key;
use kafka_ordering_lab::sim::consumer::OffsetReset;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "lens-reset",
    plan,
    expected_cases,
    compare,
};

/// The link whose program runs: the repartition scene, a new topic, a
/// group that should read its topic from the start.
pub const QUERY: &str = "scene=repartition&strategy=new-topic&auto-offset-reset=earliest";

/// The literals the harness replaces, as in area lens-consumer, and the
/// topic the Go programs' admin call creates (Java's admin is a note).
const BOOTSTRAP: &str = crate::golens::BOOTSTRAP;
const TOPIC: &str = crate::golens::TOPIC;
const GROUP: &str = "\"orders-group\"";
const NEW_TOPIC: &str = "\"orders-v2\"";
const GO_HANDLER: &str = "func handle(key, value []byte) {";
const JAVA_HANDLING: &str = "System.out.println(r.key() + \" \" + r.value())";

/// How often a new probe is written to a partition whose probes are not
/// handled yet. Not a wait the outcome depends on: every probe the program
/// handles is written after the group was stable, and the records the
/// fact is about were written before the program started.
const PROBE_MS: u64 = 1_000;

/// A bound that stops a program that never joins or never handles a
/// probe, not a wait.
const TIMEOUT_MS: u64 = 60_000;

/// The case's name under its client.
fn case_id(client_default: bool) -> &'static str {
    if client_default {
        "repartition-default"
    } else {
        "repartition"
    }
}

/// The program a case runs, in English: the tab's, or the one its warning
/// describes.
fn code(client: GoClient, client_default: bool) -> String {
    let (params, printed) = crate::golens::printed(QUERY, client);
    if !client_default {
        return printed;
    }
    snippet_as_warned(&params, client)
        .expect("a lens for the repartition scene")
        .code()
}

/// Every tab's printed program, and the program its warning describes
/// where that differs.
fn programs() -> Vec<(GoClient, bool)> {
    let mut programs = Vec::new();
    for client in GoClient::ALL {
        programs.push((client, false));
        if code(client, true) != code(client, false) {
            programs.push((client, true));
        }
    }
    programs
}

/// The partitions of the topic the program starts with: the scene's.
fn partitions() -> u32 {
    crate::golens::printed(QUERY, GoClient::Java)
        .0
        .repartition
        .from
}

fn plan() -> Value {
    let mut cases = Vec::new();
    for (client, client_default) in programs() {
        let code = code(client, client_default);
        let hook = if client.is_go() {
            GO_HANDLER
        } else {
            JAVA_HANDLING
        };
        let mut literals = vec![BOOTSTRAP, TOPIC, GROUP, hook];
        if client.is_go() {
            literals.push(NEW_TOPIC);
        }
        for literal in literals {
            assert!(
                code.contains(literal),
                "{QUERY} {}: the program has no {literal} for the harness to replace",
                client.id()
            );
        }
        let id = case_id(client_default);
        let name = format!("lens-reset.{}.{id}", client.id());
        cases.push(json!({
            "name": format!("{}/{id}", client.id()),
            "client": client.id(),
            "query": QUERY,
            "client_default": client_default,
            "topic": name,
            "new_topic": format!("{name}.v2"),
            "group": name,
            "package": format!("reset_{}_{id}", client.id()).replace('-', "_"),
            "code": code,
        }));
    }
    // One record before the program starts on each partition: an order's
    // first event, under the order's key.
    let before: Vec<Value> = (0..partitions())
        .map(|p| json!({"key": order_key(p + 1), "value": ORDER_EVENTS[0], "partition": p}))
        .collect();
    json!({
        "bootstrap": BOOTSTRAP,
        "topic": TOPIC,
        "new_topic": NEW_TOPIC,
        "group": GROUP,
        "handler": GO_HANDLER,
        "java_handling": JAVA_HANDLING,
        "partitions": partitions(),
        "before": before,
        "probe_ms": PROBE_MS,
        "timeout_ms": TIMEOUT_MS,
        "cases": cases,
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "lens-reset")
}

/// Where the program starts a partition with no committed offset: where
/// the link's setting says, unless it is the program the warning
/// describes, which leaves the library's default.
fn start(params: &AppParams, client: GoClient, client_default: bool) -> OffsetReset {
    if client_default && client.starts_at_the_end_by_default() {
        OffsetReset::Latest
    } else {
        params.repartition.offset_reset
    }
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let (client, params) = match crate::golens::case_link(input) {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let read = || -> Result<(&str, Vec<String>, Vec<String>), String> {
        let ended = field(observed, "ended")?.as_str().ok_or("ended")?;
        let handled = strings(field(observed, "before_handled")?);
        let skipped = strings(field(observed, "before_skipped")?);
        Ok((ended, handled, skipped))
    };
    let (ended, handled, skipped) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let client_default = input["client_default"].as_bool().unwrap_or(false);
    let what = format!("the {} {} program", client.id(), case_id(client_default));
    if ended != "ok" {
        let stage = observed["stage"].as_str().unwrap_or("");
        let output = observed["output"].as_str().unwrap_or("");
        return Verdict::new(
            json!(null),
            false,
            format!("{what} ended {ended} {stage}: {output}"),
        );
    }
    let before = handled.len() + skipped.len();
    let at_end = start(&params, client, client_default) == OffsetReset::Latest;
    let sim = json!({
        "starts_at": if at_end { "end" } else { "start" },
        "before_handled": if at_end { 0 } else { before },
    });
    let agree = if at_end {
        handled.is_empty()
    } else {
        skipped.is_empty()
    };
    let note = format!(
        "{what}: the model starts a partition with no committed offset at its {}; of the {before} records written before it started it handled {} and skipped {}",
        if at_end { "end" } else { "start" },
        handled.len(),
        skipped.len()
    );
    Verdict::new(sim, agree, note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kafka_ordering_lab::golens::measured::reset_warning_cases;
    use kafka_ordering_lab::golens::snippet;
    use kafka_ordering_lab::i18n::t;
    use kafka_ordering_lab::params::parse_query;

    /// Every tab runs its printed program; the three whose default start
    /// is the end also run the one their warning describes.
    #[test]
    fn every_tab_is_planned_and_the_warned_ones_twice() {
        let plan = plan();
        let names = expected_cases(&plan);
        assert_eq!(
            names,
            [
                "lens-reset/franz-go/repartition",
                "lens-reset/sarama/repartition",
                "lens-reset/sarama/repartition-default",
                "lens-reset/kafka-go/repartition",
                "lens-reset/confluent-kafka-go/repartition",
                "lens-reset/confluent-kafka-go/repartition-default",
                "lens-reset/java/repartition",
                "lens-reset/java/repartition-default",
            ]
        );
        assert_eq!(plan["before"].as_array().unwrap().len(), 3);
    }

    /// The cases `measured::reset_warning_cases` ties the warning to are
    /// planned, the warning is on their tab for their link, and the program
    /// they run is the printed one without the lines the lens marks as its
    /// fix.
    #[test]
    fn each_reset_warning_case_is_planned_and_runs_the_warned_program() {
        let names = expected_cases(&plan());
        let cases = reset_warning_cases();
        assert_eq!(cases.len(), 3);
        for w in cases {
            assert!(names.contains(&w.case), "{} not planned", w.case);
            assert_eq!(w.query, QUERY);
            let (params, issues) = parse_query(w.query);
            assert!(issues.is_empty(), "{issues:?}");
            let printed = snippet(&params, w.client).unwrap();
            let text = t(params.lang, w.warning);
            assert!(
                printed.warnings.iter().any(|x| x.text == text),
                "{}",
                w.case
            );
            let warned = snippet_as_warned(&params, w.client).unwrap();
            assert_ne!(warned.code(), printed.code(), "{}", w.case);
            let mut kept = warned.lines.iter().peekable();
            for line in &printed.lines {
                if kept.peek().map(|l| &l.text) == Some(&line.text) {
                    kept.next();
                } else {
                    assert!(line.changed, "{}: {} dropped", w.case, line.text);
                }
            }
            assert_eq!(kept.next(), None, "{}", w.case);
        }
        // franz-go's and kafka-go's tabs print no fix: the warning is not
        // theirs.
        let (params, _) = parse_query(QUERY);
        for c in [GoClient::FranzGo, GoClient::KafkaGo] {
            assert!(!c.starts_at_the_end_by_default());
            assert_eq!(
                snippet_as_warned(&params, c).unwrap().code(),
                snippet(&params, c).unwrap().code()
            );
        }
    }

    #[test]
    fn the_comparator_expects_the_default_start() {
        let observed = |handled: &[&str], skipped: &[&str]| json!({"ended": "ok", "before_handled": handled, "before_skipped": skipped});
        let input = |client: &str, client_default: bool| json!({"client": client, "query": QUERY, "client_default": client_default});
        let all = observed(&["order-1 Created"], &[]);
        let none = observed(&[], &["order-1 Created"]);
        for (client, default) in [
            ("franz-go", false),
            ("kafka-go", false),
            ("sarama", false),
            ("java", false),
        ] {
            assert!(compare(&input(client, default), &all).agree, "{client}");
            assert!(!compare(&input(client, default), &none).agree, "{client}");
        }
        for client in ["sarama", "confluent-kafka-go", "java"] {
            assert!(compare(&input(client, true), &none).agree, "{client}");
            assert!(!compare(&input(client, true), &all).agree, "{client}");
        }
        let hangs =
            json!({"ended": "hangs", "stage": "join", "before_handled": [], "before_skipped": []});
        assert!(!compare(&input("java", true), &hangs).agree);
    }
}
