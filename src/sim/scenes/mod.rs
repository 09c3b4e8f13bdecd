//! The scenes' models, one module each.

pub mod disk;
pub mod group;
pub mod log;
pub mod pipeline;
pub mod producer;
pub mod rabbitmq;
pub mod repartition;
pub mod replication;
pub mod routing;
pub mod workers;
