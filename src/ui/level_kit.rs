//! The level author's kit: "make a level from this link" and the preview
//! of a pasted level file, which checks it on the fixed seeds. A level may
//! be of any scene, so the kit is only in the bundle with every scene: the
//! page's loader starts that bundle for any `level-kit=` link
//! (build/pages.mjs), and a scene's own bundle carries none of it.

use super::level_view::label;
use crate::i18n::t;
use crate::levels::{self, unlockable, KitMsg, Level, LevelMsg, Metric, Op};
use crate::params::declare::Param;
use crate::params::{encode_component, to_query, AppParams};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct KitProps {
    pub params: AppParams,
}

/// "Make a level from this link": the level file for the page's state,
/// with the settings ticked as unlocked and the goals chosen from the
/// scene's figures.
#[component(LevelMaker)]
pub fn level_maker(props: &KitProps) -> Html {
    let lang = props.params.lang;
    let scene = props.params.scene;
    let unlocked = use_state(Vec::<&'static str>::new);
    let chosen = use_state(Vec::<(Metric, Op, u64)>::new);
    let run_params: Vec<&'static Param> = unlockable(scene).collect();
    let start = kit_start(&props.params);
    let file = kit_file(&start, &unlocked, &chosen);
    html! {
        <section class="card level-kit" data-testid="level-maker" aria-labelledby="kit-title">
            <h2 id="kit-title">{t(lang, LevelMsg::KitMake)}</h2>
            <p class="note">{t(lang, KitMsg::KitMakeNote)}</p>
            if !Metric::ALL.iter().any(|m| m.measured_in(scene)) {
                <p class="dim">{crate::levels::level_format_error(lang, &levels::FormatError { line: 0, kind: levels::FormatErrorKind::NotMeasured { metric: Metric::Violations, scene } })}</p>
            }
            <fieldset>
                <legend>{t(lang, KitMsg::KitUnlock)}</legend>
                for p in run_params { {{
                    let unlocked = unlocked.clone();
                    let on = unlocked.contains(&p.name);
                    let toggle = Callback::from(move |_: Event| {
                        let mut v = (*unlocked).clone();
                        if on { v.retain(|&n| n != p.name) } else { v.push(p.name) }
                        unlocked.set(v);
                    });
                    // The author reads the label the learner will, then the
                    // name the file's `unlock` line writes.
                    html! { <label class="level-control"><input type="checkbox" data-testid="kit-unlock" data-param={p.name} checked={on} onchange={toggle} /><span class="level-label">{label(p, lang)}{" "}<code class="dim">{p.name}</code></span></label> }
                }} }
            </fieldset>
            <fieldset>
                <legend>{t(lang, KitMsg::KitGoals)}</legend>
                for m in Metric::ALL.into_iter().filter(|m| m.measured_in(scene)) { {{
                    let on = chosen.iter().any(|c| c.0 == m);
                    let value = chosen.iter().find(|c| c.0 == m).map_or(0, |c| c.2);
                    let toggle = {
                        let chosen = chosen.clone();
                        Callback::from(move |_: Event| {
                        let mut v = (*chosen).clone();
                        if on {
                            v.retain(|c| c.0 != m)
                        } else {
                            v.push((m, crate::levels::usual_op(m), 0));
                        }
                        chosen.set(v);
                    })
                    };
                    let set_value = {
                        let chosen = chosen.clone();
                        Callback::from(move |e: Event| {
                            let input: HtmlInputElement = e.target_unchecked_into();
                            if let Ok(n) = input.value().trim().parse::<u64>() {
                                let v = chosen.iter().map(|c| if c.0 == m { (c.0, c.1, n) } else { *c }).collect();
                                chosen.set(v);
                            }
                        })
                    };
                    html! {
                        <label class="level-control">
                            <input type="checkbox" data-testid="kit-goal" data-metric={m.id()} checked={on} onchange={toggle} />
                            {crate::levels::level_metric(lang, m)}
                            if on {
                                {format!(" {} ", match crate::levels::usual_op(m) { Op::AtLeast => "≥", Op::AtMost => "≤", Op::Equals => "=" })}
                                <input type="number" min="0" value={value.to_string()} onchange={set_value} data-testid="kit-goal-value" />
                            }
                        </label>
                    }
                }} }
            </fieldset>
            <label>{t(lang, KitMsg::KitFile)}
                <textarea readonly=true rows="12" data-testid="kit-file" value={file} />
            </label>
        </section>
    }
}

/// The start link for the page's state: its scene and the settings its
/// run depends on, as a link writes them; the view (language, moment,
/// part) and the seed are no part of a level, whose goals are checked on
/// the fixed seeds.
fn kit_start(params: &AppParams) -> String {
    let scene = params.scene;
    let query = to_query(params);
    form_urlencoded::parse(query.trim_start_matches('?').as_bytes())
        .filter(|(name, _)| name == "scene" || unlockable(scene).any(|p| p.name == name))
        .map(|(name, value)| format!("{name}={}", encode_component(&value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// The file the maker writes. Only what the page's state says is filled
/// in; the comments tell the author what to add, and the preview says
/// precisely what is still missing.
fn kit_file(start: &str, unlocked: &[&str], goals: &[(Metric, Op, u64)]) -> String {
    let mut out = String::from("# Kafka Ordering Lab level\n");
    out.push_str(&format!("start = {start}\n"));
    if !unlocked.is_empty() {
        out.push_str(&format!("unlock = {}\n", unlocked.join(" ")));
    }
    for (m, op, v) in goals {
        out.push_str(&format!("goal = {} {} {v}\n", m.id(), op.text()));
    }
    out.push_str("# par = the number of settings the reference solution changes\n");
    out.push_str("# solution = the reference solution's pairs, e.g. idempotence=1\n");
    out.push_str("# wrong = a known wrong solution's pairs (one line each)\n");
    for lang in ["ru", "en"] {
        out.push_str(&format!(
            "\n[{lang}]\n# title = …\n# story = …\n# hint = … (one line per hint, in order)\n"
        ));
    }
    out
}

/// The verdicts of a previewed level's start and solutions over the seeds.
#[derive(Clone, PartialEq)]
struct Verdicts {
    start_fails: bool,
    solution_meets: bool,
    wrong_fail: Vec<bool>,
}

/// A pasted level file: the level it makes, or what is wrong with it.
#[component(LevelPreview)]
pub fn level_preview(props: &KitProps) -> Html {
    let lang = props.params.lang;
    let text = use_state(String::new);
    let verdicts = use_state(|| None::<(String, Verdicts)>);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let parsed = (!text.trim().is_empty()).then(|| Level::parse(&text));
    let check = {
        let verdicts = verdicts.clone();
        let text = text.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(level) = Level::parse(&text) {
                let meets = |p: &AppParams| level.failing_seeds(p).iter().all(Vec::is_empty);
                verdicts.set(Some((
                    (*text).clone(),
                    Verdicts {
                        start_fails: !meets(&level.start),
                        solution_meets: meets(&level.solve(&level.file.solution)),
                        wrong_fail: level
                            .file
                            .wrong
                            .iter()
                            .map(|w| !meets(&level.solve(w)))
                            .collect(),
                    },
                )));
            }
        })
    };
    let shown = verdicts
        .as_ref()
        .filter(|(t, _)| *t == *text)
        .map(|(_, v)| v.clone());
    html! {
        <section class="card level-kit" data-testid="level-preview" aria-labelledby="preview-title">
            <h2 id="preview-title">{t(lang, LevelMsg::KitPreview)}</h2>
            <p class="note">{t(lang, KitMsg::KitPreviewNote)}</p>
            <label>{t(lang, KitMsg::KitFile)}
                <textarea rows="14" data-testid="preview-input" value={(*text).clone()} {oninput} />
            </label>
            { match parsed {
                None => Html::default(),
                Some(Err(e)) => html! {
                    <p class="bad" role="alert" data-testid="level-error" data-line={e.line.to_string()}>
                        <strong>{t(lang, KitMsg::KitInvalid)}</strong>{" "}{crate::levels::level_format_error(lang, &e)}
                    </p>
                },
                Some(Ok(level)) => {
                    let words = level.text(lang);
                    let mut start = level.start.clone();
                    start.lang = lang;
                    html! {
                        <div data-testid="level-valid">
                            <p class="ok"><strong>{t(lang, KitMsg::KitValid)}</strong></p>
                            <h3>{words.title.clone()}</h3>
                            <p>{words.story.clone()}</p>
                            <ul>for g in level.file.goals.iter() { <li data-testid="preview-goal">{crate::levels::level_goal(lang, g)}</li> }</ul>
                            <ol>for h in words.hints.iter() { <li>{h.clone()}</li> }</ol>
                            <p><a href={to_query(&start)}>{t(lang, KitMsg::KitOpen)}</a></p>
                            <button type="button" data-testid="preview-check" onclick={check}>{t(lang, KitMsg::KitCheck)}</button>
                            for v in shown {
                                <ul data-testid="preview-verdicts">
                                    <li class={if v.start_fails { "ok" } else { "bad" }}>{format!("{}: {}", t(lang, KitMsg::KitStart), t(lang, if v.start_fails { KitMsg::KitStartOk } else { KitMsg::KitStartBad }))}</li>
                                    <li class={if v.solution_meets { "ok" } else { "bad" }}>{format!("{}: {}", t(lang, KitMsg::KitSolution), t(lang, if v.solution_meets { KitMsg::KitSolutionOk } else { KitMsg::KitSolutionBad }))}</li>
                                    for (w, fails) in level.file.wrong.iter().zip(v.wrong_fail.iter()) {
                                        <li class={if *fails { "ok" } else { "bad" }}>{format!("{} {w}: {}", t(lang, KitMsg::KitWrong), t(lang, if *fails { KitMsg::KitWrongOk } else { KitMsg::KitWrongBad }))}</li>
                                    }
                                </ul>
                            }
                        </div>
                    }
                }
            } }
        </section>
    }
}
