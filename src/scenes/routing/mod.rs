//! The routing scene's folder: its link parameters, its text and narration, its view,
//! and how the app builds it from a link, where it opens, and how a
//! screen reader hears it.

/// The scene's model: pure, seeded, and tested on the host; it imports
/// only the core (tests/layers.rs).
mod lens;
pub mod model;
pub mod narration;
pub mod numbered;
pub mod params;
#[cfg(all(feature = "ui", feature = "scene-routing"))]
mod stream;
#[cfg(test)]
pub(crate) mod sweep;
#[cfg(all(feature = "ui", feature = "scene-routing"))]
mod switch;
pub mod text;
#[cfg(all(feature = "ui", feature = "scene-routing"))]
pub(crate) mod view;

use super::measures::{run_to_end, Measured, Metric, SceneMeasures};
use super::{LessonText, Scene};
use crate::golens::{Builder, SceneLens};
use crate::i18n::{t, Lang};
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::params::{LessonStep, SceneLink};
use crate::scenes::routing::model::RoutingStream;
use crate::sim::partitioner::{route, Route};
use crate::sim::producer::ConfigError;
use crate::sim::SimTime;

/// Its Go lens (src/golens).
impl SceneLens for RoutingStream {
    const HAS_LENS: bool = true;
    fn write(b: &mut Builder, params: &AppParams) {
        lens::write(b, params)
    }
}

impl SceneLink for RoutingStream {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    /// Its heaviest links, for the benchmarks.
    const HEAVIEST: &'static [(&'static str, &'static str)] = &[(
        "routing",
        "scene=routing&keys=100000&partitions=64&key-null=1&keyless=round-robin",
    )];

    /// Its steps in the guided lesson (src/lesson).
    const LESSON: &'static [LessonStep] = &[LessonStep {
        id: "3.1",
        query: "scene=routing&key=order-42&partitions=6",
        answer: None,
    }];
}

impl Scene for RoutingStream {
    #[cfg(all(feature = "ui", feature = "scene-routing"))]
    fn view(p: &crate::widgets::player::Player<Self>, a: super::ViewArgs<'_>) -> yew::Html {
        view::view_routing_scene(
            p.timeline.current(),
            p.timeline.outcome().model(),
            a.params,
            a.narrow,
            a.on_params,
        )
    }

    type Msg = text::RoutingMsg;

    #[cfg(test)]
    const NUMBERED: &'static [crate::i18n::Numbered] = numbered::NUMBERED;

    fn messages() -> &'static [text::RoutingMsg] {
        text::RoutingMsg::ALL
    }

    fn lesson(part: u32, lang: Lang) -> Option<LessonText> {
        use text::RoutingLesson;
        (part == 1).then(|| LessonText::from_catalogue(lang, RoutingLesson::Narration, None))
    }

    fn title(lang: Lang) -> &'static str {
        t(lang, text::RoutingTitle::Title)
    }

    fn lede(lang: Lang) -> &'static str {
        t(lang, text::RoutingLede::Lede)
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(RoutingStream::new(params.routing.stream_config()))
    }

    /// The outcome, so the figure means something before anyone clicks; ▶
    /// replays it from the start.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    /// Records every 15 ms, batches held for linger.ms (50 ms) and 20 to
    /// 60 ms on their way: at a twentieth of real time records come a
    /// third of a second apart, a batch waits a second, and its flight
    /// takes 0.4 to 1.2 s.
    const SIM_MS_PER_SECOND: u64 = 50;

    fn summary(&self, params: &AppParams) -> String {
        let key = (!params.routing.key_null).then_some(params.routing.key.as_bytes());
        let partition = match route(key, params.routing.partitions, params.routing.placement()) {
            Route::Explicit(p)
            | Route::Hashed { partition: p }
            | Route::Region { partition: p, .. } => Some(p),
            Route::MissingPartition(_) | Route::Keyless => None,
        };
        numbered::summary_routing(
            params.lang,
            partition,
            params.routing.partitions,
            self.reorders(),
        )
    }
}

/// What a level can measure of it (src/scenes/measures.rs).
impl SceneMeasures for RoutingStream {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run_to_end::<Self>(params)?;
        Some(Measured::of(&[(
            Metric::Violations,
            sim.model().reorders(),
        )]))
    }
}
