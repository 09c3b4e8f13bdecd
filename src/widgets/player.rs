//! Playback over a timeline, as a pure reducer: play, pause, step, seek,
//! speed. The clock hook feeds it wall-clock frame times; nothing here
//! touches the browser, so it is tested on the host.

use crate::sim::{Model, SimTime, Timeline};

/// Speed is a step on a log scale: 10^(step/10), so -10..=10 is 0.1× to 10×.
pub const SPEED_STEPS: std::ops::RangeInclusive<i32> = -10..=10;

/// A long gap between frames (a hidden tab, a breakpoint) must not jump the
/// run ahead: at most this much wall time counts per frame.
pub const MAX_FRAME_MS: f64 = 100.0;

/// How much faster than 1× the speed `step` plays: 0.1× to 10×. What 1×
/// means is each scene's own pace ([`Player::with_pace`]).
pub fn speed_factor(step: i32) -> f64 {
    let clamped = step.clamp(*SPEED_STEPS.start(), *SPEED_STEPS.end());
    SPEED_FACTORS[(clamped - SPEED_STEPS.start()) as usize]
}

/// 10^(step/10) for each step, written out: `f64::powf` would bring
/// libm's `pow` into every bundle, 2.2 KB of wasm for 21 numbers
/// (2026-12-04). A test checks each against `powf`.
const SPEED_FACTORS: [f64; 21] = [
    0.1,
    0.125_892_541_179_416_73,
    0.158_489_319_246_111_34,
    0.199_526_231_496_887_97,
    0.251_188_643_150_958,
    0.316_227_766_016_837_94,
    0.398_107_170_553_497_2,
    0.501_187_233_627_272_2,
    0.630_957_344_480_193_2,
    0.794_328_234_724_281_5,
    1.0,
    1.258_925_411_794_167_3,
    1.584_893_192_461_113_6,
    1.995_262_314_968_879_5,
    2.511_886_431_509_58,
    3.162_277_660_168_379_5,
    3.981_071_705_534_972_2,
    5.011_872_336_272_722,
    6.309_573_444_801_933,
    7.943_282_347_242_816,
    10.0,
];

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerAction {
    TogglePlay,
    /// Play, whatever the state.
    Play,
    /// A lesson's answer: played from here at the scene's pace. Reduced
    /// motion plays event by event, which would take minutes, so there it
    /// shows the scene's next moment (or the end) at once.
    Reveal,
    Pause,
    StepForward,
    StepBack,
    Seek(SimTime),
    Reset,
    /// One animation frame after `wall_ms` of wall-clock time.
    Frame {
        wall_ms: f64,
    },
    SetSpeed(i32),
    /// `prefers-reduced-motion`: play event by event instead of gliding.
    SetDiscrete(bool),
}

impl PlayerAction {
    /// Whether it can move the run past the moment on screen: while a
    /// lesson question waits for its answer, these are held back.
    pub fn moves_on(&self) -> bool {
        matches!(
            self,
            PlayerAction::TogglePlay
                | PlayerAction::Play
                | PlayerAction::Reveal
                | PlayerAction::StepForward
                | PlayerAction::Seek(_)
        )
    }
}

/// With reduced motion, one event every this much wall time at 1×.
pub const DISCRETE_STEP_MS: f64 = 600.0;

/// How long playback holds at one of the scene's moments, in wall
/// milliseconds at 1× or slower: long enough to read what just broke.
pub const MOMENT_HOLD_MS: f64 = 1500.0;

/// The pace of a scene that declares none: one simulated second a second.
pub const REAL_TIME: u64 = 1000;

#[derive(Clone, Debug)]
pub struct Player<M: Model> {
    pub timeline: Timeline<M>,
    pub playing: bool,
    pub speed_step: i32,
    /// Play event by event: nothing moves between events.
    pub discrete: bool,
    /// Simulated time owed from earlier frames, below one millisecond (or,
    /// when discrete, wall time owed towards the next event).
    carry_ms: f64,
    /// Simulated milliseconds one wall second shows at 1×: the scene's
    /// pace, so that a request's flight takes a moment a person can follow
    /// whether it lasts 20 ms (a producer) or a second (a group).
    pub sim_ms_per_second: u64,
    /// The moments the scene exists for (a reordered write, a rebalance),
    /// sorted: playing into one stops there for [`MOMENT_HOLD_MS`].
    moments: Vec<SimTime>,
    /// Wall time still to wait at the moment just reached.
    hold_ms: f64,
}

impl<M: Model> Player<M> {
    pub fn new(timeline: Timeline<M>) -> Self {
        Player {
            timeline,
            playing: false,
            speed_step: 0,
            discrete: false,
            carry_ms: 0.0,
            sim_ms_per_second: REAL_TIME,
            moments: Vec::new(),
            hold_ms: 0.0,
        }
    }

    /// Plays at `sim_ms_per_second` simulated milliseconds a wall second at
    /// 1× (at least 1), holding at each of `moments`. Only how wall time
    /// maps to simulated time changes: the run and its states do not.
    pub fn with_pace(mut self, sim_ms_per_second: u64, moments: Vec<SimTime>) -> Self {
        self.sim_ms_per_second = sim_ms_per_second.max(1);
        // A scene names a few moments: kept in order by hand, as the
        // standard sort would bring 4 KB of code into every bundle.
        let mut sorted: Vec<SimTime> = Vec::with_capacity(moments.len());
        for m in moments {
            let at = sorted.iter().take_while(|&&s| s < m).count();
            if sorted.get(at) != Some(&m) {
                sorted.insert(at, m);
            }
        }
        self.moments = sorted;
        self
    }

    /// Whether playback is holding at a moment.
    pub fn holding(&self) -> bool {
        self.playing && self.hold_ms > 0.0
    }

    fn start_playing(&mut self) {
        // Like a video player: play at the end starts over.
        if self.timeline.at_end() {
            self.timeline.reset();
        }
        self.playing = true;
        self.carry_ms = 0.0;
        self.hold_ms = 0.0;
    }

    /// Applies an action; returns whether anything visible changed.
    pub fn apply(&mut self, action: PlayerAction) -> bool {
        if !matches!(
            action,
            PlayerAction::Frame { .. } | PlayerAction::SetSpeed(_)
        ) {
            self.hold_ms = 0.0;
        }
        match action {
            PlayerAction::TogglePlay => {
                if self.playing {
                    self.playing = false;
                } else {
                    self.start_playing();
                }
                true
            }
            PlayerAction::Play => {
                if !self.playing {
                    self.start_playing();
                }
                true
            }
            PlayerAction::Reveal if self.discrete => {
                let now = self.timeline.now();
                let next = self.moments.iter().copied().find(|&m| m > now);
                self.playing = false;
                self.timeline.seek(next.unwrap_or(SimTime(u64::MAX)));
                true
            }
            PlayerAction::Reveal => self.apply(PlayerAction::Play),
            PlayerAction::Pause => std::mem::replace(&mut self.playing, false),
            PlayerAction::StepForward => {
                self.playing = false;
                self.timeline.step_to_shown();
                true
            }
            PlayerAction::StepBack => {
                self.playing = false;
                self.timeline.step_back_to_shown();
                true
            }
            PlayerAction::Seek(t) => {
                self.timeline.seek(t);
                true
            }
            PlayerAction::Reset => {
                self.playing = false;
                self.timeline.reset();
                true
            }
            PlayerAction::Frame { wall_ms } => {
                if !self.playing {
                    return false;
                }
                let mut wall = if wall_ms.is_finite() {
                    wall_ms.clamp(0.0, MAX_FRAME_MS)
                } else {
                    0.0
                };
                if self.discrete {
                    self.carry_ms += wall * speed_factor(self.speed_step);
                    while self.carry_ms >= DISCRETE_STEP_MS && self.playing {
                        self.carry_ms -= DISCRETE_STEP_MS;
                        if !self.timeline.step_forward() {
                            self.playing = false;
                        }
                    }
                    return true;
                }
                if self.hold_ms > 0.0 {
                    let held = wall.min(self.hold_ms);
                    self.hold_ms -= held;
                    wall -= held;
                    if wall <= 0.0 {
                        return false;
                    }
                }
                let pace = self.sim_ms_per_second as f64 / 1000.0;
                let sim_ms = wall * speed_factor(self.speed_step) * pace + self.carry_ms;
                let whole = sim_ms.floor();
                self.carry_ms = sim_ms - whole;
                let now = self.timeline.now();
                let mut target = now.plus_millis(whole as u64);
                if let Some(&moment) = self.moments.iter().find(|&&m| m > now && m <= target) {
                    // What is left of this frame's time is dropped, not
                    // carried past the moment.
                    target = moment;
                    self.carry_ms = 0.0;
                    self.hold_ms = MOMENT_HOLD_MS / speed_factor(self.speed_step).max(1.0);
                }
                // Step through the frame's events rather than seek: a seek
                // forward restores a snapshot whenever one lies ahead, and
                // copying a whole world costs far more than the few events
                // a frame plays. The world reached is the same.
                while self
                    .timeline
                    .current()
                    .next_event_time()
                    .is_some_and(|next| next <= target)
                    && self.timeline.step_forward()
                {}
                self.timeline.seek(target);
                if self.timeline.at_end() {
                    self.playing = false;
                }
                true
            }
            PlayerAction::SetDiscrete(on) => {
                self.carry_ms = 0.0;
                std::mem::replace(&mut self.discrete, on) != on
            }
            PlayerAction::SetSpeed(step) => {
                let step = step.clamp(*SPEED_STEPS.start(), *SPEED_STEPS.end());
                std::mem::replace(&mut self.speed_step, step) != step
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::log::model::{LogScene, LogSceneConfig};
    use crate::sim::Sim;

    fn player() -> Player<LogScene> {
        let sim = Sim::new(LogScene::new(LogSceneConfig::default()), 42);
        Player::new(Timeline::new(sim, SimTime(u64::MAX), 16))
    }

    #[test]
    fn each_speed_step_is_ten_to_the_step_over_ten() {
        for step in SPEED_STEPS {
            let want = 10f64.powf(f64::from(step) / 10.0);
            assert!((speed_factor(step) - want).abs() <= want * 1e-15, "{step}");
        }
    }

    #[test]
    fn speed_is_log_scale_from_a_tenth_to_ten() {
        assert!((speed_factor(-10) - 0.1).abs() < 1e-12);
        assert!((speed_factor(0) - 1.0).abs() < 1e-12);
        assert!((speed_factor(10) - 10.0).abs() < 1e-9);
        assert!((speed_factor(99) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn frames_advance_only_while_playing_and_are_clamped() {
        let mut p = player();
        assert!(!p.apply(PlayerAction::Frame { wall_ms: 16.0 }));
        assert_eq!(p.timeline.now(), SimTime(0));
        p.apply(PlayerAction::TogglePlay);
        p.apply(PlayerAction::Frame { wall_ms: 16.0 });
        assert_eq!(p.timeline.now(), SimTime(16));
        // A hidden tab returns after a minute: only 100 ms count.
        p.apply(PlayerAction::Frame { wall_ms: 60_000.0 });
        assert_eq!(p.timeline.now(), SimTime(116));
        p.apply(PlayerAction::Frame { wall_ms: f64::NAN });
        assert_eq!(p.timeline.now(), SimTime(116));
    }

    #[test]
    fn fractional_frames_add_up_exactly() {
        let mut p = player();
        p.apply(PlayerAction::SetSpeed(-10));
        p.apply(PlayerAction::TogglePlay);
        for _ in 0..100 {
            p.apply(PlayerAction::Frame { wall_ms: 10.0 });
        }
        // 1000 ms of wall time at 0.1× is 100 simulated ms (give or take
        // the float rounding of 10^-1 in the carried remainder).
        assert!((99..=100).contains(&p.timeline.now().as_millis()));
    }

    #[test]
    fn playing_stops_at_the_end_and_play_again_restarts() {
        let mut p = player();
        p.apply(PlayerAction::SetSpeed(10));
        p.apply(PlayerAction::TogglePlay);
        while p.playing {
            p.apply(PlayerAction::Frame { wall_ms: 100.0 });
        }
        assert!(p.timeline.at_end());
        p.apply(PlayerAction::TogglePlay);
        assert!(p.playing);
        assert_eq!(p.timeline.now(), SimTime(0));
    }

    #[test]
    fn reduced_motion_plays_event_by_event() {
        let mut p = player();
        p.apply(PlayerAction::SetDiscrete(true));
        p.apply(PlayerAction::TogglePlay);
        let mut seen = Vec::new();
        for _ in 0..60 {
            p.apply(PlayerAction::Frame { wall_ms: 50.0 });
            let t = p.timeline.now();
            if seen.last() != Some(&t) {
                seen.push(t);
            }
        }
        // 3 s of wall time at one event per 600 ms: five events, each shown
        // at its own time, never in between.
        assert_eq!(p.timeline.current().events_done(), 5);
        let mut straight = Sim::new(LogScene::new(LogSceneConfig::default()), 42);
        let event_times: Vec<SimTime> = (0..5)
            .map(|_| {
                straight.step();
                straight.now()
            })
            .collect();
        assert_eq!(seen[1..], event_times[..]);
    }

    #[test]
    fn playing_frame_by_frame_shows_what_a_seek_shows() {
        let mut p = player();
        let mut sought = player();
        p.apply(PlayerAction::SetSpeed(10));
        p.apply(PlayerAction::TogglePlay);
        while p.playing {
            p.apply(PlayerAction::Frame {
                wall_ms: 1000.0 / 60.0,
            });
            sought.apply(PlayerAction::Seek(p.timeline.now()));
            assert_eq!(
                p.timeline.current().digest(),
                sought.timeline.current().digest()
            );
            assert_eq!(
                p.timeline.current().events_done(),
                sought.timeline.current().events_done()
            );
        }
        assert!(p.timeline.at_end());
    }

    #[test]
    fn stepping_pauses_and_is_exact() {
        let mut p = player();
        p.apply(PlayerAction::TogglePlay);
        p.apply(PlayerAction::StepForward);
        assert!(!p.playing);
        let after_one = p.timeline.current().digest();
        p.apply(PlayerAction::StepForward);
        p.apply(PlayerAction::StepBack);
        assert_eq!(p.timeline.current().digest(), after_one);
        assert_eq!(p.timeline.current().events_done(), 1);
    }

    #[test]
    fn a_scene_pace_maps_wall_time_without_changing_the_run() {
        let mut paced = player().with_pace(25, Vec::new());
        paced.apply(PlayerAction::TogglePlay);
        for _ in 0..40 {
            paced.apply(PlayerAction::Frame { wall_ms: 25.0 });
        }
        // One wall second at 25 simulated ms a second.
        assert_eq!(paced.timeline.now(), SimTime(25));
        let mut plain = player();
        plain.apply(PlayerAction::Seek(SimTime(25)));
        assert_eq!(
            paced.timeline.current().digest(),
            plain.timeline.current().digest()
        );
    }

    #[test]
    fn playing_holds_at_each_moment_then_goes_on() {
        let first = {
            let mut sim = Sim::new(LogScene::new(LogSceneConfig::default()), 42);
            sim.step();
            sim.step();
            sim.now()
        };
        // A tenth of real time: the moment comes after ten times its
        // simulated milliseconds of wall time.
        let mut p = player().with_pace(100, vec![first]);
        p.apply(PlayerAction::TogglePlay);
        let mut reached = 0.0;
        while p.timeline.now() < first {
            p.apply(PlayerAction::Frame { wall_ms: 50.0 });
            reached += 50.0;
        }
        // It stops exactly at the moment, not past it.
        assert_eq!(p.timeline.now(), first);
        assert!(p.holding());
        let mut held = 0.0;
        while p.holding() {
            assert!(!p.apply(PlayerAction::Frame { wall_ms: 50.0 }) || !p.holding());
            held += 50.0;
            if p.holding() {
                assert_eq!(p.timeline.now(), first);
            }
        }
        assert!(
            (MOMENT_HOLD_MS..MOMENT_HOLD_MS + 50.0).contains(&held),
            "{held}"
        );
        p.apply(PlayerAction::Frame { wall_ms: 50.0 });
        assert!(p.timeline.now() > first);
        assert!(
            reached >= 10.0 * first.as_millis() as f64 - 50.0,
            "{reached}"
        );
        // Seeking or stepping drops the hold.
        let mut q = player().with_pace(1000, vec![first]);
        q.apply(PlayerAction::TogglePlay);
        while !q.holding() {
            q.apply(PlayerAction::Frame { wall_ms: 50.0 });
        }
        q.apply(PlayerAction::Seek(SimTime(0)));
        assert!(!q.holding());
    }

    #[test]
    fn play_plays_whatever_the_state() {
        let mut p = player();
        p.apply(PlayerAction::Play);
        assert!(p.playing);
        p.apply(PlayerAction::Play);
        assert!(p.playing);
        p.apply(PlayerAction::Seek(SimTime(u64::MAX)));
        p.apply(PlayerAction::Pause);
        p.apply(PlayerAction::Play);
        assert_eq!(p.timeline.now(), SimTime(0), "at the end it starts over");
    }

    #[test]
    fn a_reveal_plays_at_the_pace_or_with_reduced_motion_shows_the_moment() {
        let moment = SimTime(1000);
        let mut p = player().with_pace(250, vec![moment]);
        p.apply(PlayerAction::Reveal);
        assert!(p.playing);
        p.apply(PlayerAction::Frame { wall_ms: 100.0 });
        // A tenth of a second at 250 ms a second.
        assert_eq!(p.timeline.now(), SimTime(25));
        let mut reduced = player().with_pace(250, vec![moment]);
        reduced.apply(PlayerAction::SetDiscrete(true));
        reduced.apply(PlayerAction::Reveal);
        assert!(!reduced.playing);
        assert_eq!(reduced.timeline.now(), moment);
        reduced.apply(PlayerAction::Reveal);
        assert!(reduced.timeline.at_end(), "past the last moment: the end");
    }

    #[test]
    fn moments_are_kept_in_order_once_each() {
        let p = player().with_pace(
            100,
            vec![SimTime(30), SimTime(10), SimTime(30), SimTime(20)],
        );
        assert_eq!(p.moments, vec![SimTime(10), SimTime(20), SimTime(30)]);
    }
}
