//! The group's membership changes and its rebalances: who joins, leaves or
//! crashes, what each protocol stops while the group rebalances, and how
//! a generation's assignment is given out.

use super::{
    member_name, ActionKind, CommitMode, Generation, Group, GroupEvent, GroupProtocol, MemberState,
    HEARTBEAT_MS, REBALANCE_MS, SESSION_TIMEOUT_MS,
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
                match self.config.protocol {
                    GroupProtocol::Classic => self.start_rebalance(ctx),
                    // Its first heartbeat joins the group.
                    GroupProtocol::Consumer => {
                        ctx.schedule_in(0, GroupEvent::Heartbeat { member: m })
                    }
                }
            }
            ActionKind::Remove(id) => {
                if let Some(m) = in_state(self, &id, MemberState::Active) {
                    // close(): a clean member commits what it processed.
                    self.commit(m);
                    self.stop(m, MemberState::Left, now);
                    match self.config.protocol {
                        GroupProtocol::Classic => self.start_rebalance(ctx),
                        // Its leave heartbeat (member epoch -1) frees its
                        // partitions at once, and the group epoch moves.
                        GroupProtocol::Consumer => self.leave_group(m, now),
                    }
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
                    match self.config.protocol {
                        GroupProtocol::Classic => self.start_rebalance(ctx),
                        // Fenced (`consumerGroupFenceMembers`): its
                        // partitions are free at once, with no revocation
                        // step, for the others' next heartbeats.
                        GroupProtocol::Consumer => self.leave_group(m, now),
                    }
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

    /// A member gone from the group owns nothing any more: nobody reads its
    /// partitions until their next owner's heartbeat takes them. The group
    /// epoch moves, and the broker computes the target assignment for it.
    fn leave_group(&mut self, m: u32, now: SimTime) {
        let mut freed = Vec::new();
        for p in 0..self.config.partitions {
            if self.owner[p as usize] == Some(m) {
                self.owner[p as usize] = None;
                freed.push(p);
            }
        }
        self.new_target();
        if !freed.is_empty() {
            self.record_owners(now, Vec::new(), freed);
        }
    }

    /// The group epoch moves and the broker computes the target assignment
    /// for it (`GroupMetadataManager.maybeUpdateTargetAssignment`).
    fn new_target(&mut self) {
        self.group_epoch += 1;
        self.target = self.rebalance().assignment;
    }

    /// One change of owners under the consumer protocol, as an entry of the
    /// owners' timeline, at the group epoch.
    fn record_owners(&mut self, now: SimTime, moved: Vec<u32>, revoked: Vec<u32>) {
        let owners = (0..self.config.partitions as usize)
            .map(|p| self.owner[p].map(|o| self.members[o as usize].id.clone()))
            .collect();
        self.generations.push(Generation {
            number: self.group_epoch,
            at: now,
            owners,
            moved,
            revoked,
        });
    }

    /// What `member`'s next heartbeat would change, from the broker's
    /// target (`CurrentAssignmentBuilder.computeNextAssignment`): the
    /// partitions it must give up, those it may take now because nobody
    /// owns them, and those it must wait for, each with its owner.
    pub(super) fn reconciliation(&self, member: u32) -> (Vec<u32>, Vec<u32>, Vec<(u32, u32)>) {
        let id = &self.members[member as usize].id;
        let target: Vec<u32> = self
            .target
            .get(id)
            .into_iter()
            .flatten()
            .map(|tp| tp.partition)
            .collect();
        let mut revoke = Vec::new();
        let mut assign = Vec::new();
        let mut wait = Vec::new();
        // The consumer runs onPartitionsRevoked from poll(), once the
        // record in hand is done: until then it keeps that partition.
        let in_hand = self.members[member as usize].busy.map(|(p, _)| p);
        for p in 0..self.config.partitions {
            let owner = self.owner[p as usize];
            let wanted = target.contains(&p);
            match owner {
                Some(o) if o == member && !wanted && in_hand != Some(p) => revoke.push(p),
                None if wanted => assign.push(p),
                Some(o) if o != member && wanted => wait.push((p, o)),
                _ => {}
            }
        }
        (revoke, assign, wait)
    }

    /// A consumer-protocol member's heartbeat. A new member joins (the
    /// group epoch moves). Then it reconciles: it revokes what it must
    /// give up (its `onPartitionsRevoked` commits first, as the
    /// consumer's auto commit does before a revocation), and takes what
    /// is free of its target. Every partition it keeps goes on working.
    pub(super) fn heartbeat(&mut self, member: u32, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        if self.members[member as usize].state != MemberState::Active {
            return;
        }
        let joined = self.members[member as usize].epoch == 0;
        if joined {
            self.new_target();
        }
        let (revoke, assign, _) = self.reconciliation(member);
        if !revoke.is_empty() {
            self.commit(member);
        }
        for &p in &revoke {
            self.revoke(member, p);
            self.owner[p as usize] = None;
            self.pause(p as usize, now);
        }
        for &p in &assign {
            let pi = p as usize;
            self.owner[pi] = Some(member);
            self.position[pi] = self.committed[pi];
            self.resume(pi, now);
        }
        if revoke.is_empty() {
            // At its target, or only waiting for others to let go
            // (UNRELEASED_PARTITIONS): it moves to the group's epoch.
            self.members[member as usize].epoch = self.group_epoch;
        }
        self.members[member as usize].last_heartbeat = Some(super::Reconciled {
            at: now,
            joined,
            revoked: revoke.clone(),
            assigned: assign.clone(),
        });
        if !revoke.is_empty() || !assign.is_empty() {
            self.record_owners(now, assign, revoke);
        }
        let ahead = self.config.actions.iter().any(|a| a.at > now)
            || self.members.iter().any(|m| m.state == MemberState::Crashed);
        // Some partition is not yet where the target puts it.
        let unsettled = (0..self.config.partitions).any(|p| {
            let owner = self.owner[p as usize].map(|o| &self.members[o as usize].id);
            let wanted = self
                .target
                .iter()
                .find(|(_, tps)| tps.iter().any(|tp| tp.partition == p))
                .map(|(id, _)| id);
            owner != wanted
        });
        if self.producing(now) || !self.caught_up() || ahead || unsettled {
            ctx.schedule_in(HEARTBEAT_MS, GroupEvent::Heartbeat { member });
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
