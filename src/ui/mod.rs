//! The thin Yew view. It renders from the simulation's state and the
//! player's position; Kafka's rules live in `sim`, not here.
//!
//! This is the app shell: the page, the menu, the controls, the scene host
//! that places the open scene, and the lesson's and the levels' panels.
//! The pieces the scenes' views share are in `widgets`, and the Go lens's
//! panel in `golens::view`.
//!
//! The view is behind the `ui` feature. The keyboard's shortcuts are built
//! without it: plain Rust that the host tests check, without Yew or the
//! browser crates.

mod keys;

#[cfg(feature = "ui")]
mod app;
// The embed builder's page only in the bundle with every scene, which
// the page's loader starts for it (build/pages.mjs): a scene's own
// bundle, on a phone, carries none of it.
#[cfg(all(feature = "ui", feature = "all-scenes"))]
mod builder;
#[cfg(feature = "ui")]
mod clock;
#[cfg(feature = "ui")]
mod controls;
#[cfg(feature = "ui")]
mod embed;
#[cfg(feature = "ui")]
mod help;
#[cfg(feature = "ui")]
mod highlight;
#[cfg(feature = "ui")]
mod lesson_view;
// The level author's kit, like the builder, only in the bundle with every
// scene: a level it checks may be of any scene.
#[cfg(all(feature = "ui", feature = "all-scenes"))]
mod level_kit;
#[cfg(feature = "ui")]
mod level_view;
#[cfg(feature = "ui")]
mod panic;
#[cfg(feature = "ui")]
mod scene_host;
#[cfg(feature = "ui")]
mod scene_player;
#[cfg(feature = "ui")]
mod share;
#[cfg(feature = "ui")]
mod shell;
#[cfg(feature = "ui")]
mod start;

#[cfg(feature = "ui")]
pub use app::{base_path, App, AppProps};
#[cfg(all(feature = "ui", feature = "all-scenes"))]
pub use builder::{BuilderProps, EmbedBuilder};
#[cfg(feature = "ui")]
pub use panic::show_panic_overlay;
#[cfg(feature = "ui")]
pub use start::start;
