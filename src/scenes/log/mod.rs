//! The log scene's folder: its link parameters, its text and its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core (tests/layers.rs).
/// The figure's geometry, plain functions tested on the host.
pub(crate) mod layout;
pub mod model;
pub mod narration;
pub mod numbered;
pub mod params;
#[cfg(test)]
pub(crate) mod sweep;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-log"))]
pub(crate) mod view;

use super::measures::{Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::SceneLens;
use crate::params::{LessonStep, SceneLink};

/// Where a link without `t` opens: eight records written, the first
/// segment rolled, the consumer behind the log end (the lesson's step 1.1).
const OPENING: SimTime = SimTime(5350);
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::scenes::log::model::LogScene;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for LogScene {
    /// One partition and one consumer: no client setting changes its order.
    const HAS_LENS: bool = false;
}

impl SceneLink for LogScene {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] =
        &[("log", "scene=log&segment-bytes=100")];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "1.1",
        query: "scene=log&t=5350",
        answer: None,
    }];
}

impl Scene for LogScene {
    #[cfg(all(feature = "ui", feature = "scene-log"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_log_scene(p.timeline.current(), a.params, a.narrow, a.on_params)
    }

    type Msg = text::LogMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::LogMsg] {
        text::LogMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::LogLesson;
        (part == 1).then(|| LessonText::from_catalogue(lang, LogLesson::Narration, None))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::LogTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::LogLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(LogScene::new(params.log))
    }

    /// A link without a moment opens on a log with records in it, a
    /// rolled segment and a consumer partway through, so an embedded scene
    /// makes its point before anyone clicks; ⏮ goes back to the empty log.
    fn opening_time(end: SimTime) -> SimTime {
        OPENING.min(end)
    }

    /// A record every 700 ms, each 150 to 350 ms on its way: at half of
    /// real time a request's flight takes a third of a second or more.
    const SIM_MS_PER_SECOND: u64 = 500;

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_log(
            params.lang,
            self.log.log_end_offset(),
            self.consumer.position(),
            self.consumer.committed_offset(),
            self.log.segments().len(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for LogScene {
    /// One partition and one consumer: nothing breaks to measure.
    const METRICS: &'static [Metric] = &[];
}
