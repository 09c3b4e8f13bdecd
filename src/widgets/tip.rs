//! One tooltip per figure instead of a `<title>` inside every record.
//!
//! A figure of a few hundred records used to carry a `<title>` element and
//! its text node in each of them: half the figure's nodes, built when the
//! scene opens and for every record that lands while it plays, for a text
//! read only under the mouse. Now the figure's `<svg>` has one empty
//! `<title>` as its first child, which the browser shows for any element
//! inside it, and moving the mouse onto a record writes that record's
//! description into it.

use crate::sim::record::OrderEvent;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

/// What the tooltip says for the element under the mouse, if anything.
pub type Describe = fn(&Element) -> Option<String>;

/// The text of the nearest `data-tip` around `el`: for records whose
/// description is built when they are drawn.
pub fn data_tip(el: &Element) -> Option<String> {
    el.closest("[data-tip]").ok()??.get_attribute("data-tip")
}

/// An order's record, described from the attributes it already carries:
/// "order-12 · Paid · offset 6". Its order is `data-entity` (a record with
/// a null key still belongs to one) or else its key; the step names the
/// event.
pub fn order_record(el: &Element) -> Option<String> {
    let record = el.closest("[data-testid=record]").ok()??;
    let get = |name: &str| record.get_attribute(name);
    let order = get("data-entity").or_else(|| get("data-key"))?;
    let step: u32 = get("data-step")?.parse().ok()?;
    let event = OrderEvent::ALL.into_iter().find(|e| e.step() == step)?;
    Some(format!(
        "{order} · {} · offset {}",
        event.value(),
        get("data-offset")?
    ))
}

/// `name` of the nearest element around `el` that matches `selector`.
pub fn attr(el: &Element, selector: &str, name: &str) -> Option<String> {
    el.closest(selector).ok()??.get_attribute(name)
}

/// The figure's tooltip, as the first child of its `<svg>`; Yew leaves its
/// text to [`on_hover`].
pub fn tip_title() -> Html {
    html! { <title></title> }
}

/// The `onmouseover` of a figure: the record under the mouse describes
/// itself into the figure's tooltip, and the figure's background clears it.
pub fn on_hover(describe: Describe) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(title) = target
            .closest("svg")
            .ok()
            .flatten()
            .and_then(|svg| svg.first_element_child())
            .filter(|el| el.local_name() == "title")
        else {
            return;
        };
        let text = describe(&target).unwrap_or_default();
        if title.text_content().unwrap_or_default() != text {
            title.set_text_content(Some(&text));
        }
    })
}
