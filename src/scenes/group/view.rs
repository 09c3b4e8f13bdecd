//! The view of scene "group": the members and their controls, who owns
//! each partition (and who did before), offsets per partition, the group's
//! generations, and what was handled twice.

use super::figure::{self, paused_why, Link};
use super::narration::group_narration;
use super::params as declared;
use crate::i18n::Lang;
use crate::i18n::{self, fixed, t};
use crate::params::{AppParams, Part};
use crate::scenes::group::model::GroupProtocol;
use crate::scenes::group::model::{
    record_of, ActionKind, CommitMode, Group, MemberAction, MemberState,
};
use crate::scenes::group::text::GroupMsg;
use crate::sim::assignor::{Assignor, ServerAssignor};
use crate::sim::{Sim, SimTime};
use crate::widgets::fold::Fold;
use crate::widgets::form::{checked, edit, edit_number, max_of, min_of};
use crate::widgets::memo::memo;
use crate::widgets::stats::stat;
use std::rc::Rc;
use yew::prelude::*;

/// Every "add" is a new member and every crash or rebalance a new
/// generation, so both lists grow with the learner's clicks: this many of
/// each are drawn, and the rest counted.
const SHOWN_MEMBERS: usize = 16;
const SHOWN_GONE: usize = 4;
const SHOWN_GENERATIONS: usize = 8;

/// What ties a record handled twice, in the list, to its mark on the
/// partition it came from.
fn twice_key(partition: u32, offset: u64) -> String {
    format!("P{partition}@{offset}")
}

fn view_settings(params: &AppParams, on_params: &Callback<AppParams>) -> Html {
    let lang = params.lang;
    let on_partitions = edit_number(params, on_params, &declared::GROUP_PARTITIONS);
    let on_members = edit_number(params, on_params, &declared::MEMBERS);
    let on_assignor = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = Assignor::from_id(&select.value()) {
            p.group.assignor = a;
        }
    });
    let on_protocol = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(g) = GroupProtocol::from_id(&select.value()) {
            p.group.protocol = g;
        }
    });
    let on_remote = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(a) = ServerAssignor::from_id(&select.value()) {
            p.group.remote_assignor = a;
        }
    });
    let consumer = params.group.protocol == GroupProtocol::Consumer;
    let on_commit = edit(params, on_params, |p, e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        if let Some(c) = CommitMode::from_id(&select.value()) {
            p.group.commit = c;
        }
    });
    let on_idem = edit(params, on_params, |p, e: Event| {
        p.group.idempotent = checked(&e)
    });
    html! {
        <section class="card">
            <div class="inputs">
                <label class="field narrow-field">
                    <span>{t(lang, GroupMsg::Partitions)}</span>
                    <input type="number" data-testid="partitions-input" min={min_of(&declared::GROUP_PARTITIONS)} max={max_of(&declared::GROUP_PARTITIONS)} value={params.group.partitions.to_string()} oninput={on_partitions} />
                </label>
                <label class="field narrow-field">
                    <span>{t(lang, GroupMsg::Members)}</span>
                    <input type="number" data-testid="members-input" min={min_of(&declared::MEMBERS)} max={max_of(&declared::MEMBERS)} value={params.group.members.to_string()} oninput={on_members} />
                </label>
                <label class="field">
                    <span>{t(lang, GroupMsg::Protocol)}</span>
                    <select data-testid="group-protocol" onchange={on_protocol}>
                        <option value="classic" selected={!consumer}>{t(lang, GroupMsg::ProtocolClassic)}</option>
                        <option value="consumer" selected={consumer}>{t(lang, GroupMsg::ProtocolConsumer)}</option>
                    </select>
                </label>
                // Each protocol has its own assignor setting, and the other
                // one does not apply: the Java client refuses
                // partition.assignment.strategy with the consumer protocol
                // (ConsumerConfig.checkUnsupportedConfigsPostProcess), and
                // group.remote.assignor with the classic one.
                <label class="field">
                    <span>{t(lang, GroupMsg::Assignor)}</span>
                    <select data-testid="assignor" onchange={on_assignor} disabled={consumer}>
                        for &a in Assignor::ALL.iter() {
                            <option value={a.id()} selected={params.group.assignor == a}>{a.id()}</option>
                        }
                    </select>
                </label>
                <label class="field">
                    <span>{t(lang, GroupMsg::RemoteAssignor)}</span>
                    <select data-testid="remote-assignor" onchange={on_remote} disabled={!consumer}>
                        for &a in ServerAssignor::ALL.iter() {
                            <option value={a.id()} selected={params.group.remote_assignor == a}>{a.id()}</option>
                        }
                    </select>
                </label>
                <label class="field">
                    <span>{t(lang, GroupMsg::Commit)}</span>
                    <select data-testid="commit" onchange={on_commit}>
                        <option value="auto" selected={params.group.commit == CommitMode::Auto}>{t(lang, GroupMsg::Auto)}</option>
                        <option value="manual" selected={params.group.commit == CommitMode::Manual}>{t(lang, GroupMsg::Manual)}</option>
                    </select>
                </label>
            </div>
            <label class="check">
                <input type="checkbox" data-testid="idempotent" checked={params.group.idempotent} onchange={on_idem} />
                <span>{t(lang, GroupMsg::Idempotent)}</span>
            </label>
            <p class="note" data-testid="protocol-note">{t(lang, if consumer { GroupMsg::ConsumerNote } else if params.group.assignor.cooperative() { GroupMsg::Cooperative } else { GroupMsg::Eager })}</p>
        </section>
    }
}

fn view_members(
    g: &Group,
    params: &AppParams,
    on_params: &Callback<AppParams>,
    now: crate::sim::SimTime,
) -> Html {
    let lang = params.lang;
    // One copy of the link's parameters for every button, not one each:
    // the buttons are drawn again on each frame of a run.
    let current = Rc::new(params.clone());
    let act = |kind: ActionKind| {
        let current = current.clone();
        on_params.reform(move |_: MouseEvent| {
            let mut next = (*current).clone();
            next.group.actions.push(MemberAction {
                at: now,
                kind: kind.clone(),
            });
            next
        })
    };
    let owned = |i: usize| {
        g.owner
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(i as u32))
            .map(|(p, _)| p.to_string())
            .collect::<Vec<_>>()
    };
    let idle = g.active_members() > g.config.partitions as usize;
    // Active members first, in join order, then the latest to leave.
    let active: Vec<usize> = (0..g.members.len())
        .filter(|&i| g.members[i].state == MemberState::Active)
        .collect();
    let gone: Vec<usize> = (0..g.members.len())
        .filter(|&i| g.members[i].state != MemberState::Active)
        .collect();
    let gone_shown = &gone[gone.len().saturating_sub(SHOWN_GONE)..];
    let active_shown = &active[..active.len().min(SHOWN_MEMBERS)];
    let hidden = (
        active.len() - active_shown.len(),
        gone.len() - gone_shown.len(),
    );
    html! {
        <section class="card" aria-labelledby="members-title">
            <h2 id="members-title">{t(lang, GroupMsg::MembersTitle)}</h2>
            <ul class="plain members">
                for &i in active_shown.iter().chain(gone_shown) { {{
                    let m = &g.members[i];
                    let parts = owned(i);
                    let state = match m.state {
                        MemberState::Active if parts.is_empty() => t(lang, GroupMsg::Idle),
                        MemberState::Active => t(lang, GroupMsg::Active),
                        MemberState::Crashed => t(lang, GroupMsg::Crashed),
                        MemberState::Left | MemberState::Gone => t(lang, GroupMsg::Gone),
                    };
                    let alive = m.state == MemberState::Active;
                    html! {
                        <li data-testid="member" data-member={m.id.clone()} data-state={m.state.id()}>
                            <strong>{m.id.clone()}</strong>
                            <span class="dim">{format!(" · {state}")}</span>
                            if !parts.is_empty() { <code>{format!(" [{}]", parts.join(", "))}</code> }
                            if alive {
                                <button type="button" data-testid="remove-member" data-member={m.id.clone()}
                                    onclick={act(ActionKind::Remove(m.id.clone()))}>{t(lang, GroupMsg::RemoveMember)}</button>
                                <button type="button" data-testid="crash-member" data-member={m.id.clone()}
                                    onclick={act(ActionKind::Crash(m.id.clone()))}>{t(lang, GroupMsg::CrashMember)}</button>
                            }
                        </li>
                    }
                }} }
            </ul>
            if hidden != (0, 0) {
                <p class="small dim" data-testid="members-hidden">{super::numbered::members_hidden(lang, hidden.0, hidden.1)}</p>
            }
            <button type="button" data-testid="add-member" onclick={act(ActionKind::Add)}>{t(lang, GroupMsg::AddMember)}</button>
            if idle {
                <p class="note" data-testid="idle-note">{t(lang, GroupMsg::IdleNote)}</p>
            }
        </section>
    }
}

/// The owners over time: a row per partition, a bar per generation's
/// stint, named and coloured by its owner, up to the moment on screen.
fn view_owner_timeline(g: &Group, now: SimTime, end: SimTime, lang: Lang, narrow: bool) -> Html {
    let w = figure::width(narrow);
    let (label_w, row_h, top) = (36.0, 24.0, 8.0);
    let parts = g.config.partitions as usize;
    let h = top + parts as f64 * row_h + 22.0;
    let x = |t: SimTime| {
        label_w + (w - label_w - 8.0) * (t.as_millis() as f64 / end.as_millis().max(1) as f64)
    };
    let member_index = |id: &str| g.members.iter().position(|m| m.id == id).unwrap_or(0);
    let f = |v: f64| fixed(v, 1);
    html! {
        <svg class="owner-timeline" data-testid="owner-timeline" viewBox={format!("0 0 {} {}", fixed(w, 0), fixed(h, 0))}
            role="img" aria-label={t(lang, GroupMsg::OwnersTitle)}>
            for p in 0..parts {
                <text class="row-label" x="4" y={f(top + p as f64 * row_h + 16.0)}>{format!("P{p}")}</text>
            }
            for s in figure::stints(g, now) { {{
                let (x1, x2) = (x(s.from), x(s.to));
                let y = top + s.partition as f64 * row_h + 2.0;
                let class = match &s.owner {
                    Some(o) => format!("stint o{}", member_index(o) % 6),
                    None => "stint nobody".to_owned(),
                };
                let name = s.owner.clone().unwrap_or_else(|| "—".to_owned());
                let short = match &s.owner {
                    Some(o) => format!("#{}", o.rsplit('-').next().unwrap_or(o)),
                    None => name.clone(),
                };
                // Two elements at most a stint, its facts on the bar: a
                // long story draws up to 32 partitions' stints.
                html! {
                    <>
                        <rect {class} data-testid="stint" data-partition={s.partition.to_string()} data-member={s.owner.clone().unwrap_or_default()}
                            data-from={s.from.as_millis().to_string()} data-to={s.to.as_millis().to_string()}
                            x={f(x1)} y={f(y)} width={f((x2 - x1).max(1.0))} height={f(row_h - 4.0)} rx="3" />
                        // Colours repeat every six members: the bar says whose
                        // it is in words, whole where it fits, else its number.
                        if x2 - x1 > 84.0 {
                            <text x={f(x1 + 5.0)} y={f(y + 14.0)}>{name}</text>
                        } else if x2 - x1 > 24.0 {
                            <text x={f(x1 + 4.0)} y={f(y + 14.0)}>{short}</text>
                        }
                    </>
                }
            }} }
            <line class="now" x1={f(x(now))} x2={f(x(now))} y1={f(top)} y2={f(top + parts as f64 * row_h)} />
            <text class="axis" x={f(label_w)} y={f(h - 6.0)}>{i18n::seconds(lang, SimTime::ZERO)}</text>
            <text class="axis end" x={f(w - 8.0)} y={f(h - 6.0)}>{i18n::seconds(lang, end)}</text>
        </svg>
    }
}

fn view_owners(g: &Group, now: SimTime, end: SimTime, lang: Lang, narrow: bool) -> Html {
    let current = g.generations.last();
    let previous = g
        .generations
        .len()
        .checked_sub(2)
        .and_then(|i| g.generations.get(i));
    html! {
        <section class="card" aria-labelledby="owners-title">
            <h2 id="owners-title">{t(lang, GroupMsg::OwnersTitle)}</h2>
            { view_owner_timeline(g, now, end, lang, narrow) }
            <div class="table-scroll" role="group" tabindex="0" aria-labelledby="owners-title">
                <table class="clients owners">
                    <thead><tr>
                        <th scope="col">{t(lang, GroupMsg::Partition)}</th>
                        <th scope="col">{t(lang, GroupMsg::Owner)}</th>
                        <th scope="col">{t(lang, GroupMsg::Before)}</th>
                        <th scope="col">{"LEO"}</th>
                        <th scope="col">{t(lang, GroupMsg::Position)}</th>
                        <th scope="col">{t(lang, GroupMsg::Committed)}</th>
                    </tr></thead>
                    <tbody>
                        for p in 0..g.config.partitions as usize { {{
                            let owner = current.and_then(|c| c.owners[p].clone());
                            let before = previous.and_then(|c| c.owners[p].clone());
                            let moved = current.is_some_and(|c| c.moved.contains(&(p as u32)));
                            let revoked = current.is_some_and(|c| c.revoked.contains(&(p as u32))) && g.owner[p].is_none();
                            let down = g.owner[p].is_some_and(|o| g.members[o as usize].state == MemberState::Crashed);
                            let (why, why_id) = paused_why(down, revoked);
                            html! {
                                <tr class={classes!(moved.then_some("moved"), g.paused[p].then_some("paused"))}>
                                    <th scope="row">{p}</th>
                                    <td data-testid="assignment" data-partition={p.to_string()} data-member={owner.clone().unwrap_or_default()}>
                                        {owner.unwrap_or_else(|| "—".to_owned())}
                                        if moved { <span class="tag">{format!(" ↦ {}", t(lang, GroupMsg::Moved))}</span> }
                                        if g.paused[p] {
                                            <span class="tag paused" data-testid="paused-why" data-why={why_id}>{format!(" ‖ {}", t(lang, why))}</span>
                                        }
                                    </td>
                                    <td class="dim">{before.unwrap_or_else(|| "—".to_owned())}</td>
                                    <td class="num">{g.log_end_offset[p]}</td>
                                    <td class="num">{g.position[p]}</td>
                                    <td class="num" data-testid="committed" data-partition={p.to_string()} data-offset={g.committed[p].to_string()}>{g.committed[p]}</td>
                                </tr>
                            }
                        }} }
                    </tbody>
                </table>
            </div>
            <h3>{t(lang, if g.config.protocol == GroupProtocol::Consumer { GroupMsg::EpochsTitle } else { GroupMsg::GenerationsTitle })}</h3>
            <ol class="plain small">
                if g.generations.len() > SHOWN_GENERATIONS {
                    <li class="dim">{i18n::earlier_hidden(lang, g.generations.len() - SHOWN_GENERATIONS)}</li>
                }
                for gen in g.generations[g.generations.len().saturating_sub(SHOWN_GENERATIONS)..].iter() {
                    <li data-testid="generation" data-generation={gen.number.to_string()}>{
                        if g.config.protocol == GroupProtocol::Consumer {
                            super::numbered::epoch_line(lang, gen.number, gen.at, &gen.moved, &gen.revoked)
                        } else {
                            super::numbered::generation_line(lang, gen.number, gen.at, &gen.moved, &gen.revoked)
                        }
                    }</li>
                }
            </ol>
        </section>
    }
}

/// The group as a picture: partitions as log bars, members as boxes, and a
/// line from each partition to its owner. The lines are keyed by partition
/// and their shape is a CSS `d`, so a rebalance moves them (style.css); an
/// eager rebalance dashes every line and says that everyone waits.
fn view_figure(g: &Group, scale: u64, lang: Lang, narrow: bool) -> Html {
    let c = figure::columns(narrow);
    let parts = g.config.partitions as usize;
    let shown = figure::shown_members(g);
    let (w, h) = (figure::width(narrow), figure::height(parts, shown.len()));
    let eager_pause = g.rebalancing && !g.config.assignor.cooperative();
    let f = |v: f64| fixed(v, 1);
    let rows = (0..parts).map(|p| {
        let y = figure::partition_y(p);
        let leo = figure::offset_x(c, g.log_end_offset[p], scale);
        let committed = figure::offset_x(c, g.committed[p], scale);
        html! {
            <g key={p} class={classes!("partition-row", g.paused[p].then_some("paused"))} data-testid="partition-row" data-partition={p.to_string()}>
                <text class="row-label" x="4" y={f(y + 20.0)}>{format!("P{p}")}</text>
                <rect class="bar-bg" x={f(c.bar_x)} y={f(y + 6.0)} width={f(c.bar_w)} height="18" rx="3" />
                <rect class="bar-log" x={f(c.bar_x)} y={f(y + 6.0)} width={f(leo - c.bar_x)} height="18" rx="3" />
                <rect class="bar-committed" x={f(c.bar_x)} y={f(y + 6.0)} width={f(committed - c.bar_x)} height="18" rx="3" />
                <text class="committed-mark" x={f(committed)} y={f(y + 20.0)}>{"◆"}</text>
                { g.repeated.iter().filter(|&&(rp, _)| rp as usize == p).rev().take(figure::SHOWN_TWICE).map(|&(_, o)| {
                    let x = figure::offset_x(c, o, scale);
                    html! {
                        <g key={twice_key(p as u32, o)} class="twice-mark" data-testid="twice-mark" data-partition={p.to_string()} data-offset={o.to_string()} data-key={twice_key(p as u32, o)}>
                            <line x1={f(x)} x2={f(x)} y1={f(y + 4.0)} y2={f(y + 26.0)} />
                            <text x={f(x)} y={f(y + 4.0)}>{"⚠"}</text>
                        </g>
                    }
                }).collect::<Html>() }
            </g>
        }
    });
    let members = shown.iter().enumerate().map(|(slot, &i)| {
        let m = &g.members[i];
        let y = figure::member_y(slot, shown.len(), parts);
        let glyph = match m.state {
            MemberState::Active => "●",
            MemberState::Crashed => "✕",
            MemberState::Left | MemberState::Gone => "↩",
        };
        html! {
            <g key={m.id.clone()} class={classes!("member-box", m.state.id())} data-testid="member-box" data-member={m.id.clone()} data-state={m.state.id()}>
                <rect x={f(c.member_x)} y={f(y)} width={f(c.member_w)} height={f(figure::MEMBER_H)} rx="6" />
                <text x={f(c.member_x + 8.0)} y={f(y + 20.0)}>{format!("{glyph} {}", m.id)}</text>
            </g>
        }
    });
    let links = (0..parts).filter_map(|p| {
        let (owner, link) = figure::link_of(g, p)?;
        let slot = shown.iter().position(|&i| i == owner)?;
        let d = figure::link_path(c, p, slot, shown.len(), parts);
        Some(html! {
            <path key={p} class={classes!("owner-link", (link == Link::Waiting).then_some("waiting"))}
                data-testid="owner-link" data-partition={p.to_string()} data-member={g.members[owner].id.clone()}
                d={d.clone()} style={format!("d: path('{d}')")} />
        })
    });
    html! {
        <section class="card" aria-labelledby="group-figure-title" data-testid="figure">
            <h2 id="group-figure-title">{t(lang, GroupMsg::FigureTitle)}</h2>
            <svg class={classes!("group-figure", eager_pause.then_some("rebalancing"))} data-testid="group-figure"
                viewBox={format!("0 0 {} {}", fixed(w, 0), fixed(h, 0))} role="img" aria-label={t(lang, GroupMsg::FigureTitle)}>
                <text class="column-head" x="4" y="16">{t(lang, GroupMsg::PartitionsHead)}</text>
                <text class="column-head" x={f(c.member_x)} y="16">
                    { if eager_pause { t(lang, GroupMsg::RebalancePause) } else { t(lang, GroupMsg::MembersTitle) } }
                </text>
                <g class="owner-links">{ links.collect::<Html>() }</g>
                <g>{ rows.collect::<Html>() }</g>
                <g>{ members.collect::<Html>() }</g>
            </svg>
            <p class="small dim">{t(lang, GroupMsg::FigureLegend)}</p>
        </section>
    }
}

pub fn view_group_scene(
    sim: &Sim<Group>,
    outcome: &Group,
    end: SimTime,
    params: &AppParams,
    narrow: bool,
    on_params: Callback<AppParams>,
) -> Html {
    let lang = params.lang;
    let g = sim.model();
    let now = sim.now();
    // The bars' scale is the run's longest log, so they do not rescale
    // while it plays.
    let scale = outcome
        .log_end_offset
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(1);
    html! {
        <div class="group-scene">
            if params.shows(Part::Figure) {
                { view_figure(g, scale, lang, narrow) }
                <p class="narration" aria-live="polite" data-testid="narration">
                    { group_narration(lang, &g.narration(sim.last_event())) }
                </p>
            }
            <div class="panels">
                if params.shows(Part::Figure) {
                    { view_members(g, params, &on_params, now) }
                }
                <div>
                    if params.shows(Part::Numbers) {
                        <dl class="stats">
                            { stat("duplicates", t(lang, GroupMsg::StatDuplicates), g.duplicates() as u64) }
                            { stat("skipped", t(lang, GroupMsg::StatSkipped), u64::from(g.skipped)) }
                            { stat("paused", t(lang, GroupMsg::StatPaused), g.paused_ms) }
                        </dl>
                    }
                    // What a crash repeats is the scene's point: it stays
                    // beside the members in a compact frame.
                    if params.shows(Part::Figure) {
                        <section class="card" data-testid="twice">
                            <h3>{t(lang, GroupMsg::TwiceTitle)}</h3>
                            if g.repeated.is_empty() {
                                <p class="ok">{t(lang, GroupMsg::NothingTwice)}</p>
                            } else {
                                <ul class="plain">
                                    for &(p, o) in g.repeated.iter().take(20) { {{
                                        let (order, event) = record_of(p, o);
                                        html! { <li data-testid="violation" class="bad" data-key={twice_key(p, o)} tabindex="0">{i18n::twice(lang, order, event.value(), p, o)}</li> }
                                    }} }
                                    if g.repeated.len() > 20 { <li>{format!("+{}", g.repeated.len() - 20)}</li> }
                                </ul>
                            }
                        </section>
                    }
                </div>
            </div>
            if params.shows(Part::Settings) {
                <Fold lang={lang}>{ memo(view_settings, params, &on_params) }</Fold>
            }
            if params.shows(super::params::TIMELINE) {
                { view_owners(g, now, end, lang, narrow) }
            }
            if params.shows(Part::Go) {
                { memo(crate::golens::view::view_golens, params, &on_params) }
            }
        </div>
    }
}
