//! A scene's settings under a heading that folds: on a phone the form
//! starts folded, so the figure is on the first screen; on a wide screen
//! it starts open beside everything else.

use crate::i18n::Lang;
use crate::i18n::{t, Msg};
use yew::prelude::*;

/// Whether the app is laid out for a phone, as the app read it last,
/// handed down as a context. A component that needs the width at mount
/// (the settings' fold) reads it from here: `innerWidth` read in the middle
/// of a render makes the browser lay out the half-built page first.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct Narrow(pub bool);

#[derive(Properties, PartialEq)]
pub struct FoldProps {
    pub lang: Lang,
    pub children: Html,
}

/// Once the learner opens or folds it, it stays so: a change of width or
/// of a setting must not fold the form away under the learner's hands.
#[component(Fold)]
pub fn fold(props: &FoldProps) -> Html {
    // The app's reading of the width (see `Narrow`); outside the app, wide.
    let narrow = use_context::<Narrow>().is_some_and(|n| n.0);
    let open = use_state(|| !narrow);
    let ontoggle = on_toggle(&open);
    html! {
        <details class="fold" open={*open} {ontoggle} data-testid="scene-settings">
            <summary>{t(props.lang, Msg::SceneSettings)}</summary>
            { props.children.clone() }
        </details>
    }
}

/// A `<details>`'s toggle, kept in `open`: the element's `open` attribute
/// is its state once the learner opens or folds it.
pub fn on_toggle(open: &UseStateHandle<bool>) -> Callback<Event> {
    let open = open.clone();
    Callback::from(move |e: Event| {
        let details: web_sys::Element = e.target_unchecked_into();
        open.set(details.has_attribute("open"));
    })
}
