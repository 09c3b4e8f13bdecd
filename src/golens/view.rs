//! The "In Go" panel: draws what `crate::golens` writes for the scene on
//! screen, one tab per client. Everything it shows is computed there; this
//! only draws.
//! The scenes' views place it, so it sits below them, with the lens.
//!
//! A release bundle does not carry the lens's builders: the panel draws
//! its frame with the scene, and asks the lens module for the code once
//! the scene is ready (`golens::page`; the page's loader, build/pages.mjs,
//! loads the module on the first question). The development build carries
//! them (`golens-inline`) and answers at once.

use crate::golens::page::{lens_query, LensPage};
use crate::golens::text::GoLensPanelMsg;
use crate::golens::{has_lens, GoClient, Severity};
use crate::i18n::t;
use crate::i18n::Lang;
use crate::params::AppParams;
use crate::widgets::export::save_text;
use crate::widgets::fold::on_toggle;
use std::rc::Rc;
use yew::prelude::*;
use yew::virtual_dom::VText;

fn client_label(c: GoClient) -> &'static str {
    match c {
        GoClient::FranzGo => "franz-go",
        GoClient::Sarama => "sarama",
        GoClient::KafkaGo => "kafka-go",
        GoClient::ConfluentKafkaGo => "confluent-kafka-go",
        GoClient::Java => "Java",
    }
}

fn set(
    on: &Callback<AppParams>,
    p: &AppParams,
    change: impl Fn(&mut AppParams) + 'static,
) -> Callback<MouseEvent> {
    let (on, p) = (on.clone(), p.clone());
    Callback::from(move |_: MouseEvent| {
        let mut next = p.clone();
        change(&mut next);
        on.emit(next);
    })
}

/// The panel, for any scene with a lens; nothing for one without.
pub fn view_golens(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    if !has_lens(params.scene) {
        return html! {};
    }
    html! { <GoLens params={params.clone()} on_params={on_params.clone()} /> }
}

#[derive(Properties)]
struct GoLensProps {
    params: AppParams,
    on_params: Callback<AppParams>,
}

impl PartialEq for GoLensProps {
    /// As `widgets::memo`'s: the callback is new on every render and does
    /// the same thing.
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params
    }
}

/// The code of one query, or why it did not come.
#[derive(Clone, PartialEq)]
enum Answer {
    Page(Rc<LensPage>),
    Failed(String),
}

/// The page of `query`, written here: this build carries the lens.
#[cfg(feature = "golens-inline")]
fn at_hand(query: &str) -> Option<Answer> {
    let params = crate::params::parse_query(query).0;
    Some(match crate::golens::page::lens_page(&params) {
        Some(page) => Answer::Page(Rc::new(page)),
        None => Answer::Failed(format!("no lens for {query}")),
    })
}

/// Asks for the page of `query` and hands the answer to `done`: at once,
/// where this build carries the lens.
#[cfg(feature = "golens-inline")]
fn ask(query: &str, done: impl FnOnce(Answer) + 'static) {
    if let Some(answer) = at_hand(query) {
        done(answer);
    }
}

/// The page of `query` if the page's HTML holds it: a scene page's
/// pre-rendered copy comes with the code of its own link's program
/// (build/prerender.mjs), which the loader keeps (`kolLensSeed`), so the
/// live panel draws what the copy showed, at the copy's height, before
/// the lens module has loaded.
#[cfg(not(feature = "golens-inline"))]
fn at_hand(query: &str) -> Option<Answer> {
    use wasm_bindgen::JsCast;
    let seed = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"kolLensSeed".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())?;
    let text = seed
        .call1(&wasm_bindgen::JsValue::NULL, &query.into())
        .ok()?
        .as_string()?;
    LensPage::decode(&text)
        .ok()
        .map(|page| Answer::Page(Rc::new(page)))
}

/// Asks the page's loader (build/pages.mjs, `kolLens`), which loads the
/// lens module on the first question and hands back its text, or an error.
#[cfg(not(feature = "golens-inline"))]
fn ask(query: &str, done: impl FnOnce(Answer) + 'static) {
    use std::cell::RefCell;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    type Done = Rc<RefCell<Option<Box<dyn FnOnce(Answer)>>>>;
    let done: Done = Rc::new(RefCell::new(Some(Box::new(done))));
    let finish = |done: &Done, answer: Answer| {
        if let Some(done) = done.borrow_mut().take() {
            done(answer);
        }
    };
    let loader = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"kolLens".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let Some(loader) = loader else {
        finish(&done, Answer::Failed("this page has no lens loader".into()));
        return;
    };
    let callback = {
        let done = done.clone();
        Closure::once_into_js(move |text: JsValue, error: JsValue| {
            finish(
                &done,
                match text.as_string() {
                    Some(text) => match LensPage::decode(&text) {
                        Ok(page) => Answer::Page(Rc::new(page)),
                        Err(e) => Answer::Failed(e),
                    },
                    None => {
                        Answer::Failed(error.as_string().unwrap_or_else(|| format!("{error:?}")))
                    }
                },
            )
        })
    };
    if let Err(e) = loader.call2(&JsValue::NULL, &query.into(), &callback) {
        finish(&done, Answer::Failed(format!("{e:?}")));
    }
}

/// The panel: its frame at once, the code once the answer for the link's
/// program has come. Until then the code's box keeps a height, so that the
/// page (and a frame that follows its height) moves little when it comes;
/// an answer for another program stays on screen while the next is asked.
#[component(GoLens)]
fn go_lens(props: &GoLensProps) -> Html {
    let params = &props.params;
    let on_params = &props.on_params;
    let lang = params.lang;
    let query = lens_query(params);
    // The answer, and the query it answers.
    let answer = use_state(|| at_hand(&query).map(|a| (query.clone(), a)));
    let attempt = use_state(|| 0u32);
    // The last query asked: an answer to an earlier one that comes after
    // it is dropped.
    let last = use_mut_ref(String::new);
    {
        let answer = answer.clone();
        use_effect_with((query.clone(), *attempt), move |(query, _)| {
            *last.borrow_mut() = query.clone();
            let asked = query.clone();
            // Not before the scene is ready: on a page opened again, the
            // module comes from the browser's cache at once, and loading
            // it and writing the program would then delay the scene.
            crate::widgets::after_ready::when_ready(move || {
                ask(&asked.clone(), move |a| {
                    if *last.borrow() == asked {
                        answer.set(Some((asked, a)));
                    }
                })
            });
        });
    }
    let shown = params.go_client;
    // What is on screen: the last page that came (for another program
    // while the next is asked), or why the current one did not come.
    let (page, failed, state) = match &*answer {
        Some((q, Answer::Page(page))) => (
            Some(page.clone()),
            None,
            if *q == query { "ready" } else { "loading" },
        ),
        Some((q, Answer::Failed(why))) if *q == query => (None, Some(why.clone()), "failed"),
        _ => (None, None, "loading"),
    };
    let panel_id = format!("go-panel-{}", shown.id());
    html! {
        <section class="card golens" aria-labelledby="golens-title" data-testid="golens"
            data-lens-state={state} data-lens-query={query} aria-busy={(state == "loading").to_string()}>
            <h2 id="golens-title">{t(lang, GoLensPanelMsg::InGo)}</h2>
            <div class="go-tabs" role="tablist" aria-label={t(lang, GoLensPanelMsg::Client)}>
                for c in GoClient::ALL.into_iter() { {{
                    let selected = c == shown;
                    html! {
                        <button type="button" role="tab" data-testid="go-tab" data-client={c.id()}
                            id={format!("go-tab-{}", c.id())}
                            aria-selected={selected.to_string()} aria-controls={panel_id.clone()}
                            class={classes!(selected.then_some("selected"))}
                            onclick={set(on_params, params, move |p| p.go_client = c)}>
                            {client_label(c)}
                        </button>
                    }
                }} }
            </div>
            <div role="tabpanel" id={panel_id.clone()} aria-labelledby={format!("go-tab-{}", shown.id())}>
                if let Some(page) = page {
                    { view_page(lang, &page) }
                } else if let Some(why) = failed {
                    <div class="go-pending" data-testid="lens-failed" role="alert">
                        <p>{t(lang, GoLensPanelMsg::LoadFailed)}</p>
                        // The browser's or the module's own words, for whoever
                        // looks into it (a course's host, a blocked file).
                        <p class="dim small" data-testid="lens-failed-why">{why}</p>
                        <button type="button" data-testid="lens-retry"
                            onclick={{ let attempt = attempt.clone(); move |_: MouseEvent| attempt.set(*attempt + 1) }}>
                            {t(lang, GoLensPanelMsg::TryAgain)}
                        </button>
                    </div>
                } else {
                    <div class="go-pending" data-testid="lens-loading">
                        <p class="dim">{t(lang, GoLensPanelMsg::Loading)}</p>
                    </div>
                }
            </div>
        </section>
    }
}

/// The tab's code, its warnings, the scene's note and the table.
fn view_page(lang: Lang, page: &Rc<LensPage>) -> Html {
    let shown = page.client;
    let text = page.code();
    let copy = {
        let text = text.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(window) = web_sys::window() {
                // A refusal (no permission) leaves the code to select by hand.
                let _ = window.navigator().clipboard().write_text(&text);
            }
        })
    };
    let save = {
        let (text, name) = (text, page.file_name.clone());
        Callback::from(move |_: MouseEvent| save_text(&name, "text/plain", &text))
    };
    html! {
        <>
            <p class="dim go-version" data-testid="go-version">{page.version.clone()}</p>
            if !page.warnings.is_empty() {
                <ul class="client-warnings">
                    for w in page.warnings.iter() { {{
                        let label = match w.severity {
                            Severity::BreaksOrder => t(lang, GoLensPanelMsg::BreaksTheOrder),
                            Severity::LosesRecords => t(lang, GoLensPanelMsg::LosesRecords),
                            Severity::Cannot => t(lang, GoLensPanelMsg::CannotExpress),
                            Severity::Note => t(lang, GoLensPanelMsg::Note),
                        };
                        let kind = w.severity.id();
                        html! {
                            <li class={classes!("client-warning", kind)} data-testid="client-warning" data-severity={kind}>
                                <strong>{format!("{label}: ")}</strong>{w.text.clone()}
                            </li>
                        }
                    }} }
                </ul>
            }
            <p class="dim go-legend">
                <span class="go-mark" aria-hidden="true">{"▍"}</span>
                {t(lang, GoLensPanelMsg::MarkedLinesDifferFromTheLibrary)}
            </p>
            <span class="visually-hidden" id="go-code-label">{format!("{} · {}", t(lang, GoLensPanelMsg::Code), client_label(shown))}</span>
            // Scrolls both ways inside its box, as the page's tables do.
            <div class="table-scroll go-scroll" role="group" tabindex="0" aria-labelledby="go-code-label" data-testid="go-scroll">
            <pre class="go-code" data-testid="go-code" data-client={shown.id()}><code>{code_runs(&page.lines)}</code></pre>
            </div>
            <div class="go-actions">
                <button type="button" data-testid="copy-code" onclick={copy}>{t(lang, GoLensPanelMsg::CopyTheCode)}</button>
                <button type="button" data-testid="save-code" onclick={save}>
                    {format!("{} {}", t(lang, GoLensPanelMsg::Save), page.file_name)}
                </button>
            </div>
            if let Some(note) = &page.note {
                <p class="signed-note" data-testid="signed-note">{note.clone()}</p>
            }
            if !page.measured.is_empty() {
                <Measured {lang} page={page.clone()} />
            }
        </>
    }
}

#[derive(Properties, PartialEq)]
struct MeasuredProps {
    lang: Lang,
    page: Rc<LensPage>,
}

/// Each client's outcome in the situations the conformance suite runs with
/// every client on the broker (crate::golens::measured), the shown tab's
/// column marked: a producer's rows where a producer's program is on
/// screen, a consumer's where a consumer's is. The table is
/// drawn once opened: folded, it would only add its cells to the page's
/// start and to every scene page's pre-rendered copies.
#[component(Measured)]
fn measured(props: &MeasuredProps) -> Html {
    let (lang, page) = (props.lang, &props.page);
    let shown = page.client;
    let open = use_state(|| false);
    let ontoggle = on_toggle(&open);
    html! {
        <details class="measured" data-testid="what-your-client-does" open={*open} {ontoggle}>
            <summary id="measured-title">{t(lang, GoLensPanelMsg::WhatYourClientDoes)}</summary>
            if *open {
                <p class="dim small">{t(lang, GoLensPanelMsg::WhatYourClientDoesHow)}</p>
                <div class="table-scroll" role="group" tabindex="0" aria-labelledby="measured-title">
                    <table class="measured-table">
                        <thead><tr>
                            <th scope="col">{t(lang, GoLensPanelMsg::Situation)}</th>
                            for c in GoClient::ALL.into_iter() {
                                <th scope="col" class={classes!((c == shown).then_some("shown"))}>{client_label(c)}</th>
                            }
                        </tr></thead>
                        <tbody>
                            for row in page.measured.iter() {
                                <tr>
                                    <th scope="row">{row.situation.clone()}</th>
                                    for cell in row.cells.iter() {
                                        <td data-testid="measured-cell" data-client={cell.client.id()} data-case={cell.case.clone()}
                                            class={classes!(if cell.safe { "safe" } else { "unsafe" }, (cell.client == shown).then_some("shown"))}
                                            title={cell.case.clone()}>
                                            {cell.text.clone()}
                                        </td>
                                    }
                                </tr>
                            }
                        </tbody>
                    </table>
                </div>
            }
        </details>
    }
}

/// The program as text, each changed line an element of its own, marked,
/// and each run of lines between them one text: an element per line was
/// most of the lens's elements (153 of the pipeline page's 549), each one
/// drawn when the page starts and compared on every frame.
fn code_runs(lines: &[crate::golens::Line]) -> Html {
    let mut runs = Vec::new();
    let mut plain = String::new();
    for line in lines {
        if line.changed {
            if !plain.is_empty() {
                runs.push(VText::new(std::mem::take(&mut plain)).into());
            }
            runs.push(html! {
                <span class="go-line changed" data-changed="1">{format!("{}\n", line.text)}</span>
            });
        } else {
            plain.push_str(&line.text);
            plain.push('\n');
        }
    }
    if !plain.is_empty() {
        runs.push(VText::new(plain).into());
    }
    runs.into_iter().collect()
}
