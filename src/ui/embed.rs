//! What an embedded scene does for its host page: stop when scrolled out of
//! view. Its height is reported by the page itself (`static/frame.js`), in
//! the host's own protocol, for the pre-rendered figure and the live app
//! alike.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{IntersectionObserver, IntersectionObserverEntry};
use yew::prelude::*;

/// Calls `on_hidden` whenever `target` leaves the viewport: an embed
/// scrolled away should not keep animating.
#[hook]
pub fn use_pause_when_hidden(target: NodeRef, on_hidden: Callback<()>) {
    use_effect_with(target, move |target| {
        let element = target.cast::<web_sys::Element>();
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let hidden = entries
                .iter()
                .filter_map(|e| e.dyn_into::<IntersectionObserverEntry>().ok())
                .any(|e| !e.is_intersecting());
            if hidden {
                on_hidden.emit(());
            }
        });
        let observer = IntersectionObserver::new(callback.as_ref().unchecked_ref()).ok();
        if let (Some(observer), Some(element)) = (&observer, &element) {
            observer.observe(element);
        }
        move || {
            if let Some(observer) = observer {
                observer.disconnect();
            }
            drop(callback);
        }
    });
}
