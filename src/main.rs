//! Mounts the app on the page, reading its state from the URL.

use kafka_ordering_lab::ui::{show_panic_overlay, App, AppProps};

fn main() {
    // Through Yew, not `std::panic::set_hook`: the renderer replaces any
    // hook not set this way with its own, which only logs to the console
    // and would leave the learner a frozen page.
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic_overlay(&info.to_string());
    }));
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    yew::Renderer::<App>::with_props(AppProps {
        query: query.into(),
    })
    .render();
}
