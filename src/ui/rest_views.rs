//! The views of scenes "replication", "disk" and "rabbitmq": the rest of
//! the chapter.

use super::form::{checked, edit, input_value, max_of, min_of, parse_in};
use super::memo::memo;
use super::stats::stat;
use super::violations::view_violations;
use crate::i18n::{self, tx, RestMsg};
use crate::params::scenes as declared;
use crate::params::{AppParams, Lang};
use crate::sim::checker::OrderChecker;
use crate::sim::producer::Acks;
use crate::sim::scenes::disk::{Device, Disk, CACHE_PAGES, PAGES};
use crate::sim::scenes::rabbitmq::{order_key, RabbitScene, Remedy, Worker};
use crate::sim::scenes::replication::{
    ActionKind, ProduceOutcome, RRecord, ReplicaAction, Replication,
};
use crate::sim::Sim;
use yew::prelude::*;

/// Offsets drawn per replica: the newest ones.
const SHOWN_OFFSETS: usize = 24;

fn record_text(r: &RRecord) -> String {
    format!(
        "{}: #{} {} (e{})",
        r.offset,
        r.order,
        r.event.value(),
        r.epoch
    )
}

pub fn view_replication_scene(
    sim: &Sim<Replication>,
    params: &AppParams,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let r = sim.model();
    let now = sim.now();
    let act = |broker: u32, kind: ActionKind| {
        edit(params, &on_params, move |p, _: MouseEvent| {
            p.replica_actions.push(ReplicaAction {
                at: now,
                broker,
                kind,
            });
        })
    };
    let on_acks = edit(params, &on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = Acks::from_id(&select.value()) {
            p.producer.acks = a;
        }
    });
    let on_min_isr = edit(params, &on_params, |p, e: InputEvent| {
        p.min_isr = parse_in(&input_value(&e), &declared::MIN_ISR.range(), p.min_isr);
    });
    let on_unclean = edit(params, &on_params, |p, e: Event| p.unclean = checked(&e));
    let hw = r.high_watermark;
    let leader = r.leader.filter(|&l| r.replica(l).alive);
    let differences = r.differences();
    html! {
        <div class="rest-scene">
            <section class="card">
                <div class="inputs">
                    <label class="field narrow-field">
                        <span>{tx(lang, RestMsg::Acks)}</span>
                        <select data-testid="acks" onchange={on_acks}>
                            { for [Acks::None, Acks::Leader, Acks::All].iter().map(|&a| html! {
                                <option value={a.id()} selected={params.producer.acks == a}>{a.id()}</option>
                            }) }
                        </select>
                    </label>
                    <label class="field narrow-field">
                        <span>{tx(lang, RestMsg::MinIsr)}</span>
                        <input type="number" data-testid="min-isr" min={min_of(&declared::MIN_ISR)} max={max_of(&declared::MIN_ISR)} value={params.min_isr.to_string()} oninput={on_min_isr} />
                    </label>
                    <label class="check">
                        <input type="checkbox" data-testid="unclean" checked={params.unclean} onchange={on_unclean} />
                        <span>{tx(lang, RestMsg::Unclean)}</span>
                    </label>
                </div>
                <p class="note">{tx(lang, RestMsg::ReplicationNote)}</p>
                if let Some(l) = leader {
                    <button type="button" class="primary-action" data-testid="crash-leader" onclick={act(l, ActionKind::Crash)}>
                        {format!("⚡ {} ({})", tx(lang, RestMsg::CrashLeader), i18n::broker_name(lang, l))}
                    </button>
                }
            </section>
            <p class="hw" data-testid="high-watermark" data-offset={hw.to_string()}>
                {format!("HW = {hw} — {}", tx(lang, RestMsg::HighWatermark))}
            </p>
            <div class="replicas">
                { for r.replicas.iter().map(|rep| {
                    let is_leader = Some(rep.broker) == leader;
                    let in_isr = r.isr.contains(&rep.broker) && rep.alive;
                    let role = if is_leader { "leader" } else { "follower" };
                    let skip = rep.log.len().saturating_sub(SHOWN_OFFSETS);
                    html! {
                        <section class={classes!("card", "replica", (!rep.alive).then_some("dead"), is_leader.then_some("leader"))}
                            data-testid="replica" data-broker={rep.broker.to_string()} data-role={role}
                            data-leo={rep.log_end_offset().to_string()} data-in-isr={in_isr.to_string()} data-alive={rep.alive.to_string()}>
                            <h3>{format!("{} · {}", i18n::broker_name(lang, rep.broker), tx(lang, if !rep.alive { RestMsg::Dead } else if is_leader { RestMsg::Leader } else { RestMsg::Follower }))}</h3>
                            <p class="small">
                                {format!("LEO {} · {}", rep.log_end_offset(), tx(lang, if !rep.alive { RestMsg::Dead } else if in_isr { RestMsg::InIsr } else { RestMsg::OutOfIsr }))}
                            </p>
                            <ol class="replica-log" start={skip.to_string()}>
                                // Keyed by offset: the shown window slides along the log,
                                // and unkeyed items would each be rewritten with the
                                // next one's text.
                                { for rep.log[skip..].iter().map(|x| html! {
                                    <li key={x.offset} class={classes!((x.offset >= hw).then_some("above-hw"), format!("epoch-{}", x.epoch.min(3)))}
                                        title={if x.offset >= hw { tx(lang, RestMsg::AboveHw) } else { "" }}>
                                        {record_text(x)}
                                    </li>
                                }) }
                            </ol>
                            if rep.alive && !is_leader {
                                <div class="replica-actions">
                                    if rep.slow {
                                        <button type="button" data-testid="heal-follower" onclick={act(rep.broker, ActionKind::Heal)}>{tx(lang, RestMsg::Heal)}</button>
                                    } else {
                                        <button type="button" data-testid="slow-follower" onclick={act(rep.broker, ActionKind::Slow)}>{tx(lang, RestMsg::Slow)}</button>
                                    }
                                    <button type="button" data-testid="crash-follower" onclick={act(rep.broker, ActionKind::Crash)}>{tx(lang, RestMsg::Crash)}</button>
                                </div>
                            }
                        </section>
                    }
                }) }
            </div>
            <div class="panels">
                <section class="card" data-testid="replica-diff" data-differences={differences.to_string()}>
                    <h3>{tx(lang, RestMsg::DiffTitle)}</h3>
                    if differences == 0 {
                        <p class="ok">{format!("✓ {}", tx(lang, RestMsg::NoDiff))}</p>
                    } else {
                        <p class="bad">{format!("⚠ {differences}")}</p>
                    }
                </section>
                <dl class="stats">
                    { stat("acked", tx(lang, RestMsg::StatAcked), r.count(ProduceOutcome::Acked) as u64) }
                    { stat("not-enough-replicas", tx(lang, RestMsg::StatNotEnough), r.count(ProduceOutcome::NotEnoughReplicas) as u64) }
                    { stat("no-leader", tx(lang, RestMsg::StatNoLeader), r.count(ProduceOutcome::NoLeader) as u64) }
                    { stat("lost", tx(lang, RestMsg::Lost), r.lost.len() as u64) }
                </dl>
            </div>
            if !r.truncated.is_empty() {
                <section class="card" data-testid="truncated">
                    <h3>{tx(lang, RestMsg::Truncated)}</h3>
                    <ul class="plain small">{ for r.truncated.iter().map(|(b, x)| html! { <li>{format!("broker {b}: {}", record_text(x))}</li> }) }</ul>
                </section>
            }
            if !r.lost.is_empty() {
                <section class="card" data-testid="lost">
                    <h3 class="bad">{format!("⚠ {}", tx(lang, RestMsg::Lost))}</h3>
                    <ul class="plain small">{ for r.lost.iter().map(|x| html! { <li data-testid="violation" class="bad">{record_text(x)}</li> }) }</ul>
                </section>
            }
        </div>
    }
}

fn rate(lang: Lang, v: f64) -> String {
    i18n::records_per_second(lang, v.round() as u64)
}

/// The disk's settings and its cost model: they depend on the link's
/// parameters only.
fn view_disk_params(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let cost = params.cost;
    let bytes = u64::from(params.record_bytes);
    let on_device = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(dev) = Device::from_id(&select.value()) {
            p.device = dev;
            p.cost = dev.defaults();
        }
    });
    let on_seek = edit(params, on_params, |p, e: InputEvent| {
        p.cost.seek_us = parse_in(&input_value(&e), &declared::SEEK_US.range(), p.cost.seek_us)
    });
    let on_mbs = edit(params, on_params, |p, e: InputEvent| {
        p.cost.seq_mb_s = parse_in(&input_value(&e), &declared::MB_S.range(), p.cost.seq_mb_s)
    });
    let on_bytes = edit(params, on_params, |p, e: InputEvent| {
        p.record_bytes = parse_in(
            &input_value(&e),
            &declared::RECORD_BYTES.range(),
            p.record_bytes,
        )
    });
    let on_streams = edit(params, on_params, |p, e: InputEvent| {
        p.streams = parse_in(&input_value(&e), &declared::STREAMS.range(), p.streams)
    });
    let seq = cost.sequential_records_per_s(bytes);
    let random = cost.random_records_per_s(bytes);
    let streams_total = cost.interleaved_streams_bytes_per_s(params.streams);
    let bar = |v: f64| {
        format!(
            "width: {:.1}%",
            (v.log10().max(0.0) / seq.log10().max(1.0) * 100.0).clamp(1.0, 100.0)
        )
    };
    html! {
        <>
            <section class="card">
                <div class="inputs">
                    <label class="field narrow-field">
                        <span>{tx(lang, RestMsg::Device)}</span>
                        <select data-testid="device" onchange={on_device}>
                            <option value="hdd" selected={params.device == Device::Hdd}>{"HDD"}</option>
                            <option value="nvme" selected={params.device == Device::Nvme}>{"NVMe"}</option>
                        </select>
                    </label>
                    <label class="field narrow-field"><span>{tx(lang, RestMsg::SeekUs)}</span>
                        <input type="number" data-testid="seek-us" min={min_of(&declared::SEEK_US)} max={max_of(&declared::SEEK_US)} value={cost.seek_us.to_string()} oninput={on_seek} /></label>
                    <label class="field narrow-field"><span>{tx(lang, RestMsg::MbS)}</span>
                        <input type="number" data-testid="mb-s" min={min_of(&declared::MB_S)} max={max_of(&declared::MB_S)} value={cost.seq_mb_s.to_string()} oninput={on_mbs} /></label>
                    <label class="field narrow-field"><span>{tx(lang, RestMsg::RecordBytes)}</span>
                        <input type="number" data-testid="record-bytes" min={min_of(&declared::RECORD_BYTES)} max={max_of(&declared::RECORD_BYTES)} value={params.record_bytes.to_string()} oninput={on_bytes} /></label>
                    <label class="field narrow-field"><span>{tx(lang, RestMsg::Streams)}</span>
                        <input type="number" data-testid="streams" min={min_of(&declared::STREAMS)} max={max_of(&declared::STREAMS)} value={params.streams.to_string()} oninput={on_streams} /></label>
                </div>
                <p class="dim small">{tx(lang, RestMsg::Illustrative)}</p>
            </section>
            <section class="card cost">
                <div class="cost-row" data-testid="cost-sequential" data-value={format!("{seq:.0}")}>
                    <span>{tx(lang, RestMsg::Sequential)}</span>
                    <span class="bar-track"><span class="bar good" style={bar(seq)}></span></span>
                    <strong>{rate(lang, seq)}</strong>
                </div>
                <div class="cost-row" data-testid="cost-random" data-value={format!("{random:.0}")}>
                    <span>{tx(lang, RestMsg::Random)}</span>
                    <span class="bar-track"><span class="bar bad-bar" style={bar(random)}></span></span>
                    <strong>{format!("{} · {}% {}", rate(lang, random), i18n::decimal(lang, cost.random_seek_share(bytes) * 100.0, 1), tx(lang, RestMsg::SeekShare))}</strong>
                </div>
                <p class="small" data-testid="cost-streams" data-value={format!("{:.0}", streams_total / 1e6)}>
                    {format!("{} {}: {}", tx(lang, RestMsg::StreamsLine), params.streams, i18n::megabytes_per_second(lang, streams_total))}
                </p>
            </section>
        </>
    }
}

pub fn view_disk_scene(
    sim: &Sim<Disk>,
    params: &AppParams,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let d = sim.model();
    html! {
        <div class="rest-scene">
            { memo(view_disk_params, params, &on_params) }
            <section class="card" aria-labelledby="cache-title">
                <h2 id="cache-title">{tx(lang, RestMsg::PageCache)}</h2>
                <p class="small"><code>{"orders-0/00000000000000000000.log"}</code>{format!(" · {PAGES} × {}", tx(lang, RestMsg::PageSize))}</p>
                <ol class="pages" data-testid="pages">
                    { for (0..PAGES).map(|p| {
                        let state = if p >= d.written { "unwritten" } else if d.cached(p) { "cached" } else { "disk" };
                        let reader = p == d.read;
                        let writer = p == d.written;
                        html! {
                            <li class={classes!("page", state, reader.then_some("reader"), writer.then_some("writer"))}
                                title={i18n::page_name(lang, p as u64)}>
                                {if reader { "▲" } else if writer { "✎" } else { "" }}
                            </li>
                        }
                    }) }
                </ol>
                <ul class="legend inline-legend">
                    <li><span class="swatch processed"></span>{format!(" {} (≤ {CACHE_PAGES})", tx(lang, RestMsg::Cached))}</li>
                    <li><span class="swatch fetched"></span>{format!(" {}", tx(lang, RestMsg::OnDisk))}</li>
                    <li><span class="swatch unread"></span>{format!(" {}", tx(lang, RestMsg::NotWritten))}</li>
                    <li>{format!("▲ {} · ✎ {}", tx(lang, RestMsg::Reader), tx(lang, RestMsg::Writer))}</li>
                </ul>
                <dl class="stats">
                    { stat("hits", tx(lang, RestMsg::Hits), u64::from(d.hits)) }
                    { stat("misses", tx(lang, RestMsg::Misses), u64::from(d.misses)) }
                    { stat("prefetched", tx(lang, RestMsg::Prefetched), u64::from(d.prefetched)) }
                </dl>
            </section>
        </div>
    }
}

fn view_side(
    lang: Lang,
    title: &'static str,
    side: &'static str,
    workers: &[Worker],
    checker: &OrderChecker,
    scene: &RabbitScene,
) -> Html {
    let violations = checker.reorders();
    html! {
        <section class="card side" data-side={side}>
            <h2>{title}</h2>
            <p data-testid="violations-count" data-side={side} data-count={violations.to_string()}
                class={classes!(if violations > 0 { "bad" } else { "ok" })}>
                {format!("{} {}: {violations}", if violations > 0 { "⚠" } else { "✓" }, tx(lang, RestMsg::Violations))}
            </p>
            <ol class="plain">
                { for workers.iter().enumerate().map(|(i, w)| html! {
                    <li class="consumer-row">
                        <span class="worker-name">{format!("consumer-{}", i + 1)}</span>
                        <span class="handled-chips">
                            // Keyed by position: the list only grows, and unkeyed
                            // chips would each be rewritten on every append.
                            { for w.handled.iter().enumerate().map(|(k, &m)| {
                                let (order, event) = scene.messages[m as usize];
                                html! { <span key={k} class={classes!("chip-s", format!("o{}", order % 6))} title={order_key(order)}>{format!("#{order}{}", &event.value()[..1])}</span> }
                            }) }
                        </span>
                    </li>
                }) }
            </ol>
            { view_violations(checker.violations(), lang) }
        </section>
    }
}

/// The competing consumers' settings: the link's parameters only.
fn view_rabbitmq_params(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let on_consumers = edit(params, on_params, |p, e: InputEvent| {
        p.rabbit_consumers = parse_in(
            &input_value(&e),
            &declared::CONSUMERS.range(),
            p.rabbit_consumers,
        );
    });
    let pick = |r: Remedy| edit(params, on_params, move |p, _: Event| p.remedy = r);
    html! {
        <section class="card">
            <label class="field">
                <span>{format!("{} = {}", tx(lang, RestMsg::Consumers), params.rabbit_consumers)}</span>
                <input type="range" data-testid="consumers" min={min_of(&declared::CONSUMERS)} max={max_of(&declared::CONSUMERS)} value={params.rabbit_consumers.to_string()} oninput={on_consumers} />
            </label>
            <fieldset class="placement">
                <legend>{tx(lang, RestMsg::Remedy)}</legend>
                { for [(Remedy::None, RestMsg::RemedyNone), (Remedy::SingleActiveConsumer, RestMsg::RemedySingle), (Remedy::ConsistentHash, RestMsg::RemedyHash)].iter().map(|&(r, m)| html! {
                    <label class="check">
                        <input type="radio" name="remedy" data-testid="remedy" value={r.id()} checked={params.remedy == r} onchange={pick(r)} />
                        <span>{tx(lang, m)}</span>
                    </label>
                }) }
            </fieldset>
            <p class="note">{tx(lang, RestMsg::RabbitNote)}</p>
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
    html! {
        <div class="rest-scene">
            { memo(view_rabbitmq_params, params, &on_params) }
            <div class="sides">
                { view_side(lang, tx(lang, RestMsg::RabbitSide), "rabbitmq", &s.rabbit, &s.rabbit_checker, s) }
                { view_side(lang, tx(lang, RestMsg::KafkaSide), "kafka", &s.kafka, &s.kafka_checker, s) }
            </div>
        </div>
    }
}
