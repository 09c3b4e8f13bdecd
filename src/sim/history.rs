//! History: exact seeking and stepping by snapshot + deterministic replay.
//!
//! The whole run is simulated once up front, keeping a copy of the world
//! every `every` events. Seeking restores the nearest earlier snapshot and
//! replays forward; it never interpolates, so stepping back is exact.

use super::engine::{Model, Sim};
use super::time::SimTime;

/// A finished run that can be viewed at any instant.
#[derive(Clone, Debug)]
pub struct Timeline<M: Model> {
    /// `snapshots[i]` has applied exactly `i * every` events.
    snapshots: Vec<Sim<M>>,
    every: u64,
    current: Sim<M>,
    end: SimTime,
    total_events: u64,
}

impl<M: Model> Timeline<M> {
    /// Runs `sim` until its queue empties or the next event lies past
    /// `horizon`, keeping a snapshot every `every` events (at least 1).
    pub fn new(sim: Sim<M>, horizon: SimTime, every: u64) -> Self {
        let every = every.max(1);
        let mut snapshots = vec![sim.clone()];
        let mut run = sim.clone();
        while run.next_event_time().is_some_and(|t| t <= horizon) {
            run.step();
            if run.events_done() % every == 0 {
                snapshots.push(run.clone());
            }
        }
        Timeline {
            snapshots,
            every,
            end: run.now(),
            total_events: run.events_done(),
            current: sim,
        }
    }

    pub fn current(&self) -> &Sim<M> {
        &self.current
    }

    pub fn now(&self) -> SimTime {
        self.current.now()
    }

    /// The time of the run's last event: the end of the scrub bar.
    pub fn end(&self) -> SimTime {
        self.end
    }

    pub fn total_events(&self) -> u64 {
        self.total_events
    }

    pub fn at_end(&self) -> bool {
        self.current.events_done() >= self.total_events && self.current.now() >= self.end
    }

    /// Shows the world as it is at `t` (clamped to the run): every event due
    /// at or before `t` has happened, none after.
    pub fn seek(&mut self, t: SimTime) {
        let t = t.min(self.end);
        if t < self.current.now() {
            let newer = self.snapshots.partition_point(|s| s.now() <= t);
            // snapshots[0] is at time zero, so `newer` is at least 1.
            self.current = self.snapshots[newer.saturating_sub(1)].clone();
        }
        self.current.run_until(t);
    }

    /// Applies exactly one more event. Returns `false` at the end of the run.
    pub fn step_forward(&mut self) -> bool {
        self.current.events_done() < self.total_events && self.current.step()
    }

    /// Undoes exactly the last event: the world becomes what it was right
    /// after the one before it. Returns `false` at the very start.
    pub fn step_back(&mut self) -> bool {
        let done = self.current.events_done();
        if done == 0 {
            let moved = self.current.now() > SimTime::ZERO;
            self.reset();
            return moved;
        }
        self.current = self.replayed_to(done - 1);
        true
    }

    pub fn reset(&mut self) {
        self.current = self.snapshots[0].clone();
    }

    /// The world right after its `events`-th event.
    fn replayed_to(&self, events: u64) -> Sim<M> {
        let index = usize::try_from(events / self.every)
            .unwrap_or(usize::MAX)
            .min(self.snapshots.len() - 1);
        let mut sim = self.snapshots[index].clone();
        while sim.events_done() < events && sim.step() {}
        sim
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::engine::Ctx;

    #[derive(Clone, Debug, Default, PartialEq, Hash)]
    struct Counter {
        log: Vec<(u64, u32)>,
    }

    #[derive(Clone, Debug, Hash)]
    struct Tick(u32);

    impl Model for Counter {
        type Event = Tick;
        fn start(&mut self, ctx: &mut Ctx<'_, Tick>) {
            ctx.schedule_in(10, Tick(0));
        }
        fn handle(&mut self, event: &Tick, ctx: &mut Ctx<'_, Tick>) {
            self.log.push((ctx.now().as_millis(), event.0));
            if event.0 < 99 {
                // Some gaps are zero: several events share one instant.
                let gap = ctx.rng().between(0, 30);
                ctx.schedule_in(gap, Tick(event.0 + 1));
            }
        }
    }

    fn timeline(seed: u64, every: u64) -> Timeline<Counter> {
        Timeline::new(Sim::new(Counter::default(), seed), SimTime(u64::MAX), every)
    }

    #[test]
    fn knows_the_length_of_the_run() {
        let t = timeline(3, 8);
        assert_eq!(t.total_events(), 100);
        let mut straight = Sim::new(Counter::default(), 3);
        while straight.step() {}
        assert_eq!(t.end(), straight.now());
    }

    #[test]
    fn seek_back_then_forward_equals_a_straight_run() {
        for seed in 0..50 {
            let mut t = timeline(seed, 7);
            let end = t.end().as_millis();
            for (a, b) in [(end * 3 / 4, end / 5), (end, 0), (end / 2, end / 2 - 1)] {
                t.seek(SimTime(a));
                t.seek(SimTime(b));
                t.seek(SimTime(a));
                let mut straight = Sim::new(Counter::default(), seed);
                straight.run_until(SimTime(a));
                assert_eq!(t.current().model(), straight.model(), "seed {seed}");
                assert_eq!(t.current().digest(), straight.digest());
                assert_eq!(t.now(), straight.now());
            }
        }
    }

    #[test]
    fn step_back_undoes_exactly_one_event() {
        let mut t = timeline(11, 5);
        let mut states = vec![t.current().model().clone()];
        while t.step_forward() {
            states.push(t.current().model().clone());
        }
        assert_eq!(states.len(), 101);
        assert!(t.at_end());
        for expected in states.iter().rev().skip(1) {
            assert!(t.step_back());
            assert_eq!(t.current().model(), expected);
        }
        assert!(!t.step_back());
    }

    #[test]
    fn seek_is_clamped_to_the_run_and_horizon_cuts_the_run() {
        let mut t = timeline(2, 4);
        t.seek(SimTime(u64::MAX));
        assert!(t.at_end());
        let cut = Timeline::new(Sim::new(Counter::default(), 2), SimTime(200), 4);
        assert!(cut.end() <= SimTime(200));
        assert!(cut.total_events() < 100);
    }
}
