//! Kafka Ordering Lab: interactive, deterministic scenes of how Apache Kafka
//! keeps and loses order.
//!
//! The modules in layers, each using only those below it (tests/layers.rs
//! checks that none imports one that imports it back): `sim`, the pure
//! simulation core, and with it each scene's model, which lives in its
//! scene's folder (`scenes/<scene>/model`); `i18n`, the words' machinery and shared catalogue;
//! `params`, the link's parameters and the scene ids; `widgets`, the pieces
//! the scenes' views share; `scenes`, the registry and one folder per
//! scene; `golens`, the Go client lens, which needs only the link's
//! parameters; `lesson` and `levels` over the scenes; and the app:
//! `route`, which opens a link, and `ui`, the thin Yew shell, built with the
//! `ui` feature (the default).

// A bundle of one language (`i18n::Lang`) leaves the other's words out,
// and with them the helpers and values only those words use; a scene's own
// bundle (`for_each_scene!` in src/scenes/mod.rs) leaves the other scenes'
// code unused in the same way, and the models' build without the view
// (`ui`) the helpers and words only the view uses. The default build, with
// the view, both languages and every scene, which the lints compile, still
// reports what nothing uses.
// A scene's release bundle is built through its own crate (build/bundle,
// with `bundle-flags`), and fails on this library's warnings there, as the
// builds of the library itself fail on them (`-D warnings`,
// build/bundles.mjs).
#![cfg_attr(feature = "bundle-flags", deny(warnings))]
#![cfg_attr(
    not(all(
        feature = "ui",
        feature = "lang-ru",
        feature = "lang-en",
        feature = "all-scenes"
    )),
    allow(unused)
)]

pub mod builder;
#[cfg(test)]
mod catalogues;
pub mod golens;
pub mod i18n;
pub mod lesson;
pub mod levels;
pub mod params;
pub mod route;
pub mod scenes;
pub mod sim;
pub mod ui;
pub mod widgets;

/// The release bundles' start (build/bundles.mjs): each bundle is this
/// library alone, built as a `cdylib`, whose start wasm-bindgen runs as it
/// would run a binary's `main`. A binary crate beside the library cost
/// each of the 21 builds the library's metadata, which only a crate that
/// links it reads.
#[cfg(feature = "release-start")]
#[wasm_bindgen::prelude::wasm_bindgen(start)]
fn release_start() {
    ui::start();
}

/// The lens module's one export (build/bundles.mjs): the lens panel's
/// page for a link's query, as `golens::page::LensPage::encode` writes it.
#[cfg(feature = "lens-module")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn lens(query: &str) -> String {
    golens::page::answer(query)
}

/// Kafka's key routing, for this project's tests and tools.
pub use sim::partitioner::{murmur2, partition_for_key, KeyHasher};
