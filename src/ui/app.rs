//! The app shell: scene menu, language and theme, the URL, the keyboard, and
//! the one player that drives the current scene.

use super::clock::use_animation_frames;
use super::help::{focus_dialog, view_help, Help};
use super::lesson_view::LessonBar;
use super::level_view::{LevelBar, NoSuchLevel};
use super::scene_host::view_scene;
use super::scene_player::ScenePlayer;
use super::share::ShareRow;
use super::shell::{
    dispatch_to, params_to, use_address_bar, use_finding_lights, use_frozen_forms, use_menu_hrefs,
    use_ready, use_shortcuts,
};
use crate::i18n::{self, t, Lang, Msg};
use crate::lesson::LessonMsg;
use crate::levels::LevelMsg;
use crate::params::{
    language_link, to_query, AppParams, LevelKit, Moment, ParamIssue, SceneId, Theme,
};
use crate::route::{lesson_link, level_link};
use crate::widgets::fold::Narrow;
use crate::widgets::layout::NARROW_BELOW_PX;
use crate::widgets::player::PlayerAction;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// The page's query string, e.g. `?scene=log&lang=en`.
    pub query: AttrValue,
}

/// The app's base path, from the page's `<base href>` (trunk's public
/// URL): `/kafka-lab/` under a sub-path, `/` at a host's root.
pub fn base_path() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .and_then(|b| web_sys::Url::new(&b).ok())
        .map_or_else(|| "/".to_owned(), |u| u.pathname())
}

pub(crate) fn is_narrow() -> bool {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w < NARROW_BELOW_PX)
}

#[component(App)]
pub fn app(props: &AppProps) -> Html {
    let start = use_memo(props.query.clone(), |query| {
        let (params, mut issues) = crate::route::open_link(query);
        let player = ScenePlayer::build(&params, &mut issues);
        (params, issues, RefCell::new(Some(player)))
    });
    let params = use_state(|| start.0.clone());
    let issues = use_state(|| start.1.clone());
    let player: Rc<RefCell<ScenePlayer>> = use_mut_ref(|| {
        start
            .2
            .borrow_mut()
            .take()
            .unwrap_or_else(|| ScenePlayer::build(&start.0, &mut Vec::new()))
    });
    let force = use_force_update();
    let help = use_mut_ref(Help::default);
    let help_ref = use_node_ref();
    // A lesson step's question holds the run where the step opened until
    // the learner answers: nothing may show the outcome first.
    let quiz_open = use_mut_ref(|| {
        start
            .0
            .lesson
            .and_then(crate::lesson::step)
            .is_some_and(|s| s.answer.is_some())
    });
    let scene_root = use_node_ref();
    let narrow = use_state(is_narrow);
    let menu_open = use_state(|| false);
    let lede_open = use_state(|| false);

    let dispatch = dispatch_to(player.clone(), force.clone(), quiz_open.clone());

    let playing = player.borrow().playing();
    use_animation_frames(
        playing,
        dispatch.reform(|wall_ms| PlayerAction::Frame { wall_ms }),
    );

    let set_help = help_to(help.clone(), force.clone());
    let help_open = help.borrow().is_open();
    use_help_focus(help_open, help_ref.clone());

    use_shortcuts(
        dispatch.clone(),
        help.clone(),
        set_help.clone(),
        narrow.clone(),
    );

    use_ready(scene_root.clone(), dispatch.clone());
    let prefers_light = super::shell::use_prefers_light();
    let lights = use_finding_lights(scene_root.clone());
    use_frozen_forms(
        params
            .level
            .is_some()
            .then(|| t(params.lang, LevelMsg::SceneLocked)),
    );
    let root = use_node_ref();
    super::embed::use_pause_when_hidden(root.clone(), dispatch.reform(|()| PlayerAction::Pause));

    let moment = player.borrow().moment();
    use_address_bar((*params).clone(), moment, playing);

    let lang = params.lang;
    let on_params = params_to(params.clone(), player.clone());
    let dismiss = {
        let issues = issues.clone();
        Callback::from(move |_: MouseEvent| issues.set(Vec::new()))
    };

    let help_dialog = help_open.then(|| {
        view_help(
            lang,
            help_ref.clone(),
            set_help.reform(|_: MouseEvent| false),
        )
    });
    let prefs = view_prefs(
        &params,
        &player,
        set_help.reform(move |_: MouseEvent| !help_open),
        prefers_light,
    );

    // Like the address bar, the link field waits for a pause: while playing
    // it keeps the moment playback started, since rewriting a text field on
    // every frame costs more than the rest of a light frame. Copy takes the
    // moment on screen when clicked.
    let shared_at = use_mut_ref(Moment::default);
    let summary_text = use_mut_ref(|| (None, String::new()));
    if !playing {
        *shared_at.borrow_mut() = player.borrow().moment();
    }
    // The same callback on every render (the player's cell is the
    // component's for its life), so that while a run plays, the share row's
    // properties stay as they were and Yew skips it on each frame.
    let now_moment = {
        let player = player.clone();
        use_callback((), move |(), _| player.borrow().moment())
    };

    let on_export_mermaid = mermaid_export(player.clone(), params.scene, lang);

    let menu_hrefs = use_menu_hrefs((*params).clone());
    let on_reveal = reveal(quiz_open.clone(), dispatch.clone());
    let quiz = *quiz_open.borrow();
    let lede = i18n::split_lede(params.scene.lede(lang));
    let level = params
        .level
        .and_then(|n| crate::levels::builtin(n).map(|l| (n, l)));
    let bad_level = issues
        .iter()
        .any(|i| matches!(i, ParamIssue::BadChoice { name: "level", .. }));
    let p = player.borrow();
    // The run moves: playing, and not held at one of the scene's moments.
    let moving = p.playing() && !p.holding();
    // The summary is read out when the learner pauses or steps; while the
    // run plays it is silent, so it keeps the text of the last pause rather
    // than being written again on every frame.
    let summary = {
        let mut held = summary_text.borrow_mut();
        if !playing || p.holding() || held.0 != Some(lang) {
            *held = (
                Some(lang),
                i18n::summary(lang, p.now(), &p.summary(&params)),
            );
        }
        held.1.clone()
    };

    html! {
        <ContextProvider<Narrow> context={Narrow(*narrow)}>
        <div ref={root} class={classes!("app", params.embed.then_some("embedded"))} data-theme={params.theme.shown(prefers_light).code()}
            data-quiz={quiz.then_some("open")} data-hide={(!params.hide.is_empty()).then(|| params.hide.ids(" "))}>
            if !params.embed {
                { view_topbar(&params, &menu_open, &menu_hrefs, prefs.clone()) }
            }
            { view_param_issues(lang, &issues, dismiss) }
            <main ref={scene_root} class={classes!("scene", (params.lesson.is_some() || level.is_some()).then_some("with-card"))}
                data-testid="scene" data-scene={params.scene.id()}
                onmouseover={lights.on_point} onfocusin={lights.on_focus}
                onmouseleave={lights.on_leave.reform(|e: MouseEvent| e.into())}
                onfocusout={lights.on_leave.reform(|e: FocusEvent| e.into())}
                data-part={params.shown_part().id()}
                data-sim-time={p.now().as_millis().to_string()}
                data-holding={p.holding().then_some("true")}
                // While the run moves: what animates only with it (the log's
                // record in processing, static/style.css) is still when it
                // is paused, and a paused page does no work.
                data-playing={moving.then_some("true")}
                data-events={p.moment().events.map(|n| n.to_string())}
                data-state-digest={format!("{:016x}", p.digest())}>
                { view_heading(lang, params.scene, summary, moving, lede, &lede_open) }
                // A lesson step's or a level's card: after the title in the
                // page's order; style.css shows the figure before it.
                if bad_level && crate::levels::built_in() {
                    <NoSuchLevel params={(*params).clone()} />
                }
                if params.level.is_some() && !crate::levels::built_in() {
                    { view_level_elsewhere(&params) }
                }
                if let Some((n, level)) = level.clone() {
                    <LevelBar key={n} n={n} level={level} params={(*params).clone()} on_params={on_params.clone()} />
                }
                if params.level_kit == Some(LevelKit::Preview) {
                    { view_level_kit(&params, LevelKit::Preview) }
                }
                for n in params.lesson {
                    <LessonBar key={n} step={n} lang={lang} params={(*params).clone()}
                        on_reveal={on_reveal.clone()} />
                }
                for (end, events) in p.cut_short() {
                    <p class="param-issues" role="status" data-testid="run-cut-short">{i18n::run_cut_short(lang, end, events)}</p>
                }
                if level.is_some() {
                    // The level's panel holds the settings: the scene's
                    // own forms show the state, and say why they are off.
                    <p class="dim small" data-testid="scene-locked">{t(lang, LevelMsg::SceneLocked)}</p>
                    <div class="level-frozen" data-testid="level-frozen">
                        { view_scene(&p, &params, *narrow, on_params.clone(), on_export_mermaid) }
                    </div>
                } else {
                    { view_scene(&p, &params, *narrow, on_params.clone(), on_export_mermaid) }
                }
                if params.level_kit == Some(LevelKit::Make) {
                    { view_level_kit(&params, LevelKit::Make) }
                }
                // Shown only in a scene page's placeholder, the copy of
                // this markup a link with another state gets before the
                // wasm arrives (static/style.css): it says what is coming.
                <p class="loading-note" hidden=true>{t(lang, Msg::SceneLoading)}</p>
                // Shown in a scene page's copy, the figure or the
                // placeholder, when the loader could not fetch or start the
                // bundle (build/pages.mjs): the copy would otherwise
                // look like a scene that does not answer, or load forever.
                <p class="load-failed-note" role="alert" hidden=true>{t(lang, Msg::SceneLoadFailed)}</p>
            </main>
            { p.controls(lang, &dispatch, if params.embed { prefs } else { Html::default() }, quiz) }
            // Below the player, not in it: on a phone the sticky bar must
            // stay one or two rows high.
            <ShareRow params={(*params).clone()} moment={*shared_at.borrow()} now={now_moment} />
            if let Some(dialog) = help_dialog { {dialog} }
            if !params.embed {
                <p class="keyboard-hint">{t(lang, Msg::KeyboardHint)}</p>
            }
        </div>
        </ContextProvider<Narrow>>
    }
}

/// This state's link on its scene's own page, whose loader starts the
/// bundle it needs: what a bundle that lacks a part of the link (the
/// levels, the level author's kit) links to.
fn own_page_link(params: &AppParams) -> String {
    format!(
        "{}{}{}",
        base_path(),
        crate::params::page_path(Some(params.scene), params.lang),
        to_query(params)
    )
}

/// A level's link in a bundle without the levels (`levels::built_in`): the
/// page's loader starts the level's bundle for any `level=` link
/// (build/pages.mjs), so only an address the loader and the app read apart
/// lands here, and the note links to this same address, which the page
/// opens with the level.
fn view_level_elsewhere(params: &AppParams) -> Html {
    let lang = params.lang;
    let href = own_page_link(params);
    let title = params
        .level
        .and_then(crate::levels::listed)
        .map(|l| l.title(lang).to_owned())
        .unwrap_or_default();
    html! {
        <p class="scene-elsewhere" role="alert" data-testid="level-elsewhere">
            {t(lang, LevelMsg::LevelElsewhere)}{" "}<a href={href}>{title}</a>
        </p>
    }
}

/// The level author's kit the link opens. It is only in the bundle with
/// every scene, which the page's loader starts for any `level-kit=` link
/// (build/pages.mjs). A scene's own bundle that gets one all the same
/// links to the page that has it, as for a scene it lacks
/// (`scene_host::view_elsewhere`). A scene's release bundle compiles the
/// kit with every scene's code and leaves both out at the link
/// (`SceneId::all_built_in`).
fn view_level_kit(params: &AppParams, kit: LevelKit) -> Html {
    #[cfg(feature = "all-scenes")]
    if SceneId::all_built_in() {
        use super::level_kit::{LevelMaker, LevelPreview};
        return match kit {
            LevelKit::Make => html! { <LevelMaker params={params.clone()} /> },
            LevelKit::Preview => html! { <LevelPreview params={params.clone()} /> },
        };
    }
    let lang = params.lang;
    let href = own_page_link(params);
    let name = match kit {
        LevelKit::Make => LevelMsg::KitMake,
        LevelKit::Preview => LevelMsg::KitPreview,
    };
    html! {
        <p class="scene-elsewhere" role="alert" data-testid="kit-elsewhere">
            {t(lang, LevelMsg::KitElsewhere)}{" "}<a href={href}>{t(lang, name)}</a>
        </p>
    }
}

/// The page's top bar, outside an embed: the scene menu (one button that
/// names the open scene, at phone width), the lesson's and the levels'
/// entries, and the preferences.
fn view_topbar(
    params: &AppParams,
    menu_open: &UseStateHandle<bool>,
    menu_hrefs: &[String],
    prefs: Html,
) -> Html {
    let lang = params.lang;
    let toggle_menu = {
        let menu_open = menu_open.clone();
        Callback::from(move |_: MouseEvent| menu_open.set(!*menu_open))
    };
    // On a phone the menu folds into one button that names the open scene,
    // numbered as the list numbers it.
    let current_scene = match SceneId::ALL.iter().position(|&s| s == params.scene) {
        Some(i) => format!("{}. {}", i + 1, params.scene.title(lang)),
        None => params.scene.title(lang).to_owned(),
    };
    html! {
        <header class="topbar">
            <span class="brand">{"Kafka Ordering Lab"}</span>
            <nav class={classes!("scene-menu", menu_open.then_some("open"))} aria-label={t(lang, Msg::ScenesMenu)}>
                // Shown at phone width only; on a wide screen the
                // list is always out and this button is not drawn.
                <button type="button" class="menu-toggle" data-testid="scene-menu-toggle"
                    aria-expanded={menu_open.to_string()} aria-controls="scene-list" onclick={toggle_menu}>
                    <span class="menu-label">{t(lang, Msg::ScenesMenu)}</span>
                    <span class="menu-current">{current_scene}</span>
                    <svg class="icon chevron" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                        <path d="M7 10l5 5 5-5z" />
                    </svg>
                </button>
                <ol id="scene-list">
                    for (i, (&scene, href)) in SceneId::ALL.iter().zip(menu_hrefs.iter()).enumerate() {
                        <li>
                            <a href={href.clone()} data-testid="scene-link" data-scene={scene.id()} data-number={(i + 1).to_string()}
                                aria-current={(scene == params.scene).then_some("page")}>
                                {scene.title(lang)}
                            </a>
                        </li>
                    }
                </ol>
            </nav>
            for href in lesson_link(params, 1) {
                <a class="lesson-link" href={href} data-testid="lesson-start">{t(lang, LessonMsg::Start)}</a>
            }
            for href in level_link(params, 1) {
                <a class="lesson-link" href={href} data-testid="levels-start">{t(lang, LevelMsg::Levels)}</a>
            }
            {prefs}
        </header>
    }
}

/// The preferences: the shortcuts' help, the language and the theme. The
/// language switch opens the same state's link in the other language.
fn view_prefs(
    params: &UseStateHandle<AppParams>,
    player: &Rc<RefCell<ScenePlayer>>,
    on_help: Callback<MouseEvent>,
    prefers_light: bool,
) -> Html {
    let lang = params.lang;
    // A bundle carries one language (`Lang`), so the switch opens the same
    // state's link in the other language: its own page, with that
    // language's bundle and pre-rendered figure.
    let toggle_lang = {
        let params = params.clone();
        let player = player.clone();
        Callback::from(move |_: MouseEvent| {
            let query = to_query(&params.at(player.borrow().moment()));
            let Some(window) = web_sys::window() else {
                return;
            };
            let base = base_path();
            let path = window.location().pathname().unwrap_or_default();
            let path = path.strip_prefix(base.as_str()).unwrap_or("");
            let link = language_link(path, &query, params.lang.other_code());
            let _ = window.location().assign(&format!("{base}{link}"));
        })
    };
    // The switch offers the palette not on screen, and names it in the
    // link from then on, `theme=auto` included.
    let shown = params.theme.shown(prefers_light);
    let toggle_theme = {
        let params = params.clone();
        Callback::from(move |_: MouseEvent| {
            let theme = match shown {
                Theme::Light => Theme::Dark,
                _ => Theme::Light,
            };
            params.set(AppParams {
                theme,
                ..(*params).clone()
            })
        })
    };
    html! {
        <div class="prefs">
            <button type="button" data-testid="help" onclick={on_help} aria-label={format!("? · {}", t(lang, Msg::Shortcuts))}
                title={t(lang, Msg::Shortcuts)}>{"?"}</button>
            <button type="button" data-testid="lang" onclick={toggle_lang}
                aria-label={format!("{} · {}", lang.other_code().to_ascii_uppercase(), t(lang, Msg::SwitchLanguage))}
                title={t(lang, Msg::SwitchLanguage)}>
                {lang.other_code().to_ascii_uppercase()}
            </button>
            <button type="button" data-testid="theme" onclick={toggle_theme}>
                {match shown { Theme::Light => t(lang, Msg::DarkTheme), _ => t(lang, Msg::LightTheme) }}
            </button>
        </div>
    }
}

/// What the link got wrong, each in words, and what was used instead; the
/// learner may dismiss it.
fn view_param_issues(lang: Lang, issues: &[ParamIssue], dismiss: Callback<MouseEvent>) -> Html {
    if issues.is_empty() {
        return Html::default();
    }
    html! {
        <div class="param-issues" role="alert" data-testid="param-message">
            <p>{t(lang, Msg::ParamProblemsTitle)}</p>
            <ul>for i in issues.iter() { <li>{crate::params::param_issue(lang, i)}</li> }</ul>
            <button type="button" onclick={dismiss}>{t(lang, Msg::Dismiss)}</button>
        </div>
    }
}

/// The scene's title, its state in words for screen readers (read out when
/// the learner pauses or steps, not sixty times a second: `quiet` while it
/// plays), and the lede's opening with the rest a tap away, so the figure
/// comes on the first screen.
fn view_heading(
    lang: Lang,
    scene: SceneId,
    summary: String,
    quiet: bool,
    lede: (&'static str, &'static str),
    lede_open: &UseStateHandle<bool>,
) -> Html {
    let toggle_lede = {
        let lede_open = lede_open.clone();
        Callback::from(move |_: MouseEvent| lede_open.set(!*lede_open))
    };
    html! {
        <>
        <h1>{scene.title(lang)}</h1>
        <p class="visually-hidden" data-testid="summary" aria-live={if quiet { "off" } else { "polite" }}>
            {summary}
        </p>
        <p class="lede">
            {lede.0}
            if !lede.1.is_empty() {
                {" "}<span class="lede-rest" hidden={!**lede_open}>{lede.1}{" "}</span>
                <button type="button" class="lede-toggle" data-testid="lede-more" aria-expanded={lede_open.to_string()}
                    onclick={toggle_lede}>{t(lang, if **lede_open { Msg::LedeLess } else { Msg::LedeMore })}</button>
            }
        </p>
        </>
    }
}

/// Opens (true) or closes (false) the help, from a key or a button.
fn help_to(help: Rc<RefCell<Help>>, force: UseForceUpdateHandle) -> Callback<bool> {
    Callback::from(move |open: bool| {
        if help.borrow_mut().set_open(open) {
            force.force_update();
        }
    })
}

/// Moves the focus into the help once it opens.
#[hook]
fn use_help_focus(open: bool, dialog: NodeRef) {
    use_effect_with(open, move |open| {
        if *open {
            focus_dialog(&dialog);
        }
    });
}

/// Saves the scene's figure as mermaid text (the producer's diagram).
fn mermaid_export(player: Rc<RefCell<ScenePlayer>>, scene: SceneId, lang: Lang) -> Callback<()> {
    let name = format!("{}-sequence.mmd", scene.id());
    Callback::from(move |()| {
        if let Some(text) = player.borrow().mermaid(lang) {
            crate::widgets::export::save_text(&name, "text/plain", &text);
        }
    })
}

/// The lesson step's answer given: the question no longer holds the run,
/// and the answer plays out at the scene's pace, holding at its moment,
/// rather than jumping to the last frame.
fn reveal(quiz_open: Rc<RefCell<bool>>, dispatch: Callback<PlayerAction>) -> Callback<()> {
    Callback::from(move |()| {
        *quiz_open.borrow_mut() = false;
        dispatch.emit(PlayerAction::Reveal);
    })
}
