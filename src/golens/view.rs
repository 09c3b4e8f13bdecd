//! The "In Go" panel: draws what `crate::golens` writes for the scene on
//! screen, one tab per client. Everything it shows is computed there; this
//! only draws.
//! The scenes' views place it, so it sits below them, with the lens.

use crate::golens::measured::Situation;
use crate::golens::text::GoLensMsg;
use crate::golens::{snippet, GoClient, Severity};
use crate::i18n::t;
use crate::i18n::Lang;
use crate::params::{AppParams, SceneId};
use crate::widgets::export::save_text;
use crate::widgets::fold::on_toggle;
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
    let lang = params.lang;
    let Some(code) = snippet(params, params.go_client) else {
        return html! {};
    };
    let shown = params.go_client;
    let text = code.code();
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
        let (text, name) = (text.clone(), shown.file_name(params.scene));
        Callback::from(move |_: MouseEvent| save_text(&name, "text/plain", &text))
    };
    let panel_id = format!("go-panel-{}", shown.id());
    html! {
        <section class="card golens" aria-labelledby="golens-title" data-testid="golens">
            <h2 id="golens-title">{t(lang, GoLensMsg::InGo)}</h2>
            <div class="go-tabs" role="tablist" aria-label={t(lang, GoLensMsg::Client)}>
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
                <p class="dim go-version" data-testid="go-version">{shown.version()}</p>
                if !code.warnings.is_empty() {
                    <ul class="client-warnings">
                        for w in code.warnings.iter() { {{
                            let kind = match w.severity {
                                Severity::BreaksOrder => "breaks-order",
                                Severity::LosesRecords => "loses-records",
                                Severity::Cannot => "cannot",
                                Severity::Note => "note",
                            };
                            let label = match w.severity {
                                Severity::BreaksOrder => t(lang, GoLensMsg::BreaksTheOrder),
                                Severity::LosesRecords => t(lang, GoLensMsg::LosesRecords),
                                Severity::Cannot => t(lang, GoLensMsg::CannotExpress),
                                Severity::Note => t(lang, GoLensMsg::Note),
                            };
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
                    {t(lang, GoLensMsg::MarkedLinesDifferFromTheLibrary)}
                </p>
                <span class="visually-hidden" id="go-code-label">{format!("{} · {}", t(lang, GoLensMsg::Code), client_label(shown))}</span>
                // Scrolls both ways inside its box, as the page's tables do.
                <div class="table-scroll go-scroll" role="group" tabindex="0" aria-labelledby="go-code-label" data-testid="go-scroll">
                <pre class="go-code" data-testid="go-code" data-client={shown.id()}><code>{code_runs(&code.lines)}</code></pre>
                </div>
                <div class="go-actions">
                    <button type="button" data-testid="copy-code" onclick={copy}>{t(lang, GoLensMsg::CopyTheCode)}</button>
                    <button type="button" data-testid="save-code" onclick={save}>
                        {format!("{} {}", t(lang, GoLensMsg::Save), shown.file_name(params.scene))}
                    </button>
                </div>
                if let Some(note) = crate::golens::scene_note(params) {
                    <p class="signed-note" data-testid="signed-note">{note}</p>
                }
            </div>
            if Situation::ALL.iter().any(|s| s.shown_in(params.scene)) {
                <Measured {lang} {shown} scene={params.scene} />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct MeasuredProps {
    lang: Lang,
    shown: GoClient,
    scene: SceneId,
}

/// Each client's outcome in the situations the conformance suite runs with
/// every client on the broker (crate::golens::measured), the shown tab's
/// column marked: a producer's rows where a producer's program is on
/// screen, a consumer's where a consumer's is. The table is
/// drawn once opened: folded, it would only add its cells to the page's
/// start and to every scene page's pre-rendered copies.
#[component(Measured)]
fn measured(props: &MeasuredProps) -> Html {
    let (lang, shown, scene) = (props.lang, props.shown, props.scene);
    let open = use_state(|| false);
    let ontoggle = on_toggle(&open);
    html! {
        <details class="measured" data-testid="what-your-client-does" open={*open} {ontoggle}>
            <summary id="measured-title">{t(lang, GoLensMsg::WhatYourClientDoes)}</summary>
            if *open {
                <p class="dim small">{t(lang, GoLensMsg::WhatYourClientDoesHow)}</p>
                <div class="table-scroll" role="group" tabindex="0" aria-labelledby="measured-title">
                    <table class="measured-table">
                        <thead><tr>
                            <th scope="col">{t(lang, GoLensMsg::Situation)}</th>
                            for c in GoClient::ALL.into_iter() {
                                <th scope="col" class={classes!((c == shown).then_some("shown"))}>{client_label(c)}</th>
                            }
                        </tr></thead>
                        <tbody>
                            for s in Situation::ALL.into_iter().filter(|s| s.shown_in(scene)) {
                                <tr>
                                    <th scope="row">{t(lang, s.msg())}</th>
                                    for c in GoClient::ALL.into_iter() { {{
                                        let o = s.outcome(c);
                                        html! {
                                            <td data-testid="measured-cell" data-client={c.id()} data-case={s.case(c)}
                                                class={classes!(if o.safe() { "safe" } else { "unsafe" }, (c == shown).then_some("shown"))}
                                                title={s.case(c)}>
                                                {t(lang, o.msg())}
                                            </td>
                                        }
                                    }} }
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
