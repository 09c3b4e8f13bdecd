//! The producer scene's comparison panels: the price of one request in
//! flight over a simulated minute, and the same chaos seed with and without
//! idempotence. Both run after the figure is on screen.

use crate::i18n::{self, t};
use crate::params::AppParams;
use crate::scenes::producer::model::{price_of_one_in_flight, run_until};
use crate::scenes::producer::text::ProducerMsg;
use crate::sim::producer::Acks;
use crate::sim::SimTime;
use crate::widgets::form::edit;
use yew::prelude::*;

/// Runs that are heavier than one frame (a simulated minute, a whole
/// chaos run twice) start after the figure is on screen.
#[derive(Properties, PartialEq)]
pub(super) struct PriceProps {
    pub(super) params: AppParams,
}

#[component(PricePanel)]
pub(super) fn price_panel(props: &PriceProps) -> Html {
    let lang = props.params.lang;
    let link = props.params.producer.link;
    let seed = props.params.seed;
    let result = use_state(|| None::<(u64, u64)>);
    {
        let result = result.clone();
        use_effect_with((link, seed), move |&(link, seed)| {
            if let Ok(price) = price_of_one_in_flight(link, seed) {
                result.set(Some(price));
            }
        });
    }
    html! {
        <section class="card price" data-testid="price">
            <h3>{t(lang, ProducerMsg::PriceTitle)}</h3>
            { match *result {
                Some((one, five)) => html! {
                    <dl class="stats">
                        <div><dt>{t(lang, ProducerMsg::PriceOne)}</dt><dd data-testid="price-one" data-value={one.to_string()}>{i18n::records_per_second(lang, one)}</dd></div>
                        <div><dt>{t(lang, ProducerMsg::PriceFive)}</dt><dd data-testid="price-five" data-value={five.to_string()}>{i18n::records_per_second(lang, five)}</dd></div>
                    </dl>
                },
                None => html! { <p class="dim">{"…"}</p> },
            } }
            <p class="small">{t(lang, ProducerMsg::PriceNote)}</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct CompareProps {
    pub(super) params: AppParams,
    pub(super) on_params: Callback<AppParams>,
}

/// The same chaos run with idempotence on and off, side by side.
#[component(IdempotenceCompare)]
pub(super) fn idempotence_compare(props: &CompareProps) -> Html {
    let lang = props.params.lang;
    let result = use_state(|| None::<[(bool, u64, u64, u64); 2]>);
    {
        let result = result.clone();
        let mut config = props.params.producer.scene_config();
        config.producer.max_in_flight = config.producer.max_in_flight.min(5);
        config.producer.acks = Acks::All;
        let seed = props.params.seed;
        use_effect_with((config, seed), move |(config, seed)| {
            let run = |on: bool| {
                let mut c = config.clone();
                c.producer.enable_idempotence = on;
                run_until(c, *seed, SimTime(u64::MAX)).ok().map(|s| {
                    (
                        on,
                        s.stats.retries as u64,
                        s.reorders() as u64,
                        s.duplicates() as u64,
                    )
                })
            };
            if let (Some(a), Some(b)) = (run(true), run(false)) {
                result.set(Some([a, b]));
            }
        });
    }
    let flip = edit(&props.params, &props.on_params, |n, _: MouseEvent| {
        n.producer.config.enable_idempotence = !n.producer.config.enable_idempotence;
        if n.producer.config.enable_idempotence {
            n.producer.config.max_in_flight = n.producer.config.max_in_flight.min(5);
            n.producer.config.acks = Acks::All;
            n.producer.config.retries = n.producer.config.retries.max(1);
        }
        n.producer.preset = None;
    });
    html! {
        <section class="card compare-idempotence" data-testid="idempotence-compare">
            <h3>{t(lang, ProducerMsg::CompareTitle)}</h3>
            <button type="button" data-testid="flip-idempotence" onclick={flip}>{t(lang, ProducerMsg::FlipIdempotence)}</button>
            for &(on, retries, reorders, duplicates) in result.iter().flatten() {
                <p data-testid="compare-row" data-idempotence={on.to_string()} data-reorders={reorders.to_string()} data-duplicates={duplicates.to_string()}>
                    <strong>{t(lang, if on { ProducerMsg::WithIdempotence } else { ProducerMsg::WithoutIdempotence })}</strong>
                    {format!(": {} {retries} · {} {reorders} · {} {duplicates}",
                        t(lang, ProducerMsg::StatRetries), t(lang, ProducerMsg::StatReorders), t(lang, ProducerMsg::StatDuplicates))}
                </p>
            }
        </section>
    }
}
