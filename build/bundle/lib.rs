//! A scene's release bundle: the library, whose start and exports are the
//! bundle's (src/lib.rs `release_start`), and the flag that says whether
//! it opens the levels (src/levels/mod.rs `built_in`), from the build's
//! environment: `KAFKA_LAB_BUNDLE_LEVELS=1` for a scene's levels' bundle,
//! `0` for its page's (build/bundles.mjs). Cargo compiles this crate again
//! when the variable changes, and the library not. Built without it, the
//! bundle opens the levels: the whole app.

pub use kafka_ordering_lab;

#[export_name = "kafka_lab_bundle_levels"]
pub static LEVELS: bool = match option_env!("KAFKA_LAB_BUNDLE_LEVELS") {
    Some(value) => matches!(value.as_bytes(), b"1"),
    None => true,
};
