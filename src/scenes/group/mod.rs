//! The group scene's folder: its link parameters, its text and its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

pub(crate) mod figure;
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
#[cfg(all(feature = "ui", feature = "scene-group"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, MeasuredRows, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::group::model::Group;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Group {
    const HAS_LENS: bool = true;
    const MEASURED: MeasuredRows = MeasuredRows::Consumer;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for Group {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// A link that names no actions shows the chapter's point: a member
    /// crashes between auto-commits, and records run twice.
    fn link_start(params: &mut AppParams, _preset: Option<&str>) {
        params.group.actions = params::default_actions();
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[
        (
            "group",
            "scene=group&partitions=32&members=16&assignor=cooperative-sticky&commit=manual&actions=add@1200,crash:consumer-2@2500,remove:consumer-1@4000,add@5000",
        ),
    ];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[
        LessonStep {
            id: "6.1",
            query: "scene=group&actions=crash%3Aconsumer-2%402500&t=2400",
            answer: Some(1),
        },
        LessonStep {
            id: "6.2",
            query: "scene=group&group-protocol=consumer&actions=add%402000&t=1900",
            answer: Some(1),
        },
    ];
}

impl Scene for Group {
    #[cfg(all(feature = "ui", feature = "scene-group"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_group_scene(
            p.timeline.current(),
            p.timeline.outcome().model(),
            p.timeline.end(),
            a.params,
            a.narrow,
            a.on_params,
        )
    }

    type Msg = text::GroupMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::GroupMsg] {
        text::GroupMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::GroupLesson as L;
        let (narration, question, choices, why) = match part {
            1 => (
                L::Narration,
                L::Question,
                [L::ChoiceA, L::ChoiceB, L::ChoiceC],
                L::Explanation,
            ),
            2 => (
                L::ConsumerNarration,
                L::ConsumerQuestion,
                [L::ConsumerChoiceA, L::ConsumerChoiceB, L::ConsumerChoiceC],
                L::ConsumerExplanation,
            ),
            _ => return None,
        };
        Some(LessonText::from_catalogue(
            lang,
            narration,
            Some((question, choices, why)),
        ))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::GroupTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::GroupLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Group::new(params.group.clone()))
    }

    /// After the default crash's rebalance, with the records the new owner
    /// handled a second time on screen.
    fn opening_time(end: SimTime) -> SimTime {
        SimTime(4500).min(end)
    }

    /// Heartbeats and polls every few tens of milliseconds, session.timeout.ms of 1 s: at half speed a rebalance's pause lasts two seconds.
    const SIM_MS_PER_SECOND: u64 = 500;

    /// Each rebalance after the first assignment.
    fn moments(&self) -> Vec<SimTime> {
        self.generations
            .iter()
            .skip(1)
            .take(3)
            .map(|g| g.at)
            .collect()
    }

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_group(
            params.lang,
            self.active_members(),
            self.generations.len(),
            self.duplicates(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Group {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Duplicates, Metric::PausedMs];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::Violations, s.checker.reorders()),
            (Metric::Duplicates, s.duplicates()),
            (Metric::PausedMs, s.paused_ms as usize),
        ]))
    }
    fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
        for a in &mut params.group.actions {
            a.at = shift(a.at);
        }
    }
}
