//! One player for whichever scene is open, built from the URL parameters.

use super::controls::{view_controls, Transport};
use super::player::{Player, PlayerAction};
use crate::i18n::Summary;
use crate::params::{AppParams, Lang, ParamIssue, SceneId};
use crate::sim::producer::ConfigError;
use crate::sim::scenes::disk::Disk;
use crate::sim::scenes::group::Group;
use crate::sim::scenes::log::LogScene;
use crate::sim::scenes::producer::ProducerScene;
use crate::sim::scenes::rabbitmq::RabbitScene;
use crate::sim::scenes::repartition::Repartition;
use crate::sim::scenes::replication::Replication;
use crate::sim::scenes::routing::RoutingStream;
use crate::sim::scenes::workers::Workers;
use yew::{Callback, Html};

/// Runs `$body` with `$p` bound to whichever scene's player this is, or
/// gives `$refused` when the producer was not created.
macro_rules! with_player {
    ($self:expr, $p:ident => $body:expr, $refused:expr) => {
        match $self {
            ScenePlayer::Log($p) => $body,
            ScenePlayer::Replication($p) => $body,
            ScenePlayer::Routing($p) => $body,
            ScenePlayer::Producer($p) => $body,
            ScenePlayer::Repartition($p) => $body,
            ScenePlayer::Group($p) => $body,
            ScenePlayer::Workers($p) => $body,
            ScenePlayer::Disk($p) => $body,
            ScenePlayer::RabbitMq($p) => $body,
            ScenePlayer::Refused(_) => $refused,
        }
    };
}
// The snapshot policy and the horizon live with the timeline, so the native
// benchmark measures seeking with exactly the app's settings.
use crate::sim::history::{HORIZON, SNAPSHOT_EVERY};
use crate::sim::{Model, Sim, SimTime, Timeline};

pub enum ScenePlayer {
    Log(Player<LogScene>),
    Replication(Player<Replication>),
    Routing(Player<RoutingStream>),
    Producer(Player<ProducerScene>),
    Repartition(Player<Repartition>),
    Group(Player<Group>),
    Workers(Player<Workers>),
    Disk(Player<Disk>),
    RabbitMq(Player<RabbitScene>),
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
                LogScene::new(params.log_scene_config()),
                params,
                |_| SimTime::ZERO,
                issues,
            )),
            // The routing stream opens on its outcome, so the figure means
            // something before anyone clicks; ▶ replays it from the start.
            SceneId::Routing => ScenePlayer::Routing(open(
                RoutingStream::new(params.routing_stream_config()),
                params,
                |end| end,
                issues,
            )),
            // Each preset opens paused on the moment that tells its story:
            // the end, with the log as the faults left it.
            // The migration opens on its outcome: the whole stream handled.
            SceneId::Repartition => ScenePlayer::Repartition(open(
                Repartition::new(params.repartition_config()),
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
                Group::new(params.group_config()),
                params,
                |_| SimTime(1500),
                issues,
            )),
            // A third of the way in: the followers have caught up, and the
            // crash button has something to prove.
            SceneId::Replication => ScenePlayer::Replication(open(
                Replication::new(params.replication_config()),
                params,
                |_| SimTime(2000),
                issues,
            )),
            // Half way: the consumer has caught up with the cold pages.
            SceneId::Disk => ScenePlayer::Disk(open(
                Disk::default(),
                params,
                |end| SimTime(end.as_millis() / 2),
                issues,
            )),
            // The end: every message handled on both sides.
            SceneId::RabbitMq => ScenePlayer::RabbitMq(open(
                RabbitScene::new(params.rabbit_consumers, params.remedy),
                params,
                |end| end,
                issues,
            )),
            SceneId::Producer => match ProducerScene::new(params.producer_scene_config()) {
                Ok(scene) => ScenePlayer::Producer(open(scene, params, |end| end, issues)),
                Err(e) => ScenePlayer::Refused(e),
            },
        }
    }

    pub fn apply(&mut self, action: PlayerAction) -> bool {
        with_player!(self, p => p.apply(action), false)
    }

    pub fn playing(&self) -> bool {
        with_player!(self, p => p.playing, false)
    }

    pub fn now(&self) -> SimTime {
        with_player!(self, p => p.timeline.now(), SimTime::ZERO)
    }

    /// Where the run stopped, and after how many events, if it outgrew the
    /// timeline's budget before its natural end.
    pub fn cut_short(&self) -> Option<(SimTime, u64)> {
        with_player!(self, p => p.timeline.cut_short().then(|| (p.timeline.end(), p.timeline.total_events())), None)
    }

    pub fn digest(&self) -> u64 {
        with_player!(self, p => p.timeline.current().digest(), 0)
    }

    /// The state in words, for screen readers.
    pub fn summary(&self, params: &AppParams) -> Summary {
        use crate::sim::partitioner::{route, Route};
        match self {
            ScenePlayer::Log(p) => {
                let s = p.timeline.current().model();
                Summary::Log {
                    leo: s.log.log_end_offset(),
                    position: s.consumer.position(),
                    committed: s.consumer.committed_offset(),
                    segments: s.log.segments().len(),
                }
            }
            ScenePlayer::Replication(p) => {
                let s = p.timeline.current().model();
                Summary::Replication {
                    leader: s.leader,
                    epoch: s.leader_epoch,
                    hw: s.high_watermark,
                    isr: s.isr.iter().copied().collect(),
                    lost: s.lost.len(),
                }
            }
            ScenePlayer::Routing(p) => {
                let key = (!params.key_null).then_some(params.key.as_bytes());
                let partition = match route(key, params.partitions, params.placement()) {
                    Route::Explicit(p)
                    | Route::Hashed { partition: p }
                    | Route::Region { partition: p, .. } => Some(p),
                    Route::InvalidPartition(_) | Route::Keyless => None,
                };
                Summary::Routing {
                    partition,
                    partitions: params.partitions,
                    violations: p.timeline.current().model().reorders(),
                }
            }
            ScenePlayer::Producer(p) => {
                let s = p.timeline.current().model();
                Summary::Producer {
                    sent: s.stats.sent,
                    retries: s.stats.retries,
                    reorders: s.reorders(),
                    duplicates: s.duplicates(),
                }
            }
            ScenePlayer::Repartition(p) => Summary::Repartition {
                from: params.from,
                to: params.to,
                violations: p.timeline.current().model().reorders(),
            },
            ScenePlayer::Group(p) => {
                let s = p.timeline.current().model();
                Summary::Group {
                    members: s.active_members(),
                    generations: s.generations.len(),
                    duplicates: s.duplicates(),
                }
            }
            ScenePlayer::Workers(p) => {
                let s = p.timeline.current().model();
                Summary::Workers {
                    handled: s.finished_count,
                    total: crate::sim::scenes::workers::RECORDS,
                    violations: s.checker.reorders(),
                    low_watermark: s.low_watermark(),
                }
            }
            ScenePlayer::Disk(p) => {
                let s = p.timeline.current().model();
                Summary::Disk {
                    hits: s.hits,
                    misses: s.misses,
                }
            }
            ScenePlayer::RabbitMq(p) => {
                let s = p.timeline.current().model();
                Summary::RabbitMq {
                    rabbit: s.rabbit_checker.reorders(),
                    kafka: s.kafka_checker.reorders(),
                }
            }
            ScenePlayer::Refused(_) => Summary::Refused,
        }
    }

    /// The control bar; a refused producer has nothing to play, so only
    /// `extra` is shown.
    pub fn controls(&self, lang: Lang, dispatch: &Callback<PlayerAction>, extra: Html) -> Html {
        let transport = with_player!(self, p => Transport {
            now: p.timeline.now(),
            end: p.timeline.end(),
            playing: p.playing,
            speed_step: p.speed_step,
        }, return extra);
        view_controls(&transport, lang, dispatch, extra)
    }
}
