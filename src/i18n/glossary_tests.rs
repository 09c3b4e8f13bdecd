//! The glossary's test: every Russian string of the app as its source
//! writes it, every level's text and every page under `static/`, against
//! the rules of `super::glossary`.
//!
//! Strings are read from the source rather than rendered: narration is
//! written as `format!` templates in each scene's `narration.rs`, and a
//! template carries every word its renderings can show. The numbered
//! messages are also checked rendered (`follow_the_glossary`), for the
//! numbers a template only names, and the browser test checks what the
//! pages show (`tests/e2e/glossary.test.mjs`).

use std::path::{Path, PathBuf};

use super::glossary::{faults, number_faults, ruled_out, variants_in};

/// The string literals of a Rust source, escapes resolved, each with its
/// line. Comments are skipped, and so are char literals and lifetimes.
pub(crate) fn literals(source: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    let count_lines = |from: usize, to: usize, line: &mut usize| {
        *line += chars[from..to].iter().filter(|&&c| c == '\n').count();
    };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let start = i;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
            count_lines(start, i.min(chars.len()), &mut line);
        } else if c == '\'' {
            // 'x', '\n', '\u{a0}' are chars; 'a (no closing quote) a lifetime.
            if next == Some('\\') {
                let mut j = i + 3;
                while j < chars.len() && chars[j] != '\'' {
                    j += 1;
                }
                i = j + 1;
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            let open = i + 1 + hashes;
            if chars.get(open) != Some(&'"') {
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let body: String = chars[open + 1..].iter().collect();
            let len = body
                .find(&close)
                .map_or(body.len(), |at| body[..at].chars().count());
            let text: String = chars[open + 1..open + 1 + len].iter().collect();
            out.push((line, text));
            let end = open + 1 + len + close.chars().count();
            count_lines(i, end.min(chars.len()), &mut line);
            i = end;
        } else if c == '"' {
            let start = i;
            let at_line = line;
            let mut text = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                    match chars.get(i) {
                        Some('n') => text.push('\n'),
                        Some('t') => text.push('\t'),
                        Some('u') => {
                            let close = chars[i..].iter().position(|&c| c == '}').unwrap_or(0);
                            let hex: String = chars[i + 2..i + close].iter().collect();
                            if let Some(ch) =
                                u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                            {
                                text.push(ch);
                            }
                            i += close;
                        }
                        // A line continuation: the newline and the next
                        // line's indent are not in the string.
                        Some('\n') => {
                            while chars.get(i + 1).is_some_and(|c| c.is_whitespace()) {
                                i += 1;
                            }
                        }
                        Some(&other) => text.push(other),
                        None => {}
                    }
                } else {
                    text.push(chars[i]);
                }
                i += 1;
            }
            i += 1;
            count_lines(start, i.min(chars.len()), &mut line);
            out.push((at_line, text));
        } else {
            if c == '\n' {
                line += 1;
            }
            i += 1;
        }
    }
    out
}

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// A static page's text as a reader gets it: entities for spaces resolved,
/// so `100&nbsp;мс` reads as a number and its unit.
fn page_text(html: &str) -> String {
    html.replace("&nbsp;", "\u{a0}")
        .replace("&#160;", "\u{a0}")
        .replace("&#xa0;", "\u{a0}")
}

/// Every Russian string the app shows, where its source writes it: the
/// string literals under `src/` (this file's own aside, which names the
/// variants it looks for), the levels' texts and the pages under `static/`.
pub(crate) fn russian_sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut rust = Vec::new();
    files_under(&root.join("src"), "rs", &mut rust);
    let mut strings = Vec::new();
    for path in rust
        .iter()
        .filter(|p| !p.ends_with("i18n/glossary_tests.rs"))
    {
        let source = std::fs::read_to_string(path).expect("a source file");
        let name = path
            .strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string();
        for (line, text) in literals(&source) {
            if super::catalogue_tests::has_cyrillic(&text) {
                strings.push((format!("{name}:{line}"), text));
            }
        }
    }
    // The levels' texts (`src/levels/*.level`) and the static pages, a line
    // at a time.
    let mut pages = Vec::new();
    files_under(&root.join("src"), "level", &mut pages);
    files_under(&root.join("static"), "html", &mut pages);
    for path in pages {
        let html = std::fs::read_to_string(&path).expect("a level or a static page");
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        for (i, line) in page_text(&html).lines().enumerate() {
            if super::catalogue_tests::has_cyrillic(line) {
                strings.push((format!("{name}:{}", i + 1), line.to_owned()));
            }
        }
    }
    strings
}

#[test]
fn the_glossary_rules_out_variants_and_reads_its_exceptions() {
    let rules = ruled_out();
    assert!(rules.len() > 40, "{} variants read", rules.len());
    assert_eq!(
        variants_in("Перебалансировка группы", &rules),
        ["перебалансиров*"]
    );
    assert_eq!(
        variants_in("Брокер дописал запись в конец лога", &rules),
        Vec::<String>::new(),
        "a write, not a record"
    );
    assert_eq!(
        variants_in("Консьюмер прочитал запись.", &rules),
        ["запись"]
    );
    assert_eq!(
        variants_in("закоммиченные сообщения", &rules),
        ["закоммиченн* сообщени*"]
    );
    assert_eq!(
        variants_in("закоммиченный offset", &rules),
        Vec::<String>::new()
    );
    assert_eq!(variants_in("сид 42", &rules), ["сид"]);
    assert_eq!(variants_in("сидит", &rules), Vec::<String>::new());
}

#[test]
fn numbers_and_units_are_written_as_the_glossary_says() {
    assert_eq!(number_faults("ждёт 100 мс"), ["a plain space before «мс»"]);
    assert_eq!(number_faults("ждёт 100\u{a0}мс"), Vec::<String>::new());
    assert_eq!(number_faults("ждёт {ms} мс"), ["a plain space before «мс»"]);
    assert_eq!(number_faults("{client} с ключом"), Vec::<String>::new());
    assert_eq!(number_faults("за 2 с"), ["a plain space before «с»"]);
    assert_eq!(
        number_faults("за 2 с, не больше"),
        ["a plain space before «с»"]
    );
    assert_eq!(
        number_faults("заказов 40–44 с ключом"),
        Vec::<String>::new()
    );
    assert_eq!(number_faults("±20 %"), ["a space before %"]);
    assert_eq!(number_faults("5%"), Vec::<String>::new());
    assert_eq!(number_faults("murmur2 % 3"), Vec::<String>::new());
    assert_eq!(number_faults("1234 % 3 = 1"), Vec::<String>::new());
    assert_eq!(number_faults("20 % заказов"), ["a space before %"]);
    assert_eq!(number_faults("батч до 16384 байт"), ["16384 ungrouped"]);
    assert_eq!(
        number_faults("батч до 16\u{a0}384 байт"),
        Vec::<String>::new()
    );
    assert_eq!(number_faults("linger.ms=30000"), Vec::<String>::new());
    assert_eq!(number_faults("offset 2000"), Vec::<String>::new());
    assert_eq!(
        number_faults("файл 00000000000000000007.log"),
        Vec::<String>::new()
    );
    assert_eq!(number_faults("h % 7 ≠ h % 146484"), Vec::<String>::new());
    assert_eq!(number_faults("всего 146484."), ["146484 ungrouped"]);
}

#[test]
fn literals_are_read_as_the_compiler_reads_them() {
    let source = "let a = 'x'; fn f<'a>() {} // \"not this\"\n\
                  let b = \"один \\\n      два\\u{a0}три\";\n\
                  let c = r#\"сырой \"текст\"\"#; let d = '\"';";
    let read: Vec<(usize, String)> = literals(source);
    assert_eq!(
        read,
        [
            (2, "один два\u{a0}три".to_owned()),
            (4, "сырой \"текст\"".to_owned())
        ]
    );
}

#[test]
fn every_russian_string_follows_the_glossary() {
    let rules = ruled_out();
    let strings = russian_sources();
    assert!(
        strings.len() > 1000,
        "{} Russian strings read",
        strings.len()
    );
    let report: Vec<String> = strings
        .iter()
        .flat_map(|(at, text)| {
            faults(text, &rules)
                .into_iter()
                .map(move |fault| format!("{at}: {fault}: {text}"))
        })
        .collect();
    assert!(
        report.is_empty(),
        "{} faults:\n{}",
        report.len(),
        report.join("\n")
    );
}
