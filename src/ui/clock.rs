//! The one animation clock: requestAnimationFrame, reporting wall-clock
//! milliseconds between frames while `active`. Browsers stop these frames in
//! hidden tabs, so a hidden page animates nothing and burns no CPU.

use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

struct FrameLoop {
    /// Never dropped while it may be running: only on unmount.
    closure: Option<Closure<dyn FnMut(f64)>>,
    pending: Option<i32>,
    last_timestamp: Option<f64>,
    active: bool,
    on_frame: Callback<f64>,
}

fn request(closure: &Closure<dyn FnMut(f64)>) -> Option<i32> {
    web_sys::window()?
        .request_animation_frame(closure.as_ref().unchecked_ref())
        .ok()
}

fn cancel(id: i32) {
    if let Some(window) = web_sys::window() {
        // Failing to cancel only costs one extra, ignored frame.
        let _ = window.cancel_animation_frame(id);
    }
}

/// Calls `on_frame(wall_ms)` once per animation frame while `active`.
#[hook]
pub fn use_animation_frames(active: bool, on_frame: Callback<f64>) {
    let state = use_mut_ref(|| FrameLoop {
        closure: None,
        pending: None,
        last_timestamp: None,
        active: false,
        on_frame: Callback::noop(),
    });

    {
        let state = state.clone();
        use_effect_with((), move |_| {
            let weak = Rc::downgrade(&state);
            let closure = Closure::<dyn FnMut(f64)>::new(move |timestamp: f64| {
                let Some(state) = weak.upgrade() else { return };
                let (wall_ms, on_frame) = {
                    let mut s = state.borrow_mut();
                    s.pending = None;
                    if !s.active {
                        return;
                    }
                    let wall_ms = s.last_timestamp.map_or(0.0, |prev| timestamp - prev);
                    s.last_timestamp = Some(timestamp);
                    (wall_ms, s.on_frame.clone())
                };
                // No borrow is held here: the frame may re-render and
                // re-run the effect below, which borrows the state.
                on_frame.emit(wall_ms);
                let mut s = state.borrow_mut();
                if s.active && s.pending.is_none() {
                    s.pending = s.closure.as_ref().and_then(request);
                }
            });
            state.borrow_mut().closure = Some(closure);
            move || {
                let mut s = state.borrow_mut();
                if let Some(id) = s.pending.take() {
                    cancel(id);
                }
                s.closure = None;
            }
        });
    }

    use_effect_with(active, move |&active| {
        let mut guard = state.borrow_mut();
        let s: &mut FrameLoop = &mut guard;
        s.active = active;
        s.on_frame = on_frame;
        if active {
            if s.pending.is_none() {
                s.last_timestamp = None;
                s.pending = s.closure.as_ref().and_then(request);
            }
        } else if let Some(id) = s.pending.take() {
            cancel(id);
        }
    });
}
