//! The thin Yew view. It renders from the simulation's state and the
//! player's position; Kafka's rules live in `sim`, not here.
//!
//! The view is behind the `ui` feature. The five modules built without it
//! are plain Rust that the models' host tests use or check (the player, the
//! log figure's geometry, where a broken pair's mark goes, the density
//! strip's sums, the keyboard's shortcuts), so those tests build without
//! Yew or the browser crates.

pub(crate) mod density;
mod keys;
pub mod layout;
pub(crate) mod marks;
pub mod player;

#[cfg(feature = "ui")]
mod app;
#[cfg(feature = "ui")]
mod clock;
#[cfg(feature = "ui")]
mod controls;
#[cfg(feature = "ui")]
mod embed;
#[cfg(feature = "ui")]
pub(crate) mod export;
#[cfg(feature = "ui")]
pub(crate) mod fold;
#[cfg(feature = "ui")]
pub(crate) mod form;
#[cfg(feature = "ui")]
pub(crate) mod golens;
#[cfg(feature = "ui")]
mod help;
#[cfg(feature = "ui")]
mod highlight;
#[cfg(feature = "ui")]
mod lesson_view;
#[cfg(feature = "ui")]
mod level_view;
#[cfg(feature = "ui")]
pub(crate) mod memo;
#[cfg(feature = "ui")]
mod panic;
#[cfg(feature = "ui")]
mod scene_host;
#[cfg(feature = "ui")]
mod scene_player;
#[cfg(feature = "ui")]
mod share;
#[cfg(feature = "ui")]
pub(crate) mod stats;
#[cfg(feature = "ui")]
pub(crate) mod tip;
#[cfg(feature = "ui")]
pub(crate) mod violations;

#[cfg(feature = "ui")]
pub use app::{base_path, App, AppProps};
#[cfg(feature = "ui")]
pub use panic::show_panic_overlay;
