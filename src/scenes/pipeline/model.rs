//! Scene "pipeline": one order service end to end, and where its orders
//! break.
//!
//! The application sends each order's events (Created → Paid → Shipped →
//! Delivered) from two services; their producers, partitioners, the
//! topic, the consumer group, the handler and the sink (the service's
//! database, which refuses an event that comes before its predecessor) are
//! each the model of the scene that shows that stage alone, composed:
//! the producer scene's sender, the clients' partitioners, the keyless
//! accumulator, the assignors, the workers scene's keyed routing and the
//! order checker. The checker's findings are blamed on a stage
//! ([`blame`]), and [`fix`] finds the smallest setting that removes them.
//!
//! The run is computed whole when the model starts; the player then
//! reveals it moment by moment, so seeking is exact and cheap.

mod blame;

/// A link carries every stage's settings, and the run depends on them.
impl crate::sim::ModelParams for Pipeline {
    type Params = PipelineConfig;
}

mod caption;
mod config;
mod fix;
mod group;
mod presets;
mod run;

pub use blame::{Cause, Finding, FindingKind, Stage, WitnessRow};
pub use caption::PipelineCaption;
pub use config::{
    Commit, KeyChoice, PipelineConfig, CLIENTS, FAULTS_RANGE, GROW_RANGE, IN_FLIGHT_RANGE,
    LINGER_RANGE, MEMBERS_RANGE, PARTITIONS_RANGE, RATE_RANGE, WORKERS_RANGE,
};
pub use fix::{
    broken, moved, run_seed, sink_order, smallest_fix, Change, Fix, Placed, SWEEP_SEEDS,
};
pub use group::{member_name, Delivery, Generation, Outcome, AUTO_COMMIT_MS, GROUP_ID};
pub use presets::Preset;
pub use run::{
    order_key, run_pipeline, send_span, Failover, Growth, LogEntry, PRecord, PipelineRun, Price,
    ProducerSummary, Service, Step, BATCH_SIZE, ORDERS, TOPIC,
};

use crate::sim::engine::{Ctx, Model};
use std::rc::Rc;

/// The player's model: the whole run, and how much of it has happened.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pipeline {
    pub config: PipelineConfig,
    pub run: Rc<PipelineRun>,
    /// Moments of the run's trace that have happened.
    pub shown: u32,
}

/// One moment of the trace: its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reveal(pub u32);

impl Pipeline {
    pub fn new(config: PipelineConfig) -> Self {
        Pipeline {
            config: config.clamped(),
            run: Rc::new(PipelineRun::empty(config.clamped())),
            shown: 0,
        }
    }

    /// Whether moment `i` of the trace has happened.
    pub fn happened(&self, i: usize) -> bool {
        i < self.shown as usize
    }

    /// Records the sink has applied so far, each counted once.
    pub fn applied_so_far(&self) -> u32 {
        let mut applied = vec![false; self.run.records.len()];
        for &(_, step) in self.run.trace.iter().take(self.shown as usize) {
            if let Step::Handled { delivery } = step {
                let d = &self.run.deliveries[delivery as usize];
                if d.outcome.applied() {
                    applied[self.run.log[d.entry as usize].record as usize] = true;
                }
            }
        }
        applied.iter().filter(|&&a| a).count() as u32
    }

    /// Findings the sink has met so far.
    pub fn findings_so_far(&self) -> impl Iterator<Item = &Finding> {
        let now = self
            .shown
            .checked_sub(1)
            .and_then(|i| self.run.trace.get(i as usize))
            .map(|&(t, _)| t);
        self.run
            .findings
            .iter()
            .filter(move |f| now.is_some_and(|t| f.at <= t))
    }
}

impl Model for Pipeline {
    type Event = Reveal;

    fn start(&mut self, ctx: &mut Ctx<'_, Reveal>) {
        // The world's stream before any draw is `Rng::new(seed)`: the fix
        // and the sweep re-run the same function on the same seed.
        self.run = Rc::new(run_pipeline(&self.config, ctx.rng()));
        for (i, &(t, _)) in self.run.trace.iter().enumerate() {
            ctx.schedule_in(t.as_millis(), Reveal(i as u32));
        }
    }

    fn handle(&mut self, event: &Reveal, _ctx: &mut Ctx<'_, Reveal>) {
        self.shown = event.0 + 1;
    }
}

#[cfg(test)]
mod tests;
