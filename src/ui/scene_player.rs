//! One player for whichever scene is open, built from the URL parameters.
//! The enum and its dispatch come from the scene registry
//! (`crate::scenes`), so a new scene needs no line here.

use super::controls::{view_controls, Transport};
use crate::i18n::Lang;
use crate::params::{AppParams, Moment, ParamIssue, SceneId};
use crate::scenes::{Scene, ViewArgs};
use crate::sim::producer::ConfigError;
use crate::widgets::player::{Player, PlayerAction};
// The snapshot policy and the horizon live with the timeline, so the native
// benchmark measures seeking with exactly the app's settings.
use crate::sim::history::{HORIZON, SNAPSHOT_EVERY};
use crate::sim::{Sim, SimTime, Timeline};
use std::mem::ManuallyDrop;
use yew::{Callback, Html};

/// What the shell asks of a scene's player, whichever the scene.
trait AnyPlayer {
    fn apply(&mut self, action: PlayerAction) -> bool;
    fn playing(&self) -> bool;
    fn timeline_now(&self) -> SimTime;
    fn moment(&self) -> Moment;
    fn holding(&self) -> bool;
    fn cut_short(&self) -> Option<(SimTime, u64)>;
    fn digest(&self) -> u64;
    fn summary(&self, params: &AppParams) -> String;
    fn transport(&self) -> Transport;
    fn mermaid(&self, lang: Lang) -> Option<String>;
}

impl<S: Scene> AnyPlayer for Player<S> {
    fn apply(&mut self, action: PlayerAction) -> bool {
        Player::apply(self, action)
    }

    fn playing(&self) -> bool {
        self.playing
    }

    fn timeline_now(&self) -> SimTime {
        self.timeline.now()
    }

    fn moment(&self) -> Moment {
        Moment {
            t: self.timeline.now().as_millis(),
            events: self.timeline.current().partial_instant(),
        }
    }

    fn holding(&self) -> bool {
        Player::holding(self)
    }

    fn cut_short(&self) -> Option<(SimTime, u64)> {
        self.timeline
            .cut_short()
            .then(|| (self.timeline.end(), self.timeline.total_events()))
    }

    fn digest(&self) -> u64 {
        self.timeline.current().digest()
    }

    fn summary(&self, params: &AppParams) -> String {
        self.timeline.current().model().summary(params)
    }

    fn mermaid(&self, lang: Lang) -> Option<String> {
        self.timeline.current().model().mermaid(lang)
    }

    fn transport(&self) -> Transport {
        Transport {
            now: self.timeline.now(),
            end: self.timeline.end(),
            playing: self.playing,
            speed_step: self.speed_step,
            sim_ms_per_second: self.sim_ms_per_second,
            locked: false,
        }
    }
}

macro_rules! define_scene_player {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        // One player exists at a time, so a small variant beside a scene's
        // costs nothing worth a box (a scene's own bundle has one large
        // variant, which is what clippy's lint flags). Each scene's player
        // is dropped by the enum's own `Drop`, where the compiler's would
        // drop every scene's model in a scene's release bundle (`carried`).
        #[allow(clippy::large_enum_variant)]
        pub enum ScenePlayer {
            $(#[cfg(feature = $feature)] $variant(ManuallyDrop<Player<$model>>),)*
            /// The scene's client was not created: Kafka would throw this
            /// `ConfigException` (only the producer's settings are refused).
            Refused(SceneId, ConfigError),
            /// A scene this bundle does not carry: the page's loader picks
            /// the bundle of the link's scene (build/pages.mjs), so
            /// only an address the loader and the app read apart lands here,
            /// and the view links to the scene's own page.
            Missing(SceneId),
        }

        impl ScenePlayer {
            pub fn build(params: &AppParams, issues: &mut Vec<ParamIssue>) -> Self {
                match params.scene {
                    $(#[cfg(feature = $feature)]
                    SceneId::$variant if SceneId::$variant.built_in() => match <$model as Scene>::build(params) {
                        Ok(model) => ScenePlayer::$variant(ManuallyDrop::new(open(model, params, issues))),
                        Err(e) => ScenePlayer::Refused(SceneId::$variant, e),
                    },)*
                    #[allow(unreachable_patterns)]
                    other => ScenePlayer::Missing(other),
                }
            }

            /// The open scene's figure and controls; a scene this bundle
            /// does not carry links to its own page.
            pub fn view(&self, args: ViewArgs<'_>) -> Html {
                match self {
                    $(#[cfg(feature = $feature)]
                    ScenePlayer::$variant(p) if SceneId::$variant.built_in() => <$model as Scene>::view(p, args),)*
                    ScenePlayer::Refused(scene, e) => match scene {
                        $(SceneId::$variant => if SceneId::$variant.built_in() {
                            <$model as Scene>::view_refused(*e, args)
                        } else {
                            Html::default()
                        },)*
                    },
                    ScenePlayer::Missing(scene) => super::scene_host::view_elsewhere(*scene, args.params),
                    // A scene's player that `build` only makes where the
                    // bundle has it: the guards let a release bundle's link
                    // leave out every other scene's view (`built_in`).
                    #[allow(unreachable_patterns)]
                    _ => Html::default(),
                }
            }

            fn player(&self) -> Option<&dyn AnyPlayer> {
                match self {
                    $(#[cfg(feature = $feature)]
                    ScenePlayer::$variant(p) => {
                        let p: &Player<$model> = carried(SceneId::$variant, p);
                        Some(p)
                    },)*
                    ScenePlayer::Refused(..) | ScenePlayer::Missing(_) => None,
                }
            }

            fn player_mut(&mut self) -> Option<&mut dyn AnyPlayer> {
                match self {
                    $(#[cfg(feature = $feature)]
                    ScenePlayer::$variant(p) => {
                        let p: &mut Player<$model> = carried(SceneId::$variant, p);
                        Some(p)
                    },)*
                    ScenePlayer::Refused(..) | ScenePlayer::Missing(_) => None,
                }
            }
        }

        impl Drop for ScenePlayer {
            fn drop(&mut self) {
                match self {
                    $(#[cfg(feature = $feature)]
                    ScenePlayer::$variant(p) => {
                        let p = carried(SceneId::$variant, p);
                        // SAFETY: the player is dropped once, here, as the
                        // enum that holds it is, and nothing reads it after.
                        unsafe { ManuallyDrop::drop(p) }
                    },)*
                    ScenePlayer::Refused(..) | ScenePlayer::Missing(_) => {}
                }
            }
        }
    };
}

crate::for_each_scene!(define_scene_player);

/// A scene's player, which `ScenePlayer::build` makes only where the bundle
/// has the scene. Said as a panic, not as `None`: the player is read as a
/// `dyn AnyPlayer`, whose vtable the compiler chooses by the variant alone
/// (`None` leaves it unused), so a scene's release bundle would keep every
/// scene's player through its vtable, and the drop of every scene's model;
/// a branch that cannot return leaves the link nothing of a scene the
/// bundle does not play (`built_in`). Inlined, and given the scene's own
/// player, so that the `dyn` comes after the branch.
#[inline(always)]
fn carried<P>(scene: SceneId, player: P) -> P {
    if !scene.built_in() {
        unreachable!("a player of a scene this bundle does not carry");
    }
    player
}

/// Runs `model` and opens it at `t`, or at the scene's opening time when
/// the link has none. A `t` past the end of the run is clamped, with a
/// message.
fn open<S: Scene>(model: S, params: &AppParams, issues: &mut Vec<ParamIssue>) -> Player<S> {
    let mut timeline = Timeline::new(Sim::new(model, params.seed), HORIZON, SNAPSHOT_EVERY);
    let end = timeline.end();
    let t = match params.t {
        Some(t) => {
            if t > end.as_millis() {
                issues.push(ParamIssue::OutOfRange {
                    name: "t",
                    value: t.to_string(),
                    used: end.as_millis(),
                });
            }
            SimTime(t)
        }
        None => S::opening_time(end),
    };
    match params.t_events.filter(|_| params.t.is_some()) {
        Some(events) => timeline.seek_into(t, events),
        None => timeline.seek(t),
    }
    let moments = timeline.outcome().model().moments();
    Player::new(timeline).with_pace(S::SIM_MS_PER_SECOND, moments)
}

impl ScenePlayer {
    pub fn apply(&mut self, action: PlayerAction) -> bool {
        self.player_mut().is_some_and(|p| p.apply(action))
    }

    pub fn playing(&self) -> bool {
        self.player().is_some_and(|p| p.playing())
    }

    pub fn now(&self) -> SimTime {
        self.player().map_or(SimTime::ZERO, |p| p.timeline_now())
    }

    /// The moment on screen, as its link names it.
    pub fn moment(&self) -> Moment {
        self.player().map_or(Moment::default(), |p| p.moment())
    }

    /// Whether playback holds at one of the scene's moments.
    pub fn holding(&self) -> bool {
        self.player().is_some_and(|p| p.holding())
    }

    /// Where the run stopped, and after how many events, if it outgrew the
    /// timeline's budget before its natural end.
    pub fn cut_short(&self) -> Option<(SimTime, u64)> {
        self.player().and_then(|p| p.cut_short())
    }

    pub fn digest(&self) -> u64 {
        self.player().map_or(0, |p| p.digest())
    }

    /// The figure as mermaid text, where the scene has it.
    pub fn mermaid(&self, lang: Lang) -> Option<String> {
        self.player().and_then(|p| p.mermaid(lang))
    }

    /// The state in words, for screen readers.
    pub fn summary(&self, params: &AppParams) -> String {
        if let ScenePlayer::Missing(scene) = self {
            return crate::i18n::summary_elsewhere(params.lang, scene.title(params.lang));
        }
        self.player().map_or_else(
            || crate::i18n::summary_refused(params.lang).to_owned(),
            |p| p.summary(params),
        )
    }

    /// The control bar; a refused producer has nothing to play, so only
    /// `extra` is shown.
    pub fn controls(
        &self,
        lang: Lang,
        dispatch: &Callback<PlayerAction>,
        extra: Html,
        locked: bool,
    ) -> Html {
        match self.player() {
            Some(p) => view_controls(
                &Transport {
                    locked,
                    ..p.transport()
                },
                lang,
                dispatch,
                extra,
            ),
            None => extra,
        }
    }
}
