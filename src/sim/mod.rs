//! The simulation core: a pure, deterministic model of Kafka's ordering
//! machinery. Nothing here touches the browser, so all of it runs and is
//! tested on the host.

pub mod assignor;
pub mod checker;
pub mod clients;
pub mod consumer;
pub mod engine;
pub mod history;
pub mod keyless;
pub mod log;
pub mod params;
pub mod partitioner;
pub mod producer;
pub mod queue;
pub mod record;
pub mod rng;
pub mod sort;
pub mod time;

pub use engine::{Ctx, Model, Sim};
pub use history::Timeline;
pub use params::ModelParams;
pub use time::SimTime;
