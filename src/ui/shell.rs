//! The app shell's hooks: what the page does around the open scene, each
//! apart from the shell's view (src/ui/app.rs): the player's actions, a
//! change of the scene's settings, the keyboard and the width, the moment
//! the scene is ready, the findings lit on the figure, a level's locked
//! forms, the address bar and the scene menu's links.

use super::help::Help;
use super::keys::{focus_of, shortcut, Shortcut};
use super::scene_player::ScenePlayer;
use crate::params::{page_path, scene_link, to_query, AppParams, Moment, SceneId};
use crate::widgets::player::PlayerAction;
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

/// The player's actions, from the controls, the keys and the frames. A
/// lesson step's open question holds the run where the step opened until
/// the learner answers: nothing may show the outcome first.
pub fn dispatch_to(
    player: Rc<RefCell<ScenePlayer>>,
    force: UseForceUpdateHandle,
    quiz_open: Rc<RefCell<bool>>,
) -> Callback<PlayerAction> {
    Callback::from(move |action: PlayerAction| {
        if *quiz_open.borrow() && action.moves_on() {
            return;
        }
        let changed = player.borrow_mut().apply(action);
        if changed {
            force.force_update();
        }
    })
}

/// Scene parameters: a change to what the run depends on rebuilds it with
/// the same seed and replays it to the moment the learner was at.
pub fn params_to(
    params: UseStateHandle<AppParams>,
    player: Rc<RefCell<ScenePlayer>>,
) -> Callback<AppParams> {
    Callback::from(move |next: AppParams| {
        // In a level only what it unlocks may change, from any form.
        let next = match next.level.and_then(crate::levels::builtin) {
            Some(level) => level.pin(&next),
            None => next,
        };
        if next.sim_config() != params.sim_config() {
            // The millisecond, not the count of its events: those belong
            // to the old run.
            let at = next.at(Moment {
                events: None,
                ..player.borrow().moment()
            });
            *player.borrow_mut() = ScenePlayer::build(&at, &mut Vec::new());
        }
        params.set(next);
    })
}

/// The scene menu's links, which change with the parameters only, not on
/// every frame. Each opens its scene's own page, so a static host serves
/// the figure pre-rendered for it; the query still carries the whole
/// state, and wins over the page where they differ.
#[hook]
pub fn use_menu_hrefs(params: AppParams) -> Rc<Vec<String>> {
    use_memo(params, |params| {
        let base = super::app::base_path();
        SceneId::ALL
            .iter()
            .map(|&scene| {
                format!(
                    "{base}{}{}",
                    page_path(Some(scene), params.lang),
                    scene_link(params, scene)
                )
            })
            .collect::<Vec<String>>()
    })
}

/// The keyboard's shortcuts, on the whole document, and the phone layout
/// read again when the window is resized.
#[hook]
pub fn use_shortcuts(
    dispatch: Callback<PlayerAction>,
    help: Rc<RefCell<Help>>,
    set_help: Callback<bool>,
    narrow: UseStateHandle<bool>,
) {
    use_effect_with((), move |_| {
        let window = web_sys::window();
        let document = window.as_ref().and_then(|w| w.document());
        // Not passive: Space and the arrows must not also scroll the page.
        let keydown = EventListenerOptions::enable_prevent_default();
        let keys = document.map(|d| {
            EventListener::new_with_options(&d, "keydown", keydown, move |e: &web_sys::Event| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
                let open = help.borrow().is_open();
                let modified = e.ctrl_key() || e.meta_key() || e.alt_key();
                let Some(shortcut) = shortcut(&e.key(), modified, focus_of(target.as_ref()), open)
                else {
                    return;
                };
                e.prevent_default();
                match shortcut {
                    Shortcut::Player(action) => dispatch.emit(action),
                    Shortcut::ToggleHelp => set_help.emit(!open),
                    Shortcut::CloseHelp => set_help.emit(false),
                }
            })
        });
        let resize = window.map(|w| {
            EventListener::new(&w, "resize", move |_: &web_sys::Event| {
                narrow.set(super::app::is_narrow())
            })
        });
        // Dropping the listeners removes them.
        move || drop((keys, resize))
    });
}

/// The system's light-or-dark preference, which `theme=auto` draws.
fn light_scheme() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?
        .match_media("(prefers-color-scheme: light)")
        .ok()
        .flatten()
}

/// Whether the system asks for a light palette now (a picture exported
/// from `theme=auto` is drawn in the palette on screen).
pub fn prefers_light() -> bool {
    light_scheme().is_some_and(|m| m.matches())
}

/// Whether the system asks for a light palette, kept up to date while the
/// page is open: a reader who switches the system's theme sees the scene
/// follow it.
#[hook]
pub fn use_prefers_light() -> bool {
    let light = use_state(prefers_light);
    {
        let light = light.clone();
        use_effect_with((), move |_| {
            let listener = light_scheme().map(|query| {
                EventListener::new(&query, "change", move |_: &web_sys::Event| {
                    light.set(prefers_light())
                })
            });
            move || drop(listener)
        });
    }
    *light
}

/// Once the scene is on the page: reduced motion asked for, and the scene
/// marked ready. The scene page's pre-rendered copy (build/prerender.mjs)
/// is already gone by then: Yew empties the body as it mounts the app
/// (yew 0.23 src/app_handle.rs, `mount_with_props`), and its first render
/// runs before the browser paints again, so the swap is one frame: the
/// same markup, the same size, no jump.
#[hook]
pub fn use_ready(scene_root: NodeRef, dispatch: Callback<PlayerAction>) {
    use_effect_with((), move |_| {
        // prefers-reduced-motion: play event by event, nothing glides.
        let reduced = web_sys::window()
            .and_then(|w| {
                w.match_media("(prefers-reduced-motion: reduce)")
                    .ok()
                    .flatten()
            })
            .is_some_and(|m| m.matches());
        if reduced {
            dispatch.emit(PlayerAction::SetDiscrete(true));
        }
        // The scene is on the page and its mount effects have run. Set
        // on the element rather than through state: a state change
        // would render the whole app once more just for this mark, and
        // Yew leaves alone an attribute its markup does not name.
        if let Some(root) = scene_root.cast::<Element>() {
            let _ = root.set_attribute("data-ready", "true");
        }
        // What the scene's cards left until now runs in the next frame.
        crate::widgets::after_ready::mark_ready();
    });
}

/// What lights a finding's marks on the figure: the pointer or the focus
/// on the finding.
pub struct Lights {
    pub on_point: Callback<MouseEvent>,
    pub on_focus: Callback<FocusEvent>,
    pub on_leave: Callback<Event>,
}

#[hook]
pub fn use_finding_lights(scene_root: NodeRef) -> Lights {
    // A finding pointed at or focused lights its marks on the figure; the
    // key last lit is kept so that moving within one finding costs nothing.
    let lit_key = use_mut_ref(|| None::<String>);
    let light = {
        let scene_root = scene_root.clone();
        let lit_key = lit_key.clone();
        move |key: Option<String>| {
            if *lit_key.borrow() == key {
                return;
            }
            if let Some(root) = scene_root.cast::<Element>() {
                super::highlight::light(&root, key.as_deref());
            }
            *lit_key.borrow_mut() = key;
        }
    };
    let on_point = {
        let light = light.clone();
        Callback::from(move |e: MouseEvent| light(super::highlight::finding_key(e.target())))
    };
    let on_focus = {
        let light = light.clone();
        Callback::from(move |e: FocusEvent| light(super::highlight::finding_key(e.target())))
    };
    // The pointer leaving the scene leaves lit what has the focus.
    let on_leave = {
        let light = light.clone();
        Callback::from(move |_: Event| {
            let focused = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            light(super::highlight::finding_key(focused.map(Into::into)))
        })
    };
    // Marks drawn since (the run plays on, a list is rebuilt) are lit too:
    // a render does not carry `data-lit`.
    {
        let scene_root = scene_root.clone();
        let lit_key = lit_key.clone();
        use_effect(move || {
            if let (Some(key), Some(root)) =
                (lit_key.borrow().as_deref(), scene_root.cast::<Element>())
            {
                super::highlight::light(&root, Some(key));
            }
        });
    }
    Lights {
        on_point,
        on_focus,
        on_leave,
    }
}

/// In a level, the reason the scene's own forms are off (`None` outside
/// one).
#[hook]
pub fn use_frozen_forms(frozen: Option<&'static str>) {
    // In a level the scene's own forms are switched off, each with the
    // reason. Set after each render rather than in every scene's markup:
    // Yew leaves alone an attribute its markup does not change, and a
    // disabled fieldset would also hide the scenes' scrolling tables from
    // keyboard users.
    use_effect(move || {
        if let Some(why) = frozen {
            super::level_view::freeze_scene_forms(why);
        }
    });
}

/// The address bar kept a shareable link to what is on screen. While
/// playing it would change sixty times a second, so it waits for a pause.
#[hook]
pub fn use_address_bar(params: AppParams, moment: Moment, playing: bool) {
    use_effect_with(
        (params, moment, playing),
        move |(params, moment, playing)| {
            if !*playing {
                let query = to_query(&params.at(*moment));
                if let Some(window) = web_sys::window() {
                    let current = window.location().search().unwrap_or_default();
                    if current != query {
                        // With the path: a bare `?query` resolves against
                        // the page's <base href>, and would move a scene
                        // page's address to the app's root.
                        let path = window.location().pathname().unwrap_or_default();
                        if let Ok(history) = window.history() {
                            let _ = history.replace_state_with_url(
                                &JsValue::NULL,
                                "",
                                Some(&format!("{path}{query}")),
                            );
                        }
                    }
                    if let Some(root) = window.document().and_then(|d| d.document_element()) {
                        let _ = root.set_attribute("lang", params.lang.code());
                    }
                }
            }
        },
    );
}
