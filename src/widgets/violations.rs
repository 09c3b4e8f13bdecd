//! The order checker's findings, as every scene lists them: in words and
//! with an icon, never by colour alone.

use crate::i18n::Lang;
use crate::i18n::{self, fixed, t, Msg, Place};
use crate::sim::checker::Violation;
use std::rc::Rc;
use yew::prelude::*;

pub use super::marks::{inversion_path, Cell};

/// Findings listed one by one; the rest are counted. A goroutine per
/// message can break order hundreds of times.
const LISTED: usize = 30;

pub fn view_violations(violations: &[Violation], lang: Lang) -> Html {
    view_findings(violations, &[], lang, Place::Partition)
}

pub fn view_violations_at(violations: &[Violation], lang: Lang, place: Place) -> Html {
    view_findings(violations, &[], lang, place)
}

/// A compact frame's list: the first few findings, and the rest counted.
pub fn view_first_violations(
    violations: &[Violation],
    lang: Lang,
    place: Place,
    listed: usize,
) -> Html {
    listing(violations, &[], lang, place, listed)
}

/// The findings, with their places named in the scene's own words: a
/// RabbitMQ queue has no partitions, a single-partition scene no need to
/// name one. `gaps` are orders whose history misses an earlier event for
/// good (a key and its first missing step): a scene passes them once the
/// run is over, when a missing event can no longer arrive late.
pub fn view_findings(
    violations: &[Violation],
    gaps: &[(String, u32)],
    lang: Lang,
    place: Place,
) -> Html {
    listing(violations, gaps, lang, place, LISTED)
}

fn listing(
    violations: &[Violation],
    gaps: &[(String, u32)],
    lang: Lang,
    place: Place,
    listed: usize,
) -> Html {
    html! {
        // The verdict answers a lesson's question, so a question hides it.
        <div class="violations outcome" data-testid="violations">
            for (key, step) in gaps.iter() {
                <p class="bad" data-testid="gap" data-key={key.clone()}>{i18n::gap_line(lang, key, *step)}</p>
            }
            if violations.is_empty() && gaps.is_empty() {
                <p class="ok">{t(lang, Msg::NoViolations)}</p>
            } else if !violations.is_empty() {
                <ul>
                    // Keyed, and a node of its own before the "+N" line: the
                    // list grows as violations are found, and Yew pairs an
                    // unkeyed, spliced list from its end, so each new one
                    // would rewrite every line above it.
                    { violations.iter().take(listed).enumerate().map(|(i, v)| html! {
                        <li key={i} data-testid="violation" data-key={v.key.clone()} tabindex="0"
                            data-partition={v.position.partition.to_string()}
                            data-offset={v.position.offset.to_string()}>
                            {i18n::violation_at(lang, v, place)}
                        </li>
                    }).collect::<Html>() }
                    if violations.len() > listed {
                        <li class="more" data-testid="more-violations">{format!("+{}", violations.len() - listed)}</li>
                    }
                </ul>
            }
        </div>
    }
}

/// One broken pair drawn on the figure where it happened: both records
/// ringed, an arrow from the later event, handled first, to the earlier
/// one handled after it, and a ⚠ on the late one. `words` say it (the
/// finding's line, as the list below says it), so colour is never the only
/// sign. The figure's SVG must hold [`inversion_arrow_def`].
///
/// `id` is the finding's place in its list, which only grows as the run
/// plays: the marks are keyed by it. Yew lines up an unkeyed list from its
/// end (yew's src/dom_bundle/blist.rs, `apply_unkeyed`), so each finding
/// added at the end would rewrite every mark before it, a hundred marks a
/// frame where a goroutine per message breaks order.
pub fn violation_mark(id: usize, key: &str, first: Cell, late: Cell, words: String) -> Html {
    let ring = |c: Cell| {
        html! {
            <rect class="ring" x={fixed(c.x - 2.0, 1)} y={fixed(c.y - 2.0, 1)}
                width={fixed(c.w + 4.0, 1)} height={fixed(c.h + 4.0, 1)} rx="4" />
        }
    };
    html! {
        <g key={id} class="violation-mark" data-testid="violation-mark" data-key={key.to_owned()}>
            <title>{words}</title>
            {ring(first)}
            {ring(late)}
            <path class="inversion" d={inversion_path(first, late)} marker-end="url(#inversion-arrow)" />
            <text class="badge" x={fixed(late.x + late.w - 2.0, 1)} y={fixed(late.y + 4.0, 1)}>{"⚠"}</text>
        </g>
    }
}

/// A finding of the order checker as its figure marks it: the finding,
/// which the mark's words tell, and where its two records are drawn.
/// `id` is its place in the checker's list.
#[derive(Clone, PartialEq)]
pub struct PlacedFinding {
    pub id: usize,
    pub finding: Violation,
    pub first: Cell,
    pub late: Cell,
}

/// How many marks a [`MarkRun`] holds.
const RUN: usize = 32;

/// A figure's marks, each finding's where it happened, in a group whose
/// class thins them out past [`DENSE_MARKS`].
///
/// While a run plays, findings only come at the end of the list, and a
/// goroutine per message makes hundreds. Drawing every mark again on each
/// frame (its words, its numbers, Yew's comparison of each element) made
/// the frame's work grow with the run. So the marks go in runs of [`RUN`],
/// each a component that Yew skips when its findings and places are as
/// they were: a frame draws the last run's marks only.
pub fn violation_marks(placed: &[PlacedFinding], lang: Lang, place: Place) -> Html {
    html! {
        <g class={marks_class(placed.len())}>
            { for placed.chunks(RUN).enumerate().map(|(i, run)| html! {
                <MarkRun key={i} marks={Rc::<[PlacedFinding]>::from(run)} {lang} {place} />
            }) }
        </g>
    }
}

#[derive(Properties, PartialEq)]
struct MarkRunProps {
    marks: Rc<[PlacedFinding]>,
    lang: Lang,
    place: Place,
}

#[component(MarkRun)]
fn mark_run(p: &MarkRunProps) -> Html {
    p.marks
        .iter()
        .map(|m| {
            violation_mark(
                m.id,
                &m.finding.key,
                m.first,
                m.late,
                i18n::violation_at(p.lang, &m.finding, p.place),
            )
        })
        .collect()
}

/// Past this many marks on one figure the arrows thin out and the signs go
/// (style.css `.violation-marks.dense`): a goroutine per message breaks
/// order a hundred times, and full-weight arrows would hide the records.
pub const DENSE_MARKS: usize = 16;

/// The class of the group that holds a figure's `count` marks.
pub fn marks_class(count: usize) -> &'static str {
    if count > DENSE_MARKS {
        "violation-marks dense"
    } else {
        "violation-marks"
    }
}

/// The arrowhead the inversions end with, once per figure.
pub fn inversion_arrow_def() -> Html {
    html! {
        <defs>
            <marker id="inversion-arrow" viewBox="0 0 10 10" refX="9" refY="5"
                markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                <path class="inversion-head" d="M0 0L10 5L0 10z" />
            </marker>
        </defs>
    }
}
