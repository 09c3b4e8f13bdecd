//! The application's partitioning rules the scenes model, as Go and Java
//! source for [`custom`](super::custom)'s hooks.

use super::custom::Rule;
use super::{go_quote, java_quote, tr};
use crate::params::Lang;
use crate::sim::scenes::repartition::{key_hash, order_key, ORDERS};

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
pub(super) fn two_phase(lang: Lang, from: u32, to: u32) -> Rule {
    let table = two_phase_table(from, to);
    let from = from.max(1);
    let note = tr(
        lang,
        &format!("двухфазная миграция {from} → {to}: эти заказы сцены переезжают (murmur2 % {from} ≠ murmur2 % {to}); каждый остаётся в старой партиции, пока группа её не дочитает"),
        &format!("two-phase migration {from} → {to}: these of the scene's orders move (murmur2 % {from} ≠ murmur2 % {to}); each stays on its old partition until the group has drained it"),
    );
    let drained = tr(
        lang,
        "приложение ставит флаг, когда группа дочитала старую партицию до переключения",
        "the application sets a flag once the group has read an old partition up to the switch",
    );
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
