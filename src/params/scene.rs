//! The scene ids, and what each scene's link declares: the registry line
//! (`for_each_scene!` in src/scenes/mod.rs) generates the ids here, below
//! the scenes, so that the link's parameters can name a scene and ask it
//! for its parameters without importing the scenes. Each scene's folder
//! implements [`SceneLink`] for its model.

use super::declare::Param;
use super::AppParams;

/// What a scene's link declares, implemented in the scene's folder.
pub trait SceneLink {
    /// The link parameters this scene declares, besides the shared ones,
    /// in the order a link writes them.
    fn params() -> &'static [&'static Param];

    /// Where a link that names this scene starts, before the link's own
    /// parameters adjust it: the scene's stage when it differs from the
    /// shared defaults. `preset` is the link's `preset=`, if it has one.
    fn link_start(_params: &mut AppParams, _preset: Option<&str>) {}
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

            /// Sets up where a link that names the scene starts, before the
            /// link's own parameters ([`SceneLink::link_start`]).
            pub fn link_start(self, params: &mut AppParams, preset: Option<&str>) {
                match self {
                    $(SceneId::$variant => <$model as SceneLink>::link_start(params, preset),)*
                }
            }

            /// Whether this bundle plays and draws the scene: every scene in
            /// the default build, one in a scene's own bundle.
            pub fn built_in(self) -> bool {
                match self {
                    $(SceneId::$variant => cfg!(feature = $feature),)*
                }
            }
        }
    };
}

crate::for_each_scene!(define_scene_ids);
