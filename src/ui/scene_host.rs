//! The scene host: whichever scene is open, drawn from its player.

use super::group_view::view_group_scene;
use super::log_view::view_log_scene;
use super::producer_view::view_producer_scene;
use super::repartition_view::view_repartition_scene;
use super::rest_views::{view_disk_scene, view_rabbitmq_scene, view_replication_scene};
use super::routing_view::view_routing_scene;
use super::scene_player::ScenePlayer;
use super::workers_view::view_workers_scene;
use crate::params::AppParams;
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
    }
}
