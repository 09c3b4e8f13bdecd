//! The scene host: whichever scene is open, drawn from its player.

use super::scene_player::ScenePlayer;
use crate::params::AppParams;
use crate::scenes::disk::view::view_disk_scene;
use crate::scenes::group::view::view_group_scene;
use crate::scenes::log::view::view_log_scene;
use crate::scenes::pipeline::view::view_pipeline_scene;
use crate::scenes::producer::view::view_producer_scene;
use crate::scenes::rabbitmq::view::view_rabbitmq_scene;
use crate::scenes::repartition::view::view_repartition_scene;
use crate::scenes::replication::view::view_replication_scene;
use crate::scenes::routing::view::view_routing_scene;
use crate::scenes::workers::view::view_workers_scene;
use yew::{Callback, Html};

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
        ScenePlayer::Log(p) => view_log_scene(p.timeline.current(), params, narrow, on_params),
        ScenePlayer::Routing(p) => view_routing_scene(
            p.timeline.current(),
            p.timeline.outcome().model(),
            params,
            narrow,
            on_params,
        ),
        ScenePlayer::Producer(p) => view_producer_scene(
            on_export_mermaid,
            Ok((p.timeline.current(), p.timeline.end(), p.playing)),
            params,
            narrow,
            on_params,
        ),
        ScenePlayer::Refused(e) => {
            view_producer_scene(on_export_mermaid, Err(*e), params, narrow, on_params)
        }
        ScenePlayer::Repartition(p) => {
            view_repartition_scene(p.timeline.current(), params, narrow, on_params)
        }
        ScenePlayer::Workers(p) => {
            view_workers_scene(p.timeline.current(), params, narrow, on_params)
        }
        ScenePlayer::Group(p) => view_group_scene(p.timeline.current(), params, on_params),
        ScenePlayer::Replication(p) => {
            view_replication_scene(p.timeline.current(), params, on_params)
        }
        ScenePlayer::Disk(p) => view_disk_scene(p.timeline.current(), params, on_params),
        ScenePlayer::RabbitMq(p) => view_rabbitmq_scene(p.timeline.current(), params, on_params),
        ScenePlayer::Pipeline(p) => view_pipeline_scene(
            p.timeline.current(),
            p.timeline.end(),
            params,
            narrow,
            on_params,
        ),
    }
}
