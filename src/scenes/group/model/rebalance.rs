//! The group's membership changes and its rebalances: who joins, leaves or
//! crashes, what each protocol stops while the group rebalances, and how
//! a generation's assignment is given out.

use super::{
    member_name, ActionKind, CommitMode, Generation, Group, GroupEvent, MemberState, REBALANCE_MS,
    SESSION_TIMEOUT_MS,
};
use crate::sim::assignor::{Assignment, TopicPartition};
use crate::sim::engine::Ctx;
use crate::sim::time::SimTime;
use std::collections::BTreeMap;

impl Group {
    /// The learner's action `index`, or, for a crash, the coordinator
    /// noticing it once the dead member's session has expired.
    pub(super) fn act(&mut self, index: u32, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        let action = self.config.actions[index as usize].clone();
        let in_state = |g: &Group, id: &str, state: MemberState| {
            g.member_index(id)
                .filter(|&m| g.members[m as usize].state == state)
        };
        match action.kind {
            ActionKind::Add => {
                let id = member_name(self.members.len() as u32 + 1);
                self.add_member(id, now);
                let m = self.members.len() as u32 - 1;
                ctx.schedule_in(0, GroupEvent::Work { member: m });
                self.start_rebalance(ctx);
            }
            ActionKind::Remove(id) => {
                if let Some(m) = in_state(self, &id, MemberState::Active) {
                    // close(): a clean member commits what it processed.
                    self.commit(m);
                    self.stop(m, MemberState::Left, now);
                    self.start_rebalance(ctx);
                }
            }
            ActionKind::Crash(id) => {
                if let Some(m) = in_state(self, &id, MemberState::Active) {
                    // Nobody knows until the session times out: the group
                    // keeps the partitions with the dead member, and nobody
                    // reads them (GroupMetadataManager's heartbeat expiry
                    // removes it after session.timeout.ms).
                    self.stop(m, MemberState::Crashed, now);
                    ctx.schedule_in(SESSION_TIMEOUT_MS, GroupEvent::Action { index });
                } else if let Some(m) = in_state(self, &id, MemberState::Crashed) {
                    self.members[m as usize].state = MemberState::Gone;
                    self.start_rebalance(ctx);
                }
            }
        }
    }

    /// A member stops working: what it fetched is dropped, and its
    /// partitions wait, still its own, for the next generation.
    fn stop(&mut self, m: u32, state: MemberState, now: SimTime) {
        let member = &mut self.members[m as usize];
        member.state = state;
        member.queue.clear();
        member.busy = None;
        for p in 0..self.config.partitions as usize {
            if self.owner[p] == Some(m) {
                self.pause(p, now);
            }
        }
    }

    fn start_rebalance(&mut self, ctx: &mut Ctx<'_, GroupEvent>) {
        if self.rebalancing {
            self.rebalance_pending = true;
            return;
        }
        self.rebalancing = true;
        ctx.schedule_in(0, GroupEvent::RebalanceStart);
    }

    /// The members rejoin (`ConsumerCoordinator.onJoinPrepare`). With auto
    /// commit each commits first. Eager: every member gives back all it
    /// owns and stops. Cooperative: every member keeps working on what it
    /// owns until the new assignment arrives.
    pub(super) fn rebalance_start(&mut self, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        for m in &mut self.members {
            if m.state == MemberState::Left {
                m.state = MemberState::Gone;
            }
        }
        let next = self.rebalance();
        let cooperative = self.config.assignor.cooperative();
        for m in 0..self.members.len() as u32 {
            let active = self.members[m as usize].state == MemberState::Active;
            if active && (self.config.commit == CommitMode::Auto || !cooperative) {
                self.commit(m);
            }
        }
        if !cooperative {
            for p in 0..self.config.partitions {
                let pi = p as usize;
                if let Some(o) = self.owner[pi] {
                    if self.members[o as usize].state == MemberState::Active {
                        self.revoke(o, p);
                    }
                }
                self.pause(pi, now);
            }
        }
        self.pending = Some(next);
        ctx.schedule_in(REBALANCE_MS, GroupEvent::RebalanceEnd);
    }

    /// The assignment arrives (`ConsumerCoordinator.onJoinComplete`). A
    /// cooperative member told to give up a partition revokes it there and
    /// rejoins, so the group rebalances again at once.
    pub(super) fn rebalance_end(&mut self, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        let mut rejoin = false;
        if let Some(next) = self.pending.take() {
            for tp in &next.revoked {
                let pi = tp.partition as usize;
                if let Some(o) = self.owner[pi] {
                    // onPartitionsRevoked: the handler commits what it
                    // processed before it lets the partition go.
                    self.commit(o);
                    self.revoke(o, tp.partition);
                }
            }
            self.apply(&next.assignment, &next.revoked, now);
            rejoin = next.rejoin();
        }
        self.rebalancing = false;
        for m in 0..self.members.len() as u32 {
            let member = &mut self.members[m as usize];
            if member.state == MemberState::Active {
                // onJoinComplete reschedules the auto commit from now.
                member.next_auto_commit = now.plus_millis(super::AUTO_COMMIT_MS);
                ctx.schedule_in(0, GroupEvent::Work { member: m });
            }
        }
        if std::mem::take(&mut self.rebalance_pending) || rejoin {
            self.start_rebalance(ctx);
        }
    }

    /// Gives out `assignment` as one generation: a partition whose owner
    /// changes resumes from its committed offset; one in `revoked` is
    /// nobody's until the next generation.
    pub(super) fn apply(
        &mut self,
        assignment: &Assignment,
        revoked: &[TopicPartition],
        now: SimTime,
    ) {
        let mut owners = vec![None; self.config.partitions as usize];
        for (id, tps) in assignment {
            for tp in tps {
                owners[tp.partition as usize] = self.member_index(id);
            }
        }
        let mut moved = Vec::new();
        let first = self.generations.is_empty();
        for (p, new) in owners.iter().enumerate() {
            if self.owner[p] != *new {
                if !first && new.is_some() {
                    moved.push(p as u32);
                }
                self.position[p] = self.committed[p];
            }
            self.owner[p] = *new;
            if new.is_some() {
                self.resume(p, now);
            } else {
                self.pause(p, now);
            }
        }
        let names: BTreeMap<u32, String> = crate::sim::sort::map_from(
            owners
                .iter()
                .flatten()
                .map(|&i| (i, self.members[i as usize].id.clone())),
        );
        self.generations.push(Generation {
            number: self.generations.len() as u32 + 1,
            at: now,
            owners: owners
                .iter()
                .map(|o| o.map(|i| names[&i].clone()))
                .collect(),
            moved,
            revoked: revoked.iter().map(|tp| tp.partition).collect(),
        });
    }

    fn pause(&mut self, p: usize, now: SimTime) {
        self.paused[p] = true;
        self.paused_since[p].get_or_insert(now);
    }

    fn resume(&mut self, p: usize, now: SimTime) {
        self.paused[p] = false;
        if let Some(since) = self.paused_since[p].take() {
            self.paused_ms += now.as_millis() - since.as_millis();
        }
    }

    /// Drops what a member fetched but did not process on `partition`, and
    /// moves the partition's fetch position back to the first record
    /// dropped: whoever owns it next, the same member too under the eager
    /// protocol, reads those records again rather than skipping them.
    fn revoke(&mut self, member: u32, partition: u32) {
        let m = &mut self.members[member as usize];
        let first_dropped = m
            .queue
            .iter()
            .filter(|(p, _)| *p == partition)
            .map(|&(_, offset)| offset)
            .min();
        m.queue.retain(|(p, _)| *p != partition);
        if let Some(offset) = first_dropped {
            self.position[partition as usize] = offset;
        }
    }
}
