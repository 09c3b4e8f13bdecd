//! The workers scene's folder: its link parameters, its text and its view,
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
#[cfg(all(feature = "ui", feature = "scene-workers"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, MeasuredRows, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::workers::model::{Workers, RECORDS};
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Workers {
    const HAS_LENS: bool = true;
    const MEASURED: MeasuredRows = MeasuredRows::Consumer;
    /// Where a signed hash of the key would send it, in this pool.
    fn note(params: &AppParams) -> Option<String> {
        Some(crate::golens::signed_note(
            params.lang,
            params.workers.hash,
            params.workers.workers,
        ))
    }
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for Workers {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// The keyed pool and a goroutine per message, each at its largest.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[
        (
            "workers",
            "scene=workers&mode=keyed-pool&workers=64&processing-ms=100&skew=90",
        ),
        (
            "workers-per-message",
            "scene=workers&mode=per-message&workers=64&processing-ms=100",
        ),
    ];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "7.1",
        query: "scene=workers&mode=per-message&t=0",
        answer: Some(1),
    }];
}

impl Scene for Workers {
    #[cfg(all(feature = "ui", feature = "scene-workers"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_workers_scene(p.timeline.current(), a.params, a.narrow, a.on_params)
    }

    type Msg = text::WorkersMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::WorkersMsg] {
        text::WorkersMsg::ALL
    }

    /// Kafka's and the clients' own names, the same in both languages.
    const SAME_IN_BOTH: &'static [&'static str] = &["HashFnv1a", "HashXxHash64"];

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::WorkersLesson;
        (part == 1).then(|| {
            LessonText::from_catalogue(
                lang,
                WorkersLesson::Narration,
                Some((
                    WorkersLesson::Question,
                    [
                        WorkersLesson::ChoiceA,
                        WorkersLesson::ChoiceB,
                        WorkersLesson::ChoiceC,
                    ],
                    WorkersLesson::Explanation,
                )),
            )
        })
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::WorkersTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::WorkersLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Workers::new(params.workers))
    }

    /// Channels full, offsets finishing out of order: the commit question
    /// is visible before a click.
    fn opening_time(end: SimTime) -> SimTime {
        SimTime(end.as_millis() / 2)
    }

    /// A record takes 10 ms to process: at 10 ms a second each takes a second to see.
    const SIM_MS_PER_SECOND: u64 = 10;

    /// The first broken pair.
    fn moments(&self) -> Vec<SimTime> {
        super::first_violation(&self.checker)
    }

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_workers(
            params.lang,
            self.finished_count,
            RECORDS,
            self.checker.reorders(),
            self.low_watermark(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Workers {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Throughput];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::Violations, s.checker.reorders()),
            (Metric::Throughput, s.throughput(sim.now()) as usize),
        ]))
    }
}
