//! The scenes' models, one module each.

pub mod log;
pub mod producer;
pub mod repartition;
pub mod routing;
pub mod workers;
