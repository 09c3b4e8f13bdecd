//! The view of scene "producer": presets, the producer's settings, the
//! pipeline (accumulator → network → broker log), the learner's faults and
//! the counters; the sequence diagram and the comparison panels have files
//! of their own.

use super::diagram::view_diagram;
use super::narration::{config_error, interventions_list, seq_explain, seq_label};
use super::panels::{IdempotenceCompare, PricePanel};
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, fixed, t, Place, WindowMsg};
use crate::params::declare::Param;
use crate::params::parse_in;
use crate::params::{preset_link, AppParams, Part};
use crate::scenes::producer::model::presets::ProducerPreset;
use crate::scenes::producer::model::{
    BatchState, ErrorCode, Fault, FaultKind, Outage, ProducerScene, Request, Response, SeqKind,
    Workload, TOPIC,
};
use crate::scenes::producer::text::ProducerMsg;
use crate::sim::checker::FindingKind;
use crate::sim::producer::{Acks, ConfigError, ProducerConfig};
use crate::sim::{Sim, SimTime};
use crate::widgets::density::{bucket, Density, DensityStrip};
use crate::widgets::fold::on_toggle;
use crate::widgets::form::{checked, edit, input_value};
use crate::widgets::layout::{lerp, progress, Point};
use crate::widgets::memo::memo;
use crate::widgets::stats::stat;
use crate::widgets::violations::{
    inversion_arrow_def, marks_class, view_findings, violation_mark, Cell,
};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// How many records of the log and lines of the diagram are drawn; older
/// ones are counted, not drawn, so a long chaos run stays light.
const SHOWN_RECORDS: usize = 14;
pub(super) const SHOWN_LINES: usize = 16;
/// Interventions listed one by one; earlier ones are counted.
const SHOWN_INTERVENTIONS: usize = 8;
/// Queued batches drawn; the queue's length is in the band's title.
const SHOWN_QUEUE: usize = 8;

pub(super) fn px(v: f64) -> String {
    fixed(v, 1)
}

fn preset_title(lang: Lang, p: ProducerPreset) -> &'static str {
    t(
        lang,
        match p {
            ProducerPreset::Catastrophe => ProducerMsg::PresetCatastrophe,
            ProducerPreset::Idempotent => ProducerMsg::PresetIdempotent,
            ProducerPreset::InFlight1 => ProducerMsg::PresetInFlight1,
            ProducerPreset::LostAck => ProducerMsg::PresetLostAck,
            ProducerPreset::Chaos => ProducerMsg::PresetChaos,
            ProducerPreset::NewProducer => ProducerMsg::PresetNewProducer,
        },
    )
}

fn preset_about(lang: Lang, p: ProducerPreset) -> &'static str {
    t(
        lang,
        match p {
            ProducerPreset::Catastrophe => ProducerMsg::AboutCatastrophe,
            ProducerPreset::Idempotent => ProducerMsg::AboutIdempotent,
            ProducerPreset::InFlight1 => ProducerMsg::AboutInFlight1,
            ProducerPreset::LostAck => ProducerMsg::AboutLostAck,
            ProducerPreset::Chaos => ProducerMsg::AboutChaos,
            ProducerPreset::NewProducer => ProducerMsg::AboutNewProducer,
        },
    )
}

fn view_presets(params: &AppParams) -> Html {
    let lang = params.lang;
    html! {
        <nav class="presets" aria-label={t(lang, ProducerMsg::Presets)}>
            <span class="dim">{format!("{}:", t(lang, ProducerMsg::Presets))}</span>
            for &p in ProducerPreset::ALL.iter() { {{
                let href = preset_link(params, p);
                html! {
                    <a class="preset" href={href} data-testid="preset" data-preset={p.id()}
                        aria-current={(params.producer.preset == Some(p)).then_some("true")}>{preset_title(lang, p)}</a>
                }
            }} }
        </nav>
    }
}

#[derive(Properties, PartialEq)]
struct SettingsProps {
    /// Kafka refused the settings as they are.
    refused: bool,
    /// The settings are the part a frame shows alone (`part=settings`):
    /// what the course author embedded is the form, so it starts open.
    alone: bool,
    children: Html,
}

/// The settings' disclosure. It opens by itself when Kafka refuses the
/// settings, and starts open when it is the part a frame shows; then it
/// stays as the learner leaves it: fixing a setting must not fold the
/// form away under the learner's hands.
#[component(SettingsCard)]
fn settings_card(props: &SettingsProps) -> Html {
    let open = use_state(|| props.refused || props.alone);
    {
        let open = open.clone();
        use_effect_with(props.refused, move |&refused| {
            if refused {
                open.set(true);
            }
        });
    }
    let ontoggle = on_toggle(&open);
    html! {
        <details class="card settings" open={*open} {ontoggle} data-testid="settings">
            { props.children.clone() }
        </details>
    }
}

/// One setting: its Kafka name, an input, and what it means.
fn setting(name: &'static str, testid: &'static str, input: Html, help: &'static str) -> Html {
    html! {
        <label class="setting" data-setting={testid}>
            <code>{name}</code>
            {input}
            <span class="help">{help}</span>
        </label>
    }
}

fn view_settings(params: &AppParams, on_params: &Callback<AppParams>, refused: bool) -> Html {
    let lang = params.lang;
    let p = params.producer.config;
    // Each input's bounds and help are the parameter's declaration, so the
    // form accepts exactly what a link does.
    let num = |param: &'static Param, value: u32, set: fn(&mut ProducerConfig, u32)| {
        let range = param.range();
        let (lo, hi) = (range.start().to_string(), range.end().to_string());
        let on = edit(params, on_params, move |n, e: InputEvent| {
            let v = parse_in(&input_value(&e), &range, 0);
            set(&mut n.producer.config, v);
            // A changed setting is no longer the preset as written.
            n.producer.preset = None;
        });
        html! { <input type="number" data-testid={param.name} min={lo} max={hi} value={value.to_string()} oninput={on} /> }
    };
    let help = |param: &Param| declared::help(param).map_or("", |h| t(lang, h));
    let on_acks = edit(params, on_params, |n, e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        if let Some(acks) = Acks::from_id(&select.value()) {
            n.producer.config.acks = acks;
            n.producer.preset = None;
        }
    });
    let on_idem = edit(params, on_params, |n, e: Event| {
        n.producer.config.enable_idempotence = checked(&e);
        n.producer.preset = None;
    });
    let on_known = edit(params, on_params, |n, e: Event| {
        n.producer.known_producer = checked(&e);
        n.producer.preset = None;
    });
    let link_num = |param: &'static Param, value: u32, set: fn(&mut AppParams, u32)| {
        let range = param.range();
        let (lo, hi) = (range.start().to_string(), range.end().to_string());
        let on = edit(params, on_params, move |n, e: InputEvent| {
            set(n, parse_in(&input_value(&e), &range, *range.start()));
            n.producer.preset = None;
        });
        // Three fields under one heading: each is named by its link parameter.
        html! { <input type="number" data-testid={param.name} aria-label={param.name} min={lo} max={hi} value={value.to_string()} oninput={on} /> }
    };
    html! {
        <SettingsCard refused={refused} alone={params.part == Some(Part::Settings)}>
            <summary><h2>{t(lang, ProducerMsg::Settings)}</h2></summary>
            <div class="settings-grid">
                { setting("max.in.flight.requests.per.connection", "max-in-flight",
                    num(&declared::MAX_IN_FLIGHT, p.max_in_flight, |c, v| c.max_in_flight = v), help(&declared::MAX_IN_FLIGHT)) }
                { setting("enable.idempotence", "idempotence",
                    html! { <input type="checkbox" data-testid="idempotence" checked={p.enable_idempotence} onchange={on_idem} /> },
                    help(&declared::IDEMPOTENCE)) }
                { setting(declared::KNOWN_PRODUCER.name, "known-producer",
                    html! { <input type="checkbox" data-testid="known-producer" checked={params.producer.known_producer} onchange={on_known} /> },
                    help(&declared::KNOWN_PRODUCER)) }
                { setting("acks", "acks", html! {
                    <select data-testid="acks" onchange={on_acks}>
                        for &a in [Acks::None, Acks::Leader, Acks::All].iter() {
                            <option value={a.id()} selected={p.acks == a}>{a.id()}</option>
                        }
                    </select>
                }, help(&declared::ACKS)) }
                { setting("retries", "retries", num(&declared::RETRIES, p.retries, |c, v| c.retries = v), help(&declared::RETRIES)) }
                { setting("retry.backoff.ms", "retry-backoff-ms", num(&declared::RETRY_BACKOFF_MS, p.retry_backoff_ms, |c, v| c.retry_backoff_ms = v), help(&declared::RETRY_BACKOFF_MS)) }
                { setting("retry.backoff.max.ms", "retry-backoff-max-ms", num(&declared::RETRY_BACKOFF_MAX_MS, p.retry_backoff_max_ms, |c, v| c.retry_backoff_max_ms = v), help(&declared::RETRY_BACKOFF_MAX_MS)) }
                { setting("request.timeout.ms", "request-timeout-ms", num(&declared::REQUEST_TIMEOUT_MS, p.request_timeout_ms, |c, v| c.request_timeout_ms = v), help(&declared::REQUEST_TIMEOUT_MS)) }
                { setting("delivery.timeout.ms", "delivery-timeout-ms", num(&declared::DELIVERY_TIMEOUT_MS, p.delivery_timeout_ms, |c, v| c.delivery_timeout_ms = v), help(&declared::DELIVERY_TIMEOUT_MS)) }
                { setting("batch.size", "batch-size", num(&declared::BATCH_SIZE, p.batch_size, |c, v| c.batch_size = v), help(&declared::BATCH_SIZE)) }
                { setting("linger.ms", "linger-ms", num(&declared::LINGER_MS, p.linger_ms, |c, v| c.linger_ms = v), help(&declared::LINGER_MS)) }
                <div class="setting" data-setting="link">
                    <code>{"latency · jitter · chaos ‰"}</code>
                    <div class="inline-inputs">
                        { link_num(&declared::LATENCY_MS, params.producer.link.latency_ms, |n, v| n.producer.link.latency_ms = v) }
                        { link_num(&declared::JITTER_MS, params.producer.link.jitter_ms, |n, v| n.producer.link.jitter_ms = v) }
                        { link_num(&declared::CHAOS, params.producer.link.chaos_per_mille, |n, v| n.producer.link.chaos_per_mille = v) }
                    </div>
                    <span class="help">{help(&declared::LATENCY_MS)}</span>
                </div>
            </div>
        </SettingsCard>
    }
}

/// The batch's first `named` records, and how many more it holds.
pub(super) fn records_label(scene: &ProducerScene, batch: u32, named: usize) -> String {
    let b = scene.batch(batch);
    let w = scene.config.workload;
    let names: Vec<String> = b
        .records
        .iter()
        .take(named)
        .map(|&i| {
            let (order, event) = w.record(i);
            format!("order-{order} {}", event.value())
        })
        .collect();
    let more = b.records.len().saturating_sub(named);
    if more > 0 {
        format!("{} +{more}", names.join(", "))
    } else {
        names.join(", ")
    }
}

fn state_text(lang: Lang, state: BatchState) -> &'static str {
    t(
        lang,
        match state {
            BatchState::Open => ProducerMsg::StateOpen,
            BatchState::Queued => ProducerMsg::StateQueued,
            BatchState::InFlight => ProducerMsg::StateInFlight,
            BatchState::Backoff { .. } => ProducerMsg::StateBackoff,
            BatchState::Acked { .. } => ProducerMsg::StateAcked,
            BatchState::SentUnacknowledged => ProducerMsg::StateSentNoAck,
            BatchState::Failed(_) => ProducerMsg::StateFailed,
        },
    )
}

/// Where a request or its answer is drawn at `now`, if it is on the wire.
enum Trip {
    Out(f64),
    Back(f64, Response),
    LostOut,
    LostBack,
}

/// A request is drawn on its way until it arrives; one its broken
/// connection swallowed, and an answer that died with it, stay drawn as
/// lost until the producer notices.
fn trip(r: &Request, now: SimTime, awaited: bool) -> Option<Trip> {
    let (n, a) = (now.as_millis(), r.arrives_at.as_millis());
    if n < a {
        return Some(Trip::Out(progress(n, r.sent_at.as_millis(), a)));
    }
    if r.lost {
        return awaited.then_some(Trip::LostOut);
    }
    let resp = r.response?;
    match r.answered_at {
        Some(back) if n < back.as_millis() => {
            Some(Trip::Back(progress(n, a, back.as_millis()), resp))
        }
        None if awaited && r.fault == Some(FaultKind::Disconnect) => Some(Trip::LostBack),
        _ => None,
    }
}

/// What the partition knows of this idempotent producer right now.
fn broker_state(scene: &ProducerScene, lang: Lang) -> String {
    match &scene.producer_state {
        Some(e) if e.epoch > 0 => format!(
            "{} {} ({} {})",
            t(lang, ProducerMsg::BrokerKnows),
            e.last_seq,
            t(lang, ProducerMsg::StatEpoch).to_lowercase(),
            e.epoch
        ),
        Some(e) => format!("{} {}", t(lang, ProducerMsg::BrokerKnows), e.last_seq),
        None => t(lang, ProducerMsg::BrokerNew).to_owned(),
    }
}

/// An error code short enough for a chip on the wire.
fn short_code(code: ErrorCode) -> &'static str {
    match code {
        ErrorCode::CorruptMessage => "CORRUPT",
        ErrorCode::NotLeaderOrFollower => "NOT_LEADER",
        ErrorCode::OutOfOrderSequenceNumber => "OOSN",
        ErrorCode::InvalidProducerEpoch => "EPOCH",
    }
}

fn view_pipeline(scene: &ProducerScene, now: SimTime, lang: Lang, narrow: bool) -> Html {
    let width = if narrow { 360.0 } else { 960.0 };
    // Three bands: the producer's queue, the wire, the broker's log.
    let (prod_x, wire_x0, wire_x1, log_x) = if narrow {
        (8.0, 20.0, 340.0, 8.0)
    } else {
        (10.0, 270.0, 640.0, 660.0)
    };
    let queue: Vec<u32> = scene.queue.iter().copied().take(SHOWN_QUEUE).collect();
    let log: Vec<_> = scene.log.records().collect();
    let skipped = log.len().saturating_sub(SHOWN_RECORDS);
    let shown = &log[skipped..];
    let row = 24.0;
    let top = 34.0;
    // A queued batch takes two lines, its records and then its state, in a
    // chip as wide as its band: "пауза перед повтором" after the records
    // ran out of a one-line chip.
    let queue_row = 40.0;
    let (chip_w, named) = if narrow {
        (width - 2.0 * prod_x, 2)
    } else {
        (wire_x0 - prod_x - 8.0, 1)
    };
    // Requests travel in lanes so that several in flight stay readable.
    let lanes = if narrow { 3 } else { 6 };
    let (wire_y0, log_y0) = if narrow {
        let wire_y0 = top + 20.0 + queue.len().max(1) as f64 * queue_row;
        (wire_y0, wire_y0 + 40.0 + lanes as f64 * 26.0)
    } else {
        (top, top)
    };
    let log_rows = shown.len() + 1 + usize::from(skipped > 0 || scene.config.log_start_offset > 0);
    let height = (log_y0 + log_rows as f64 * row + 16.0)
        .max(top + 6.0 * row)
        .max(top + queue.len() as f64 * queue_row + 8.0);
    let reorder_offsets: Vec<u64> = scene
        .checker
        .violations()
        .iter()
        .filter(|v| matches!(v.kind, FindingKind::Reorder { .. }))
        .map(|v| v.position.offset)
        .collect();
    let awaiting = &scene.awaiting;
    let first_shown = shown.first().map_or(0, |r| r.offset);
    let row_y = |i: usize| {
        log_y0 + (i + usize::from(skipped > 0 || scene.config.log_start_offset > 0)) as f64 * row
    };
    // Each broken pair and each duplicate, on the rows that show them: the
    // record written first and the one after it.
    let row_cell = |offset: u64| {
        let i = usize::try_from(offset.checked_sub(first_shown)?).ok()?;
        (i < shown.len()).then(|| Cell {
            x: log_x,
            y: row_y(i),
            w: width - log_x - 8.0,
            h: 20.0,
        })
    };
    let marks: Vec<Html> = scene
        .checker
        .violations()
        .iter()
        .enumerate()
        .filter_map(|(id, v)| {
            let first = match v.kind {
                FindingKind::Reorder { seen_at, .. } => seen_at,
                FindingKind::Duplicate { first_at } => first_at,
            };
            Some(violation_mark(
                id,
                &v.key,
                row_cell(first.offset)?,
                row_cell(v.position.offset)?,
                i18n::violation_at(lang, v, Place::Partition),
            ))
        })
        .collect();
    let lane_y = |i: usize| wire_y0 + 10.0 + (i % lanes) as f64 * 26.0;
    html! {
        <svg class="pipeline" data-testid="pipeline" viewBox={format!("0 0 {} {}", fixed(width, 0), px(height))} role="img"
            aria-label={format!("{} → {} → {}", t(lang, ProducerMsg::Accumulator), t(lang, ProducerMsg::Wire), t(lang, ProducerMsg::Broker))}>
            <text class="band-title" x={px(prod_x)} y="18">
                <title>{t(lang, ProducerMsg::AccumulatorHelp)}</title>
                {format!("{} · {}: {}", t(lang, ProducerMsg::Accumulator), t(lang, ProducerMsg::Queue), scene.queue.len())}
            </text>
            // Each list is collected into one node of its own: `{ for … }`
            // would splice its items among the figure's other children, and
            // a list changing length would shift (and so re-create) every
            // sibling after it.
            { queue.iter().enumerate().map(|(i, &id)| {
                let b = scene.batch(id);
                let y = top + i as f64 * queue_row;
                html! {
                    <g class={classes!("queued-batch", matches!(b.state, BatchState::Backoff { .. } | BatchState::Queued).then_some("retry"))}
                        data-testid="queued-batch" data-batch={id.to_string()} transform={format!("translate({},{})", px(prod_x), px(y))}>
                        <rect width={px(chip_w)} height="36" rx="4" />
                        <text x="6" y="15">{format!("#{id} · {}", records_label(scene, id, named))}</text>
                        <text class="batch-state" x="6" y="30">{state_text(lang, b.state)}</text>
                    </g>
                }
            }).collect::<Html>() }
            <text class="band-title" x={px(wire_x0)} y={px(if narrow { wire_y0 - 4.0 } else { 18.0 })}>{t(lang, ProducerMsg::Wire)}</text>
            <line class="wire" x1={px(wire_x0)} x2={px(wire_x1)} y1={px(wire_y0 + 4.0)} y2={px(wire_y0 + 4.0)} />
            { scene.requests.iter().filter(|r| r.sent_at <= now).enumerate().filter_map(|(i, r)| {
                let awaited = awaiting.contains(&r.id);
                let tr = trip(r, now, awaited)?;
                let y = lane_y(i);
                let from = Point { x: wire_x0, y };
                let to = Point { x: wire_x1 - 96.0, y };
                let label_seq = r.base_seq.map(|s| format!(" · seq {s}")).unwrap_or_default();
                let (at, class, text, testid) = match tr {
                    Trip::Out(f) => (lerp(from, to, f), "request", format!("→ #{}{label_seq}", r.batch), "wire-request"),
                    Trip::LostOut => (lerp(from, to, 0.5), "lost", super::numbered::request_lost(lang, r.batch), "wire-lost"),
                    Trip::Back(f, Response::Written { base_offset, .. }) => (lerp(to, from, f), "ack", format!("← ACK {base_offset}"), "wire-answer"),
                    Trip::Back(f, Response::Error(code)) => (lerp(to, from, f), "error", format!("← ✕ {}", short_code(code)), "wire-answer"),
                    Trip::LostBack => (lerp(to, from, 0.5), "lost", super::numbered::answer_lost(lang, r.batch), "wire-lost"),
                };
                // Keyed by request: a chip keeps its node for its whole trip,
                // out and back, and never takes over another's.
                Some(html! {
                    <g key={r.id.to_string()} class={classes!("chip", class)} data-testid={testid} data-batch={r.batch.to_string()}
                        transform={format!("translate({},{})", px(at.x), px(at.y))}>
                        <rect width="96" height="20" rx="10" />
                        <text x="48" y="14" text-anchor="middle">{text}</text>
                    </g>
                })
            }).collect::<Html>() }
            <text class="band-title" x={px(log_x)} y={px(if narrow { log_y0 - 4.0 } else { 18.0 })}>{t(lang, ProducerMsg::Broker)}</text>
            if skipped > 0 || scene.config.log_start_offset > 0 {
                <text class="dim" x={px(log_x)} y={px(log_y0 + 14.0)}>
                    { if skipped > 0 {
                        format!("… {} {}", skipped + scene.config.log_start_offset as usize, t(lang, ProducerMsg::Earlier))
                    } else {
                        super::numbered::earlier_offsets(lang, scene.config.log_start_offset)
                    } }
                </text>
            }
            // Rows are places, not records, so they carry no key: at top speed
            // the whole window is new on every frame, and updating a row's
            // text costs far less than building it again.
            { shown.iter().enumerate().map(|(i, r)| {
                let y = row_y(i);
                let duplicate = scene.duplicate_offsets.contains(&r.offset);
                let reorder = reorder_offsets.contains(&r.offset);
                let mark = if reorder || duplicate { "⚠ " } else { "" };
                let note = if duplicate { format!(" · {}", t(lang, ProducerMsg::Duplicate)) } else { String::new() };
                html! {
                    <g class={classes!("log-row", reorder.then_some("violating"), duplicate.then_some("duplicate"))}
                        data-testid="record" data-topic={TOPIC} data-partition="1" data-offset={r.offset.to_string()}
                        data-key={r.key.clone().unwrap_or_default()} data-step={r.event.step().to_string()}
                        data-duplicate={duplicate.then_some("true")}
                        transform={format!("translate({},{})", px(log_x), px(y))}>
                        <rect width={px(width - log_x - 8.0)} height="20" rx="4" />
                        <text x="6" y="14">{format!("{mark}{} · {} · {}{note}", r.offset, r.entity, r.event.value())}</text>
                    </g>
                }
            }).collect::<Html>() }
            {inversion_arrow_def()}
            <g class={marks_class(marks.len())}>{marks}</g>
        </svg>
    }
}

/// The whole log as a density strip of its out-of-order and duplicated
/// records, under the rows drawn in full; nothing when every row is drawn.
/// The axis is the log the workload will write (longer only if duplicates
/// push past it), so while it plays the buckets stay where they are.
fn view_log_strip(scene: &ProducerScene, lang: Lang) -> Html {
    let lo = scene.config.log_start_offset;
    let leo = scene.log.log_end_offset();
    let hi = leo.max(lo + u64::from(scene.config.workload.len()));
    let total = usize::try_from(leo.saturating_sub(lo)).unwrap_or(usize::MAX);
    if total <= SHOWN_RECORDS {
        return Html::default();
    }
    let reorders = scene
        .checker
        .violations()
        .iter()
        .filter(|v| matches!(v.kind, FindingKind::Reorder { .. }))
        .map(|v| v.position.offset);
    let problems = reorders.chain(scene.duplicate_offsets.iter().copied());
    let density = Density::of(lo, hi, problems.map(|o| (o, true)));
    let window = (
        bucket(leo - SHOWN_RECORDS as u64, lo, hi),
        bucket(leo - 1, lo, hi),
    );
    html! {
        <div class="strip" data-testid="log-strip">
            <p class="small dim">{super::numbered::records_window(lang, total, SHOWN_RECORDS)}</p>
            <DensityStrip testid="log-density" label={t(lang, WindowMsg::LogStripLabel)} density={density} window={Some(window)} />
            <p class="small dim">{t(lang, WindowMsg::LogStripNote)}</p>
        </div>
    }
}

fn view_interventions(
    scene: &ProducerScene,
    now: SimTime,
    playing: bool,
    params: &AppParams,
    on_params: &Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let open: Vec<&Request> = scene
        .requests
        .iter()
        .filter(|r| {
            !playing
                && r.sent_at <= now
                && !r.abandoned
                && (r.answered_at.is_none_or(|a| now < a))
                && scene.awaiting.contains(&r.id)
        })
        .collect();
    let add = |fault: Fault| {
        edit(params, on_params, move |n, _: MouseEvent| {
            n.producer
                .faults
                .retain(|f| !(f.batch == fault.batch && f.attempt == fault.attempt));
            n.producer.faults.push(fault);
            crate::sim::sort::sort(&mut n.producer.faults);
            n.producer.preset = None;
        })
    };
    let outage = edit(params, on_params, move |n, _: MouseEvent| {
        n.producer.outages.push(Outage { at: now, ms: 300 });
        n.producer.preset = None;
    });
    let clear = edit(params, on_params, |n, _: MouseEvent| {
        n.producer.faults.clear();
        n.producer.outages.clear();
        n.producer.preset = None;
    });
    let listed = interventions_list(lang, &params.producer.faults, &params.producer.outages);
    // A learner can add interventions without end: the newest are listed.
    let hidden = listed.len().saturating_sub(SHOWN_INTERVENTIONS);
    html! {
        <section class="card interventions" aria-labelledby="wire-title">
            <h3 id="wire-title">{t(lang, ProducerMsg::OnTheWire)}</h3>
            // While the run plays, requests cross the wire in a few frames:
            // too fast to pick one, so the list waits for a pause.
            if playing {
                <p class="dim" data-testid="pause-to-interfere">{t(lang, WindowMsg::PauseToInterfere)}</p>
            } else if open.is_empty() {
                <p class="dim">{t(lang, ProducerMsg::NothingOnWire)}</p>
            } else {
                <ul class="plain">
                    for r in open.iter() { {{
                        let traveling = now < r.arrives_at;
                        let mk = |kind| Fault { batch: r.batch, attempt: r.attempt, kind };
                        html! {
                            <li data-testid="in-flight-request" data-batch={r.batch.to_string()} data-attempt={r.attempt.to_string()}>
                                <strong>{super::numbered::request_label(lang, r.batch, r.attempt)}</strong>
                                <button type="button" data-testid="fault-corrupt" disabled={!traveling}
                                    onclick={add(mk(FaultKind::Corrupt))}>{t(lang, ProducerMsg::FaultCorrupt)}</button>
                                <button type="button" data-testid="fault-disconnect" disabled={!traveling}
                                    onclick={add(mk(FaultKind::Disconnect))}>{t(lang, ProducerMsg::FaultDisconnect)}</button>
                                <button type="button" data-testid="fault-delay" disabled={!traveling}
                                    onclick={add(mk(FaultKind::Delay { ms: 200 }))}>{t(lang, ProducerMsg::Delay)}</button>
                            </li>
                        }
                    }} }
                </ul>
            }
            <button type="button" data-testid="fault-outage" onclick={outage}>{t(lang, ProducerMsg::BrokerOutage)}</button>
            if !listed.is_empty() {
                <h4>{t(lang, ProducerMsg::Interventions)}</h4>
                <ul class="interventions-list">
                    if hidden > 0 {
                        <li class="dim">{i18n::earlier_hidden(lang, hidden)}</li>
                    }
                    for l in listed.into_iter().skip(hidden) { <li>{l}</li> }
                </ul>
                <button type="button" data-testid="clear-faults" onclick={clear}>{t(lang, ProducerMsg::ClearInterventions)}</button>
            }
        </section>
    }
}

pub fn view_producer_scene(
    on_export: Callback<()>,
    // The run so far, the time at which it ends, and whether it is playing.
    run: Result<(&Sim<ProducerScene>, SimTime, bool), ConfigError>,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let about = params.producer.preset.map(|p| preset_about(lang, p));
    // Kafka refused the settings: the run is that refusal.
    let refused = run.is_err();
    // The figure, then everything else the run shows.
    let (figure, body) = match run {
        Err(e) => (
            html! {
                <div class="card">
                    <p class="config-error" role="alert" data-testid="config-error">{config_error(lang, e)}</p>
                    <p>{t(lang, ProducerMsg::NotStarted)}</p>
                </div>
            },
            Html::default(),
        ),
        Ok((sim, end, playing)) => {
            let scene = sim.model();
            let now = sim.now();
            let finished = sim.next_event_time().is_none();
            let stream = matches!(scene.config.workload, Workload::Stream { .. });
            let priced = matches!(
                params.producer.preset,
                Some(ProducerPreset::InFlight1 | ProducerPreset::Idempotent)
            );
            let narration = match scene.diagram.last() {
                Some(_) if finished => {
                    let verdict = if scene.reorders() > 0 {
                        ProducerMsg::SummaryReordered
                    } else if scene.gaps() > 0 {
                        ProducerMsg::SummaryGap
                    } else if scene.duplicates() > 0 {
                        ProducerMsg::SummaryDuplicated
                    } else if scene.lost() > 0 {
                        ProducerMsg::SummaryLost
                    } else {
                        ProducerMsg::SummaryKept
                    };
                    t(lang, verdict).to_owned()
                }
                Some(e) => {
                    let records = match e.kind {
                        SeqKind::Send { batch, .. } => records_label(scene, batch, 2),
                        _ => String::new(),
                    };
                    format!(
                        "{} — {}",
                        seq_label(lang, e.kind, &records),
                        seq_explain(lang, e.kind, scene.config.producer.enable_idempotence)
                    )
                }
                None => t(lang, ProducerMsg::Caption0).to_owned(),
            };
            let figure = html! {
                if params.shows(Part::Figure) {
                    <figure class="figure" data-testid="figure">
                        { view_pipeline(scene, now, lang, narrow) }
                        { view_log_strip(scene, lang) }
                        <figcaption class="narration" aria-live="polite" data-testid="narration">{narration}</figcaption>
                    </figure>
                }
            };
            (
                figure,
                html! {
                    <>
                        if params.shows(Part::Numbers) {
                            <div class="panels">
                                <dl class="stats">
                                    { stat("sent", t(lang, ProducerMsg::StatSent), u64::from(scene.stats.sent)) }
                                    { stat("retries", t(lang, ProducerMsg::StatRetries), u64::from(scene.stats.retries)) }
                                    { stat("reorders", t(lang, ProducerMsg::StatReorders), scene.reorders() as u64) }
                                    { stat("duplicates", t(lang, ProducerMsg::StatDuplicates), scene.duplicates() as u64) }
                                    { stat("written", t(lang, ProducerMsg::StatWritten), u64::from(scene.written())) }
                                    { stat("failed", t(lang, ProducerMsg::StatFailed), u64::from(scene.stats.failed_records)) }
                                    { stat("lost", t(lang, ProducerMsg::StatLost), u64::from(scene.lost())) }
                                    if scene.config.producer.enable_idempotence {
                                        { stat("epoch", t(lang, ProducerMsg::StatEpoch), u64::from(scene.epoch())) }
                                    }
                                    { stat("throughput", t(lang, ProducerMsg::StatThroughput), scene.throughput(now)) }
                                </dl>
                                if scene.config.producer.enable_idempotence {
                                    <p class="small dim" data-testid="broker-state">{ broker_state(scene, lang) }</p>
                                }
                                // A missing event is final only once the run is over.
                                { view_findings(scene.checker.violations(), &if finished { scene.gap_keys() } else { Vec::new() }, lang, Place::Partition) }
                                { view_interventions(scene, now, playing, params, &on_params) }
                            </div>
                        }
                        if params.shows(super::params::DIAGRAM) {
                            { view_diagram(scene, now, end, lang, narrow, &on_export) }
                        }
                        if params.shows(Part::Compare) {
                            if stream {
                                <IdempotenceCompare params={params.clone()} on_params={on_params.clone()} />
                            }
                            if priced {
                                <PricePanel params={params.clone()} />
                            }
                            if !stream && !priced && params.shown_part() == Part::Compare {
                                <p class="card note" data-testid="nothing-to-compare">{t(lang, ProducerMsg::NothingToCompare)}</p>
                            }
                        }
                    </>
                },
            )
        }
    };
    html! {
        <div class="producer">
            // The wire and the log first; then which story this is, and
            // the others to pick.
            {figure}
            if params.shows(Part::Figure) {
                if let Some(about) = about {
                    <p class="about outcome" data-testid="preset-about">{about}</p>
                }
                { memo(|p, _| view_presets(p), params, &on_params) }
            }
            // The settings open by themselves only when Kafka refused
            // them, and are then shown in any part, as the way to a
            // configuration that runs.
            if params.shows(Part::Settings) || refused {
                { memo(|p, on| view_settings(p, on, p.producer.scene_config().producer.validate().is_err()), params, &on_params) }
            }
            {body}
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
