//! The producer scene's folder: its link parameters, its text and narration, its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

#[cfg(all(feature = "ui", feature = "scene-producer"))]
mod diagram;
/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core (tests/layers.rs).
mod lens;
pub mod model;
pub mod narration;
pub mod numbered;
#[cfg(all(feature = "ui", feature = "scene-producer"))]
mod panels;
pub mod params;
#[cfg(test)]
pub(crate) mod sweep;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-producer"))]
pub(crate) mod view;

#[cfg(all(feature = "ui", feature = "scene-producer"))]
pub use diagram::mermaid_text;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, MeasuredRows, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::producer::model::presets::ProducerPreset;
use crate::scenes::producer::model::ProducerScene;
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;
use params::DEFAULT_PRESET;

/// Its Go lens (src/golens).
impl SceneLens for ProducerScene {
    const HAS_LENS: bool = true;
    const MEASURED: MeasuredRows = MeasuredRows::Producer;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for ProducerScene {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// The link's preset sets the stage. A preset that does not exist falls
    /// back to the default one, as a link with no preset does; the link's
    /// issues name the bad id.
    fn link_start(params: &mut AppParams, preset: Option<&str>) {
        let preset = preset
            .and_then(ProducerPreset::from_id)
            .unwrap_or(DEFAULT_PRESET);
        for (name, value) in preset.pairs() {
            // The preset files are part of the app; a mistake in one is
            // caught by the tests, so their messages are not shown.
            crate::params::apply(params, name, value, &mut Vec::new());
        }
        params.producer.preset = Some(preset);
    }

    /// A chaotic link, and one that reaches the ten-minute horizon: 5000
    /// records, one per request, one request in flight over a lossy link,
    /// `delivery.timeout.ms` long enough that the backlog waits rather than
    /// expires.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[
        (
            "producer-chaos",
            "scene=producer&preset=chaos",
        ),
        (
            "producer-10min",
            "scene=producer&preset=chaos&workload=stream-5000&batch-size=64&linger-ms=0&latency-ms=60&max-in-flight=1&request-timeout-ms=1000&delivery-timeout-ms=600000",
        ),
    ];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[
        LessonStep {
            id: "4.1",
            query: "scene=producer&preset=catastrophe&t=15",
            answer: Some(1),
        },
        LessonStep {
            id: "4.2",
            query: "scene=producer&preset=idempotent&t=15",
            answer: Some(1),
        },
    ];
}

impl Scene for ProducerScene {
    #[cfg(all(feature = "ui", feature = "scene-producer"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_producer_scene(
            a.on_export_mermaid,
            Ok((p.timeline.current(), p.timeline.end(), p.playing)),
            a.params,
            a.narrow,
            a.on_params,
        )
    }

    #[cfg(all(feature = "ui", feature = "scene-producer"))]
    fn mermaid(&self, lang: Lang) -> Option<String> {
        Some(mermaid_text(self, lang))
    }

    /// The producer's settings the Java client refuses: the scene says
    /// why, with its settings, and plays nothing.
    #[cfg(all(feature = "ui", feature = "scene-producer"))]
    fn view_refused(e: ConfigError, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_producer_scene(a.on_export_mermaid, Err(e), a.params, a.narrow, a.on_params)
    }

    type Msg = text::ProducerMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::ProducerMsg] {
        text::ProducerMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::ProducerLesson;
        match part {
            1 => Some(LessonText::from_catalogue(
                lang,
                ProducerLesson::Narration1,
                Some((
                    ProducerLesson::Question1,
                    [
                        ProducerLesson::ChoiceA1,
                        ProducerLesson::ChoiceB1,
                        ProducerLesson::ChoiceC1,
                    ],
                    ProducerLesson::Explanation1,
                )),
            )),
            2 => Some(LessonText::from_catalogue(
                lang,
                ProducerLesson::Narration2,
                Some((
                    ProducerLesson::Question2,
                    [
                        ProducerLesson::ChoiceA2,
                        ProducerLesson::ChoiceB2,
                        ProducerLesson::ChoiceC2,
                    ],
                    ProducerLesson::Explanation2,
                )),
            )),
            _ => None,
        }
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::ProducerTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::ProducerLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        ProducerScene::new(params.producer.scene_config())
    }

    /// Each preset opens paused on the moment that tells its story: the
    /// end, with the log as the faults left it.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// A produce request flies 20 ms each way: at 25 ms a second a round trip takes about 1.6 s, and the catastrophe about 8 s.
    const SIM_MS_PER_SECOND: u64 = 25;

    /// The first broken pair.
    fn moments(&self) -> Vec<SimTime> {
        super::first_violation(&self.checker)
    }

    fn summary(&self, params: &AppParams) -> String {
        numbered::summary_producer(
            params.lang,
            self.stats.sent,
            self.stats.retries,
            self.reorders(),
            self.duplicates(),
            self.lost(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for ProducerScene {
    const METRICS: &'static [Metric] = &[
        Metric::Violations,
        Metric::Duplicates,
        Metric::Lost,
        Metric::Throughput,
    ];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        let s = sim.model();
        let m = Measured::of(&[
            (Metric::Violations, s.reorders()),
            (Metric::Duplicates, s.duplicates()),
            (Metric::Lost, s.lost() as usize),
            (Metric::Throughput, s.throughput(sim.now()) as usize),
        ]);
        Some(m.with_gave_up(s.gave_up()))
    }
}
