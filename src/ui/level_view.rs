//! The level bar: the story, the goals as a live checklist checked on
//! every seed a few runs per frame, hints one at a time, the unlocked
//! settings, the changes against par, progress and the level map, with
//! its links to the author's kit (src/ui/level_kit.rs).

use crate::i18n::Lang;
use crate::i18n::{self, t};
use crate::levels::LevelMsg;
use crate::levels::{self, changed, unlockable, Level, Miss, SEEDS};
use crate::params::declare::{Kind, Param};
use crate::params::{apply_pairs, encode_component, to_query, AppParams, LevelKit};
use crate::route::level_link;
use gloo_render::{request_animation_frame, AnimationFrame};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// The message the host page gets when a level is solved.
pub const COMPLETE_MESSAGE: &str = "kafka-lab:level-complete";

/// The message beside it that carries the solve as an xAPI statement
/// (src/levels/xapi.rs), for a host that records completion.
pub const XAPI_MESSAGE: &str = "kafka-lab:xapi";

/// Milliseconds of checking a frame may take before it yields (as the
/// pipeline's sweep does): no frame becomes a long task.
const CHECK_FRAME_MS: f64 = 8.0;

/// Forgets every solved level, in storage and on screen.
fn reset_progress(progress: &UseStateHandle<String>) -> Callback<MouseEvent> {
    let progress = progress.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(s) = storage() {
            let _ = s.remove_item(levels::PROGRESS_KEY);
        }
        progress.set(String::new());
    })
}

/// Keeps `text` as the progress, in storage where the page has it and on
/// screen.
fn keep_progress(progress: &UseStateHandle<String>) -> Callback<String> {
    let progress = progress.clone();
    Callback::from(move |text: String| {
        if let Some(s) = storage() {
            let _ = s.set_item(levels::PROGRESS_KEY, &text);
        }
        progress.set(text);
    })
}

/// The page's `localStorage`, where it has one: reading it throws in a
/// sandboxed frame without `allow-same-origin`, and a browser may give
/// none.
fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The progress as stored, `None` where the page cannot read its storage:
/// progress then lives on screen only, for as long as the page is open.
fn stored_progress() -> Option<String> {
    storage()?
        .get_item(levels::PROGRESS_KEY)
        .ok()
        .map(Option::unwrap_or_default)
}

/// Where the progress is kept, for the note the level map shows.
#[derive(Clone, Copy, PartialEq)]
enum Kept {
    /// In this site's storage, as on the lab's own pages.
    Here,
    /// In storage the browser keeps for the site the frame is on, apart
    /// from the lab's own pages and other course sites.
    ForThisSite,
    /// Nowhere: the page has no storage, or cannot read it.
    Nowhere,
}

fn kept() -> Kept {
    match web_sys::window() {
        // Storage that throws when read keeps nothing either.
        _ if stored_progress().is_none() => Kept::Nowhere,
        Some(window) if framed_by_another_site(&window) => Kept::ForThisSite,
        _ => Kept::Here,
    }
}

/// Whether the page is a frame inside a page of another origin. Browsers
/// now keep such a frame's storage for the top page's site alone, so the
/// same learner has one progress there and another on the lab's pages.
fn framed_by_another_site(window: &web_sys::Window) -> bool {
    let Ok(Some(parent)) = window.parent() else {
        return false;
    };
    if parent == *window {
        return false;
    }
    let location = window.location();
    let own = location.origin().unwrap_or_default();
    // Chromium and Safari list the origins of the pages around the frame,
    // and reading them throws nothing.
    let ancestors = js_sys::Reflect::get(&location, &"ancestorOrigins".into())
        .ok()
        .filter(|list| list.is_object());
    if let Some(list) = ancestors {
        let length = js_sys::Reflect::get(&list, &"length".into())
            .ok()
            .and_then(|n| n.as_f64())
            .unwrap_or(0.0) as u32;
        return (0..length).any(|i| {
            js_sys::Reflect::get_u32(&list, i)
                .ok()
                .and_then(|o| o.as_string())
                .is_some_and(|o| o != own)
        });
    }
    // Elsewhere, a page of another origin does not let its address be read.
    parent.location().href().is_err()
}

/// Tells the host page, when there is one, that the level is solved: the
/// lab's own message, and the same as an xAPI statement.
fn post_complete(level: &Level, n: u32, changes: usize, par: u32) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    if parent == window {
        return;
    }
    let message = js_sys::Object::new();
    let set = |message: &js_sys::Object, k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(message, &k.into(), &v);
    };
    set(&message, "type", COMPLETE_MESSAGE.into());
    set(&message, "level", JsValue::from(n));
    set(&message, "changes", JsValue::from(changes as u32));
    set(&message, "par", JsValue::from(par));
    let _ = parent.post_message(&message, "*");
    let base = window
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let timestamp = String::from(js_sys::Date::new_0().to_iso_string());
    let titles = levels::xapi::titles(level);
    let statement = levels::xapi::statement(&levels::xapi::Completed {
        base: &base,
        level: n,
        changes: changes as u32,
        par,
        titles: &titles,
        timestamp: &timestamp,
    });
    if let Ok(statement) = js_sys::JSON::parse(&statement) {
        let message = js_sys::Object::new();
        set(&message, "type", XAPI_MESSAGE.into());
        set(&message, "statement", statement);
        let _ = parent.post_message(&message, "*");
    }
}

thread_local! {
    // What a refused clipboard write comes to: nothing, since the code
    // stays in its field to copy by hand. Without a handler the refusal
    // would reach the console as an uncaught rejection.
    static IGNORE_REFUSAL: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
}

/// Puts `text` on the clipboard where the page may write to it; `false`
/// where it may not even ask.
fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    // Only a secure context has a clipboard at all.
    if !js_sys::Reflect::has(&navigator, &"clipboard".into()).unwrap_or(false) {
        return false;
    }
    // A frame of another origin writes to it only where its host allows
    // (`allow="clipboard-write"`), and Chromium logs an error for each
    // write it blocks: ask its permissions policy first, where it says.
    if let Some(document) = window.document() {
        let policy = ["permissionsPolicy", "featurePolicy"]
            .into_iter()
            .filter_map(|name| js_sys::Reflect::get(&document, &name.into()).ok())
            .find(JsValue::is_object);
        let allows = policy.and_then(|policy| {
            let check = js_sys::Reflect::get(&policy, &"allowsFeature".into()).ok()?;
            let check = check.dyn_into::<js_sys::Function>().ok()?;
            check
                .call1(&policy, &"clipboard-write".into())
                .ok()?
                .as_bool()
        });
        if allows == Some(false) {
            return false;
        }
    }
    let written = navigator.clipboard().write_text(text);
    IGNORE_REFUSAL.with(|ignore| {
        let _ = written.catch(ignore);
    });
    true
}

/// Switches off every form control of the scene under a level, with the
/// reason as its title.
pub fn freeze_scene_forms(why: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let each = |selector: &str, f: &dyn Fn(&web_sys::Element)| {
        if let Ok(found) = document.query_selector_all(selector) {
            for i in 0..found.length() {
                if let Some(el) = found
                    .item(i)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    f(&el);
                }
            }
        }
    };
    each(
        ".level-frozen input, .level-frozen select, .level-frozen button, .level-frozen textarea",
        &|el| {
            if !el.has_attribute("disabled") {
                let _ = el.set_attribute("disabled", "");
                let _ = el.set_attribute("title", why);
            }
        },
    );
    // A link to another setup of the scene (a preset) would leave the
    // level's start behind: off too, and out of the tab order.
    each(".level-frozen a[href^='?']", &|el| {
        if el.get_attribute("aria-disabled").as_deref() != Some("true") {
            let _ = el.set_attribute("aria-disabled", "true");
            let _ = el.set_attribute("tabindex", "-1");
            let _ = el.set_attribute("title", why);
        }
    });
}

/// The check of one state over every seed, as far as it has got.
#[derive(Clone, PartialEq)]
struct Check {
    params: AppParams,
    /// Seeds checked so far (a prefix of [`SEEDS`]).
    done: usize,
    /// Per goal: how it failed, seed by seed.
    failed: Vec<Vec<Miss>>,
}

#[derive(Properties, PartialEq)]
pub struct LevelProps {
    pub n: u32,
    pub level: Rc<Level>,
    pub params: AppParams,
    pub on_params: Callback<AppParams>,
}

#[component(LevelBar)]
pub fn level_bar(props: &LevelProps) -> Html {
    let lang = props.params.lang;
    let level = props.level.clone();
    let text = level.text(lang).clone();
    let goals = level.file.goals.clone();
    let hints = use_state(|| 0usize);
    let progress = use_state(|| stored_progress().unwrap_or_default());
    let run_params = props.params.sim_config();
    let check = use_state(|| Check {
        params: run_params.clone(),
        done: 0,
        failed: vec![Vec::new(); goals.len()],
    });
    let frame = use_mut_ref(|| None::<AnimationFrame>);
    // A check of other settings is stale: start again from the first seed.
    if check.params != run_params {
        check.set(Check {
            params: run_params.clone(),
            done: 0,
            failed: vec![Vec::new(); goals.len()],
        });
    }
    {
        let check = check.clone();
        let frame = frame.clone();
        let level = level.clone();
        use_effect_with((*check).clone(), move |c| {
            if c.done < SEEDS.len() {
                let c = c.clone();
                *frame.borrow_mut() = Some(request_animation_frame(move |_| {
                    let started = js_sys::Date::now();
                    let mut c = c;
                    while c.done < SEEDS.len() {
                        let seed = SEEDS[c.done];
                        for (i, miss) in level.misses(&c.params, seed).into_iter().enumerate() {
                            c.failed[i].extend(miss);
                        }
                        c.done += 1;
                        if js_sys::Date::now() - started > CHECK_FRAME_MS {
                            break;
                        }
                    }
                    check.set(c);
                }));
            }
        });
    }
    let current = (check.params == run_params).then_some(&*check);
    let done = current.map_or(0, |c| c.done);
    let finished = done == SEEDS.len();
    let met = |i: usize| current.is_some_and(|c| finished && c.failed[i].is_empty());
    let complete = finished && (0..goals.len()).all(met);
    let changes = changed(&level.start, &props.params);
    let refused = *use_memo(run_params.clone(), levels::refuses);
    let par = level.file.par;
    {
        let progress = progress.clone();
        let n = props.n;
        let count = changes.len();
        let level = level.clone();
        use_effect_with((complete, run_params.clone()), move |(complete, _)| {
            // The effect runs when the verdict or the settings change, so
            // each time the level becomes solved is told once. Another tab
            // may have solved levels since: the stored progress is the
            // base, and the one on screen where there is no storage.
            if *complete {
                let before = stored_progress().unwrap_or_else(|| (*progress).clone());
                keep_progress(&progress).emit(levels::record_solved(&before, n, count as u32));
                post_complete(&level, n, count, par);
            }
        });
    }
    // Until the level is solved the scene keeps its own answer (the
    // pipeline's smallest fix) out of sight (style.css): the mark is set
    // on the frozen scene after each render, as its forms' `disabled` is.
    use_effect(move || {
        if let Some(frozen) = web_sys::window().and_then(|w| w.document()).and_then(|d| {
            d.query_selector("[data-testid=\"level-frozen\"]")
                .ok()
                .flatten()
        }) {
            let _ = frozen.set_attribute("data-solved", if complete { "true" } else { "false" });
        }
    });
    let reveal = {
        let hints = hints.clone();
        let total = text.hints.len();
        Callback::from(move |_: MouseEvent| hints.set((*hints + 1).min(total)))
    };
    let restart = {
        let on_params = props.on_params.clone();
        let start = crate::params::keep_view(
            AppParams {
                level: Some(props.n),
                ..level.start.clone()
            },
            &props.params,
        );
        Callback::from(move |_: MouseEvent| on_params.emit(start.clone()))
    };
    let reset = reset_progress(&progress);
    let keep = keep_progress(&progress);
    let next = level_link(&props.params, props.n + 1);
    // Every other setting of the run, shown as it is and switched off.
    let locked: Vec<&'static Param> = unlockable(level.scene())
        .filter(|p| !level.is_unlocked(p.name))
        .collect();
    html! {
        <section class="level card" data-testid="level" data-level={props.n.to_string()} aria-labelledby="level-title">
            <div class="lesson-head">
                <strong id="level-title">{format!("{} · {}", i18n::level_number(lang, props.n), text.title)}</strong>
                <span class="dim" data-testid="level-changes" data-changes={changes.len().to_string()} data-par={par.to_string()}>
                    {i18n::level_changes(lang, changes.len(), par)}
                </span>
            </div>
            <p>{text.story.clone()}</p>
            <h3>{t(lang, LevelMsg::Goals)}</h3>
            <p class="dim small">{t(lang, LevelMsg::GoalsNote)}</p>
            if refused {
                <p class="bad" role="status" data-testid="level-refused">{t(lang, LevelMsg::Refused)}</p>
            }
            <ul class="level-goals" aria-live="polite">
                for (i, goal) in goals.iter().enumerate() { {{
                    let failed = current.map(|c| c.failed[i].clone()).unwrap_or_default();
                    let ok = met(i);
                    let status = if !failed.is_empty() {
                        i18n::level_seeds_failed(lang, failed.len(), SEEDS.len())
                    } else if finished {
                        i18n::level_seeds_met(lang, SEEDS.len())
                    } else {
                        i18n::level_checking(lang, done, SEEDS.len())
                    };
                    html! {
                        <li data-testid="level-goal" data-met={ok.to_string()} data-seeds={SEEDS.len().to_string()}
                            data-checked={done.to_string()} class={if ok { "ok" } else if failed.is_empty() { "pending" } else { "bad" }}>
                            <span aria-hidden="true">{if ok { "✓ " } else if failed.is_empty() { "… " } else { "✗ " }}</span>
                            <strong>{crate::levels::level_goal(lang, goal)}</strong>
                            {format!(" — {status}")}
                            if !failed.is_empty() {
                                <div class="dim small" data-testid="failed-seeds">
                                    {t(lang, LevelMsg::FailedSeeds)}
                                    <ul class="plain">
                                        for line in crate::levels::level_misses(lang, goal.metric, &failed) {
                                            <li data-testid="miss">{line}</li>
                                        }
                                    </ul>
                                </div>
                            }
                        </li>
                    }
                }} }
            </ul>
            if complete {
                <p class="reveal" role="status" data-testid="level-complete">
                    <strong>{i18n::level_complete(lang, props.n, changes.len(), par)}</strong>
                    for href in next.clone() { {" "}<a href={href} data-testid="level-next">{t(lang, LevelMsg::NextLevel)}</a> }
                </p>
            }
            <h3>{t(lang, LevelMsg::Controls)}</h3>
            <div class="level-controls">
                for p in level.unlocked.iter().filter_map(|&n| unlockable(level.scene()).find(|p| p.name == n)) {
                    { control(p, &props.params, &level, &props.on_params, None) }
                }
            </div>
            <details class="level-locked" data-testid="level-locked">
                <summary>{format!("{} ({})", t(lang, LevelMsg::Locked), locked.len())}</summary>
                <p class="dim small">{t(lang, LevelMsg::LockedWhy)}</p>
                <div class="level-controls">
                    for p in locked.iter() {
                        { control(p, &props.params, &level, &props.on_params, Some(t(lang, LevelMsg::LockedWhy))) }
                    }
                </div>
            </details>
            <div class="hints">
                for (i, h) in text.hints.iter().take(*hints).enumerate() {
                    <p class="hint" data-testid="hint"><strong>{format!("{}: ", i18n::level_hint_of(lang, i + 1, text.hints.len()))}</strong>{h.clone()}</p>
                }
                if *hints < text.hints.len() {
                    <button type="button" data-testid="hint-next" onclick={reveal}>{t(lang, LevelMsg::NextHint)}</button>
                } else {
                    <p class="dim small">{t(lang, LevelMsg::NoMoreHints)}</p>
                }
            </div>
            <nav class="lesson-nav">
                <button type="button" data-testid="level-restart" onclick={restart}>{t(lang, LevelMsg::Restart)}</button>
            </nav>
            <LevelMap params={props.params.clone()} progress={(*progress).clone()} open={false} on_reset={reset} on_progress={keep} />
        </section>
    }
}

/// What a setting's control is labelled with: the words its scene's form
/// gives it. Every setting a level can unlock has them (a host test
/// checks), so the link name is only what a declaration that broke that
/// would show, rather than an empty label.
pub(super) fn label(p: &Param, lang: Lang) -> &'static str {
    p.label.map_or(p.name, |words| words(lang))
}

/// What a choice's value reads as in its control's list: the words the
/// scene's form gives it, or the value itself where the form shows Kafka's
/// own. Every choice a level can unlock declares each of its values (a host
/// test checks), so the link value is only what a declaration that broke
/// that would show, rather than an empty option.
fn option_text(p: &Param, id: &'static str, lang: Lang) -> &'static str {
    p.option_text(id, lang).unwrap_or(id)
}

/// One setting's control, from its declaration: a number field, a choice
/// or a flag, labelled as its scene's form labels it. An unlocked one's change goes through the level's pin, so
/// nothing locked moves with it; a locked one (`locked` gives the reason)
/// is shown switched off.
fn control(
    p: &'static Param,
    params: &AppParams,
    level: &Rc<Level>,
    on_params: &Callback<AppParams>,
    locked: Option<&'static str>,
) -> Html {
    let disabled = locked.is_some();
    let testid = if disabled {
        "level-locked-control"
    } else {
        "level-control"
    };
    let value = (p.get)(params).unwrap_or_default();
    let set = {
        let params = params.clone();
        let level = level.clone();
        let on_params = on_params.clone();
        move |v: String| {
            let mut next = params.clone();
            apply_pairs(&mut next, &format!("{}={}", p.name, encode_component(&v)));
            on_params.emit(level.pin(&next));
        }
    };
    let label = html! { <span class="level-label">{label(p, params.lang)}</span> };
    let input = match &p.kind {
        Kind::Number(range) => {
            let set = set.clone();
            let onchange = Callback::from(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                if input.value().trim().parse::<u64>().is_ok() {
                    set(input.value().trim().to_owned());
                }
            });
            html! { <input type="number" min={range.start().to_string()} max={range.end().to_string()}
            value={value.clone()} data-testid={testid} data-param={p.name} {disabled} {onchange} /> }
        }
        Kind::Choice(ids) => {
            let set = set.clone();
            let onchange = Callback::from(move |e: Event| {
                let select: HtmlSelectElement = e.target_unchecked_into();
                set(select.value());
            });
            html! {
                <select data-testid={testid} data-param={p.name} {disabled} {onchange}>
                    for id in ids.iter() { <option value={*id} selected={*id == value}>{option_text(p, id, params.lang)}</option> }
                </select>
            }
        }
        Kind::Flag => {
            let set = set.clone();
            let onchange = Callback::from(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                set(if input.checked() { "1" } else { "0" }.to_owned());
            });
            html! { <input type="checkbox" checked={value == "1"} data-testid={testid} data-param={p.name} {disabled} {onchange} /> }
        }
        Kind::Text { .. } => {
            let onchange = Callback::from(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                set(input.value());
            });
            html! { <input type="text" value={value.clone()} data-testid={testid} data-param={p.name} {disabled} {onchange} /> }
        }
    };
    let choice = matches!(p.kind, Kind::Choice(_)).then_some("choice");
    html! { <label class={classes!("level-control", choice, disabled.then_some("locked"))} title={locked}>{label}{" "}{input}</label> }
}

#[derive(Properties, PartialEq)]
pub struct MapProps {
    pub params: AppParams,
    pub progress: String,
    pub open: bool,
    pub on_reset: Callback<MouseEvent>,
    /// Keeps new progress: a pasted code's, merged in.
    pub on_progress: Callback<String>,
}

/// Every level, with the ones solved ticked; the progress code to carry
/// them to another page, and the field to paste one.
#[component(LevelMap)]
pub fn level_map(props: &MapProps) -> Html {
    let lang = props.params.lang;
    let solved = levels::read_progress(&props.progress);
    html! {
        <details class="level-map" data-testid="level-map" open={props.open}>
            <summary>{t(lang, LevelMsg::Map)}</summary>
            <ol>
                for n in 1..=levels::count() { {{
                    let listed = levels::listed(n).unwrap_or_default();
                    let done = solved.get(&n);
                    html! {
                        <li data-testid="level-map-item" data-level={n.to_string()} data-solved={done.is_some().to_string()}>
                            <a href={level_link(&props.params, n).unwrap_or_default()}
                                aria-current={(props.params.level == Some(n)).then_some("page")}>{listed.title(lang).to_owned()}</a>
                            for c in done { {format!(" ✓ {} ({})", t(lang, LevelMsg::Done), i18n::level_changes(lang, *c as usize, listed.par))} }
                        </li>
                    }
                }} }
            </ol>
            <button type="button" data-testid="level-reset-progress" onclick={props.on_reset.clone()}>{t(lang, LevelMsg::ResetProgress)}</button>
            <ProgressCodeBox lang={lang} progress={props.progress.clone()} on_progress={props.on_progress.clone()} />
            <p class="dim small">{format!("{}: ", t(lang, LevelMsg::KitAuthor))}
                <a href={kit_link(&props.params, LevelKit::Make)} data-testid="kit-make-link">{t(lang, LevelMsg::KitMake)}</a>
                {" · "}
                <a href={kit_link(&props.params, LevelKit::Preview)} data-testid="kit-preview-link">{t(lang, LevelMsg::KitPreview)}</a>
            </p>
        </details>
    }
}

#[derive(Properties, PartialEq)]
struct CodeProps {
    lang: Lang,
    progress: String,
    on_progress: Callback<String>,
}

/// The progress code with its copy button, the field a code from another
/// page is pasted into, and a note where the page keeps the progress
/// only for this site, or not at all.
#[component(ProgressCodeBox)]
fn progress_code_box(props: &CodeProps) -> Html {
    let lang = props.lang;
    let kept = *use_memo((), |_| kept());
    let pasted = use_state(String::new);
    // What the last code applied came to: `None` until one is, and again
    // once the field changes.
    let outcome = use_state(|| None::<Result<(), levels::ProgressCodeError>>);
    let solved = levels::read_progress(&props.progress);
    let code = levels::progress_code(&solved);
    let field = use_node_ref();
    let copy = {
        let (code, field) = (code.clone(), field.clone());
        Callback::from(move |_: MouseEvent| {
            // Where the page may not write to the clipboard, the code is
            // selected in its field, to copy by hand.
            if !copy_text(&code) {
                if let Some(input) = field.cast::<HtmlInputElement>() {
                    input.select();
                }
            }
        })
    };
    // A click in the field selects the code, to copy by hand where the
    // page may not write to the clipboard.
    let select = Callback::from(|e: FocusEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        input.select();
    });
    let oninput = {
        let (pasted, outcome) = (pasted.clone(), outcome.clone());
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            pasted.set(input.value());
            outcome.set(None);
        })
    };
    // A button and Enter in the field, not a form: a sandboxed frame
    // without `allow-forms` never submits one.
    let apply = {
        let (pasted, outcome) = (pasted.clone(), outcome.clone());
        let (progress, on_progress) = (props.progress.clone(), props.on_progress.clone());
        Callback::from(move |()| {
            // Another tab may have solved levels since: the stored progress
            // is the base, and the one on screen where there is no storage.
            let before = stored_progress().unwrap_or_else(|| progress.clone());
            match levels::apply_progress_code(&before, &pasted) {
                Ok(text) => {
                    on_progress.emit(text);
                    pasted.set(String::new());
                    outcome.set(Some(Ok(())));
                }
                Err(e) => outcome.set(Some(Err(e))),
            }
        })
    };
    let onclick = apply.reform(|_: MouseEvent| ());
    let onkeydown = {
        let apply = apply.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                e.prevent_default();
                apply.emit(());
            }
        })
    };
    html! {
        <div class="progress-code" data-testid="progress-code-box">
            <h3>{t(lang, LevelMsg::ProgressCode)}</h3>
            { match kept {
                Kept::Nowhere => html! { <p class="note warn" data-testid="progress-note" data-kept="nowhere">{t(lang, LevelMsg::NoStorage)}</p> },
                Kept::ForThisSite => html! { <p class="note" data-testid="progress-note" data-kept="site">{t(lang, LevelMsg::SiteStorage)}</p> },
                Kept::Here => Html::default(),
            } }
            if solved.is_empty() {
                <p class="dim small" data-testid="progress-code-none">{t(lang, LevelMsg::ProgressCodeNone)}</p>
            } else {
                <p class="dim small">{t(lang, LevelMsg::ProgressCodeNote)}</p>
                <div class="code-row">
                    <input type="text" readonly=true data-testid="progress-code" value={code} spellcheck="false" ref={field}
                        aria-label={t(lang, LevelMsg::ProgressCode)} onfocus={select} />
                    <button type="button" data-testid="copy-progress-code" onclick={copy}>{t(lang, LevelMsg::CopyCode)}</button>
                </div>
            }
            <div class="code-row">
                <label>
                    <span>{t(lang, LevelMsg::PasteCode)}</span>
                    <input type="text" data-testid="progress-code-input" value={(*pasted).clone()} {oninput} {onkeydown}
                        spellcheck="false" autocomplete="off" autocapitalize="characters" />
                </label>
                <button type="button" data-testid="apply-progress-code" {onclick}>{t(lang, LevelMsg::ApplyCode)}</button>
            </div>
            { match *outcome {
                Some(Err(e)) => html! {
                    <p class="bad" role="alert" data-testid="progress-code-error" data-error={format!("{e:?}")}>
                        {format!("{} {}", levels::progress_code_error(lang, e), t(lang, LevelMsg::CodeUnchanged))}
                    </p>
                },
                Some(Ok(())) => html! { <p class="ok" role="status" data-testid="progress-code-applied">{t(lang, LevelMsg::CodeApplied)}</p> },
                None => Html::default(),
            } }
        </div>
    }
}

/// The author kit on this page's state, outside any level.
fn kit_link(params: &AppParams, kit: LevelKit) -> String {
    to_query(&AppParams {
        level: None,
        level_kit: Some(kit),
        t: None,
        t_events: None,
        ..params.clone()
    })
}

#[derive(Properties, PartialEq)]
pub struct NoLevelProps {
    pub params: AppParams,
}

/// `?level=` named no level: say so, and show the map open.
#[component(NoSuchLevel)]
pub fn no_such_level(props: &NoLevelProps) -> Html {
    let lang = props.params.lang;
    let progress = use_state(|| stored_progress().unwrap_or_default());
    let reset = reset_progress(&progress);
    let keep = keep_progress(&progress);
    html! {
        <section class="level card" data-testid="no-such-level">
            <p role="alert"><strong>{t(lang, LevelMsg::NoSuchLevel)}</strong></p>
            <LevelMap params={props.params.clone()} progress={(*progress).clone()} open={true} on_reset={reset} on_progress={keep} />
        </section>
    }
}
