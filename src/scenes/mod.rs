//! The scenes, registered once: the list below (`for_each_scene!`) is the
//! only place a scene is named, and each has one folder beside it. The
//! line generates the scene ids, their link declarations, the lesson and
//! the benchmarks' links (src/params/scene.rs), the `AppParams` field of
//! the scene's own parameters (src/params/mod.rs), each scene's words here,
//! the player and the host in the view (src/ui/scene_player.rs), the Go
//! lens's dispatch (src/golens), what a level measures
//! (src/scenes/measures.rs) and the seed sweep's jobs (src/scenes/sweep.rs).
//! Each dispatches to a trait the scene implements ([`Scene`],
//! `SceneLink`, `ModelParams`, `SceneLens`, `SceneMeasures`), so a scene
//! missing an answer is a compile error, not a gap.

pub mod disk;
pub mod group;
pub mod log;
pub mod measures;
pub mod pipeline;
pub mod producer;
pub mod rabbitmq;
pub mod repartition;
pub mod replication;
pub mod routing;
pub mod share;
#[cfg(test)]
mod sweep;
pub mod workers;

use crate::i18n::{Lang, Text};
use crate::params::{AppParams, SceneLink};

/// The scene ids come from the registry line below, generated beside the
/// link's parameters (src/params/scene.rs), which name the scenes too.
pub use crate::params::SceneId;
use crate::sim::producer::ConfigError;
use crate::sim::{Model, SimTime};

/// What the app shell hands a scene's view.
#[cfg(feature = "ui")]
pub struct ViewArgs<'a> {
    pub params: &'a AppParams,
    /// Whether the page is laid out for a phone: the scenes whose figures
    /// are wide change with it.
    pub narrow: bool,
    pub on_params: yew::Callback<AppParams>,
    /// Saves the figure as mermaid text (the producer's diagram).
    pub on_export_mermaid: yew::Callback<()>,
}

/// A lesson step's words: narration, and its question with three choices
/// and the explanation shown after answering.
pub struct LessonText {
    pub narration: &'static str,
    pub question: Option<(&'static str, [&'static str; 3], &'static str)>,
}

impl LessonText {
    /// A step's words from the scene's lesson catalogue: its narration, and
    /// its question with three choices and the explanation, if it asks one.
    pub fn from_catalogue<M: Text>(
        lang: Lang,
        narration: M,
        question: Option<(M, [M; 3], M)>,
    ) -> LessonText {
        LessonText {
            narration: narration.text(lang),
            question: question.map(|(q, choices, why)| {
                (q.text(lang), choices.map(|c| c.text(lang)), why.text(lang))
            }),
        }
    }
}

/// What the app needs of a scene's model, beyond playing it.
pub trait Scene: Model + SceneLink + Sized {
    /// The model for this link, or the `ConfigException` the Java client
    /// would throw for its settings.
    fn build(params: &AppParams) -> Result<Self, ConfigError>;

    /// The moment the scene opens on when the link gives no `t`: one that
    /// makes the scene's point before anyone clicks. `end` is where the run
    /// ends.
    fn opening_time(end: SimTime) -> SimTime;

    /// The scene's pace: how many simulated milliseconds one wall second
    /// shows at 1×. Chosen so that the thing that moves (a request, a
    /// record, a member's heartbeat) takes about half a second to a second
    /// to cross the figure: a 20 ms produce request is a blink at real
    /// time. The speed control says it ("1 s here = 25 ms in Kafka").
    const SIM_MS_PER_SECOND: u64;

    /// The moments the scene exists for, in the finished run: playing holds
    /// at each, with its caption, so the learner sees it happen. At most a
    /// few; every violation of a long run would stop it every frame.
    fn moments(&self) -> Vec<SimTime> {
        Vec::new()
    }

    /// The state in words, for screen readers (its numbers as the scene's
    /// `numbered.rs` words them).
    fn summary(&self, params: &AppParams) -> String;

    /// The scene's name, in the menu and over its page.
    fn title(lang: Lang) -> &'static str;

    /// The words of the guided lesson's step on this scene: part P of the
    /// chapter's section S, which is this scene (its `SceneLink::LESSON`);
    /// `None` for a part the lesson does not have.
    fn lesson(part: u32, lang: Lang) -> Option<LessonText>;

    /// The scene's figure and controls, drawn from its player. Each scene
    /// draws its own where its feature is on; a build with the feature off
    /// has none of the scene's view modules, and never makes that scene's
    /// player (`ScenePlayer::build`), so this is never called there. A
    /// scene that left its own out would fail loudly, not draw a blank
    /// figure.
    #[cfg(feature = "ui")]
    fn view(_player: &crate::widgets::player::Player<Self>, _args: ViewArgs<'_>) -> yew::Html {
        unreachable!("a scene's view is built with its feature")
    }

    /// The scene's figure as mermaid text, for the export button; only the
    /// producer's sequence diagram has one.
    #[cfg(feature = "ui")]
    fn mermaid(&self, _lang: Lang) -> Option<String> {
        None
    }

    /// What the scene shows when its settings are refused (the Java client
    /// would throw a `ConfigException`): only the producer's can be.
    #[cfg(feature = "ui")]
    fn view_refused(_error: ConfigError, _args: ViewArgs<'_>) -> yew::Html {
        yew::Html::default()
    }

    /// The paragraph under the title that says what the scene shows.
    fn lede(lang: Lang) -> &'static str;

    /// The scene's catalogue (its `text.rs`): the words' tests read every
    /// message of every registered scene through it, so a new scene's
    /// words are tested without a list to add them to.
    type Msg: Text + std::fmt::Debug + 'static;

    /// Every message of [`Scene::Msg`], its `ALL`.
    fn messages() -> &'static [Self::Msg];

    /// The messages, by name, that read the same in both languages:
    /// Kafka's own names, which Russian text keeps as they are.
    const SAME_IN_BOTH: &'static [&'static str] = &[];

    /// The scene's messages with numbers in them (its `numbered.rs`): the
    /// words' tests render each with many numbers (src/catalogues.rs).
    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered];
}

/// The first broken pair a checker found, as a scene's moment.
pub(crate) fn first_violation(checker: &crate::sim::checker::OrderChecker) -> Vec<SimTime> {
    checker
        .violations()
        .iter()
        .map(|v| v.at)
        .min()
        .into_iter()
        .collect()
}

/// Calls `$then!` with every scene, in the chapter's order: its id variant,
/// its field in the link's parameters (`AppParams`), its `?scene=` value,
/// the Cargo feature that builds it in, and its model.
/// Adding a scene is one line here (and its feature in Cargo.toml).
///
/// Every scene has an id, a page and a menu entry in every bundle; only
/// the code that plays and draws a scene is behind `SceneId::built_in`
/// (its feature, or a scene's release bundle's flag), so a scene's own
/// bundle leaves the other scenes' code out.
#[macro_export]
macro_rules! for_each_scene {
    ($then:ident) => {
        $then! {
            Log, log, "log", "scene-log", $crate::scenes::log::model::LogScene;
            Replication, replication, "replication", "scene-replication", $crate::scenes::replication::model::Replication;
            Routing, routing, "routing", "scene-routing", $crate::scenes::routing::model::RoutingStream;
            Producer, producer, "producer", "scene-producer", $crate::scenes::producer::model::ProducerScene;
            Repartition, repartition, "repartition", "scene-repartition", $crate::scenes::repartition::model::Repartition;
            Group, group, "group", "scene-group", $crate::scenes::group::model::Group;
            Workers, workers, "workers", "scene-workers", $crate::scenes::workers::model::Workers;
            Disk, disk, "disk", "scene-disk", $crate::scenes::disk::model::Disk;
            RabbitMq, rabbitmq, "rabbitmq", "scene-rabbitmq", $crate::scenes::rabbitmq::model::RabbitScene;
            Share, share, "share", "scene-share", $crate::scenes::share::model::ShareScene;
            Pipeline, pipeline, "pipeline", "scene-pipeline", $crate::scenes::pipeline::model::Pipeline;
        }
    };
}

macro_rules! define_scene_words {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        impl SceneId {
            /// The scene's name, in the menu and over its page; every bundle
            /// names every scene.
            pub fn title(self, lang: Lang) -> &'static str {
                match self {
                    $(SceneId::$variant => <$model as Scene>::title(lang),)*
                }
            }

            /// The scene's lede. Only the open scene's is shown, and a
            /// scene's own bundle carries only its own: another scene's is
            /// empty there, and its words are left out of the build.
            /// Out of line, as [`SceneId::lesson`].
            #[inline(never)]
            pub fn lede(self, lang: Lang) -> &'static str {
                match self {
                    $(SceneId::$variant => SceneId::$variant.if_built(|| <$model as Scene>::lede(lang)),)*
                }
            }

            /// The words of the lesson's step `part` on the scene. Only the
            /// open scene's step is shown, so a scene's own bundle carries
            /// only its steps'.
            /// Out of line: its scenes' calls ([`SceneId::if_built`]) are
            /// one each, and inlined where the lesson's bar reads its
            /// words they were its code's largest part (3.2 KB).
            #[inline(never)]
            pub fn lesson(self, part: u32, lang: Lang) -> Option<LessonText> {
                match self {
                    $(SceneId::$variant => SceneId::$variant.if_built(|| <$model as Scene>::lesson(part, lang)),)*
                }
            }

            /// The scene's messages with numbers in them.
            #[cfg(test)]
            pub fn numbered(self) -> &'static [crate::i18n::Numbered] {
                match self {
                    $(SceneId::$variant => <$model as Scene>::NUMBERED,)*
                }
            }

            /// Every message of the scene's catalogue in `lang`, by name,
            /// and the names that may read the same in both languages.
            pub fn messages(self, lang: Lang) -> (Vec<(String, &'static str)>, &'static [&'static str]) {
                fn of<S: Scene>(lang: Lang) -> (Vec<(String, &'static str)>, &'static [&'static str]) {
                    let heading = [("Title".to_owned(), S::title(lang)), ("Lede".to_owned(), S::lede(lang))];
                    let all = S::messages().iter().map(|&m| (format!("{m:?}"), m.text(lang)));
                    (heading.into_iter().chain(all).collect(), S::SAME_IN_BOTH)
                }
                match self {
                    $(SceneId::$variant => of::<$model>(lang),)*
                }
            }

        }
    };
}

for_each_scene!(define_scene_words);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message of every registered scene's catalogue is really
    /// translated: Russian in RU, none in EN, and the two differ, but for
    /// the names the scene keeps the same in both ([`Scene::SAME_IN_BOTH`]).
    #[test]
    fn every_scene_message_exists_in_both_languages() {
        use crate::i18n::catalogue_tests::has_cyrillic;
        use crate::i18n::Lang;
        for scene in SceneId::ALL {
            let (ru, kept) = scene.messages(Lang::Ru);
            let (en, _) = scene.messages(Lang::En);
            assert!(!ru.is_empty(), "{scene:?} has no words");
            for ((name, ru), (_, en)) in ru.iter().zip(&en) {
                assert!(!has_cyrillic(en), "{scene:?} {name} EN has Russian: {en}");
                if kept.contains(&name.as_str()) {
                    continue;
                }
                assert!(ru != en, "{scene:?} {name} is not translated");
                assert!(has_cyrillic(ru), "{scene:?} {name} RU has no Russian: {ru}");
            }
        }
    }

    #[test]
    fn every_lede_opens_with_one_sentence_and_folds_the_rest() {
        for scene in SceneId::ALL {
            for lang in [crate::i18n::Lang::Ru, crate::i18n::Lang::En] {
                let lede = scene.lede(lang);
                let (first, rest) = crate::i18n::split_lede(lede);
                // One or two lines above the figure, whole words, and
                // something left to fold; the scene-bundle test reads the
                // first 40 characters of the pre-rendered lede.
                let chars = first.chars().count();
                assert!(
                    (40..=180).contains(&chars),
                    "{scene:?} {lang:?}: {chars}: {first}"
                );
                assert!(first.ends_with('.'), "{first}");
                assert!(!rest.is_empty(), "{scene:?} {lang:?}");
                assert_eq!(format!("{first} {rest}"), lede);
            }
        }
    }

    #[test]
    fn ids_are_unique_and_round_trip() {
        for s in SceneId::ALL {
            assert_eq!(SceneId::from_id(s.id()), Some(s));
        }
        let mut ids: Vec<&str> = SceneId::ALL.iter().map(|s| s.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), SceneId::ALL.len());
        assert_eq!(SceneId::from_id("Log"), None);
    }

    /// Plays `link` from its start at 1× in 60 frames a second, as the
    /// app's player does; returns the wall milliseconds until `until`
    /// holds of the world (or the run ends), and the player.
    fn play_at_1x<S: Scene>(
        link: &str,
        until: impl Fn(&S, SimTime) -> bool,
    ) -> (f64, crate::widgets::player::Player<S>) {
        use crate::sim::history::{HORIZON, SNAPSHOT_EVERY};
        use crate::sim::{Sim, Timeline};
        use crate::widgets::player::{Player, PlayerAction};
        let (params, issues) = crate::params::parse_query(link);
        assert!(issues.is_empty(), "{link}: {issues:?}");
        let timeline = Timeline::new(
            Sim::new(S::build(&params).unwrap(), params.seed),
            HORIZON,
            SNAPSHOT_EVERY,
        );
        let moments = timeline.outcome().model().moments();
        let mut player = Player::new(timeline).with_pace(S::SIM_MS_PER_SECOND, moments);
        player.apply(PlayerAction::Play);
        let mut wall = 0.0;
        while player.playing && !until(player.timeline.current().model(), player.timeline.now()) {
            player.apply(PlayerAction::Frame {
                wall_ms: 1000.0 / 60.0,
            });
            wall += 1000.0 / 60.0;
        }
        (wall, player)
    }

    #[test]
    fn the_catastrophe_takes_seconds_to_happen_and_holds_when_it_does() {
        use crate::scenes::producer::model::ProducerScene;
        let (wall, player) =
            play_at_1x::<ProducerScene>("scene=producer&preset=catastrophe", |s, _| {
                s.reorders() > 0
            });
        assert!(
            wall >= 4000.0,
            "the reordered write after {wall} ms of wall time"
        );
        assert!(wall < 15_000.0, "but not a wait: {wall} ms");
        assert!(player.holding(), "it holds on the reordered write");
    }

    /// How many frames each thing `on_its_way` names (by id) is on its
    /// way, when `link` plays at 1× from its start.
    fn frames_on_the_way<S: Scene>(
        link: &str,
        on_its_way: impl Fn(&S, SimTime) -> Vec<u32>,
    ) -> std::collections::BTreeMap<u32, u32> {
        let frames = std::cell::RefCell::new(std::collections::BTreeMap::new());
        let (_, player) = play_at_1x::<S>(link, |s, now| {
            for id in on_its_way(s, now) {
                *frames.borrow_mut().entry(id).or_insert(0) += 1;
            }
            false
        });
        assert!(player.timeline.at_end(), "{link}");
        frames.into_inner()
    }

    /// Records travel slowly enough to be seen: at 1× a request or a batch
    /// on its way (drawn from `sent_at` to `deliver_at`, or `arrives_at`)
    /// is on screen for a third of a second or more, every one of them.
    #[test]
    fn what_travels_is_seen_moving_at_1x() {
        use crate::scenes::{
            log::model::LogScene, producer::model::ProducerScene, routing::model::RoutingStream,
        };
        let checks = [
            (
                "scene=routing",
                frames_on_the_way::<RoutingStream>("scene=routing", |s, _| {
                    s.in_flight.iter().map(|f| f.batch.id).collect()
                }),
            ),
            (
                "scene=log",
                frames_on_the_way::<LogScene>("scene=log", |s, _| {
                    s.in_flight.iter().map(|f| f.index).collect()
                }),
            ),
            (
                "scene=producer&preset=catastrophe",
                frames_on_the_way::<ProducerScene>(
                    "scene=producer&preset=catastrophe",
                    |s, now| {
                        // On the wire out, as the view draws it (`trip`).
                        s.requests
                            .iter()
                            .filter(|r| r.sent_at <= now && now < r.arrives_at && !r.lost)
                            .map(|r| r.id)
                            .collect()
                    },
                ),
            ),
        ];
        for (link, frames) in checks {
            // Ids are numbered in turn: every one of them was seen on its
            // way, none so quick that it came and went between two frames.
            let (first, last) = (frames.keys().min(), frames.keys().max());
            let sent = first.zip(last).map_or(0, |(a, b)| b - a + 1);
            assert!(frames.len() >= 3, "{link}: {frames:?}");
            assert_eq!(frames.len() as u32, sent, "{link}: {frames:?}");
            let shortest = frames.values().min().copied().unwrap_or(0);
            assert!(
                f64::from(shortest) * 1000.0 / 60.0 >= 300.0,
                "{link}: {frames:?}"
            );
        }
    }

    /// A record a consumer takes is drawn going from its partition to the
    /// consumer (`fetch_trip`). In routing, every handled record is seen on
    /// that way for a third of a second or more at 1×. Repartition's new
    /// partitions are fast on purpose (that is how they overtake), so there
    /// each handled record is seen at its consumer in at least one frame.
    #[test]
    fn records_are_seen_going_to_their_consumer_at_1x() {
        use crate::scenes::{repartition::model::Repartition, routing::model::RoutingStream};
        use crate::sim::consumer::Processing;
        use crate::widgets::layout::fetch_trip;
        let on_the_way = |b: &Processing, now: SimTime| {
            fetch_trip(now.as_millis(), b.since.as_millis(), b.until.as_millis()) < 1.0
        };
        let routing = frames_on_the_way::<RoutingStream>("scene=routing", |s, now| {
            (0..)
                .zip(&s.busy)
                .filter_map(|(p, b)| {
                    b.filter(|b| on_the_way(b, now))
                        .map(|b| p * 1000 + b.offset as u32)
                })
                .collect()
        });
        let (_, end) = play_at_1x::<RoutingStream>("scene=routing", |_, _| false);
        let handled = end.timeline.current().model().handled.len();
        assert!(handled >= 10, "{handled}");
        assert_eq!(routing.len(), handled, "{routing:?}");
        let shortest = routing.values().min().copied().unwrap_or(0);
        assert!(f64::from(shortest) * 1000.0 / 60.0 >= 300.0, "{routing:?}");

        let link = "scene=repartition";
        let seen = frames_on_the_way::<Repartition>(link, |s, _| {
            (0..)
                .zip(&s.lanes)
                .filter_map(|(i, l)| l.busy.map(|b| i * 1000 + b.offset as u32))
                .collect()
        });
        let (_, end) = play_at_1x::<Repartition>(link, |_, _| false);
        let handled = end.timeline.current().model().handled.len();
        assert!(handled >= 10, "{handled}");
        assert_eq!(seen.len(), handled, "{seen:?}");
    }

    /// Every scene's default run, played at 1×, lasts long enough to follow
    /// and not so long that nobody waits for it.
    #[test]
    fn every_scene_plays_at_a_pace_a_person_can_follow() {
        macro_rules! each {
            ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {$(
                let link = concat!("scene=", $id);
                let (wall, player) = play_at_1x::<$model>(link, |_, _| false);
                assert!(player.timeline.at_end(), "{link}");
                assert!((4_000.0..60_000.0).contains(&wall), "{link}: {wall} ms at 1x");
            )*};
        }
        for_each_scene!(each);
    }
}
