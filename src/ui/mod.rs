//! The thin Yew view. It renders from the simulation's state and the
//! player's position; Kafka's rules live in `sim`, not here.

mod app;
mod clock;
mod controls;
mod density;
mod embed;
mod export;
mod form;
mod group_view;
pub mod layout;
mod lesson_view;
mod log_view;
mod memo;
mod panic;
pub mod player;
mod producer_view;
mod repartition_view;
mod rest_views;
mod routing_view;
mod scene_host;
mod scene_player;
mod share;
mod stats;
mod tip;
mod violations;
mod workers_view;

pub use app::{App, AppProps};
pub use panic::show_panic_overlay;
