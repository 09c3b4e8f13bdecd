//! The order checker's findings, as every scene lists them: in words and
//! with an icon, never by colour alone.

use crate::i18n::{self, fixed, t, Msg, Place};
use crate::params::Lang;
use crate::sim::checker::Violation;
use yew::prelude::*;

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

/// A cell of a figure, by its top-left corner and size, in the figure's
/// own units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

/// The inversion's path: from the top of the record handled first to the
/// top of the one handled after it, bowed above both so that it clears the
/// records between them on one row. Records one above the other (a log
/// drawn as rows) are joined by their left edges instead, bowed to the
/// left, so that the path does not cross the upper one.
pub fn inversion_path(first: Cell, late: Cell) -> String {
    let one_column = (first.x - late.x).abs() < first.w.min(late.w) / 2.0;
    let (x1, y1, x2, y2, cx, cy) = if one_column {
        let (y1, y2) = (first.y + first.h / 2.0, late.y + late.h / 2.0);
        let bow = 10.0 + (y2 - y1).abs().min(120.0) / 6.0;
        (
            first.x,
            y1,
            late.x,
            y2,
            first.x.min(late.x) - bow,
            (y1 + y2) / 2.0,
        )
    } else {
        let (x1, y1) = (first.x + first.w / 2.0, first.y);
        let (x2, y2) = (late.x + late.w / 2.0, late.y);
        let lift = 10.0 + (x2 - x1).abs().min(120.0) / 6.0;
        (x1, y1, x2, y2, (x1 + x2) / 2.0, y1.min(y2) - lift)
    };
    format!(
        "M{} {}Q{} {} {} {}",
        fixed(x1, 1),
        fixed(y1, 1),
        fixed(cx, 1),
        fixed(cy, 1),
        fixed(x2, 1),
        fixed(y2, 1)
    )
}

/// One broken pair drawn on the figure where it happened: both records
/// ringed, an arrow from the later event, handled first, to the earlier
/// one handled after it, and a ⚠ on the late one. `words` say it (the
/// finding's line, as the list below says it), so colour is never the only
/// sign. The figure's SVG must hold [`inversion_arrow_def`].
pub fn violation_mark(key: &str, first: Cell, late: Cell, words: String) -> Html {
    let ring = |c: Cell| {
        html! {
            <rect class="ring" x={fixed(c.x - 2.0, 1)} y={fixed(c.y - 2.0, 1)}
                width={fixed(c.w + 4.0, 1)} height={fixed(c.h + 4.0, 1)} rx="4" />
        }
    };
    html! {
        <g class="violation-mark" data-testid="violation-mark" data-key={key.to_owned()}>
            <title>{words}</title>
            {ring(first)}
            {ring(late)}
            <path class="inversion" d={inversion_path(first, late)} marker-end="url(#inversion-arrow)" />
            <text class="badge" x={fixed(late.x + late.w - 2.0, 1)} y={fixed(late.y + 4.0, 1)}>{"⚠"}</text>
        </g>
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_one_above_the_other_are_joined_by_their_left_edges() {
        let row = |y| Cell {
            x: 660.0,
            y,
            w: 292.0,
            h: 20.0,
        };
        let d = inversion_path(row(58.0), row(82.0));
        assert!(d.starts_with("M660.0 68.0Q"), "{d}");
        assert!(d.ends_with(" 660.0 92.0"), "{d}");
        let control_x: f64 = d.split(['Q', ' ']).nth(2).unwrap().parse().unwrap();
        assert!(control_x < 660.0, "{d}");
    }

    #[test]
    fn the_inversion_runs_from_the_first_record_to_the_late_one_above_both() {
        let first = Cell {
            x: 100.0,
            y: 40.0,
            w: 40.0,
            h: 28.0,
        };
        let late = Cell {
            x: 20.0,
            y: 80.0,
            w: 40.0,
            h: 28.0,
        };
        let d = inversion_path(first, late);
        assert!(d.starts_with("M120.0 40.0Q"), "{d}");
        assert!(d.ends_with(" 40.0 80.0"), "{d}");
        let control_y: f64 = d.split(['Q', ' ']).nth(3).unwrap().parse().unwrap();
        assert!(control_y < 40.0, "{d}");
    }
}
