//! A solved level as an xAPI statement, for a course platform that records
//! completion: the `completed` verb, the level's address as the activity,
//! and a score from the changes against par.
//!
//! The statement has no `actor`: the frame does not know the learner, and
//! the host page, which does, adds it before it sends the statement on to
//! its learning record store (README, "Challenge levels").
//!
//! The text is JSON, written here rather than by a serializer the app does
//! not otherwise need; the view parses it into the object it posts.

use crate::i18n::Lang;
use crate::levels::Level;

/// The xAPI verb for a finished activity.
pub const VERB_COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";
/// The xAPI activity type a level is: a task whose result is scored.
pub const ACTIVITY_ASSESSMENT: &str = "http://adlnet.gov/expapi/activities/assessment";

/// What the statement says about one solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Completed<'a> {
    /// The app's base address (the page's `<base href>`, absolute).
    pub base: &'a str,
    /// The level, 1-based.
    pub level: u32,
    pub changes: u32,
    pub par: u32,
    /// The level's title in each language the bundle has, as xAPI's
    /// language map names them (`ru-RU`, `en-US`).
    pub titles: &'a [(&'a str, &'a str)],
    /// When it was solved, ISO 8601.
    pub timestamp: &'a str,
}

/// The level's title in each language this build has, keyed as xAPI's
/// language maps are.
pub fn titles(level: &Level) -> Vec<(&'static str, &str)> {
    [
        #[cfg(feature = "lang-ru")]
        ("ru-RU", Lang::Ru),
        #[cfg(feature = "lang-en")]
        ("en-US", Lang::En),
    ]
    .into_iter()
    .map(|(tag, lang)| (tag, level.text(lang).title.as_str()))
    .collect()
}

/// The score as a fraction, par over the more of changes and par: 1 at or
/// under par, and one half at twice the par's changes.
fn score_fraction(changes: u32, par: u32) -> (u64, u64) {
    match changes.max(par) {
        0 => (1, 1),
        most => (u64::from(par), u64::from(most)),
    }
}

/// `n / d` rounded half up to a whole multiple of `1 / scale`, counted in
/// those multiples.
fn rounded(n: u64, d: u64, scale: u64) -> u64 {
    (2 * n * scale + d) / (2 * d)
}

/// The scaled score as the statement writes it, to four decimals (`1`,
/// `0.5`, `0.3333`). Integer arithmetic, not a float's `Display`: the app
/// formats no float anywhere else, and Rust's float formatting made the
/// Russian log bundle 8 KB gzip larger.
pub fn scaled_score(changes: u32, par: u32) -> String {
    let (n, d) = score_fraction(changes, par);
    let ten_thousandths = rounded(n, d, 10_000);
    let (whole, fraction) = (ten_thousandths / 10_000, ten_thousandths % 10_000);
    if fraction == 0 {
        whole.to_string()
    } else {
        let digits = format!("{fraction:04}");
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// The scaled score as a percentage, rounded half up: xAPI's `raw`, between
/// `min` 0 and `max` 100.
pub fn raw_score(changes: u32, par: u32) -> u32 {
    let (n, d) = score_fraction(changes, par);
    rounded(n, d, 100) as u32
}

/// The app's base without the query or fragment a page without `<base>`
/// would give `document.baseURI`: the level's activity id must not depend
/// on the page it was solved on.
pub fn activity_base(base_uri: &str) -> &str {
    base_uri.split(['?', '#']).next().unwrap_or(base_uri)
}

/// `s` as a JSON string.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The statement, as JSON.
pub fn statement(c: &Completed) -> String {
    let base = activity_base(c.base);
    let id = format!("{base}?level={}", c.level);
    let names = c
        .titles
        .iter()
        .map(|(lang, title)| format!("{}:{}", json_string(lang), json_string(title)))
        .collect::<Vec<_>>()
        .join(",");
    let scaled = scaled_score(c.changes, c.par);
    let raw = raw_score(c.changes, c.par);
    let changes_iri = json_string(&format!("{base}xapi/changes"));
    let par_iri = json_string(&format!("{base}xapi/par"));
    format!(
        concat!(
            "{{\"verb\":{{\"id\":{verb},\"display\":{{\"en-US\":\"completed\",\"ru-RU\":\"завершил\"}}}},",
            "\"object\":{{\"objectType\":\"Activity\",\"id\":{id},",
            "\"definition\":{{\"name\":{{{names}}},\"type\":{kind}}}}},",
            "\"result\":{{\"completion\":true,\"success\":true,",
            "\"score\":{{\"scaled\":{scaled},\"raw\":{raw},\"min\":0,\"max\":100}},",
            "\"extensions\":{{{changes_iri}:{changes},{par_iri}:{par}}}}},",
            "\"timestamp\":{timestamp}}}"
        ),
        verb = json_string(VERB_COMPLETED),
        id = json_string(&id),
        names = names,
        kind = json_string(ACTIVITY_ASSESSMENT),
        scaled = scaled,
        raw = raw,
        changes_iri = changes_iri,
        changes = c.changes,
        par_iri = par_iri,
        par = c.par,
        timestamp = json_string(c.timestamp),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn solved(changes: u32, par: u32, titles: &[(&str, &str)]) -> Value {
        let text = statement(&Completed {
            base: "https://example.org/kafka-lab/",
            level: 4,
            changes,
            par,
            titles,
            timestamp: "2026-12-05T10:20:30.000Z",
        });
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    #[test]
    fn a_solve_at_par_is_a_completed_statement_with_a_full_score() {
        let s = solved(
            2,
            2,
            &[
                ("ru-RU", "Катастрофа «в полёте»"),
                ("en-US", "The \"in flight\" catastrophe"),
            ],
        );
        assert_eq!(
            s,
            json!({
                "verb": {
                    "id": "http://adlnet.gov/expapi/verbs/completed",
                    "display": { "en-US": "completed", "ru-RU": "завершил" }
                },
                "object": {
                    "objectType": "Activity",
                    "id": "https://example.org/kafka-lab/?level=4",
                    "definition": {
                        "name": { "ru-RU": "Катастрофа «в полёте»", "en-US": "The \"in flight\" catastrophe" },
                        "type": "http://adlnet.gov/expapi/activities/assessment"
                    }
                },
                "result": {
                    "completion": true,
                    "success": true,
                    "score": { "scaled": 1, "raw": 100, "min": 0, "max": 100 },
                    "extensions": {
                        "https://example.org/kafka-lab/xapi/changes": 2,
                        "https://example.org/kafka-lab/xapi/par": 2
                    }
                },
                "timestamp": "2026-12-05T10:20:30.000Z"
            })
        );
        // The host adds the learner.
        assert!(s.get("actor").is_none());
    }

    #[test]
    fn a_bundle_of_one_language_names_the_level_in_it() {
        let s = solved(1, 1, &[("en-US", "Acks")]);
        assert_eq!(
            s["object"]["definition"]["name"],
            json!({ "en-US": "Acks" })
        );
        let s = solved(1, 1, &[]);
        assert_eq!(s["object"]["definition"]["name"], json!({}));
    }

    #[test]
    fn the_score_is_par_over_the_changes_above_par() {
        for (changes, par, scaled, raw) in [
            (0, 1, "1", 100),
            (1, 1, "1", 100),
            (2, 1, "0.5", 50),
            (3, 1, "0.3333", 33),
            (3, 2, "0.6667", 67),
            (8, 1, "0.125", 13),
            (7, 2, "0.2857", 29),
            (0, 0, "1", 100),
            (4, 0, "0", 0),
        ] {
            assert_eq!(scaled_score(changes, par), scaled, "{changes}/{par}");
            assert_eq!(raw_score(changes, par), raw, "{changes}/{par}");
            let s = solved(changes, par, &[]);
            assert_eq!(s["result"]["score"]["scaled"].as_f64(), scaled.parse().ok());
            assert_eq!(s["result"]["score"]["raw"], json!(raw));
        }
        // Every score is between 0 and 1, within rounding of par / changes,
        // and never rises with more changes.
        for par in 0..6 {
            let scores: Vec<f64> = (0..40)
                .map(|c| scaled_score(c, par).parse().unwrap())
                .collect();
            for (c, s) in scores.iter().enumerate() {
                let exact = if c as u32 <= par {
                    1.0
                } else {
                    f64::from(par) / c as f64
                };
                assert!((s - exact).abs() <= 0.000_05 + 1e-12, "{c}/{par}: {s}");
            }
            assert!(scores.iter().all(|s| (0.0..=1.0).contains(s)));
            assert!(
                scores.windows(2).all(|w| w[1] <= w[0]),
                "par {par}: {scores:?}"
            );
        }
    }

    #[test]
    fn the_activity_is_the_level_at_the_app_base_whatever_page_it_was_solved_on() {
        for base in [
            "https://example.org/kafka-lab/",
            "https://example.org/kafka-lab/?level=4&acks=all",
            "https://example.org/kafka-lab/#top",
        ] {
            let s = statement(&Completed {
                base,
                level: 4,
                changes: 1,
                par: 1,
                titles: &[],
                timestamp: "t",
            });
            let s: Value = serde_json::from_str(&s).unwrap();
            assert_eq!(s["object"]["id"], "https://example.org/kafka-lab/?level=4");
        }
    }

    #[test]
    fn a_built_in_level_is_named_in_both_languages() {
        let level = crate::levels::builtin(1).unwrap();
        let names = titles(&level);
        assert_eq!(
            names.iter().map(|n| n.0).collect::<Vec<_>>(),
            ["ru-RU", "en-US"]
        );
        assert!(names.iter().all(|n| !n.1.is_empty()), "{names:?}");
        let s = solved(1, 1, &names);
        assert_eq!(s["object"]["definition"]["name"]["ru-RU"], names[0].1);
    }

    #[test]
    fn titles_with_any_character_stay_valid_json() {
        let odd = "a \\ b \" c\n\t\u{1} «д» 🙂";
        let s = solved(1, 1, &[("en-US", odd)]);
        assert_eq!(s["object"]["definition"]["name"]["en-US"], odd);
    }
}
