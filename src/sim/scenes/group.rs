//! Scene "group": a consumer group sharing a topic's partitions, its
//! rebalances, and what a crash between processing and commit costs.
//!
//! Each partition has one owner per generation. Members join, leave
//! cleanly (committing what they processed) or crash (committing nothing).
//! The eager protocol stops every member while the group rebalances; the
//! cooperative one revokes only the partitions that move. A new owner
//! resumes from the committed offset, so whatever a crashed member handled
//! after its last commit is handled again.

use crate::sim::assignor::{Assignment, Assignor, TopicPartition};
use crate::sim::checker::{FindingKind, Observer, OrderChecker, Position};
use crate::sim::engine::{Ctx, Model};
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::ops::RangeInclusive;

pub const TOPIC: &str = "orders";
pub const GROUP_ID: &str = "order-service";
pub const PARTITIONS_RANGE: RangeInclusive<u32> = 1..=32;
pub const MEMBERS_RANGE: RangeInclusive<u32> = 1..=16;
/// Producers write for this long; the group then catches up and stops.
pub const PRODUCE_UNTIL: SimTime = SimTime(6000);
const PRODUCE_EVERY_MS: u64 = 150;
const PROCESS_MS: u64 = 40;
const IDLE_POLL_MS: u64 = 50;
/// `max.poll.records`, scaled down from 500.
const MAX_POLL_RECORDS: usize = 5;
/// `auto.commit.interval.ms`, scaled down from 5000.
pub const AUTO_COMMIT_MS: u64 = 1000;
/// `session.timeout.ms`, scaled down from 45000: how long a crash goes
/// unnoticed.
pub const SESSION_TIMEOUT_MS: u64 = 1000;
/// How long a rebalance (join and sync) takes.
pub const REBALANCE_MS: u64 = 400;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommitMode {
    /// `enable.auto.commit=true`: commit every `auto.commit.interval.ms`.
    Auto,
    /// `commitSync()` after each polled batch is processed.
    Manual,
}

impl CommitMode {
    pub fn id(self) -> &'static str {
        match self {
            CommitMode::Auto => "auto",
            CommitMode::Manual => "manual",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "auto" => Some(CommitMode::Auto),
            "manual" => Some(CommitMode::Manual),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ActionKind {
    Add,
    Remove(String),
    Crash(String),
}

/// Something the learner (or the link) did to the group, and when.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MemberAction {
    pub at: SimTime,
    pub kind: ActionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GroupConfig {
    pub partitions: u32,
    pub members: u32,
    pub assignor: Assignor,
    pub commit: CommitMode,
    /// The handler keeps a store of processed record ids and skips repeats.
    pub idempotent: bool,
    pub actions: Vec<MemberAction>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemberState {
    Active,
    Left,
    /// Dead, but the coordinator has not noticed yet.
    Crashed,
    Gone,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Member {
    pub id: String,
    pub state: MemberState,
    /// Fetched by the last poll, not processed yet.
    pub queue: VecDeque<(u32, u64)>,
    pub busy: Option<(u32, u64)>,
    /// Per partition: the next offset after the last record it processed.
    pub processed_up_to: BTreeMap<u32, u64>,
}

/// One generation of the group: who owned what, from when.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generation {
    pub number: u32,
    pub at: SimTime,
    pub owners: Vec<Option<String>>,
    pub moved: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupEvent {
    Produce { partition: u32 },
    Work { member: u32 },
    Done { member: u32 },
    AutoCommit { member: u32 },
    Action { index: u32 },
    RebalanceStart,
    RebalanceEnd,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    pub config: GroupConfig,
    pub members: Vec<Member>,
    pub log_end_offset: Vec<u64>,
    pub committed: Vec<u64>,
    /// The owner's fetch position, per partition.
    pub position: Vec<u64>,
    pub owner: Vec<Option<u32>>,
    /// Revoked and not yet given out again: nobody may process it.
    pub paused: Vec<bool>,
    paused_since: Vec<Option<SimTime>>,
    pub paused_ms: u64,
    pub rebalancing: bool,
    rebalance_pending: bool,
    pending_assignment: Option<Assignment>,
    pub generations: Vec<Generation>,
    pub checker: OrderChecker,
    /// Record ids the idempotent handler has seen.
    pub processed_ids: BTreeSet<(u32, u64)>,
    pub skipped: u32,
    /// Records whose side effect happened twice.
    pub repeated: Vec<(u32, u64)>,
}

/// The order and step of record `offset` of `partition`: each partition
/// carries its own orders, four events each.
pub fn record_of(partition: u32, offset: u64) -> (u32, OrderEvent) {
    (
        partition * 1000 + (offset / 4) as u32,
        OrderEvent::ALL[(offset % 4) as usize],
    )
}

pub fn member_name(i: u32) -> String {
    format!("consumer-{i}")
}

impl Group {
    pub fn new(config: GroupConfig) -> Self {
        let partitions = config
            .partitions
            .clamp(*PARTITIONS_RANGE.start(), *PARTITIONS_RANGE.end());
        let members = config
            .members
            .clamp(*MEMBERS_RANGE.start(), *MEMBERS_RANGE.end());
        let config = GroupConfig {
            partitions,
            members,
            ..config
        };
        let n = partitions as usize;
        let mut group = Group {
            members: Vec::new(),
            log_end_offset: vec![0; n],
            committed: vec![0; n],
            position: vec![0; n],
            owner: vec![None; n],
            paused: vec![false; n],
            paused_since: vec![None; n],
            paused_ms: 0,
            rebalancing: false,
            rebalance_pending: false,
            pending_assignment: None,
            generations: Vec::new(),
            checker: OrderChecker::default(),
            processed_ids: BTreeSet::new(),
            skipped: 0,
            repeated: Vec::new(),
            config,
        };
        for i in 1..=members {
            group.add_member(member_name(i));
        }
        let assignment = group.assign();
        group.apply(&assignment, SimTime::ZERO);
        group
    }

    fn add_member(&mut self, id: String) {
        self.members.push(Member {
            id,
            state: MemberState::Active,
            queue: VecDeque::new(),
            busy: None,
            processed_up_to: BTreeMap::new(),
        });
    }

    fn topics(&self) -> Vec<(String, u32)> {
        vec![(TOPIC.to_owned(), self.config.partitions)]
    }

    fn current_assignment(&self) -> Assignment {
        let mut a = Assignment::new();
        for m in &self.members {
            if m.state == MemberState::Active {
                a.insert(m.id.clone(), Vec::new());
            }
        }
        for (p, o) in self.owner.iter().enumerate() {
            if let Some(o) = o {
                let id = &self.members[*o as usize].id;
                if let Some(list) = a.get_mut(id) {
                    list.push(TopicPartition::new(TOPIC, p as u32));
                }
            }
        }
        a
    }

    fn assign(&self) -> Assignment {
        let live: Vec<String> = self
            .members
            .iter()
            .filter(|m| m.state == MemberState::Active)
            .map(|m| m.id.clone())
            .collect();
        self.config
            .assignor
            .assign(&self.topics(), &live, &self.current_assignment())
    }

    fn member_index(&self, id: &str) -> Option<u32> {
        self.members
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as u32)
    }

    /// Gives out `assignment`: a partition whose owner changes resumes from
    /// its committed offset.
    fn apply(&mut self, assignment: &Assignment, now: SimTime) {
        let mut owners = vec![None; self.config.partitions as usize];
        for (id, tps) in assignment {
            for tp in tps {
                owners[tp.partition as usize] = self.member_index(id);
            }
        }
        let mut moved = Vec::new();
        for (p, new) in owners.iter().enumerate() {
            if self.owner[p] != *new {
                if !self.generations.is_empty() {
                    moved.push(p as u32);
                }
                self.position[p] = self.committed[p];
            }
            self.owner[p] = *new;
            self.resume(p, now);
        }
        let after: Vec<Option<String>> = owners
            .iter()
            .map(|o| o.map(|i| self.members[i as usize].id.clone()))
            .collect();
        self.generations.push(Generation {
            number: self.generations.len() as u32 + 1,
            at: now,
            owners: after,
            moved,
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

    /// Commits what `member` has processed on its partitions.
    fn commit(&mut self, member: u32) {
        let m = &self.members[member as usize];
        for (&p, &next) in &m.processed_up_to {
            if self.owner[p as usize] == Some(member) {
                self.committed[p as usize] = self.committed[p as usize].max(next);
            }
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

    fn start_rebalance(&mut self, ctx: &mut Ctx<'_, GroupEvent>) {
        if self.rebalancing {
            self.rebalance_pending = true;
            return;
        }
        self.rebalancing = true;
        ctx.schedule_in(0, GroupEvent::RebalanceStart);
    }

    pub fn duplicates(&self) -> usize {
        self.checker.duplicates()
    }

    pub fn active_members(&self) -> usize {
        self.members
            .iter()
            .filter(|m| m.state == MemberState::Active)
            .count()
    }

    fn producing(&self, now: SimTime) -> bool {
        now < PRODUCE_UNTIL
    }

    fn caught_up(&self) -> bool {
        (0..self.config.partitions as usize).all(|p| self.committed[p] == self.log_end_offset[p])
    }
}

impl Model for Group {
    type Event = GroupEvent;

    fn is_noop(&self, event: &GroupEvent) -> bool {
        match *event {
            GroupEvent::Work { member } => {
                let m = &self.members[member as usize];
                m.busy.is_some() || m.state != MemberState::Active
            }
            GroupEvent::AutoCommit { member } | GroupEvent::Done { member } => {
                self.members[member as usize].state != MemberState::Active
                    && matches!(event, GroupEvent::AutoCommit { .. })
            }
            _ => false,
        }
    }

    fn start(&mut self, ctx: &mut Ctx<'_, GroupEvent>) {
        for p in 0..self.config.partitions {
            // Staggered, so partitions do not all fill at the same instant.
            ctx.schedule_in(
                u64::from(p) * 17 % PRODUCE_EVERY_MS,
                GroupEvent::Produce { partition: p },
            );
        }
        for m in 0..self.members.len() as u32 {
            ctx.schedule_in(0, GroupEvent::Work { member: m });
            if self.config.commit == CommitMode::Auto {
                ctx.schedule_in(AUTO_COMMIT_MS, GroupEvent::AutoCommit { member: m });
            }
        }
        for (i, a) in self.config.actions.clone().iter().enumerate() {
            ctx.schedule_in(a.at.as_millis(), GroupEvent::Action { index: i as u32 });
        }
    }

    fn handle(&mut self, event: &GroupEvent, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        match *event {
            GroupEvent::Produce { partition } => {
                self.log_end_offset[partition as usize] += 1;
                if self.producing(now.plus_millis(PRODUCE_EVERY_MS)) {
                    ctx.schedule_in(PRODUCE_EVERY_MS, GroupEvent::Produce { partition });
                }
            }
            GroupEvent::Work { member } => {
                if self.members[member as usize].queue.is_empty() {
                    // poll(): up to max.poll.records from each owned partition.
                    for p in 0..self.config.partitions {
                        let pi = p as usize;
                        if self.owner[pi] != Some(member) || self.paused[pi] {
                            continue;
                        }
                        let from = self.position[pi];
                        let to = self.log_end_offset[pi].min(from + MAX_POLL_RECORDS as u64);
                        self.position[pi] = to;
                        self.members[member as usize]
                            .queue
                            .extend((from..to).map(|o| (p, o)));
                    }
                }
                let m = &mut self.members[member as usize];
                match m.queue.pop_front() {
                    Some(record) => {
                        m.busy = Some(record);
                        ctx.schedule_in(PROCESS_MS, GroupEvent::Done { member });
                    }
                    None => {
                        if self.producing(now) || !self.caught_up() || self.rebalancing {
                            ctx.schedule_in(IDLE_POLL_MS, GroupEvent::Work { member });
                        }
                    }
                }
            }
            GroupEvent::Done { member } => {
                let Some((p, offset)) = self.members[member as usize].busy.take() else {
                    return;
                };
                if self.members[member as usize].state != MemberState::Active {
                    return;
                }
                let first_time = self.processed_ids.insert((p, offset));
                if first_time || !self.config.idempotent {
                    // The side effect happens: the checker sees it.
                    let (order, event) = record_of(p, offset);
                    let finding = self.checker.observe(
                        &Observer::Group {
                            group_id: GROUP_ID.to_owned(),
                        },
                        &format!("order-{order}"),
                        event.step(),
                        Position::new(p, offset),
                        now,
                    );
                    if finding.is_some_and(|v| matches!(v.kind, FindingKind::Duplicate { .. })) {
                        self.repeated.push((p, offset));
                    }
                } else {
                    self.skipped += 1;
                }
                // The rebalance revoked this record's partition while it was
                // in flight. The Java consumer reaches the rebalance only
                // from poll(), once the record is done, and commits it on
                // revocation: so must this one, or the next owner handles
                // it again though nobody crashed.
                let revoked = self.paused[p as usize] && self.owner[p as usize] == Some(member);
                let m = &mut self.members[member as usize];
                m.processed_up_to.insert(p, offset + 1);
                if (self.config.commit == CommitMode::Manual && m.queue.is_empty()) || revoked {
                    self.commit(member);
                }
                ctx.schedule_in(0, GroupEvent::Work { member });
            }
            GroupEvent::AutoCommit { member } => {
                self.commit(member);
                if self.producing(now) || !self.caught_up() {
                    ctx.schedule_in(AUTO_COMMIT_MS, GroupEvent::AutoCommit { member });
                }
            }
            GroupEvent::Action { index } => {
                let action = self.config.actions[index as usize].clone();
                match action.kind {
                    ActionKind::Add => {
                        let id = member_name(self.members.len() as u32 + 1);
                        self.add_member(id);
                        let m = self.members.len() as u32 - 1;
                        ctx.schedule_in(0, GroupEvent::Work { member: m });
                        if self.config.commit == CommitMode::Auto {
                            ctx.schedule_in(AUTO_COMMIT_MS, GroupEvent::AutoCommit { member: m });
                        }
                        self.start_rebalance(ctx);
                    }
                    ActionKind::Remove(id) => {
                        if let Some(m) = self
                            .member_index(&id)
                            .filter(|&m| self.members[m as usize].state == MemberState::Active)
                        {
                            // close(): a clean member commits what it processed.
                            self.commit(m);
                            let mm = &mut self.members[m as usize];
                            mm.state = MemberState::Left;
                            mm.queue.clear();
                            mm.busy = None;
                            for p in 0..self.config.partitions as usize {
                                if self.owner[p] == Some(m) {
                                    self.pause(p, now);
                                }
                            }
                            self.start_rebalance(ctx);
                        }
                    }
                    ActionKind::Crash(id) => {
                        if let Some(m) = self
                            .member_index(&id)
                            .filter(|&m| self.members[m as usize].state == MemberState::Active)
                        {
                            let mm = &mut self.members[m as usize];
                            mm.state = MemberState::Crashed;
                            mm.queue.clear();
                            mm.busy = None;
                            for p in 0..self.config.partitions as usize {
                                if self.owner[p] == Some(m) {
                                    self.pause(p, now);
                                }
                            }
                            // Nobody knows until the session times out.
                            ctx.schedule_in(SESSION_TIMEOUT_MS, GroupEvent::Action { index });
                            self.members[m as usize].state = MemberState::Crashed;
                        } else if let Some(m) = self
                            .member_index(&id)
                            .filter(|&m| self.members[m as usize].state == MemberState::Crashed)
                        {
                            self.members[m as usize].state = MemberState::Gone;
                            self.start_rebalance(ctx);
                        }
                    }
                }
            }
            GroupEvent::RebalanceStart => {
                for m in &mut self.members {
                    if m.state == MemberState::Left {
                        m.state = MemberState::Gone;
                    }
                }
                let next = self.assign();
                let owner_of: BTreeMap<u32, String> = next
                    .iter()
                    .flat_map(|(m, tps)| tps.iter().map(move |tp| (tp.partition, m.clone())))
                    .collect();
                for p in 0..self.config.partitions {
                    let pi = p as usize;
                    let current = self.owner[pi].map(|o| self.members[o as usize].id.clone());
                    let moves = current.as_ref() != owner_of.get(&p);
                    // Eager: everyone stops and gives everything back.
                    // Cooperative: only what moves is given back.
                    if moves || !self.config.assignor.cooperative() {
                        if let Some(o) = self.owner[pi] {
                            if self.members[o as usize].state == MemberState::Active {
                                self.commit(o);
                                self.revoke(o, p);
                            }
                        }
                        self.pause(pi, now);
                    }
                }
                self.pending_assignment = Some(next);
                ctx.schedule_in(REBALANCE_MS, GroupEvent::RebalanceEnd);
            }
            GroupEvent::RebalanceEnd => {
                if let Some(next) = self.pending_assignment.take() {
                    self.apply(&next, now);
                }
                self.rebalancing = false;
                for m in 0..self.members.len() as u32 {
                    if self.members[m as usize].state == MemberState::Active {
                        ctx.schedule_in(0, GroupEvent::Work { member: m });
                    }
                }
                if std::mem::take(&mut self.rebalance_pending) {
                    self.start_rebalance(ctx);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
