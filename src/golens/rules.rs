//! The application's partitioning rules the scenes model, as Go and Java
//! source for [`custom`](super::custom)'s hooks.

use super::custom::Rule;
use super::{go_quote, java_quote, GoLensMsg};
use crate::i18n::Lang;
use crate::i18n::{lens_two_phase_note, t};
use crate::scenes::repartition::model::{key_hash, order_key, ORDERS};
use crate::sim::partitioner::REGIONS;

/// The region split of `sim::partitioner::region_partition`: a key
/// `REGION/…` (up to the first `/`) goes to its region's index in
/// `REGIONS`, modulo the count; any other key is hashed as usual.
pub(crate) fn region(lang: Lang) -> Rule {
    let list = |quote: fn(&str) -> String| {
        REGIONS
            .iter()
            .map(|r| quote(r))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let note = t(lang, GoLensMsg::RegionRuleNote);
    Rule {
        func: "regionPartition",
        kind: "Region",
        go: vec![
            format!("// {note}"),
            format!("var regions = []string{{{}}}", list(go_quote)),
            String::new(),
            "func regionPartition(key []byte, n int) (int, bool) {".to_owned(),
            "\tregion, _, found := bytes.Cut(key, []byte(\"/\"))".to_owned(),
            "\tif !found {".to_owned(),
            "\t\treturn 0, false".to_owned(),
            "\t}".to_owned(),
            "\ti := slices.Index(regions, string(region))".to_owned(),
            "\tif i < 0 {".to_owned(),
            "\t\treturn 0, false".to_owned(),
            "\t}".to_owned(),
            "\treturn i % n, true".to_owned(),
            "}".to_owned(),
        ],
        go_imports: &["bytes", "slices"],
        java: vec![
            format!("// {note}"),
            format!(
                "static final List<String> REGIONS = List.of({});",
                list(java_quote)
            ),
            String::new(),
            "static int regionPartition(byte[] key, int n) {".to_owned(),
            "    String s = new String(key, StandardCharsets.UTF_8);".to_owned(),
            "    int slash = s.indexOf('/');".to_owned(),
            "    int i = slash < 0 ? -1 : REGIONS.indexOf(s.substring(0, slash));".to_owned(),
            "    return i < 0 ? -1 : i % n;".to_owned(),
            "}".to_owned(),
        ],
        java_imports: &["java.nio.charset.StandardCharsets", "java.util.List"],
    }
}

/// The scene's orders that change partition from `from` to `to` under
/// murmur2, each with its old partition: the two-phase table.
pub fn two_phase_table(from: u32, to: u32) -> Vec<(String, u32)> {
    let (from, to) = (from.max(1), to.max(1));
    (1..=ORDERS)
        .filter(|&o| key_hash(o) % from != key_hash(o) % to)
        .map(|o| (order_key(o), key_hash(o) % from))
        .collect()
}

/// The two-phase migration's table and the rule that consults it: a key
/// that moves keeps its old partition until the group has drained that
/// partition; every other key (and a moved one after) takes `h % to`.
pub(crate) fn two_phase(lang: Lang, from: u32, to: u32) -> Rule {
    let table = two_phase_table(from, to);
    let from = from.max(1);
    let note = lens_two_phase_note(lang, from, to);
    let drained = t(lang, GoLensMsg::TheApplicationSetsAFlagOnce);
    let mut go = vec![format!("// {note}")];
    let mut java = vec![format!("// {note}")];
    if table.is_empty() {
        go.push("var moving = map[string]int{}".to_owned());
        java.push("static final Map<String, Integer> MOVING = Map.of();".to_owned());
    } else {
        go.push("var moving = map[string]int{".to_owned());
        java.push("static final Map<String, Integer> MOVING = Map.ofEntries(".to_owned());
        let last = table.len() - 1;
        // As gofmt aligns a literal's values.
        let width = table
            .iter()
            .map(|(k, _)| go_quote(k).len())
            .max()
            .unwrap_or(0);
        for (i, (key, old)) in table.iter().enumerate() {
            let k = format!("{}:", go_quote(key));
            go.push(format!("\t{k:<w$} {old},", w = width + 1));
            let comma = if i == last { "" } else { "," };
            java.push(format!(
                "        Map.entry({}, {old}){comma}",
                java_quote(key)
            ));
        }
        go.push("}".to_owned());
        java.push(");".to_owned());
    }
    go.extend([
        String::new(),
        format!("// {drained}"),
        format!("var drained [{from}]atomic.Bool"),
        String::new(),
        "func twoPhasePartition(key []byte, n int) (int, bool) {".to_owned(),
        "\told, ok := moving[string(key)]".to_owned(),
        "\tif !ok || drained[old].Load() {".to_owned(),
        "\t\treturn 0, false".to_owned(),
        "\t}".to_owned(),
        "\treturn old, true".to_owned(),
        "}".to_owned(),
    ]);
    java.extend([
        format!("// {drained}"),
        format!("static final AtomicIntegerArray DRAINED = new AtomicIntegerArray({from});"),
        String::new(),
        "static int twoPhasePartition(byte[] key, int n) {".to_owned(),
        "    Integer old = MOVING.get(new String(key, StandardCharsets.UTF_8));".to_owned(),
        "    return old == null || DRAINED.get(old) == 1 ? -1 : old;".to_owned(),
        "}".to_owned(),
    ]);
    Rule {
        func: "twoPhasePartition",
        kind: "TwoPhase",
        go,
        go_imports: &["sync/atomic"],
        java,
        java_imports: &[
            "java.nio.charset.StandardCharsets",
            "java.util.Map",
            "java.util.concurrent.atomic.AtomicIntegerArray",
        ],
    }
}
