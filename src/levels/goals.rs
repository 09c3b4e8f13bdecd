//! What a level's goals measure: each scene's model run to its end on one
//! seeded variant, and the figures its own counters give.

use crate::params::{AppParams, SceneId};
use crate::scenes::Scene;
use crate::sim::history::HORIZON;
use crate::sim::rng::Rng;
use crate::sim::scenes::{
    group, pipeline, producer, rabbitmq, repartition, replication, routing, workers,
};
use crate::sim::{Sim, SimTime};
use std::fmt;

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
}

impl Metric {
    pub const ALL: [Metric; 5] = [
        Metric::Violations,
        Metric::Duplicates,
        Metric::Lost,
        Metric::AckedLost,
        Metric::Throughput,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Metric::Violations => "violations",
            Metric::Duplicates => "duplicates",
            Metric::Lost => "lost",
            Metric::AckedLost => "acked-lost",
            Metric::Throughput => "throughput",
        }
    }

    pub fn from_id(id: &str) -> Option<Metric> {
        Metric::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Whether `scene`'s model measures it ([`SceneMeasures::METRICS`]).
    pub fn measured_in(self, scene: SceneId) -> bool {
        scene_metrics(scene).contains(&self)
    }
}

/// How a goal compares the measured figure with its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Equals,
    AtMost,
    AtLeast,
}

impl Op {
    pub fn text(self) -> &'static str {
        match self {
            Op::Equals => "=",
            Op::AtMost => "<=",
            Op::AtLeast => ">=",
        }
    }

    pub fn from_text(s: &str) -> Option<Op> {
        [Op::Equals, Op::AtMost, Op::AtLeast]
            .into_iter()
            .find(|o| o.text() == s)
    }
}

/// One goal: `metric op value`, to hold on every seeded variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Goal {
    pub metric: Metric,
    pub op: Op,
    pub value: u64,
}

impl Goal {
    pub fn holds(&self, measured: u64) -> bool {
        match self.op {
            Op::Equals => measured == self.value,
            Op::AtMost => measured <= self.value,
            Op::AtLeast => measured >= self.value,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.metric.id(), self.op.text(), self.value)
    }
}

/// The seeds every level's goals are checked on: fixed, so a level's
/// verdict is the same for everyone, and 20 of them, so one lucky run
/// cannot pass for a fix.
pub const SEEDS: [u64; 20] = [
    42, 1, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61,
];

/// How far a seeded variant moves a scripted moment, either way, in ms.
const SHIFT_MS: u64 = 600;

/// The run a seed stands for. Most scenes draw their latencies and
/// processing times from the seed, so the seed alone varies the run. The
/// group and replication models draw nothing from it: their runs differ
/// only in when the scripted crash (or slow-down) happens, so a variant
/// moves the whole script by up to [`SHIFT_MS`] either way, drawn from the
/// seed: the story stays (a follower slows, then the leader dies), and a
/// goal about "a crash" holds for crashes at many moments of the stream,
/// not at the one the start link names.
pub fn variant(params: &AppParams, seed: u64) -> AppParams {
    let mut p = params.clone();
    p.seed = seed;
    let d = Rng::new(seed).between(0, 2 * SHIFT_MS);
    let shift = |at: SimTime| SimTime((at.as_millis() + d).saturating_sub(SHIFT_MS).max(1));
    shift_script(&mut p, &shift);
    p
}

/// Events a checked run may apply: far above any scene's own run (the
/// longest, the producer's 5000-record stream, stays well under), so only
/// a runaway would be cut.
const MAX_EVENTS: u64 = 2_000_000;

fn run<S: Scene>(params: &AppParams) -> Option<Sim<S>> {
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
    figures: [Option<u64>; 5],
    gave_up: Option<producer::FailReason>,
}

impl Measured {
    pub fn get(&self, metric: Metric) -> Option<u64> {
        self.figures[metric as usize]
    }

    fn set(&mut self, metric: Metric, value: usize) -> &mut Self {
        self.figures[metric as usize] = Some(value as u64);
        self
    }

    /// A run's figures, each the count a model's counter gave.
    fn of(figures: &[(Metric, usize)]) -> Measured {
        let mut m = Measured::default();
        for &(metric, value) in figures {
            m.set(metric, value);
        }
        m
    }
}

/// How a goal failed on one seed, for the learner to read: what the run
/// measured (`None`: the client refused the settings, and nothing ran),
/// and for lost records why the producer gave them up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Miss {
    pub seed: u64,
    pub measured: Option<u64>,
    pub gave_up: Option<producer::FailReason>,
}

/// Runs `params` to the end and reads its figures. `None`: the scene
/// refuses the settings (the Java client would throw a `ConfigException`),
/// which meets no goal.
pub fn measure(params: &AppParams) -> Option<Measured> {
    measure_scene(params)
}

/// What a level can measure of a scene, and how. The levels implement it
/// for every registered scene's model (below), and the registry line
/// dispatches to it, so a new scene without an answer does not compile.
pub(crate) trait SceneMeasures {
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
    ($($variant:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        fn scene_metrics(scene: SceneId) -> &'static [Metric] {
            match scene {
                $(SceneId::$variant => <$model as SceneMeasures>::METRICS,)*
            }
        }

        /// A scene this bundle does not carry is not run, and meets no goal.
        fn measure_scene(params: &AppParams) -> Option<Measured> {
            match params.scene {
                $(SceneId::$variant => if cfg!(feature = $feature) {
                    <$model as SceneMeasures>::measure(params)
                } else {
                    None
                },)*
            }
        }

        fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
            match params.scene {
                $(SceneId::$variant => <$model as SceneMeasures>::shift_script(params, shift),)*
            }
        }
    };
}

crate::for_each_scene!(define_scene_measures);

impl SceneMeasures for crate::sim::scenes::log::LogScene {
    /// One partition and one consumer: nothing breaks to measure.
    const METRICS: &'static [Metric] = &[];
}

impl SceneMeasures for crate::sim::scenes::disk::Disk {
    /// The disk's speed, which no goal is about.
    const METRICS: &'static [Metric] = &[];
}

impl SceneMeasures for replication::Replication {
    const METRICS: &'static [Metric] = &[Metric::AckedLost, Metric::Lost];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::AckedLost, s.acked_lost().len()),
            (Metric::Lost, s.records_lost()),
        ]))
    }
    fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
        for a in &mut params.replica_actions {
            a.at = shift(a.at);
        }
    }
}

impl SceneMeasures for routing::RoutingStream {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        Some(Measured::of(&[(
            Metric::Violations,
            sim.model().reorders(),
        )]))
    }
}

impl SceneMeasures for producer::ProducerScene {
    const METRICS: &'static [Metric] = &[
        Metric::Violations,
        Metric::Duplicates,
        Metric::Lost,
        Metric::Throughput,
    ];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        let s = sim.model();
        let mut m = Measured::of(&[
            (Metric::Violations, s.reorders()),
            (Metric::Duplicates, s.duplicates()),
            (Metric::Lost, s.lost() as usize),
            (Metric::Throughput, s.throughput(sim.now()) as usize),
        ]);
        m.gave_up = s.gave_up();
        Some(m)
    }
}

impl SceneMeasures for repartition::Repartition {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        Some(Measured::of(&[(
            Metric::Violations,
            sim.model().reorders(),
        )]))
    }
}

impl SceneMeasures for group::Group {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Duplicates];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::Violations, s.checker.reorders()),
            (Metric::Duplicates, s.duplicates()),
        ]))
    }
    fn shift_script(params: &mut AppParams, shift: &dyn Fn(SimTime) -> SimTime) {
        for a in &mut params.actions {
            a.at = shift(a.at);
        }
    }
}

impl SceneMeasures for workers::Workers {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Throughput];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        let s = sim.model();
        Some(Measured::of(&[
            (Metric::Violations, s.checker.reorders()),
            (Metric::Throughput, s.throughput(sim.now()) as usize),
        ]))
    }
}

impl SceneMeasures for rabbitmq::RabbitScene {
    const METRICS: &'static [Metric] = &[Metric::Violations];
    fn measure(params: &AppParams) -> Option<Measured> {
        let sim = run::<Self>(params)?;
        let mut m = Measured::default();
        m.set(
            Metric::Violations,
            sim.model().violations(rabbitmq::Side::Rabbit),
        );
        Some(m)
    }
}

impl SceneMeasures for pipeline::Pipeline {
    const METRICS: &'static [Metric] = &[Metric::Violations, Metric::Duplicates, Metric::Lost];
    fn measure(params: &AppParams) -> Option<Measured> {
        let run = pipeline::run_seed(&params.pipeline.clamped(), params.seed);
        let count = |k: pipeline::FindingKind| run.findings.iter().filter(|f| f.kind == k).count();
        Some(Measured::of(&[
            (Metric::Violations, count(pipeline::FindingKind::Reorder)),
            (Metric::Duplicates, count(pipeline::FindingKind::Duplicate)),
            (Metric::Lost, count(pipeline::FindingKind::Loss)),
        ]))
    }
}

macro_rules! define_refuses {
    ($($variant:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// Whether the scene refuses these settings (the Java client would
        /// throw a `ConfigException`), so no run happens and no goal is met.
        pub fn refuses(params: &AppParams) -> bool {
            match params.scene {
                $(#[cfg(feature = $feature)]
                SceneId::$variant => <$model as Scene>::build(params).is_err(),)*
                // A scene this bundle does not carry runs nothing here.
                #[allow(unreachable_patterns)]
                _ => true,
            }
        }
    };
}

crate::for_each_scene!(define_refuses);

/// Whether each goal holds on the variant of `params` for `seed`.
pub fn check_seed(goals: &[Goal], params: &AppParams, seed: u64) -> Vec<bool> {
    misses(goals, params, seed)
        .iter()
        .map(Option::is_none)
        .collect()
}

/// For each goal, how it failed on the variant of `params` for `seed`, or
/// `None` where it holds.
pub fn misses(goals: &[Goal], params: &AppParams, seed: u64) -> Vec<Option<Miss>> {
    let measured = measure(&variant(params, seed));
    goals
        .iter()
        .map(|g| {
            let value = measured.and_then(|m| m.get(g.metric));
            (!value.is_some_and(|v| g.holds(v))).then(|| Miss {
                seed,
                measured: value,
                gave_up: measured
                    .and_then(|m| m.gave_up)
                    .filter(|_| g.metric == Metric::Lost),
            })
        })
        .collect()
}
