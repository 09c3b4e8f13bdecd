//! The order checker's findings, as every scene lists them: in words and
//! with an icon, never by colour alone.

use crate::i18n::{self, t, Msg, Place};
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
                        <li key={i} data-testid="violation" data-key={v.key.clone()}
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
