//! The pieces every scene's view is built from: the settings' form and
//! fold, the counters, the tooltips, the broken pairs' marks and list, the
//! memoised parts, the log figure's geometry, the density strip, and the
//! player that steps a scene's timeline. They know no scene: the scenes
//! use them, and the app shell (`ui`) places the scenes.
//!
//! The view is behind the `ui` feature. The four modules built without it
//! are plain Rust that the models' host tests use or check (the player, the
//! log figure's geometry, where a broken pair's mark goes, the density
//! strip's sums), so those tests build without Yew or the browser crates.

pub(crate) mod density;
pub mod layout;
pub(crate) mod marks;
pub mod player;

#[cfg(feature = "ui")]
pub(crate) mod after_ready;
#[cfg(feature = "ui")]
pub(crate) mod export;
#[cfg(feature = "ui")]
pub(crate) mod fold;
#[cfg(feature = "ui")]
pub(crate) mod form;
#[cfg(feature = "ui")]
pub(crate) mod memo;
#[cfg(feature = "ui")]
pub(crate) mod stats;
#[cfg(feature = "ui")]
pub(crate) mod tip;
#[cfg(feature = "ui")]
pub(crate) mod violations;
