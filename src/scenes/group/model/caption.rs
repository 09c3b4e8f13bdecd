//! What the latest event of the group run did, for the scene's narration:
//! computed from the event and the state after it, so stepping back and
//! forth always tells the step on screen. Once records have been handled
//! twice, a recap of them rides along, because they stay on screen.

use super::{record_of, ActionKind, CommitMode, Group, GroupEvent, MemberAction, MemberState};
use crate::sim::assignor::Assignor;
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;

/// Who reads a partition that just got a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reader {
    /// Its owner, with its next `poll()`.
    Member(String),
    /// Its owner has crashed, and the group has not noticed yet.
    OwnerDown(String),
    /// Nobody: the partition waits for the rebalance.
    Paused,
}

/// A record of a partition: which order and which of its events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordAt {
    pub partition: u32,
    pub offset: u64,
    pub order: u32,
    pub event: OrderEvent,
}

impl RecordAt {
    fn new(partition: u32, offset: u64) -> Self {
        let (order, event) = record_of(partition, offset);
        RecordAt {
            partition,
            offset,
            order,
            event,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupCaption {
    /// Nothing has happened yet; `next` is the link's first member action.
    Intro {
        next: Option<MemberAction>,
    },
    /// The producer appended `offset` to `partition`.
    Produced {
        partition: u32,
        offset: u64,
        reader: Reader,
    },
    /// `poll()`: its auto commit (if one was due), what it returned, and
    /// the record the member starts on.
    Polled {
        member: String,
        committed: Vec<(u32, u64)>,
        fetched: Vec<(u32, u64, u64)>,
        /// The partitions the member owns, none of them paused: where an
        /// empty poll found nothing new.
        owned: Vec<u32>,
        /// Every partition it owns is paused for a rebalance.
        paused: bool,
        starts: Option<RecordAt>,
        /// Under auto commit, when a poll may commit next, if this one did
        /// not.
        next_auto_commit: Option<SimTime>,
    },
    /// The member took the next record an earlier poll returned.
    Took {
        member: String,
        record: RecordAt,
    },
    /// A record handled for the first time. `committed` is its partition's
    /// committed offset after the step; `commit_sync` what a manual commit
    /// after the batch committed, if there was one.
    Processed {
        member: String,
        record: RecordAt,
        committed: u64,
        commit_sync: Vec<(u32, u64)>,
        commit: CommitMode,
    },
    /// A record handled a second time: it was processed before its owner
    /// crashed but not committed, and its new owner resumed at `from`.
    Reprocessed {
        member: String,
        record: RecordAt,
        from: u64,
    },
    /// The idempotent handler recognised a repeat and skipped it.
    Skipped {
        member: String,
        record: RecordAt,
    },
    /// A member that crashed or left had a record in hand: it never finishes.
    Dropped {
        member: String,
        crashed: bool,
    },
    /// A member crashed: per partition it owned, the committed offset the
    /// next owner resumes at and the offset after the last it processed.
    Crashed {
        member: String,
        partitions: Vec<(u32, u64, u64)>,
    },
    /// `session.timeout.ms` passed: the coordinator drops the member.
    /// `consumer`: under the consumer protocol, which has no rebalance.
    Expired {
        member: String,
        consumer: bool,
    },
    Joined {
        member: String,
        consumer: bool,
    },
    /// A clean leave: it committed what it processed.
    Left {
        member: String,
        committed: Vec<(u32, u64)>,
        consumer: bool,
    },
    /// The link asked a member that is not active to leave or crash.
    Ignored {
        member: String,
    },
    RebalanceStarted {
        assignor: Assignor,
        commits: bool,
    },
    /// Consumer protocol: a member's heartbeat, at group epoch `epoch`:
    /// whether it joined, what it revoked, what it took (with the
    /// committed offset it resumes at), and what it still waits for, with
    /// the member that holds each.
    Reconciled {
        member: String,
        epoch: u32,
        assignor: crate::sim::assignor::ServerAssignor,
        joined: bool,
        revoked: Vec<u32>,
        assigned: Vec<(u32, u64)>,
        waiting: Vec<(u32, String)>,
    },
    /// A generation was given out: per moved partition its former owner,
    /// its new owner and the committed offset it resumes at; per revoked
    /// partition its former owner.
    Rebalanced {
        generation: u32,
        assignor: Assignor,
        moved: Vec<(u32, Option<String>, String, u64)>,
        revoked: Vec<(u32, String)>,
    },
}

/// Records handled twice so far, as runs of offsets per partition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reread {
    pub count: usize,
    /// `(partition, first, last)`, by partition then offset.
    pub runs: Vec<(u32, u64, u64)>,
}

/// The narration of one frame: the step, and the recap of what has been
/// handled twice, unless the step itself tells of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupNarration {
    /// While the clock still reads 0 the intro leads: the first polls
    /// happen at 0 ms, so a link opened at `t=0` has already taken steps.
    pub intro: Option<GroupCaption>,
    pub step: GroupCaption,
    pub reread: Option<Reread>,
}

impl Group {
    /// The narration for the state after `last`.
    pub fn narration(&self, last: Option<&(SimTime, GroupEvent)>) -> GroupNarration {
        let step = self.caption(last);
        let reread = match step {
            GroupCaption::Intro { .. } | GroupCaption::Reprocessed { .. } => None,
            _ => self.reread(),
        };
        let intro = last
            .filter(|(at, _)| *at == SimTime::ZERO)
            .map(|_| self.intro());
        GroupNarration {
            intro,
            step,
            reread,
        }
    }

    fn intro(&self) -> GroupCaption {
        GroupCaption::Intro {
            next: self.config.actions.iter().min().cloned(),
        }
    }

    /// What the step `last` did, from the state after it.
    pub fn caption(&self, last: Option<&(SimTime, GroupEvent)>) -> GroupCaption {
        let Some((at, event)) = last else {
            return self.intro();
        };
        match *event {
            GroupEvent::Produce { partition } => GroupCaption::Produced {
                partition,
                offset: self.log_end_offset[partition as usize].saturating_sub(1),
                reader: self.reader(partition),
            },
            GroupEvent::Work { member } => self.work_caption(member, *at),
            GroupEvent::Done { member } => self.done_caption(member),
            GroupEvent::Action { index } => self.action_caption(index, *at),
            GroupEvent::RebalanceStart => GroupCaption::RebalanceStarted {
                assignor: self.config.assignor,
                // rebalance_start: an eager member always commits before
                // it gives its partitions back, a cooperative one only
                // under auto commit.
                commits: self.config.commit == CommitMode::Auto
                    || !self.config.assignor.cooperative(),
            },
            GroupEvent::Heartbeat { member } => {
                let m = &self.members[member as usize];
                let last = m.last_heartbeat.as_ref().filter(|h| h.at == *at);
                let (_, _, waiting) = self.reconciliation(member);
                GroupCaption::Reconciled {
                    member: m.id.clone(),
                    epoch: self.group_epoch,
                    assignor: self.config.remote_assignor,
                    joined: last.is_some_and(|h| h.joined),
                    revoked: last.map(|h| h.revoked.clone()).unwrap_or_default(),
                    assigned: last
                        .map(|h| {
                            h.assigned
                                .iter()
                                .map(|&p| (p, self.committed[p as usize]))
                                .collect()
                        })
                        .unwrap_or_default(),
                    waiting: waiting
                        .into_iter()
                        .map(|(p, o)| (p, self.members[o as usize].id.clone()))
                        .collect(),
                }
            }
            GroupEvent::RebalanceEnd => {
                let n = self.generations.len();
                // Group::new gives out the first generation, so there is
                // always one; the intro is a harmless answer if not.
                let (Some(current), previous) = (self.generations.last(), n.checked_sub(2)) else {
                    return self.intro();
                };
                let before =
                    |p: u32| previous.and_then(|i| self.generations[i].owners[p as usize].clone());
                GroupCaption::Rebalanced {
                    generation: current.number,
                    assignor: self.config.assignor,
                    moved: current
                        .moved
                        .iter()
                        .filter_map(|&p| {
                            let owner = current.owners[p as usize].clone()?;
                            Some((p, before(p), owner, self.committed[p as usize]))
                        })
                        .collect(),
                    revoked: current
                        .revoked
                        .iter()
                        .filter_map(|&p| Some((p, before(p)?)))
                        .collect(),
                }
            }
        }
    }

    fn reader(&self, partition: u32) -> Reader {
        let p = partition as usize;
        match self.owner[p].map(|o| &self.members[o as usize]) {
            Some(m) if m.state == MemberState::Crashed => Reader::OwnerDown(m.id.clone()),
            Some(m) if !self.paused[p] => Reader::Member(m.id.clone()),
            _ => Reader::Paused,
        }
    }

    fn work_caption(&self, member: u32, at: SimTime) -> GroupCaption {
        let m = &self.members[member as usize];
        let busy = m.busy.map(|(p, o)| RecordAt::new(p, o));
        match &m.last_poll {
            // A poll that returned records starts on one, and the next
            // Work comes after it is done: a poll at this instant is this
            // step's.
            Some(poll) if poll.at == at => {
                let mine: Vec<u32> = (0..self.config.partitions)
                    .filter(|&p| self.owner[p as usize] == Some(member))
                    .collect();
                let paused = !mine.is_empty() && mine.iter().all(|&p| self.paused[p as usize]);
                GroupCaption::Polled {
                    member: m.id.clone(),
                    committed: poll.committed.clone(),
                    fetched: poll.fetched.clone(),
                    owned: mine
                        .into_iter()
                        .filter(|&p| !self.paused[p as usize])
                        .collect(),
                    paused,
                    starts: busy,
                    next_auto_commit: (self.config.commit == CommitMode::Auto
                        && poll.committed.is_empty())
                    .then_some(m.next_auto_commit),
                }
            }
            _ => match busy {
                Some(record) => GroupCaption::Took {
                    member: m.id.clone(),
                    record,
                },
                None => GroupCaption::Polled {
                    member: m.id.clone(),
                    committed: Vec::new(),
                    fetched: Vec::new(),
                    owned: Vec::new(),
                    paused: false,
                    starts: None,
                    next_auto_commit: None,
                },
            },
        }
    }

    fn done_caption(&self, member: u32) -> GroupCaption {
        let m = &self.members[member as usize];
        let id = m.id.clone();
        let Some(h) = m.last_handled.filter(|_| m.state == MemberState::Active) else {
            // The record in hand is due at most PROCESS_MS after the member
            // stopped: a crashed one is still Crashed then, one that left
            // has already gone when the rebalance began.
            return GroupCaption::Dropped {
                member: id,
                crashed: m.state == MemberState::Crashed,
            };
        };
        let record = RecordAt::new(h.partition, h.offset);
        if h.skipped {
            return GroupCaption::Skipped { member: id, record };
        }
        if h.again {
            return GroupCaption::Reprocessed {
                member: id,
                record,
                from: self.run_start(h.partition, h.offset),
            };
        }
        // Manual mode commits once the batch is done: the queue is empty
        // right after the last record of it.
        let commit_sync = if self.config.commit == CommitMode::Manual && m.queue.is_empty() {
            m.processed_up_to
                .iter()
                .filter(|(&p, _)| self.owner[p as usize] == Some(member))
                .map(|(&p, _)| (p, self.committed[p as usize]))
                .collect()
        } else {
            Vec::new()
        };
        GroupCaption::Processed {
            member: id,
            record,
            committed: self.committed[h.partition as usize],
            commit_sync,
            commit: self.config.commit,
        }
    }

    /// The first offset of the run of repeats that `offset` belongs to:
    /// where the new owner resumed, the committed offset it was given.
    fn run_start(&self, partition: u32, offset: u64) -> u64 {
        let mut from = offset;
        while from > 0 && self.repeated.contains(&(partition, from - 1)) {
            from -= 1;
        }
        from
    }

    fn action_caption(&self, index: u32, at: SimTime) -> GroupCaption {
        let action = &self.config.actions[index as usize];
        let consumer = self.config.protocol == super::GroupProtocol::Consumer;
        match &action.kind {
            ActionKind::Add => GroupCaption::Joined {
                member: self
                    .members
                    .last()
                    .map(|m| m.id.clone())
                    .unwrap_or_default(),
                consumer,
            },
            ActionKind::Remove(id) => match self.member_index(id) {
                Some(m) if self.members[m as usize].state == MemberState::Left => {
                    GroupCaption::Left {
                        member: id.clone(),
                        // Under the consumer protocol its leave freed them.
                        committed: self.members[m as usize]
                            .processed_up_to
                            .keys()
                            .filter(|&&p| {
                                let owner = self.owner[p as usize];
                                owner == Some(m) || (consumer && owner.is_none())
                            })
                            .map(|&p| (p, self.committed[p as usize]))
                            .collect(),
                        consumer,
                    }
                }
                _ => GroupCaption::Ignored { member: id.clone() },
            },
            // A crash that happened comes back after session.timeout.ms:
            // the coordinator noticing it.
            ActionKind::Crash(id) if at > action.at => GroupCaption::Expired {
                member: id.clone(),
                consumer,
            },
            ActionKind::Crash(id) => match self.member_index(id) {
                Some(m) if self.members[m as usize].state == MemberState::Crashed => {
                    let member = &self.members[m as usize];
                    GroupCaption::Crashed {
                        member: id.clone(),
                        partitions: (0..self.config.partitions)
                            .filter(|&p| self.owner[p as usize] == Some(m))
                            .map(|p| {
                                let committed = self.committed[p as usize];
                                let upto = member.processed_up_to.get(&p).copied().unwrap_or(0);
                                (p, committed, upto.max(committed))
                            })
                            .collect(),
                    }
                }
                _ => GroupCaption::Ignored { member: id.clone() },
            },
        }
    }

    /// The records handled twice so far, if any.
    pub fn reread(&self) -> Option<Reread> {
        if self.repeated.is_empty() {
            return None;
        }
        let mut all = self.repeated.clone();
        crate::sim::sort::sort(&mut all);
        all.dedup();
        let mut runs: Vec<(u32, u64, u64)> = Vec::new();
        for (p, o) in all {
            match runs.last_mut() {
                Some((q, _, last)) if *q == p && *last + 1 == o => *last = o,
                _ => runs.push((p, o, o)),
            }
        }
        Some(Reread {
            count: self.repeated.len(),
            runs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::group::model::{GroupConfig, MemberAction};
    use crate::sim::Sim;

    fn at(ms: u64, kind: ActionKind) -> MemberAction {
        MemberAction {
            at: SimTime(ms),
            kind,
        }
    }

    fn group(
        assignor: Assignor,
        commit: CommitMode,
        idempotent: bool,
        actions: Vec<MemberAction>,
    ) -> Sim<Group> {
        Sim::new(
            Group::new(GroupConfig {
                partitions: 6,
                members: 3,
                assignor,
                commit,
                idempotent,
                actions,
                ..GroupConfig::default()
            }),
            42,
        )
    }

    /// The default link's run: consumer-2 crashes at 2.5 s.
    fn lesson() -> Sim<Group> {
        group(
            Assignor::Range,
            CommitMode::Auto,
            false,
            vec![at(2500, ActionKind::Crash("consumer-2".into()))],
        )
    }

    /// Every step of the run, with its time and the caption after it.
    fn captions(mut sim: Sim<Group>) -> Vec<(u64, GroupEvent, GroupNarration)> {
        let mut out = Vec::new();
        while sim.step() {
            let (t, e) = sim.last_event().cloned().expect("a step was taken");
            out.push((t.as_millis(), e, sim.model().narration(sim.last_event())));
        }
        out
    }

    fn record(partition: u32, offset: u64) -> RecordAt {
        RecordAt::new(partition, offset)
    }

    #[test]
    fn the_run_opens_on_the_intro_and_names_the_links_crash() {
        let sim = lesson();
        assert_eq!(
            sim.model().narration(None),
            GroupNarration {
                intro: None,
                step: GroupCaption::Intro {
                    next: Some(at(2500, ActionKind::Crash("consumer-2".into())))
                },
                reread: None,
            }
        );
    }

    #[test]
    fn the_intro_leads_the_steps_taken_at_0_ms_and_only_those() {
        let all = captions(lesson());
        let intro = GroupCaption::Intro {
            next: Some(at(2500, ActionKind::Crash("consumer-2".into()))),
        };
        let led: Vec<u64> = all
            .iter()
            .filter(|(_, _, n)| n.intro.is_some())
            .map(|(t, _, n)| {
                assert_eq!(n.intro.as_ref(), Some(&intro));
                *t
            })
            .collect();
        // The first record and the three members' first polls.
        assert_eq!(led, vec![0, 0, 0, 0]);
    }

    #[test]
    fn the_first_steps_append_poll_and_process() {
        let all = captions(lesson());
        let steps: Vec<&GroupCaption> = all.iter().take(8).map(|(_, _, n)| &n.step).collect();
        assert_eq!(
            steps[0],
            &GroupCaption::Produced {
                partition: 0,
                offset: 0,
                reader: Reader::Member("consumer-1".into()),
            }
        );
        assert_eq!(
            steps[1],
            &GroupCaption::Polled {
                member: "consumer-1".into(),
                committed: vec![],
                fetched: vec![(0, 0, 1)],
                owned: vec![0, 1],
                paused: false,
                starts: Some(record(0, 0)),
                next_auto_commit: Some(SimTime(1000)),
            }
        );
        // consumer-2's partitions are still empty at 0 ms.
        assert!(matches!(
            steps[2],
            GroupCaption::Polled { member, fetched, owned, .. }
                if member == "consumer-2" && fetched.is_empty() && owned == &vec![2, 3]
        ));
        let done = all
            .iter()
            .find(|(_, e, _)| matches!(e, GroupEvent::Done { member: 0 }))
            .expect("consumer-1 finishes a record");
        assert_eq!(done.0, 40);
        assert_eq!(
            done.2.step,
            GroupCaption::Processed {
                member: "consumer-1".into(),
                record: record(0, 0),
                committed: 0,
                commit_sync: vec![],
                commit: CommitMode::Auto,
            }
        );
    }

    #[test]
    fn an_auto_commit_commits_the_last_processed_offset_plus_one() {
        let mut sim = lesson();
        let mut commits = 0;
        while sim.step() && sim.now() < SimTime(2500) {
            let g = sim.model();
            if let GroupCaption::Polled {
                member, committed, ..
            } = g.caption(sim.last_event())
            {
                let m = &g.members[g.member_index(&member).expect("a member") as usize];
                for (p, offset) in committed {
                    commits += 1;
                    assert!(
                        sim.now() >= SimTime(1000),
                        "not before auto.commit.interval.ms"
                    );
                    assert_eq!(g.committed[p as usize], offset);
                    assert_eq!(m.processed_up_to.get(&p), Some(&offset), "{member} p{p}");
                }
            }
        }
        assert!(commits >= 6, "{commits}");
    }

    #[test]
    fn the_crash_its_expiry_and_the_rebalance_tell_what_will_repeat() {
        let all = captions(lesson());
        let step = |ms: u64, e: GroupEvent| {
            all.iter()
                .find(|(t, ev, _)| *t == ms && *ev == e)
                .map(|(_, _, n)| n.step.clone())
                .unwrap_or_else(|| panic!("no {e:?} at {ms}"))
        };
        // consumer-2 had processed offsets 14 and 15 of both partitions
        // after its last commit at 14.
        assert_eq!(
            step(2500, GroupEvent::Action { index: 0 }),
            GroupCaption::Crashed {
                member: "consumer-2".into(),
                partitions: vec![(2, 14, 16), (3, 14, 16)],
            }
        );
        assert_eq!(
            step(2520, GroupEvent::Done { member: 1 }),
            GroupCaption::Dropped {
                member: "consumer-2".into(),
                crashed: true
            }
        );
        assert_eq!(
            step(3500, GroupEvent::Action { index: 0 }),
            GroupCaption::Expired {
                member: "consumer-2".into(),
                consumer: false,
            }
        );
        assert_eq!(
            step(3500, GroupEvent::RebalanceStart),
            GroupCaption::RebalanceStarted {
                assignor: Assignor::Range,
                commits: true
            }
        );
        assert_eq!(
            step(3900, GroupEvent::RebalanceEnd),
            GroupCaption::Rebalanced {
                generation: 2,
                assignor: Assignor::Range,
                moved: vec![
                    (2, Some("consumer-2".into()), "consumer-1".into(), 14),
                    (3, Some("consumer-2".into()), "consumer-3".into(), 14),
                ],
                revoked: vec![],
            }
        );
    }

    #[test]
    fn the_new_owners_reprocess_exactly_what_the_crash_left_uncommitted() {
        let all = captions(lesson());
        let again: Vec<(u64, GroupCaption)> = all
            .iter()
            .filter(|(_, _, n)| matches!(n.step, GroupCaption::Reprocessed { .. }))
            .map(|(t, _, n)| {
                assert_eq!(n.reread, None, "the step already says it");
                (*t, n.step.clone())
            })
            .collect();
        assert_eq!(
            again,
            vec![
                (
                    3940,
                    GroupCaption::Reprocessed {
                        member: "consumer-3".into(),
                        record: record(3, 14),
                        from: 14
                    }
                ),
                (
                    3980,
                    GroupCaption::Reprocessed {
                        member: "consumer-3".into(),
                        record: record(3, 15),
                        from: 14
                    }
                ),
                (
                    4180,
                    GroupCaption::Reprocessed {
                        member: "consumer-1".into(),
                        record: record(2, 14),
                        from: 14
                    }
                ),
                (
                    4220,
                    GroupCaption::Reprocessed {
                        member: "consumer-1".into(),
                        record: record(2, 15),
                        from: 14
                    }
                ),
            ]
        );
    }

    #[test]
    fn the_default_links_opening_frame_recaps_the_repeats() {
        // The group scene opens at 4.5 s: whatever the last step there,
        // the narration says what was handled twice and where.
        let mut sim = lesson();
        sim.run_until(SimTime(4500));
        let n = sim.model().narration(sim.last_event());
        assert_eq!(
            n.reread,
            Some(Reread {
                count: 4,
                runs: vec![(2, 14, 15), (3, 14, 15)],
            })
        );
        // Before the first repeat there is nothing to recap.
        let mut sim = lesson();
        sim.run_until(SimTime(3900));
        assert_eq!(sim.model().narration(sim.last_event()).reread, None);
    }

    #[test]
    fn a_manual_commit_after_the_batch_names_what_it_committed() {
        let all = captions(group(Assignor::Range, CommitMode::Manual, false, vec![]));
        let mut syncs = 0;
        let mut mid_batch = 0;
        for (_, _, n) in &all {
            if let GroupCaption::Processed {
                record: r,
                committed,
                commit_sync,
                ..
            } = &n.step
            {
                if commit_sync.is_empty() {
                    mid_batch += 1;
                    assert!(*committed <= r.offset, "uncommitted mid-batch");
                } else {
                    syncs += 1;
                    assert!(
                        commit_sync.contains(&(r.partition, r.offset + 1)),
                        "{commit_sync:?}"
                    );
                }
            }
        }
        assert!(
            syncs > 50 && mid_batch > 50,
            "{syncs} syncs, {mid_batch} mid-batch"
        );
    }

    #[test]
    fn a_cooperative_join_revokes_first_and_assigns_in_the_next_generation() {
        let all = captions(group(
            Assignor::CooperativeSticky,
            CommitMode::Manual,
            false,
            vec![
                at(2000, ActionKind::Add),
                at(3000, ActionKind::Remove("consumer-1".into())),
            ],
        ));
        let rebalances: Vec<GroupCaption> = all
            .iter()
            .filter(|(_, _, n)| matches!(n.step, GroupCaption::Rebalanced { .. }))
            .map(|(_, _, n)| n.step.clone())
            .collect();
        let gen = |generation, moved, revoked| GroupCaption::Rebalanced {
            generation,
            assignor: Assignor::CooperativeSticky,
            moved,
            revoked,
        };
        assert_eq!(
            rebalances,
            vec![
                gen(2, vec![], vec![(5, "consumer-3".into())]),
                gen(3, vec![(5, None, "consumer-4".into(), 16)], vec![]),
                gen(
                    4,
                    vec![
                        (0, Some("consumer-1".into()), "consumer-3".into(), 20),
                        (3, Some("consumer-1".into()), "consumer-4".into(), 20),
                    ],
                    vec![]
                ),
            ]
        );
        let step_at = |ms| {
            all.iter()
                .find(|(t, e, _)| *t == ms && matches!(e, GroupEvent::Action { .. }))
                .map(|(_, _, n)| n.step.clone())
        };
        assert_eq!(
            step_at(2000),
            Some(GroupCaption::Joined {
                member: "consumer-4".into(),
                consumer: false,
            })
        );
        assert_eq!(
            step_at(3000),
            Some(GroupCaption::Left {
                member: "consumer-1".into(),
                committed: vec![(0, 20), (3, 20)],
                consumer: false,
            })
        );
    }

    #[test]
    fn the_idempotent_handler_skips_what_would_repeat() {
        let all = captions(group(
            Assignor::Range,
            CommitMode::Auto,
            true,
            vec![at(2500, ActionKind::Crash("consumer-2".into()))],
        ));
        let skipped: Vec<RecordAt> = all
            .iter()
            .filter_map(|(_, _, n)| match &n.step {
                GroupCaption::Skipped { record, .. } => Some(*record),
                GroupCaption::Reprocessed { .. } => panic!("nothing repeats"),
                _ => None,
            })
            .collect();
        assert_eq!(
            skipped,
            vec![record(3, 14), record(3, 15), record(2, 14), record(2, 15)]
        );
        assert!(all.iter().all(|(_, _, n)| n.reread.is_none()));
    }

    #[test]
    fn an_action_on_a_member_that_is_not_there_is_ignored() {
        let all = captions(group(
            Assignor::Range,
            CommitMode::Auto,
            false,
            vec![
                at(500, ActionKind::Crash("consumer-9".into())),
                at(600, ActionKind::Remove("consumer-9".into())),
            ],
        ));
        let actions: Vec<&GroupCaption> = all
            .iter()
            .filter(|(_, e, _)| matches!(e, GroupEvent::Action { .. }))
            .map(|(_, _, n)| &n.step)
            .collect();
        let ignored = GroupCaption::Ignored {
            member: "consumer-9".into(),
        };
        assert_eq!(actions, vec![&ignored, &ignored]);
    }

    #[test]
    fn a_partition_of_a_crashed_owner_has_no_reader() {
        let all = captions(lesson());
        let produced: Vec<(u64, Reader)> = all
            .iter()
            .filter_map(|(t, _, n)| match &n.step {
                GroupCaption::Produced {
                    partition: 2,
                    reader,
                    ..
                } => Some((*t, reader.clone())),
                _ => None,
            })
            .collect();
        for (t, reader) in produced {
            let expected = match t {
                ..=2500 => Reader::Member("consumer-2".into()),
                2501..3500 => Reader::OwnerDown("consumer-2".into()),
                // The coordinator has noticed; the group is rebalancing.
                3500..3900 => Reader::Paused,
                _ => Reader::Member("consumer-1".into()),
            };
            assert_eq!(reader, expected, "at {t}");
        }
    }
}
