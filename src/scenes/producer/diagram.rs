//! The producer scene's sequence diagram: the newest lines drawn as arrows
//! between the producer's and the broker's lifelines, the whole run as a
//! density strip, and the diagram as mermaid text for export.

use super::narration::{mermaid, seq_label, two_lines};
use super::view::{px, records_label, SHOWN_LINES};
use crate::i18n::Lang;
use crate::i18n::{fixed, t, Msg, WindowMsg};
use crate::scenes::producer::model::{ProducerScene, SeqKind};
use crate::scenes::producer::text::ProducerMsg;
use crate::sim::SimTime;
use crate::widgets::density::{bucket, Density, DensityStrip};
use yew::prelude::*;

/// The whole diagram over the whole run as a density strip: how many
/// messages, and where requests or answers were lost; nothing when every
/// line is drawn. The axis is the run's length, not the time so far, so
/// while it plays only the current bucket changes.
fn view_diagram_strip(scene: &ProducerScene, now: SimTime, end: SimTime, lang: Lang) -> Html {
    let entries = &scene.diagram;
    if entries.len() <= SHOWN_LINES {
        return Html::default();
    }
    let hi = end.as_millis().max(now.as_millis()) + 1;
    let bad = |k: &SeqKind| {
        matches!(
            k,
            SeqKind::RequestLost { .. }
                | SeqKind::ConnectionBroken { .. }
                | SeqKind::Error { .. }
                | SeqKind::Timeout { .. }
                | SeqKind::Duplicate { .. }
                | SeqKind::Disconnected { .. }
                | SeqKind::Failed { .. }
        )
    };
    let density = Density::of(
        0,
        hi,
        entries.iter().map(|e| (e.at.as_millis(), bad(&e.kind))),
    );
    let first = entries[entries.len() - SHOWN_LINES].at.as_millis();
    let window = (bucket(first, 0, hi), bucket(now.as_millis(), 0, hi));
    html! {
        <div class="strip" data-testid="diagram-strip">
            <p class="small dim">{super::numbered::lines_window(lang, entries.len(), SHOWN_LINES)}</p>
            <DensityStrip testid="diagram-density" label={t(lang, WindowMsg::DiagramStripLabel)} density={density} window={Some(window)} />
            <p class="small dim">{t(lang, WindowMsg::DiagramStripNote)}</p>
        </div>
    }
}

/// The whole sequence diagram as mermaid text, built when asked for (not on
/// every frame: a chaos run has thousands of lines).
pub fn mermaid_text(scene: &ProducerScene, lang: Lang) -> String {
    let lines: Vec<(SeqKind, String)> = scene
        .diagram
        .iter()
        .map(|e| {
            let records = match e.kind {
                SeqKind::Send { batch, .. } => records_label(scene, batch, 2),
                _ => String::new(),
            };
            (e.kind, seq_label(lang, e.kind, &records))
        })
        .collect();
    mermaid(lang, scene.config.producer.max_in_flight, &lines)
}

/// A 16-high box with rounded corners, `w` wide, as a path: the diagram's
/// notes share one element with its arrows.
fn note_box(x: f64, y: f64, w: f64) -> String {
    format!(
        "M{} {} h{} a3 3 0 0 1 3 3 v10 a3 3 0 0 1 -3 3 h-{} a3 3 0 0 1 -3 -3 v-10 a3 3 0 0 1 3 -3 z",
        px(x + 3.0),
        px(y),
        px(w - 6.0),
        px(w - 6.0)
    )
}

/// About as many characters of a label as fit beside the lifelines of the
/// phone-width diagram.
const NARROW_LABEL_CHARS: usize = 40;

pub(super) fn view_diagram(
    scene: &ProducerScene,
    now: SimTime,
    end: SimTime,
    lang: Lang,
    narrow: bool,
    on_export: &Callback<()>,
) -> Html {
    let width = if narrow { 360.0 } else { 960.0 };
    let (px_p, px_b) = if narrow {
        (40.0, 320.0)
    } else {
        (120.0, 840.0)
    };
    let entries = &scene.diagram;
    let skipped = entries.len().saturating_sub(SHOWN_LINES);
    let shown = &entries[skipped..];
    let row = if narrow { 40.0 } else { 30.0 };
    let top = 40.0;
    let height = top + shown.len().max(1) as f64 * row + 20.0;
    let mid = (px_p + px_b) / 2.0;
    html! {
        <figure class="card diagram">
            <figcaption>
                <h3>{t(lang, ProducerMsg::Diagram)}</h3>
                <button type="button" data-testid="export-mermaid" onclick={on_export.reform(|_: MouseEvent| ())}>
                    {t(lang, Msg::ExportMermaid)}
                </button>
                { view_diagram_strip(scene, now, end, lang) }
            </figcaption>
            <svg class="sequence" data-testid="sequence-diagram" viewBox={format!("0 0 {} {}", fixed(width, 0), px(height))} role="img"
                aria-label={t(lang, ProducerMsg::Diagram)}>
                <defs>
                    <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                        <path d="M0,0 L10,5 L0,10 z" class="arrow-head" />
                    </marker>
                </defs>
                <text class="lifeline-title" x={px(px_p)} y="18" text-anchor="middle">{t(lang, ProducerMsg::LifelineProducer)}</text>
                // On a phone the broker's lifeline is near the right edge:
                // its title ends there rather than centring on it and
                // running off the figure.
                <text class="lifeline-title" x={px(if narrow { width - 2.0 } else { px_b })} y="18"
                    text-anchor={if narrow { "end" } else { "middle" }}>{t(lang, ProducerMsg::LifelineBroker)}</text>
                <line class="lifeline" x1={px(px_p)} x2={px(px_p)} y1="26" y2={px(height)} />
                <line class="lifeline" x1={px(px_b)} x2={px(px_b)} y1="26" y2={px(height)} />
                if skipped > 0 {
                    <text class="dim" x={px(mid)} y="34" text-anchor="middle">{format!("… +{skipped}")}</text>
                }
                // Unkeyed, like the log's rows: line i stays the same element.
                { shown.iter().enumerate().map(|(i, e)| {
                    let y = top + i as f64 * row + row * 0.6;
                    let records = match e.kind {
                        SeqKind::Send { batch, .. } => records_label(scene, batch, if narrow { 1 } else { 2 }),
                        _ => String::new(),
                    };
                    let label = seq_label(lang, e.kind, &records);
                    let n = skipped + i + 1;
                    let text_y = px(y - 6.0);
                    // Every line has the same elements (a number, one path,
                    // the label, a cross when something was lost), so when a
                    // line shows another kind of message only attributes
                    // change and nothing is built again.
                    let arrow = |a: f64, b: f64| format!("M{} {} H{}", px(a), px(y), px(b));
                    let (d, path_class, marked, cross, class, testid, text_x, anchor): (String, &str, bool, Option<f64>, &str, &str, f64, &str) = match e.kind {
                        SeqKind::Send { .. } => (arrow(px_p, px_b), "", true, None, "send", "seq-send", mid, "middle"),
                        SeqKind::RequestLost { .. } => (String::new(), "", false, Some(mid), "lost", "seq-lost", mid, "middle"),
                        SeqKind::Append { .. } | SeqKind::Duplicate { .. } => (format!("M{} {} h-40 v10 h36", px(px_b), px(y - 5.0)), "", true, None, "write", "seq-write", px_b - 46.0, "end"),
                        SeqKind::Ack { .. } => (arrow(px_b, px_p), "dashed", true, None, "ack", "seq-ack", mid, "middle"),
                        SeqKind::Error { .. } => (arrow(px_b, px_p + 8.0), "dashed", false, Some(px_p + 6.0), "error", "seq-error", mid, "middle"),
                        SeqKind::ConnectionBroken { .. } => (arrow(px_b, mid), "dashed", false, Some(mid - 4.0), "lost", "seq-lost", mid, "middle"),
                        SeqKind::BrokerDown | SeqKind::BrokerUp => (note_box(px_b - 60.0, y - 12.0, 120.0), "note-box", false, None, "note", "seq-note", px_b - 66.0, "end"),
                        _ => (note_box(px_p - 8.0, y - 12.0, 16.0), "note-box", false, None, "note", "seq-note", px_p + 14.0, "start"),
                    };
                    // A centred label as long as the figure is narrow would
                    // spill past both edges: on a phone it starts at the
                    // producer's lifeline instead.
                    let (text_x, anchor) = if narrow && anchor == "middle" { (px_p + 6.0, "start") } else { (text_x, anchor) };
                    html! {
                        <g class={classes!("seq-line", class)} data-testid={testid}
                            data-kind={e.kind.name()}>
                            <text class="seq-number" x="4" y={px(y + 4.0)}>{n}</text>
                            <path d={d} class={path_class} marker-end={marked.then_some("url(#arrow)")} />
                            <text class="seq-label" x={px(text_x)} y={text_y} text-anchor={anchor}>
                                { match (narrow, two_lines(&label, NARROW_LABEL_CHARS)) {
                                    (true, Some((first, second))) => html! {
                                        <>
                                            <tspan>{first}</tspan>
                                            <tspan x={px(text_x)} dy="13">{second}</tspan>
                                        </>
                                    },
                                    _ => html! { {label.clone()} },
                                } }
                            </text>
                            { cross.map(|x| html! {
                                <text x={px(x)} y={px(y + 5.0)} text-anchor="middle" class="cross">{"✕"}</text>
                            }).unwrap_or_default() }
                        </g>
                    }
                }).collect::<Html>() }
            </svg>
        </figure>
    }
}
