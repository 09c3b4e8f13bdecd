//! The share group scene's folder: its link parameters, its text and its
//! view, and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

pub(crate) mod lens;
/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core and the workers scene's key hash (tests/layers.rs).
pub mod model;
pub mod narration;
pub mod numbered;
pub mod params;
#[cfg(test)]
pub(crate) mod sweep;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-share"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::SceneLens;
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::share::model::{Lane, ShareScene};
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for ShareScene {
    const HAS_LENS: bool = true;
    fn write(b: &mut crate::golens::Builder, p: &AppParams) {
        lens::write(b, p)
    }
}

impl SceneLink for ShareScene {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[(
        "share",
        "scene=share&consumers=6&partitions=4&lock-duration-ms=60000&delivery-count-limit=10",
    )];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "9.2",
        query: "scene=share&lock-timeout=0&poison=0",
        answer: Some(1),
    }];
}

impl Scene for ShareScene {
    #[cfg(all(feature = "ui", feature = "scene-share"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_share_scene(p.timeline.current(), a.params, a.on_params, a.narrow)
    }

    type Msg = text::ShareMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::ShareMsg] {
        text::ShareMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::ShareLesson;
        (part == 1).then(|| {
            LessonText::from_catalogue(
                lang,
                ShareLesson::Narration,
                Some((
                    ShareLesson::Question,
                    [
                        ShareLesson::Ordered,
                        ShareLesson::Unordered,
                        ShareLesson::Lost,
                    ],
                    ShareLesson::Why,
                )),
            )
        })
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::ShareTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::ShareLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(ShareScene::new(params.share))
    }

    /// The first broken pair of the share group: by then a record has gone
    /// to a second consumer, and the rest plays on from there.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// A job takes one to two seconds, and a lock thirty: at 3 s a second
    /// a job is half a second on screen and a lock ten.
    const SIM_MS_PER_SECOND: u64 = 3000;

    /// The share group's first broken pair, its first redelivery's end,
    /// and the archive.
    fn moments(&self) -> Vec<SimTime> {
        let mut at = super::first_violation(self.checker(Lane::Share));
        at.extend(self.expired.first().map(|e| e.0));
        at.sort_unstable();
        at.dedup();
        at
    }

    fn summary(&self, params: &AppParams) -> String {
        let [g, s, p] = Lane::ALL.map(|l| self.checker(l).violations().len());
        numbered::summary_share(params.lang, g, s, p)
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for ShareScene {
    /// Of the lane the learner's service reads with (`reads-with`).
    const METRICS: &'static [Metric] = &[
        Metric::Violations,
        Metric::Duplicates,
        Metric::Lost,
        Metric::DoneMs,
    ];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let s = sim.model();
        let lane = params.share.reads_with;
        Some(Measured::of(&[
            (Metric::Violations, s.checker(lane).reorders()),
            (Metric::Duplicates, s.checker(lane).duplicates()),
            (
                Metric::Lost,
                s.gave_up.iter().filter(|g| g.0 == lane).count(),
            ),
            (Metric::DoneMs, s.done_at(lane).as_millis() as usize),
        ]))
    }
}
