//! Mounts the app on the page, reading its state from the URL: trunk's
//! development build through its binary (src/main.rs), the release
//! bundles through the library's own start (`release-start`, src/lib.rs).

use super::{base_path, show_panic_overlay, App, AppProps};
use crate::params::page_query;

/// Reads the page's address and mounts the app, or the embed builder on
/// its page, on the body.
pub fn start() {
    // Through Yew, not `std::panic::set_hook`: the renderer replaces any
    // hook not set this way with its own, which only logs to the console
    // and would leave the learner a frozen page.
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        // The release bundles leave out where a panic happened
        // (build/bundles.mjs, -Zlocation-detail=none), and the place then
        // reads `<redacted>:0:0`: the overlay shows the message alone.
        let placed = info.location().is_some_and(|l| l.line() != 0);
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str));
        match message {
            Some(message) if !placed => show_panic_overlay(message),
            _ => show_panic_overlay(&info.to_string()),
        }
    }));
    // The page's path below the app's base says the scene and language of
    // a scene page (`en/log/` on `/kafka-lab/en/log/`); the query says the rest.
    let (page, query) = web_sys::window()
        .map(|w| {
            let location = w.location();
            let path = location.pathname().unwrap_or_default();
            let page = path
                .strip_prefix(&base_path())
                .unwrap_or_default()
                .to_owned();
            let query = page_query(&page, &location.search().unwrap_or_default());
            (page, query)
        })
        .unwrap_or_default();
    // The embed builder's page, in the bundle that has it (the loader
    // starts the one with every scene for it).
    #[cfg(feature = "all-scenes")]
    if crate::params::SceneId::all_built_in() && crate::params::is_builder_page(&page) {
        yew::Renderer::<super::EmbedBuilder>::with_props(super::BuilderProps {
            query: query.into(),
        })
        .render();
        return;
    }
    #[cfg(not(feature = "all-scenes"))]
    let _ = page;
    yew::Renderer::<App>::with_props(AppProps {
        query: query.into(),
    })
    .render();
}
