//! Links: every link the app shows is built here, from the declaration, so
//! each keeps this page's view and writes its scene's parameters the one
//! way the parser reads them.

use super::declare::{scene_params, Kind};
use super::{clamp_to, encode_component, parse_query, AppParams, SceneId};
use crate::scenes::producer::model::presets::ProducerPreset;

/// The one way to build a link: the query that reproduces `params`, each
/// parameter of its scene as declared. Every link the app shows goes
/// through here, so each keeps the view (language, theme, embedding).
/// Values a link may leave out (the dark theme, no embedding) are, to keep
/// links short; a number outside its scene's range, which another scene's
/// range allowed, is written clamped, so a link never opens with a message.
pub fn to_query(params: &AppParams) -> String {
    let mut q = String::from("?");
    for param in scene_params(params.scene) {
        let Some(mut value) = (param.get)(params) else {
            continue;
        };
        if let (Kind::Number(range), Ok(n)) = (&param.kind, value.parse::<u64>()) {
            value = clamp_to(n, range).to_string();
        }
        if q.len() > 1 {
            q.push('&');
        }
        q.push_str(param.name);
        q.push('=');
        q.push_str(&encode_component(&value));
    }
    q
}

/// The scene menu's link to `scene`: that scene from its start (the stage
/// a link naming only the scene opens, with its chapter's point: the
/// producer's catastrophe, the group's crash), with this page's seed, lens
/// tab and view; the scene's own link, from its start, when it is this
/// page's. It leaves the lesson and the level: each sets up its own scene,
/// and would open it whatever the link's `scene`.
pub fn scene_link(params: &AppParams, scene: SceneId) -> String {
    let here = if scene == params.scene {
        params.clone()
    } else {
        let mut start = AppParams {
            scene,
            seed: params.seed,
            go_client: params.go_client,
            ..AppParams::default()
        };
        scene.link_start(&mut start, None);
        keep_view(start, params)
    };
    to_query(&AppParams {
        t: None,
        t_events: None,
        lesson: None,
        level: None,
        // Parts are the scene's own: another scene opens whole, or on its
        // own default part in a frame.
        part: None,
        ..here
    })
}

/// The link a bundle without `scene` gives to that scene's page
/// (src/ui/scene_host.rs). It names the scene alone, as the scene menu
/// does, so that the page's loader cannot read it as another; or, in a
/// level, this state with the level, whose scene it is (src/route.rs), so
/// that the level opens there as it is now and puts back what it locks.
pub fn elsewhere_link(params: &AppParams, scene: SceneId) -> String {
    match params.level {
        Some(_) => to_query(&AppParams {
            t: None,
            t_events: None,
            lesson: None,
            part: None,
            ..params.clone()
        }),
        None => scene_link(params, scene),
    }
}

/// This page's view (language, theme, embedding, the chrome hidden) on
/// another state.
pub(crate) fn keep_view(state: AppParams, view: &AppParams) -> AppParams {
    AppParams {
        lang: view.lang,
        theme: view.theme,
        embed: view.embed,
        hide: view.hide,
        ..state
    }
}

/// A preset's link: the producer scene as the preset sets it up, with this
/// page's seed and view.
pub fn preset_link(params: &AppParams, preset: ProducerPreset) -> String {
    let (state, _) = parse_query(&format!(
        "?scene=producer&preset={}&seed={}",
        preset.id(),
        params.seed
    ));
    to_query(&keep_view(state, params))
}
