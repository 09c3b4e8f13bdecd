//! Mounts the app on the page, reading its state from the URL.

use kafka_ordering_lab::params::page_query;
use kafka_ordering_lab::ui::{show_panic_overlay, App, AppProps};

/// The page's path below the app's base (`<base href>`, trunk's public
/// URL): `en/log/` on `/kafka-lab/en/log/`.
fn page_path(window: &web_sys::Window) -> String {
    let path = window.location().pathname().unwrap_or_default();
    let base = window
        .document()
        .and_then(|d| d.base_uri().ok().flatten())
        .and_then(|b| web_sys::Url::new(&b).ok())
        .map(|u| u.pathname())
        .unwrap_or_else(|| "/".to_owned());
    path.strip_prefix(&base).unwrap_or_default().to_owned()
}

fn main() {
    // Through Yew, not `std::panic::set_hook`: the renderer replaces any
    // hook not set this way with its own, which only logs to the console
    // and would leave the learner a frozen page.
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_panic_overlay(&info.to_string());
    }));
    let query = web_sys::window()
        .map(|w| page_query(&page_path(&w), &w.location().search().unwrap_or_default()))
        .unwrap_or_default();
    yew::Renderer::<App>::with_props(AppProps {
        query: query.into(),
    })
    .render();
}
