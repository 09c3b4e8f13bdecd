//! History: exact seeking and stepping by snapshot + deterministic replay.
//!
//! The whole run is simulated once up front, keeping copies of the world
//! along the way. Seeking restores the nearest earlier copy and replays
//! forward; it never interpolates, so stepping back is exact.
//!
//! The world grows as the run goes on (logs, histories), so a copy every
//! few events would cost memory growing with the square of the run's
//! length. Instead the number of copies is capped: when the cap is
//! reached, every other copy is dropped and the spacing doubles. Memory is
//! then at most the cap times one world, however long the run, and a seek
//! or a step back copies one world and replays at most one spacing: 16
//! events in a short scene, 128 in the heaviest link of any scene.

use super::engine::{Model, Sim};
use super::time::SimTime;

/// The spacing, in events, that every run starts with. Short scenes never
/// reach the cap, so they keep it: a seek or a step back replays at most
/// this many events.
pub const SNAPSHOT_EVERY: u64 = 16;

/// How many copies of the world a timeline keeps at most, measured with
/// `cargo bench --bench core` on every scene's heaviest link (BENCHMARKS.md).
/// A seek costs one copy of the world plus the replay, and the copy
/// dominates: from 32 to 256 snapshots the median seek stayed under a
/// millisecond, while memory and the time to build the run grew with the
/// cap (the producer's `chaos` preset with 5000 records, 7248 events:
/// 18 MB at 32, 36 MB at 64, 73 MB at 128, 146 MB at 256; 292 MB with no
/// cap). With 64, a run ten times as long still replays at most 2048
/// events per seek.
pub const MAX_SNAPSHOTS: usize = 64;

/// No scene runs past ten simulated minutes: the scrub bar's longest run.
pub const HORIZON: SimTime = SimTime(10 * 60 * 1000);

/// What the copies of the world may hold together, by the models' own
/// estimate ([`Model::footprint`]). Some links make a world that grows fast
/// (a producer resending every batch every 10 ms appends each copy to the
/// log again), and 64 copies of it would not fit in a browser tab: past
/// this budget the copies thin out as they do at the cap.
pub const SNAPSHOT_BUDGET_BYTES: usize = 64 << 20;

/// A run stops early, at the end of an instant, once one world is this big
/// or this many events have happened: seeking must stay quick and the tab
/// must not run out of memory whatever the link asks for. The app says so
/// next to the scene. The heaviest preset (the producer's chaos) has about
/// 7,000 events and a world well under 2 MB.
pub const WORLD_BUDGET_BYTES: usize = 8 << 20;
pub const MAX_EVENTS: u64 = 100_000;

/// A finished run that can be viewed at any instant.
#[derive(Clone, Debug)]
pub struct Timeline<M: Model> {
    /// Copies of the world after `0, every, 2 * every, …` events: sorted by
    /// event count, and so by time. `snapshots[0]` is the start.
    snapshots: Vec<Sim<M>>,
    every: u64,
    current: Sim<M>,
    /// The world when the run ended: what a view may lay out for from the
    /// start, so its layout does not shift while the run fills it. Boxed:
    /// a player holds one timeline inline, and one world is enough there.
    outcome: Box<Sim<M>>,
    end: SimTime,
    total_events: u64,
    /// How many events have happened right after the run's last event a
    /// learner can see: the quiet ones after it change nothing on screen,
    /// so the step to it runs on to the end.
    last_shown: u64,
    cut_short: bool,
}

impl<M: Model> Timeline<M> {
    /// Runs `sim` until its queue empties or the next event lies past
    /// `horizon`, keeping a snapshot every `every` events (at least 1) and
    /// at most [`MAX_SNAPSHOTS`] of them.
    pub fn new(sim: Sim<M>, horizon: SimTime, every: u64) -> Self {
        Self::with_max_snapshots(sim, horizon, every, MAX_SNAPSHOTS)
    }

    /// [`Timeline::new`] with another cap on the snapshots (at least 2:
    /// the start and one more).
    pub fn with_max_snapshots(
        sim: Sim<M>,
        horizon: SimTime,
        every: u64,
        max_snapshots: usize,
    ) -> Self {
        let max_snapshots = max_snapshots.max(2);
        let mut every = every.max(1);
        let mut snapshots = vec![sim.clone()];
        let mut held = sim.model().footprint();
        let mut run = sim.clone();
        let mut cut_short = false;
        let mut last_shown = 0;
        while let Some(next) = run.next_event_time().filter(|&t| t <= horizon) {
            // Only between instants, so the run's end is a time the scrub
            // bar can show exactly: every event at `end` happened.
            if next > run.now()
                && (run.events_done() >= MAX_EVENTS || run.model().footprint() > WORLD_BUDGET_BYTES)
            {
                cut_short = true;
                break;
            }
            run.step();
            if !run.last_was_quiet() {
                last_shown = run.events_done();
            }
            if run.events_done() % every == 0 {
                held += run.model().footprint();
                snapshots.push(run.clone());
                while snapshots.len() > 2
                    && (snapshots.len() > max_snapshots || held > SNAPSHOT_BUDGET_BYTES)
                {
                    // Snapshot i is after i * every events: keeping the even
                    // ones leaves one every 2 * every events, the start kept.
                    let mut index = 0;
                    snapshots.retain(|_| {
                        index += 1;
                        index % 2 == 1
                    });
                    every *= 2;
                    held = snapshots.iter().map(|s| s.model().footprint()).sum();
                }
            }
        }
        Timeline {
            snapshots,
            every,
            end: run.now(),
            total_events: run.events_done(),
            last_shown,
            cut_short,
            current: sim,
            outcome: Box::new(run),
        }
    }

    /// Whether the run stopped before its natural end or the horizon,
    /// because it outgrew [`MAX_EVENTS`] or [`WORLD_BUDGET_BYTES`].
    pub fn cut_short(&self) -> bool {
        self.cut_short
    }

    /// The world at [`Timeline::end`], whatever the moment on view.
    pub fn outcome(&self) -> &Sim<M> {
        &self.outcome
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

    /// How many copies of the world are kept: at most the cap.
    pub fn snapshot_count(&self) -> usize {
        self.snapshots.len()
    }

    /// Events between two snapshots: the most a seek or a step back
    /// replays.
    pub fn snapshot_every(&self) -> u64 {
        self.every
    }

    pub fn at_end(&self) -> bool {
        self.current.events_done() >= self.total_events && self.current.now() >= self.end
    }

    /// Shows the world as it is at `t` (clamped to the run): every event due
    /// at or before `t` has happened, none after.
    pub fn seek(&mut self, t: SimTime) {
        let t = t.min(self.end);
        let newer = self.snapshots.partition_point(|s| s.now() <= t);
        // snapshots[0] is at time zero, so `newer` is at least 1.
        let nearest = &self.snapshots[newer.saturating_sub(1)];
        // Going forward, the world on screen is as good a start as a copy
        // unless a copy lies further along: a jump to the end of the scrub
        // bar must not replay the whole run.
        if t < self.current.now() || nearest.events_done() > self.current.events_done() {
            self.current = nearest.clone();
        }
        self.current.run_until(t);
    }

    /// Shows the world a step left between two events of millisecond `t`:
    /// every event before `t` has happened, and the first `events` of those
    /// due at `t`. A `t` past the run shows its end.
    pub fn seek_into(&mut self, t: SimTime, events: u32) {
        if t > self.end {
            self.seek(t);
            return;
        }
        // Every event of a copy taken before `t` happened before `t`.
        let newer = self.snapshots.partition_point(|s| s.now() < t);
        self.current = self.snapshots[newer.saturating_sub(1)].clone();
        self.current.run_into(t, events);
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

    /// Moves on to the next event a learner can see, passing over the
    /// quiet ones before it ([`Model::is_quiet`]); from the run's last such
    /// event, on to the end. Returns `false` if nothing happened.
    pub fn step_to_shown(&mut self) -> bool {
        let mut moved = false;
        while self.current.next_is_quiet() && self.step_forward() {
            moved = true;
        }
        moved |= self.step_forward();
        if self.current.events_done() >= self.last_shown {
            while self.step_forward() {}
        }
        moved
    }

    /// Goes back to the world right after the previous event a learner
    /// could see, or to the start: the inverse of [`Timeline::step_to_shown`].
    /// The quiet events after a shown one belong to it, so they are undone
    /// with it.
    pub fn step_back_to_shown(&mut self) -> bool {
        let done = self.current.events_done();
        if done == 0 {
            return self.step_back();
        }
        let tip = self.last_shown_at_or_before(done);
        let before = self.last_shown_at_or_before(tip.saturating_sub(1));
        self.current = self.replayed_to(before);
        true
    }

    /// The event count right after the last event a learner could see, of
    /// the first `events`: 0 if none of them shows.
    fn last_shown_at_or_before(&self, events: u64) -> u64 {
        let mut newer = self
            .snapshots
            .partition_point(|s| s.events_done() <= events);
        loop {
            // snapshots[0] has applied no event, so `newer` is at least 1,
            // and the loop ends there at the latest.
            let mut sim = self.snapshots[newer.saturating_sub(1)].clone();
            let mut shown =
                (sim.events_done() == 0 || !sim.last_was_quiet()).then_some(sim.events_done());
            while sim.events_done() < events && sim.step() {
                if !sim.last_was_quiet() {
                    shown = Some(sim.events_done());
                }
            }
            match shown {
                Some(count) => return count,
                // Quiet since that copy: look from the one before it.
                None => newer -= 1,
            }
        }
    }

    pub fn reset(&mut self) {
        self.current = self.snapshots[0].clone();
    }

    /// The world right after its `events`-th event.
    fn replayed_to(&self, events: u64) -> Sim<M> {
        let newer = self
            .snapshots
            .partition_point(|s| s.events_done() <= events);
        // snapshots[0] has applied no event, so `newer` is at least 1.
        let mut sim = self.snapshots[newer.saturating_sub(1)].clone();
        while sim.events_done() < events && sim.step() {}
        sim
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::engine::Ctx;
    use crate::sim::rng::Rng;

    /// A world that grows with the run, as a partition log does: every
    /// tick appends to it, until `ticks` have happened.
    #[derive(Clone, Debug, PartialEq, Hash)]
    struct Counter {
        ticks: u32,
        log: Vec<(u64, u32)>,
        /// What each tick claims to add to the world, for the budgets.
        bytes_per_tick: usize,
        /// Ticks whose number this divides are quiet, as idle polls are.
        /// 0: none is.
        quiet_every: u32,
    }

    impl Counter {
        fn new(ticks: u32) -> Self {
            Counter {
                ticks,
                log: Vec::new(),
                bytes_per_tick: 0,
                quiet_every: 0,
            }
        }

        fn heavy(ticks: u32, bytes_per_tick: usize) -> Self {
            Counter {
                bytes_per_tick,
                ..Counter::new(ticks)
            }
        }
    }

    impl Default for Counter {
        fn default() -> Self {
            Counter::new(100)
        }
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
            if event.0 + 1 < self.ticks {
                // Some gaps are zero: several events share one instant.
                let gap = ctx.rng().between(0, 30);
                ctx.schedule_in(gap, Tick(event.0 + 1));
            }
        }
        fn footprint(&self) -> usize {
            self.log.len() * self.bytes_per_tick
        }
        fn is_quiet(&self, event: &Tick) -> bool {
            self.quiet_every != 0 && event.0 % self.quiet_every != 0
        }
    }

    /// A straight run of `model` to exactly `events` events.
    fn straight(model: Counter, seed: u64, events: u64) -> Sim<Counter> {
        let mut sim = Sim::new(model, seed);
        while sim.events_done() < events && sim.step() {}
        sim
    }

    /// What a link names: the time, and how many events of that
    /// millisecond when a step stopped between them.
    fn link_of(sim: &Sim<Counter>) -> (SimTime, Option<u32>) {
        (sim.now(), sim.partial_instant())
    }

    #[test]
    fn every_stepped_state_is_named_exactly_by_its_link() {
        let mut between = 0;
        for seed in 0..30 {
            let mut stepped = timeline(seed, 4);
            let mut opened = timeline(seed, 4);
            loop {
                let (t, events) = link_of(stepped.current());
                match events {
                    Some(k) => {
                        between += 1;
                        opened.seek_into(t, k);
                    }
                    None => opened.seek(t),
                }
                assert_eq!(
                    opened.current().digest(),
                    stepped.current().digest(),
                    "seed {seed} at {t:?} {events:?}"
                );
                assert_eq!(opened.now(), stepped.now());
                assert_eq!(link_of(opened.current()), (t, events));
                if !stepped.step_forward() {
                    break;
                }
            }
            // And stepping back lands on states the link names as well.
            while stepped.step_back() {
                let (t, events) = link_of(stepped.current());
                opened.seek_into(t, events.unwrap_or(u32::MAX));
                assert_eq!(opened.current().digest(), stepped.current().digest());
            }
        }
        assert!(between > 100, "the runs share instants: {between}");
    }

    #[test]
    fn a_millisecond_can_be_entered_event_by_event() {
        let mut t = Timeline::new(Sim::new(Counter::default(), 1), SimTime(u64::MAX), 16);
        t.reset();
        assert_eq!(
            t.current().partial_instant(),
            None,
            "the first event is due at 10 ms"
        );
        // No event of 10 ms yet: the clock reads 10, the world is the start.
        t.seek_into(SimTime(10), 0);
        assert_eq!(t.current().events_done(), 0);
        assert_eq!(t.now(), SimTime(10));
        t.seek_into(SimTime(10), 1);
        assert_eq!(
            t.current().digest(),
            straight(Counter::default(), 1, 1).digest()
        );
    }

    #[test]
    fn a_world_past_its_budget_ends_the_run_between_instants() {
        for seed in 0..20 {
            let model = Counter::heavy(100_000, 64 << 10);
            let mut t = Timeline::new(Sim::new(model.clone(), seed), SimTime(u64::MAX), 16);
            assert!(t.cut_short());
            // 8 MiB at 64 KiB a tick: the 129th tick is over budget, and the
            // run finishes that tick's instant.
            assert!(
                (129..160).contains(&t.total_events()),
                "{}",
                t.total_events()
            );
            let full = straight(model.clone(), seed, t.total_events());
            assert_eq!(full.now(), t.end());
            assert!(full.next_event_time().is_some_and(|next| next > t.end()));
            t.seek(t.end());
            assert_eq!(t.current().model(), full.model());
            assert!(!t.step_forward());
        }
    }

    #[test]
    fn the_outcome_is_the_world_at_the_end_wherever_the_timeline_is() {
        for seed in 0..20 {
            let mut t = Timeline::new(Sim::new(Counter::new(50 + seed as u32), seed), HORIZON, 16);
            let outcome = t.outcome().model().clone();
            assert_eq!(outcome.log.len(), 50 + seed as usize);
            t.seek(SimTime::ZERO);
            assert_eq!(t.outcome().model(), &outcome);
            t.seek(t.end());
            assert_eq!(t.current().model(), &outcome);
            assert_eq!(t.outcome().now(), t.end());
        }
    }

    #[test]
    fn snapshots_thin_out_to_stay_within_the_memory_budget() {
        for seed in 0..8 {
            // 400 ticks of 20 KiB: the last world is 7.8 MiB, under the
            // world budget, but 64 copies of it would be far over 64 MiB.
            let model = Counter::heavy(400, 20 << 10);
            let mut t = Timeline::new(Sim::new(model.clone(), seed), SimTime(u64::MAX), 16);
            assert!(!t.cut_short());
            assert_eq!(t.total_events(), 400);
            let held: usize = t.snapshots.iter().map(|s| s.model().footprint()).sum();
            assert!(held <= SNAPSHOT_BUDGET_BYTES, "{held}");
            assert!(
                t.snapshot_every() > 16,
                "the budget, not the cap, thinned them"
            );
            for events in [399, 250, 17, 1] {
                let at = straight(model.clone(), seed, events);
                t.seek(at.now());
                let full = straight(model.clone(), seed, t.current().events_done());
                assert_eq!(t.current().model(), full.model());
            }
        }
    }

    #[test]
    fn a_run_stops_after_max_events() {
        let t = Timeline::new(Sim::new(Counter::new(u32::MAX), 5), SimTime(u64::MAX), 16);
        assert!(t.cut_short());
        assert!(t.total_events() >= MAX_EVENTS && t.total_events() < MAX_EVENTS + 50);
    }

    fn timeline(seed: u64, every: u64) -> Timeline<Counter> {
        Timeline::new(Sim::new(Counter::default(), seed), SimTime(u64::MAX), every)
    }

    /// Asserts that `sim` is exactly `straight`, a fresh run brought to the
    /// same point: same world, same trace, same clock, same next event.
    fn assert_same(sim: &Sim<Counter>, straight: &Sim<Counter>, context: &str) {
        assert_eq!(sim.model(), straight.model(), "{context}");
        assert_eq!(sim.digest(), straight.digest(), "{context}");
        assert_eq!(sim.now(), straight.now(), "{context}");
        assert_eq!(sim.events_done(), straight.events_done(), "{context}");
        assert_eq!(
            sim.next_event_time(),
            straight.next_event_time(),
            "{context}"
        );
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
    fn a_shown_step_passes_over_quiet_events_and_steps_back_exactly() {
        for (seed, every, quiet_every) in [(11, 5, 3), (4, 64, 4), (9, 2, 7)] {
            let model = Counter {
                quiet_every,
                ..Counter::default()
            };
            let mut t = Timeline::new(Sim::new(model.clone(), seed), SimTime(u64::MAX), every);
            // Ticks are numbered from 0, so the state after tick `n` has
            // `n + 1` events done. The quiet ticks after the last shown one
            // belong to it: its step ends the run.
            let mut expected: Vec<u64> = core::iter::once(0)
                .chain(
                    (0..100)
                        .filter(|n| n % quiet_every == 0)
                        .map(|n| u64::from(n) + 1),
                )
                .collect();
            *expected.last_mut().unwrap() = 100;
            let mut shown = vec![t.current().events_done()];
            while t.step_to_shown() {
                let done = t.current().events_done();
                assert_same(t.current(), &straight(model.clone(), seed, done), "forward");
                shown.push(done);
            }
            assert!(t.at_end());
            assert_eq!(shown, expected, "seed {seed}");
            for &expected in shown.iter().rev().skip(1) {
                assert!(t.step_back_to_shown());
                assert_same(
                    t.current(),
                    &straight(model.clone(), seed, expected),
                    "back",
                );
            }
            assert!(!t.step_back_to_shown());
            // From between a shown tick and the next (as a pause or a seek
            // leaves it), ← undoes the quiet ticks and the shown one before
            // them.
            for at in [3u64, 42, 99] {
                t.reset();
                while t.current().events_done() < at && t.step_forward() {}
                let last_shown_tick = (0..at)
                    .rev()
                    .find(|n| n % u64::from(quiet_every) == 0)
                    .unwrap();
                let previous = (0..last_shown_tick)
                    .rev()
                    .find(|n| n % u64::from(quiet_every) == 0);
                assert!(t.step_back_to_shown());
                let expected = previous.map_or(0, |n| n + 1);
                assert_same(
                    t.current(),
                    &straight(model.clone(), seed, expected),
                    "back from between",
                );
            }
        }
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

    #[test]
    fn seeking_and_stepping_back_after_thinning_equal_a_straight_run() {
        // 3000 ticks, a snapshot after every event and at most 16: the
        // spacing doubles eight times while the run is built, to 256.
        const TICKS: u32 = 3000;
        const CAP: usize = 16;
        for seed in 0..16 {
            let fresh = Sim::new(Counter::new(TICKS), seed);
            let mut t = Timeline::with_max_snapshots(fresh.clone(), SimTime(u64::MAX), 1, CAP);
            assert_eq!(t.total_events(), u64::from(TICKS));
            assert_eq!(t.snapshot_every(), 256, "seed {seed}");
            let end = t.end().as_millis();
            let mut draws = Rng::new(seed ^ 0xC0FFEE);
            for seek in 0..10 {
                // Past the end too: a seek is clamped to the run.
                let at = SimTime(draws.between(0, end + end / 10));
                t.seek(at);
                let mut straight = fresh.clone();
                straight.run_until(at.min(t.end()));
                assert_same(
                    t.current(),
                    &straight,
                    &format!("seed {seed}, seek {seek} to {at}"),
                );

                // Far enough back to cross several snapshots.
                let done = t.current().events_done();
                let back = draws.between(1, 2 * t.snapshot_every() + 3).min(done);
                for _ in 0..back {
                    assert!(t.step_back());
                }
                let mut straight = fresh.clone();
                while straight.events_done() < done - back {
                    straight.step();
                }
                assert_same(
                    t.current(),
                    &straight,
                    &format!("seed {seed}, {back} steps back from event {done}"),
                );
            }
        }
    }

    #[test]
    fn snapshots_stay_under_the_cap_and_in_order_however_long_the_run() {
        for ticks in [100, 1_000, 1_024, 1_025, 5_000, 40_000] {
            let t = Timeline::new(
                Sim::new(Counter::new(ticks), 7),
                SimTime(u64::MAX),
                SNAPSHOT_EVERY,
            );
            assert!(t.snapshot_count() <= MAX_SNAPSHOTS, "{ticks} ticks");
            // Thinning halves the count, never to fewer than half the cap,
            // and keeps one snapshot per `every` events from the start.
            let expected = usize::try_from(t.total_events() / t.snapshot_every()).unwrap_or(0) + 1;
            assert_eq!(t.snapshot_count(), expected, "{ticks} ticks");
            if t.snapshot_every() > SNAPSHOT_EVERY {
                assert!(t.snapshot_count() > MAX_SNAPSHOTS / 2, "{ticks} ticks");
            }
            for (i, snapshot) in t.snapshots.iter().enumerate() {
                assert_eq!(snapshot.events_done(), i as u64 * t.snapshot_every());
            }
            assert!(t.snapshots.windows(2).all(|w| w[0].now() <= w[1].now()));
        }
    }
}
