//! Kafka Ordering Lab: interactive, deterministic scenes of how Apache Kafka
//! keeps and loses order.
//!
//! `sim` is the pure simulation core; `params` and `i18n` are pure too; `ui`
//! is the thin Yew view over them.

pub mod golens;
pub mod i18n;
pub mod lesson;
pub mod levels;
pub mod params;
pub mod presets;
pub mod scenes;
pub mod sim;
pub mod ui;

/// Kafka's key routing, for this project's tests and tools.
pub use sim::partitioner::{murmur2, partition_for_key, KeyHasher};
