//! What a build carries of a built-in level file: its settings and the
//! sections of the languages built in, without comments or blank lines.
//! The comments are for the people who edit the files (why a wrong solution
//! is wrong), and a bundle of one language never shows the other's words;
//! both were a tenth of the bundle's data in every scene's bundle, as the
//! level map lists every level.
//!
//! build.rs writes the stripped files the app includes (it reads this file
//! as a module of its own, so the two cannot differ); the host tests check
//! that a stripped file reads as its source does.

/// `text` without comments and blank lines, and without any `[section]`
/// whose name is not in `keep`. Lines are kept trimmed, as the level
/// parser reads them (src/levels/format.rs `parse`).
pub fn strip(text: &str, keep: &[&str]) -> String {
    let mut out = String::new();
    let mut kept = true;
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            kept = keep.contains(&name.trim());
        }
        if kept {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// What a build carries of a level whose scene it leaves out: the lines
/// the level map and a link to the level need, that is its start, its par
/// and its titles. Its story, hints, goals and solutions are read only by
/// a bundle that has its scene, where the level opens; a scene's bundle
/// carried all fifteen levels' words (2.7 KB gzip of the pipeline's Russian
/// one, 2026-12-05).
pub fn listing(text: &str, keep: &[&str]) -> String {
    strip(text, keep)
        .lines()
        .filter(|line| {
            line.starts_with('[')
                || matches!(
                    line.split_once('=').map(|(key, _)| key.trim()),
                    Some("start" | "par" | "title")
                )
        })
        .map(|line| format!("{line}\n"))
        .collect()
}
