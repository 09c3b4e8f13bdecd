//! The replication scene's folder: its link parameters, its text and its view,
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
#[cfg(all(feature = "ui", feature = "scene-replication"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, MeasuredRows, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::replication::model::Replication;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for Replication {
    const HAS_LENS: bool = true;
    const MEASURED: MeasuredRows = MeasuredRows::Producer;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for Replication {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// A link that names no actions shows a failover.
    fn link_start(params: &mut AppParams, _preset: Option<&str>) {
        params.replication.actions = params::default_actions();
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[(
        "replication",
        "scene=replication&acks=1&unclean=1&replica-actions=slow:3@500,crash:1@2000",
    )];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "2.1",
        // No failover yet: the step asks the learner to crash the leader.
        query: "scene=replication&acks=all&min-isr=2&replica-actions=&t=2000",
        answer: None,
    }];
}

impl Scene for Replication {
    #[cfg(all(feature = "ui", feature = "scene-replication"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_replication_scene(p.timeline.current(), a.params, a.on_params)
    }

    type Msg = text::ReplicationMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::ReplicationMsg] {
        text::ReplicationMsg::ALL
    }

    /// Kafka's and the clients' own names, the same in both languages.
    const SAME_IN_BOTH: &'static [&'static str] = &["StatNotEnough"];

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::ReplicationLesson;
        (part == 1).then(|| LessonText::from_catalogue(lang, ReplicationLesson::Narration, None))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::ReplicationTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::ReplicationLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Replication::new(params.replication.clone()))
    }

    /// After the default failover: a new leader in a new epoch, the old
    /// one down, the high watermark moving on.
    fn opening_time(end: SimTime) -> SimTime {
        SimTime(4000).min(end)
    }

    /// A record every 100 ms and a crash seconds in: real time already reads.
    const SIM_MS_PER_SECOND: u64 = 1000;

    fn summary(&self, params: &AppParams) -> String {
        let isr: Vec<u32> = self.isr.iter().copied().collect();
        numbered::summary_replication(
            params.lang,
            self.leader,
            self.leader_epoch,
            self.high_watermark,
            &isr,
            self.records_lost(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for Replication {
    const METRICS: &'static [Metric] = &[Metric::AckedLost, Metric::Lost];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::AckedLost, s.acked_lost().len()),
            (Metric::Lost, s.records_lost()),
        ]))
    }
    fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
        for a in &mut params.replication.actions {
            a.at = shift(a.at);
        }
    }
}
