//! The player's control bar: reset, step back, play/pause, step forward, the
//! scrub slider and the log-scale speed slider.

use crate::i18n::Lang;
use crate::i18n::{self, t, Msg};
use crate::lesson::LessonMsg;
use crate::sim::SimTime;
use crate::widgets::player::{speed_factor, PlayerAction, SPEED_STEPS};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Button icons as inline SVG paths: no icon font, so they render the same
/// on every machine and when embedded.
const ICON_RESET: &str = "M4 4h2v16H4z M20 4l-7 8 7 8z M13 4l-7 8 7 8z";
const ICON_STEP_BACK: &str = "M16 4l-9 8 9 8z M17 4h2v16h-2z";
const ICON_PLAY: &str = "M7 4l13 8-13 8z";
const ICON_PAUSE: &str = "M6 4h4v16H6z M14 4h4v16h-4z";
const ICON_STEP_FORWARD: &str = "M5 4h2v16H5z M8 4l9 8-9 8z";

fn icon(path: &'static str) -> Html {
    html! {
        <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d={path} />
        </svg>
    }
}

fn range_value(e: &InputEvent) -> Option<i64> {
    let input: HtmlInputElement = e.target_unchecked_into();
    input.value().parse().ok()
}

/// What the control bar shows of a player. The bar does not depend on the
/// scene's model, so one copy of its code serves all nine scenes.
pub struct Transport {
    pub now: SimTime,
    pub end: SimTime,
    pub playing: bool,
    pub speed_step: i32,
    /// The scene's pace at 1× ([`crate::scenes::Scene::SIM_MS_PER_SECOND`]).
    pub sim_ms_per_second: u64,
    /// A lesson question waits for its answer: nothing may move the run on.
    pub locked: bool,
}

pub fn view_controls(
    player: &Transport,
    lang: Lang,
    dispatch: &Callback<PlayerAction>,
    extra: Html,
) -> Html {
    let now = player.now;
    let end = player.end;
    let act = |action: PlayerAction| dispatch.reform(move |_: MouseEvent| action);
    let seek = dispatch.reform(|e: InputEvent| {
        PlayerAction::Seek(SimTime(range_value(&e).unwrap_or(0).max(0) as u64))
    });
    let set_speed = dispatch.reform(|e: InputEvent| {
        PlayerAction::SetSpeed(range_value(&e).unwrap_or(0).clamp(-10, 10) as i32)
    });
    let (play_id, play_label, play_icon) = if player.playing {
        ("pause", t(lang, Msg::Pause), ICON_PAUSE)
    } else {
        ("play", t(lang, Msg::Play), ICON_PLAY)
    };
    let time_text = i18n::time_of(lang, now, end);
    let locked = player.locked;
    let locked_title = |title: &'static str| {
        if locked {
            t(lang, LessonMsg::AnswerFirst)
        } else {
            title
        }
    };
    html! {
        <div class="controls" role="group" aria-label={t(lang, Msg::Timeline)}>
            <div class="buttons">
                <button type="button" data-testid="reset" onclick={act(PlayerAction::Reset)}
                    title={t(lang, Msg::Reset)} aria-label={t(lang, Msg::Reset)}>{icon(ICON_RESET)}</button>
                <button type="button" data-testid="step-back" onclick={act(PlayerAction::StepBack)}
                    title={t(lang, Msg::StepBack)} aria-label={t(lang, Msg::StepBack)}>{icon(ICON_STEP_BACK)}</button>
                <button type="button" class="primary" data-testid={play_id} onclick={act(PlayerAction::TogglePlay)}
                    disabled={locked} title={locked_title(play_label)} aria-label={play_label}>{icon(play_icon)}</button>
                <button type="button" data-testid="step-forward" onclick={act(PlayerAction::StepForward)}
                    disabled={locked} title={locked_title(t(lang, Msg::StepForward))} aria-label={t(lang, Msg::StepForward)}>{icon(ICON_STEP_FORWARD)}</button>
            </div>
            <label class="timeline">
                <span class="visually-hidden">{t(lang, Msg::Timeline)}</span>
                <input type="range" data-testid="timeline" min="0" max={end.as_millis().to_string()} step="1"
                    value={now.as_millis().to_string()} oninput={seek} disabled={locked}
                    aria-valuetext={time_text.clone()} />
            </label>
            <output class="time" data-testid="time">{time_text}</output>
            <label class="speed">
                <span>{t(lang, Msg::Speed)}</span>
                <input type="range" data-testid="speed" aria-label={t(lang, Msg::Speed)} min={SPEED_STEPS.start().to_string()}
                    max={SPEED_STEPS.end().to_string()} step="1" value={player.speed_step.to_string()}
                    oninput={set_speed} aria-valuetext={i18n::speed(lang, speed_factor(player.speed_step))} />
                <output>{i18n::speed(lang, speed_factor(player.speed_step))}</output>
                <output class="pace" data-testid="pace">
                    {i18n::pace(lang, &i18n::duration(lang, player.sim_ms_per_second as f64 * speed_factor(player.speed_step)))}
                </output>
            </label>
            {extra}
        </div>
    }
}
