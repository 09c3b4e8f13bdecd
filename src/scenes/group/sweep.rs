//! The group scene's sweep: members joining, leaving and crashing, from the seed.

use crate::scenes::group::model::{Group, GroupProtocol, MemberState};
use crate::scenes::sweep::*;
use crate::sim::assignor::{Assignor, ServerAssignor};
use crate::sim::rng::Rng;
use std::collections::BTreeSet;
use std::ops::Range;

/// The learner's clicks for one seed, as the link writes them, and
/// whether one of them is a crash.
fn group_actions(seed: u64, members: u32) -> (String, bool) {
    let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0\0\0group"));
    let mut known = members;
    let mut crashed = false;
    let actions: Vec<String> = (0..rng.below(5))
        .map(|_| {
            let at = rng.between(300, 5700);
            let who = 1 + rng.below(u64::from(known));
            match rng.below(100) {
                0..=24 => {
                    known += 1;
                    format!("add@{at}")
                }
                25..=59 => format!("remove:consumer-{who}@{at}"),
                _ => {
                    crashed = true;
                    format!("crash:consumer-{who}@{at}")
                }
            }
        })
        .collect();
    (actions.join(","), crashed)
}

/// One group run: a partition is processed by its owner only, one record
/// at a time, never while paused, from its committed offset on; commits
/// never go back; nothing is handled out of order; with members left, the
/// group catches up and has handled every record; the idempotent handler
/// repeats nothing, and only a crash repeats anything.
fn run_group(link: &str, seed: u64, index: u64, crashed: bool) -> Group {
    let config = params(link).group.clone();
    let mut committed: Vec<u64> = Vec::new();
    let mut busy: Vec<Option<(u32, u64)>> = Vec::new();
    let mut paused_ms = 0;
    let sim = play(Group::new(config.clone()), link, seed, index, |g, _| {
        let mut processing = BTreeSet::new();
        for (m, member) in g.members.iter().enumerate() {
            let Some((p, offset)) = member.busy else {
                continue;
            };
            let pi = p as usize;
            assert!(processing.insert(p), "{link}: two members on partition {p}");
            assert_eq!(member.state, MemberState::Active, "{link}");
            let started = busy.get(m).copied().flatten() != Some((p, offset));
            // A cooperative revocation may reach a member mid-record: it
            // finishes the record, its partition paused and nobody's.
            let revoked_meanwhile = !started && g.paused[pi] && g.owner[pi].is_none();
            assert!(
                g.owner[pi] == Some(m as u32) || revoked_meanwhile,
                "{link}: {} handles partition {p} it does not own",
                member.id
            );
            if started {
                assert!(!g.paused[pi], "{link}: started on paused partition {p}");
                assert!(
                    (g.committed[pi]..g.log_end_offset[pi]).contains(&offset),
                    "{link}: record {p}/{offset} outside committed..log end"
                );
            }
        }
        busy = g.members.iter().map(|m| m.busy).collect();
        for p in 0..g.log_end_offset.len() {
            let before = committed.get(p).copied().unwrap_or(0);
            assert!(g.committed[p] >= before, "{link}: the commit went back");
            assert!(g.committed[p] <= g.position[p], "{link}: committed unread");
            assert!(g.position[p] <= g.log_end_offset[p], "{link}");
        }
        committed.clone_from(&g.committed);
        assert!(g.paused_ms >= paused_ms, "{link}");
        paused_ms = g.paused_ms;
    });
    let g = sim.model().clone();
    assert_eq!(g.checker.reorders(), 0, "{link}: a partition's order broke");
    assert_eq!(g.repeated.len(), g.duplicates(), "{link}");
    if config.idempotent {
        assert_eq!(g.duplicates(), 0, "{link}: the idempotent handler repeated");
    }
    if !crashed {
        assert_eq!(g.duplicates(), 0, "{link}: handled twice with no crash");
    }
    if g.active_members() > 0 {
        assert_eq!(g.committed, g.log_end_offset, "{link}: the group caught up");
        for (p, &leo) in g.log_end_offset.iter().enumerate() {
            let never: Vec<u64> = (0..leo)
                .filter(|&o| !g.processed_ids.contains(&(p as u32, o)))
                .collect();
            assert!(
                never.is_empty(),
                "{link}: partition {p} offsets {never:?} committed but never handled"
            );
        }
    }
    for (i, generation) in g.generations.iter().enumerate() {
        match config.protocol {
            GroupProtocol::Classic => assert_eq!(generation.number as usize, i + 1, "{link}"),
            // One entry per member's reconciliation, at the group epoch.
            GroupProtocol::Consumer => assert!(
                i == 0 || generation.number >= g.generations[i - 1].number,
                "{link}: the group epoch went back"
            ),
        }
        assert!(
            generation
                .owners
                .iter()
                .flatten()
                .all(|id| g.members.iter().any(|m| &m.id == id)),
            "{link}: generation {} names a stranger",
            generation.number
        );
    }
    g
}

/// Each assignor on the same clicks, so the eager and cooperative
/// protocols of the sticky assignor can be compared run for run. Their
/// generations differ: the cooperative one takes two rebalances to move
/// a partition between live members, so later clicks land elsewhere.
fn sweep_group(commit: &str, idempotent: bool, seeds: Range<u64>) -> Vec<Tally> {
    let mut tallies: Vec<Tally> = Assignor::ALL
        .iter()
        .map(|a| {
            let name = format!(
                "{} commit={commit} idempotent={}",
                a.id(),
                u8::from(idempotent)
            );
            Tally::new("group", name)
        })
        .collect();
    let members = params("?scene=group").group.members;
    for (index, seed) in seeds.enumerate() {
        let (actions, crashed) = group_actions(seed, members);
        let mut eager = None;
        for (tally, assignor) in tallies.iter_mut().zip(Assignor::ALL) {
            let link = format!(
                "?scene=group&assignor={}&commit={commit}&idempotent={}&actions={actions}&seed={seed}",
                assignor.id(),
                u8::from(idempotent)
            );
            let g = run_group(&link, seed, index as u64, crashed);
            match assignor {
                Assignor::Sticky => eager = Some(g.paused_ms),
                Assignor::CooperativeSticky => {
                    // A partition never passes straight from a member that
                    // stays to another: its owner revokes it in one
                    // generation, and the next gives it out.
                    for w in g.generations.windows(2) {
                        for (p, (before, after)) in w[0].owners.iter().zip(&w[1].owners).enumerate()
                        {
                            if let (Some(a), Some(b)) = (before, after) {
                                assert!(
                                    a == b || !w[1].owners.contains(&Some(a.clone())),
                                    "{link}: partition {p} went from {a} to {b} in generation {}",
                                    w[1].number
                                );
                            }
                        }
                    }
                    // And the cooperative protocol never waits longer.
                    let eager_paused = eager.take().expect("sticky ran first");
                    assert!(g.paused_ms <= eager_paused, "{link}: paused longer");
                }
                _ => {}
            }
            if assignor == Assignor::Sticky {
                for remote in ServerAssignor::ALL {
                    let link = format!(
                        "?scene=group&group-protocol=consumer&remote-assignor={}&commit={commit}&idempotent={}&actions={actions}&seed={seed}",
                        remote.id(),
                        u8::from(idempotent)
                    );
                    let c = run_group(&link, seed, index as u64, crashed);
                    // Every change is one member's: a partition goes from
                    // its owner to nobody, and from nobody to its next one.
                    for w in c.generations.windows(2) {
                        for (p, (before, after)) in w[0].owners.iter().zip(&w[1].owners).enumerate()
                        {
                            if let (Some(a), Some(b)) = (before, after) {
                                assert_eq!(
                                    a, b,
                                    "{link}: partition {p} passed straight from {a} to {b}"
                                );
                            }
                        }
                    }
                    // No stop-the-world: never paused longer than eager.
                    assert!(
                        c.paused_ms <= g.paused_ms,
                        "{link}: paused {} ms, eager {} ms",
                        c.paused_ms,
                        g.paused_ms
                    );
                }
            }
            if !idempotent && crashed {
                // A commit after every batch leaves a narrow window.
                let floor = if commit == "auto" { 50 } else { 3 };
                tally.broke_on("handled twice after a crash", floor, g.duplicates() > 0);
            }
            tally.seeds += 1;
        }
    }
    tallies
}

// ------------------------------------------------------------ workers

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for commit in ["auto", "manual"] {
        for idempotent in [false, true] {
            jobs.push((
                format!("group commit={commit} idempotent={idempotent}"),
                Box::new(move || sweep_group(commit, idempotent, seeds.range(100))),
            ));
        }
    }
    jobs
}
