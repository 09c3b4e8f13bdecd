//! The scenes, registered once: the list below is the only place a scene
//! is named. It generates the scene ids and the menu's order here, and the
//! player dispatch in the view; each scene's model implements [`Scene`],
//! so a scene missing an implementation is a compile error, not a gap.

pub(crate) mod disk;
pub(crate) mod group;
pub(crate) mod log;
pub(crate) mod pipeline;
pub(crate) mod producer;
pub(crate) mod rabbitmq;
pub(crate) mod repartition;
pub(crate) mod replication;
pub(crate) mod routing;
pub(crate) mod workers;

use crate::i18n::Summary;
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::sim::producer::ConfigError;
use crate::sim::{Model, SimTime};

/// What the app needs of a scene's model, beyond playing it.
pub trait Scene: Model + Sized {
    /// The model for this link, or the `ConfigException` the Java client
    /// would throw for its settings.
    fn build(params: &AppParams) -> Result<Self, ConfigError>;

    /// The moment the scene opens on when the link gives no `t`: one that
    /// makes the scene's point before anyone clicks. `end` is where the run
    /// ends.
    fn opening_time(end: SimTime) -> SimTime;

    /// The state in words, for screen readers.
    fn summary(&self, params: &AppParams) -> Summary;

    /// The link parameters this scene declares, besides the shared ones,
    /// in the order a link writes them.
    fn params() -> &'static [&'static Param];
}

/// Calls `$then!` with every scene, in the chapter's order: its id variant,
/// its `?scene=` value, the Cargo feature that builds it in, and its model.
/// Adding a scene is one line here (and its feature in Cargo.toml).
///
/// Every scene has an id, a page and a menu entry in every bundle; only
/// the code that plays and draws a scene is behind its feature, so a
/// scene's own bundle leaves the other scenes' code out.
#[macro_export]
macro_rules! for_each_scene {
    ($then:ident) => {
        $then! {
            Log, "log", "scene-log", $crate::sim::scenes::log::LogScene;
            Replication, "replication", "scene-replication", $crate::sim::scenes::replication::Replication;
            Routing, "routing", "scene-routing", $crate::sim::scenes::routing::RoutingStream;
            Producer, "producer", "scene-producer", $crate::sim::scenes::producer::ProducerScene;
            Repartition, "repartition", "scene-repartition", $crate::sim::scenes::repartition::Repartition;
            Group, "group", "scene-group", $crate::sim::scenes::group::Group;
            Workers, "workers", "scene-workers", $crate::sim::scenes::workers::Workers;
            Disk, "disk", "scene-disk", $crate::sim::scenes::disk::Disk;
            RabbitMq, "rabbitmq", "scene-rabbitmq", $crate::sim::scenes::rabbitmq::RabbitScene;
            Pipeline, "pipeline", "scene-pipeline", $crate::sim::scenes::pipeline::Pipeline;
        }
    };
}

macro_rules! define_scene_ids {
    ($($variant:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// Scene ids as they appear in `?scene=`: stable, lowercase, hyphenated.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SceneId {
            $($variant,)*
        }

        impl SceneId {
            /// In the order of the course chapter.
            pub const ALL: [SceneId; [$($id),*].len()] = [$(SceneId::$variant),*];

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
            /// that does not implement [`Scene`] fails to compile.
            pub fn params(self) -> &'static [&'static Param] {
                match self {
                    $(SceneId::$variant => <$model as Scene>::params(),)*
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

for_each_scene!(define_scene_ids);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        for s in SceneId::ALL {
            assert_eq!(SceneId::from_id(s.id()), Some(s));
        }
        let mut ids: Vec<&str> = SceneId::ALL.iter().map(|s| s.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), SceneId::ALL.len());
        assert_eq!(SceneId::from_id("Log"), None);
    }
}
