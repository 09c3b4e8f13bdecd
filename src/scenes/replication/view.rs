//! The replication scene's view: the three replicas' logs, the high watermark, and the broker actions.

use super::narration::replication_caption;
use super::params as declared;
use crate::i18n::t;
use crate::i18n::Lang;
use crate::params::{AppParams, Part};
use crate::scenes::replication::model::{
    ActionKind, ElectionKind, ProduceOutcome, RRecord, Replica, ReplicaAction, Replication,
};
use crate::scenes::replication::text::ReplicationMsg;
use crate::sim::producer::Acks;
use crate::sim::Sim;
use crate::widgets::fold::Fold;
use crate::widgets::form::{checked, edit, edit_number, max_of, min_of};
use crate::widgets::stats::stat;
use yew::prelude::*;

/// Offsets drawn per replica: the newest ones.
const SHOWN_OFFSETS: usize = 24;

fn record_text(r: &RRecord) -> String {
    format!(
        "{}: #{} {} (e{})",
        r.offset,
        r.order,
        r.event.value(),
        r.epoch
    )
}

/// The button for one broker action, taken at the moment shown.
type Act<'a> = dyn Fn(u32, ActionKind) -> Callback<MouseEvent> + 'a;

pub fn view_replication_scene(
    sim: &Sim<Replication>,
    params: &AppParams,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let r = sim.model();
    let now = sim.now();
    let act = |broker: u32, kind: ActionKind| {
        edit(params, &on_params, move |p, _: MouseEvent| {
            p.replication.actions.push(ReplicaAction {
                at: now,
                broker,
                kind,
            });
        })
    };
    let on_acks = edit(params, &on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = Acks::from_id(&select.value()) {
            p.replication.acks = a;
        }
    });
    let on_min_isr = edit_number(params, &on_params, &declared::MIN_ISR);
    let on_unclean = edit(params, &on_params, |p, e: Event| {
        p.replication.unclean = checked(&e)
    });
    let hw = r.high_watermark;
    html! {
        <div class="rest-scene">
            if params.shows(Part::Figure) {
                <p class="hw" data-testid="high-watermark" data-offset={hw.to_string()} data-frozen={r.under_min_isr().to_string()}>
                    {format!("HW = {hw} — {}", t(lang, ReplicationMsg::HighWatermark))}
                </p>
                if r.under_min_isr() {
                    <p class="note" data-testid="hw-frozen">
                        {format!("{} {}", super::numbered::isr_below_min(lang, &r.isr.iter().copied().collect::<Vec<u32>>(), r.config.min_isr), t(lang, ReplicationMsg::HwFrozen))}
                    </p>
                }
                <figure class="figure replicas-figure" data-testid="figure">
                    <div class="replicas">
                        for rep in r.replicas.iter() { { replica_card(r, rep, lang, &act) } }
                    </div>
                    <figcaption class="narration" aria-live="polite" data-testid="narration">
                        { replication_caption(lang, r.caption(sim.last_event().map(|(_, e)| e))) }
                    </figcaption>
                </figure>
            }
            // After the figure: the replicas, with their own buttons, come first.
            if params.shows(Part::Settings) {
                <Fold lang={lang}>
                    <section class="card">
                        <div class="inputs">
                            <label class="field narrow-field">
                                <span>{t(lang, ReplicationMsg::Acks)}</span>
                                <select data-testid="acks" onchange={on_acks}>
                                    for &a in [Acks::None, Acks::Leader, Acks::All].iter() {
                                        <option value={a.id()} selected={params.replication.acks == a}>{a.id()}</option>
                                    }
                                </select>
                            </label>
                            <label class="field narrow-field">
                                <span>{t(lang, ReplicationMsg::MinIsr)}</span>
                                <input type="number" data-testid="min-isr" min={min_of(&declared::MIN_ISR)} max={max_of(&declared::MIN_ISR)} value={params.replication.min_isr.to_string()} oninput={on_min_isr} />
                            </label>
                            <label class="check">
                                <input type="checkbox" data-testid="unclean" checked={params.replication.unclean} onchange={on_unclean} />
                                <span>{t(lang, ReplicationMsg::Unclean)}</span>
                            </label>
                        </div>
                        <p class="note">{t(lang, ReplicationMsg::ReplicationNote)}</p>
                    </section>
                </Fold>
            }
            if params.shows(Part::Numbers) {
                <div class="panels">
                    { diff_panel(r, lang) }
                    { stats(r, lang) }
                </div>
                { notes(r, lang) }
                if !r.truncated.is_empty() {
                    <section class="card" data-testid="truncated">
                        <h3>{t(lang, ReplicationMsg::Truncated)}</h3>
                        <ul class="plain small">for (b, x) in r.truncated.iter() { <li>{format!("{}: {}", super::numbered::broker_name(lang, *b), record_text(x))}</li> }</ul>
                    </section>
                }
                if !r.lost.is_empty() {
                    <section class="card" data-testid="lost">
                        <h3 class="bad">{format!("⚠ {}", t(lang, ReplicationMsg::Lost))}</h3>
                        <ul class="plain small">for x in r.lost.iter() { <li data-testid="violation" class="bad">{record_text(x)}</li> }</ul>
                    </section>
                }
            }
            if params.shows(Part::Go) {
                { crate::widgets::memo::memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}

/// One broker: its role, whether it is in the ISR or the ELR, its newest
/// records, and what the learner may do to it.
fn replica_card(r: &Replication, rep: &Replica, lang: Lang, act: &Act<'_>) -> Html {
    let hw = r.high_watermark;
    let is_leader = Some(rep.broker) == r.leader;
    let in_isr = r.isr.contains(&rep.broker) && rep.alive;
    let in_elr = r.elr.contains(&rep.broker) && rep.alive;
    let role = if is_leader { "leader" } else { "follower" };
    let title = if !rep.alive {
        ReplicationMsg::Dead
    } else if is_leader {
        ReplicationMsg::Leader
    } else {
        ReplicationMsg::Follower
    };
    let status = if !rep.alive {
        ReplicationMsg::Dead
    } else if in_isr {
        ReplicationMsg::InIsr
    } else if in_elr {
        ReplicationMsg::InElr
    } else {
        ReplicationMsg::OutOfIsr
    };
    let skip = rep.log.len().saturating_sub(SHOWN_OFFSETS);
    html! {
        <section class={classes!("card", "replica", (!rep.alive).then_some("dead"), is_leader.then_some("leader"))}
            data-testid="replica" data-broker={rep.broker.to_string()} data-role={role}
            data-leo={rep.log_end_offset().to_string()} data-in-isr={in_isr.to_string()}
            data-in-elr={in_elr.to_string()} data-alive={rep.alive.to_string()}>
            <h3>{format!("{} · {}", super::numbered::broker_name(lang, rep.broker), t(lang, title))}</h3>
            <p class="small">{format!("LEO {} · {}", rep.log_end_offset(), t(lang, status))}</p>
            // It scrolls once the log is long: focusable, so a keyboard can.
            <ol class="replica-log" start={skip.to_string()} tabindex="0" aria-label={super::numbered::replica_log(lang, rep.broker)}>
                // Keyed by offset: the shown window slides along the log,
                // and unkeyed items would each be rewritten with the
                // next one's text.
                for x in rep.log[skip..].iter() {
                    <li key={x.offset} class={classes!((x.offset >= hw).then_some("above-hw"), format!("epoch-{}", x.epoch.min(3)))}
                        title={if x.offset >= hw { t(lang, ReplicationMsg::AboveHw) } else { "" }}>
                        // The same words as `record_text`, in parts a phone's
                        // narrow column lays out on two lines.
                        <span class="rec-at">{format!("{}:", x.offset)}</span>{" "}
                        <span class="rec-what">{format!("#{} {}", x.order, x.event.value())}</span>{" "}
                        <span class="rec-epoch">{format!("(e{})", x.epoch)}</span>
                    </li>
                }
            </ol>
            // The leader's own card crashes it: the action sits on the
            // thing it acts on.
            if rep.alive && is_leader {
                <div class="replica-actions">
                    <button type="button" class="primary-action" data-testid="crash-leader" onclick={act(rep.broker, ActionKind::Crash)}>
                        {format!("⚡ {}", t(lang, ReplicationMsg::CrashLeader))}
                    </button>
                </div>
            }
            if rep.alive && !is_leader {
                <div class="replica-actions">
                    if rep.slow {
                        <button type="button" data-testid="heal-follower" onclick={act(rep.broker, ActionKind::Heal)}>{t(lang, ReplicationMsg::Heal)}</button>
                    } else {
                        <button type="button" data-testid="slow-follower" onclick={act(rep.broker, ActionKind::Slow)}>{t(lang, ReplicationMsg::Slow)}</button>
                    }
                    <button type="button" data-testid="crash-follower" onclick={act(rep.broker, ActionKind::Crash)}>{t(lang, ReplicationMsg::Crash)}</button>
                </div>
            }
        </section>
    }
}

/// The live replicas compared, and against that what the producer was told:
/// a ✓ only when nothing acknowledged or committed has gone.
fn diff_panel(r: &Replication, lang: Lang) -> Html {
    let differences = r.differences();
    let acked_lost = r.acked_lost();
    let log = r.partition_log();
    html! {
        <section class="card" data-testid="replica-diff" data-differences={differences.to_string()} data-intact={r.intact().to_string()}>
            <h3>{t(lang, ReplicationMsg::DiffTitle)}</h3>
            if r.intact() {
                <p class="ok">{format!("✓ {}", t(lang, ReplicationMsg::NoDiff))}</p>
            }
            if differences > 0 {
                <p class="bad">{format!("⚠ {differences}")}</p>
            }
            if !acked_lost.is_empty() {
                <p class="bad">{super::numbered::acked_records_lost(lang, acked_lost.len())}</p>
                <ul class="plain small">
                    for x in acked_lost.iter() {
                        <li data-testid="acked-lost-record" class="bad">
                            {format!("{} → {}", record_text(x), log.get(x.offset as usize).map_or_else(|| t(lang, ReplicationMsg::NowPastEnd).to_owned(), record_text))}
                        </li>
                    }
                </ul>
            }
            if !r.lost.is_empty() {
                <p class="bad">{format!("⚠ {}: {}", t(lang, ReplicationMsg::Lost), r.lost.len())}</p>
            }
        </section>
    }
}

fn stats(r: &Replication, lang: Lang) -> Html {
    let n = |o| r.count(o) as u64;
    html! {
        <dl class="stats">
            { stat("acked", t(lang, ReplicationMsg::StatAcked), n(ProduceOutcome::Acked)) }
            { stat("not-enough-replicas", t(lang, ReplicationMsg::StatNotEnough), n(ProduceOutcome::NotEnoughReplicas)) }
            { stat("timed-out", t(lang, ReplicationMsg::StatTimedOut), n(ProduceOutcome::TimedOut)) }
            { stat("no-leader", t(lang, ReplicationMsg::StatNoLeader), n(ProduceOutcome::NoLeader)) }
            { stat("acked-lost", t(lang, ReplicationMsg::StatAckedLost), r.acked_lost().len() as u64) }
            { stat("lost", t(lang, ReplicationMsg::Lost), r.lost.len() as u64) }
        </dl>
    }
}

/// What the broker did that the numbers alone do not say: refusals,
/// timeouts, and how the latest leader came to lead.
fn notes(r: &Replication, lang: Lang) -> Html {
    let election = match r.election {
        Some(ElectionKind::Elr) => Some(("elr", ReplicationMsg::ElectedFromElr)),
        Some(ElectionKind::Offline) => Some(("offline", ReplicationMsg::Offline)),
        _ => None,
    };
    html! {
        <>
            if let Some((kind, msg)) = election {
                <p class="note" data-testid="election-note" data-election={kind}>{t(lang, msg)}</p>
            }
            if r.count(ProduceOutcome::NotEnoughReplicas) > 0 {
                <p class="note" data-testid="refused-note">{t(lang, ReplicationMsg::RefusedNote)}</p>
            }
            if r.count(ProduceOutcome::TimedOut) > 0 {
                <p class="note" data-testid="timed-out-note">{t(lang, ReplicationMsg::TimedOutNote)}</p>
            }
        </>
    }
}
