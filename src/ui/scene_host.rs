//! The scene host: whichever scene is open, drawn from its player.

use super::app::base_path;
use super::scene_player::ScenePlayer;
use crate::i18n::{t, Msg};
use crate::params::AppParams;
use crate::params::{page_path, scene_link, SceneId};
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
/// whose bundle does. The link names the scene alone, so the page's loader
/// cannot read it as another.
pub(super) fn view_elsewhere(scene: SceneId, params: &AppParams) -> Html {
    let lang = params.lang;
    let href = format!(
        "{}{}{}",
        base_path(),
        page_path(Some(scene), lang),
        scene_link(params, scene)
    );
    html! {
        <p class="scene-elsewhere" role="alert" data-testid="scene-elsewhere">
            {t(lang, Msg::SceneElsewhere)}{" "}
            <a href={href}>{scene.title(lang)}</a>
        </p>
    }
}
