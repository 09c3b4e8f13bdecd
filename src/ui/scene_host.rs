//! The scene host: whichever scene is open, drawn from its player.

use super::app::base_path;
use super::scene_player::ScenePlayer;
use crate::i18n::{t, Msg};
use crate::params::AppParams;
use crate::params::{page_path, scene_link, SceneId};
#[cfg(feature = "scene-disk")]
use crate::scenes::disk::view::view_disk_scene;
#[cfg(feature = "scene-group")]
use crate::scenes::group::view::view_group_scene;
#[cfg(feature = "scene-log")]
use crate::scenes::log::view::view_log_scene;
#[cfg(feature = "scene-pipeline")]
use crate::scenes::pipeline::view::view_pipeline_scene;
#[cfg(feature = "scene-producer")]
use crate::scenes::producer::view::view_producer_scene;
#[cfg(feature = "scene-rabbitmq")]
use crate::scenes::rabbitmq::view::view_rabbitmq_scene;
#[cfg(feature = "scene-repartition")]
use crate::scenes::repartition::view::view_repartition_scene;
#[cfg(feature = "scene-replication")]
use crate::scenes::replication::view::view_replication_scene;
#[cfg(feature = "scene-routing")]
use crate::scenes::routing::view::view_routing_scene;
#[cfg(feature = "scene-workers")]
use crate::scenes::workers::view::view_workers_scene;
use yew::{html, Callback, Html};

/// The open scene's figure and controls. The phone layout (`narrow`)
/// changes only the scenes whose figures are wide.
pub fn view_scene(
    player: &ScenePlayer,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
    on_export_mermaid: Callback<()>,
) -> Html {
    match player {
        #[cfg(feature = "scene-log")]
        ScenePlayer::Log(p) => view_log_scene(p.timeline.current(), params, narrow, on_params),
        #[cfg(feature = "scene-routing")]
        ScenePlayer::Routing(p) => view_routing_scene(
            p.timeline.current(),
            p.timeline.outcome().model(),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        #[cfg(feature = "scene-producer")]
        ScenePlayer::Producer(p) => view_producer_scene(
            on_export_mermaid,
            Ok((p.timeline.current(), p.timeline.end(), p.playing)),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        #[cfg(feature = "scene-producer")]
        ScenePlayer::Refused(e) => view_producer_scene(
            on_export_mermaid,
            Err(*e),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        // Only the producer's settings are refused.
        #[cfg(not(feature = "scene-producer"))]
        ScenePlayer::Refused(_) => Html::default(),
        ScenePlayer::Missing(scene) => view_elsewhere(*scene, params),
        #[cfg(feature = "scene-repartition")]
        ScenePlayer::Repartition(p) => view_repartition_scene(
            p.timeline.current(),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        #[cfg(feature = "scene-workers")]
        ScenePlayer::Workers(p) => view_workers_scene(
            p.timeline.current(),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        #[cfg(feature = "scene-group")]
        ScenePlayer::Group(p) => view_group_scene(
            p.timeline.current(),
            p.timeline.outcome().model(),
            p.timeline.end(),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
        #[cfg(feature = "scene-replication")]
        ScenePlayer::Replication(p) => {
            view_replication_scene(p.timeline.current(), params, on_params, super::golens::LENS)
        }
        #[cfg(feature = "scene-disk")]
        ScenePlayer::Disk(p) => view_disk_scene(p.timeline.current(), params, on_params),
        #[cfg(feature = "scene-rabbitmq")]
        ScenePlayer::RabbitMq(p) => view_rabbitmq_scene(p.timeline.current(), params, on_params),
        #[cfg(feature = "scene-pipeline")]
        ScenePlayer::Pipeline(p) => view_pipeline_scene(
            p.timeline.current(),
            p.timeline.end(),
            params,
            narrow,
            on_params,
            super::golens::LENS,
        ),
    }
}

/// A scene this page's bundle does not carry: a link to its own page,
/// whose bundle does. The link names the scene alone, so the page's loader
/// cannot read it as another.
fn view_elsewhere(scene: SceneId, params: &AppParams) -> Html {
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
