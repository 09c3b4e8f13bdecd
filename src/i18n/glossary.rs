//! The glossary's rules (`docs/glossary.md`), as the tests apply them to
//! every Russian string: the variants its "Не пишем" columns rule out, a
//! plain space before a unit or a percent sign, and a long number left
//! ungrouped in running text. The host test reads the strings where the
//! source writes them (`glossary_tests.rs`); the browser test reads them as
//! a page shows them (`tests/e2e/glossary.test.mjs`, through
//! `tests/e2e/glossary-check.rs`).

/// The glossary, as the tests and its readers see it.
const GLOSSARY: &str = include_str!("../../docs/glossary.md");

/// One ruled-out variant: its words (a trailing `*` is any ending), and the
/// phrases in which the same words are lawful.
#[derive(Debug)]
pub struct RuledOut {
    words: Vec<String>,
    unless: Vec<Vec<String>>,
}

/// The words of `phrase`, lower-cased, `ё` kept (the glossary writes it).
fn words_of(phrase: &str) -> Vec<String> {
    phrase
        .split(|c: char| !(c.is_alphanumeric() || c == '*' || c == '-'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The quoted items of a cell: «a», «b c».
fn quoted(cell: &str) -> Vec<Vec<String>> {
    cell.split('«')
        .skip(1)
        .filter_map(|rest| rest.split_once('»'))
        .map(|(item, _)| words_of(item))
        .collect()
}

/// Every variant the glossary's "Не пишем" columns rule out.
pub fn ruled_out() -> Vec<RuledOut> {
    let mut column = None;
    let mut all = Vec::new();
    for line in GLOSSARY.lines() {
        let Some(row) = line.trim().strip_prefix('|') else {
            column = None;
            continue;
        };
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        if let Some(at) = cells.iter().position(|c| *c == "Не пишем") {
            column = Some(at);
            continue;
        }
        let Some(cell) = column.and_then(|at| cells.get(at)) else {
            continue;
        };
        if cell.starts_with("---") {
            continue;
        }
        let (ruled, unless) = cell.split_once("кроме").unwrap_or((cell, ""));
        let unless = quoted(unless);
        all.extend(quoted(ruled).into_iter().map(|words| RuledOut {
            words,
            unless: unless.clone(),
        }));
    }
    all
}

fn word_matches(pattern: &str, word: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(stem) => word.starts_with(stem),
        None => word == pattern,
    }
}

fn phrase_at(phrase: &[String], words: &[String], at: usize) -> bool {
    phrase.len() <= words.len() - at
        && phrase
            .iter()
            .zip(&words[at..])
            .all(|(p, w)| word_matches(p, w))
}

/// The variants of `rules` that `text` uses.
pub fn variants_in(text: &str, rules: &[RuledOut]) -> Vec<String> {
    let words = words_of(&text.replace('*', " "));
    let mut found = Vec::new();
    for at in 0..words.len() {
        for rule in rules {
            if phrase_at(&rule.words, &words, at)
                && !rule.unless.iter().any(|ok| phrase_at(ok, &words, at))
            {
                found.push(rule.words.join(" "));
            }
        }
    }
    found
}

/// Units that follow a number through a no-break space.
const UNITS: &[&str] = &[
    "мс", "с", "мин", "ч", "Б", "КБ", "МБ", "ГБ", "КиБ", "МиБ", "ГиБ",
];

/// What is wrong with how `text` writes its numbers: a plain space between
/// a number (or a template's `{…}`) and its unit, any space before `%`,
/// and a number of five or more digits left ungrouped in running text.
pub fn number_faults(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    let word_at = |from: usize| -> String {
        chars[from..]
            .iter()
            .take_while(|c| c.is_alphabetic())
            .collect()
    };
    // Whether a number (or a template's `{…}`) ends just before `i`: a run
    // of digits that is not the tail of a name (`murmur2 % 3`).
    let number_ends_at = |i: usize| -> bool {
        if i == 0 {
            return false;
        }
        if chars[i - 1] == '}' {
            return true;
        }
        let digits = chars[..i]
            .iter()
            .rev()
            .take_while(|c| c.is_ascii_digit())
            .count();
        digits > 0
            && (digits == i || {
                let before = chars[i - digits - 1];
                !(before.is_alphabetic() || before == '_')
            })
    };
    for (i, &c) in chars.iter().enumerate() {
        let after_number = number_ends_at(i);
        if c == ' ' && after_number {
            let unit = word_at(i + 1);
            // After a template's `{…}` the lone «с» is as likely the
            // preposition ("{client} с …") as seconds.
            // So is «с» before a word or a number: "заказов 40–44 с ключом",
            // "поколение 2 с 0,3 с".
            let seconds_after_name = unit == "с" && chars[i - 1] == '}';
            let from_a_time = unit == "с"
                && chars.get(i + 2) == Some(&' ')
                && chars
                    .get(i + 3)
                    .is_some_and(|c| c.is_alphanumeric() || *c == '{');
            if UNITS.contains(&unit.as_str()) && !seconds_after_name && !from_a_time {
                faults.push(format!("a plain space before «{unit}»"));
            }
        }
        // A `%` followed by a number is the remainder of a formula
        // (`1234 % 3`), not a percent sign.
        let modulo = chars.get(i + 2) == Some(&' ')
            && chars
                .get(i + 3)
                .is_some_and(|c| c.is_ascii_digit() || *c == '{');
        if (c == ' ' || c == '\u{a0}') && after_number && chars.get(i + 1) == Some(&'%') && !modulo
        {
            faults.push("a space before %".to_owned());
        }
        let starts_number = c.is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_digit());
        if starts_number {
            let len = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
            let before = if i == 0 { ' ' } else { chars[i - 1] };
            let after = chars.get(i + len).copied().unwrap_or(' ');
            // Running text: the number stands between spaces or
            // punctuation, not inside a setting (`linger.ms=30000`), a
            // name, a hex constant or code.
            // A file name (`00000000000000000007.log`) is a name, and an
            // operand of a formula (`h % 146484`) is code.
            let file_name =
                after == '.' && chars.get(i + len + 1).is_some_and(|c| c.is_alphanumeric());
            let operand = i >= 2 && "%=≠<>+×*/".contains(chars[i - 2]);
            let in_running_text = (before.is_whitespace() || "(«—".contains(before))
                && (after.is_whitespace() || ",.;:)»".contains(after) || after == '\u{a0}')
                && !file_name
                && !operand;
            if len >= 5 && in_running_text {
                let number: String = chars[i..i + len].iter().collect();
                faults.push(format!("{number} ungrouped"));
            }
        }
    }
    faults
}

/// The faults of `text`, each named for the report.
pub fn faults(text: &str, rules: &[RuledOut]) -> Vec<String> {
    let mut all: Vec<String> = variants_in(text, rules)
        .into_iter()
        .map(|v| format!("«{v}» (the glossary rules it out)"))
        .collect();
    all.extend(number_faults(text));
    all
}
