//! The scene ids, and what each scene's link declares: the registry line
//! (`for_each_scene!` in src/scenes/mod.rs) generates the ids here, below
//! the scenes, so that the link's parameters can name a scene and ask it
//! for its parameters without importing the scenes, and builds the guided
//! lesson from every scene's steps. Each scene's folder implements
//! [`SceneLink`] for its model.

use super::declare::Param;
use super::AppParams;

/// A step of the guided lesson: the link that opens it, and its question's
/// answer, if it asks one. Its words are the scene's (`Scene::lesson`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// `S.P`: part P of the chapter's section S, which is scene S. Links
    /// name the step by it (`?lesson=4.2`), so it never changes.
    pub id: &'static str,
    /// Link parameters of the scene at the moment the step starts: before
    /// anything that would give its question's answer away.
    pub query: &'static str,
    /// Index of the right answer among the question's choices.
    pub answer: Option<usize>,
}

impl LessonStep {
    const NONE: LessonStep = LessonStep {
        id: "",
        query: "",
        answer: None,
    };
}

/// What a scene's link declares, implemented in the scene's folder.
pub trait SceneLink {
    /// The link parameters this scene declares, besides the shared ones,
    /// in the order a link writes them.
    fn params() -> &'static [&'static Param];

    /// Where a link that names this scene starts, before the link's own
    /// parameters adjust it: the scene's stage when it differs from the
    /// shared defaults. `preset` is the link's `preset=`, if it has one.
    fn link_start(_params: &mut AppParams, _preset: Option<&str>) {}

    /// The scene's heaviest links, by name: the settings, within the ranges
    /// a link may ask for, that give the longest run and the largest world
    /// (the most records, partitions, members, workers). The benchmarks
    /// play and seek each (tests/bench/core.rs, tests/e2e/perf.mjs), and the
    /// browser tests bound the page they draw.
    const HEAVIEST: &'static [(&'static str, &'static str)];

    /// The scene's steps in the guided lesson, its section of the chapter
    /// (`S.1`, `S.2` …, S being the scene's place in the registry). The
    /// lesson is every scene's steps in the chapter's order.
    const LESSON: &'static [LessonStep];
}

macro_rules! define_scene_ids {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// Scene ids as they appear in `?scene=`: stable, lowercase, hyphenated.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SceneId {
            $($variant,)*
        }

        impl SceneId {
            /// In the order of the course chapter.
            pub const ALL: [SceneId; [$($id),*].len()] = [$(SceneId::$variant),*];

            /// Their `?scene=` values, in the same order: the `scene`
            /// parameter's choices.
            pub const IDS: [&'static str; [$($id),*].len()] = [$($id),*];

            pub fn id(self) -> &'static str {
                match self {
                    $(SceneId::$variant => $id,)*
                }
            }

            pub fn from_id(id: &str) -> Option<SceneId> {
                SceneId::ALL.into_iter().find(|s| s.id() == id)
            }

            /// The link parameters the scene declares, besides the shared
            /// ones. It asks every registered model for them, so a model
            /// that does not implement [`SceneLink`] fails to compile.
            pub fn params(self) -> &'static [&'static Param] {
                match self {
                    $(SceneId::$variant => <$model as SceneLink>::params(),)*
                }
            }

            /// The scene's heaviest links, by name ([`SceneLink::HEAVIEST`]).
            pub fn heaviest(self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(SceneId::$variant => <$model as SceneLink>::HEAVIEST,)*
                }
            }

            /// Sets up where a link that names the scene starts, before the
            /// link's own parameters ([`SceneLink::link_start`]).
            pub fn link_start(self, params: &mut AppParams, preset: Option<&str>) {
                match self {
                    $(SceneId::$variant => <$model as SceneLink>::link_start(params, preset),)*
                }
            }

            /// Whether this bundle plays and draws the scene: every scene in
            /// the default build, one in a scene's own bundle: the scene's
            /// Cargo feature, or in a scene's release bundle the flag that
            /// the bundle's crate defines for it (build/bundle).
            #[inline]
            pub fn built_in(self) -> bool {
                match self {
                    $(SceneId::$variant => {
                        #[cfg(feature = "bundle-flags")]
                        // SAFETY: an immutable `bool` that the bundle's
                        // crate defines.
                        let built = unsafe { bundle_scenes::$field };
                        #[cfg(not(feature = "bundle-flags"))]
                        let built = cfg!(feature = $feature);
                        built
                    })*
                }
            }

            /// `value()` where this bundle has the scene, else the type's
            /// default. Out of line, and one copy per call site (each
            /// `value` is a closure of its own): where a `match` over the
            /// scenes guards constant arms with `built_in`, the compiler
            /// makes one table of every scene's values before the link,
            /// indexed by the scene, and a scene's release bundle then keeps
            /// them all (every lede, 2026-12-07); a call per scene it does
            /// not merge, and the link folds each to the value or the
            /// default.
            #[inline(never)]
            pub fn if_built<T: Default>(self, value: impl FnOnce() -> T) -> T {
                if self.built_in() {
                    value()
                } else {
                    T::default()
                }
            }

            /// Whether this bundle has every scene: the one the page's
            /// loader starts for the level author kit and the embed
            /// builder, which only it carries.
            pub fn all_built_in() -> bool {
                true $(&& SceneId::$variant.built_in())*
            }
        }

        /// A scene's release bundle says which scene it plays by one flag
        /// per scene (build/bundle/lib.rs). Statics, not functions: fat LTO
        /// reads their constant values at the link and leaves out every
        /// scene whose flag is off (a function's result it did not,
        /// 2026-12-06).
        #[cfg(feature = "bundle-flags")]
        mod bundle_scenes {
            extern "Rust" {
                $(#[link_name = concat!("kafka_lab_bundle_scene_", $id)]
                pub static $field: bool;)*
            }
        }
    };
}

crate::for_each_scene!(define_scene_ids);

macro_rules! define_lesson {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// How many steps the lesson has.
        const LESSON_LEN: usize = 0 $(+ <$model as SceneLink>::LESSON.len())*;

        /// The guided lesson: every registered scene's steps ([`SceneLink::LESSON`]),
        /// in the chapter's order.
        pub const LESSON: [LessonStep; LESSON_LEN] = {
            let mut out = [LessonStep::NONE; LESSON_LEN];
            let mut i = 0;
            $({
                let steps = <$model as SceneLink>::LESSON;
                let mut j = 0;
                while j < steps.len() {
                    out[i] = steps[j];
                    i += 1;
                    j += 1;
                }
            })*
            out
        };

        /// Whether a lesson step of a scene this bundle has asks a
        /// question. The lesson's bar draws its question only then, so a
        /// scene's release bundle whose steps ask none leaves that code
        /// out at the link (src/ui/lesson_view.rs), as a bundle built for
        /// the scene alone did before.
        pub fn questions_built_in() -> bool {
            false $(|| (const { asks(<$model as SceneLink>::LESSON) } && SceneId::$variant.built_in()))*
        }
    };
}

crate::for_each_scene!(define_lesson);

/// Whether one of `steps` asks a question.
const fn asks(steps: &[LessonStep]) -> bool {
    let mut i = 0;
    while i < steps.len() {
        if steps[i].answer.is_some() {
            return true;
        }
        i += 1;
    }
    false
}

/// The lesson steps' ids, in lesson order: the link's vocabulary.
pub const LESSON_STEP_IDS: [&str; LESSON_LEN] = {
    let mut out = [""; LESSON_LEN];
    let mut i = 0;
    while i < LESSON_LEN {
        out[i] = LESSON[i].id;
        i += 1;
    }
    out
};

/// What `lesson=1` … `lesson=8` opened before the lesson followed every
/// section: links course pages already embed keep opening the same step.
pub const LESSON_LEGACY: [&str; 8] = ["1.1", "2.1", "4.1", "4.2", "5.1", "6.1", "7.1", "9.1"];

/// The lesson steps' ids, then the numbers links used before the lesson
/// followed every section ([`LESSON_LEGACY`]): a step that does not exist
/// is not the nearest one, so it is refused rather than clamped.
pub const LESSON_STEPS: [&str; LESSON_LEN + LESSON_LEGACY.len()] = {
    const NUMBERS: [&str; 8] = ["1", "2", "3", "4", "5", "6", "7", "8"];
    let mut out = [""; LESSON_LEN + LESSON_LEGACY.len()];
    let mut i = 0;
    while i < LESSON_LEN {
        out[i] = LESSON_STEP_IDS[i];
        i += 1;
    }
    let mut j = 0;
    while j < NUMBERS.len() {
        out[i + j] = NUMBERS[j];
        j += 1;
    }
    out
};
