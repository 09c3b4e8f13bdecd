//! Work a scene's view can leave until its scene is ready: a card below
//! the figure whose content costs a run of its own (the pipeline's
//! analysis and comparison each run the pipeline again), and the Go lens
//! panel's question to the lens module. At a page's
//! start those runs came before the scene was marked ready, about 60 ms
//! of a phone's CPU on the pipeline's page (BENCHMARKS.md, "2026-12-06:
//! the Go lens as a module of its own"); now they run in the animation
//! frame after it.
//!
//! The mark is the shell's (`ui::shell::use_ready`), which calls
//! [`mark_ready`]. Yew runs the components' mount effects children first,
//! and may yield to the browser between them, so a card's own effect can
//! come before the mark, and even an animation frame it asked for could
//! run before it: the work waits here until the mark.

use gloo_render::{request_animation_frame, AnimationFrame};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

type Job = Box<dyn FnOnce()>;

thread_local! {
    static READY: Cell<bool> = const { Cell::new(false) };
    /// The work asked for before the mark, in the order asked.
    static WAITING: RefCell<Vec<Job>> = RefCell::default();
    /// The frame that runs it, kept until it has run.
    static FRAME: RefCell<Option<AnimationFrame>> = RefCell::default();
}

/// The scene is on the page and marked ready: what waited runs in the next
/// animation frame.
pub fn mark_ready() {
    if READY.replace(true) {
        return;
    }
    let frame = request_animation_frame(|_| {
        for job in WAITING.take() {
            job();
        }
    });
    FRAME.set(Some(frame));
}

/// Runs `job` now if the scene is ready, else in the animation frame
/// after the mark: the Go lens panel's first question to its module, whose
/// answer would otherwise come, from the browser's cache, while the page
/// still starts.
pub fn when_ready(job: impl FnOnce() + 'static) {
    if READY.get() {
        job();
    } else {
        WAITING.with_borrow_mut(|waiting| waiting.push(Box::new(job)));
    }
}

/// What `make` gives for `deps`: computed in an animation frame once the
/// scene is ready, and again, a frame later, for each new `deps`. `None`
/// until the value for the current `deps` has come, which a card shows as
/// busy (`aria-busy`, which the browser tests and the pre-rendering wait
/// on).
#[hook]
pub fn use_after_ready<D, T>(deps: D, make: fn(&D) -> T) -> Option<Rc<T>>
where
    D: PartialEq + Clone + 'static,
    T: 'static,
{
    let made = use_state(|| None::<(D, Rc<T>)>);
    // A newer `deps`, or the card gone, drops the handle and so cancels
    // a frame not yet run.
    let frame = use_mut_ref(|| None::<AnimationFrame>);
    {
        let made = made.clone();
        use_effect_with(deps.clone(), move |deps| {
            let deps = deps.clone();
            let job = move || {
                let value = Rc::new(make(&deps));
                made.set(Some((deps, value)));
            };
            if READY.get() {
                *frame.borrow_mut() = Some(request_animation_frame(move |_| job()));
            } else {
                // In order: a newer `deps` asked before the mark runs
                // after the older one, and its value is the one kept.
                WAITING.with_borrow_mut(|waiting| waiting.push(Box::new(job)));
            }
        });
    }
    made.as_ref()
        .filter(|(d, _)| *d == deps)
        .map(|(_, value)| value.clone())
}
