//! A finding in a list lights its marks on the figure while it is pointed
//! at or focused, so a learner can find the pair the words name.
//!
//! Set on the elements rather than through state: the list and the marks
//! belong to different parts of a scene's view, and lighting a mark must
//! not render the scene again. Yew leaves alone an attribute its markup
//! does not name, so `data-lit` stays until the pointer moves on.

use wasm_bindgen::JsCast;
use web_sys::{Element, EventTarget};

/// The marks a finding's key can light: broken pairs (and, where a pair is
/// two chips with no arrow between them, the earlier one), and records a
/// group handled twice.
const MARKS: &str = "[data-testid=\"violation-mark\"],[data-testid=\"violation-partner\"],[data-testid=\"twice-mark\"]";

/// The key of the finding `target` is in, if it is in one.
pub fn finding_key(target: Option<EventTarget>) -> Option<String> {
    target?
        .dyn_into::<Element>()
        .ok()?
        .closest("[data-testid=\"violation\"][data-key]")
        .ok()??
        .get_attribute("data-key")
}

/// Lights the marks under `root` whose key is `key`, and puts out the rest.
pub fn light(root: &Element, key: Option<&str>) {
    let Ok(marks) = root.query_selector_all(MARKS) else {
        return;
    };
    for i in 0..marks.length() {
        let Some(mark) = marks.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let lit = key.is_some() && mark.get_attribute("data-key").as_deref() == key;
        let _ = if lit {
            mark.set_attribute("data-lit", "true")
        } else {
            mark.remove_attribute("data-lit")
        };
    }
}
