//! Small helpers shared by the scenes' forms: read an input, and turn an
//! edit of the parameters into a callback.

use crate::params::declare::{Param, Value};
use crate::params::{clamp_to, AppParams};
use web_sys::HtmlInputElement;
use yew::prelude::*;

pub fn input_value(e: &InputEvent) -> String {
    let input: HtmlInputElement = e.target_unchecked_into();
    input.value()
}

pub fn checked(e: &Event) -> bool {
    let input: HtmlInputElement = e.target_unchecked_into();
    input.checked()
}

/// A number input's `min`: its parameter's declared bound, the one a link
/// is clamped to, so the form and the link accept the same values.
pub fn min_of(param: &Param) -> String {
    param.range().start().to_string()
}

/// A number input's `max`, as declared (see [`min_of`]).
pub fn max_of(param: &Param) -> String {
    param.range().end().to_string()
}

/// A number input's callback: the typed value, clamped to the parameter's
/// declared range, written by the parameter's own setter, so the form and
/// a link change the same field the same way. A field holding something
/// else (empty, half typed) changes nothing.
pub fn edit_number(
    params: &AppParams,
    on_params: &Callback<AppParams>,
    param: &'static Param,
) -> Callback<InputEvent> {
    let range = param.range();
    edit(params, on_params, move |p, e: InputEvent| {
        if let Ok(v) = input_value(&e).trim().parse::<u32>() {
            let v = clamp_to(v, &range);
            (param.set)(p, Value::Number(u64::from(v)));
        }
    })
}

/// A callback that edits a copy of the parameters and hands it on.
pub fn edit<E: 'static>(
    params: &AppParams,
    on_params: &Callback<AppParams>,
    f: impl Fn(&mut AppParams, E) + 'static,
) -> Callback<E> {
    let params = params.clone();
    on_params.reform(move |e: E| {
        let mut next = params.clone();
        f(&mut next, e);
        next
    })
}

#[derive(Properties, PartialEq)]
pub struct NumberFieldProps {
    pub testid: &'static str,
    pub min: u32,
    pub max: u32,
    pub value: u32,
    pub lang: crate::i18n::Lang,
    /// The value to use: what was typed, clamped to `min..=max`.
    pub on_value: Callback<u32>,
}

/// A number input that says so when it clamps what was typed: a value out
/// of range is replaced by the nearest bound, with a translated note, as a
/// link's is, instead of changing silently.
#[component(NumberField)]
pub fn number_field(props: &NumberFieldProps) -> Html {
    let note = use_state(|| None::<(u64, u32)>);
    let oninput = {
        let note = note.clone();
        let (min, max, on_value) = (props.min, props.max, props.on_value.clone());
        Callback::from(move |e: InputEvent| {
            let raw = input_value(&e);
            let Ok(typed) = raw.trim().parse::<u64>() else {
                return;
            };
            let used = clamp_to(typed, &(u64::from(min)..=u64::from(max))) as u32;
            note.set((u64::from(used) != typed).then_some((typed, used)));
            on_value.emit(used);
        })
    };
    html! {
        <>
            <input type="number" data-testid={props.testid} min={props.min.to_string()} max={props.max.to_string()}
                value={props.value.to_string()} {oninput} />
            if let Some((typed, used)) = *note {
                <span class="field-note" role="status" data-testid="clamp-note">
                    {crate::i18n::clamped_to(props.lang, typed, props.min, props.max, used)}
                </span>
            }
        </>
    }
}
