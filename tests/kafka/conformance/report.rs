//! Joins the plan, the real facts and the simulation's verdicts into
//! `report.json` and CONFORMANCE.md.

use crate::{Verdict, AREAS};
use kafka_ordering_lab::golens::measured::Situation;
use kafka_ordering_lab::golens::GoClient;
use kafka_ordering_lab::i18n::t;
use kafka_ordering_lab::i18n::Lang;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Cases where the simulation differs from Kafka and the difference is
/// known: an illustrative simplification that the scene states to the
/// learner. Each is counted apart, never as passed; one that starts to
/// agree is reported, so the list cannot go stale. Since the truth pass
/// (issue 18) every case agrees, and the list is empty.
const KNOWN: &[(&str, &str)] = &[];

pub struct Report {
    pub json: Value,
    pub markdown: String,
    pub passed: usize,
    pub failed: usize,
    pub known: usize,
    pub problems: Vec<String>,
}

struct Row {
    name: String,
    area: &'static str,
    input: Value,
    kafka: Value,
    verdict: Verdict,
    status: Status,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Passed,
    Known,
    Failed,
}

fn known(name: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .find(|(prefix, _)| name == *prefix || name.starts_with(&format!("{prefix}/")))
        .map(|(_, note)| *note)
}

/// One line for an area's planned cases that no harness reported: a harness
/// that fails reports none of its cases, and a line for each of them would
/// push the harness's own error out of the end of a long log.
fn missing_line(area: &str, missing: &[String]) -> Option<String> {
    const SHOWN: usize = 3;
    let first = missing.first()?;
    if missing.len() == 1 {
        return Some(format!("{first}: planned, but no harness reported it"));
    }
    let shown = missing[..missing.len().min(SHOWN)].join(", ");
    let more = missing.len().saturating_sub(SHOWN);
    let rest = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    Some(format!(
        "{area}: {} planned cases that no harness reported: {shown}{rest}",
        missing.len()
    ))
}

pub fn build(plan: &Value, facts: &[Value]) -> Report {
    let mut cases: BTreeMap<String, (&str, &Value)> = BTreeMap::new();
    let mut clients = Map::new();
    let mut kafka_version = Value::Null;
    for file in facts {
        if let Some(v) = file.get("kafka_version").filter(|v| !v.is_null()) {
            kafka_version = v.clone();
        }
        if let Some(c) = file.get("clients").and_then(Value::as_object) {
            clients.extend(c.clone());
        }
        for case in file
            .get("cases")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let name = case.get("name").and_then(Value::as_str).unwrap_or("");
            let area = case.get("area").and_then(Value::as_str).unwrap_or("");
            cases.insert(name.to_owned(), (area, case));
        }
    }

    let mut rows = Vec::new();
    let mut problems = Vec::new();
    for area in &AREAS {
        let section = plan.get(area.name).cloned().unwrap_or(Value::Null);
        let mut missing = Vec::new();
        for name in (area.expected_cases)(&section) {
            let Some((_, case)) = cases.remove(&name) else {
                missing.push(name.clone());
                rows.push(Row {
                    name,
                    area: area.name,
                    input: Value::Null,
                    kafka: Value::Null,
                    verdict: Verdict::new(Value::Null, false, "not run"),
                    status: Status::Failed,
                });
                continue;
            };
            let input = case.get("input").cloned().unwrap_or(Value::Null);
            let kafka = case.get("observed").cloned().unwrap_or(Value::Null);
            let mut verdict = (area.compare)(&input, &kafka);
            let status = match (verdict.agree, known(&name)) {
                (true, None) => Status::Passed,
                (true, Some(_)) => {
                    problems.push(format!(
                        "{name}: now agrees with Kafka; take it off the list of known differences"
                    ));
                    Status::Failed
                }
                (false, Some(why)) => {
                    verdict.note = format!("{why} {}", verdict.note).trim().to_owned();
                    Status::Known
                }
                (false, None) => {
                    problems.push(format!("{name}: {}", verdict.note));
                    Status::Failed
                }
            };
            rows.push(Row {
                name,
                area: area.name,
                input,
                kafka,
                verdict,
                status,
            });
        }
        if let Some(line) = missing_line(area.name, &missing) {
            problems.push(line);
        }
    }
    for name in cases.keys() {
        problems.push(format!("{name}: reported, but not in the plan"));
    }

    let count = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let (passed, known_n) = (count(Status::Passed), count(Status::Known));
    let failed = rows.len() - passed - known_n + cases.len();
    let json = json!({
        "kafka_version": kafka_version,
        "clients": clients,
        "cases": rows.iter().map(|r| json!({
            "name": r.name,
            "area": r.area,
            "input": r.input,
            "kafka": r.kafka,
            "sim": r.verdict.sim,
            "agree": r.verdict.agree,
            "known_difference": r.status == Status::Known,
            "note": r.verdict.note,
        })).collect::<Vec<_>>(),
    });
    let markdown = markdown(&kafka_version, &clients, &rows, passed, failed, known_n);
    Report {
        json,
        markdown,
        passed,
        failed,
        known: known_n,
        problems,
    }
}

fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

fn markdown(
    kafka_version: &Value,
    clients: &Map<String, Value>,
    rows: &[Row],
    passed: usize,
    failed: usize,
    known: usize,
) -> String {
    let mut md = String::from(
        "# Conformance: the simulation against a real Kafka\n\n\
         Generated by `make conformance` (tests/kafka/): every case runs on a real Apache Kafka \
         broker in KRaft mode with the real clients, and the simulation core computes the same \
         case from the same input. Do not edit by hand.\n\n",
    );
    md.push_str(&format!(
        "- Kafka: {}\n",
        kafka_version.as_str().unwrap_or("unknown")
    ));
    for (name, version) in clients {
        md.push_str(&format!("- {name}: {}\n", version.as_str().unwrap_or("?")));
    }
    md.push_str(&format!(
        "\n**{passed} agree, {known} known differences, {failed} failed.**\n\n"
    ));
    md.push_str("| area | cases | agree | known difference | failed |\n|---|---|---|---|---|\n");
    for area in &AREAS {
        let of: Vec<&Row> = rows.iter().filter(|r| r.area == area.name).collect();
        let n = |s: Status| of.iter().filter(|r| r.status == s).count();
        md.push_str(&format!(
            "| {} | {} | {} | {} | {} |\n",
            area.name,
            of.len(),
            n(Status::Passed),
            n(Status::Known),
            n(Status::Failed)
        ));
    }
    md.push_str(&what_your_client_does(rows));
    for area in &AREAS {
        md.push_str(&format!(
            "\n## {}\n\n| case | result | note |\n|---|---|---|\n",
            area.name
        ));
        for r in rows.iter().filter(|r| r.area == area.name) {
            let result = match r.status {
                Status::Passed => "agrees",
                Status::Known => "known difference",
                Status::Failed => "**FAILED**",
            };
            md.push_str(&format!(
                "| `{}` | {result} | {} |\n",
                r.name,
                cell(&r.verdict.note)
            ));
        }
        for r in rows
            .iter()
            .filter(|r| r.area == area.name && r.status != Status::Passed)
        {
            md.push_str(&format!(
                "\n<details><summary><code>{}</code>: Kafka and the simulation</summary>\n\n\
                 Kafka: `{}`\n\nSimulation: `{}`\n\n</details>\n",
                r.name,
                cell(&r.kafka.to_string()),
                cell(&r.verdict.sim.to_string())
            ));
        }
    }
    md
}

/// The table the Go lens shows (kafka_ordering_lab::golens::measured): the
/// model's outcome of each client in each situation, and whether its case
/// agreed on the broker.
fn what_your_client_does(rows: &[Row]) -> String {
    let mut md = String::from(
        "\n## What your client does\n\n\
         The Go lens's table (`src/golens/measured.rs`): each cell is the model's outcome and the \
         case that ran it here; ✓ when the broker agreed.\n\n| situation |",
    );
    for c in GoClient::ALL {
        md.push_str(&format!(" {} |", c.id()));
    }
    md.push_str(&format!("\n|---|{}\n", "---|".repeat(GoClient::ALL.len())));
    for s in Situation::ALL {
        md.push_str(&format!("| {} |", cell(t(Lang::En, s.msg()))));
        for c in GoClient::ALL {
            let case = s.case(c);
            let mark = match rows.iter().find(|r| r.name == case).map(|r| r.status) {
                Some(Status::Passed) => "✓",
                Some(_) => "✗",
                None => "not run",
            };
            md.push_str(&format!(
                " {} {mark} (`{case}`) |",
                cell(t(Lang::En, s.outcome(c).msg()))
            ));
        }
        md.push('\n');
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_of_the_lens_table_is_a_planned_case() {
        let plan = crate::plan();
        let planned: Vec<String> = AREAS
            .iter()
            .flat_map(|a| (a.expected_cases)(&plan[a.name]))
            .collect();
        for s in Situation::ALL {
            for c in GoClient::ALL {
                assert!(planned.contains(&s.case(c)), "{}", s.case(c));
            }
        }
    }

    fn names(n: usize) -> Vec<String> {
        (1..=n).map(|i| format!("routing/sarama/p{i}")).collect()
    }

    #[test]
    fn an_area_whose_harness_failed_takes_one_line() {
        assert_eq!(missing_line("routing", &[]), None);
        assert_eq!(
            missing_line("routing", &names(1)).as_deref(),
            Some("routing/sarama/p1: planned, but no harness reported it")
        );
        assert_eq!(
            missing_line("routing", &names(3)).as_deref(),
            Some("routing: 3 planned cases that no harness reported: routing/sarama/p1, routing/sarama/p2, routing/sarama/p3")
        );
        assert_eq!(
            missing_line("routing", &names(12)).as_deref(),
            Some("routing: 12 planned cases that no harness reported: routing/sarama/p1, routing/sarama/p2, routing/sarama/p3 and 9 more")
        );
    }

    #[test]
    fn with_no_facts_each_area_is_one_line() {
        let plan = crate::plan();
        let report = build(&plan, &[]);
        let areas = AREAS
            .iter()
            .filter(|a| !(a.expected_cases)(&plan[a.name]).is_empty())
            .count();
        assert_eq!(report.problems.len(), areas, "{:#?}", report.problems);
        assert_eq!(report.passed, 0);
    }
}
