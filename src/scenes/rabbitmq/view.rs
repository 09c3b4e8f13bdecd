//! The RabbitMQ scene's view: competing consumers on a queue beside a Kafka group.

use super::narration::{rabbitmq_narration, rabbitmq_verdict};
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, t, Place};
use crate::params::{AppParams, Part};
use crate::scenes::rabbitmq::model::{order_key, RabbitScene, Remedy, Worker};
use crate::scenes::rabbitmq::text::RabbitMsg;
use crate::sim::checker::{FindingKind, OrderChecker, Position};
use crate::sim::Sim;
use crate::widgets::form::{checked, edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use crate::widgets::violations::{view_first_violations, view_violations_at};

/// Findings a compact frame lists per side: enough to show what broke, few
/// enough that the frame stays one screen tall.
const COMPACT_LISTED: usize = 2;
use crate::widgets::fold::Fold;
use yew::prelude::*;

fn view_side(
    lang: Lang,
    title: &'static str,
    side: &'static str,
    workers: &[Worker],
    checker: &OrderChecker,
    scene: &RabbitScene,
    compact: bool,
) -> Html {
    let violations = checker.reorders();
    // Each broken order on the consumers' rows: a finding's position is a
    // consumer and a message. The late message carries the mark, with the
    // finding in words; the one it came after is ringed too.
    let late_at = |i: usize, m: u32| {
        checker.violations().iter().find(|v| {
            matches!(v.kind, FindingKind::Reorder { .. })
                && v.position == Position::new(i as u32, u64::from(m))
        })
    };
    let came_before = |i: usize, m: u32| {
        checker.violations().iter().find(|v| {
            matches!(v.kind, FindingKind::Reorder { seen_at, .. }
                if seen_at == Position::new(i as u32, u64::from(m)))
        })
    };
    html! {
        <section class="card side" data-side={side}>
            <h2>{title}</h2>
            <p data-testid="violations-count" data-side={side} data-count={violations.to_string()}
                class={classes!(if violations > 0 { "bad" } else { "ok" })}>
                {format!("{} {}: {violations}", if violations > 0 { "⚠" } else { "✓" }, t(lang, RabbitMsg::Violations))}
            </p>
            <ol class="plain">
                for (i, w) in workers.iter().enumerate() {
                    <li class="consumer-row">
                        <span class="worker-name">{format!("consumer-{}", i + 1)}</span>
                        <span class="handled-chips">
                            // Keyed by position: the list only grows, and unkeyed
                            // chips would each be rewritten on every append.
                            for (k, &m) in w.handled.iter().enumerate() { {{
                                let (order, event) = scene.messages[m as usize];
                                let label = format!("#{order}{}", &event.value()[..1]);
                                let class = classes!("chip-s", format!("o{}", order % 6));
                                match late_at(i, m) {
                                    Some(v) => html! {
                                        <span key={k} class={classes!(class, "broken")} data-testid="violation-mark" data-key={v.key.clone()}
                                            title={i18n::violation_at(lang, v, Place::ConsumerMessage)}>{format!("⚠ {label}")}</span>
                                    },
                                    // The message the late one came after: pointing at
                                    // their finding lights both.
                                    None => match came_before(i, m) {
                                        Some(v) => html! {
                                            <span key={k} class={classes!(class, "broken")} data-testid="violation-partner" data-key={v.key.clone()}
                                                title={order_key(order)}>{label}</span>
                                        },
                                        None => html! {
                                            <span key={k} {class} title={order_key(order)}>{label}</span>
                                        },
                                    },
                                }
                            }} }
                        </span>
                    </li>
                }
            </ol>
            // A queue has no partitions: a finding names the consumer and
            // the message, numbered in publish order.
            if compact {
                { view_first_violations(checker.violations(), lang, Place::ConsumerMessage, COMPACT_LISTED) }
            } else {
                { view_violations_at(checker.violations(), lang, Place::ConsumerMessage) }
            }
        </section>
    }
}

/// The competing consumers' settings: the link's parameters only.
fn view_rabbitmq_params(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let on_consumers = edit_number(params, on_params, &declared::CONSUMERS);
    let pick = |r: Remedy| edit(params, on_params, move |p, _: Event| p.rabbitmq.remedy = r);
    let on_requeue = edit(params, on_params, |p, e: Event| {
        p.rabbitmq.requeue = checked(&e)
    });
    html! {
        <section class="card">
            <label class="field">
                <span>{format!("{} = {}", t(lang, RabbitMsg::Consumers), params.rabbitmq.consumers)}</span>
                <input type="range" data-testid="consumers" min={min_of(&declared::CONSUMERS)} max={max_of(&declared::CONSUMERS)} value={params.rabbitmq.consumers.to_string()} oninput={on_consumers} />
            </label>
            <fieldset class="placement">
                <legend>{t(lang, RabbitMsg::Remedy)}</legend>
                for &(r, m) in [(Remedy::None, RabbitMsg::RemedyNone), (Remedy::SingleActiveConsumer, RabbitMsg::RemedySingle), (Remedy::ConsistentHash, RabbitMsg::RemedyHash)].iter() {
                    <label class="check">
                        <input type="radio" name="remedy" data-testid="remedy" value={r.id()} checked={params.rabbitmq.remedy == r} onchange={pick(r)} />
                        <span>{t(lang, m)}</span>
                    </label>
                }
            </fieldset>
            <label class="check">
                <input type="checkbox" data-testid="requeue" checked={params.rabbitmq.requeue} onchange={on_requeue} />
                <span>{t(lang, RabbitMsg::Requeue)}</span>
            </label>
            <p class="note">{t(lang, RabbitMsg::RabbitNote)}</p>
            if params.rabbitmq.requeue {
                <p class="note" data-testid="requeue-note">{t(lang, RabbitMsg::RequeueNote)}</p>
            }
            if params.rabbitmq.remedy == Remedy::ConsistentHash {
                <p class="small dim" data-testid="ring-note">{t(lang, RabbitMsg::RingNote)}</p>
            }
        </section>
    }
}

pub fn view_rabbitmq_scene(
    sim: &Sim<RabbitScene>,
    params: &AppParams,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let compact = params.shown_part() != Part::All;
    html! {
        <div class="rest-scene">
            if params.shows(Part::Figure) {
                <div class="sides" data-testid="figure">
                    { view_side(lang, t(lang, RabbitMsg::RabbitSide), "rabbitmq", &s.rabbit, &s.rabbit_checker, s, compact) }
                    { view_side(lang, t(lang, RabbitMsg::KafkaSide), "kafka", &s.kafka, &s.kafka_checker, s, compact) }
                </div>
                <p class="narration" aria-live="polite" data-testid="narration">
                    { rabbitmq_narration(lang, &s.narration(sim.last_event())) }
                    // The last step's sentence, then what the run showed.
                    if sim.next_event_time().is_none() {
                        {" "}{ rabbitmq_verdict(lang, s.rabbit_checker.reorders(), s.kafka_checker.reorders()) }
                    }
                </p>
            }
            if params.shows(Part::Settings) {
                <Fold lang={lang}>{ memo(view_rabbitmq_params, params, &on_params) }</Fold>
            }
        </div>
    }
}
