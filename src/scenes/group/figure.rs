//! Where the group's figure puts things: each partition as a log bar on the
//! left, each member as a box on the right, and a line from a partition to
//! the member that owns it. Plain numbers, tested on the host; the view
//! draws them.

use crate::sim::scenes::group::{Group, MemberState};
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
/// Members drawn at most: the newest active ones, then the latest gone.
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

/// The members drawn, in order: active ones in join order, then the
/// latest that left or crashed.
pub fn shown_members(g: &Group) -> Vec<usize> {
    let active = (0..g.members.len()).filter(|&i| g.members[i].state == MemberState::Active);
    let gone: Vec<usize> = (0..g.members.len())
        .filter(|&i| g.members[i].state != MemberState::Active)
        .collect();
    let mut shown: Vec<usize> = active.take(SHOWN_MEMBERS).collect();
    let room = SHOWN_MEMBERS.saturating_sub(shown.len()).max(2);
    shown.extend(&gone[gone.len().saturating_sub(room)..]);
    shown
}

/// The top of partition `p`'s row.
pub fn partition_y(p: usize) -> f64 {
    TOP + p as f64 * ROW_H
}

/// The top of the `slot`-th member box, the boxes spread over the
/// partitions' height so that the lines stay short.
pub fn member_y(slot: usize, members: usize, partitions: usize) -> f64 {
    let rows = (partitions as f64 * ROW_H).max(members as f64 * (MEMBER_H + 6.0));
    let step = rows / members.max(1) as f64;
    TOP + slot as f64 * step + (step - MEMBER_H) / 2.0
}

/// The figure's height for this many partitions and members.
pub fn height(partitions: usize, members: usize) -> f64 {
    TOP + (partitions as f64 * ROW_H).max(members as f64 * (MEMBER_H + 6.0)) + 8.0
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
    format!("M{x1:.1} {y1:.1}C{mid:.1} {y1:.1} {mid:.1} {y2:.1} {x2:.1} {y2:.1}")
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

/// Who owned each partition from when to when, generation by generation,
/// up to `now`.
pub fn stints(g: &Group, now: SimTime) -> Vec<Stint> {
    let mut out = Vec::new();
    for (i, gen) in g.generations.iter().enumerate() {
        let to = g
            .generations
            .get(i + 1)
            .map_or(now, |next| next.at)
            .max(gen.at);
        for (partition, owner) in gen.owners.iter().enumerate() {
            out.push(Stint {
                partition,
                from: gen.at,
                to,
                owner: owner.clone(),
            });
        }
    }
    out
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
        // The crash moved consumer-2's partitions to someone else.
        assert!(stints
            .iter()
            .any(|s| s.owner.as_deref() == Some("consumer-2")));
        assert!(stints
            .iter()
            .filter(|s| s.to == SimTime(6000))
            .all(|s| s.owner.as_deref() != Some("consumer-2")));
    }
}
