//! The discrete-event engine: one model, one queue, one seeded stream.
//!
//! A scene is a [`Model`]: it reacts to one event at a time and schedules
//! what happens next through [`Ctx`]. The engine owns time, the queue and the
//! random numbers, so a run is a pure function of the seed and the model.

use super::queue::EventQueue;
use super::rng::Rng;
use super::time::SimTime;
use core::hash::{Hash, Hasher};
use twox_hash::XxHash64;

/// A scene's state machine.
pub trait Model: Clone + Hash {
    /// What can happen. `Hash` feeds the run's digest, so events must hash
    /// the same on every platform: use fixed-width integers, never `usize`.
    type Event: Clone + core::fmt::Debug + Hash;

    /// Schedules the first events.
    fn start(&mut self, ctx: &mut Ctx<'_, Self::Event>);

    /// Applies one event at `ctx.now()` and schedules its consequences.
    fn handle(&mut self, event: &Self::Event, ctx: &mut Ctx<'_, Self::Event>);

    /// Whether `event`, due next, would change nothing: a timer whose
    /// reason has gone (a request timeout after the answer came). Such
    /// events are dropped unseen, so "step forward" never shows a step in
    /// which nothing happens, and the run ends with its last real event.
    fn is_noop(&self, _event: &Self::Event) -> bool {
        false
    }

    /// Whether `event`, due next, happens but changes nothing a learner
    /// can see: a consumer's poll that finds nothing new. Unlike a no-op it
    /// stays in the trace, since it schedules what comes after it, but
    /// "step forward" passes over it to the next event that shows.
    fn is_quiet(&self, _event: &Self::Event) -> bool {
        false
    }

    /// Roughly how many bytes the world holds, for the timeline's memory
    /// budget. Models whose size stays small whatever the link asks for
    /// may keep the default; a model whose history can grow with the
    /// settings must count it.
    fn footprint(&self) -> usize {
        0
    }
}

/// What a model may do while it handles an event.
pub struct Ctx<'a, E> {
    now: SimTime,
    queue: &'a mut EventQueue<E>,
    rng: &'a mut Rng,
}

impl<E> Ctx<'_, E> {
    pub fn now(&self) -> SimTime {
        self.now
    }

    pub fn schedule_in(&mut self, delay_ms: u64, event: E) {
        self.queue.push(self.now.plus_millis(delay_ms), event);
    }

    pub fn rng(&mut self) -> &mut Rng {
        self.rng
    }
}

/// One run of a model: its state, its clock and its pending events.
#[derive(Clone, Debug)]
pub struct Sim<M: Model> {
    model: M,
    queue: EventQueue<M::Event>,
    rng: Rng,
    now: SimTime,
    events_done: u64,
    /// How many of the applied events happened at `now`: a step can stop
    /// between two events of the same millisecond, and a link to that
    /// state must say how many of them it holds.
    done_at_now: u32,
    digest: u64,
    last: Option<(SimTime, M::Event)>,
    /// Whether the most recent event was quiet ([`Model::is_quiet`]) when
    /// it happened: afterwards the state it met is gone, and a step back
    /// must know which events it may pass over.
    last_quiet: bool,
}

impl<M: Model> Sim<M> {
    pub fn new(mut model: M, seed: u64) -> Self {
        let mut queue = EventQueue::default();
        let mut rng = Rng::new(seed);
        model.start(&mut Ctx {
            now: SimTime::ZERO,
            queue: &mut queue,
            rng: &mut rng,
        });
        // The digest starts from the configured, started model, so two runs
        // that differ only in a parameter never share a digest.
        let mut hasher = XxHash64::with_seed(seed);
        model.hash(&mut hasher);
        let mut sim = Sim {
            digest: hasher.finish(),
            model,
            queue,
            rng,
            now: SimTime::ZERO,
            events_done: 0,
            done_at_now: 0,
            last: None,
            last_quiet: false,
        };
        sim.drop_noops();
        sim
    }

    /// Drops no-op events from the head of the queue. Everything before
    /// the head has happened, so the model's state is the state the event
    /// would meet.
    fn drop_noops(&mut self) {
        while self.queue.peek().is_some_and(|e| self.model.is_noop(e)) {
            self.queue.pop();
        }
    }

    pub fn model(&self) -> &M {
        &self.model
    }

    pub fn now(&self) -> SimTime {
        self.now
    }

    /// How many events have been applied since the start.
    pub fn events_done(&self) -> u64 {
        self.events_done
    }

    /// If more events are due at `now` than have happened, how many have:
    /// the world is between two events of the same millisecond, which a
    /// time alone cannot name. `None` when every event due at `now` has
    /// happened, as after [`Sim::run_until`].
    pub fn partial_instant(&self) -> Option<u32> {
        (self.next_event_time() == Some(self.now)).then_some(self.done_at_now)
    }

    /// The most recent event and when it happened.
    pub fn last_event(&self) -> Option<&(SimTime, M::Event)> {
        self.last.as_ref()
    }

    /// Whether the next event is quiet: it would change nothing on screen.
    pub fn next_is_quiet(&self) -> bool {
        self.queue.peek().is_some_and(|e| self.model.is_quiet(e))
    }

    /// Whether the most recent event was quiet when it happened. `false`
    /// before the first event.
    pub fn last_was_quiet(&self) -> bool {
        self.last_quiet
    }

    /// When the next event is due, or `None` once the run has ended.
    pub fn next_event_time(&self) -> Option<SimTime> {
        self.queue.peek_time()
    }

    /// A hash of every event applied so far, in order, with its time.
    ///
    /// Two runs with equal digests went through the same trace: this is what
    /// "the same link shows the same state" is checked against.
    pub fn digest(&self) -> u64 {
        self.digest
    }

    /// Applies the next event. Returns `false` when there is none.
    pub fn step(&mut self) -> bool {
        let Some((at, event)) = self.queue.pop() else {
            return false;
        };
        self.done_at_now = if at == self.now {
            self.done_at_now.saturating_add(1)
        } else {
            1
        };
        self.now = at;
        self.last_quiet = self.model.is_quiet(&event);
        self.model.handle(
            &event,
            &mut Ctx {
                now: at,
                queue: &mut self.queue,
                rng: &mut self.rng,
            },
        );
        let mut hasher = XxHash64::with_seed(self.digest);
        at.hash(&mut hasher);
        event.hash(&mut hasher);
        self.digest = hasher.finish();
        self.events_done += 1;
        self.last = Some((at, event));
        self.drop_noops();
        true
    }

    /// Applies every event due at or before `t`, then sets the clock to `t`.
    pub fn run_until(&mut self, t: SimTime) {
        while self.next_event_time().is_some_and(|next| next <= t) {
            self.step();
        }
        self.move_clock_to(t);
    }

    /// Applies every event due before `t`, then the first `events` of those
    /// due at `t`, and sets the clock to `t`: the state a step left between
    /// two events of one millisecond ([`Sim::partial_instant`]).
    pub fn run_into(&mut self, t: SimTime, events: u32) {
        while self.next_event_time().is_some_and(|next| next < t) {
            self.step();
        }
        self.move_clock_to(t);
        while self.done_at_now < events && self.next_event_time() == Some(t) {
            self.step();
        }
    }

    fn move_clock_to(&mut self, t: SimTime) {
        if t > self.now {
            self.now = t;
            self.done_at_now = 0;
        }
    }
}

/// Runs `sim` to its end and checks that every event it calls quiet left
/// the world exactly as it found it, so passing over it hides nothing.
/// Returns how many quiet events there were.
#[cfg(test)]
pub(crate) fn assert_quiet_events_change_nothing<M: Model + PartialEq + core::fmt::Debug>(
    mut sim: Sim<M>,
) -> usize {
    let mut quiet = 0;
    loop {
        let before = sim.next_is_quiet().then(|| sim.model().clone());
        if !sim.step() {
            return quiet;
        }
        if let Some(before) = before {
            assert_eq!(&before, sim.model(), "{:?}", sim.last_event());
            quiet += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ping-pong model: each event schedules the next after a random gap.
    #[derive(Clone, Debug, Default, Hash)]
    struct PingPong {
        seen: Vec<(u64, u32)>,
    }

    #[derive(Clone, Debug, Hash)]
    struct Ping(u32);

    impl Model for PingPong {
        type Event = Ping;
        fn start(&mut self, ctx: &mut Ctx<'_, Ping>) {
            ctx.schedule_in(0, Ping(0));
        }
        fn handle(&mut self, event: &Ping, ctx: &mut Ctx<'_, Ping>) {
            self.seen.push((ctx.now().as_millis(), event.0));
            if event.0 < 20 {
                let gap = ctx.rng().between(1, 50);
                ctx.schedule_in(gap, Ping(event.0 + 1));
            }
        }
    }

    #[test]
    fn run_until_stops_at_the_boundary_and_sets_the_clock() {
        let mut sim = Sim::new(PingPong::default(), 1);
        sim.run_until(SimTime(100));
        assert!(sim.model().seen.iter().all(|(t, _)| *t <= 100));
        assert_eq!(sim.now(), SimTime(100));
        assert!(sim.next_event_time().is_some_and(|t| t > SimTime(100)));
    }

    #[test]
    fn same_seed_same_digest_other_seed_other_digest() {
        let run = |seed| {
            let mut sim = Sim::new(PingPong::default(), seed);
            while sim.step() {}
            (sim.digest(), sim.model().seen.clone())
        };
        assert_eq!(run(9), run(9));
        assert_ne!(run(9).0, run(10).0);
        assert_ne!(run(9).1, run(10).1);
    }

    /// Schedules a timer that a later event cancels by its state.
    #[derive(Clone, Debug, Default, Hash)]
    struct Timers {
        answered: bool,
        seen: Vec<&'static str>,
    }

    #[derive(Clone, Debug, Hash)]
    enum TimerEvent {
        Send,
        Answer,
        Timeout,
    }

    impl Model for Timers {
        type Event = TimerEvent;
        fn start(&mut self, ctx: &mut Ctx<'_, TimerEvent>) {
            ctx.schedule_in(0, TimerEvent::Send);
        }
        fn handle(&mut self, event: &TimerEvent, ctx: &mut Ctx<'_, TimerEvent>) {
            match event {
                TimerEvent::Send => {
                    self.seen.push("send");
                    ctx.schedule_in(10, TimerEvent::Answer);
                    ctx.schedule_in(300, TimerEvent::Timeout);
                }
                TimerEvent::Answer => {
                    self.seen.push("answer");
                    self.answered = true;
                }
                TimerEvent::Timeout => self.seen.push("timeout"),
            }
        }
        fn is_noop(&self, event: &TimerEvent) -> bool {
            matches!(event, TimerEvent::Timeout) && self.answered
        }
    }

    #[test]
    fn noop_events_are_dropped_and_do_not_extend_the_run() {
        let mut sim = Sim::new(Timers::default(), 1);
        while sim.step() {}
        assert_eq!(sim.model().seen, vec!["send", "answer"]);
        assert_eq!(sim.events_done(), 2);
        assert_eq!(sim.now(), SimTime(10));
        assert_eq!(sim.next_event_time(), None);
    }

    #[test]
    fn step_reports_the_end_of_the_run() {
        let mut sim = Sim::new(PingPong::default(), 5);
        let mut n = 0;
        while sim.step() {
            n += 1;
        }
        assert_eq!(n, 21);
        assert_eq!(sim.events_done(), 21);
        assert!(!sim.step());
        assert_eq!(sim.last_event().map(|(_, e)| e.0), Some(20));
    }
}
