//! The simulation's side of the real-Kafka conformance suite.
//!
//! `conformance plan PLAN` writes the cases the Java and Go harnesses run on
//! a real broker, from the same constants and presets the scenes use.
//! `conformance report PLAN FACTS_DIR OUT_DIR MARKDOWN` reads what the real
//! broker and clients did (every `*.json` in FACTS_DIR), computes what the
//! simulation core says for the same input, and writes
//! `OUT_DIR/report.json` and the readable MARKDOWN. It exits non-zero when a
//! case disagrees and no note says why, when a planned case did not run, or
//! when a case listed as a known difference has started to agree.

mod crash;
mod golens;
mod group;
mod group_consumer;
mod keyless;
mod lens_consumer;
mod lens_defaults;
mod lens_lost_answer;
mod lens_producer;
mod lens_reset;
mod lens_retry;
mod log;
mod pipeline;
mod producer;
mod replication;
mod report;
mod routing;
mod share;

use serde_json::{json, Value};
use std::path::Path;
use std::process::ExitCode;

/// What the simulation says for one case, and whether it matches Kafka.
pub struct Verdict {
    pub sim: Value,
    pub agree: bool,
    /// Why it differs, or what the comparison looked at.
    pub note: String,
}

impl Verdict {
    pub fn new(sim: Value, agree: bool, note: impl Into<String>) -> Self {
        Verdict {
            sim,
            agree,
            note: note.into(),
        }
    }
}

/// One area of the suite: the plan section its harness reads, the case
/// names that plan promises, and the comparison of one case.
pub struct Area {
    pub name: &'static str,
    pub plan: fn() -> Value,
    pub expected_cases: fn(&Value) -> Vec<String>,
    pub compare: fn(&Value, &Value) -> Verdict,
}

pub const AREAS: [Area; 17] = [
    routing::AREA,
    keyless::AREA,
    log::AREA,
    group::AREA,
    crash::AREA,
    producer::AREA,
    replication::AREA,
    pipeline::AREA,
    golens::AREA,
    lens_producer::AREA,
    lens_lost_answer::AREA,
    lens_retry::AREA,
    lens_consumer::AREA,
    lens_defaults::AREA,
    lens_reset::AREA,
    group_consumer::AREA,
    share::AREA,
];

fn plan() -> Value {
    let mut plan = serde_json::Map::new();
    for area in &AREAS {
        plan.insert(area.name.to_owned(), (area.plan)());
    }
    Value::Object(plan)
}

fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(args: &[String]) -> Result<bool, String> {
    match args {
        [cmd, out] if cmd == "plan" => {
            let text = serde_json::to_string_pretty(&plan()).expect("a plan serialises");
            write(Path::new(out), &text)?;
            Ok(true)
        }
        [cmd, plan_path, facts_dir, out_dir, markdown] if cmd == "report" => {
            let plan = read_json(Path::new(plan_path))?;
            let mut facts = Vec::new();
            // No folder means no harness got as far as writing: every
            // planned case is then reported as not run.
            let mut entries: Vec<_> = std::fs::read_dir(facts_dir)
                .into_iter()
                .flatten()
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            entries.sort();
            for path in entries {
                facts.push(read_json(&path)?);
            }
            let report = report::build(&plan, &facts);
            let text = serde_json::to_string_pretty(&report.json).expect("a report serialises");
            write(&Path::new(out_dir).join("report.json"), &text)?;
            write(Path::new(markdown), &report.markdown)?;
            for line in &report.problems {
                eprintln!("conformance: {line}");
            }
            println!(
                "conformance: {} known differences, each shown to the learner or tracked (see CONFORMANCE.md)",
                report.known
            );
            println!("conformance: {} passed, {} failed", report.passed, report.failed);
            Ok(report.problems.is_empty())
        }
        _ => Err(
            "usage: conformance plan PLAN.json | conformance report PLAN.json FACTS_DIR OUT_DIR CONFORMANCE.md"
                .into(),
        ),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("conformance: {e}");
            ExitCode::from(2)
        }
    }
}

/// `value` as a JSON array of strings, or nothing.
pub fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// `value` as a JSON array of unsigned numbers, or nothing.
pub fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default()
}

/// A field every case of an area must have: missing means the harness and
/// the plan disagree, which is a failure, not a default.
pub fn field<'a>(value: &'a Value, name: &str) -> Result<&'a Value, String> {
    value
        .get(name)
        .filter(|v| !v.is_null())
        .ok_or_else(|| format!("missing \"{name}\""))
}

/// The case names of an area whose plan lists its `cases`, each with a
/// `name`: `area/name`.
pub fn named_cases(plan: &Value, area: &str) -> Vec<String> {
    plan["cases"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| format!("{area}/{}", c["name"].as_str().unwrap_or("")))
        .collect()
}

/// A verdict for a case whose facts cannot be read.
pub fn unreadable(error: String) -> Verdict {
    Verdict::new(json!(null), false, format!("facts unreadable: {error}"))
}
