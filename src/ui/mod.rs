//! The thin Yew view. It renders from the simulation's state and the
//! player's position; Kafka's rules live in `sim`, not here.

mod app;
mod clock;
mod controls;
pub(crate) mod density;
mod embed;
pub(crate) mod export;
pub(crate) mod fold;
pub(crate) mod form;
pub(crate) mod golens;
mod help;
mod highlight;
mod keys;
pub mod layout;
mod lesson_view;
mod level_view;
pub(crate) mod memo;
mod panic;
pub mod player;
mod scene_host;
mod scene_player;
mod share;
pub(crate) mod stats;
pub(crate) mod tip;
pub(crate) mod violations;

pub use app::{base_path, App, AppProps};
pub use panic::show_panic_overlay;
