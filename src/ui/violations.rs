//! The order checker's findings, as every scene lists them: in words and
//! with an icon, never by colour alone.

use crate::i18n::{self, t, Msg};
use crate::params::Lang;
use crate::sim::checker::Violation;
use yew::prelude::*;

/// Findings listed one by one; the rest are counted. A goroutine per
/// message can break order hundreds of times.
const LISTED: usize = 30;

pub fn view_violations(violations: &[Violation], lang: Lang) -> Html {
    html! {
        // The verdict answers a lesson's question, so a question hides it.
        <div class="violations outcome" data-testid="violations">
            if violations.is_empty() {
                <p class="ok">{t(lang, Msg::NoViolations)}</p>
            } else {
                <ul>
                    // Keyed, and a node of its own before the "+N" line: the
                    // list grows as violations are found, and Yew pairs an
                    // unkeyed, spliced list from its end, so each new one
                    // would rewrite every line above it.
                    { violations.iter().take(LISTED).enumerate().map(|(i, v)| html! {
                        <li key={i} data-testid="violation" data-key={v.key.clone()}
                            data-partition={v.position.partition.to_string()}
                            data-offset={v.position.offset.to_string()}>
                            {i18n::violation(lang, v)}
                        </li>
                    }).collect::<Html>() }
                    if violations.len() > LISTED {
                        <li class="more">{format!("+{}", violations.len() - LISTED)}</li>
                    }
                </ul>
            }
        </div>
    }
}
