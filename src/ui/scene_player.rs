//! One player for whichever scene is open, built from the URL parameters.

use super::player::{Player, PlayerAction};
use crate::params::{AppParams, ParamIssue, SceneId};
use crate::sim::producer::ConfigError;
use crate::sim::scenes::group::{Group, GroupConfig};
use crate::sim::scenes::log::{LogScene, LogSceneConfig};
use crate::sim::scenes::producer::ProducerScene;
use crate::sim::scenes::repartition::{Repartition, RepartitionConfig, Speeds};
use crate::sim::scenes::routing::{RoutingStream, RoutingStreamConfig, StreamKeys};
use crate::sim::scenes::workers::Workers;
use crate::sim::{Model, Sim, SimTime, Timeline};

/// Snapshots every this many events: a seek replays at most this many.
const SNAPSHOT_EVERY: u64 = 16;
/// No scene runs past ten simulated minutes.
const HORIZON: SimTime = SimTime(10 * 60 * 1000);

pub enum ScenePlayer {
    Log(Player<LogScene>),
    Routing(Player<RoutingStream>),
    Producer(Player<ProducerScene>),
    Repartition(Player<Repartition>),
    Workers(Player<Workers>),
    Group(Player<Group>),
    /// The producer was not created: Kafka would throw this `ConfigException`.
    Refused(ConfigError),
}

/// Runs `model` and opens it at `t`, or at `default_t` when the link has
/// none. A `t` past the end of the run is clamped, with a message.
fn open<M: Model>(
    model: M,
    params: &AppParams,
    default_t: impl Fn(SimTime) -> SimTime,
    issues: &mut Vec<ParamIssue>,
) -> Player<M> {
    let mut timeline = Timeline::new(Sim::new(model, params.seed), HORIZON, SNAPSHOT_EVERY);
    let end = timeline.end();
    let t = match params.t {
        Some(t) => {
            if t > end.as_millis() {
                issues.push(ParamIssue::OutOfRange {
                    name: "t",
                    value: t.to_string(),
                    used: end.as_millis(),
                });
            }
            SimTime(t)
        }
        None => default_t(end),
    };
    timeline.seek(t);
    Player::new(timeline)
}

impl ScenePlayer {
    pub fn build(params: &AppParams, issues: &mut Vec<ParamIssue>) -> Self {
        match params.scene {
            // The log scene starts empty: watching the log grow is the lesson.
            SceneId::Log => ScenePlayer::Log(open(
                LogScene::new(LogSceneConfig {
                    segment_bytes: params.segment_bytes,
                }),
                params,
                |_| SimTime::ZERO,
                issues,
            )),
            // The routing stream opens on its outcome, so the figure means
            // something before anyone clicks; ▶ replays it from the start.
            SceneId::Routing => ScenePlayer::Routing(open(
                RoutingStream::new(RoutingStreamConfig {
                    partitions: params.partitions,
                    keys: if params.key_null {
                        StreamKeys::Null(params.keyless)
                    } else {
                        StreamKeys::OrderId
                    },
                    batch_size: params.batch_size,
                    linger_ms: params.linger_ms,
                }),
                params,
                |end| end,
                issues,
            )),
            // Each preset opens paused on the moment that tells its story:
            // the end, with the log as the faults left it.
            // The migration opens on its outcome: the whole stream handled.
            SceneId::Repartition => ScenePlayer::Repartition(open(
                Repartition::new(RepartitionConfig {
                    from: params.from,
                    to: params.to,
                    strategy: params.strategy,
                    speeds: Speeds::default(),
                }),
                params,
                |end| end,
                issues,
            )),
            // The pool opens half way: channels full, offsets finishing out
            // of order, so the commit question is visible before a click.
            SceneId::Workers => ScenePlayer::Workers(open(
                Workers::new(params.workers),
                params,
                |end| SimTime(end.as_millis() / 2),
                issues,
            )),
            // The group starts working from the first frame.
            SceneId::Group => ScenePlayer::Group(open(
                Group::new(GroupConfig {
                    partitions: params.partitions,
                    members: params.members,
                    assignor: params.assignor,
                    commit: params.commit,
                    idempotent: params.idempotent,
                    actions: params.actions.clone(),
                }),
                params,
                |_| SimTime(1500),
                issues,
            )),
            SceneId::Producer => match ProducerScene::new(params.producer_scene_config()) {
                Ok(scene) => ScenePlayer::Producer(open(scene, params, |end| end, issues)),
                Err(e) => ScenePlayer::Refused(e),
            },
        }
    }

    pub fn apply(&mut self, action: PlayerAction) -> bool {
        match self {
            ScenePlayer::Log(p) => p.apply(action),
            ScenePlayer::Routing(p) => p.apply(action),
            ScenePlayer::Producer(p) => p.apply(action),
            ScenePlayer::Repartition(p) => p.apply(action),
            ScenePlayer::Workers(p) => p.apply(action),
            ScenePlayer::Group(p) => p.apply(action),
            ScenePlayer::Refused(_) => false,
        }
    }

    pub fn playing(&self) -> bool {
        match self {
            ScenePlayer::Log(p) => p.playing,
            ScenePlayer::Routing(p) => p.playing,
            ScenePlayer::Producer(p) => p.playing,
            ScenePlayer::Repartition(p) => p.playing,
            ScenePlayer::Workers(p) => p.playing,
            ScenePlayer::Group(p) => p.playing,
            ScenePlayer::Refused(_) => false,
        }
    }

    pub fn now(&self) -> SimTime {
        match self {
            ScenePlayer::Log(p) => p.timeline.now(),
            ScenePlayer::Routing(p) => p.timeline.now(),
            ScenePlayer::Producer(p) => p.timeline.now(),
            ScenePlayer::Repartition(p) => p.timeline.now(),
            ScenePlayer::Workers(p) => p.timeline.now(),
            ScenePlayer::Group(p) => p.timeline.now(),
            ScenePlayer::Refused(_) => SimTime::ZERO,
        }
    }

    pub fn digest(&self) -> u64 {
        match self {
            ScenePlayer::Log(p) => p.timeline.current().digest(),
            ScenePlayer::Routing(p) => p.timeline.current().digest(),
            ScenePlayer::Producer(p) => p.timeline.current().digest(),
            ScenePlayer::Repartition(p) => p.timeline.current().digest(),
            ScenePlayer::Workers(p) => p.timeline.current().digest(),
            ScenePlayer::Group(p) => p.timeline.current().digest(),
            ScenePlayer::Refused(_) => 0,
        }
    }
}
