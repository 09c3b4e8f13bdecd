//! What a level can measure of a scene: the figures a goal may be about,
//! and how each scene's model gives them. The trait is the registry's, each
//! scene's folder implements it, and the levels (src/levels) check goals
//! against what it measures.

use super::Scene;
use crate::params::{AppParams, SceneId};
use crate::scenes::producer::model::FailReason;
use crate::sim::history::HORIZON;
use crate::sim::{Sim, SimTime};

/// A figure a goal can be about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Records of one key handled (or written) after a later one of the
    /// same key: the order checker's reorders.
    Violations,
    /// Side effects applied twice: the checker's duplicates.
    Duplicates,
    /// Records the producer gave up on, or the sink never got though a
    /// later one of their order came.
    Lost,
    /// Records acknowledged to the producer that the log no longer holds.
    AckedLost,
    /// Records per second: acknowledged ones (producer), handled ones
    /// (workers).
    Throughput,
    /// Partition-milliseconds nobody could read: a rebalance's cost (group).
    PausedMs,
    /// When the reader has handled its last record, in ms (share).
    DoneMs,
}

impl Metric {
    pub const ALL: [Metric; 7] = [
        Metric::Violations,
        Metric::Duplicates,
        Metric::Lost,
        Metric::AckedLost,
        Metric::Throughput,
        Metric::PausedMs,
        Metric::DoneMs,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Metric::Violations => "violations",
            Metric::Duplicates => "duplicates",
            Metric::Lost => "lost",
            Metric::AckedLost => "acked-lost",
            Metric::Throughput => "throughput",
            Metric::PausedMs => "paused-ms",
            Metric::DoneMs => "done-ms",
        }
    }

    pub fn from_id(id: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Whether `scene`'s model measures it ([`SceneMeasures::METRICS`]).
    pub fn measured_in(self, scene: SceneId) -> bool {
        scene.metrics().contains(&self)
    }
}

/// Events a checked run may apply: far above any scene's own run (the
/// longest, the producer's 5000-record stream, stays well under), so only
/// a runaway would be cut.
const MAX_EVENTS: u64 = 2_000_000;

/// Runs the link to its end, as a level checks it: every event up to the
/// history's horizon, and no more than a runaway would apply.
pub fn run_to_end<S: Scene>(params: &AppParams) -> Option<Sim<S>> {
    let mut sim = Sim::new(S::build(params).ok()?, params.seed);
    while sim.events_done() < MAX_EVENTS && sim.next_event_time().is_some_and(|t| t <= HORIZON) {
        sim.step();
    }
    Some(sim)
}

/// The figures of one run, `None` where its scene does not measure one,
/// and why the producer gave up the records it lost, if it said.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measured {
    figures: [Option<u64>; Metric::ALL.len()],
    gave_up: Option<FailReason>,
}

impl Measured {
    pub fn get(&self, metric: Metric) -> Option<u64> {
        self.figures[metric as usize]
    }

    pub fn set(&mut self, metric: Metric, value: usize) -> &mut Self {
        self.figures[metric as usize] = Some(value as u64);
        self
    }

    /// A run's figures, each the count a model's counter gave.
    pub fn of(figures: &[(Metric, usize)]) -> Measured {
        let mut m = Measured::default();
        for &(metric, value) in figures {
            m.set(metric, value);
        }
        m
    }

    /// Why the producer gave up the records it lost, if it said.
    pub fn gave_up(&self) -> Option<FailReason> {
        self.gave_up
    }

    pub fn with_gave_up(mut self, why: Option<FailReason>) -> Self {
        self.gave_up = why;
        self
    }
}

/// What a level can measure of a scene, and how. Each scene's folder
/// implements it for its model, and the registry line dispatches to it, so a new scene without an answer does not compile.
pub trait SceneMeasures: Scene {
    /// The figures the scene's model measures: what a goal may be about.
    const METRICS: &'static [Metric];

    /// Runs the link to its end and reads those figures; `None` where the
    /// scene refuses the settings.
    fn measure(_params: &AppParams) -> Option<Measured> {
        Some(Measured::default())
    }

    /// Moves the scene's scripted actions by `shift`: a seed's variant of
    /// a crash keeps its story at another moment.
    fn shift_script(_params: &mut AppParams, _shift: &dyn Fn(SimTime) -> SimTime) {}
}

macro_rules! define_scene_measures {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        impl SceneId {
            /// The figures the scene's model measures: what a level's goal
            /// about it may be about.
            pub fn metrics(self) -> &'static [Metric] {
                match self {
                    $(SceneId::$variant => <$model as SceneMeasures>::METRICS,)*
                }
            }
        }

        /// Runs `params` to the end and reads its figures. `None`: the scene
        /// refuses the settings (the Java client would throw a
        /// `ConfigException`), or this bundle does not carry it; either way
        /// it meets no goal.
        pub fn measure(params: &AppParams) -> Option<Measured> {
            match params.scene {
                $(SceneId::$variant => if SceneId::$variant.built_in() {
                    <$model as SceneMeasures>::measure(params)
                } else {
                    None
                },)*
            }
        }

        /// Moves the link's scripted actions by `shift` ([`SceneMeasures::shift_script`]).
        pub fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
            match params.scene {
                $(SceneId::$variant => <$model as SceneMeasures>::shift_script(params, shift),)*
            }
        }
    };
}

crate::for_each_scene!(define_scene_measures);
