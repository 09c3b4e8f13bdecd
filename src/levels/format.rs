//! The level file: a small text format read by hand, so the app needs no
//! serialisation crate (the bundle is over its size budget already).
//!
//! ```text
//! # a comment; blank lines are skipped
//! start = scene=routing&key-null=1&partitions=6
//! unlock = key-null keyless
//! goal = violations = 0
//! goal = throughput >= 400
//! par = 1
//! solution = key-null=0
//! wrong = keyless=sticky
//!
//! [ru]
//! title = …
//! story = …
//! hint = …
//!
//! [en]
//! title = …
//! story = …
//! hint = …
//! ```
//!
//! Lines are `key = value`; the value runs to the end of the line. Before
//! any `[section]` come the level's settings: `start` (a link's query), the
//! `unlock`ed parameters (names separated by spaces or commas), one `goal`
//! line per goal (`METRIC OP NUMBER`, OP one of `=`, `<=`, `>=`), `par`,
//! the reference `solution` and at least one `wrong` solution (each the
//! query pairs it sets on top of the start). `[ru]` and `[en]` each hold a
//! `title`, a `story` and one `hint` line per hint, in the order they are
//! revealed. Every error names its line.

use super::goals::{Goal, Metric, Op};
use crate::params::{ParamIssue, SceneId};

/// One language's words for a level.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LevelText {
    pub title: String,
    pub story: String,
    pub hints: Vec<String>,
}

/// A level as its file says it, before its links are read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelFile {
    pub start: String,
    pub unlock: Vec<String>,
    pub goals: Vec<Goal>,
    pub par: u32,
    pub solution: String,
    pub wrong: Vec<String>,
    pub ru: LevelText,
    pub en: LevelText,
    /// Where each setting was read, for the messages about what it says.
    pub lines: Lines,
}

/// The line (1-based) each head setting came from; 0 for a file built in
/// memory, such as the author kit's.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lines {
    pub start: usize,
    pub unlock: usize,
    pub goals: Vec<usize>,
    pub par: usize,
    pub solution: usize,
    pub wrong: Vec<usize>,
}

/// What is wrong with a level file, and on which line (1-based; 0 when
/// the problem is something missing from the whole file or a section).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub line: usize,
    pub kind: FormatErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatErrorKind {
    /// Nothing but blank lines and comments.
    Empty,
    /// A `[section]` other than `[ru]` and `[en]`.
    UnknownSection(String),
    /// The same `[section]` twice.
    RepeatedSection(String),
    /// A line that is neither a comment, a section nor `key = value`.
    NotKeyValue,
    /// A key the section does not take; `section` is empty for the head.
    UnknownKey { key: String, section: String },
    /// A key that may appear once, again.
    RepeatedKey(String),
    /// A key with nothing after `=`.
    EmptyValue(String),
    /// A required key is missing from a section (empty: the head).
    MissingKey { key: String, section: String },
    /// `[ru]` or `[en]` is missing.
    MissingSection(String),
    /// `par` is not a whole number.
    BadPar(String),
    /// A goal line not of the form `METRIC OP NUMBER`.
    BadGoal(String),
    /// A goal names no metric the app measures.
    UnknownMetric(String),
    /// The two languages give a different number of hints.
    HintCounts { ru: usize, en: usize },
    /// The start link names no scene.
    StartNoScene,
    /// The start link names a level, a lesson step or the author kit.
    StartNested(String),
    /// The start link does not open cleanly: the app's own message for it.
    StartIssue(ParamIssue),
    /// An unlocked name is not a setting of the scene's run.
    UnlockUnknown { name: String, scene: SceneId },
    /// A goal's figure is not measured in the level's scene.
    NotMeasured { metric: Metric, scene: SceneId },
    /// A solution's pairs do not apply cleanly.
    SolutionIssue(ParamIssue),
    /// A solution changes a setting the level keeps locked.
    SolutionLocked(String),
}

const HEAD_KEYS: [&str; 6] = ["start", "unlock", "goal", "par", "solution", "wrong"];
const TEXT_KEYS: [&str; 3] = ["title", "story", "hint"];

fn err(line: usize, kind: FormatErrorKind) -> FormatError {
    FormatError { line, kind }
}

fn parse_goal(value: &str) -> Result<Goal, FormatErrorKind> {
    let bad = || FormatErrorKind::BadGoal(value.to_owned());
    let words: Vec<&str> = value.split_whitespace().collect();
    let [metric, op, n] = words[..] else {
        return Err(bad());
    };
    let op = Op::from_text(op).ok_or_else(bad)?;
    let value = n.parse::<u64>().map_err(|_| bad())?;
    let metric =
        Metric::from_id(metric).ok_or_else(|| FormatErrorKind::UnknownMetric(metric.to_owned()))?;
    Ok(Goal { metric, op, value })
}

/// Reads a level file, which must have both languages' sections. The first
/// error found is returned; it is about the file's form only; whether its
/// links and goals fit its scene is [`super::Level::parse`]'s to say.
pub fn parse(text: &str) -> Result<LevelFile, FormatError> {
    parse_for(text, &["ru", "en"])
}

/// Reads a level file that must have the sections of `langs` (of "ru" and
/// "en"): a built-in one carries only the languages of its build
/// (src/levels/strip.rs). A language left out has empty words, which its
/// build never shows, as it cannot be chosen there.
pub fn parse_for(text: &str, langs: &[&str]) -> Result<LevelFile, FormatError> {
    let mut section = String::new();
    let mut seen_sections: Vec<String> = Vec::new();
    let mut once: Vec<(String, String)> = Vec::new();
    let mut start = None;
    let mut unlock = None;
    let mut par = None;
    let mut solution = None;
    let mut goals = Vec::new();
    let mut wrong = Vec::new();
    let mut texts = [LevelText::default(), LevelText::default()];
    let mut any = false;
    let mut lines = Lines::default();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        any = true;
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let name = name.trim().to_owned();
            if name != "ru" && name != "en" {
                return Err(err(line_no, FormatErrorKind::UnknownSection(name)));
            }
            if seen_sections.contains(&name) {
                return Err(err(line_no, FormatErrorKind::RepeatedSection(name)));
            }
            seen_sections.push(name.clone());
            section = name;
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            return Err(err(line_no, FormatErrorKind::NotKeyValue));
        };
        let (key, value) = (key.trim(), value.trim());
        if key.is_empty() || key.contains(char::is_whitespace) {
            return Err(err(line_no, FormatErrorKind::NotKeyValue));
        }
        let known: &[&str] = if section.is_empty() {
            &HEAD_KEYS
        } else {
            &TEXT_KEYS
        };
        if !known.contains(&key) {
            return Err(err(
                line_no,
                FormatErrorKind::UnknownKey {
                    key: key.to_owned(),
                    section: section.clone(),
                },
            ));
        }
        if value.is_empty() {
            return Err(err(line_no, FormatErrorKind::EmptyValue(key.to_owned())));
        }
        let repeatable = matches!(key, "goal" | "wrong" | "hint");
        if !repeatable {
            let id = (section.clone(), key.to_owned());
            if once.contains(&id) {
                return Err(err(line_no, FormatErrorKind::RepeatedKey(key.to_owned())));
            }
            once.push(id);
        }
        let value = value.to_owned();
        match (section.as_str(), key) {
            ("", "start") => {
                lines.start = line_no;
                start = Some(value)
            }
            ("", "unlock") => {
                lines.unlock = line_no;
                unlock = Some(
                    value
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned)
                        .collect::<Vec<_>>(),
                )
            }
            ("", "goal") => {
                lines.goals.push(line_no);
                goals.push(parse_goal(&value).map_err(|k| err(line_no, k))?)
            }
            ("", "par") => {
                lines.par = line_no;
                par = Some(
                    value
                        .parse::<u32>()
                        .map_err(|_| err(line_no, FormatErrorKind::BadPar(value.clone())))?,
                )
            }
            ("", "solution") => {
                lines.solution = line_no;
                solution = Some(value)
            }
            ("", "wrong") => {
                lines.wrong.push(line_no);
                wrong.push(value)
            }
            (lang, key) => {
                let text = &mut texts[usize::from(lang == "en")];
                match key {
                    "title" => text.title = value,
                    "story" => text.story = value,
                    _ => text.hints.push(value),
                }
            }
        }
    }
    if !any {
        return Err(err(0, FormatErrorKind::Empty));
    }
    let missing = |key: &str, section: &str| {
        err(
            0,
            FormatErrorKind::MissingKey {
                key: key.to_owned(),
                section: section.to_owned(),
            },
        )
    };
    let start = start.ok_or_else(|| missing("start", ""))?;
    let unlock = unlock.ok_or_else(|| missing("unlock", ""))?;
    if goals.is_empty() {
        return Err(missing("goal", ""));
    }
    let par = par.ok_or_else(|| missing("par", ""))?;
    let solution = solution.ok_or_else(|| missing("solution", ""))?;
    if wrong.is_empty() {
        return Err(missing("wrong", ""));
    }
    for &lang in langs {
        if !seen_sections.iter().any(|s| s == lang) {
            return Err(err(0, FormatErrorKind::MissingSection(lang.to_owned())));
        }
        let text = &texts[usize::from(lang == "en")];
        if text.title.is_empty() {
            return Err(missing("title", lang));
        }
        if text.story.is_empty() {
            return Err(missing("story", lang));
        }
        if text.hints.is_empty() {
            return Err(missing("hint", lang));
        }
    }
    let [ru, en] = texts;
    if seen_sections.len() == 2 && ru.hints.len() != en.hints.len() {
        return Err(err(
            0,
            FormatErrorKind::HintCounts {
                ru: ru.hints.len(),
                en: en.hints.len(),
            },
        ));
    }
    Ok(LevelFile {
        start,
        unlock,
        goals,
        par,
        solution,
        wrong,
        ru,
        en,
        lines,
    })
}

/// Writes a level file that [`parse`] reads back as `file`.
pub fn write(file: &LevelFile) -> String {
    let mut out = String::new();
    let mut line = |k: &str, v: &str| {
        out.push_str(k);
        out.push_str(" = ");
        out.push_str(v);
        out.push('\n');
    };
    line("start", &file.start);
    line("unlock", &file.unlock.join(" "));
    for g in &file.goals {
        line("goal", &g.to_string());
    }
    line("par", &file.par.to_string());
    line("solution", &file.solution);
    for w in &file.wrong {
        line("wrong", w);
    }
    for (name, text) in [("ru", &file.ru), ("en", &file.en)] {
        out.push_str(&format!("\n[{name}]\n"));
        out.push_str(&format!("title = {}\nstory = {}\n", text.title, text.story));
        for h in &text.hints {
            out.push_str(&format!("hint = {h}\n"));
        }
    }
    out
}
