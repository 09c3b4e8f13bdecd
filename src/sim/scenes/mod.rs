//! The scenes' models, one module each.

pub mod group;
pub mod log;
pub mod producer;
pub mod repartition;
pub mod routing;
pub mod workers;
