//! The embed builder's page (`embed/`, `en/embed/`; the logic is in
//! src/builder): the choices, a live preview in real frames at desktop and
//! phone width with the height each reports, and the code to copy.

use crate::builder::{frame_src, framed, part_name, parts, read_link, snippet, BuilderMsg};
use crate::i18n::t;
use crate::params::{
    builder_path, language_link, page_path, param_issue, scene_link, to_query, AppParams,
    ChromePiece, Hidden, ParamIssue, SceneId, Theme,
};
use crate::route::open_link;
use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, HtmlInputElement, HtmlSelectElement, MessageEvent};
use yew::prelude::*;

/// The widths the preview shows: a course page's column on a laptop, and
/// a phone's.
const DESKTOP_PX: u32 = 800;
const PHONE_PX: u32 = 390;
/// The snippet's height until the desktop frame has reported its own.
const UNMEASURED_PX: u32 = 600;
/// The page's own styles (the scenes' stylesheet is inlined in the page).
const BUILDER_CSS: &str = include_str!("builder.css");

#[derive(Properties, PartialEq)]
pub struct BuilderProps {
    /// The page's query, as src/params/path.rs reads it: the link to embed.
    pub query: AttrValue,
}

/// What the opened link gave: its messages, and the other language's
/// builder when it named the other language (a bundle has one, so the code
/// here is for this page's); or why it opened nothing.
#[derive(Clone, PartialEq)]
enum Pasted {
    Opened {
        issues: Vec<ParamIssue>,
        other_language: Option<String>,
    },
    Refused,
}

#[component(EmbedBuilder)]
pub fn embed_builder(props: &BuilderProps) -> Html {
    let opened = use_memo(props.query.clone(), |q| open_link(q));
    let start = &opened.0;
    let lang = start.lang;
    let state = use_state(|| AppParams {
        embed: false,
        part: None,
        ..(*start).clone()
    });
    let part = use_state(|| match start.part {
        Some(p) => p.id().to_owned(),
        None => parts(start.scene)[0].to_owned(),
    });
    // The page's own link says what is wrong with it, as a scene's page does.
    let pasted = use_state(|| {
        Some(Pasted::Opened {
            issues: opened.1.clone(),
            other_language: None,
        })
    });
    let link_field = use_node_ref();
    let desktop = use_node_ref();
    let phone = use_node_ref();
    let desktop_height = use_state(|| None::<u32>);
    let phone_height = use_state(|| None::<u32>);

    let app_base = use_memo((), |_| {
        let origin = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        format!("{origin}{}", super::app::base_path())
    });
    let shown = framed(&state, &part);
    let src = frame_src(&app_base, &shown);

    use_effect_with(lang, |&lang| {
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            document.set_title(&format!(
                "{} · Kafka Ordering Lab",
                t(lang, BuilderMsg::PageTitle)
            ));
            if let Some(root) = document.document_element() {
                let _ = root.set_attribute("lang", lang.code());
            }
        }
    });
    // A new address loads anew in both frames: their heights are measured
    // again.
    {
        let (d, p) = (desktop_height.clone(), phone_height.clone());
        use_effect_with(src.clone(), move |_| {
            d.set(None);
            p.set(None);
        });
    }
    // Each frame reports its height as on a course page, through the
    // message the snippet's script listens for; only the two frames are
    // heard.
    {
        let frames = [
            (desktop.clone(), desktop_height.clone()),
            (phone.clone(), phone_height.clone()),
        ];
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "message", move |e: &web_sys::Event| {
                    let Some(e) = e.dyn_ref::<MessageEvent>() else {
                        return;
                    };
                    let Some(height) = resize_height(&e.data()) else {
                        return;
                    };
                    let source = e.source().map(wasm_bindgen::JsValue::from);
                    for (frame, measured) in &frames {
                        let window = frame
                            .cast::<HtmlIFrameElement>()
                            .and_then(|f| f.content_window())
                            .map(wasm_bindgen::JsValue::from);
                        if window.is_some() && window == source {
                            measured.set(Some(height));
                        }
                    }
                })
            });
            move || drop(listener)
        });
    }

    let on_scene = {
        let (state, part) = (state.clone(), part.clone());
        Callback::from(move |e: Event| {
            let Some(id) = e.target_dyn_into::<HtmlSelectElement>().map(|s| s.value()) else {
                return;
            };
            let Some(scene) = SceneId::from_id(&id) else {
                return;
            };
            // The scene from its start, as its menu link opens it, with
            // the view chosen here.
            let (next, _) = open_link(&scene_link(&state, scene));
            part.set(parts(scene)[0].to_owned());
            state.set(next);
        })
    };
    let on_part = {
        let part = part.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = e.target_dyn_into::<HtmlSelectElement>() {
                part.set(s.value());
            }
        })
    };
    let on_theme = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let theme = match e
                .target_dyn_into::<HtmlSelectElement>()
                .map(|s| s.value())
                .as_deref()
            {
                Some("light") => Theme::Light,
                Some("auto") => Theme::Auto,
                _ => Theme::Dark,
            };
            state.set(AppParams {
                theme,
                ..(*state).clone()
            });
        })
    };
    let on_piece = |piece: ChromePiece| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let Some(shown) = e.target_dyn_into::<HtmlInputElement>().map(|i| i.checked()) else {
                return;
            };
            state.set(AppParams {
                hide: state.hide.with(piece, !shown),
                ..(*state).clone()
            });
        })
    };
    let on_paste = {
        let (state, part, pasted, field, app_base) = (
            state.clone(),
            part.clone(),
            pasted.clone(),
            link_field.clone(),
            app_base.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = field
                .cast::<HtmlInputElement>()
                .map(|i| i.value())
                .unwrap_or_default();
            let base = super::app::base_path();
            match read_link(&text, &app_base) {
                Ok((next, issues)) => {
                    let other_language = (next.lang != state.lang).then(|| {
                        let query = to_query(&AppParams {
                            embed: false,
                            ..next.clone()
                        });
                        let link =
                            language_link(&builder_path(state.lang), &query, next.lang.code());
                        format!("{base}{link}")
                    });
                    part.set(match next.part {
                        Some(p) => p.id().to_owned(),
                        None => parts(next.scene)[0].to_owned(),
                    });
                    // The builder's page keeps its language: a bundle has
                    // one (the language links below move to the other).
                    state.set(AppParams {
                        lang: state.lang,
                        embed: false,
                        part: None,
                        ..next
                    });
                    pasted.set(Some(Pasted::Opened {
                        issues,
                        other_language,
                    }));
                }
                Err(_) => pasted.set(Some(Pasted::Refused)),
            }
        })
    };
    let code = snippet(
        lang,
        &src,
        state.scene.title(lang),
        desktop_height.unwrap_or(UNMEASURED_PX),
    );
    let copy = {
        let code = code.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(window) = web_sys::window() {
                // A refusal leaves the code in its field, to copy by hand.
                let _ = window.navigator().clipboard().write_text(&code);
            }
        })
    };
    let base = super::app::base_path();
    let whole = AppParams {
        embed: false,
        hide: Hidden::default(),
        ..(*state).clone()
    };
    let back = format!(
        "{base}{}{}",
        page_path(Some(state.scene), lang),
        to_query(&whole)
    );
    let language = |code: &'static str| {
        let query = to_query(&shown);
        format!("{base}{}", language_link(&builder_path(lang), &query, code))
    };
    let piece = |piece: ChromePiece, label: BuilderMsg| {
        html! {
            <label class="builder-check">
                <input type="checkbox" data-testid="builder-show" data-piece={piece.id()}
                    checked={!state.hide.hides(piece)} onchange={on_piece(piece)} />
                {" "}{t(lang, label)}
            </label>
        }
    };
    let preview = |node: &NodeRef,
                   width: u32,
                   name: BuilderMsg,
                   height: Option<u32>,
                   id: &'static str| {
        let measured = match height {
            Some(h) => format!("{}: {width} px × {h} px", t(lang, name)),
            None => format!(
                "{}: {width} px, {}",
                t(lang, name),
                t(lang, BuilderMsg::Measuring)
            ),
        };
        html! {
            <figure class="builder-frame" style={format!("width: {width}px")}>
                <figcaption data-testid="builder-measured" data-frame={id}
                    data-height={height.map(|h| h.to_string())}>{measured}</figcaption>
                <iframe ref={node.clone()} data-testid="builder-preview" data-frame={id} src={src.clone()}
                    title={format!("{} · {}", state.scene.title(lang), t(lang, name))} width={width.to_string()}
                    style={format!("height: {}px", height.unwrap_or(UNMEASURED_PX))} />
            </figure>
        }
    };
    let message = match &*pasted {
        Some(Pasted::Refused) => html! {
            <p class="param-issues" role="alert" data-testid="builder-link-error">{t(lang, BuilderMsg::NotALink)}</p>
        },
        Some(Pasted::Opened {
            issues,
            other_language,
        }) => html! {
            <>
            if !issues.is_empty() {
                <div class="param-issues" role="alert" data-testid="builder-link-issues">
                    <p>{t(lang, BuilderMsg::LinkIssues)}</p>
                    <ul>for i in issues.iter() { <li>{param_issue(lang, i)}</li> }</ul>
                </div>
            }
            if let Some(href) = other_language {
                <p class="param-issues" role="status" data-testid="builder-other-language">
                    {t(lang, BuilderMsg::OtherLanguage)}{" "}
                    <a href={href.clone()}>{t(lang, BuilderMsg::OtherLanguageLink)}</a>
                </p>
            }
            </>
        },
        None => html! {},
    };
    let this_part = part.clone();
    html! {
        <div class="app builder" data-theme="dark" data-testid="builder">
            <style>{BUILDER_CSS}</style>
            <header class="topbar">
                <span class="brand">{"Kafka Ordering Lab"}</span>
                <a href={back} data-testid="builder-back">{t(lang, BuilderMsg::Back)}</a>
                <nav class="prefs" aria-label={t(lang, BuilderMsg::Language)}>
                    for code in ["ru", "en"] {
                        <a href={language(code)} data-testid="builder-lang" data-lang={code}
                            aria-current={(code == lang.code()).then_some("page")}>{code.to_ascii_uppercase()}</a>
                    }
                </nav>
            </header>
            <main class="builder-body">
                <h1>{t(lang, BuilderMsg::PageTitle)}</h1>
                <p class="lede">{t(lang, BuilderMsg::Intro)}</p>
                <form class="builder-link" onsubmit={on_paste}>
                    <label>
                        <span>{t(lang, BuilderMsg::FromLink)}</span>
                        <input ref={link_field} type="text" inputmode="url" data-testid="builder-link" placeholder="https://…/?scene=…" />
                    </label>
                    <button type="submit" data-testid="builder-open">{t(lang, BuilderMsg::OpenLink)}</button>
                    <p class="dim small">{t(lang, BuilderMsg::FromLinkNote)}</p>
                </form>
                {message}
                <div class="builder-choices">
                    <label>{t(lang, BuilderMsg::Scene)}{" "}
                        <select data-testid="builder-scene" onchange={on_scene}>
                            for scene in SceneId::ALL {
                                <option value={scene.id()} selected={scene == state.scene}>{scene.title(lang)}</option>
                            }
                        </select>
                    </label>
                    <label>{t(lang, BuilderMsg::Part)}{" "}
                        <select data-testid="builder-part" onchange={on_part}>
                            for id in parts(state.scene).iter().copied() {
                                <option value={id} selected={*this_part == id}>{part_name(lang, id)}</option>
                            }
                        </select>
                    </label>
                    <label>{t(lang, BuilderMsg::Theme)}{" "}
                        <select data-testid="builder-theme" onchange={on_theme}>
                            for (theme, name) in [(Theme::Dark, BuilderMsg::ThemeDark), (Theme::Light, BuilderMsg::ThemeLight), (Theme::Auto, BuilderMsg::ThemeAuto)] {
                                <option value={theme.code()} selected={state.theme == theme}>{t(lang, name)}</option>
                            }
                        </select>
                    </label>
                    <fieldset>
                        <legend>{t(lang, BuilderMsg::Chrome)}</legend>
                        { piece(ChromePiece::Title, BuilderMsg::ShowTitle) }
                        { piece(ChromePiece::Lede, BuilderMsg::ShowLede) }
                        { piece(ChromePiece::Prefs, BuilderMsg::ShowPrefs) }
                        { piece(ChromePiece::Share, BuilderMsg::ShowShare) }
                    </fieldset>
                </div>
                <h2>{t(lang, BuilderMsg::Code)}</h2>
                <p class="dim small">{t(lang, BuilderMsg::CodeNote)}</p>
                <textarea class="builder-code" readonly=true data-testid="builder-code" rows="14"
                    aria-label={t(lang, BuilderMsg::Code)} value={code} />
                <button type="button" data-testid="builder-copy" onclick={copy}>{t(lang, BuilderMsg::Copy)}</button>
                <h2>{t(lang, BuilderMsg::Preview)}</h2>
                <div class="builder-previews">
                    { preview(&desktop, DESKTOP_PX, BuilderMsg::Desktop, *desktop_height, "desktop") }
                    { preview(&phone, PHONE_PX, BuilderMsg::Phone, *phone_height, "phone") }
                </div>
            </main>
        </div>
    }
}

/// The height a frame's `kafka-lab:resize` message reports (static/frame.js).
fn resize_height(data: &wasm_bindgen::JsValue) -> Option<u32> {
    let get = |k: &str| js_sys::Reflect::get(data, &k.into()).ok();
    if get("type")?.as_string()? != "kafka-lab:resize" {
        return None;
    }
    let h = get("height")?.as_f64()?;
    (h.is_finite() && h >= 0.0 && h < f64::from(u32::MAX)).then_some(h as u32)
}
