//! What the lens panel shows for one link, as data: the tab's program, its
//! warnings, the scene's note and the table of what each client does.
//!
//! The scenes' bundles do not carry the lens's builders and their words
//! (12 to 19 KB of gzip on the routing, repartition and pipeline pages):
//! the lens module does (the `lens-module` feature, built once for every
//! scene and both languages by build/bundles.mjs). The panel asks it for
//! the page of the link's query once the scene is ready, and gets back
//! [`LensPage::encode`]'s text, which [`LensPage::decode`] reads. The
//! development build and the wasm tests carry the lens themselves
//! (`golens-inline`) and skip the text.

use super::measured::Situation;
use super::{has_lens, scene_note, snippet, GoClient, Line, Severity, Warning};
use crate::i18n::t;
use crate::params::AppParams;

/// One cell of the table of what each client does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeasuredCell {
    pub client: GoClient,
    /// The outcome, in the link's language.
    pub text: String,
    pub safe: bool,
    /// The conformance case that runs it on the broker.
    pub case: String,
}

/// One row of that table: a situation, and each client's outcome in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeasuredRow {
    pub situation: String,
    pub cells: Vec<MeasuredCell>,
}

/// The panel's content for one link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LensPage {
    pub client: GoClient,
    /// The module and version of the tab's client.
    pub version: String,
    /// The name the program is saved under.
    pub file_name: String,
    pub lines: Vec<Line>,
    pub warnings: Vec<Warning>,
    pub note: Option<String>,
    /// The rows of the scene's table, empty for a scene without one.
    pub measured: Vec<MeasuredRow>,
}

impl LensPage {
    /// The whole file, as the copy button copies it.
    pub fn code(&self) -> String {
        super::file_of(&self.lines)
    }
}

/// The panel's content for `params`, or `None` for a scene without a lens.
pub fn lens_page(params: &AppParams) -> Option<LensPage> {
    let client = params.go_client;
    let code = snippet(params, client)?;
    let lang = params.lang;
    let measured = Situation::ALL
        .into_iter()
        .filter(|s| s.shown_in(params.scene))
        .map(|s| MeasuredRow {
            situation: t(lang, s.msg()).to_owned(),
            cells: GoClient::ALL
                .into_iter()
                .map(|c| {
                    let o = s.outcome(c);
                    MeasuredCell {
                        client: c,
                        text: t(lang, o.msg()).to_owned(),
                        safe: o.safe(),
                        case: s.case(c),
                    }
                })
                .collect(),
        })
        .collect();
    Some(LensPage {
        client,
        version: client.version().to_owned(),
        file_name: client.file_name(params.scene),
        lines: code.lines,
        warnings: code.warnings,
        note: scene_note(params),
        measured,
    })
}

/// The query the panel asks the lens module with: the link's, without
/// what the program does not depend on (the run's moment, a lesson's or a
/// level's place, the view), so that the answer is asked for once per
/// program, not on every step of the run.
pub fn lens_query(params: &AppParams) -> String {
    crate::params::to_query(&AppParams {
        t: None,
        t_events: None,
        embed: false,
        hide: Default::default(),
        part: None,
        lesson: None,
        level: None,
        level_kit: None,
        theme: Default::default(),
        ..params.clone()
    })
}

/// The lens module's answer to a panel that asks for a link's query: the
/// page's text, or the empty text for a scene without a lens. The query is
/// the one `params::to_query` writes, which the parser reads back whole
/// (params' tests), so the module sees the panel's own parameters.
pub fn answer(query: &str) -> String {
    let (params, _) = crate::params::parse_query(query);
    if !has_lens(params.scene) {
        return String::new();
    }
    lens_page(&params).map(|p| p.encode()).unwrap_or_default()
}

impl Severity {
    /// The name the page's markup and this text give the severity.
    pub fn id(self) -> &'static str {
        match self {
            Severity::BreaksOrder => "breaks-order",
            Severity::LosesRecords => "loses-records",
            Severity::Cannot => "cannot",
            Severity::Note => "note",
        }
    }

    fn from_id(id: &str) -> Option<Self> {
        [
            Severity::BreaksOrder,
            Severity::LosesRecords,
            Severity::Cannot,
            Severity::Note,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }
}

// The text: a record per line, its kind first, its fields after tabs. A
// field's backslashes, tabs and line breaks are escaped, so that a
// program's line (or a topic's name from the link) can hold any of them.
// The module and the bundles are built from the same commit and named by
// their content, so the two sides never disagree on the kinds.
const CLIENT: &str = "client";
const VERSION: &str = "version";
const FILE: &str = "file";
const LINE: &str = "line";
const CHANGED: &str = "changed";
const WARNING: &str = "warning";
const NOTE: &str = "note";
const ROW: &str = "row";
const CELL: &str = "cell";

fn escape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    for c in field.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(field: &str) -> Result<String, String> {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            other => return Err(format!("a bad escape: \\{}", other.unwrap_or(' '))),
        }
    }
    Ok(out)
}

fn record(out: &mut String, kind: &str, fields: &[&str]) {
    out.push_str(kind);
    for f in fields {
        out.push('\t');
        out.push_str(&escape(f));
    }
    out.push('\n');
}

impl LensPage {
    /// The page as the lens module hands it to the panel.
    pub fn encode(&self) -> String {
        let mut out = String::new();
        record(&mut out, CLIENT, &[self.client.id()]);
        record(&mut out, VERSION, &[&self.version]);
        record(&mut out, FILE, &[&self.file_name]);
        for w in &self.warnings {
            record(&mut out, WARNING, &[w.severity.id(), &w.text]);
        }
        for l in &self.lines {
            record(&mut out, if l.changed { CHANGED } else { LINE }, &[&l.text]);
        }
        if let Some(note) = &self.note {
            record(&mut out, NOTE, &[note]);
        }
        for row in &self.measured {
            record(&mut out, ROW, &[&row.situation]);
            for c in &row.cells {
                let safe = if c.safe { "safe" } else { "unsafe" };
                record(&mut out, CELL, &[c.client.id(), safe, &c.case, &c.text]);
            }
        }
        out
    }

    /// Reads [`LensPage::encode`]'s text; an error names the first record
    /// it could not read, for the panel's message and the console.
    pub fn decode(text: &str) -> Result<LensPage, String> {
        let client_of = |id: &str| GoClient::from_id(id).ok_or(format!("no client {id:?}"));
        let mut page = LensPage {
            client: GoClient::FranzGo,
            version: String::new(),
            file_name: String::new(),
            lines: Vec::new(),
            warnings: Vec::new(),
            note: None,
            measured: Vec::new(),
        };
        let mut seen_client = false;
        for (n, raw) in text.lines().enumerate() {
            let mut parts = raw.split('\t');
            let kind = parts.next().unwrap_or_default();
            let fields = parts.map(unescape).collect::<Result<Vec<_>, _>>();
            let bad = |why: String| format!("record {} ({kind}): {why}", n + 1);
            let fields = fields.map_err(bad)?;
            let wrong = || bad(format!("{} fields", fields.len()));
            match (kind, fields.as_slice()) {
                (CLIENT, [id]) => {
                    page.client = client_of(id).map_err(bad)?;
                    seen_client = true;
                }
                (VERSION, [v]) => page.version = v.clone(),
                (FILE, [f]) => page.file_name = f.clone(),
                (WARNING, [severity, text]) => page.warnings.push(Warning {
                    severity: Severity::from_id(severity)
                        .ok_or_else(|| bad(format!("no severity {severity:?}")))?,
                    text: text.clone(),
                }),
                (LINE | CHANGED, [text]) => page.lines.push(Line {
                    text: text.clone(),
                    changed: kind == CHANGED,
                }),
                (NOTE, [note]) => page.note = Some(note.clone()),
                (ROW, [situation]) => page.measured.push(MeasuredRow {
                    situation: situation.clone(),
                    cells: Vec::new(),
                }),
                (CELL, [client, safe, case, text]) => {
                    let row = page
                        .measured
                        .last_mut()
                        .ok_or_else(|| bad("a cell before any row".into()))?;
                    row.cells.push(MeasuredCell {
                        client: client_of(client).map_err(bad)?,
                        text: text.clone(),
                        safe: safe == "safe",
                        case: case.clone(),
                    });
                }
                (CLIENT | VERSION | FILE | WARNING | LINE | CHANGED | NOTE | ROW | CELL, _) => {
                    return Err(wrong())
                }
                _ => return Err(bad("an unknown kind".into())),
            }
        }
        if !seen_client || page.lines.is_empty() {
            return Err("no client or no code".into());
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::params::{parse_query, to_query, SceneId};
    use crate::scenes::pipeline::model::Preset as PipelinePreset;
    use crate::scenes::producer::model::presets::ProducerPreset;

    /// A scene's start, and for some scenes settings that change the
    /// program, a key with characters the text escapes among them.
    fn sample(scene: SceneId) -> Vec<String> {
        let mut q = vec![format!("?scene={}", scene.id())];
        q.extend(match scene {
            SceneId::Routing => vec![
                "?scene=routing&key=a%22b%5C%0A%09%F0%9F%94%91".to_owned(),
                "?scene=routing&key-null=1&keyless=round-robin".to_owned(),
                "?scene=routing&placement=region&key=eu%2Forder-1".to_owned(),
            ],
            SceneId::Producer => ProducerPreset::ALL
                .iter()
                .map(|p| format!("?scene=producer&preset={}", p.id()))
                .collect(),
            SceneId::Pipeline => PipelinePreset::ALL
                .iter()
                .map(|p| {
                    to_query(&AppParams {
                        scene: SceneId::Pipeline,
                        pipeline: p.config(),
                        ..AppParams::default()
                    })
                })
                .collect(),
            SceneId::Workers => vec!["?scene=workers&mode=keyed-pool&hash=fnv1a&workers=8".into()],
            _ => vec![],
        });
        q
    }

    /// Every scene with a lens at its start and a sample of its settings,
    /// in both languages and every tab.
    fn links() -> Vec<AppParams> {
        let mut all = Vec::new();
        for scene in SceneId::ALL.into_iter().filter(|&s| has_lens(s)) {
            for query in sample(scene) {
                for lang in [Lang::Ru, Lang::En] {
                    for client in GoClient::ALL {
                        let (mut p, issues) = parse_query(&query);
                        assert_eq!(issues, vec![], "{query}");
                        p.lang = lang;
                        p.go_client = client;
                        all.push(p);
                    }
                }
            }
        }
        all
    }

    #[test]
    fn the_text_reads_back_as_the_page_it_was_written_from() {
        let links = links();
        assert!(links.len() > 200, "{} links", links.len());
        for p in links {
            let page = lens_page(&p).expect("a lens scene");
            assert_eq!(
                LensPage::decode(&page.encode()),
                Ok(page),
                "{}",
                to_query(&p)
            );
        }
    }

    #[test]
    fn the_module_answers_a_panels_query_with_the_panels_own_page() {
        for p in links() {
            let expected = lens_page(&p).expect("a lens scene");
            let answer = answer(&lens_query(&p));
            assert_eq!(
                LensPage::decode(&answer).as_ref(),
                Ok(&expected),
                "{}",
                lens_query(&p)
            );
            assert_eq!(expected.code(), snippet(&p, p.go_client).unwrap().code());
        }
    }

    #[test]
    fn the_runs_moment_and_the_view_do_not_change_the_question_the_program_does() {
        let (p, _) = parse_query("?scene=producer&preset=catastrophe");
        let moved = AppParams {
            t: Some(1200),
            t_events: Some(1),
            embed: true,
            lesson: Some(2),
            ..p.clone()
        };
        assert_eq!(lens_query(&moved), lens_query(&p));
        for changed in [
            AppParams {
                go_client: GoClient::Sarama,
                ..p.clone()
            },
            AppParams {
                lang: Lang::En,
                ..p.clone()
            },
            parse_query("?scene=producer&preset=idempotent").0,
        ] {
            assert_ne!(lens_query(&changed), lens_query(&p));
        }
    }

    #[test]
    fn a_scene_without_a_lens_gets_the_empty_answer() {
        for scene in SceneId::ALL.into_iter().filter(|&s| !has_lens(s)) {
            assert_eq!(answer(&format!("?scene={}", scene.id())), "", "{scene:?}");
        }
    }

    #[test]
    fn any_field_survives_the_text() {
        let odd = "a\\tb\\n c\td\ne \\ f\u{a0}«я»";
        let mut page = lens_page(&parse_query("?scene=routing").0).unwrap();
        page.lines.push(Line {
            text: odd.into(),
            changed: true,
        });
        page.note = Some(odd.into());
        page.warnings.push(Warning {
            severity: Severity::Cannot,
            text: odd.into(),
        });
        assert_eq!(LensPage::decode(&page.encode()), Ok(page));
    }

    #[test]
    fn a_damaged_text_is_an_error_not_a_page() {
        let good = lens_page(&parse_query("?scene=producer").0)
            .unwrap()
            .encode();
        let cases = [
            String::new(),
            "garbage".to_owned(),
            good.replacen("client\t", "client\tnone", 1),
            good.replacen("line\t", "line\tx\t", 1),
            good.replacen("warning\tbreaks-order", "warning\tmaybe", 1),
            format!("{good}cell\tsarama\tsafe\tcase\ttext\nodd\n"),
            good.replacen("line\t", "line\t\\q", 1),
        ];
        for text in cases {
            assert!(LensPage::decode(&text).is_err(), "{text:?}");
        }
        assert!(LensPage::decode("client\tsarama\ncell\tsarama\tsafe\tc\tt\n").is_err());
    }
}
