//! The routing scene's "switching client" part: for the typed key and
//! `order-1 … order-K` on the scene's partitions, which keys land elsewhere
//! when a service moves from one Go client to another (the lens's
//! `switch_view` works it out).

use crate::golens::text::SwitchMsg;
use crate::golens::{compatible_option, switch_view, SWITCH_CLIENTS};
use crate::i18n::Lang;
use crate::i18n::{lens_switch_no_option, lens_switch_option, lens_switch_summary, t};
use crate::params::AppParams;
use crate::sim::clients::{Client, KeyedRoute};
use yew::prelude::*;

fn route_cell(lang: Lang, r: KeyedRoute) -> (String, String) {
    match r {
        KeyedRoute::Partition(p) => (p.to_string(), p.to_string()),
        KeyedRoute::RoundRobin => ("any".into(), t(lang, SwitchMsg::RoundRobin).into()),
        KeyedRoute::AsKeyless => ("any".into(), t(lang, SwitchMsg::AtRandom).into()),
    }
}

fn select_client(
    testid: &'static str,
    label: &'static str,
    value: Client,
    on: Callback<Event>,
) -> Html {
    html! {
        <label class="switch-pick">
            <span>{label}</span>
            <select data-testid={testid} onchange={on} aria-label={label}>
                for c in SWITCH_CLIENTS.into_iter() {
                    <option value={c.id()} selected={c == value}>{c.id()}</option>
                }
            </select>
        </label>
    }
}

fn on_select(
    params: &AppParams,
    on_params: &Callback<AppParams>,
    apply: fn(&mut AppParams, Client),
) -> Callback<Event> {
    let (p, on) = (params.clone(), on_params.clone());
    Callback::from(move |e: Event| {
        let value = e
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .map(|s| s.value())
            .unwrap_or_default();
        if let Some(c) = Client::from_id(&value) {
            let mut next = p.clone();
            apply(&mut next, c);
            on.emit(next);
        }
    })
}

/// "Switching client": for the typed key and `order-1 … order-K` on the
/// scene's partitions, which keys land elsewhere after the switch.
pub fn view_switch(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let typed = (!params.routing.key_null).then_some(params.routing.key.as_str());
    // The count stays cheap on every keystroke: at most 10,000 keys.
    let keys = params.routing.histogram_keys.min(10_000);
    let v = switch_view(
        params.routing.switch_from,
        params.routing.switch_to,
        params.routing.partitions,
        typed,
        keys,
    );
    let option = compatible_option(params.routing.switch_from, params.routing.switch_to);
    let to_lib = crate::golens::library_name(v.to);
    let summary = lens_switch_summary(lang, v.from.id(), v.to.id(), v.keys, v.partitions, v.moved);
    let option_text = match option {
        Some(o) => lens_switch_option(lang, to_lib, o),
        None => lens_switch_no_option(lang, to_lib, v.from.id()),
    };
    html! {
        <section class="card golens switch" aria-labelledby="switch-title" data-testid="switch-view" data-moved={v.moved.to_string()} data-keys={v.keys.to_string()}>
            <h2 id="switch-title">{t(lang, SwitchMsg::SwitchingClient)}</h2>
            <div class="switch-picks">
                { select_client("switch-from", t(lang, SwitchMsg::From), params.routing.switch_from, on_select(params, on_params, |p, c| p.routing.switch_from = c)) }
                { select_client("switch-to", t(lang, SwitchMsg::To), params.routing.switch_to, on_select(params, on_params, |p, c| p.routing.switch_to = c)) }
            </div>
            <p data-testid="switch-summary">{summary}</p>
            <p data-testid="switch-option"><code>{option_text}</code></p>
            <div class="table-scroll" role="group" tabindex="0" aria-label={t(lang, SwitchMsg::KeysBeforeAndAfterTheSwitch)}>
                <table class="switch-keys">
                    <thead><tr>
                        <th scope="col">{t(lang, SwitchMsg::Key)}</th>
                        <th scope="col">{v.from.id()}</th>
                        <th scope="col">{v.to.id()}</th>
                    </tr></thead>
                    <tbody>
                        for m in v.listed.iter() { {{
                            let (from_v, from_t) = route_cell(lang, m.from);
                            let (to_v, to_t) = route_cell(lang, m.to);
                            let moves = m.moves();
                            html! {
                                <tr data-testid="switch-key" data-key={m.key.clone()} data-from={from_v} data-to={to_v}
                                    data-moves={if moves { "1" } else { "0" }} class={classes!(moves.then_some("moves"))}>
                                    <th scope="row"><code>{m.key.clone()}</code></th>
                                    <td class="num">{from_t}</td>
                                    <td class="num">{if moves { format!("{to_t} ←") } else { to_t }}</td>
                                </tr>
                            }
                        }} }
                    </tbody>
                </table>
            </div>
        </section>
    }
}
