//! The RabbitMQ scene's folder: its link parameters, its text and its view,
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
#[cfg(all(feature = "ui", feature = "scene-rabbitmq"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::SceneLens;
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::rabbitmq::model::RabbitScene;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for RabbitScene {
    /// RabbitMQ's queue beside Kafka's topic: the comparison, not a client.
    const HAS_LENS: bool = false;
}

impl SceneLink for RabbitScene {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[(
        "rabbitmq",
        "scene=rabbitmq&consumers=8&remedy=consistent-hash",
    )];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "9.1",
        query: "scene=rabbitmq&consumers=3",
        answer: None,
    }];
}

impl Scene for RabbitScene {
    #[cfg(all(feature = "ui", feature = "scene-rabbitmq"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_rabbitmq_scene(p.timeline.current(), a.params, a.on_params)
    }

    type Msg = text::RabbitMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::RabbitMsg] {
        text::RabbitMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::RabbitMqLesson;
        (part == 1).then(|| LessonText::from_catalogue(lang, RabbitMqLesson::Narration, None))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::RabbitMqTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::RabbitMqLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(RabbitScene::new(
            params.rabbitmq.consumers,
            params.rabbitmq.remedy,
            params.rabbitmq.requeue,
        ))
    }

    /// Every message handled on both sides.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// A delivery every 10 ms: at a tenth of real time one every tenth of a second.
    const SIM_MS_PER_SECOND: u64 = 100;

    /// The first broken pair.
    fn moments(&self) -> Vec<SimTime> {
        super::first_violation(&self.rabbit_checker)
    }

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_rabbitmq(
            params.lang,
            self.rabbit_checker.reorders(),
            self.kafka_checker.reorders(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for RabbitScene {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let mut m = Measured::default();
        m.set(
            Metric::Violations,
            sim.model()
                .violations(crate::scenes::rabbitmq::model::Side::Rabbit),
        );
        Some(m)
    }
}
