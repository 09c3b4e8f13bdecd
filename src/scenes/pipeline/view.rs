//! The view of scene "pipeline": the presets, one lane per stage with every
//! event's path, the narration and the findings; the witness, the smallest
//! fix and its price; the comparison and the sweep; and the settings,
//! stage by stage.

use super::narration::{
    cause_why, change_label, finding_line, pipeline_caption, preset_label, preset_story, stage_name,
};
use super::params as declared;
use super::text::PipelineMsg;
use crate::i18n::Lang;
use crate::i18n::{self, event_name, fixed, millis, t, Msg};
use crate::params::declare::{Kind, Param, Value};
use crate::params::{to_query, AppParams, Part};
use crate::scenes::pipeline::model::{
    broken, member_name, moved, run_seed, sink_order, smallest_fix, Change, Finding, Outcome,
    Pipeline, PipelineConfig, PipelineRun, Preset, Stage, Step, WitnessRow, SWEEP_SEEDS,
};
use crate::scenes::workers::model::Mode;
use crate::sim::{Sim, SimTime};
use crate::widgets::after_ready::use_after_ready;
use crate::widgets::form::{checked, edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use crate::widgets::stats::stat;
use crate::widgets::violations::{inversion_arrow_def, marks_class, violation_mark, Cell};
use gloo_render::{request_animation_frame, AnimationFrame};
use std::rc::Rc;
use yew::prelude::*;

/// Findings listed by name in the figure; the rest are counted.
const LISTED: usize = 5;

fn preset_link(params: &AppParams, p: Preset) -> String {
    to_query(&AppParams {
        pipeline: p.config(),
        seed: p.seed(),
        t: None,
        ..params.clone()
    })
}

fn view_presets(params: &AppParams, _on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let current = Preset::matching(&params.pipeline);
    html! {
        <section class="pipeline-presets">
            <nav class="presets" aria-label={t(lang, PipelineMsg::PresetsTitle)}>
                <span class="dim">{format!("{}:", t(lang, PipelineMsg::PresetsTitle))}</span>
                for &p in Preset::ALL.iter() {
                    <a class="preset" href={preset_link(params, p)} data-testid="preset" data-preset={p.id()}
                        aria-current={(current == Some(p)).then_some("true")}>{preset_label(lang, p)}</a>
                }
            </nav>
            // The story says what breaks: a lesson's question hides it.
            <p class="note outcome" data-testid="preset-story" data-preset={current.map_or("", Preset::id)}>{preset_story(lang, current)}</p>
        </section>
    }
}

/// Where the figure draws things: one lane per stage, some split in rows
/// (partitions, members), time from left to right.
#[derive(Clone, Copy, PartialEq)]
struct Lanes {
    width: f64,
    end: u64,
    partitions: u32,
    members: u32,
}

/// The lanes from top to bottom: the partitioner runs inside `send()`,
/// before the producer's accumulator and sender.
const LANE_ORDER: [Stage; 7] = [
    Stage::Application,
    Stage::Partitioner,
    Stage::Producer,
    Stage::Topic,
    Stage::Group,
    Stage::Handler,
    Stage::Sink,
];

const LANE_GAP: f64 = 15.0;
const ROW: f64 = 7.0;
const LEFT: f64 = 8.0;

impl Lanes {
    fn rows(self, stage: Stage) -> u32 {
        match stage {
            Stage::Partitioner | Stage::Topic => self.partitions,
            Stage::Group => self.members,
            _ => 1,
        }
    }

    /// The top of a stage's lane (its label sits above it).
    fn top(self, stage: Stage) -> f64 {
        LANE_ORDER
            .iter()
            .take_while(|&&s| s != stage)
            .map(|&s| LANE_GAP + f64::from(self.rows(s)) * ROW + 6.0)
            .sum::<f64>()
            + LANE_GAP
    }

    fn height(self) -> f64 {
        self.top(Stage::Sink) + ROW + 18.0
    }

    fn x(self, t: SimTime) -> f64 {
        LEFT + t.as_millis() as f64 / self.end.max(1) as f64 * (self.width - LEFT - 12.0)
    }

    fn y(self, stage: Stage, row: u32) -> f64 {
        self.top(stage) + f64::from(row.min(self.rows(stage).saturating_sub(1))) * ROW + ROW / 2.0
    }
}

/// A dot, as a piece of a lane's path.
fn dot(d: &mut String, x: f64, y: f64) {
    d.push_str(&format!(
        "M{} {}h4v4h-4z",
        fixed(x - 2.0, 1),
        fixed(y - 2.0, 1)
    ));
}

/// The dots of one lane, by kind.
#[derive(Default)]
struct LaneDots {
    plain: String,
    second: String,
    bad: String,
    warn: String,
}

/// Where each record of the witness was at each stage, as points.
fn witness_points(run: &PipelineRun, lanes: Lanes, w: WitnessRow) -> Vec<(f64, f64)> {
    let r = &run.records[w.record as usize];
    let mut pts = vec![
        (lanes.x(r.sent_at), lanes.y(Stage::Application, 0)),
        (lanes.x(r.sent_at), lanes.y(Stage::Partitioner, r.partition)),
    ];
    // The path runs down the lanes in their order on screen.
    if let Some(e) = w.entry.map(|e| &run.log[e as usize]) {
        pts.push((lanes.x(e.appended_at), lanes.y(Stage::Producer, 0)));
        pts.push((lanes.x(e.appended_at), lanes.y(Stage::Topic, e.partition)));
    }
    if let Some(d) = w.delivery.map(|d| &run.deliveries[d as usize]) {
        pts.push((lanes.x(d.consumed_at), lanes.y(Stage::Group, d.member)));
        pts.push((lanes.x(d.done_at), lanes.y(Stage::Handler, 0)));
        pts.push((lanes.x(d.done_at), lanes.y(Stage::Sink, 0)));
    }
    pts
}

fn view_figure(s: &Pipeline, lang: Lang, narrow: bool, embedded: bool, end: SimTime) -> Html {
    let run = &s.run;
    let lanes = Lanes {
        width: if narrow { 360.0 } else { 960.0 },
        end: end.as_millis(),
        partitions: run.growth.map_or(run.config.partitions, |g| g.to),
        members: run.config.members,
    };
    let mut dots: Vec<LaneDots> = Stage::ALL.iter().map(|_| LaneDots::default()).collect();
    for &(t, step) in run.trace.iter().take(s.shown as usize) {
        let x = lanes.x(t);
        match step {
            Step::Sent { record } => {
                let r = &run.records[record as usize];
                let app = &mut dots[Stage::Application as usize];
                dot(
                    if r.service == crate::scenes::pipeline::model::Service::Checkout {
                        &mut app.plain
                    } else {
                        &mut app.second
                    },
                    x,
                    lanes.y(Stage::Application, 0),
                );
                let part = &mut dots[Stage::Partitioner as usize];
                dot(
                    if r.spread {
                        &mut part.warn
                    } else {
                        &mut part.plain
                    },
                    x,
                    lanes.y(Stage::Partitioner, r.partition),
                );
            }
            Step::Appended { entry } => {
                let e = &run.log[entry as usize];
                let prod = &mut dots[Stage::Producer as usize];
                dot(
                    if e.attempt > 1 {
                        &mut prod.warn
                    } else {
                        &mut prod.plain
                    },
                    x,
                    lanes.y(Stage::Producer, 0),
                );
                let topic = &mut dots[Stage::Topic as usize];
                dot(
                    if e.truncated {
                        &mut topic.bad
                    } else {
                        &mut topic.plain
                    },
                    x,
                    lanes.y(Stage::Topic, e.partition),
                );
            }
            Step::Consumed { delivery } => {
                let d = &run.deliveries[delivery as usize];
                dot(
                    &mut dots[Stage::Group as usize].plain,
                    x,
                    lanes.y(Stage::Group, d.member),
                );
            }
            Step::Handled { delivery } => {
                let d = &run.deliveries[delivery as usize];
                let handler = &mut dots[Stage::Handler as usize];
                dot(
                    if d.outcome == Outcome::Abandoned {
                        &mut handler.bad
                    } else {
                        &mut handler.plain
                    },
                    x,
                    lanes.y(Stage::Handler, 0),
                );
                let sink = &mut dots[Stage::Sink as usize];
                let layer = match d.outcome {
                    Outcome::Applied => Some(&mut sink.plain),
                    Outcome::Skipped => Some(&mut sink.second),
                    Outcome::Refused => Some(&mut sink.bad),
                    Outcome::AppliedAgain => Some(&mut sink.warn),
                    Outcome::Abandoned => None,
                };
                if let Some(layer) = layer {
                    dot(layer, x, lanes.y(Stage::Sink, 0));
                }
            }
            _ => {}
        }
    }
    // Every broken pair so far, marked at the last point of each record's
    // path: where the sink met it, or the stage where it stopped (a lost
    // record never reaches the sink).
    let found: Vec<&Finding> = s.findings_so_far().collect();
    let marks: Html = found
        .iter()
        .enumerate()
        .map(|(id, f)| {
            let at_sink = |w: WitnessRow| {
                let (x, y) = witness_points(run, lanes, w)
                    .last()
                    .copied()
                    .unwrap_or_default();
                Cell {
                    x: x - 3.0,
                    y: y - 3.0,
                    w: 6.0,
                    h: 6.0,
                }
            };
            let (a, b) = steps_of(run, f);
            violation_mark(
                id,
                &f.key,
                at_sink(f.witness[0]),
                at_sink(f.witness[1]),
                finding_line(lang, f, a, b),
            )
        })
        .collect();
    let finding = found.first().copied();
    let witness: Vec<(u32, String)> = finding
        .map(|f| {
            f.witness
                .iter()
                .map(|&w| {
                    let pts = witness_points(run, lanes, w);
                    let d = pts
                        .iter()
                        .map(|(x, y)| format!("{},{}", fixed(*x, 1), fixed(*y, 1)))
                        .collect::<Vec<_>>()
                        .join(" ");
                    (w.record, d)
                })
                .collect()
        })
        .unwrap_or_default();
    let now_x = lanes.x(s
        .run
        .trace
        .get((s.shown as usize).wrapping_sub(1))
        .map_or(SimTime::ZERO, |&(t, _)| t));
    let width = lanes.width;
    let height = lanes.height();
    let lane_label = |stage: Stage| {
        let extra = match stage {
            Stage::Topic => format!(
                " · {}",
                super::numbered::pipeline_partitions(lang, lanes.partitions)
            ),
            // A phone's lane has room for the first and the last name only.
            Stage::Group if narrow && lanes.members > 2 => {
                format!(" · {}…{}", member_name(0), member_name(lanes.members - 1))
            }
            Stage::Group => format!(
                " · {}",
                (0..lanes.members)
                    .map(member_name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => String::new(),
        };
        format!("{}{extra}", stage_name(lang, stage))
    };
    html! {
        <section class="card pipeline-lanes" aria-label={t(lang, PipelineMsg::FigureTitle)} data-testid="figure">
            // In a compact frame the page's own title heads the figure.
            if !embedded {
                <h2>{t(lang, PipelineMsg::FigureTitle)}</h2>
            }
            <svg class="pipeline-figure" data-testid="pipeline-figure" viewBox={format!("0 0 {} {}", fixed(width, 0), fixed(height, 0))} role="img"
                aria-label={t(lang, PipelineMsg::FigureTitle)}>
                for &stage in LANE_ORDER.iter() { {{
                    let top = lanes.top(stage);
                    let h = f64::from(lanes.rows(stage)) * ROW;
                    let l = &dots[stage as usize];
                    html! {
                        <g class="lane" data-testid="lane" data-stage={stage.id()}>
                            <text class="lane-label" x={fixed(LEFT, 1)} y={fixed(top - 5.0, 1)}>{lane_label(stage)}</text>
                            <rect class="lane-bg" x={fixed(LEFT, 1)} y={fixed(top, 1)} width={fixed(width - LEFT - 8.0, 1)} height={fixed(h, 1)} />
                            <path class="pl-dot plain" d={l.plain.clone()} />
                            <path class="pl-dot second" d={l.second.clone()} />
                            <path class="pl-dot warn" d={l.warn.clone()} />
                            <path class="pl-dot bad" d={l.bad.clone()} />
                        </g>
                    }
                }} }
                <line class="now" x1={fixed(now_x, 1)} x2={fixed(now_x, 1)} y1="8" y2={fixed(height - 8.0, 1)} />
                for (i, (record, d)) in witness.iter().enumerate() {
                    <polyline class={classes!("witness-path", (i == 0).then_some("first"))} data-testid="witness-path" data-record={record.to_string()} points={d.clone()} />
                }
                {inversion_arrow_def()}
                <g class={marks_class(found.len())}>{marks}</g>
            </svg>
            <ul class="legend inline-legend">
                <li><span class="swatch pl-plain"></span>{" checkout (Created, Paid)"}</li>
                <li><span class="swatch pl-second"></span>{" warehouse (Shipped, Delivered)"}</li>
                <li><span class="glyph warn">{"■"}</span>{format!(" {}", t(lang, PipelineMsg::CauseProducerRetry))}</li>
                <li><span class="glyph bad">{"■"}</span>{format!(" {}", t(lang, PipelineMsg::LegendBad))}</li>
                <li><span class="glyph witness">{"━"}</span>{format!(" {}", t(lang, PipelineMsg::WitnessLegend))}</li>
            </ul>
            // A compact frame leaves the reading guide to the whole scene.
            if !embedded {
                <p class="note">{t(lang, PipelineMsg::FigureNote)}</p>
            }
        </section>
    }
}

fn steps_of(run: &PipelineRun, f: &Finding) -> (u32, u32) {
    let step = |w: WitnessRow| run.records[w.record as usize].step;
    (step(f.witness[0]), step(f.witness[1]))
}

fn view_findings(s: &Pipeline, lang: Lang) -> Html {
    let found: Vec<&Finding> = s.findings_so_far().collect();
    let done = s.shown as usize >= s.run.trace.len();
    html! {
        <div class="violations outcome" data-testid="violations" data-count={found.len().to_string()}>
            if found.is_empty() {
                <p class="ok" data-testid="no-violation">{t(lang, if done { PipelineMsg::NoFinding } else { PipelineMsg::NoFindingYet })}</p>
            } else {
                <ul>
                    { found.iter().take(LISTED).enumerate().map(|(i, f)| {
                        let (a, b) = steps_of(&s.run, f);
                        html! {
                            <li key={i} class="bad" data-testid="violation" data-stage={f.stage().id()} data-cause={f.cause.id()}
                                data-kind={f.kind.id()} data-key={f.key.clone()} tabindex="0">
                                {finding_line(lang, f, a, b)}
                            </li>
                        }
                    }).collect::<Html>() }
                    if found.len() > LISTED {
                        <li class="more" data-testid="more-violations">{format!("+{}", found.len() - LISTED)}</li>
                    }
                </ul>
            }
        </div>
    }
}

fn at(lang: Lang, who: String, t: SimTime) -> String {
    format!("{who}, {}", millis(lang, t.as_millis()))
}

fn witness_row(run: &PipelineRun, lang: Lang, w: WitnessRow) -> Html {
    let ru = lang.is_ru();
    let r = &run.records[w.record as usize];
    let entry = w.entry.map(|e| &run.log[e as usize]);
    let delivery = w.delivery.map(|d| &run.deliveries[d as usize]);
    let record = format!("order-{} · {}", r.order, event_name(lang, r.step));
    let batch = match entry {
        Some(e) if ru => format!(
            "{}, батч {}, попытка {}",
            r.service.id(),
            e.batch,
            e.attempt
        ),
        Some(e) => format!(
            "{}, batch {}, attempt {}",
            r.service.id(),
            e.batch,
            e.attempt
        ),
        None => t(lang, PipelineMsg::NotWritten).to_owned(),
    };
    let place = match entry {
        Some(e) if e.truncated => format!(
            "p{} · offset {} — {}",
            e.partition,
            e.offset,
            t(lang, PipelineMsg::LostInElection)
        ),
        Some(e) => format!("p{} · offset {}", e.partition, e.offset),
        None => "—".to_owned(),
    };
    let consumed = delivery.map_or_else(
        || t(lang, PipelineMsg::NeverRead).to_owned(),
        |d| at(lang, member_name(d.member), d.consumed_at),
    );
    let handled = match delivery {
        Some(d) if d.outcome == Outcome::Abandoned => t(lang, PipelineMsg::NeverHandled).to_owned(),
        Some(d) => {
            let who = match (d.worker, run.config.handler) {
                (Some(w), _) => i18n::worker_name(lang, w as usize),
                (None, Mode::PerMessage) => t(lang, PipelineMsg::Goroutine).to_owned(),
                (None, _) => t(lang, PipelineMsg::OneGoroutine).to_owned(),
            };
            at(lang, who, d.done_at)
        }
        None => t(lang, PipelineMsg::NeverHandled).to_owned(),
    };
    let applied = match delivery {
        Some(d) if d.outcome != Outcome::Abandoned => {
            let what = match (d.outcome, ru) {
                (Outcome::Applied, true) => "✓ применено",
                (Outcome::Applied, false) => "✓ applied",
                (Outcome::Refused, true) => "✗ отказано",
                (Outcome::Refused, false) => "✗ refused",
                (Outcome::AppliedAgain, true) => "⚠ применено второй раз",
                (Outcome::AppliedAgain, false) => "⚠ applied again",
                (Outcome::Skipped, true) => "↷ повтор пропущен",
                (Outcome::Skipped, false) => "↷ repeat skipped",
                (Outcome::Abandoned, _) => "",
            };
            at(lang, what.to_owned(), d.done_at)
        }
        _ => "—".to_owned(),
    };
    html! {
        <tr data-testid="witness-row" data-record={w.record.to_string()}
            data-partition={entry.map_or(String::new(), |e| e.partition.to_string())}
            data-offset={entry.map_or(String::new(), |e| e.offset.to_string())}
            data-outcome={delivery.map_or("none", |d| match d.outcome {
                Outcome::Applied => "applied", Outcome::Refused => "refused", Outcome::AppliedAgain => "applied-again",
                Outcome::Skipped => "skipped", Outcome::Abandoned => "abandoned" })}>
            <th scope="row">{record}</th>
            <td>{millis(lang, r.sent_at.as_millis())}</td>
            <td>{batch}</td>
            <td>{place}</td>
            <td>{consumed}</td>
            <td>{handled}</td>
            <td>{applied}</td>
        </tr>
    }
}

#[derive(Properties, PartialEq)]
struct AnalysisProps {
    run: Rc<PipelineRun>,
    /// The finding on screen: the first the sink has met.
    finding: Option<usize>,
    params: AppParams,
}

/// The witness of the first finding, its smallest fix and the fix's price.
#[component(Analysis)]
fn analysis(p: &AnalysisProps) -> Html {
    let lang = p.params.lang;
    let seed = p.params.seed;
    let run = p.run.clone();
    let fix = use_after_ready((run.clone(), p.finding, seed), |(run, finding, seed)| {
        finding
            .and_then(|i| run.findings.get(i))
            .and_then(|f| smallest_fix(run, *seed, f))
    });
    let Some(f) = p.finding.and_then(|i| run.findings.get(i)) else {
        return html! {};
    };
    let headers = [
        PipelineMsg::ColRecord,
        PipelineMsg::ColSent,
        PipelineMsg::ColBatch,
        PipelineMsg::ColPlace,
        PipelineMsg::ColConsumed,
        PipelineMsg::ColHandled,
        PipelineMsg::ColApplied,
    ];
    html! {
        <>
            <section class="card" aria-labelledby="witness-title" data-testid="witness" data-key={f.key.clone()} data-stage={f.stage().id()}>
                <h2 id="witness-title">{t(lang, PipelineMsg::WitnessTitle)}</h2>
                <p>{cause_why(lang, f)}</p>
                <div class="table-scroll">
                    <table class="witness">
                        <thead><tr>
                            for h in headers.iter() { <th scope="col">{t(lang, *h)}</th> }
                        </tr></thead>
                        <tbody>
                            for w in f.witness.iter() { { witness_row(&run, lang, *w) } }
                        </tbody>
                    </table>
                </div>
            </section>
            // In a level, until it is solved, this note stands for the fix.
            <p class="card level-answer-note" data-testid="fix-hidden" hidden=true>{t(lang, PipelineMsg::AnswerAfterSolved)}</p>
            <section class="card" aria-labelledby="fix-title" data-testid="fix"
                data-change={fix.as_deref().copied().flatten().map_or("", |x| x.change.id())}
                aria-busy={fix.is_none().to_string()}>
                <h2 id="fix-title">{t(lang, PipelineMsg::FixTitle)}</h2>
                if fix.is_none() {
                    <p class="dim">{t(lang, PipelineMsg::FixSearching)}</p>
                } else if let Some(fix) = fix.as_deref().copied().flatten() {
                    <p class="ok">{format!("✓ {}", change_label(lang, fix.change))}</p>
                    <p data-testid="fix-price">{super::numbered::pipeline_price(lang, fix.before.throughput, fix.after.throughput, fix.before.mean_latency_ms, fix.after.mean_latency_ms)}</p>
                    <p><a data-testid="fix-link" href={to_query(&AppParams { pipeline: fix.config, t: None, ..p.params.clone() })}>
                        {t(lang, PipelineMsg::FixOpen)}
                    </a></p>
                } else {
                    <p>{t(lang, PipelineMsg::FixNone)}</p>
                }
            </section>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct CompareProps {
    run: Rc<PipelineRun>,
    seed: u64,
    lang: Lang,
    /// What to flip first: the fix of the first finding, if there is one.
    suggested: Option<Change>,
}

fn chip_text(run: &PipelineRun, record: u32) -> String {
    let r = &run.records[record as usize];
    // The event's initial, the same in both languages, as the events are
    // named by their `OrderEvent` value in either.
    let initial = crate::sim::record::OrderEvent::ALL
        .get((r.step as usize).wrapping_sub(1))
        .map_or("?", |e| &e.value()[..1]);
    format!("{}·{initial}", r.order)
}

/// Two runs of the same seed, one setting apart, with the records that
/// moved marked.
#[component(Compare)]
fn compare(p: &CompareProps) -> Html {
    let lang = p.lang;
    let choices: Vec<Change> = Change::ALL
        .into_iter()
        .filter(|c| c.apply(&p.run.config).is_some())
        .collect();
    let picked = use_state(|| None::<Change>);
    let change = picked
        .filter(|c| choices.contains(c))
        .or(p.suggested.filter(|c| choices.contains(c)))
        .or(choices.first().copied());
    let flipped = use_after_ready((p.run.config, p.seed, change), |&(config, seed, change)| {
        change
            .and_then(|c| c.apply(&config))
            .map(|c| Rc::new(run_seed(&c, seed)))
    });
    let on_pick = {
        let picked = picked.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            picked.set(Change::ALL.into_iter().find(|c| c.id() == select.value()));
        })
    };
    let Some(change) = change else {
        return html! {
            <section class="card outcome" data-testid="compare" data-moved="0"><h2>{t(lang, PipelineMsg::CompareTitle)}</h2><p>{t(lang, PipelineMsg::CompareNothing)}</p></section>
        };
    };
    // The flipped run, once it has run (`use_after_ready`); the picker
    // stays while it runs, so that a pick keeps its focus.
    let after = flipped.as_deref().cloned().flatten();
    let moved = after.as_ref().map(|after| moved(&p.run, after));
    let strip = |run: &PipelineRun, moved: &[u32], side: &'static str| {
        let order = sink_order(run);
        html! {
            <ol class="compare-strip" data-side={side}>
                for placed in order.iter() { {{
                    let m = moved.contains(&placed.record);
                    html! {
                        <li key={placed.record} data-testid="compare-record" data-record={placed.record.to_string()}
                            data-moved={if m { "1" } else { "0" }} class={classes!(m.then_some("moved"), (!placed.applied).then_some("unapplied"))}>
                            { if m { "◆" } else { "" } }{chip_text(run, placed.record)}
                        </li>
                    }
                }} }
            </ol>
        }
    };
    html! {
        <section class="card outcome" aria-labelledby="compare-title" data-testid="compare"
            data-moved={moved.as_ref().map(|m| m.len().to_string())}
            data-change={change.id()} aria-busy={after.is_none().to_string()}>
            <h2 id="compare-title">{t(lang, PipelineMsg::CompareTitle)}</h2>
            <label class="field">
                <span>{t(lang, PipelineMsg::CompareChange)}</span>
                <select data-testid="compare-change" onchange={on_pick}>
                    for c in choices.iter() {
                        <option value={c.id()} selected={*c == change}>{change_label(lang, *c)}</option>
                    }
                </select>
            </label>
            <p class="note">{t(lang, PipelineMsg::CompareNote)}</p>
            if let (Some(after), Some(moved)) = (&after, &moved) {
                <p data-testid="compare-summary">{super::numbered::pipeline_moved(lang, moved.len())}</p>
                <div class="compare-pair">
                    <div><h3>{super::numbered::pipeline_side(lang, t(lang, PipelineMsg::CompareBefore), p.run.findings.len())}</h3>{ strip(&p.run, moved, "before") }</div>
                    <div><h3>{super::numbered::pipeline_side(lang, t(lang, PipelineMsg::CompareAfter), after.findings.len())}</h3>{ strip(after, moved, "after") }</div>
                </div>
            } else {
                <p class="dim">{t(lang, PipelineMsg::CompareRunning)}</p>
            }
        </section>
    }
}

#[derive(Clone, Copy, PartialEq)]
struct SweepState {
    config: PipelineConfig,
    next: u64,
    broken: u64,
    running: bool,
}

#[derive(Properties, PartialEq)]
struct SweepProps {
    config: PipelineConfig,
    lang: Lang,
}

/// Milliseconds of sweeping a frame may take before it yields: a run
/// takes about a millisecond, so no frame comes near a long task, even on
/// a slow machine.
const SWEEP_FRAME_MS: f64 = 8.0;

/// "Broken in X of 100 seeds": the same settings on many seeds, a few per
/// animation frame.
#[component(Sweep)]
fn sweep(p: &SweepProps) -> Html {
    let lang = p.lang;
    let state = use_state(|| None::<SweepState>);
    let frame = use_mut_ref(|| None::<AnimationFrame>);
    {
        let state = state.clone();
        let frame = frame.clone();
        use_effect_with(*state, move |s| {
            if let Some(s) = s.filter(|s| s.running) {
                *frame.borrow_mut() = Some(request_animation_frame(move |_| {
                    let started = js_sys::Date::now();
                    let mut s = s;
                    while s.next < SWEEP_SEEDS {
                        if broken(&s.config, s.next) {
                            s.broken += 1;
                        }
                        s.next += 1;
                        if js_sys::Date::now() - started > SWEEP_FRAME_MS {
                            break;
                        }
                    }
                    s.running = s.next < SWEEP_SEEDS;
                    state.set(Some(s));
                }));
            }
        });
    }
    // A sweep of other settings is stale: it is shown no more.
    let current = state.filter(|s| s.config == p.config);
    let start = {
        let state = state.clone();
        let config = p.config;
        Callback::from(move |_| {
            state.set(Some(SweepState {
                config,
                next: 0,
                broken: 0,
                running: true,
            }))
        })
    };
    html! {
        <section class="card outcome" aria-labelledby="sweep-title">
            <h2 id="sweep-title">{t(lang, PipelineMsg::SweepTitle)}</h2>
            <p class="note">{t(lang, PipelineMsg::SweepNote)}</p>
            <button data-testid="sweep-run" onclick={start} disabled={current.is_some_and(|s| s.running)}>{t(lang, PipelineMsg::SweepRun)}</button>
            if let Some(s) = current {
                <p data-testid="sweep" aria-live="polite" data-broken={s.broken.to_string()} data-seeds={s.next.to_string()}
                    data-done={(!s.running).to_string()} class={if s.broken > 0 { "bad" } else { "ok" }}>
                    { if s.running {
                        super::numbered::pipeline_sweep_progress(lang, s.next, SWEEP_SEEDS, s.broken)
                    } else {
                        super::numbered::pipeline_sweep(lang, s.broken, SWEEP_SEEDS)
                    } }
                </p>
            }
        </section>
    }
}

/// One setting's control, built from its declaration.
fn field(
    params: &AppParams,
    on_params: &Callback<AppParams>,
    param: &'static Param,
    label: PipelineMsg,
) -> Html {
    let lang = params.lang;
    let value = (param.get)(params).unwrap_or_default();
    let testid = format!("pl-{}", param.name);
    // Kafka's long config names may break after a dot in a narrow column.
    let label_text = t(lang, label).replace('.', ".\u{200b}");
    match &param.kind {
        Kind::Number(_) => html! {
            <label class="field narrow-field">
                <span>{label_text}</span>
                <input type="number" data-testid={testid} min={min_of(param)} max={max_of(param)} value={value}
                    oninput={edit_number(params, on_params, param)} />
            </label>
        },
        Kind::Flag => {
            let on = edit(params, on_params, move |p, e: Event| {
                (param.set)(p, Value::Flag(checked(&e)));
            });
            html! {
                <label class="check">
                    <input type="checkbox" data-testid={testid} checked={value == "1"} onchange={on} />
                    <span>{label_text}</span>
                </label>
            }
        }
        Kind::Choice(ids) => {
            let on = edit(params, on_params, move |p, e: Event| {
                let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                (param.set)(p, Value::Text(&select.value()));
            });
            html! {
                <label class="field">
                    <span>{label_text}</span>
                    <select data-testid={testid} onchange={on}>
                        // Each of the pipeline's choices is a setting of
                        // its run, which declares the text of every value
                        // (a host test checks); a level's control for it
                        // reads the same declaration.
                        for id in ids.iter() {
                            <option value={*id} selected={value == *id}>{param.option_text(id, lang).unwrap_or(id)}</option>
                        }
                    </select>
                </label>
            }
        }
        Kind::Text { .. } => html! {},
    }
}

fn view_settings(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let groups: [(PipelineMsg, &[(&'static Param, PipelineMsg)]); 6] = [
        (
            PipelineMsg::GroupApplication,
            &[(&declared::RATE, PipelineMsg::Rate)],
        ),
        (
            PipelineMsg::GroupProducer,
            &[
                (&declared::LINGER_MS, PipelineMsg::Linger),
                (&declared::MAX_IN_FLIGHT, PipelineMsg::InFlight),
                (&declared::IDEMPOTENCE, PipelineMsg::Idempotence),
                (&declared::WIRE_FAULTS, PipelineMsg::Faults),
            ],
        ),
        (
            PipelineMsg::GroupPartitioner,
            &[
                (&declared::KEY_BY, PipelineMsg::Key),
                (&declared::CLIENT, PipelineMsg::Client),
                (&declared::WAREHOUSE_CLIENT, PipelineMsg::WarehouseClient),
            ],
        ),
        (
            PipelineMsg::GroupTopic,
            &[
                (&declared::PARTITIONS, PipelineMsg::Partitions),
                (&declared::GROW_TO, PipelineMsg::GrowTo),
                (&declared::LEADER_FAILS, PipelineMsg::LeaderFails),
                (&declared::UNCLEAN, PipelineMsg::Unclean),
            ],
        ),
        (
            PipelineMsg::GroupConsumers,
            &[
                (&declared::MEMBERS, PipelineMsg::Members),
                (&declared::ASSIGNOR, PipelineMsg::Assignor),
                (&declared::COMMIT, PipelineMsg::Commit),
                (&declared::CRASH, PipelineMsg::Crash),
            ],
        ),
        (
            PipelineMsg::GroupHandler,
            &[
                (&declared::HANDLER, PipelineMsg::Handler),
                (&declared::WORKERS, PipelineMsg::Workers),
                (&declared::DEDUPE, PipelineMsg::Dedupe),
            ],
        ),
    ];
    // A service on kafka-go ignores two of the producer's settings, and the
    // model with it (Client::fixed_producer); one on sarama keeps one batch
    // per partition in flight whatever the setting says
    // (Client::one_batch_in_flight_per_partition): said where they are set.
    let c = &params.pipeline;
    let clients = [c.client, c.warehouse_client];
    let fixed = clients
        .iter()
        .any(|client| client.fixed_producer().is_some());
    let muted = clients.iter().any(|client| {
        client.fixed_producer().is_none() && client.one_batch_in_flight_per_partition()
    });
    // franz-go resends the batches behind a retried one
    // (Client::resends_later_batches_on_retry), which the scene's producer
    // model does not: said where it matters, without idempotence.
    let resends = !c.idempotence
        && c.max_in_flight > 1
        && clients
            .iter()
            .any(|client| client.resends_later_batches_on_retry());
    html! {
        <section class="card pipeline-settings">
            for (title, fields) in groups.iter() {
                <fieldset class="stage-settings">
                    <legend>{t(lang, *title)}</legend>
                    <div class="inputs">
                        for (param, label) in fields.iter() { { field(params, on_params, param, *label) } }
                    </div>
                    if fixed && *title == PipelineMsg::GroupProducer {
                        <p class="note" data-testid="fixed-producer">{t(lang, PipelineMsg::KafkaGoProducer)}</p>
                    }
                    if muted && *title == PipelineMsg::GroupProducer {
                        <p class="note" data-testid="one-batch-per-partition">{t(lang, PipelineMsg::SaramaProducer)}</p>
                    }
                    if resends && *title == PipelineMsg::GroupProducer {
                        <p class="note" data-testid="resends-on-retry">{t(lang, PipelineMsg::FranzGoProducer)}</p>
                    }
                </fieldset>
            }
        </section>
    }
}

fn view_numbers(s: &Pipeline, lang: Lang) -> Html {
    let mut refused = 0;
    let mut twice = 0;
    for &(_, step) in s.run.trace.iter().take(s.shown as usize) {
        if let Step::Handled { delivery } = step {
            match s.run.deliveries[delivery as usize].outcome {
                Outcome::Refused => refused += 1,
                Outcome::AppliedAgain => twice += 1,
                _ => {}
            }
        }
    }
    let done = s.shown as usize >= s.run.trace.len();
    // Refused events are never applied either: the database dropped them.
    let unapplied = if done {
        s.run.records.len() as u64 - u64::from(s.applied_so_far())
    } else {
        0
    };
    html! {
        <dl class="stats">
            { stat("applied", t(lang, PipelineMsg::StatApplied), u64::from(s.applied_so_far())) }
            { stat("refused", t(lang, PipelineMsg::StatRefused), refused) }
            { stat("duplicates", t(lang, PipelineMsg::StatTwice), twice) }
            { stat("unapplied", t(lang, PipelineMsg::StatUnapplied), unapplied) }
            { stat("violations", t(lang, Msg::OrderViolations), s.findings_so_far().count() as u64) }
            { stat("throughput", t(lang, PipelineMsg::StatThroughput), s.run.price.throughput) }
            { stat("latency", t(lang, PipelineMsg::StatLatency), s.run.price.mean_latency_ms) }
        </dl>
    }
}

pub fn view_pipeline_scene(
    sim: &Sim<Pipeline>,
    end: SimTime,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let first = s
        .findings_so_far()
        .next()
        .and_then(|f| s.run.findings.iter().position(|g| g == f));
    let suggested = first
        .and_then(|i| s.run.findings.get(i))
        .and_then(|f| Change::candidates(f.cause).first().copied());
    html! {
        <div class="pipeline-scene">
            if params.shows(Part::Figure) {
                { view_figure(s, lang, narrow, params.embed, end) }
                <p class="narration" aria-live="polite" data-testid="narration">{ pipeline_caption(lang, s) }</p>
                { view_findings(s, lang) }
                // The stories to pick, after the one on screen.
                { memo(view_presets, params, &on_params) }
            }
            if params.shows(Part::Numbers) {
                <Analysis run={s.run.clone()} finding={first} params={params.clone()} />
                { view_numbers(s, lang) }
                <p class="note" data-testid="simplified">{t(lang, PipelineMsg::Simplified)}</p>
            }
            if params.shows(Part::Compare) {
                <div class="panels">
                    <Compare run={s.run.clone()} seed={params.seed} lang={lang} suggested={suggested} />
                    <Sweep config={s.config} lang={lang} />
                </div>
            }
            if params.shows(Part::Settings) {
                { memo(view_settings, params, &on_params) }
            }
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
