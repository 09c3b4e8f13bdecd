//! The parts of a scene that depend only on the link's parameters (inputs,
//! presets, worked examples), as components: while the run plays, the app
//! renders sixty times a second, and these parts are skipped by comparing
//! their parameters instead of being built and diffed again.

use crate::params::AppParams;
use yew::prelude::*;

/// Draws a part of the page from the parameters alone.
pub type ParamsView = fn(&AppParams, &Callback<AppParams>) -> Html;

#[derive(Properties)]
pub struct StaticProps {
    pub params: AppParams,
    pub on_params: Callback<AppParams>,
    pub view: ParamsView,
}

impl PartialEq for StaticProps {
    /// The callback is made anew on every render, but for equal parameters
    /// it does the same thing, so it is left out of the comparison. Views
    /// are compared by address: two functions the compiler merged draw the
    /// same thing anyway.
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params && self.view as usize == other.view as usize
    }
}

#[component(Static)]
pub fn static_part(props: &StaticProps) -> Html {
    (props.view)(&props.params, &props.on_params)
}

/// `<Static>` for `view`.
pub fn memo(view: ParamsView, params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    html! { <Static params={params.clone()} on_params={on_params.clone()} view={view} /> }
}
