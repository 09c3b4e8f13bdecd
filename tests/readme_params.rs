//! The README's table of link parameters is the declaration's: every
//! declared parameter of every scene with its values and default, and
//! nothing else, so the docs cannot drift from what a link accepts.
//!
//! After changing a declaration, `UPDATE_README=1 cargo test --test
//! readme_params` writes the new table into the README.

use kafka_ordering_lab::params::declare::{Kind, Param, SHARED};
use kafka_ordering_lab::params::SceneId;

/// What values the parameter takes, in the README's words.
fn shape(param: &Param) -> String {
    let ticked = |ids: &[&str]| {
        let ids: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
        match ids.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    };
    match &param.kind {
        Kind::Number(r) if *r.end() == u64::MAX => "any unsigned 64-bit number".to_owned(),
        Kind::Number(r) => format!("{}–{}", r.start(), r.end()),
        Kind::Choice(ids) => ticked(ids),
        Kind::Flag => ticked(&["1", "0"]),
        Kind::Text { form, example, .. } => format!("{form}, e.g. `{example}`"),
    }
}

fn row(scene: Option<SceneId>, param: &Param) -> String {
    let scene = scene.map_or(String::new(), |s| format!("scene `{}`: ", s.id()));
    let default = if param.default.is_empty() {
        "none".to_owned()
    } else {
        format!("`{}`", param.default)
    };
    // A `|` in a cell would end it, even inside backticks.
    let meaning = format!("{scene}{}; {}", param.doc, shape(param)).replace('|', "\\|");
    format!("| `{}` | {meaning} | {default} |", param.name)
}

fn table() -> String {
    let mut lines = vec![
        "| parameter | meaning | default |".to_owned(),
        "|---|---|---|".to_owned(),
    ];
    lines.extend(SHARED.iter().map(|p| row(None, p)));
    for scene in SceneId::ALL {
        lines.extend(scene.params().iter().map(|p| row(Some(scene), p)));
    }
    lines.join("\n") + "\n"
}

/// The README's text, and where its table of parameters is: the first
/// table of the "## Links" section.
fn readme_table(readme: &str) -> Option<(usize, usize)> {
    let section = readme.find("\n## Links\n")?;
    let start = section + readme[section..].find("\n|")? + 1;
    let end = readme[start..]
        .find("\n\n")
        .map_or(readme.len(), |n| start + n + 1);
    Some((start, end))
}

#[test]
fn the_readme_lists_exactly_the_declared_parameters() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (start, end) = readme_table(&readme).expect("README: ## Links has a table");
    let expected = table();
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{expected}{}", &readme[..start], &readme[end..]);
        std::fs::write(path, updated).unwrap();
        return;
    }
    assert!(
        readme[start..end] == expected,
        "README.md's parameter table is not the declaration's; run \
         UPDATE_README=1 cargo test --test readme_params, or write:\n{expected}"
    );
}

/// The embedding section's table of parts names, for every scene, the parts
/// its `part` parameter declares, in the declared order (the embedded
/// default first); `all` is described in the text.
#[test]
fn the_readme_lists_every_scenes_parts_for_course_authors() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let section = &readme[readme.find("\n## Embedding").expect("README: ## Embedding")..];
    for scene in SceneId::ALL {
        let declared: Vec<&str> = scene
            .params()
            .iter()
            .find(|p| p.name == "part")
            .and_then(|p| match p.kind {
                Kind::Choice(ids) => Some(ids.iter().copied().filter(|id| *id != "all").collect()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{scene:?} declares its parts"));
        let row = section
            .lines()
            .find(|l| l.starts_with(&format!("| `{}` |", scene.id())))
            .unwrap_or_else(|| panic!("README: no parts row for {}", scene.id()));
        let cell = row.split('|').nth(2).unwrap();
        // The ids are the cell's ticked words that are not in parentheses.
        let mut listed = Vec::new();
        let mut depth = 0;
        for (i, piece) in cell.split('`').enumerate() {
            if i % 2 == 1 && depth == 0 {
                listed.push(piece);
            } else if i % 2 == 0 {
                depth += piece.matches('(').count();
                depth -= piece.matches(')').count().min(depth);
            }
        }
        assert_eq!(listed, declared, "README's parts for {}", scene.id());
    }
}
