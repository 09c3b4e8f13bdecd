//! Reads, on standard input, a JSON array of texts a page showed, and
//! prints, as a JSON array, each text's faults against the glossary
//! (`kafka_ordering_lab::i18n::glossary`): the browser test
//! `glossary.test.mjs` asks the app's own rules rather than a second copy
//! of them in JavaScript.
//!
//! Usage: `cargo run -q --example glossary-check < texts.json`

use kafka_ordering_lab::i18n::glossary::{faults, ruled_out};
use serde_json::Value;
use std::io::Read;

fn main() {
    let mut input = String::new();
    std::io::stdin()
        .read_to_string(&mut input)
        .expect("texts on standard input");
    let texts: Vec<String> = serde_json::from_str(&input).expect("a JSON array of strings");
    let rules = ruled_out();
    let found: Vec<Value> = texts
        .iter()
        .map(|text| Value::from(faults(text, &rules)))
        .collect();
    println!("{}", Value::from(found));
}
