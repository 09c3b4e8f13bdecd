//! The view of scene "workers": the partition's offsets with both commit
//! positions, the workers and their channels, what a crash would cost, and
//! throughput against W.

use super::narration::workers_caption;
use super::params as declared;
use crate::i18n::fixed;
use crate::i18n::Lang;
use crate::i18n::{self, t, Msg, Place};
use crate::params::{AppParams, Part};
use crate::scenes::workers::model::{
    order_key, throughput_by_workers, Mode, WRecord, WorkerHash, Workers, WorkersConfig,
    CHANNEL_CAPACITY, RECORDS,
};
use crate::scenes::workers::text::WorkersMsg;
use crate::sim::checker::FindingKind;
use crate::sim::Sim;
use crate::widgets::after_ready::use_after_ready;
use crate::widgets::fold::Fold;
use crate::widgets::form::{edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use crate::widgets::stats::stat;
use crate::widgets::tip;
use crate::widgets::violations::view_violations_at;
use crate::widgets::violations::{inversion_arrow_def, violation_marks, Cell, PlacedFinding};
use std::rc::Rc;
use yew::prelude::*;

fn mode_label(lang: Lang, m: Mode) -> &'static str {
    t(
        lang,
        match m {
            Mode::Sequential => WorkersMsg::Sequential,
            Mode::PerMessage => WorkersMsg::PerMessage,
            Mode::KeyedPool => WorkersMsg::KeyedPool,
        },
    )
}

fn mode_about(lang: Lang, m: Mode) -> &'static str {
    t(
        lang,
        match m {
            Mode::Sequential => WorkersMsg::AboutSequential,
            Mode::PerMessage => WorkersMsg::AboutPerMessage,
            Mode::KeyedPool => WorkersMsg::AboutKeyedPool,
        },
    )
}

fn view_inputs(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let w = params.workers;
    let pick = |m: Mode| edit(params, on_params, move |p, _: Event| p.workers.mode = m);
    let on_w = edit_number(params, on_params, &declared::WORKERS);
    let on_ms = edit_number(params, on_params, &declared::PROCESSING_MS);
    let on_skew = edit_number(params, on_params, &declared::SKEW);
    let on_hash = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(h) = WorkerHash::from_id(&select.value()) {
            p.workers.hash = h;
        }
    });
    let pool = w.mode == Mode::KeyedPool;
    html! {
        <section class="card">
            <fieldset class="placement">
                <legend>{t(lang, WorkersMsg::Mode)}</legend>
                for &m in Mode::ALL.iter() {
                    <label class="check">
                        <input type="radio" name="mode" data-testid="mode" value={m.id()} checked={w.mode == m} onchange={pick(m)} />
                        <span>{mode_label(lang, m)}</span>
                    </label>
                }
            </fieldset>
            <p class="note outcome" data-testid="mode-about">{mode_about(lang, w.mode)}</p>
            <div class="inputs">
                <label class="field">
                    <span>{format!("{} = {}", t(lang, WorkersMsg::Workers), w.workers)}</span>
                    <input type="range" data-testid="workers-input" min={min_of(&declared::WORKERS)} max={max_of(&declared::WORKERS)} value={w.workers.to_string()} oninput={on_w} disabled={!pool} />
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, WorkersMsg::Hash)}</span>
                    <select data-testid="hash" onchange={on_hash} disabled={!pool}>
                        <option value="fnv1a" selected={w.hash == WorkerHash::Fnv1a}>{t(lang, WorkersMsg::HashFnv1a)}</option>
                        <option value="xxhash" selected={w.hash == WorkerHash::XxHash64}>{t(lang, WorkersMsg::HashXxHash64)}</option>
                    </select>
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, WorkersMsg::ProcessingMs)}</span>
                    <input type="number" data-testid="processing-ms" min={min_of(&declared::PROCESSING_MS)} max={max_of(&declared::PROCESSING_MS)} value={w.processing_ms.to_string()} oninput={on_ms} />
                </label>
                <label class="field">
                    <span>{format!("{} = {}", t(lang, WorkersMsg::Skew), w.skew_pct)}</span>
                    <input type="range" data-testid="skew" min={min_of(&declared::SKEW)} max={max_of(&declared::SKEW)} value={w.skew_pct.to_string()} oninput={on_skew} />
                </label>
            </div>
        </section>
    }
}

/// Where the strip draws offset `o`: 120 offsets a row (60 on a phone).
#[derive(Clone, Copy, PartialEq)]
struct StripGeometry {
    width: f64,
    per_row: usize,
    cell: f64,
    row_h: f64,
}

impl StripGeometry {
    fn new(narrow: bool) -> Self {
        let width = if narrow { 360.0 } else { 960.0 };
        let per_row = if narrow { 60 } else { 120 };
        StripGeometry {
            width,
            per_row,
            cell: (width - 16.0) / per_row as f64,
            row_h: 34.0,
        }
    }

    fn height(self) -> f64 {
        12.0 + (RECORDS as usize).div_ceil(self.per_row) as f64 * self.row_h + 8.0
    }

    /// The top-left corner of offset `o`'s cell.
    fn pos(self, o: u64) -> (f64, f64) {
        let i = o as usize;
        (
            8.0 + (i % self.per_row) as f64 * self.cell,
            8.0 + (i / self.per_row) as f64 * self.row_h,
        )
    }

    /// A cell's drawn width, as written in the figure: a pixel less than
    /// its step, for the gap between cells.
    fn cell_width(self) -> String {
        fixed((self.cell - 1.0).max(1.0), 1)
    }

    /// Offset `o`'s cell, `w` wide, as a closed subpath for the state layers.
    fn subpath(self, o: u64, w: &str) -> String {
        let (x, y) = self.pos(o);
        format!("M{} {}h{w}v18h-{w}z", fixed(x, 1), fixed(y, 1))
    }
}

/// The strip's tooltip: a cell's offset, key and the key's step, read from
/// the attributes the cell already carries.
fn describe_cell(el: &web_sys::Element) -> Option<String> {
    let cell = el.closest("rect.offset").ok()??;
    let get = |name: &str| cell.get_attribute(name).unwrap_or_default();
    Some(format!(
        "offset {} · {} · #{}",
        get("data-offset"),
        get("data-key"),
        get("data-step")
    ))
}

#[derive(Properties, PartialEq)]
struct CellsProps {
    records: Rc<[WRecord]>,
    geometry: StripGeometry,
}

/// The partition's offsets, one rect each, drawn in the colour of an offset
/// not yet polled: what the mouse and the tests find. They change only with
/// the run or the width, so while the run plays Yew compares these props
/// and skips them.
///
/// Written as one piece of markup that the browser parses at once (Yew's
/// raw HTML), not as 240 elements that Yew builds one attribute at a time:
/// on a slow phone those calls were most of the scene's first render. Every
/// value in it is a number or a key the model names (`order-N`), so none
/// needs escaping. The topic and partition are the group's, as in a lane.
#[component(StripCells)]
fn strip_cells(p: &CellsProps) -> Html {
    use std::fmt::Write;
    let g = p.geometry;
    let w = g.cell_width();
    let mut cells = String::with_capacity(p.records.len() * 128);
    cells.push_str(r#"<g data-topic="orders" data-partition="0">"#);
    for r in p.records.iter() {
        let (x, y) = g.pos(r.offset);
        let _ = write!(
            cells,
            r#"<rect class="offset" data-testid="record" data-offset="{}" data-key="{}" data-step="{}" x="{}" y="{}" width="{w}" height="18"></rect>"#,
            r.offset,
            order_key(r.order),
            r.step,
            fixed(x, 1),
            fixed(y, 1),
        );
    }
    cells.push_str("</g>");
    Html::from_html_unchecked(cells.into())
}

/// The layers painted over the cells, one path each, and the lost offsets
/// by number: at top speed most offsets change state on every frame, and
/// four paths change where 240 cells would.
#[derive(Default)]
struct StateLayers {
    processed: String,
    processing: String,
    fetched: String,
    lost: String,
    lost_offsets: Vec<u64>,
}

fn state_layers(s: &Workers, g: StripGeometry) -> StateLayers {
    let mut lost = vec![false; RECORDS as usize];
    for o in s.lost_if_crashed() {
        lost[o as usize] = true;
    }
    // Each record's flags, found once per frame rather than by searching
    // every worker's channel for each of the records.
    let mut in_progress = vec![false; RECORDS as usize];
    let held = s
        .workers
        .iter()
        .flat_map(|w| w.busy.iter().chain(w.queue.iter()));
    for &o in held.chain(s.running.iter()).chain(s.routing.iter()) {
        if let Some(flag) = in_progress.get_mut(o as usize) {
            *flag = true;
        }
    }
    let mut layers = StateLayers::default();
    let w = g.cell_width();
    for r in &s.records {
        let i = r.offset as usize;
        let layer = if s.finished[i].is_some() {
            Some(&mut layers.processed)
        } else if in_progress[i] {
            Some(&mut layers.processing)
        } else if r.offset < s.position {
            Some(&mut layers.fetched)
        } else {
            None
        };
        if layer.is_none() && !lost[i] {
            continue;
        }
        let cell = g.subpath(r.offset, &w);
        if let Some(layer) = layer {
            layer.push_str(&cell);
        }
        if lost[i] {
            layers.lost.push_str(&cell);
            layers.lost_offsets.push(r.offset);
        }
    }
    layers
}

fn view_strip(s: &Workers, lang: Lang, narrow: bool) -> Html {
    let g = StripGeometry::new(narrow);
    let width = g.width;
    let height = g.height();
    let layers = state_layers(s, g);
    let marker = |o: u64, class: &'static str, glyph: &'static str, testid: &'static str| {
        let (x, y) = g.pos(o.min(u64::from(RECORDS) - 1));
        // Past the last record the marker stands at the strip's end, its
        // glyph (about 13 px wide on a phone, drawn from x) kept inside the
        // drawing.
        let x = if o >= u64::from(RECORDS) {
            (x + g.cell).min(width - 14.0)
        } else {
            x
        };
        html! {
            <text class={classes!("marker-glyph", class)} data-testid={testid} data-offset={o.to_string()}
                x={fixed(x, 1)} y={fixed(y + 28.0, 1)}>{glyph}</text>
        }
    };
    // Each broken order where it happened: the pool is one partition, so
    // a finding's positions are offsets on this strip.
    let cell = |o: u64| {
        let (x, y) = g.pos(o);
        Cell {
            x,
            y,
            w: (g.cell - 1.0).max(1.0),
            h: 18.0,
        }
    };
    let marks: Vec<PlacedFinding> = s
        .checker
        .violations()
        .iter()
        .enumerate()
        .filter_map(|(id, v)| match v.kind {
            FindingKind::Reorder { seen_at, .. } => Some(PlacedFinding {
                id,
                finding: v.clone(),
                first: cell(seen_at.offset),
                late: cell(v.position.offset),
            }),
            FindingKind::Duplicate { .. } => None,
        })
        .collect();
    let lost_offsets = layers
        .lost_offsets
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <section class="card" aria-labelledby="strip-title" data-testid="figure">
            <h2 id="strip-title">{t(lang, WorkersMsg::StripTitle)}</h2>
            <svg class="stream-figure" data-testid="offset-strip" viewBox={format!("0 0 {} {}", fixed(width, 0), fixed(height, 0))} role="img"
                aria-label={t(lang, WorkersMsg::StripTitle)} onmouseover={tip::on_hover(describe_cell)}>
                { tip::tip_title() }
                { inversion_arrow_def() }
                <StripCells records={Rc::<[WRecord]>::from(s.records.as_slice())} geometry={g} />
                <path class="strip-state processed" d={layers.processed} />
                <path class="strip-state processing" d={layers.processing} />
                <path class="strip-state fetched" d={layers.fetched} />
                <path class="strip-state lost" data-testid="lost-offsets" data-offsets={lost_offsets} d={layers.lost} />
                { marker(s.low_watermark(), "committed", "◆", "low-watermark") }
                { marker(s.naive_committed(), "naive", "▲", "naive-commit") }
                { violation_marks(&marks, lang, i18n::Place::Partition) }
            </svg>
            <ul class="legend inline-legend">
                <li><span class="swatch processed"></span>{format!(" {}", t(lang, WorkersMsg::Finished))}</li>
                <li><span class="swatch fetched"></span>{format!(" {}", t(lang, WorkersMsg::InProgress))}</li>
                <li><span class="swatch unread"></span>{format!(" {}", t(lang, WorkersMsg::NotPolled))}</li>
                <li><span class="swatch lost"></span>{format!(" {}", t(lang, WorkersMsg::LostMark))}</li>
                <li><span class="glyph committed">{"◆"}</span>{format!(" {}", t(lang, WorkersMsg::LowWatermark))}</li>
                <li><span class="glyph naive">{"▲"}</span>{format!(" {}", t(lang, WorkersMsg::NaiveCommit))}</li>
            </ul>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct WorkerProps {
    index: usize,
    queue: usize,
    /// The order and step of the record in hand.
    busy: Option<(u32, u32)>,
    lang: Lang,
}

/// One worker and its channel; a component so that the up to 64 rows are
/// compared by these fields and only the ones that changed are redrawn.
#[component(WorkerRow)]
fn worker_row(p: &WorkerProps) -> Html {
    let busy = p
        .busy
        .map(|(order, step)| format!("{} #{step}", order_key(order)))
        .unwrap_or_default();
    html! {
        <li data-testid="worker" data-worker={p.index.to_string()} data-queue={p.queue.to_string()}>
            <span class="worker-name">{i18n::worker_name(p.lang, p.index)}</span>
            <span class="slots" role="img" aria-label={format!("{}/{}", p.queue, CHANNEL_CAPACITY)}>
                for k in 0..CHANNEL_CAPACITY {
                    <span class={classes!("slot", (k < p.queue).then_some("full"))}></span>
                }
            </span>
            <code class="busy">{busy}</code>
        </li>
    }
}

fn view_workers(s: &Workers, lang: Lang) -> Html {
    let blocked = !s.routing.is_empty();
    html! {
        <section class="card" aria-labelledby="workers-title">
            <h2 id="workers-title">{t(lang, WorkersMsg::WorkersTitle)}</h2>
            if s.config.mode == Mode::PerMessage {
                <p data-testid="goroutines" data-count={s.running.len().to_string()}>
                    {format!("{}: {}", t(lang, WorkersMsg::Goroutines), s.running.len())}
                </p>
            } else {
                <ol class="worker-list">
                    for (i, w) in s.workers.iter().enumerate() { {{
                        let busy = w.busy.and_then(|o| s.records.get(o as usize)).map(|r| (r.order, r.step));
                        html! { <WorkerRow index={i} queue={w.queue.len()} busy={busy} lang={lang} /> }
                    }} }
                </ol>
                if blocked {
                    <p class="warning" data-testid="poll-blocked">{format!("⚠ {}", t(lang, WorkersMsg::PollBlocked))}</p>
                }
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ChartProps {
    config: WorkersConfig,
    seed: u64,
    lang: Lang,
}

const WS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// Throughput against W for every mode, run on the learner's seed.
#[component(ThroughputChart)]
fn throughput_chart(props: &ChartProps) -> Html {
    let lang = props.lang;
    // Nine runs to their end (every W of the keyed pool, and the other two
    // modes once): 16 ms of a desktop load's profile, about 65 ms of a
    // phone's start, for a card below the figure. They wait for the
    // scene's mark (`use_after_ready`); the axes are drawn at once.
    // Every mode at every W: the link's own mode and W change nothing here
    // (the model's test `throughput_by_workers_runs_each_w_as_a_full_run_would`),
    // so they are left out of the key, and dragging W neither runs the
    // chart again nor blanks it while it runs.
    let key = WorkersConfig {
        mode: Mode::Sequential,
        workers: WS[0],
        ..props.config
    };
    let series = use_after_ready((key, props.seed), |&(config, seed)| {
        Mode::ALL
            .map(|mode| {
                (
                    mode,
                    throughput_by_workers(WorkersConfig { mode, ..config }, seed, &WS),
                )
            })
            .to_vec()
    });
    let running = series.is_none();
    let series = series.as_deref().map_or(&[][..], Vec::as_slice);
    // A log scale: a goroutine per message is a hundred times faster than
    // one goroutine, and both must stay readable.
    let top_decade = series
        .iter()
        .flat_map(|(_, s)| s.iter().map(|&(_, t)| t))
        .max()
        .map_or(3, |m| (m.max(1) as f64).log10().ceil() as u32)
        .max(2);
    let (w, h, left, bottom) = (640.0, 220.0, 56.0, 190.0);
    let x = |i: usize| left + i as f64 * (w - left - 20.0) / (WS.len() - 1) as f64;
    let y = |t: u64| bottom - ((t.max(1) as f64).log10() / f64::from(top_decade)) * (bottom - 20.0);
    html! {
        <section class="card" aria-labelledby="chart-title">
            <h2 id="chart-title">{t(lang, WorkersMsg::ChartTitle)}</h2>
            <svg class="chart" data-testid="throughput-chart" viewBox={format!("0 0 {} {}", fixed(w, 0), fixed(h, 0))} role="img" aria-label={t(lang, WorkersMsg::ChartTitle)}
                aria-busy={running.to_string()}>
                <line class="axis" x1={fixed(left, 0)} x2={fixed(w - 10.0, 0)} y1={fixed(bottom, 0)} y2={fixed(bottom, 0)} />
                <line class="axis" x1={fixed(left, 0)} x2={fixed(left, 0)} y1="10" y2={fixed(bottom, 0)} />
                for (i, ws) in WS.iter().enumerate() {
                    <text class="tick" x={fixed(x(i), 1)} y={fixed(bottom + 16.0, 0)} text-anchor="middle">{format!("W={ws}")}</text>
                }
                for d in 0..=top_decade { {{
                    let v = 10u64.pow(d);
                    html! { <text class="tick" x="4" y={fixed(y(v) + 4.0, 1)}>{v}</text> }
                }} }
                if running {
                    <text class="tick" x={fixed((left + w) / 2.0, 1)} y={fixed(bottom / 2.0, 1)} text-anchor="middle">{t(lang, WorkersMsg::ChartRunning)}</text>
                }
                for (mode, points) in series.iter() { {{
                    let d: Vec<String> = points.iter().enumerate().map(|(i, &(_, t))| format!("{},{}", fixed(x(i), 1), fixed(y(t), 1))).collect();
                    html! {
                        <g class={classes!("series", mode.id())} data-testid="chart-series" data-mode={mode.id()}
                            data-values={points.iter().map(|(_, t)| t.to_string()).collect::<Vec<_>>().join(",")}>
                            <polyline points={d.join(" ")} />
                            <text x={fixed(x(WS.len() - 1) - 4.0, 1)} y={fixed(y(points.last().map_or(0, |p| p.1)) + if *mode == Mode::Sequential { 14.0 } else { -6.0 }, 1)} text-anchor="end">
                                {mode_label(lang, *mode)}
                            </text>
                        </g>
                    }
                }} }
            </svg>
        </section>
    }
}

pub fn view_workers_scene(
    sim: &Sim<Workers>,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let now = sim.now();
    let lost = s.lost_if_crashed().len();
    let repeated = s.repeated_if_crashed().len();
    html! {
        <div class="workers-scene">
            if params.shows(Part::Figure) {
                { view_strip(s, lang, narrow) }
                <p class="narration" aria-live="polite" data-testid="narration">
                    { workers_caption(lang, s.caption(sim.last_event().map(|(_, e)| e))) }
                </p>
            }
            <div class="panels">
                if params.shows(Part::Figure) {
                    { view_workers(s, lang) }
                }
                if params.shows(Part::Numbers) {
                    <div>
                        <dl class="stats">
                            { stat("violations", t(lang, Msg::OrderViolations), s.checker.reorders() as u64) }
                            { stat("throughput", t(lang, WorkersMsg::StatThroughput), s.throughput(now)) }
                            { stat("lost", t(lang, WorkersMsg::StatLost), lost as u64) }
                            { stat("duplicates", t(lang, WorkersMsg::StatRepeated), repeated as u64) }
                        </dl>
                        <section class="card">
                            <h3>{t(lang, WorkersMsg::CrashTitle)}</h3>
                            <p data-testid="crash-summary">{super::numbered::crash_summary(lang, lost, repeated, s.naive_committed(), s.low_watermark())}</p>
                        </section>
                        { view_violations_at(s.checker.violations(), lang, Place::Offset) }
                    </div>
                }
            </div>
            if params.shows(Part::Settings) {
                <Fold lang={lang}>{ memo(view_inputs, params, &on_params) }</Fold>
            }
            if params.shows(super::params::CHART) {
                <ThroughputChart config={params.workers} seed={params.seed} lang={lang} />
            }
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
