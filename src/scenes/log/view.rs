//! The view of scene "log": segment files, records, the producer's requests
//! in flight, and the consumer's position and committed offset.

use super::layout::{
    layout_log, outbox_capacity, outbox_pill_x, LogLayout, CELL_H, CHIP_H, CHIP_W, OUTBOX_PILL_W,
};
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, fixed, t, Msg};
use crate::params::{AppParams, Part};
use crate::scenes::log::model::{
    order_key, LogEvent, LogScene, CLIENT_ID, PARTITION, SCRIPT, TOPIC,
};
use crate::scenes::log::text::LogMsg;
use crate::sim::log::Segment;
use crate::sim::record::Record;
use crate::sim::{Sim, SimTime};
use crate::widgets::form::{edit_number, max_of, min_of};
use crate::widgets::layout::{progress, Point};
use crate::widgets::tip;
use crate::widgets::violations::view_violations;
use yew::prelude::*;

fn px(v: f64) -> String {
    fixed(v, 1)
}

/// A colour class per order, so one order's records can be followed along
/// the log. The key is always written in the cell too: colour is never the
/// only signal.
fn key_class(key: Option<&str>) -> &'static str {
    match key {
        Some("order-42") => "key-a",
        Some("order-43") => "key-b",
        Some("order-44") => "key-c",
        _ => "key-other",
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RecordState {
    Processed,
    Processing,
    Fetched,
    Unread,
}

fn record_state(scene: &LogScene, offset: u64) -> RecordState {
    let consumer = &scene.consumer;
    if offset < consumer.processed_up_to() {
        RecordState::Processed
    } else if consumer.fetched().next() == Some(offset) && scene.processing_since.is_some() {
        RecordState::Processing
    } else if offset < consumer.position() {
        RecordState::Fetched
    } else {
        RecordState::Unread
    }
}

fn view_record(record: &Record, at: Point, cell_w: f64, state: RecordState, lang: Lang) -> Html {
    let (state_class, state_text) = match state {
        RecordState::Processed => ("processed", t(lang, LogMsg::Processed)),
        RecordState::Processing => ("processing", t(lang, LogMsg::Processing)),
        RecordState::Fetched => ("fetched", t(lang, LogMsg::Fetched)),
        RecordState::Unread => ("unread", t(lang, LogMsg::Unread)),
    };
    let key = record.key.clone().unwrap_or_default();
    let value = record.event.value();
    let tip = format!("offset {} · {key} · {value} — {state_text}", record.offset);
    let mark = if state == RecordState::Processed {
        "✓ "
    } else {
        ""
    };
    html! {
        <g key={record.offset.to_string()} class={classes!("record", state_class, key_class(record.key.as_deref()))}
            data-testid="record" data-topic={TOPIC} data-partition={PARTITION.to_string()}
            data-offset={record.offset.to_string()} data-key={key.clone()}
            data-step={record.event.step().to_string()}
            data-tip={tip} transform={format!("translate({},{})", px(at.x), px(at.y))}>
            <rect class="cell" width={px(cell_w)} height={px(CELL_H)} rx="6" />
            <rect class="key-bar" width={px(cell_w)} height="5" rx="2" />
            <text class="cell-offset" x="6" y="19">{format!("{mark}{}", record.offset)}</text>
            <text class="cell-key" x="6" y="33">{key}</text>
            <text class="cell-value" x="6" y="47">{value}</text>
        </g>
    }
}

fn view_segment_label(
    segment: &Segment,
    layout: &LogLayout,
    index: usize,
    active: bool,
    segment_bytes: u32,
    lang: Lang,
) -> Html {
    let card = &layout.cards[index];
    let entries: Vec<String> = segment
        .index
        .iter()
        // The index stores offsets relative to the segment's base offset
        // (`OffsetIndex`), so they are written as "+N", not as offsets.
        .map(|e| format!("+{} → {}", e.relative_offset, e.position))
        .collect();
    let entries = if entries.is_empty() {
        "∅".to_owned()
    } else {
        entries.join("  ")
    };
    let mut fill = super::numbered::segment_fill(lang, segment.size_in_bytes, segment_bytes);
    if active {
        fill = format!("{fill} · {}", t(lang, LogMsg::ActiveSegment));
    }
    let x = px(card.label.x);
    let y = card.label.y;
    // A phone's card has no room beside the cells: the index's entries
    // take a line of their own under the fill, after the file's extension.
    let index = if layout.narrow {
        html! {
            <text class="file-meta" x={x.clone()} y={px(y + 32.0)}>
                <title>{t(lang, LogMsg::IndexFile)}</title>{format!(".index: {entries}")}
            </text>
        }
    } else {
        html! {
            <>
                <text class="file-name index" x={x.clone()} y={px(y + 36.0)}>{segment.index_file_name()}</text>
                <text class="file-meta" x={x.clone()} y={px(y + 52.0)}>
                    <title>{t(lang, LogMsg::IndexFile)}</title>{entries}
                </text>
            </>
        }
    };
    html! {
        <g class="segment-label" data-testid="segment" data-base-offset={segment.base_offset.to_string()}
            data-file={segment.log_file_name()}>
            <rect class={classes!("segment", active.then_some("active"))}
                x={px(card.card.x)} y={px(card.card.y)} width={px(card.card.w)} height={px(card.card.h)} rx="8" />
            <text class="file-name" x={x.clone()} y={px(y)}>{segment.log_file_name()}</text>
            <text class="file-meta" x={x.clone()} y={px(y + 16.0)}>{fill}</text>
            {index}
        </g>
    }
}

fn view_marker(
    at: Point,
    lane: u8,
    class: &'static str,
    glyph: &'static str,
    label: String,
    testid: &'static str,
    value: u64,
) -> Html {
    let y = at.y + CELL_H + 14.0 + f64::from(lane) * 16.0;
    html! {
        <g class={classes!("marker", class)} data-testid={testid} data-offset={value.to_string()}>
            <text class="marker-glyph" x={px(at.x + 2.0)} y={px(y)}>{glyph}</text>
            <text class="marker-label" x={px(at.x + 16.0)} y={px(y)}>{label}</text>
        </g>
    }
}

pub fn view_log_scene(
    sim: &Sim<LogScene>,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let scene = sim.model();
    let now: SimTime = sim.now();
    let log = &scene.log;
    let sizes: Vec<(u64, usize)> = log
        .segments()
        .iter()
        .map(|s| (s.base_offset, s.records.len()))
        .collect();
    let layout = layout_log(&sizes, narrow);
    let leo = log.log_end_offset();
    let segment_bytes = log.config.segment_bytes;
    let last_segment = log.segments().len() - 1;

    let producer = layout.producer;
    let next = scene.sent();
    let producer_line = match SCRIPT.get(next) {
        Some(&(order, event)) => i18n::next_to_send(lang, &order_key(order), event.value()),
        None => t(lang, LogMsg::AllSent).to_owned(),
    };
    let waiting = format!("{}: {}", t(lang, LogMsg::ToSend), SCRIPT.len() - next);

    // Requests travel in the produce lane, towards the slot at the log end.
    let leo_slot = layout.slot(leo);
    let in_flight = scene.in_flight.iter().map(|f| {
        let trip = progress(now.as_millis(), f.sent_at.as_millis(), f.deliver_at.as_millis());
        let at = layout.in_flight_at(leo, trip);
        let (order, event) = SCRIPT[f.index as usize];
        html! {
            <g key={format!("f{}", f.index)} class="in-flight" data-testid="in-flight"
                transform={format!("translate({},{})", px(at.x), px(at.y))}>
                <rect width={px(CHIP_W)} height={px(CHIP_H)} rx="11" />
                <text x={px(CHIP_W / 2.0)} y="15" text-anchor="middle">{format!("{} · {}", order_key(order), event.value())}</text>
            </g>
        }
    });
    let outbox = layout.outbox.map(|outbox| {
        let pending = &SCRIPT[next.min(SCRIPT.len())..];
        let room = outbox_capacity(&outbox);
        // Leave the last place for "+N" when not everything fits.
        let shown = if pending.len() > room { room.saturating_sub(1) } else { pending.len() };
        html! {
            <g class="outbox" data-testid="outbox" data-pending={pending.len().to_string()}>
                { pending.iter().take(shown).enumerate().map(|(i, &(order, event))| html! {
                    <g class="pending" transform={format!("translate({},{})", px(outbox_pill_x(&outbox, i)), px(outbox.y + 8.0))}>
                        <rect width={px(OUTBOX_PILL_W)} height="40" rx="6" />
                        <text x="6" y="16">{order_key(order)}</text>
                        <text x="6" y="31">{event.value()}</text>
                    </g>
                }).collect::<Html>() }
                if pending.len() > shown {
                    <text class="dim" x={px(outbox_pill_x(&outbox, shown) + 6.0)} y={px(outbox.y + 32.0)}>
                        {format!("+{}", pending.len() - shown)}
                    </text>
                }
            </g>
        }
    });

    let consumer = &scene.consumer;
    let consumer_status = if let (Some(offset), true) =
        (consumer.fetched().next(), scene.processing_since.is_some())
    {
        i18n::processing(lang, offset)
    } else if consumer.position() as usize >= SCRIPT.len() && consumer.fetched().next().is_none() {
        t(lang, LogMsg::ConsumerDone).to_owned()
    } else {
        t(lang, LogMsg::ConsumerWaiting).to_owned()
    };
    let position = consumer.position();
    let committed = consumer.committed_offset();

    let caption = scene.caption(sim.last_event().map(|(_, e): &(SimTime, LogEvent)| e));
    let narration = super::narration::log_caption(lang, caption, segment_bytes);
    let violations = scene.checker.violations();

    let on_bytes = edit_number(params, &on_params, &declared::SEGMENT_BYTES);

    html! {
        <>
            if params.shows(Part::Figure) {
                <figure class="figure" data-testid="figure">
                    <svg class="log-figure" data-testid="log-figure" viewBox={format!("0 0 {} {}", px(layout.width), px(layout.height))}
                        role="img" aria-label={t(lang, LogMsg::PartitionTitle)} onmouseover={tip::on_hover(tip::data_tip)}>
                        { tip::tip_title() }
                        <g class="actor producer">
                            <rect x={px(producer.x)} y={px(producer.y)} width={px(producer.w)} height={px(producer.h)} rx="8" />
                            <text class="actor-title" x={px(producer.x + 10.0)} y={px(producer.y + 18.0)}>{t(lang, LogMsg::Producer)}</text>
                            <text class="actor-line" x={px(producer.x + 10.0)} y={px(producer.y + 34.0)}>{producer_line}</text>
                            <text class="actor-line dim" x={px(producer.x + 10.0)} y={px(producer.y + 49.0)}>{waiting}</text>
                        </g>
                        // Lists that grow or change length are one node each, so
                        // Yew diffs the records by key and the siblings after
                        // them keep their places (`{ for … }` would splice them in).
                        { outbox.unwrap_or_default() }
                        <text class="figure-title" x={px(layout.title.x)} y={px(layout.title.y)}>{t(lang, LogMsg::PartitionTitle)}</text>
                        { log.segments().iter().enumerate().map(|(i, s)| view_segment_label(s, &layout, i, i == last_segment, segment_bytes, lang)).collect::<Html>() }
                        { log.records().map(|r| view_record(r, layout.slot(r.offset), layout.cell_w, record_state(scene, r.offset), lang)).collect::<Html>() }
                        <g class="leo-slot" data-testid="log-end-offset" data-offset={leo.to_string()}
                            transform={format!("translate({},{})", px(leo_slot.x), px(leo_slot.y))}>
                            <rect width={px(layout.cell_w)} height={px(CELL_H)} rx="6" />
                            <text x="6" y="19">{leo.to_string()}</text>
                            <text class="dim" x="6" y="37">{"LEO"}</text>
                        </g>
                        { view_marker(layout.slot(position), 0, "position", "▲", format!("{} {position}", t(lang, LogMsg::Position).to_lowercase()), "position", position) }
                        { committed.map(|c| view_marker(layout.slot(c), 1, "committed", "◆", format!("{} {c}", t(lang, LogMsg::CommittedShort)), "committed", c)).unwrap_or_default() }
                        { in_flight.collect::<Html>() }
                        <g class="actor consumer">
                            <rect x={px(layout.consumer.x)} y={px(layout.consumer.y)} width={px(layout.consumer.w)} height={px(layout.consumer.h)} rx="8" />
                            <text class="actor-title" x={px(layout.consumer.x + 10.0)} y={px(layout.consumer.y + 18.0)}>{format!("{} {CLIENT_ID}", t(lang, LogMsg::Consumer))}</text>
                            <text class="actor-line" x={px(layout.consumer.x + 10.0)} y={px(layout.consumer.y + 34.0)}>{consumer_status}</text>
                            <text class="actor-line dim" x={px(layout.consumer.x + 10.0)} y={px(layout.consumer.y + 49.0)}>{t(lang, LogMsg::ReadsInOrder)}</text>
                        </g>
                    </svg>
                    <figcaption class="narration" aria-live="polite" data-testid="narration">{narration}</figcaption>
                </figure>
            }
            if params.shows(Part::Numbers) || params.shows(Part::Settings) {
                <div class="panels">
                    if params.shows(Part::Numbers) {
                        <dl class="stats">
                            <div><dt>{t(lang, Msg::LogEndOffset)}</dt><dd data-testid="stat" data-name="log-end-offset" data-value={leo.to_string()}>{leo}</dd></div>
                            <div><dt>{t(lang, LogMsg::Position)}</dt><dd data-testid="stat" data-name="position" data-value={position.to_string()}>{position}</dd></div>
                            <div><dt>{t(lang, LogMsg::CommittedOffset)}</dt>
                                <dd data-testid="stat" data-name="committed" data-value={committed.map(|c| c.to_string()).unwrap_or_default()}>
                                    {committed.map_or_else(|| t(lang, Msg::NotCommitted).to_owned(), |c| c.to_string())}</dd></div>
                            <div><dt>{t(lang, LogMsg::Segments)}</dt><dd data-testid="stat" data-name="segments" data-value={log.segments().len().to_string()}>{log.segments().len()}</dd></div>
                            <div><dt>{t(lang, Msg::OrderViolations)}</dt><dd data-testid="stat" data-name="violations" data-value={violations.len().to_string()}>{violations.len()}</dd></div>
                        </dl>
                        <ul class="legend">
                            <li><span class="glyph leo">{"LEO"}</span>{format!(" {} — {}", t(lang, Msg::LogEndOffset), t(lang, LogMsg::LegendLogEndOffset))}</li>
                            <li><span class="glyph position">{"▲"}</span>{format!(" {} — {}", t(lang, LogMsg::Position), t(lang, LogMsg::LegendPosition))}</li>
                            <li><span class="glyph committed">{"◆"}</span>{format!(" {} — {}", t(lang, LogMsg::CommittedOffset), t(lang, LogMsg::LegendCommitted))}</li>
                            <li><span class="swatch processed">{"✓"}</span>{format!(" {}", t(lang, LogMsg::Processed))}</li>
                            <li><span class="swatch fetched"></span>{format!(" {}", t(lang, LogMsg::Fetched))}</li>
                            <li><span class="swatch unread"></span>{format!(" {}", t(lang, LogMsg::Unread))}</li>
                        </ul>
                        { view_violations(violations, lang) }
                    }
                    if params.shows(Part::Settings) {
                        <label class="param">
                            <span class="param-name"><code>{"segment.bytes"}</code>{format!(" = {segment_bytes}")}</span>
                            <input type="range" data-testid="segment-bytes" min={min_of(&declared::SEGMENT_BYTES)}
                                max={max_of(&declared::SEGMENT_BYTES)} step="10" value={segment_bytes.to_string()} oninput={on_bytes} />
                            <span class="help">{t(lang, LogMsg::SegmentBytesHelp)}</span>
                        </label>
                    }
                </div>
            }
        </>
    }
}
