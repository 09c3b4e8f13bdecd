//! A counter as every scene shows it: a label, and the value in
//! `data-testid="stat"` with `data-name` and `data-value` for the tests.

use yew::prelude::*;

pub fn stat(name: &'static str, label: &'static str, value: u64) -> Html {
    html! {
        <div><dt>{label}</dt><dd data-testid="stat" data-name={name} data-value={value.to_string()}>{value}</dd></div>
    }
}
