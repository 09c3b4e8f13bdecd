//! Where the group's figure puts things: each partition as a log bar on the
//! left, each member as a box on the right, and a line from a partition to
//! the member that owns it. Plain numbers, tested on the host; the view
//! draws them.

use super::text::GroupMsg;
use crate::i18n::fixed;
use crate::scenes::group::model::{Group, MemberState};
use crate::sim::SimTime;

/// The figure's width in its own units, wide and narrow.
pub fn width(narrow: bool) -> f64 {
    if narrow {
        360.0
    } else {
        960.0
    }
}

/// One partition's row height.
pub const ROW_H: f64 = 34.0;
/// One member's box height.
pub const MEMBER_H: f64 = 30.0;
/// The bars start under the column heads.
pub const TOP: f64 = 28.0;
/// Members drawn besides the owners, at most: an idle crowd of added
/// members must not push the partitions off the figure.
pub const SHOWN_MEMBERS: usize = 12;

/// The columns, from the left: partition label, log bar, lines, members.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Columns {
    pub bar_x: f64,
    pub bar_w: f64,
    pub member_x: f64,
    pub member_w: f64,
}

pub fn columns(narrow: bool) -> Columns {
    if narrow {
        Columns {
            bar_x: 36.0,
            bar_w: 150.0,
            member_x: 246.0,
            member_w: 108.0,
        }
    } else {
        Columns {
            bar_x: 48.0,
            bar_w: 480.0,
            member_x: 740.0,
            member_w: 210.0,
        }
    }
}

/// How a partition's line is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Its owner reads it.
    Reading,
    /// It waits: its owner crashed unnoticed, or the group is rebalancing
    /// under an eager protocol, or it was revoked and is nobody's yet.
    Waiting,
}

/// The members drawn, in join order: every member that owns a partition,
/// crashed or not, so that every line has its end; then, up to
/// [`SHOWN_MEMBERS`], the active ones that own nothing, and the two that
/// left or crashed last.
pub fn shown_members(g: &Group) -> Vec<usize> {
    let owns = |i: usize| g.owner.contains(&Some(i as u32));
    let active = |i: usize| g.members[i].state == MemberState::Active;
    let mut shown: Vec<usize> = (0..g.members.len()).filter(|&i| owns(i)).collect();
    for i in (0..g.members.len()).filter(|&i| !owns(i) && active(i)) {
        if shown.len() >= SHOWN_MEMBERS {
            break;
        }
        shown.push(i);
    }
    let gone: Vec<usize> = (0..g.members.len())
        .filter(|&i| !owns(i) && !active(i))
        .collect();
    shown.extend(&gone[gone.len().saturating_sub(2)..]);
    shown.sort_unstable();
    shown
}

/// The top of partition `p`'s row.
pub fn partition_y(p: usize) -> f64 {
    TOP + p as f64 * ROW_H
}

/// The height the rows take: the partitions', or the members' if more.
fn rows_height(partitions: usize, members: usize) -> f64 {
    (partitions as f64 * ROW_H).max(members as f64 * (MEMBER_H + 6.0))
}

/// The top of the `slot`-th member box, the boxes spread over the
/// partitions' height so that the lines stay short.
pub fn member_y(slot: usize, members: usize, partitions: usize) -> f64 {
    let step = rows_height(partitions, members) / members.max(1) as f64;
    TOP + slot as f64 * step + (step - MEMBER_H) / 2.0
}

/// The figure's height for this many partitions and members.
pub fn height(partitions: usize, members: usize) -> f64 {
    TOP + rows_height(partitions, members) + 8.0
}

/// Where offset `o` of a log `scale` records long sits on a bar.
pub fn offset_x(c: Columns, o: u64, scale: u64) -> f64 {
    c.bar_x + c.bar_w * (o.min(scale) as f64 / scale.max(1) as f64)
}

/// The line from partition `p` to the box in `slot`, as an SVG path: a
/// curve that leaves the bar level and meets the box level.
pub fn link_path(c: Columns, p: usize, slot: usize, members: usize, partitions: usize) -> String {
    let x1 = c.bar_x + c.bar_w + 6.0;
    let y1 = partition_y(p) + ROW_H / 2.0 - 2.0;
    let x2 = c.member_x;
    let y2 = member_y(slot, members, partitions) + MEMBER_H / 2.0;
    let mid = (x1 + x2) / 2.0;
    // Through `fixed`, as every coordinate: `{:.1}` would bring core's float
    // formatting into the bundle (src/i18n/fixed.rs), and cost more per
    // frame, as the lines are drawn again on each one.
    let [x1, y1, x2, y2, mid] = [x1, y1, x2, y2, mid].map(|v| fixed(v, 1));
    format!("M{x1} {y1}C{mid} {y1} {mid} {y2} {x2} {y2}")
}

/// How partition `p`'s line is drawn, if it has an owner to draw it to.
pub fn link_of(g: &Group, p: usize) -> Option<(usize, Link)> {
    let owner = g.owner[p]? as usize;
    let down = g.members[owner].state == MemberState::Crashed;
    let waiting = down || g.paused[p] || (g.rebalancing && !g.config.assignor.cooperative());
    Some((
        owner,
        if waiting {
            Link::Waiting
        } else {
            Link::Reading
        },
    ))
}

/// One stretch of a partition's ownership on the owners' timeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stint {
    pub partition: usize,
    pub from: SimTime,
    pub to: SimTime,
    /// `None`: revoked and nobody's until the next generation.
    pub owner: Option<String>,
}

/// Stints drawn per partition at most: the latest. A learner can add and
/// crash members as often as they like, and the page must stay bounded
/// (tests/e2e/dom-bounded.test.mjs).
pub const SHOWN_STINTS: usize = 8;

/// Records handled twice marked per partition at most: the latest.
pub const SHOWN_TWICE: usize = 8;

/// Who owned each partition from when to when, up to `now`: one stint per
/// owner in a row (a generation that leaves a partition where it was does
/// not cut its bar), the latest [`SHOWN_STINTS`] of each partition.
pub fn stints(g: &Group, now: SimTime) -> Vec<Stint> {
    let mut rows: Vec<Vec<Stint>> = vec![Vec::new(); g.owner.len()];
    for (i, gen) in g.generations.iter().enumerate() {
        let to = g
            .generations
            .get(i + 1)
            .map_or(now, |next| next.at)
            .max(gen.at);
        for (partition, owner) in gen.owners.iter().enumerate() {
            let Some(row) = rows.get_mut(partition) else {
                continue;
            };
            match row.last_mut() {
                Some(last) if last.owner == *owner => last.to = to,
                _ => row.push(Stint {
                    partition,
                    from: gen.at,
                    to,
                    owner: owner.clone(),
                }),
            }
        }
    }
    rows.into_iter()
        .flat_map(|row| {
            let skip = row.len().saturating_sub(SHOWN_STINTS);
            row.into_iter().skip(skip)
        })
        .collect()
}

/// Why a partition is paused: its message, and the name its `data-why`
/// attribute gives it. The name is written out: `Debug` of the message
/// would keep Rust's `Debug` formatting, and every message's name, in the
/// wasm for one attribute.
pub(crate) fn paused_why(owner_down: bool, revoked: bool) -> (GroupMsg, &'static str) {
    if owner_down {
        (GroupMsg::OwnerDown, "ownerdown")
    } else if revoked {
        (GroupMsg::Revoked, "revoked")
    } else {
        (GroupMsg::Paused, "paused")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::parse_query;
    use crate::scenes::Scene;
    use crate::sim::history::{HORIZON, SNAPSHOT_EVERY};
    use crate::sim::{Sim, Timeline};

    fn group_at(link: &str, t: u64) -> Group {
        let (params, _) = parse_query(link);
        let mut timeline = Timeline::new(
            Sim::new(Group::build(&params).unwrap(), params.seed),
            HORIZON,
            SNAPSHOT_EVERY,
        );
        timeline.seek(crate::sim::SimTime(t));
        timeline.current().model().clone()
    }

    #[test]
    fn boxes_and_rows_stay_inside_the_figure_and_apart() {
        for narrow in [true, false] {
            let c = columns(narrow);
            assert!(c.bar_x + c.bar_w < c.member_x);
            assert!(c.member_x + c.member_w <= width(narrow));
            for (partitions, members) in [(6, 3), (1, 16), (32, 2), (3, 12)] {
                let h = height(partitions, members);
                for slot in 0..members {
                    let y = member_y(slot, members, partitions);
                    assert!(
                        y >= TOP && y + MEMBER_H <= h,
                        "{partitions} {members} {slot}"
                    );
                    if slot > 0 {
                        assert!(y - member_y(slot - 1, members, partitions) >= MEMBER_H);
                    }
                }
                assert!(partition_y(partitions - 1) + ROW_H <= h);
            }
        }
    }

    #[test]
    fn a_crash_leaves_its_partitions_waiting_until_the_group_moves_them() {
        let link = "scene=group";
        // consumer-2 crashes at 2.5 s; the group notices a session timeout later.
        let before = group_at(link, 2400);
        let crashed = group_at(link, 2600);
        let after = group_at(link, 6000);
        let owned_by = |g: &Group, member: &str| -> Vec<(usize, Link)> {
            (0..g.owner.len())
                .filter_map(|p| link_of(g, p).map(|(o, l)| (p, o, l)))
                .filter(|&(_, o, _)| g.members[o].id == member)
                .map(|(p, _, l)| (p, l))
                .collect()
        };
        let two = owned_by(&before, "consumer-2");
        assert!(!two.is_empty() && two.iter().all(|&(_, l)| l == Link::Reading));
        let down = owned_by(&crashed, "consumer-2");
        assert_eq!(down.len(), two.len());
        assert!(down.iter().all(|&(_, l)| l == Link::Waiting), "{down:?}");
        assert!(
            owned_by(&after, "consumer-2").is_empty(),
            "its partitions moved"
        );
        assert!(shown_members(&after)
            .iter()
            .any(|&i| after.members[i].id == "consumer-2"));
    }

    #[test]
    fn the_owners_timeline_covers_every_partition_without_gaps() {
        let g = group_at("scene=group", 6000);
        let stints = stints(&g, SimTime(6000));
        for p in 0..g.config.partitions as usize {
            let mine: Vec<&Stint> = stints.iter().filter(|s| s.partition == p).collect();
            assert_eq!(mine.first().unwrap().from, SimTime::ZERO);
            assert_eq!(mine.last().unwrap().to, SimTime(6000));
            for pair in mine.windows(2) {
                assert_eq!(pair[0].to, pair[1].from, "partition {p}");
            }
        }
        // One stint per owner in a row: no two neighbours share an owner.
        assert!(stints
            .windows(2)
            .all(|w| w[0].partition != w[1].partition || w[0].owner != w[1].owner));
        // The crash moved consumer-2's partitions to someone else.
        assert!(stints
            .iter()
            .any(|s| s.owner.as_deref() == Some("consumer-2")));
        assert!(stints
            .iter()
            .filter(|s| s.to == SimTime(6000))
            .all(|s| s.owner.as_deref() != Some("consumer-2")));
    }

    #[test]
    fn a_long_story_draws_a_bounded_timeline() {
        let actions: Vec<String> = (0..40)
            .map(|i| {
                if i % 2 == 1 {
                    format!("crash:consumer-{i}@{}", 300 + i * 100)
                } else {
                    format!("add@{}", 300 + i * 100)
                }
            })
            .collect();
        let link = format!(
            "scene=group&partitions=32&members=16&actions={}",
            actions.join(",")
        );
        let g = group_at(&link, 600_000);
        let now = SimTime(600_000).min(g.generations.last().unwrap().at.plus_millis(10_000));
        let stints = stints(&g, now);
        assert!(g.generations.len() > 10, "{}", g.generations.len());
        assert!(stints.len() <= 32 * SHOWN_STINTS, "{}", stints.len());
        for p in 0..32 {
            let last = stints.iter().rfind(|s| s.partition == p).unwrap();
            assert_eq!(last.to, now);
        }
    }

    #[test]
    fn every_owner_is_drawn_however_many_members() {
        let g = group_at(
            "scene=group&partitions=32&members=16&actions=add@100,add@200",
            3000,
        );
        let shown = shown_members(&g);
        for p in 0..g.owner.len() {
            if let Some((owner, _)) = link_of(&g, p) {
                assert!(shown.contains(&owner), "partition {p}'s owner is drawn");
            }
        }
        assert!(shown.windows(2).all(|w| w[0] < w[1]), "join order");
    }

    #[test]
    fn paused_reasons_keep_the_names_their_attribute_had() {
        // The names `data-why` had when they were the messages' `Debug`,
        // lowercased; the browser tests and embedding pages read them.
        for (down, revoked) in [(true, true), (true, false), (false, true), (false, false)] {
            let (why, id) = paused_why(down, revoked);
            assert_eq!(id, format!("{why:?}").to_lowercase());
        }
        assert_eq!(paused_why(true, true).1, "ownerdown");
        assert_eq!(paused_why(false, true).1, "revoked");
        assert_eq!(paused_why(false, false).1, "paused");
    }
}
