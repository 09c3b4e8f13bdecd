//! The one animation clock: requestAnimationFrame, reporting wall-clock
//! milliseconds between frames while `active`. Browsers stop these frames in
//! hidden tabs, so a hidden page animates nothing and burns no CPU.

use gloo_render::{request_animation_frame, AnimationFrame};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use yew::prelude::*;

#[derive(Default)]
struct FrameLoop {
    /// The frame asked for next; dropping it cancels that frame, so
    /// unmounting or pausing needs no bookkeeping of ids.
    next: Option<AnimationFrame>,
    last_timestamp: Option<f64>,
    active: bool,
    on_frame: Callback<f64>,
}

/// Asks for the next frame. The callback holds only a weak reference, so
/// an unmounted clock frees its state even with a frame pending.
fn schedule(state: &Rc<RefCell<FrameLoop>>) {
    let weak: Weak<RefCell<FrameLoop>> = Rc::downgrade(state);
    let frame = request_animation_frame(move |timestamp| {
        let Some(state) = weak.upgrade() else { return };
        let (wall_ms, on_frame) = {
            let mut s = state.borrow_mut();
            if !s.active {
                return;
            }
            let wall_ms = s.last_timestamp.map_or(0.0, |prev| timestamp - prev);
            s.last_timestamp = Some(timestamp);
            (wall_ms, s.on_frame.clone())
        };
        // No borrow is held here: the frame may re-render and re-run the
        // effect below, which borrows the state and may pause the clock.
        on_frame.emit(wall_ms);
        if state.borrow().active {
            schedule(&state);
        }
    });
    state.borrow_mut().next = Some(frame);
}

/// Calls `on_frame(wall_ms)` once per animation frame while `active`.
#[hook]
pub fn use_animation_frames(active: bool, on_frame: Callback<f64>) {
    let state = use_mut_ref(FrameLoop::default);

    {
        let state = state.clone();
        use_effect_with((), move |_| move || state.borrow_mut().next = None);
    }

    use_effect_with(active, move |&active| {
        let start = {
            let mut s = state.borrow_mut();
            s.active = active;
            s.on_frame = on_frame;
            if !active {
                s.next = None;
            }
            active && s.next.is_none()
        };
        if start {
            state.borrow_mut().last_timestamp = None;
            schedule(&state);
        }
    });
}
