//! The scenes' models, one module each.

pub mod log;
pub mod routing;
