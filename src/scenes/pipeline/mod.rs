//! The pipeline scene's folder: its link parameters, its text and its view,
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
#[cfg(all(feature = "ui", feature = "scene-pipeline"))]
pub(crate) mod view;

use super::measures::{Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, MeasuredRows, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::pipeline::model::Pipeline;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Pipeline {
    const HAS_LENS: bool = true;
    const MEASURED: MeasuredRows = MeasuredRows::Both;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for Pipeline {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[
        (
            "pipeline",
            "scene=pipeline&rate=50&partitions=8&grow-to=16&members=4&wire-faults=300&handler=per-message&crash=1&leader-fails=1",
        ),
    ];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "10.1",
        // The whole path, broken at the producer, before the sink has met
        // the finding: the question asks where the order broke.
        query: "scene=pipeline&idempotence=0&seed=43&t=0",
        answer: Some(0),
    }];
}

impl Scene for Pipeline {
    #[cfg(all(feature = "ui", feature = "scene-pipeline"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_pipeline_scene(
            p.timeline.current(),
            p.timeline.end(),
            a.params,
            a.narrow,
            a.on_params,
        )
    }

    type Msg = text::PipelineMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::PipelineMsg] {
        text::PipelineMsg::ALL
    }

    /// Kafka's and the clients' own names, the same in both languages.
    const SAME_IN_BOTH: &'static [&'static str] = &[
        "Linger",
        "InFlight",
        "Idempotence",
        "Unclean",
        "Assignor",
        "CommitAuto",
        "HandlerPerMessage",
        "ChangeIdempotence",
        "ChangeOneInFlight",
        "ChangeNoUnclean",
    ];

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::PipelineLesson;
        (part == 1).then(|| {
            LessonText::from_catalogue(
                lang,
                PipelineLesson::Narration,
                Some((
                    PipelineLesson::Question,
                    [
                        PipelineLesson::ChoiceA,
                        PipelineLesson::ChoiceB,
                        PipelineLesson::ChoiceC,
                    ],
                    PipelineLesson::Explanation,
                )),
            )
        })
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::PipelineTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::PipelineLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Pipeline::new(params.pipeline))
    }

    /// The whole run has happened: the checker's findings, their witness
    /// and the fix are there before a click; replaying shows how.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// Stages a few milliseconds apart over about half a second: at 50 ms a second the run takes about 11 s.
    const SIM_MS_PER_SECOND: u64 = 50;

    /// The first broken order the sink met.
    fn moments(&self) -> Vec<SimTime> {
        self.run
            .findings
            .iter()
            .map(|f| f.at)
            .min()
            .into_iter()
            .collect()
    }

    fn summary(&self, params: &AppParams) -> String {
        let met: Vec<_> = self.findings_so_far().collect();
        let applied = self.applied_so_far();
        numbered::summary_pipeline(
            params.lang,
            applied,
            self.run.records.len() as u32,
            met.len(),
            met.first()
                .map(|f| narration::stage_name(params.lang, f.stage())),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Pipeline {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Duplicates, Metric::Lost];
    fn measure(params: &AppParams) -> Option<Measured> {
        let run = crate::scenes::pipeline::model::run_seed(&params.pipeline.clamped(), params.seed);
        let count = |k: crate::scenes::pipeline::model::FindingKind| {
            run.findings.iter().filter(|f| f.kind == k).count()
        };
        Some(Measured::of(&[
            (
                Metric::Violations,
                count(crate::scenes::pipeline::model::FindingKind::Reorder),
            ),
            (
                Metric::Duplicates,
                count(crate::scenes::pipeline::model::FindingKind::Duplicate),
            ),
            (
                Metric::Lost,
                count(crate::scenes::pipeline::model::FindingKind::Loss),
            ),
        ]))
    }
}
