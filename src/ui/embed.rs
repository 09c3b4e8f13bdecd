//! What an embedded scene does for its host page: report its height, stop
//! when scrolled out of view, and offer a link to the exact state.

use std::cell::Cell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IntersectionObserver, IntersectionObserverEntry};
use yew::prelude::*;

/// The message the host page listens for: `{type, height}`.
pub const RESIZE_MESSAGE: &str = "kafka-lab:resize";

thread_local! {
    static LAST_HEIGHT: Cell<i32> = const { Cell::new(-1) };
    /// Whether the page is a frame of another page: it cannot change, and
    /// asking the browser on every render (sixty a second while playing)
    /// is wasted work on a page opened on its own.
    static EMBEDDED: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Tells the parent page the document's height, when it changed and when
/// there is a parent at all.
pub fn report_height() {
    if EMBEDDED.with(Cell::get) == Some(false) {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let embedded = parent != window;
    EMBEDDED.with(|e| e.set(Some(embedded)));
    if !embedded {
        return;
    }
    let Some(height) = window
        .document()
        .and_then(|d| d.document_element())
        .map(|e| e.scroll_height())
    else {
        return;
    };
    if LAST_HEIGHT.with(|h| h.replace(height)) == height {
        return;
    }
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &RESIZE_MESSAGE.into());
    let _ = js_sys::Reflect::set(&message, &"height".into(), &JsValue::from(height));
    let _ = parent.post_message(&message, "*");
}

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
