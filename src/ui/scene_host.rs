//! The scene host: whichever scene is open, drawn from its player.

use super::app::base_path;
use super::scene_player::ScenePlayer;
use crate::i18n::{t, Msg};
use crate::params::AppParams;
use crate::params::{elsewhere_link, page_path, SceneId};
use crate::scenes::ViewArgs;
use yew::{html, Callback, Html};

/// The open scene's figure and controls, drawn by the scene's own view
/// (`Scene::view`, dispatched by the registry). The phone layout
/// (`narrow`) changes only the scenes whose figures are wide.
pub fn view_scene(
    player: &ScenePlayer,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
    on_export_mermaid: Callback<()>,
) -> Html {
    player.view(ViewArgs {
        params,
        narrow,
        on_params,
        on_export_mermaid,
    })
}

/// A scene this page's bundle does not carry: a link to its own page,
/// whose bundle does (src/params/link.rs `elsewhere_link`).
pub(super) fn view_elsewhere(scene: SceneId, params: &AppParams) -> Html {
    let lang = params.lang;
    let query = elsewhere_link(params, scene);
    let href = format!("{}{}{}", base_path(), page_path(Some(scene), lang), query);
    html! {
        <p class="scene-elsewhere" role="alert" data-testid="scene-elsewhere">
            {t(lang, Msg::SceneElsewhere)}{" "}
            <a href={href}>{scene.title(lang)}</a>
        </p>
    }
}
