//! The view of scene "repartition": which keys move, one order's split
//! history, the partitions as the change happens, and the three ways
//! compared on one seed.

use super::narration::repartition_caption;
use super::params as declared;
use crate::i18n::fixed;
use crate::i18n::Lang;
use crate::i18n::{self, t, Msg};
use crate::params::{AppParams, Part};
use crate::scenes::repartition::model::{
    key_hash, order_key, run_to_end, KeyMoves, Refusal, Repartition, RepartitionConfig, Speeds,
    Strategy, CHANGE_AT, GROUP_SEES_AT, NEW_TOPIC, ORDERS, PRODUCER_SEES_AT,
};
use crate::scenes::repartition::text::RepartitionMsg;
use crate::sim::consumer::OffsetReset;
use crate::sim::record::{OrderEvent, Record};
use crate::sim::Sim;
use crate::sim::SimTime;
use crate::widgets::after_ready::use_after_ready;
use crate::widgets::fold::Fold;
use crate::widgets::form::{edit, edit_number, max_of, min_of};
use crate::widgets::layout::fetch_trip;
use crate::widgets::memo::memo;
use crate::widgets::tip;
use crate::widgets::violations::{
    inversion_arrow_def, marks_class, view_violations, violation_mark, Cell,
};
use yew::prelude::*;

/// Keys in the "over many keys" line.
const MANY_KEYS: u32 = 10_000;

fn strategy_label(lang: Lang, s: Strategy) -> &'static str {
    t(
        lang,
        match s {
            Strategy::Naive => RepartitionMsg::Naive,
            Strategy::TwoPhase => RepartitionMsg::TwoPhase,
            Strategy::NewTopic => RepartitionMsg::NewTopic,
        },
    )
}

fn strategy_about(lang: Lang, s: Strategy) -> &'static str {
    t(
        lang,
        match s {
            Strategy::Naive => RepartitionMsg::AboutNaive,
            Strategy::TwoPhase => RepartitionMsg::AboutTwoPhase,
            Strategy::NewTopic => RepartitionMsg::AboutNewTopic,
        },
    )
}

fn view_inputs(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let on_from = edit_number(params, on_params, &declared::FROM);
    let on_to = edit_number(params, on_params, &declared::TO);
    let pick = |s: Strategy| {
        edit(params, on_params, move |p, _: Event| {
            p.repartition.strategy = s
        })
    };
    let on_reset = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(r) = OffsetReset::from_id(&select.value()) {
            p.repartition.offset_reset = r;
        }
    });
    html! {
        <section class="card">
            <div class="inputs">
                <label class="field narrow-field">
                    <span>{t(lang, RepartitionMsg::From)}</span>
                    <input type="number" data-testid="from-input" min={min_of(&declared::FROM)} max={max_of(&declared::FROM)} value={params.repartition.from.to_string()} oninput={on_from} />
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, RepartitionMsg::To)}</span>
                    <input type="number" data-testid="to-input" min={min_of(&declared::TO)} max={max_of(&declared::TO)} value={params.repartition.to.to_string()} oninput={on_to} />
                </label>
            </div>
            <fieldset class="placement">
                <legend>{t(lang, RepartitionMsg::How)}</legend>
                for &s in Strategy::ALL.iter() {
                    <label class="check">
                        <input type="radio" name="strategy" data-testid="strategy" value={s.id()}
                            checked={params.repartition.strategy == s} onchange={pick(s)} />
                        <span>{strategy_label(lang, s)}</span>
                    </label>
                }
            </fieldset>
            <label class="field">
                <span>{t(lang, RepartitionMsg::OffsetReset)}</span>
                <select data-testid="auto-offset-reset" onchange={on_reset}>
                    <option value="earliest" selected={params.repartition.offset_reset == OffsetReset::Earliest}>{t(lang, RepartitionMsg::ResetEarliest)}</option>
                    <option value="latest" selected={params.repartition.offset_reset == OffsetReset::Latest}>{t(lang, RepartitionMsg::ResetLatest)}</option>
                </select>
            </label>
            <p class="note outcome" data-testid="strategy-about">{strategy_about(lang, params.repartition.strategy)}</p>
            // A change in place has its own card, with when each side sees it.
            if params.repartition.strategy == Strategy::NewTopic {
                <p class="dim small">{super::numbered::new_topic_at(lang, CHANGE_AT, params.repartition.to)}</p>
            }
        </section>
    }
}

/// The controller's answer when the link asks a topic to shrink, or to
/// keep its count, in place: the change is refused and nothing moves.
fn refusal_text(lang: Lang, refusal: Refusal) -> String {
    match refusal {
        Refusal::AlreadyHas { partitions } => {
            super::numbered::refused_already_has(lang, partitions)
        }
        Refusal::NotAnIncrease { partitions, asked } => {
            super::numbered::refused_not_an_increase(lang, partitions, asked)
        }
    }
}

/// Who sees the new partitions when: the broker at once, the producer at
/// its metadata refresh, the group after its own and a rebalance, from
/// `auto.offset.reset`. Each line lights up once its moment has come.
fn view_window(params: &AppParams, now: crate::sim::SimTime) -> Html {
    let lang = params.lang;
    let reset = params.repartition.offset_reset;
    let steps = [
        (CHANGE_AT, super::numbered::change_at(lang, CHANGE_AT)),
        (
            PRODUCER_SEES_AT,
            super::numbered::window_producer(
                lang,
                PRODUCER_SEES_AT,
                params.repartition.from,
                params.repartition.to,
            ),
        ),
        (
            GROUP_SEES_AT,
            super::numbered::window_group(lang, GROUP_SEES_AT, reset.id()),
        ),
    ];
    let after = t(
        lang,
        match reset {
            OffsetReset::Earliest => RepartitionMsg::WindowEarliest,
            OffsetReset::Latest => RepartitionMsg::WindowLatest,
        },
    );
    html! {
        <section class="card" aria-labelledby="window-title" data-testid="metadata-window">
            <h3 id="window-title">{t(lang, RepartitionMsg::WindowTitle)}</h3>
            <ol class="plain small">
                for (at, text) in steps.into_iter() {
                    <li data-testid="window-step" data-at={at.as_millis().to_string()}
                        class={classes!(if now >= at { "ok" } else { "dim" })}>{text}</li>
                }
            </ol>
            <p class={classes!("small", (reset == OffsetReset::Latest).then_some("warning"))}>{after}</p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct KeysProps {
    from: u32,
    /// The count the keys end up under: `from` when the change is refused.
    to: u32,
    lang: Lang,
}

/// The key grid, and the moved share over many keys (10,000 hashes,
/// redone only when the counts change).
#[component(KeyGrid)]
fn key_grid(props: &KeysProps) -> Html {
    let (from, to, lang) = (props.from, props.to, props.lang);
    let many = use_memo((from, to), |&(from, to)| {
        let hashes: Vec<u32> = (1..=MANY_KEYS).map(key_hash).collect();
        KeyMoves::of(&hashes, from, to)
    });
    let hashes: Vec<u32> = (1..=ORDERS).map(key_hash).collect();
    let moves = KeyMoves::of(&hashes, from, to);
    html! {
        <section class="card" aria-labelledby="keys-title">
            <h2 id="keys-title">{t(lang, RepartitionMsg::KeysTitle)}</h2>
            <p data-testid="moved-share" data-moved={moves.kafka.to_string()} data-total={hashes.len().to_string()}>
                if from == to {
                    {t(lang, RepartitionMsg::NoKeyMoves)}
                } else {
                    {super::numbered::moved_share(lang, moves.kafka, moves.keys, moves.jump, moves.least_pct)}
                }
            </p>
            if from != to {
                <p class="dim small">{super::numbered::moved_share_many(lang, many.keys, many.kafka, many.jump, many.least_pct)}</p>
            }
            <ul class="key-grid">
                for order in 1..=ORDERS { {{
                    let h = key_hash(order);
                    let (a, b) = (h % from, h % to);
                    let moves = a != b;
                    html! {
                        <li class={classes!(moves.then_some("moved"))} data-testid="key-move" data-key={order_key(order)}
                            data-from-partition={a.to_string()} data-to-partition={b.to_string()}>
                            <code>{order_key(order)}</code>
                            <span>{format!("{a} → {b}")}</span>
                            <span class="small">{if moves { format!("↦ {}", t(lang, RepartitionMsg::Moved)) } else { format!("= {}", t(lang, RepartitionMsg::Stays)) }}</span>
                        </li>
                    }
                }} }
            </ul>
            <p class="small">{t(lang, RepartitionMsg::ConsistentNote)}</p>
        </section>
    }
}

fn view_split(scene: &Repartition, params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    // The order to follow: the link's, else the first one broken, else
    // the first one that moves.
    let focus = params.repartition.focus_order.unwrap_or_else(|| {
        scene
            .checker
            .violations()
            .first()
            .and_then(|v| v.key.trim_start_matches("order-").parse().ok())
            .or_else(|| {
                (1..=ORDERS).find(|&o| {
                    key_hash(o) % params.repartition.from != key_hash(o) % params.repartition.to
                })
            })
            .unwrap_or(1)
    });
    let on_pick = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        p.repartition.focus_order = select.value().parse().ok();
    });
    html! {
        <section class="card" aria-labelledby="split-title">
            <h2 id="split-title">{t(lang, RepartitionMsg::SplitTitle)}</h2>
            <label class="field narrow-field">
                <span>{t(lang, RepartitionMsg::ChooseOrder)}</span>
                <select data-testid="focus-order" onchange={on_pick}>
                    for o in 1..=ORDERS {
                        <option value={o.to_string()} selected={o == focus}>{order_key(o)}</option>
                    }
                </select>
            </label>
            <table class="clients split" data-testid="split-history">
                <thead><tr>
                    <th scope="col">{t(lang, RepartitionMsg::Step)}</th>
                    <th scope="col">{t(lang, RepartitionMsg::Where)}</th>
                    <th scope="col">{t(lang, RepartitionMsg::HandledAt)}</th>
                </tr></thead>
                <tbody>
                    for step in 0..4u32 { {{
                        let event = OrderEvent::ALL[step as usize];
                        let place = scene.placements.get(&(focus, step));
                        let handled = scene.handled.iter().find(|h| h.order == focus && h.event == event);
                        let bad = handled.is_some_and(|h| h.out_of_order);
                        html! {
                            <tr class={classes!(bad.then_some("bad"))} data-step={event.step().to_string()}
                                data-partition={place.map(|p| p.1.to_string()).unwrap_or_default()}>
                                <th scope="row">{event.value()}</th>
                                <td>{place.map_or_else(|| t(lang, RepartitionMsg::NotYet).to_owned(), |(topic, p, o)| format!("{topic}-{p} · offset {o}"))}</td>
                                <td>
                                    if bad { <span aria-hidden="true">{"⚠ "}</span> }
                                    {handled.map_or_else(|| t(lang, RepartitionMsg::NotYet).to_owned(), |h| i18n::seconds(lang, h.at))}
                                </td>
                            </tr>
                        }
                    }} }
                </tbody>
            </table>
        </section>
    }
}

// A record's size; style.css draws its rect at this size
// (`.lanes-figure .record`).
const CELL_W: f64 = 40.0;
const CELL_H: f64 = 28.0;

/// One record in a lane. Its topic and partition are the lane's
/// (`data-topic`, `data-partition` on the enclosing `g.lane`): a record
/// does not repeat them, since the new topic's drain lands dozens of
/// records in one frame and every attribute is a call into the DOM. Its
/// `class` is written whole, its state last, rather than built as a set of
/// classes (`classes!`: a set and its strings allocated for each record).
fn lane_record(r: &Record, class: &'static str, x: f64, y: f64) -> Html {
    let order = r.entity.trim_start_matches("order-");
    html! {
        <g key={r.offset} {class}
            data-testid="record" data-offset={r.offset.to_string()} data-key={r.key.clone().unwrap_or_default()}
            data-step={r.event.step().to_string()} transform={format!("translate({},{})", fixed(x, 1), fixed(y, 1))}>
            <rect class="cell" />
            <text x="3" y="12">{format!("#{order}")}</text>
            <text x="3" y="24">{&r.event.value()[..1]}</text>
        </g>
    }
}

/// The column a lane keeps on its right for its consumer, where the record
/// it is processing sits.
const CONSUMER_W: f64 = CELL_W + 14.0;

fn view_lanes(scene: &Repartition, lang: Lang, narrow: bool, now: SimTime) -> Html {
    let width = if narrow { 360.0 } else { 960.0 };
    let label_w = if narrow { 0.0 } else { 170.0 };
    let per_line =
        (((width - label_w - 16.0 - CONSUMER_W) / (CELL_W + 3.0)).floor() as usize).max(1);
    let mut y = 8.0;
    let mut lanes = Vec::new();
    // With many partitions most lanes of 24 orders stay empty: those are
    // counted under the figure rather than drawn, as in the routing scene.
    let all = scene.lanes.len() <= 8;
    let shown =
        |lane: &&crate::scenes::repartition::model::Lane| all || lane.log.log_end_offset() > 0;
    let empty = scene.lanes.iter().filter(|l| !shown(l)).count();
    for (i, lane) in scene.lanes.iter().enumerate().filter(|(_, l)| shown(l)) {
        let n = lane.log.log_end_offset() as usize;
        let lines = n.div_ceil(per_line).max(1);
        let head = if narrow { 18.0 } else { 0.0 };
        let h = 12.0 + head + lines as f64 * (CELL_H + 3.0);
        lanes.push((i, y, h, head));
        y += h + 4.0;
    }
    let height = y + if empty > 0 { 20.0 } else { 0.0 };
    // Where a record sits, as the lanes below draw it.
    let cell_of = |topic: &str, partition: u32, offset: u64| {
        let &(_, top, _, head) = lanes.iter().find(|&&(i, ..)| {
            scene.lanes[i].log.topic == topic && scene.lanes[i].log.partition == partition
        })?;
        let k = offset as usize;
        Some(Cell {
            x: 8.0 + label_w + (k % per_line) as f64 * (CELL_W + 3.0),
            y: top + 6.0 + head + (k / per_line) as f64 * (CELL_H + 3.0),
            w: CELL_W,
            h: CELL_H,
        })
    };
    let marks: Vec<Html> = scene
        .broken_pairs()
        .into_iter()
        .enumerate()
        .filter_map(|(id, (v, [first, late]))| {
            Some(violation_mark(
                id,
                &v.key,
                cell_of(first.topic, first.partition, first.offset)?,
                cell_of(late.topic, late.partition, late.offset)?,
                i18n::violation_at(lang, v, i18n::Place::Partition),
            ))
        })
        .collect();
    html! {
        <section class="card" aria-labelledby="lanes-title" data-testid="figure">
            <h2 id="lanes-title">{t(lang, RepartitionMsg::LanesTitle)}</h2>
            <svg class="stream-figure lanes-figure" data-testid="lanes" viewBox={format!("0 0 {} {}", fixed(width, 0), fixed(height, 0))} role="img"
                aria-label={t(lang, RepartitionMsg::LanesTitle)} onmouseover={tip::on_hover(tip::order_record)}>
                { tip::tip_title() }
                { inversion_arrow_def() }
                // Keyed lanes in a node of their own: a lane that fills in
                // the middle must not shift the records of those after it.
                { lanes.iter().map(|&(i, top, h, head)| {
                    let lane = &scene.lanes[i];
                    let added = lane.created_at > crate::sim::SimTime::ZERO;
                    let title = format!("{}-{}{}", lane.log.topic, lane.log.partition,
                        if added { format!(" · {}", t(lang, RepartitionMsg::AddedAtChange)) } else { String::new() });
                    // A new partition nobody reads yet says so where its
                    // consumer is named.
                    let meta = match lane.read_from {
                        Some(_) => super::numbered::consumer_lane(lang, &lane.consumer.client_id, (lane.speed_ms.0 + lane.speed_ms.1) / 2),
                        None => t(lang, RepartitionMsg::NobodyReads).to_owned(),
                    };
                    let busy = lane.busy.map(|b| b.offset);
                    let (slot_x, slot_y) = (width - 8.0 - CONSUMER_W + 8.0, top + 6.0 + head);
                    let at = |o: u64| {
                        let k = o as usize;
                        (8.0 + label_w + (k % per_line) as f64 * (CELL_W + 3.0),
                            top + 6.0 + head + (k / per_line) as f64 * (CELL_H + 3.0))
                    };
                    // The record the consumer is processing: a copy leaves its
                    // cell (the log keeps the record) for the consumer, and
                    // stays there until it is done.
                    let fetched = lane.busy.and_then(|b| {
                        let r = lane.log.record(b.offset)?;
                        let trip = fetch_trip(now.as_millis(), b.since.as_millis(), b.until.as_millis());
                        let (x0, y0) = at(b.offset);
                        let order = r.entity.trim_start_matches("order-");
                        Some(html! {
                            <g key={format!("taken-{}", b.offset)} class="record small fetched" data-testid="fetched-record" data-offset={b.offset.to_string()}
                                data-entity={r.entity.clone()} data-step={r.event.step().to_string()}
                                data-consumer={lane.consumer.client_id.clone()} data-trip={fixed(trip, 2)}
                                transform={format!("translate({},{})", fixed(x0 + (slot_x - x0) * trip, 1), fixed(y0 + (slot_y - y0) * trip, 1))}>
                                <rect class="cell" />
                                <text x="3" y="12">{format!("#{order}")}</text>
                                <text x="3" y="24">{&r.event.value()[..1]}</text>
                            </g>
                        })
                    });
                    let first_read = lane.read_from.map(|(_, o)| o);
                    html! {
                        <g key={i.to_string()} class={classes!("lane", (lane.log.topic == NEW_TOPIC).then_some("new-topic"))}
                            data-testid="lane" data-topic={lane.log.topic.clone()} data-partition={lane.log.partition.to_string()}>
                            <rect class="lane-bg" x="4" y={fixed(top, 1)} width={fixed(width - 8.0, 1)} height={fixed(h, 1)} rx="6" />
                            <text class="lane-title" x="10" y={fixed(top + 16.0, 1)}>{title}</text>
                            <text class="lane-meta" x={fixed(if narrow { 160.0 } else { 10.0 }, 1)} y={fixed(top + if narrow { 16.0 } else { 30.0 }, 1)}>
                                {meta}
                            </text>
                            // A keyed list of its own: `{ for … }` would splice the
                            // records after the lane's title, and Yew pairs an
                            // unkeyed list from its end, so each new record would
                            // re-create every record and title before it.
                            // A partition the group does not read yet has no
                            // consumer to draw.
                            if lane.read_from.is_some() {
                                <g class="consumer-slot" data-testid="consumer" data-consumer={lane.consumer.client_id.clone()}>
                                    <title>{lane.consumer.client_id.clone()}</title>
                                    <rect class="consumer-box" x={fixed(slot_x - 4.0, 1)} y={fixed(slot_y - 2.0, 1)} width={fixed(CELL_W + 8.0, 1)} height={fixed(CELL_H + 4.0, 1)} rx="5" />
                                </g>
                            }
                            { lane.log.records().map(|r| {
                                let (x, cy) = at(r.offset);
                                let class = if busy == Some(r.offset) {
                                    "record small processing"
                                } else if first_read.is_some_and(|o| r.offset < o) {
                                    "record small skipped"
                                } else if r.offset < lane.consumer.processed_up_to() {
                                    "record small processed"
                                } else {
                                    "record small unread"
                                };
                                lane_record(r, class, x, cy)
                            }).chain(fetched).collect::<Html>() }
                        </g>
                    }
                }).collect::<Html>() }
                if empty > 0 {
                    <text class="lane-meta" x="10" y={fixed(height - 8.0, 1)}>
                        {i18n::more_empty_partitions(lang, empty)}
                    </text>
                }
                // Over the records, after them: each broken order where it
                // happened.
                <g class={marks_class(marks.len())}>{for marks}</g>
            </svg>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct CompareProps {
    from: u32,
    to: u32,
    offset_reset: OffsetReset,
    seed: u64,
    lang: Lang,
}

/// One strategy's outcome in the comparison table.
#[derive(Clone, Copy, PartialEq)]
struct Outcome {
    strategy: Strategy,
    refused: bool,
    reorders: usize,
    skipped: u32,
    pause_ms: u64,
    pinned: u32,
    buffered: u32,
}

#[component(StrategyCompare)]
fn strategy_compare(props: &CompareProps) -> Html {
    let lang = props.lang;
    let key = (props.from, props.to, props.offset_reset, props.seed);
    // Three runs to their end, one per strategy: left until the scene is
    // ready (`use_after_ready`), as they cost a phone about 40 ms of its
    // start, for a card below the figure.
    let rows = use_after_ready(key, |&(from, to, offset_reset, seed)| {
        Strategy::ALL
            .map(|strategy| {
                let config = RepartitionConfig {
                    from,
                    to,
                    strategy,
                    offset_reset,
                    speeds: Speeds::default(),
                };
                let s = run_to_end(config, seed);
                Outcome {
                    strategy,
                    refused: s.refused.is_some(),
                    reorders: s.reorders(),
                    skipped: s.skipped,
                    pause_ms: s.pause_ms(crate::sim::SimTime(u64::MAX)),
                    pinned: s.pinned_max(),
                    buffered: s.buffered_max,
                }
            })
            .to_vec()
    });
    html! {
        // Its verdicts answer the lesson's question about the naive change.
        <section class="card outcome">
            <div class="table-scroll" role="group" tabindex="0" aria-labelledby="strategy-comparison-title">
                // Stacked on a phone, so each cell names its column
                // (`data-label`), and the roles keep it a table for a
                // screen reader.
                <table class="clients compare" data-testid="strategy-comparison" role="table" aria-busy={rows.is_none().to_string()}>
                    <caption id="strategy-comparison-title">{t(lang, RepartitionMsg::CompareTitle)}</caption>
                    <thead role="rowgroup"><tr role="row">
                        <th scope="col" role="columnheader">{t(lang, RepartitionMsg::How)}</th>
                        <th scope="col" role="columnheader">{t(lang, RepartitionMsg::Violations)}</th>
                        <th scope="col" role="columnheader">{t(lang, RepartitionMsg::Skipped)}</th>
                        <th scope="col" role="columnheader">{t(lang, RepartitionMsg::Pause)}</th>
                        <th scope="col" role="columnheader">{t(lang, RepartitionMsg::ExtraState)}</th>
                    </tr></thead>
                    <tbody role="rowgroup">
                        if rows.is_none() {
                            <tr role="row"><td class="dim" colspan="5" role="cell">{t(lang, RepartitionMsg::CompareRunning)}</td></tr>
                        }
                        for o in rows.iter().flat_map(|rows| rows.iter()) { {{
                            let extra = match o.strategy {
                                _ if o.refused => t(lang, RepartitionMsg::RefusedShort).to_owned(),
                                Strategy::Naive => t(lang, RepartitionMsg::None).to_owned(),
                                Strategy::TwoPhase => super::numbered::table_size(lang, 0, o.pinned),
                                Strategy::NewTopic => super::numbered::pause_cost(lang, o.pause_ms, o.buffered),
                            };
                            let reorders = o.reorders;
                            html! {
                                <tr data-testid="comparison-row" data-strategy={o.strategy.id()} data-violations={reorders.to_string()}
                                    data-skipped={o.skipped.to_string()} data-refused={o.refused.to_string()} role="row">
                                    <th scope="row" role="rowheader">{strategy_label(lang, o.strategy)}</th>
                                    <td class={classes!("num", (reorders > 0).then_some("bad"))} role="cell" data-label={t(lang, RepartitionMsg::Violations)}>{if reorders > 0 { format!("⚠ {reorders}") } else { "✓ 0".to_owned() }}</td>
                                    <td class={classes!("num", (o.skipped > 0).then_some("bad"))} role="cell" data-label={t(lang, RepartitionMsg::Skipped)}>{if o.skipped > 0 { format!("⚠ {}", o.skipped) } else { "—".to_owned() }}</td>
                                    <td class="num" role="cell" data-label={t(lang, RepartitionMsg::Pause)}>{if o.pause_ms > 0 { i18n::seconds(lang, crate::sim::SimTime(o.pause_ms)) } else { "—".to_owned() }}</td>
                                    <td role="cell" data-label={t(lang, RepartitionMsg::ExtraState)}>{extra}</td>
                                </tr>
                            }
                        }} }
                    </tbody>
                </table>
            </div>
        </section>
    }
}

pub fn view_repartition_scene(
    sim: &Sim<Repartition>,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let scene = sim.model();
    let now = sim.now();
    let refusal = params.repartition.config().refusal();
    let cost = match params.repartition.strategy {
        _ if refusal.is_some() => None,
        Strategy::Naive => None,
        Strategy::TwoPhase => Some((
            t(lang, RepartitionMsg::TableTitle),
            super::numbered::table_size(lang, scene.pinned.len(), scene.pinned_max()),
        )),
        Strategy::NewTopic => Some((
            t(lang, RepartitionMsg::PauseTitle),
            super::numbered::pause_cost(lang, scene.pause_ms(now), scene.buffered_max),
        )),
    };
    // The counts the keys end up under: refused, the topic keeps its own.
    let to = if refusal.is_some() {
        params.repartition.from
    } else {
        params.repartition.to
    };
    let in_place = params.repartition.strategy != Strategy::NewTopic;
    html! {
        <div class="repartition">
            // Kafka's refusal is the scene's outcome, whichever part is shown.
            if let Some(refusal) = refusal {
                <p class="card refused" role="status" data-testid="partitions-refused" data-error="INVALID_PARTITIONS">
                    <span aria-hidden="true">{"⚠ "}</span>{refusal_text(lang, refusal)}
                </p>
            }
            // The lanes first: where each order's events went, and where
            // their order broke; then how the change was seen, and why.
            if params.shows(Part::Figure) {
                { view_lanes(scene, lang, narrow, now) }
                <p class="narration" aria-live="polite" data-testid="narration">
                    { repartition_caption(lang, scene.caption(sim.last_event().map(|(_, e)| e))) }
                </p>
                if refusal.is_none() && in_place {
                    { view_window(params, now) }
                }
            }
            if params.shows(super::params::KEYS) {
                <KeyGrid from={params.repartition.from} {to} lang={lang} />
            }
            if params.shows(Part::Settings) {
                <Fold lang={lang}>{ memo(view_inputs, params, &on_params) }</Fold>
            }
            if params.shows(Part::Numbers) {
                <div class="panels">
                    { view_split(scene, params, &on_params) }
                    <div>
                        { view_violations(scene.checker.violations(), lang) }
                        for (title, text) in cost {
                            <section class="card" data-testid="migration-cost">
                                <h3>{title}</h3>
                                <p>{text}</p>
                            </section>
                        }
                        <dl class="stats">
                            <div><dt>{t(lang, Msg::OrderViolations)}</dt>
                                <dd data-testid="stat" data-name="violations" data-value={scene.reorders().to_string()}>{scene.reorders()}</dd></div>
                            <div><dt>{t(lang, RepartitionMsg::Skipped)}</dt>
                                <dd data-testid="stat" data-name="skipped" data-value={scene.skipped.to_string()}>{scene.skipped}</dd></div>
                        </dl>
                    </div>
                </div>
            }
            if params.shows(Part::Compare) {
                <StrategyCompare from={params.repartition.from} to={params.repartition.to} offset_reset={params.repartition.offset_reset} seed={params.seed} lang={lang} />
            }
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
