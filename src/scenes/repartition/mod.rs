//! The repartition scene's folder: its link parameters, its text and narration, its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core (tests/layers.rs).
mod lens;
pub mod model;
pub mod narration;
pub mod numbered;
pub mod params;
#[cfg(test)]
pub(crate) mod sweep;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-repartition"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::repartition::model::Repartition;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Repartition {
    const HAS_LENS: bool = true;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for Repartition {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[(
        "repartition",
        "scene=repartition&from=1&to=64&strategy=new-topic",
    )];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "5.1",
        query: "scene=repartition&from=3&to=4&strategy=naive&t=500",
        answer: Some(0),
    }];
}

impl Scene for Repartition {
    #[cfg(all(feature = "ui", feature = "scene-repartition"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_repartition_scene(p.timeline.current(), a.params, a.narrow, a.on_params)
    }

    type Msg = text::RepartitionMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::RepartitionMsg] {
        text::RepartitionMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::RepartitionLesson;
        (part == 1).then(|| {
            LessonText::from_catalogue(
                lang,
                RepartitionLesson::Narration,
                Some((
                    RepartitionLesson::Question,
                    [
                        RepartitionLesson::ChoiceA,
                        RepartitionLesson::ChoiceB,
                        RepartitionLesson::ChoiceC,
                    ],
                    RepartitionLesson::Explanation,
                )),
            )
        })
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::RepartitionTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::RepartitionLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Repartition::new(params.repartition.config()))
    }

    /// The whole stream handled: what moved and what broke is all there.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// An event every 8–10 ms over 2.6 s: at a quarter of real time the run takes about 10 s.
    const SIM_MS_PER_SECOND: u64 = 250;

    /// The first broken pair.
    fn moments(&self) -> Vec<SimTime> {
        super::first_violation(&self.checker)
    }

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_repartition(
            params.lang,
            params.repartition.from,
            params.repartition.to,
            self.reorders(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Repartition {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        Some(Measured::of(&[(
            Metric::Violations,
            sim.model().reorders(),
        )]))
    }
}
