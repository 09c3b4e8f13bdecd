//! The routing scene's stream: a burst of records drawn lane by lane as
//! each partition receives them, and the keyless strategies compared on
//! the same burst.

use super::narration::routing_caption;
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, fixed, t, Msg};
use crate::params::AppParams;
use crate::scenes::routing::model::{
    order_key, processing_ms, run_to_end, stream_record, RoutingStream, RoutingStreamConfig,
    StreamKeys, TOPIC,
};
use crate::scenes::routing::text::RoutingMsg;
use crate::sim::checker::{FindingKind, Position};
use crate::sim::keyless::KeylessStrategy;
use crate::sim::record::OrderEvent;
use crate::sim::{Sim, SimTime};
use crate::widgets::form::{edit, edit_number, max_of, min_of};
use crate::widgets::layout::{fetch_trip, progress};
use crate::widgets::tip;
use crate::widgets::violations::{
    inversion_arrow_def, marks_class, view_violations, violation_mark, Cell,
};
use yew::prelude::*;

fn strategy_label(lang: Lang, s: KeylessStrategy) -> &'static str {
    match s {
        KeylessStrategy::RoundRobin => t(lang, RoutingMsg::StrategyRoundRobin),
        KeylessStrategy::Sticky => t(lang, RoutingMsg::StrategySticky),
        KeylessStrategy::UniformSticky => t(lang, RoutingMsg::StrategyUniformSticky),
    }
}

const LANE_LABEL_W: f64 = 210.0;
const ACC_W: f64 = 130.0;
// A record's size; style.css draws its rects at this size
// (`.routing-figure .record`). A phone's text is set larger, so its records
// are wider: "Delivered" at 13 px.
const CELL_W: f64 = 60.0;
const NARROW_CELL_W: f64 = 78.0;
const CELL_H: f64 = 34.0;
const CELL_GAP: f64 = 4.0;
const LANE_PAD: f64 = 8.0;
/// The margin around a lane's consumer, on its right, where the record it
/// is processing sits.
const CONSUMER_PAD: f64 = 16.0;

/// A record on its way to its partition, in a batch the broker has not
/// appended yet.
struct InFlightRecord {
    order: u32,
    event: OrderEvent,
    /// The offset it will get: batches reach the broker in the order they
    /// were sent (one connection), each after the ones before it.
    offset: u64,
    /// How far along its trip it is, from `sent_at` (0) to `deliver_at` (1).
    trip: f64,
}

/// What a record shows wherever it is drawn (in its partition, on its way
/// there, or at its consumer): its cell, its key's colour, its order and
/// its event. Sized by style.css (`.routing-figure .record`).
fn record_face(order: &dyn std::fmt::Display, event: OrderEvent) -> Html {
    html! {
        <>
            <rect class="cell" />
            <rect class="key-bar" />
            <text x="4" y="16">{format!("#{order}")}</text>
            <text x="4" y="29">{event.value()}</text>
        </>
    }
}

fn in_flight_records(s: &RoutingStream, partition: u32, now: SimTime) -> Vec<InFlightRecord> {
    let mut offset = s.logs[partition as usize].log_end_offset();
    let mut out = Vec::new();
    for f in s
        .in_flight
        .iter()
        .filter(|f| f.batch.partition == partition)
    {
        let trip = progress(
            now.as_millis(),
            f.sent_at.as_millis(),
            f.deliver_at.as_millis(),
        );
        for &index in &f.batch.records {
            let (order, event) = stream_record(index);
            out.push(InFlightRecord {
                order,
                event,
                offset,
                trip,
            });
            offset += 1;
        }
    }
    out
}

pub(super) fn view_stream(
    sim: &Sim<RoutingStream>,
    outcome: &RoutingStream,
    params: &AppParams,
    narrow: bool,
    on_params: &Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let width = if narrow { 360.0 } else { 960.0 };
    let cells_x = if narrow { 8.0 } else { LANE_LABEL_W + ACC_W };
    let cell_w = if narrow { NARROW_CELL_W } else { CELL_W };
    let consumer_w = cell_w + CONSUMER_PAD;
    let per_line = (((width - cells_x - 8.0 - consumer_w + CELL_GAP) / (cell_w + CELL_GAP)).floor()
        as usize)
        .max(1);
    // At most a handful of partitions hold this stream's 20 records: draw
    // those (and any with a batch on the way), and count the empty rest.
    // They are the partitions that hold records when the run ends, drawn
    // from the start: lanes do not appear while it plays and push the ones
    // below them down, and a replay does not build them all again. A log
    // only grows, so the outcome's is never shorter than the one on view.
    let final_len = |p: u32| {
        outcome
            .logs
            .get(p as usize)
            .map_or(0, |l| l.log_end_offset())
    };
    let shown: Vec<u32> = (0..s.config.partitions)
        .filter(|&p| {
            s.config.partitions <= 8
                || final_len(p) > 0
                || s.accumulator.open_batch(p).is_some()
                || s.in_flight.iter().any(|f| f.batch.partition == p)
        })
        .collect();
    let mut y = 8.0;
    let mut lanes = Vec::new();
    for &p in &shown {
        // Tall enough for what the lane will hold, so it does not grow
        // while the run plays.
        let lines = (final_len(p) as usize).div_ceil(per_line).max(1);
        let top = y;
        let header_h = if narrow { 36.0 } else { 0.0 };
        let h = LANE_PAD * 2.0 + header_h + lines as f64 * (CELL_H + CELL_GAP);
        lanes.push((p, top, h, header_h));
        y += h + 6.0;
    }
    // Where offset `offset` of a lane sits: its cell's top-left corner.
    let slot = |offset: u64, top: f64, header_h: f64| {
        let i = offset as usize;
        (
            cells_x + (i % per_line) as f64 * (cell_w + CELL_GAP),
            top + LANE_PAD + header_h + (i / per_line) as f64 * (CELL_H + CELL_GAP),
        )
    };
    // Where lane `top`'s consumer holds the record it processes.
    let consumer_slot = |top: f64, header_h: f64| (width - consumer_w, top + LANE_PAD + header_h);
    let now = sim.now();
    let empty = s.config.partitions as usize - shown.len();
    let height = y + if empty > 0 { 24.0 } else { 0.0 };
    let consumers = &s.consumers;

    let on_strategy = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(s) = KeylessStrategy::from_id(&select.value()) {
            p.routing.keyless = s;
        }
    });
    let on_batch = edit_number(params, on_params, &declared::ROUTING_BATCH_SIZE);
    let on_linger = edit_number(params, on_params, &declared::ROUTING_LINGER_MS);
    let violations = s.checker.violations();
    // Each broken pair where the group handled it: the record handled
    // first and the earlier event handled after it, in their lanes.
    let cell = |at: Position| {
        let &(_, top, _, header_h) = lanes.iter().find(|l| l.0 == at.partition)?;
        let (x, y) = slot(at.offset, top, header_h);
        Some(Cell {
            x,
            y,
            w: cell_w,
            h: CELL_H,
        })
    };
    let marks: Vec<Html> = violations
        .iter()
        .enumerate()
        .filter_map(|(id, v)| match v.kind {
            FindingKind::Reorder { seen_at, .. } => Some(violation_mark(
                id,
                &v.key,
                cell(seen_at)?,
                cell(v.position)?,
                i18n::violation_at(lang, v, i18n::Place::Partition),
            )),
            FindingKind::Duplicate { .. } => None,
        })
        .collect();
    let sent = s.in_flight.len();

    html! {
        <section class="card stream" aria-labelledby="stream-title" data-testid="figure">
            <h2 id="stream-title">{t(lang, RoutingMsg::StreamTitle)}</h2>
            <p>{ if params.routing.key_null { t(lang, RoutingMsg::StreamNull) } else { t(lang, RoutingMsg::StreamKeyed) } }</p>
            <svg class={classes!("stream-figure", "routing-figure", narrow.then_some("narrow"))} data-testid="stream-figure" viewBox={format!("0 0 {} {}", fixed(width, 0), fixed(height, 0))} role="img"
                aria-label={t(lang, RoutingMsg::StreamTitle)} onmouseover={tip::on_hover(tip::order_record)}>
                { tip::tip_title() }
                // One keyed node per lane: with many partitions the lanes on
                // show come and go, and each must keep its own records.
                { lanes.iter().map(|&(p, top, h, header_h)| {
                    let log = &s.logs[p as usize];
                    let consumer = &consumers[p as usize];
                    let (lo, hi) = processing_ms(p);
                    let speed = super::numbered::consumer_speed(lang, &consumer.client_id, (lo + hi) / 2);
                    let open = s.accumulator.open_batch(p);

                    let label_x = 10.0;
                    let processing = s.busy[p as usize];
                    let busy = processing.map(|b| b.offset);
                    let (slot_x, slot_y) = consumer_slot(top, header_h);
                    let on_the_way = in_flight_records(s, p, now);
                    let flying = on_the_way.len();
                    html! {
                        <g key={p.to_string()} class="lane" data-testid="partition-lane" data-partition={p.to_string()}>
                            <rect class="lane-bg" x="4" y={fixed(top, 1)} width={fixed(width - 8.0, 1)} height={fixed(h, 1)} rx="6" />
                            <text class="lane-title" x={fixed(label_x, 1)} y={fixed(top + 18.0, 1)}>
                                {format!("{TOPIC}-{p}")}
                            </text>
                            <text class="lane-meta" x={fixed(if narrow { 90.0 } else { label_x }, 1)} y={fixed(top + if narrow { 18.0 } else { 34.0 }, 1)}>{speed}</text>
                            if !narrow {
                                <text class="lane-meta" x={fixed(LANE_LABEL_W, 1)} y={fixed(top + 18.0, 1)}>
                                    {format!("{}: {}", t(lang, RoutingMsg::OpenBatch), open.map_or(0, |b| b.records.len()))}
                                </text>
                                <text class="lane-meta" x={fixed(LANE_LABEL_W, 1)} y={fixed(top + 34.0, 1)}>
                                    {format!("{}: {flying}", t(lang, RoutingMsg::InFlight))}
                                </text>
                            } else {
                                <text class="lane-meta" x={fixed(label_x, 1)} y={fixed(top + 32.0, 1)}>
                                    {format!("{}: {} · {}: {flying}", t(lang, RoutingMsg::OpenBatch), open.map_or(0, |b| b.records.len()), t(lang, RoutingMsg::InFlight))}
                                </text>
                            }
                            <g class="consumer-slot" data-testid="consumer" data-consumer={consumer.client_id.clone()}>
                                <title>{consumer.client_id.clone()}</title>
                                <rect class="consumer-box" x={fixed(slot_x - 8.0, 1)} y={fixed(slot_y - 2.0, 1)} width={fixed(cell_w + 16.0, 1)} height={fixed(CELL_H + 4.0, 1)} rx="6" />
                                // A phone names it in the lane's header, just
                                // above; the record it takes covers the name.
                                if !narrow && processing.is_none() {
                                    <text class="slot-label" x={fixed(slot_x + cell_w / 2.0, 1)} y={fixed(slot_y + CELL_H / 2.0 + 4.0, 1)}>{consumer.client_id.clone()}</text>
                                }
                            </g>
                            // A keyed list of its own, not spliced after the lane's
                            // header: Yew pairs an unkeyed list from its end, so a
                            // new record would re-create the header and every
                            // record before it.
                            { log.records().map(|r| {
                                let (x, cy) = slot(r.offset, top, header_h);
                                let order = r.entity.trim_start_matches("order-").to_owned();
                                let state = if r.offset < consumer.processed_up_to() && busy != Some(r.offset) {
                                    "processed"
                                } else if busy == Some(r.offset) {
                                    "processing"
                                } else {
                                    "unread"
                                };
                                html! {
                                    <g key={format!("{p}-{}", r.offset)} class={classes!("record", "small", state, format!("order-{}", order))}
                                        data-testid="record" data-topic={TOPIC} data-partition={p.to_string()}
                                        data-offset={r.offset.to_string()} data-key={r.key.clone().unwrap_or_default()}
                                        data-key-null={r.key.is_none().then_some("true")} data-entity={r.entity.clone()}
                                        data-step={r.event.step().to_string()}
                                        transform={format!("translate({},{})", fixed(x, 1), fixed(cy, 1))}>
                                        { record_face(&order, r.event) }
                                    </g>
                                }
                            }).chain(on_the_way.iter().map(|f| {
                                let (x1, y1) = slot(f.offset, top, header_h);
                                let (x0, y0) = (if narrow { x1 } else { LANE_LABEL_W }, if narrow { top + 4.0 } else { top + LANE_PAD });
                                let (x, cy) = (x0 + (x1 - x0) * f.trip, y0 + (y1 - y0) * f.trip);
                                html! {
                                    <g key={format!("{p}-{}", f.offset)} class={classes!("record", "small", "flying", format!("order-{}", f.order))}
                                        data-testid="flying-record" data-partition={p.to_string()} data-offset={f.offset.to_string()}
                                        data-entity={order_key(f.order)} data-step={f.event.step().to_string()}
                                        data-trip={fixed(f.trip, 2)}
                                        transform={format!("translate({},{})", fixed(x, 1), fixed(cy, 1))}>
                                        { record_face(&f.order, f.event) }
                                    </g>
                                }
                            })).chain(processing.and_then(|b| {
                                // The record the consumer is processing: a copy
                                // leaves its cell (the log keeps the record) for
                                // the consumer, and stays there until it is done.
                                let r = log.record(b.offset)?;
                                let trip = fetch_trip(now.as_millis(), b.since.as_millis(), b.until.as_millis());
                                let (x0, y0) = slot(b.offset, top, header_h);
                                let (x, cy) = (x0 + (slot_x - x0) * trip, y0 + (slot_y - y0) * trip);
                                let order = r.entity.trim_start_matches("order-").to_owned();
                                Some(html! {
                                    <g key={format!("{p}-taken-{}", b.offset)} class={classes!("record", "small", "fetched", format!("order-{}", order))}
                                        data-testid="fetched-record" data-partition={p.to_string()} data-offset={b.offset.to_string()}
                                        data-entity={r.entity.clone()} data-step={r.event.step().to_string()}
                                        data-consumer={consumer.client_id.clone()} data-trip={fixed(trip, 2)}
                                        transform={format!("translate({},{})", fixed(x, 1), fixed(cy, 1))}>
                                        { record_face(&order, r.event) }
                                    </g>
                                })
                            })).collect::<Html>() }
                        </g>
                    }
                }).collect::<Html>() }
                {inversion_arrow_def()}
                <g class={marks_class(marks.len())}>{marks}</g>
                if empty > 0 {
                    <text class="lane-meta" x="10" y={fixed(height - 8.0, 1)}>
                        {i18n::more_empty_partitions(lang, empty)}
                    </text>
                }
            </svg>
            <p class="narration" aria-live="polite" data-testid="narration">
                { routing_caption(lang, s.caption(sim.last_event().map(|(_, e)| e))) }
            </p>
            // The settings after the drawing they change.
            <div class="stream-params">
                <label class="field">
                    <span>{t(lang, RoutingMsg::Strategy)}</span>
                    <select data-testid="keyless-strategy" onchange={on_strategy} disabled={!params.routing.key_null}>
                        for &k in KeylessStrategy::ALL.iter() {
                            <option value={k.id()} selected={params.routing.keyless == k}>{strategy_label(lang, k)}</option>
                        }
                    </select>
                </label>
                <label class="field">
                    <span><code>{"batch.size"}</code>{format!(" = {}", params.routing.batch_size)}</span>
                    <input type="range" data-testid="batch-size" min={min_of(&declared::ROUTING_BATCH_SIZE)} max={max_of(&declared::ROUTING_BATCH_SIZE)}
                        step="2" value={params.routing.batch_size.to_string()} oninput={on_batch} />
                    <span class="help">{t(lang, RoutingMsg::BatchSizeHelp)}</span>
                </label>
                <label class="field">
                    <span><code>{"linger.ms"}</code>{format!(" = {}", params.routing.linger_ms)}</span>
                    <input type="range" data-testid="linger-ms" min={min_of(&declared::ROUTING_LINGER_MS)}
                        max={max_of(&declared::ROUTING_LINGER_MS)} step="5" value={params.routing.linger_ms.to_string()} oninput={on_linger} />
                    <span class="help">{t(lang, RoutingMsg::LingerHelp)}</span>
                </label>
            </div>
            <p class="dim small">{t(lang, RoutingMsg::AdaptiveNote)}</p>
            <KeylessComparison params={params.clone()} />
            <dl class="stats inline">
                <div><dt>{t(lang, RoutingMsg::Switches)}</dt>
                    <dd data-testid="stat" data-name="switches" data-value={s.accumulator.switches.to_string()}>{s.accumulator.switches}</dd></div>
                <div><dt>{t(lang, RoutingMsg::InFlight)}</dt>
                    <dd data-testid="stat" data-name="in-flight" data-value={sent.to_string()}>{sent}</dd></div>
                <div><dt>{t(lang, Msg::OrderViolations)}</dt>
                    <dd data-testid="stat" data-name="violations" data-value={violations.len().to_string()}>{violations.len()}</dd></div>
            </dl>
            <h3>{t(lang, RoutingMsg::HandledTitle)}</h3>
            if s.handled.is_empty() {
                <p class="dim">{t(lang, RoutingMsg::NothingHandled)}</p>
            } else {
                <ol class="handled" data-testid="handled">
                    // Keyed by position: the list only grows, and Yew pairs
                    // unkeyed items from the end, which would rewrite every item.
                    for (i, h) in s.handled.iter().enumerate() {
                        <li key={i} class={classes!(format!("order-{}", h.order), h.out_of_order.then_some("out-of-order"))}
                            data-partition={h.partition.to_string()} data-entity={order_key(h.order)} data-step={h.event.step().to_string()}>
                            if h.out_of_order { <span aria-hidden="true">{"⚠ "}</span> }
                            {format!("#{} {}", h.order, h.event.value())}
                            <span class="dim">{format!(" · p{}", h.partition)}</span>
                            if h.out_of_order { <span class="visually-hidden">{format!(" — {}", t(lang, RoutingMsg::OutOfOrder))}</span> }
                        </li>
                    }
                </ol>
            }
            { view_violations(violations, lang) }
        </section>
    }
}

/// Keeps the histogram's counts until K or N changes: up to 100,000 hashes
/// must not run again on every animation frame.
#[derive(Properties, PartialEq)]
pub(super) struct ComparisonProps {
    params: AppParams,
}

/// The stream under every routing at once, on the learner's seed and
/// settings. Each run is a few hundred events; they are redone only when
/// a setting changes, not on every frame.
#[component(KeylessComparison)]
pub(super) fn keyless_comparison(props: &ComparisonProps) -> Html {
    let p = &props.params;
    let lang = p.lang;
    let rows = use_memo(
        (
            p.seed,
            p.routing.partitions,
            p.routing.batch_size,
            p.routing.linger_ms,
        ),
        |&(seed, partitions, batch_size, linger_ms)| {
            let keys = [StreamKeys::OrderId]
                .into_iter()
                .chain(KeylessStrategy::ALL.map(StreamKeys::Null))
                .collect::<Vec<_>>();
            keys.into_iter()
                .map(|keys| {
                    let s = run_to_end(
                        RoutingStreamConfig {
                            partitions,
                            keys,
                            batch_size,
                            linger_ms,
                        },
                        seed,
                    );
                    let per_partition: Vec<u64> =
                        s.logs.iter().map(|l| l.log_end_offset()).collect();
                    (keys, per_partition, s.accumulator.switches, s.reorders())
                })
                .collect::<Vec<_>>()
        },
    );
    let current = p.routing.stream_config().keys;
    html! {
        <div class="table-scroll" role="group" tabindex="0" aria-labelledby="keyless-comparison-title">
            // Stacked on a phone, so each cell names its column (`data-label`),
            // and the roles keep it a table for a screen reader.
            <table class="clients compare" data-testid="keyless-comparison" role="table">
                <caption id="keyless-comparison-title">{t(lang, RoutingMsg::CompareTitle)}</caption>
                <thead role="rowgroup"><tr role="row">
                    <th scope="col" role="columnheader">{t(lang, RoutingMsg::CompareHow)}</th>
                    <th scope="col" role="columnheader">{t(lang, RoutingMsg::ComparePerPartition)}</th>
                    <th scope="col" role="columnheader">{t(lang, RoutingMsg::Switches)}</th>
                    <th scope="col" role="columnheader">{t(lang, Msg::OrderViolations)}</th>
                </tr></thead>
                <tbody role="rowgroup">
                    for (keys, per_partition, switches, reorders) in rows.iter() { {{
                        let (id, name) = match keys {
                            StreamKeys::OrderId => ("order-id", t(lang, RoutingMsg::KeyedByOrder)),
                            StreamKeys::Null(s) => (s.id(), strategy_label(lang, *s)),
                        };
                        let shown: Vec<String> = per_partition.iter().take(16).map(u64::to_string).collect();
                        let more = if per_partition.len() > 16 { " …" } else { "" };
                        html! {
                            <tr data-testid="comparison-row" data-routing={id} data-violations={reorders.to_string()}
                                class={classes!((*keys == current).then_some("current"))} role="row">
                                <th scope="row" role="rowheader">{name}</th>
                                <td role="cell" data-label={t(lang, RoutingMsg::ComparePerPartition)}><code>{format!("{}{more}", shown.join(" · "))}</code></td>
                                <td class="num" role="cell" data-label={t(lang, RoutingMsg::Switches)}>{switches}</td>
                                <td class={classes!("num", (*reorders > 0).then_some("bad"))} role="cell" data-label={t(lang, Msg::OrderViolations)}>
                                    {if *reorders > 0 { format!("⚠ {reorders}") } else { "✓ 0".to_owned() }}
                                </td>
                            </tr>
                        }
                    }} }
                </tbody>
            </table>
        </div>
    }
}
