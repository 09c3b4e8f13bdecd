//! The guided lesson's bar: where the learner is, what to look at, and a
//! question to answer before the scene shows what happened.

use crate::i18n::Lang;
use crate::i18n::{self, t};
use crate::lesson::LessonMsg;
use crate::lesson::{self, STEPS};
use crate::params::AppParams;
use crate::route::lesson_link;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonProps {
    pub step: u32,
    pub lang: Lang,
    /// The page's state: the step links keep its view.
    pub params: AppParams,
    /// Runs the scene on to its outcome once the learner has answered.
    pub on_reveal: Callback<()>,
}

#[component(LessonBar)]
pub fn lesson_bar(props: &LessonProps) -> Html {
    let lang = props.lang;
    let answered = use_state(|| None::<usize>);
    let mut text = crate::lesson::lesson_text(lang, props.step);
    if !crate::params::questions_built_in() {
        text.question = None;
    }
    let correct = lesson::step(props.step).and_then(|s| s.answer);
    let total = STEPS.len();
    let id = lesson::step(props.step).map_or("", |s| s.id);
    let place = i18n::step_of(lang, id, props.step, total);
    let prev = props
        .step
        .checked_sub(1)
        .and_then(|n| lesson_link(&props.params, n));
    let next = lesson_link(&props.params, props.step + 1);
    html! {
        <section class="lesson card" data-testid="lesson" data-step={id} aria-labelledby="lesson-title">
            <div class="lesson-head">
                <strong id="lesson-title">{t(lang, LessonMsg::Title)}</strong>
                <span class="dim" data-testid="lesson-step">{place.clone()}</span>
                <progress max={total.to_string()} value={props.step.to_string()} aria-label={place}></progress>
            </div>
            <p>{text.narration}</p>
            for (prompt, choices, why) in text.question { {{
                let pick = |i: usize| {
                    let answered = answered.clone();
                    let on_reveal = props.on_reveal.clone();
                    Callback::from(move |_: MouseEvent| {
                        if answered.is_none() {
                            answered.set(Some(i));
                            on_reveal.emit(());
                        }
                    })
                };
                html! {
                    <div class="question" data-testid="question">
                        <p><strong>{prompt}</strong></p>
                        if answered.is_none() {
                            <p class="dim small">{t(lang, LessonMsg::AnswerFirst)}</p>
                        }
                        <div class="answers">
                            for (i, c) in choices.iter().enumerate() { {{
                                let chosen = *answered == Some(i);
                                let state = match (*answered, Some(i) == correct) {
                                    (Some(_), true) => Some("right"),
                                    (Some(_), false) if chosen => Some("wrong"),
                                    _ => None,
                                };
                                html! {
                                    <button type="button" class={classes!("answer", state)} data-testid="answer"
                                        data-correct={(Some(i) == correct).to_string()} aria-pressed={chosen.to_string()}
                                        disabled={answered.is_some()} onclick={pick(i)}>{*c}</button>
                                }
                            }} }
                        </div>
                        for a in *answered {
                            <p class="reveal" data-testid="reveal" role="status">
                                <strong>{t(lang, if Some(a) == correct { LessonMsg::Right } else { LessonMsg::Wrong })}</strong>
                                {format!(" {why}")}
                            </p>
                        }
                    </div>
                }
            }} }
            <nav class="lesson-nav">
                for href in prev { <a href={href} data-testid="lesson-prev">{t(lang, LessonMsg::Prev)}</a> }
                for href in next { <a href={href} data-testid="lesson-next">{t(lang, LessonMsg::Next)}</a> }
            </nav>
        </section>
    }
}
