//! The disk scene's folder: its link parameters, its text and narration, its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core (tests/layers.rs).
pub mod model;
pub mod narration;
pub mod numbered;
pub mod params;
#[cfg(test)]
pub(crate) mod sweep;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-disk"))]
pub(crate) mod view;

use super::measures::{Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::SceneLens;
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::disk::model::Disk;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Disk {
    /// The broker's disk, not a client's.
    const HAS_LENS: bool = false;
}

impl SceneLink for Disk {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] =
        &[("disk", "scene=disk&streams=64&device=nvme")];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "8.1",
        query: "scene=disk",
        answer: None,
    }];
}

impl Scene for Disk {
    #[cfg(all(feature = "ui", feature = "scene-disk"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_disk_scene(p.timeline.current(), a.params, a.on_params)
    }

    type Msg = text::DiskMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::DiskMsg] {
        text::DiskMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::DiskLesson;
        (part == 1).then(|| LessonText::from_catalogue(lang, DiskLesson::Narration, None))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::DiskTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::DiskLede::Lede)
    }

    /// The run itself has no settings: the device and its figures only
    /// change the cost model the view draws.
    fn build(_params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Disk::default())
    }

    /// The consumer has caught up with the cold pages.
    fn opening_time(end: SimTime) -> SimTime {
        SimTime(end.as_millis() / 2)
    }

    /// A read every 20–25 ms: at a quarter of real time each lasts a tenth of a second.
    const SIM_MS_PER_SECOND: u64 = 250;

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_disk(params.lang, self.hits, self.misses)
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Disk {
    /// The disk's speed, which no goal is about.
    const METRICS: &'static [Metric] = &[];
}
