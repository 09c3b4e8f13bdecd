//! The Go lens's routing snippets, run: the program each tab prints (the
//! four Go clients in the Go harness, Java in the Java harness) for a
//! sample of routing links is built and run against the real broker, and
//! its record must land in the partition the scene shows. Only the broker
//! address and the topic name are replaced, so each program writes to a
//! topic of its own; the plan refuses a snippet in which either literal is
//! missing, so nothing else can drift between what the lens prints and
//! what runs.

use crate::{field, named_cases, unreadable, Area, Verdict};
use kafka_ordering_lab::golens::{snippet, GoClient};
use kafka_ordering_lab::params::{parse_query, AppParams};
use kafka_ordering_lab::sim::partitioner::{route, Route};
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "golens",
    plan,
    expected_cases,
    compare,
};

/// The literals the harness replaces: every snippet connects to this
/// address and writes to this topic.
pub const BOOTSTRAP: &str = "\"localhost:9092\"";
pub const TOPIC: &str = "\"orders\"";

/// Links whose scene shows one partition: keys a Go string literal must
/// quote with care (empty; a quote, a backslash, a newline, an emoji and a
/// NUL), a key whose murmur2 is negative as a signed int, two counts, and
/// the explicit placement, and the region partitioner for two regions.
const QUERIES: [&str; 9] = [
    "scene=routing&key=order-7&partitions=3",
    "scene=routing&key=order-7&partitions=12",
    "scene=routing&key=&partitions=5",
    "scene=routing&key=a%22b%5C%0A%F0%9F%94%91%00&partitions=7",
    "scene=routing&key=customer-42&partitions=6",
    "scene=routing&key=user-1&partitions=4",
    "scene=routing&placement=explicit&explicit-partition=2&partitions=3",
    "scene=routing&placement=region&key=eu%2Forder-1&partitions=6",
    "scene=routing&placement=region&key=asia%2Forder-7&partitions=5",
];

/// The partition the routing scene shows for a link, if it shows one.
fn shown(query: &str) -> Result<u32, String> {
    let (p, issues) = parse_query(query);
    if !issues.is_empty() {
        return Err(format!("{query}: {issues:?}"));
    }
    let key = (!p.routing.key_null).then_some(p.routing.key.as_bytes());
    match route(key, p.routing.partitions.max(1), p.routing.placement()) {
        Route::Hashed { partition } | Route::Region { partition, .. } => Ok(partition),
        Route::Explicit(q) => Ok(q),
        other => Err(format!(
            "{query}: the scene shows no single partition ({other:?})"
        )),
    }
}

/// A lens case's tab and link, as its facts' input names them: the client
/// and the query the case planned.
pub fn case_link(input: &Value) -> Result<(GoClient, AppParams), String> {
    let id = crate::field(input, "client")?.as_str().ok_or("client")?;
    let client = GoClient::from_id(id).ok_or(format!("unknown client {id}"))?;
    let query = crate::field(input, "query")?.as_str().ok_or("query")?;
    let (params, issues) = parse_query(query);
    if !issues.is_empty() {
        return Err(format!("{query}: {issues:?}"));
    }
    Ok((client, params))
}

/// The link's settings and the program its tab prints for `client`, in
/// English; the plan refuses a program without either literal the
/// harnesses replace.
pub fn printed(query: &str, client: GoClient) -> (AppParams, String) {
    let (params, issues) = parse_query(&format!("{query}&lang=en"));
    assert!(issues.is_empty(), "{query}: {issues:?}");
    let code = snippet(&params, client)
        .unwrap_or_else(|| panic!("{query}: no lens"))
        .code();
    for literal in [BOOTSTRAP, TOPIC] {
        assert!(
            code.contains(literal),
            "{query} {}: the program has no {literal} for the harness to replace",
            client.id()
        );
    }
    (params, code)
}

fn plan() -> Value {
    let mut cases = Vec::new();
    for (i, query) in QUERIES.iter().enumerate() {
        for client in GoClient::ALL {
            let (params, code) = printed(query, client);
            let name = format!("{}/q{i}", client.id());
            cases.push(json!({
                "name": name,
                "client": client.id(),
                "query": query,
                "partitions": params.routing.partitions.max(1),
                "topic": format!("golens.{}.q{i}", client.id()),
                "package": format!("q{i}_{}", client.id().replace('-', "_")),
                "code": code,
            }));
        }
    }
    json!({ "bootstrap": BOOTSTRAP, "topic": TOPIC, "cases": cases })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    named_cases(plan, "golens")
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(String, u64, u64), String> {
        let query = field(input, "query")?.as_str().ok_or("query")?.to_owned();
        let partition = field(observed, "partition")?.as_u64().ok_or("partition")?;
        let records = field(observed, "records")?.as_u64().ok_or("records")?;
        Ok((query, partition, records))
    };
    let (query, partition, records) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let want = match shown(&query) {
        Ok(p) => p,
        Err(e) => return unreadable(e),
    };
    let sim = json!({ "partition": want });
    let client = input["client"].as_str().unwrap_or("?");
    if records != 1 {
        return Verdict::new(
            sim,
            false,
            format!("the {client} snippet wrote {records} records, not 1"),
        );
    }
    if partition == u64::from(want) {
        Verdict::new(
            sim,
            true,
            format!("the {client} snippet, run as printed, wrote partition {partition}"),
        )
    } else {
        Verdict::new(
            sim,
            false,
            format!("the {client} snippet wrote partition {partition}; the scene shows {want}"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_go_tab_of_every_sampled_link_is_planned_with_its_literals() {
        let plan = plan();
        let cases = plan["cases"].as_array().unwrap();
        assert_eq!(cases.len(), QUERIES.len() * GoClient::ALL.len());
        for c in cases {
            let code = c["code"].as_str().unwrap();
            let library = if c["client"] == "java" {
                "// org.apache.kafka:"
            } else {
                "// github.com/"
            };
            assert!(code.starts_with(library), "{}", c["name"]);
            assert!(shown(c["query"].as_str().unwrap()).is_ok());
        }
    }

    #[test]
    fn the_scene_s_partition_agrees_and_any_other_or_a_second_record_does_not() {
        let plan = plan();
        let case = &plan["cases"][0];
        let want = shown(case["query"].as_str().unwrap()).unwrap();
        assert!(compare(case, &json!({"partition": want, "records": 1})).agree);
        assert!(!compare(case, &json!({"partition": want + 1, "records": 1})).agree);
        assert!(!compare(case, &json!({"partition": want, "records": 2})).agree);
        assert!(!compare(case, &json!({"records": 1})).agree);
    }
}
