//! The crate's layers only point down. Every `crate::` path in the code of
//! `src/` (comments left out) is an edge from the top-level module that
//! writes it to the one it names, and the edges must form no cycle: each
//! module can then be read and tested with only what is below it. From
//! the bottom: the simulation core (`sim`, with each scene's model, which
//! lives in the scene's folder, `src/scenes/<scene>/model`), the words
//! (`i18n`), the link's parameters (`params`), the widgets, the scenes, the
//! lesson, the levels and the Go lens, and at the top the app (`route`,
//! `ui`).
//!
//! Beside them, three rules read from the same source: the core names no
//! browser crate, no shipped code formats a float with a precision, and a
//! scene's settings give their words through `scene_words!`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The file's code without its comments: `//` to the end of a line (doc
/// comments included, whose links are not imports) and `/* … */`.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let line_comment = rest.find("//");
        let block_comment = rest.find("/*");
        match (line_comment, block_comment) {
            (Some(l), b) if b.is_none_or(|b| l < b) => {
                code.push_str(&rest[..l]);
                rest = rest[l..].find('\n').map_or("", |end| &rest[l + end..]);
            }
            (_, Some(b)) => {
                code.push_str(&rest[..b]);
                rest = rest[b..].find("*/").map_or("", |end| &rest[b + end + 2..]);
            }
            _ => {
                code.push_str(rest);
                rest = "";
            }
        }
    }
    code
}

/// The layer a path after `crate::` names: its top-level module, but the
/// core for a scene's model (`scenes::<scene>::model`).
fn layer_of(path: &str) -> String {
    let mut segments = path.trim().split("::").map(|s| {
        s.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("")
    });
    let top = segments.next().unwrap_or("").to_owned();
    if top == "scenes" && segments.nth(1) == Some("model") {
        return "sim".to_owned();
    }
    top
}

/// The top-level modules a file's code names through `crate::`, whether
/// as `crate::x::…` or in a group, `crate::{x::…, y}`.
fn named(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        // `$crate::` in a macro is the crate the macro expands in, and its
        // paths are checked where it expands.
        if code[..i].ends_with('$') {
            continue;
        }
        let after = &code[i + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            out.extend(group[..end].split(',').map(layer_of));
        } else {
            out.insert(layer_of(after));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

fn visit(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            visit(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// Each top-level module's edges, with one file that writes each.
fn graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let modules: BTreeSet<String> = files.iter().filter_map(|f| top_module(&src, f)).collect();
    let mut graph = Graph::new();
    for file in &files {
        let Some(from) = top_module(&src, file) else {
            continue;
        };
        let text = fs::read_to_string(file).expect("a source file reads");
        let edges = graph.entry(from.clone()).or_default();
        for to in named(&code_of(&text)) {
            if to != from && modules.contains(&to) {
                let shown = file
                    .strip_prefix(&src)
                    .unwrap_or(file)
                    .display()
                    .to_string();
                edges.entry(to).or_insert(shown);
            }
        }
    }
    graph
}

/// `src/x.rs` and everything under `src/x/` are module `x`, but a
/// scene's model (`src/scenes/<scene>/model.rs` and `model/`) is the
/// core's; the crate's root files (lib.rs, main.rs) are no module's.
fn top_module(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?;
    let parts: Vec<&str> = relative
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .collect();
    if let ["scenes", _, "model" | "model.rs", ..] = parts.as_slice() {
        return Some("sim".to_owned());
    }
    let first = *parts.first()?;
    match first.strip_suffix(".rs") {
        Some("lib" | "main") => None,
        Some(name) => Some(name.to_owned()),
        None => Some(first.to_owned()),
    }
}

/// A cycle through `start`, as the modules in order, if there is one.
fn cycle_from(graph: &Graph, start: &str) -> Option<Vec<String>> {
    fn walk(
        graph: &Graph,
        at: &str,
        start: &str,
        path: &mut Vec<String>,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        for next in graph.get(at).into_iter().flat_map(|e| e.keys()) {
            if next == start {
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(graph, next, start, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.to_owned()];
    walk(graph, start, start, &mut path, &mut BTreeSet::new()).then_some(path)
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    assert!(graph.len() >= 10, "modules found: {:?}", graph.keys());
    for module in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, module) {
            let steps: Vec<String> = cycle
                .iter()
                .zip(cycle.iter().cycle().skip(1))
                .map(|(a, b)| format!("{a} → {b} ({})", graph[a][b]))
                .collect();
            panic!("a cycle: {}", steps.join(", "));
        }
    }
}

/// The bottom two layers: the core imports nothing of the app, and the
/// words nothing but the core, so that neither needs a scene, the lens,
/// a level or the lesson to build.
#[test]
fn the_core_and_the_words_stand_alone() {
    let graph = graph();
    let edges = |m: &str| -> Vec<String> {
        graph[m]
            .iter()
            .map(|(to, file)| format!("{to} ({file})"))
            .collect()
    };
    assert_eq!(edges("sim"), Vec::<String>::new());
    let words: Vec<String> = edges("i18n")
        .into_iter()
        .filter(|e| !e.starts_with("sim "))
        .collect();
    assert_eq!(words, Vec::<String>::new());
}

#[test]
fn comments_are_not_edges_and_groups_are() {
    let code = code_of("use crate::a::X; // crate::b\n/// [`crate::c`]\n/* crate::d */ use crate::{e::Y, f};\nlet m = $crate::g;");
    assert_eq!(named(&code), ["a", "e", "f"].map(String::from).into());
}

#[test]
fn a_scenes_model_is_the_core_and_the_rest_of_its_folder_is_not() {
    let code =
        "use crate::scenes::group::model::Group; use crate::{scenes::log::model::LogScene, i18n};";
    assert_eq!(named(code), ["i18n", "sim"].map(String::from).into());
    let code = "use crate::scenes::group::text::GroupMsg; use crate::scenes::Scene;";
    assert_eq!(named(code), ["scenes"].map(String::from).into());
    let src = Path::new("/r/src");
    for (file, module) in [
        ("/r/src/scenes/group/model.rs", "sim"),
        ("/r/src/scenes/group/model/caption.rs", "sim"),
        ("/r/src/scenes/group/view.rs", "scenes"),
        ("/r/src/scenes/mod.rs", "scenes"),
        ("/r/src/sim/log.rs", "sim"),
    ] {
        assert_eq!(
            top_module(src, Path::new(file)).as_deref(),
            Some(module),
            "{file}"
        );
    }
}

/// The core, the scenes' models with it, builds without the browser: no
/// file of it names a browser crate, so `cargo test --no-default-features`
/// runs every model on the host.
#[test]
fn the_core_names_no_browser_crate() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let core: Vec<_> = files
        .iter()
        .filter(|f| top_module(&src, f).as_deref() == Some("sim"))
        .collect();
    assert!(core.len() > 30, "{core:?}");
    for file in core {
        let code = code_of(&fs::read_to_string(file).expect("a source file reads"));
        for browser in ["yew", "web_sys", "wasm_bindgen", "js_sys", "gloo"] {
            assert!(
                !code.contains(&format!("{browser}::")),
                "{} names {browser}",
                file.display()
            );
        }
    }
}

/// Each `#[cfg(test)] mod name` of a file's code: where it starts, its
/// name, and whether its body is inline (`mod tests { … }`) rather than a
/// file of its own (`mod sweep;`).
fn test_mods(code: &str) -> Vec<(usize, &str, bool)> {
    code.match_indices("#[cfg(test)]")
        .filter_map(|(at, attribute)| {
            let rest = code[at + attribute.len()..].trim_start();
            let decl = rest
                .strip_prefix("pub(crate) ")
                .unwrap_or(rest)
                .strip_prefix("mod ")?;
            let end = decl
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(decl.len());
            let inline = decl[end..].trim_start().starts_with('{');
            Some((at, &decl[..end], inline))
        })
        .collect()
}

/// The code's own text before its first inline test module: what the
/// bundles compile of a file.
fn shipped_part(code: &str) -> &str {
    test_mods(code)
        .into_iter()
        .find(|&(_, _, inline)| inline)
        .map_or(code, |(at, _, _)| &code[..at])
}

/// The files a `#[cfg(test)] mod x;` names: test code, never in a bundle.
fn test_only_files(src: &Path, files: &[std::path::PathBuf]) -> BTreeSet<std::path::PathBuf> {
    let mut out = BTreeSet::new();
    for file in files {
        let code = code_of(&fs::read_to_string(file).expect("a source file reads"));
        let dir = if file
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
        {
            file.parent().unwrap_or(src).to_path_buf()
        } else {
            file.with_extension("")
        };
        for (_, name, _) in test_mods(&code).into_iter().filter(|m| !m.2) {
            out.insert(dir.join(format!("{name}.rs")));
            out.insert(dir.join(name).join("mod.rs"));
        }
    }
    out
}

/// No shipped code formats a float with a precision (`{:.1}`, `{v:.2}`):
/// that pulls core's float formatting into every bundle that reaches it,
/// some 6 KB gzip, where `i18n::fixed` writes the same digits
/// (src/i18n/fixed.rs). The group's lines once did: 6.1 KB gzip of its
/// bundle.
#[test]
fn shipped_code_formats_no_float_with_a_precision() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    let tests_only = test_only_files(&src, &files);
    assert!(
        tests_only.contains(&src.join("scenes").join("sweep.rs")),
        "{tests_only:?}"
    );
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !tests_only.contains(*f)) {
        let code = code_of(&fs::read_to_string(file).expect("a source file reads"));
        for text in shipped_part(&code).lines().filter(|l| has_precision(l)) {
            found.push(format!("{}: {}", file.display(), text.trim()));
        }
    }
    assert!(
        found.is_empty(),
        "float formatting in shipped code:\n{}",
        found.join("\n")
    );
}

/// Whether `text` holds a format argument with a precision: `{`, an
/// optional name, `:`, an optional alignment and width, `.`, then digits,
/// `*` or `name$`, and `}`.
fn has_precision(text: &str) -> bool {
    text.match_indices('{').any(|(i, _)| {
        let rest = text[i + 1..].trim_start_matches(|c: char| c.is_alphanumeric() || c == '_');
        let Some(spec) = rest.strip_prefix(':') else {
            return false;
        };
        let spec = spec
            .trim_start_matches(['<', '>', '^'])
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let Some((precision, _)) = spec.strip_prefix('.').and_then(|p| p.split_once('}')) else {
            return false;
        };
        let named = precision
            .strip_suffix('$')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_alphanumeric() || c == '_'));
        precision == "*"
            || named
            || (!precision.is_empty() && precision.chars().all(|c| c.is_ascii_digit()))
    })
}

#[test]
fn a_precision_is_found_in_each_of_its_forms() {
    for found in [
        "format!(\"{:.1}\", v)",
        "\"M{x1:.1} {y1}\"",
        "\"{:>8.2}\"",
        "\"{v:.prec$}\"",
        "\"{:.*}\"",
    ] {
        assert!(has_precision(found), "{found}");
    }
    for not in [
        "Foo { x: a.b }",
        "\"{:>8}\"",
        "\"{v:?}\"",
        "\"{}.{}\"",
        "\"{x}.5\"",
    ] {
        assert!(!has_precision(not), "{not}");
    }
}

/// Every setting a scene declares gives its words (its label, its choices')
/// through `scene_words!` of its own scene: every bundle declares every
/// scene's settings, and words written as `|l| t(l, …)` would build, show,
/// and quietly come back into every other scene's bundle
/// (src/params/declare.rs).
#[test]
fn a_scenes_setting_words_are_its_own_bundles_alone() {
    let scenes = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join("scenes");
    let mut checked = 0;
    for entry in fs::read_dir(&scenes).expect("src/scenes reads") {
        let folder = entry.expect("an entry").path();
        let file = folder.join("params.rs");
        let Ok(text) = fs::read_to_string(&file) else {
            continue;
        };
        let scene = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let code = code_of(&text);
        for opening in ["label: Some(", "OptionText::Words("] {
            for (i, _) in code.match_indices(opening) {
                let words = code[i + opening.len()..].trim_start();
                let own = words
                    .strip_prefix("scene_words!(")
                    .and_then(|rest| rest.split(',').next())
                    .is_some_and(|named| named.trim().eq_ignore_ascii_case(scene));
                assert!(
                    own,
                    "{}: {opening}… without scene_words!({scene}, …)",
                    file.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked} settings' words read");
}
