//! The share group scene's view: the partition as the share group keeps
//! it, then the three lanes side by side, each consumer's row of records in
//! the order it handled them, every broken pair marked where it happened
//! and listed with its cause.

use super::narration::{finding, gave_up_line, member_name, share_narration, share_verdict};
use super::params as declared;
use crate::i18n::{fixed, millis, t, Lang};
use crate::params::{AppParams, Part};
use crate::scenes::share::model::partition::RecordState;
use crate::scenes::share::model::{Lane, Outcome, ShareScene};
use crate::scenes::share::text::ShareMsg;
use crate::sim::checker::{FindingKind, Position};
use crate::sim::{Sim, SimTime};
use crate::widgets::fold::Fold;
use crate::widgets::form::{checked, edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use yew::prelude::*;

/// A record's chip label: "#3P", its order and the event's first letter.
fn label(s: &ShareScene, r: u32) -> String {
    let info = &s.records[r as usize];
    format!("#{}{}", info.order, &info.event.value()[..1])
}

fn order_class(s: &ShareScene, r: u32) -> String {
    format!("o{}", s.records[r as usize].order % 6)
}

/// Each partition's records as the share group keeps them: available,
/// acquired by a consumer with its lock running down, acknowledged, or
/// archived; a record delivered more than once shows its count.
fn view_partitions(lang: Lang, s: &ShareScene, now: SimTime) -> Html {
    html! {
        <section class="card share-log" data-testid="share-partitions">
            <h2>{t(lang, ShareMsg::PartitionTitle)}</h2>
            for (p, sp) in s.share_partitions.iter().enumerate() {
                <div class="share-row" data-partition={p.to_string()}>
                    <span class="worker-name">{format!("p{p}")}</span>
                    <span class="handled-chips">
                        for (offset, r) in sp.records.iter().enumerate() { {{
                            let record = s.logs[p][offset];
                            let (state, mark, title) = match r.state {
                                RecordState::Available { .. } => ("available", String::new(), t(lang, ShareMsg::Available).to_owned()),
                                RecordState::Acquired { member, until } => {
                                    let left = until.as_millis().saturating_sub(now.as_millis());
                                    (
                                        "acquired",
                                        format!(" → c{}", member + 1),
                                        format!("{} {} ({})", t(lang, ShareMsg::Acquired), member_name(Lane::Share, member), millis(lang, left)),
                                    )
                                }
                                RecordState::Acknowledged => ("acknowledged", " ✓".to_owned(), t(lang, ShareMsg::Acknowledged).to_owned()),
                                RecordState::Archived { .. } => ("archived", " ✕".to_owned(), t(lang, ShareMsg::Archived).to_owned()),
                            };
                            let count = (r.delivery_count > 1).then(|| format!(" ×{}", r.delivery_count));
                            html! {
                                <span key={offset} class={classes!("chip-s", order_class(s, record), state)}
                                    data-testid="share-record" data-state={state} data-offset={offset.to_string()}
                                    data-deliveries={r.delivery_count.to_string()}
                                    title={format!("offset {offset}: {}, {title}", s.key(record))}>
                                    {format!("{}{mark}{}", label(s, record), count.unwrap_or_default())}
                                </span>
                            }
                        }} }
                    </span>
                </div>
            }
        </section>
    }
}

/// One lane: its members' rows, and its findings.
fn view_lane(lang: Lang, s: &ShareScene, lane: Lane, now: SimTime, compact: bool) -> Html {
    let checker = s.checker(lane);
    let violations = checker.violations();
    let title = match lane {
        Lane::Group => ShareMsg::GroupLane,
        Lane::Share => ShareMsg::ShareLane,
        Lane::Pool => ShareMsg::PoolLane,
    };
    let late_at = |m: usize, r: u32| {
        violations
            .iter()
            .position(|v| v.position == Position::new(m as u32, u64::from(r)))
    };
    let came_before = |m: usize, r: u32| {
        violations.iter().any(|v| {
            matches!(v.kind, FindingKind::Reorder { seen_at, .. } if seen_at == Position::new(m as u32, u64::from(r)))
        })
    };
    let cause = |i: usize| {
        (lane == Lane::Share)
            .then(|| s.causes.get(i).copied())
            .flatten()
    };
    let gave_up: Vec<u32> = s
        .gave_up
        .iter()
        .filter(|g| g.0 == lane)
        .map(|g| g.1)
        .collect();
    let count = violations.len();
    let yours = s.params.reads_with == lane;
    let verdict = html! {
        <p data-testid="violations-count" data-lane={lane.id()} data-count={count.to_string()}
            class={classes!(if count > 0 { "bad" } else { "ok" })}>
            {format!("{} {}: {count}", if count > 0 { "⚠" } else { "✓" }, t(lang, ShareMsg::Violations))}
        </p>
    };
    // A compact frame draws the learner's lane whole, and the two others
    // as their verdicts alone, so the frame stays one screen tall.
    if compact && !yours {
        return html! {
            <section class="card lane brief" data-lane={lane.id()} data-testid="lane" data-yours="false">
                <h2>{t(lang, title)}</h2>
                { verdict }
            </section>
        };
    }
    html! {
        <section class={classes!("card", "lane", yours.then_some("yours"))} data-lane={lane.id()} data-testid="lane" data-yours={yours.to_string()}>
            <h2>{t(lang, title)}</h2>
            if yours {
                <p class="yours-badge" data-testid="yours">{format!("★ {}", t(lang, ShareMsg::Yours))}</p>
            }
            { verdict }
            <ol class="plain">
                for (m, member) in s.members(lane).iter().enumerate() {
                    <li class="consumer-row">
                        <span class="worker-name">{member_name(lane, m as u32)}</span>
                        <span class="handled-chips">
                            for (k, a) in member.attempts.iter().enumerate() { {{
                                let r = a.job.record;
                                let class = classes!("chip-s", order_class(s, r));
                                let again = if a.job.delivery > 1 { format!("×{}", a.job.delivery) } else { String::new() };
                                match a.outcome {
                                    Outcome::Failed | Outcome::GaveUp => html! {
                                        <span key={k} class={classes!(class, "failed")} data-testid="failed-attempt"
                                            title={s.key(r)}>{format!("{}{again} ✗", label(s, r))}</span>
                                    },
                                    _ => match late_at(m, r).filter(|_| a.outcome != Outcome::Failed) {
                                        Some(i) => html! {
                                            <span key={k} class={classes!(class, "broken")} data-testid="violation-mark" data-key={violations[i].key.clone()}
                                                title={finding(lang, s, &violations[i], cause(i))}>{format!("⚠ {}{again}", label(s, r))}</span>
                                        },
                                        None if came_before(m, r) => html! {
                                            <span key={k} class={classes!(class, "broken")} data-testid="violation-partner"
                                                title={s.key(r)}>{format!("{}{again}", label(s, r))}</span>
                                        },
                                        None => html! {
                                            <span key={k} {class} title={s.key(r)}>{format!("{}{again}", label(s, r))}</span>
                                        },
                                    },
                                }
                            }} }
                            if let Some((job, started, ends)) = member.busy {
                                <span class={classes!("chip-s", order_class(s, job.record), "busy")} data-testid="busy"
                                    style={format!("--done:{}", progress(started, ends, now))}>
                                    {format!("{} …", label(s, job.record))}
                                </span>
                            }
                        </span>
                    </li>
                }
            </ol>
            <div class="violations outcome" data-testid="violations">
                <ul>
                    for (i, v) in violations.iter().enumerate().take(if compact { 2 } else { usize::MAX }) {
                        <li key={i} data-testid="violation" data-key={v.key.clone()} tabindex="0">{finding(lang, s, v, cause(i))}</li>
                    }
                    for r in gave_up.iter() {
                        <li key={format!("g{r}")} data-testid="gave-up">{gave_up_line(lang, s, lane, *r)}</li>
                    }
                </ul>
            </div>
        </section>
    }
}

/// How far an attempt has got, 0 to 1, for its chip's bar.
fn progress(started: SimTime, ends: SimTime, now: SimTime) -> String {
    let (a, b, n) = (started.as_millis(), ends.as_millis(), now.as_millis());
    let f = if b > a {
        (n.saturating_sub(a)) as f64 / (b - a) as f64
    } else {
        1.0
    };
    // Through `fixed`: `{:.2}` would bring core's float formatting into
    // the bundle (src/i18n/fixed.rs).
    fixed(f.clamp(0.0, 1.0), 2)
}

/// The scene's settings: the link's parameters only.
fn view_share_params(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let sp = params.share;
    let on_consumers = edit_number(params, on_params, &declared::CONSUMERS);
    let pick = |l: Lane| edit(params, on_params, move |p, _: Event| p.share.reads_with = l);
    let on_partitions = edit_number(params, on_params, &declared::PARTITIONS);
    let on_lock = edit_number(params, on_params, &declared::LOCK_DURATION_MS);
    let on_limit = edit_number(params, on_params, &declared::DELIVERY_COUNT_LIMIT);
    let on_release = edit(params, on_params, |p, e: Event| {
        p.share.fails_once = checked(&e)
    });
    let on_timeout = edit(params, on_params, |p, e: Event| p.share.hangs = checked(&e));
    let on_poison = edit(params, on_params, |p, e: Event| {
        p.share.poison = checked(&e)
    });
    html! {
        <section class="card">
            <fieldset class="placement">
                <legend>{t(lang, ShareMsg::ReadsWith)}</legend>
                for &(l, m) in [(Lane::Share, ShareMsg::ShareLane), (Lane::Group, ShareMsg::GroupLane), (Lane::Pool, ShareMsg::PoolLane)].iter() {
                    <label class="check">
                        <input type="radio" name="reads-with" data-testid="reads-with" value={l.id()} checked={sp.reads_with == l} onchange={pick(l)} />
                        <span>{t(lang, m)}</span>
                    </label>
                }
            </fieldset>
            <label class="field">
                <span>{format!("{} = {}", t(lang, ShareMsg::Consumers), sp.consumers)}</span>
                <input type="range" data-testid="consumers" min={min_of(&declared::CONSUMERS)} max={max_of(&declared::CONSUMERS)} value={sp.consumers.to_string()} oninput={on_consumers} />
            </label>
            <label class="field">
                <span>{format!("{} = {}", t(lang, ShareMsg::Partitions), sp.partitions)}</span>
                <input type="range" data-testid="partitions" min={min_of(&declared::PARTITIONS)} max={max_of(&declared::PARTITIONS)} value={sp.partitions.to_string()} oninput={on_partitions} />
            </label>
            <label class="field">
                <span>{format!("{} = {}", t(lang, ShareMsg::LockDuration), sp.lock_ms)}</span>
                <input type="range" data-testid="lock-duration-ms" step="5000" min={min_of(&declared::LOCK_DURATION_MS)} max={max_of(&declared::LOCK_DURATION_MS)} value={sp.lock_ms.to_string()} oninput={on_lock} />
            </label>
            <label class="field">
                <span>{format!("{} = {}", t(lang, ShareMsg::DeliveryLimit), sp.delivery_limit)}</span>
                <input type="range" data-testid="delivery-count-limit" min={min_of(&declared::DELIVERY_COUNT_LIMIT)} max={max_of(&declared::DELIVERY_COUNT_LIMIT)} value={sp.delivery_limit.to_string()} oninput={on_limit} />
            </label>
            <label class="check">
                <input type="checkbox" data-testid="release" checked={sp.fails_once} onchange={on_release} />
                <span>{t(lang, ShareMsg::Release)}</span>
            </label>
            <label class="check">
                <input type="checkbox" data-testid="lock-timeout" checked={sp.hangs} onchange={on_timeout} />
                <span>{t(lang, ShareMsg::LockTimeout)}</span>
            </label>
            <label class="check">
                <input type="checkbox" data-testid="poison" checked={sp.poison} onchange={on_poison} />
                <span>{t(lang, ShareMsg::Poison)}</span>
            </label>
            <p class="note" data-testid="when-share">{t(lang, ShareMsg::WhenShare)}</p>
            <p class="small dim">{t(lang, ShareMsg::Simplifies)}</p>
        </section>
    }
}

pub fn view_share_scene(
    sim: &Sim<ShareScene>,
    params: &AppParams,
    on_params: Callback<AppParams>,
    _narrow: bool,
) -> Html {
    let lang = params.lang;
    let s = sim.model();
    let now = sim.now();
    let compact = params.shown_part() != Part::All;
    html! {
        <div class="rest-scene share-scene">
            if params.shows(Part::Figure) {
                <div data-testid="figure">
                    { view_partitions(lang, s, now) }
                    <div class={classes!("lanes", compact.then_some("compact"))}>
                        for lane in Lane::ALL {
                            { view_lane(lang, s, lane, now, compact) }
                        }
                    </div>
                </div>
                <p class="narration" aria-live="polite" data-testid="narration">
                    { share_narration(lang, s, sim.last_event()) }
                    if sim.next_event_time().is_none() {
                        {" "}{ share_verdict(lang, s) }
                    }
                </p>
            }
            if params.shows(Part::Settings) {
                <Fold lang={lang}>{ memo(view_share_params, params, &on_params) }</Fold>
            }
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
