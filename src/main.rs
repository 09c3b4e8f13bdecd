//! Mounts the app on the page, reading its state from the URL.

use kafka_ordering_lab::ui::{show_panic_overlay, App, AppProps};

fn main() {
    std::panic::set_hook(Box::new(|info| show_panic_overlay(&info.to_string())));
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    yew::Renderer::<App>::with_props(AppProps {
        query: query.into(),
    })
    .render();
}
