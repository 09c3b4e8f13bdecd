//! The order checker's findings, as every scene lists them: in words and
//! with an icon, never by colour alone.

use crate::i18n::{self, t, Msg};
use crate::params::Lang;
use crate::sim::checker::Violation;
use yew::prelude::*;

pub fn view_violations(violations: &[Violation], lang: Lang) -> Html {
    html! {
        <div class="violations" data-testid="violations">
            if violations.is_empty() {
                <p class="ok">{t(lang, Msg::NoViolations)}</p>
            } else {
                <ul>
                    { for violations.iter().map(|v| html! {
                        <li data-testid="violation" data-key={v.key.clone()}
                            data-partition={v.position.partition.to_string()}
                            data-offset={v.position.offset.to_string()}>
                            {i18n::violation(lang, v)}
                        </li>
                    }) }
                </ul>
            }
        </div>
    }
}
