//! A level's goals, and how they are checked: each scene's model run to its
//! end on each seeded variant (src/scenes/measures.rs measures it).

use crate::params::{AppParams, SceneId};
use crate::scenes::measures::shift_script;
pub use crate::scenes::measures::{measure, Measured, Metric};
use crate::scenes::producer::model as producer;
use crate::scenes::Scene;
use crate::sim::rng::Rng;
use crate::sim::SimTime;
use std::fmt;

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

/// How a goal on `metric` usually reads: more is better only for
/// throughput, less for the times, and a count is asked for exactly.
pub fn usual_op(metric: Metric) -> Op {
    match metric {
        Metric::Throughput => Op::AtLeast,
        Metric::PausedMs | Metric::DoneMs => Op::AtMost,
        _ => Op::Equals,
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

/// How a goal failed on one seed, for the learner to read: what the run
/// measured (`None`: the client refused the settings, and nothing ran),
/// and for lost records why the producer gave them up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Miss {
    pub seed: u64,
    pub measured: Option<u64>,
    pub gave_up: Option<producer::FailReason>,
}

macro_rules! define_refuses {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// Whether the scene refuses these settings (the Java client would
        /// throw a `ConfigException`), so no run happens and no goal is met.
        pub fn refuses(params: &AppParams) -> bool {
            match params.scene {
                $(#[cfg(feature = $feature)]
                SceneId::$variant if SceneId::$variant.built_in() => <$model as Scene>::build(params).is_err(),)*
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
                    .and_then(|m| m.gave_up())
                    .filter(|_| g.metric == Metric::Lost),
            })
        })
        .collect()
}
