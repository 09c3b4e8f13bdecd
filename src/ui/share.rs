//! The share and export row under the player: the exact link to what is on
//! screen, a copy button, and SVG/PNG export of the figure.

use crate::i18n::{t, Msg};
use crate::params::{builder_path, to_query, AppParams, Hidden, Moment, Part};
use crate::widgets::export::{export_png, export_svg};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareRowProps {
    pub params: AppParams,
    /// The moment the link field shows: the one on screen when paused, the
    /// one playback started from while playing.
    pub moment: Moment,
    /// The moment on screen now, read when Copy is clicked.
    pub now: Callback<(), Moment>,
}

fn link(base: &str, params: &AppParams, moment: Moment) -> String {
    format!("{base}{}", to_query(&params.at(moment)))
}

#[component(ShareRow)]
pub fn share_row(props: &ShareRowProps) -> Html {
    let lang = props.params.lang;
    // The page's address without its query: it does not change while the
    // page is open (only the query is replaced), so it is read once.
    let base = use_memo((), |_| {
        web_sys::window()
            .map(|w| w.location())
            .map(|l| {
                format!(
                    "{}{}",
                    l.origin().unwrap_or_default(),
                    l.pathname().unwrap_or_default()
                )
            })
            .unwrap_or_default()
    });
    // Built when the moment or the parameters change, not on every frame.
    let share = {
        let base = base.clone();
        use_memo((props.moment, props.params.clone()), move |(t, params)| {
            link(&base, params, *t)
        })
    };
    let copy = {
        let (base, params, now) = (base.clone(), props.params.clone(), props.now.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(window) = web_sys::window() {
                // The promise settles on its own; a refusal (no permission)
                // leaves the link in the field to copy by hand.
                let _ =
                    window
                        .navigator()
                        .clipboard()
                        .write_text(&link(&base, &params, now.emit(())));
            }
        })
    };
    let name = format!("kafka-lab-{}", props.params.scene.id());
    // The picture in the palette on screen when it is asked for, whatever
    // `theme=auto` then resolves to.
    let chosen = props.params.theme;
    let theme = move || chosen.shown(super::shell::prefers_light()).code();
    let svg = {
        let name = name.clone();
        Callback::from(move |_: MouseEvent| export_svg(&name, theme()))
    };
    let png = Callback::from(move |_: MouseEvent| export_png(&name, theme()));
    // A frame showing one part keeps the rest a click away: the same state,
    // on a page of its own, whole.
    let whole = (props.params.embed && props.params.shown_part() != Part::All).then(|| {
        let page = AppParams {
            embed: false,
            part: None,
            hide: Hidden::default(),
            ..props.params.clone()
        };
        link(&base, &page, props.moment)
    });
    // Outside a frame, the embed builder, from the state on screen. Its
    // language follows the page's: a bundle carries one.
    let builder = (!props.params.embed).then(|| {
        format!(
            "{}{}{}",
            super::app::base_path(),
            builder_path(lang),
            to_query(&props.params.at(props.moment))
        )
    });
    html! {
        <div class="share">
            <label>
                <span class="visually-hidden">{t(lang, Msg::ShareLink)}</span>
                <input type="text" readonly=true data-testid="share-link" value={(*share).clone()} aria-label={t(lang, Msg::ShareLink)} />
            </label>
            <button type="button" data-testid="copy-link" onclick={copy}>{t(lang, Msg::CopyLink)}</button>
            <button type="button" data-testid="export-svg" title={t(lang, Msg::ExportSvg)} aria-label={format!("SVG · {}", t(lang, Msg::ExportSvg))}
                onclick={svg}>{"SVG"}</button>
            <button type="button" data-testid="export-png" title={t(lang, Msg::ExportPng)} aria-label={format!("PNG · {}", t(lang, Msg::ExportPng))}
                onclick={png}>{"PNG"}</button>
            if let Some(href) = builder {
                <a class="embed-builder" data-testid="embed-builder" href={href} target="_blank" rel="noopener"
                    title={t(lang, Msg::EmbedBuilderTitle)}>{t(lang, Msg::EmbedBuilder)}</a>
            }
            if let Some(href) = whole {
                <a class="whole-scene" data-testid="whole-scene" href={href} target="_blank" rel="noopener"
                    title={t(lang, Msg::WholeSceneTitle)}>{t(lang, Msg::WholeScene)}</a>
            }
        </div>
    }
}
