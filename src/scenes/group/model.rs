//! Scene "group": a consumer group sharing a topic's partitions, its
//! rebalances, and what a crash between processing and commit costs.
//!
//! Each partition has one owner per generation. Members join, leave
//! cleanly (committing what they processed) or crash (committing nothing;
//! the group keeps its partitions with it until `session.timeout.ms`).
//! The classic protocol's eager rebalance stops every member while the
//! group rebalances; its cooperative one revokes only the partitions that
//! move, and hands them to their new owner one rebalance later. The
//! consumer protocol (KIP-848, `group.protocol=consumer`) has no group-wide
//! rebalance: the broker computes a target assignment, and each member
//! reconciles on its own heartbeats, giving up a partition before its new
//! owner may take it, while every partition that stays keeps working. A new owner resumes from the
//! committed offset, so whatever a crashed member handled after its last
//! commit is handled again.

use crate::sim::assignor::{Assignment, Assignor, Rebalance, ServerAssignor, TopicPartition};
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
/// `auto.commit.interval.ms`, scaled down from 5000: the least time
/// between two auto commits, each made by a `poll()`.
pub const AUTO_COMMIT_MS: u64 = 1000;
/// `session.timeout.ms`, scaled down from 45000: how long a crash goes
/// unnoticed.
pub const SESSION_TIMEOUT_MS: u64 = 1000;
/// How long a rebalance (join and sync) takes.
pub const REBALANCE_MS: u64 = 400;
/// `group.consumer.heartbeat.interval.ms`, scaled down from 5000 as the
/// session timeout is from 45000: how often a consumer-protocol member
/// asks the broker for its assignment.
pub const HEARTBEAT_MS: u64 = 110;

/// The rebalance protocol (`group.protocol`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupProtocol {
    /// Join and sync, a client-side assignor: every client's default.
    Classic,
    /// KIP-848, production-ready since Kafka 4.0: heartbeats, and a
    /// server-side assignor.
    Consumer,
}

impl GroupProtocol {
    pub fn id(self) -> &'static str {
        match self {
            GroupProtocol::Classic => "classic",
            GroupProtocol::Consumer => "consumer",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "classic" => Some(GroupProtocol::Classic),
            "consumer" => Some(GroupProtocol::Consumer),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommitMode {
    /// `enable.auto.commit=true`: the first `poll()` after each
    /// `auto.commit.interval.ms` commits what the earlier polls returned.
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
    pub protocol: GroupProtocol,
    /// The classic protocol's assignor (`partition.assignment.strategy`).
    pub assignor: Assignor,
    /// The consumer protocol's (`group.remote.assignor`).
    pub remote_assignor: ServerAssignor,
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

impl MemberState {
    /// The state's name in the member's `data-state` attribute, written out
    /// rather than taken from `Debug`, which would keep Rust's `Debug`
    /// formatting in the wasm for one attribute.
    pub fn id(self) -> &'static str {
        match self {
            MemberState::Active => "active",
            MemberState::Left => "left",
            MemberState::Crashed => "crashed",
            MemberState::Gone => "gone",
        }
    }
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
    /// When its `poll()` may auto commit next
    /// (`ConsumerCoordinator.nextAutoCommitTimer`).
    pub next_auto_commit: SimTime,
    /// What its latest `poll()` did, for the narration.
    pub last_poll: Option<PollResult>,
    /// The record it finished last, for the narration.
    pub last_handled: Option<Handled>,
    /// Consumer protocol: the group epoch its assignment is at; 0 until
    /// its first heartbeat.
    pub epoch: u32,
    /// Consumer protocol: what its latest heartbeat changed, for the
    /// narration.
    pub last_heartbeat: Option<Reconciled>,
}

/// What one consumer-protocol heartbeat did to its member's assignment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reconciled {
    pub at: SimTime,
    /// It was the member's first: it joined, and the group epoch moved.
    pub joined: bool,
    pub revoked: Vec<u32>,
    pub assigned: Vec<u32>,
}

/// One `poll()`: what its auto commit committed and what it returned.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PollResult {
    pub at: SimTime,
    /// Per partition, the offset the auto commit committed: none when no
    /// commit was due.
    pub committed: Vec<(u32, u64)>,
    /// Per partition, the offsets returned, `from..to`.
    pub fetched: Vec<(u32, u64, u64)>,
}

/// A record a member finished, and whether that was the first time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Handled {
    pub partition: u32,
    pub offset: u64,
    /// Some member had handled it before.
    pub again: bool,
    /// The idempotent handler recognised the repeat and skipped it.
    pub skipped: bool,
}

/// One generation of the group: who owned what, from when.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generation {
    pub number: u32,
    pub at: SimTime,
    pub owners: Vec<Option<String>>,
    /// Partitions given to a new owner in this generation.
    pub moved: Vec<u32>,
    /// Partitions taken from their owner and given to nobody yet: the
    /// cooperative protocol hands them out in the next generation.
    pub revoked: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupEvent {
    Produce {
        partition: u32,
    },
    Work {
        member: u32,
    },
    Done {
        member: u32,
    },
    Action {
        index: u32,
    },
    RebalanceStart,
    RebalanceEnd,
    /// Consumer protocol: a member's heartbeat, and its reconciliation.
    Heartbeat {
        member: u32,
    },
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
    pending: Option<Rebalance>,
    pub generations: Vec<Generation>,
    /// Consumer protocol: the group epoch, and the broker's target
    /// assignment at it.
    pub group_epoch: u32,
    pub target: Assignment,
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
            pending: None,
            generations: Vec::new(),
            group_epoch: 1,
            target: Assignment::new(),
            checker: OrderChecker::default(),
            processed_ids: BTreeSet::new(),
            skipped: 0,
            repeated: Vec::new(),
            config,
        };
        for i in 1..=members {
            group.add_member(member_name(i), SimTime::ZERO);
        }
        let first = group.rebalance();
        group.apply(&first.assignment, &first.revoked, SimTime::ZERO);
        for m in &mut group.members {
            m.epoch = group.group_epoch;
        }
        group.target = first.assignment;
        group
    }

    pub(super) fn add_member(&mut self, id: String, now: SimTime) {
        self.members.push(Member {
            id,
            state: MemberState::Active,
            queue: VecDeque::new(),
            busy: None,
            processed_up_to: BTreeMap::new(),
            next_auto_commit: now.plus_millis(AUTO_COMMIT_MS),
            last_poll: None,
            last_handled: None,
            epoch: 0,
            last_heartbeat: None,
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

    /// What the next generation gives out, from what live members own:
    /// under the consumer protocol, the broker's target assignment, which
    /// members then reconcile towards one by one.
    pub(super) fn rebalance(&self) -> Rebalance {
        let live: Vec<String> = self
            .members
            .iter()
            .filter(|m| m.state == MemberState::Active)
            .map(|m| m.id.clone())
            .collect();
        match self.config.protocol {
            GroupProtocol::Classic => {
                self.config
                    .assignor
                    .rebalance(&self.topics(), &live, &self.current_assignment())
            }
            GroupProtocol::Consumer => Rebalance {
                assignment: self.config.remote_assignor.assign(
                    &self.topics(),
                    &live,
                    &self.current_assignment(),
                ),
                revoked: Vec::new(),
            },
        }
    }

    pub(super) fn member_index(&self, id: &str) -> Option<u32> {
        self.members
            .iter()
            .position(|m| m.id == id)
            .map(|i| i as u32)
    }

    /// Commits what `member` has processed on its partitions.
    pub(super) fn commit(&mut self, member: u32) {
        let m = &self.members[member as usize];
        for (&p, &next) in &m.processed_up_to {
            if self.owner[p as usize] == Some(member) {
                self.committed[p as usize] = self.committed[p as usize].max(next);
            }
        }
    }

    /// `poll()`'s auto commit (`ConsumerCoordinator.poll` ends with
    /// `maybeAutoCommitOffsetsAsync`): once `auto.commit.interval.ms` has
    /// passed, it commits `subscriptions.allConsumed()`, the position after
    /// what earlier polls returned, before this poll fetches more.
    fn auto_commit_in_poll(&mut self, member: u32, now: SimTime) -> Vec<(u32, u64)> {
        let m = &mut self.members[member as usize];
        if self.config.commit != CommitMode::Auto || now < m.next_auto_commit {
            return Vec::new();
        }
        m.next_auto_commit = now.plus_millis(AUTO_COMMIT_MS);
        let mut committed = Vec::new();
        for p in 0..self.config.partitions as usize {
            if self.owner[p] == Some(member) && !self.paused[p] {
                self.committed[p] = self.committed[p].max(self.position[p]);
                committed.push((p as u32, self.committed[p]));
            }
        }
        committed
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
            GroupEvent::Heartbeat { member } => {
                self.members[member as usize].state != MemberState::Active
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
            if self.config.protocol == GroupProtocol::Consumer {
                // Staggered, as real members' heartbeats are.
                ctx.schedule_in(
                    HEARTBEAT_MS + u64::from(m) * 37 % HEARTBEAT_MS,
                    GroupEvent::Heartbeat { member: m },
                );
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
            GroupEvent::Work { member } => self.work(member, ctx),
            GroupEvent::Done { member } => self.done(member, ctx),
            GroupEvent::Action { index } => self.act(index, ctx),
            GroupEvent::RebalanceStart => self.rebalance_start(ctx),
            GroupEvent::RebalanceEnd => self.rebalance_end(ctx),
            GroupEvent::Heartbeat { member } => self.heartbeat(member, ctx),
        }
    }

    /// A heartbeat that changes nothing is passed over by "step forward".
    fn is_quiet(&self, event: &GroupEvent) -> bool {
        match *event {
            GroupEvent::Heartbeat { member } => {
                let (revoke, assign, _) = self.reconciliation(member);
                revoke.is_empty() && assign.is_empty() && self.members[member as usize].epoch != 0
            }
            _ => false,
        }
    }
}

impl Group {
    /// The member's loop: `poll()` when it has nothing fetched left, then
    /// the next record.
    fn work(&mut self, member: u32, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        if self.members[member as usize].queue.is_empty() {
            let committed = self.auto_commit_in_poll(member, now);
            let mut fetched = Vec::new();
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
                if to > from {
                    fetched.push((p, from, to));
                }
            }
            self.members[member as usize].last_poll = Some(PollResult {
                at: now,
                committed,
                fetched,
            });
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

    /// A record's side effect happens: the checker sees it, unless the
    /// idempotent handler has seen the record before.
    fn done(&mut self, member: u32, ctx: &mut Ctx<'_, GroupEvent>) {
        let now = ctx.now();
        let Some((p, offset)) = self.members[member as usize].busy.take() else {
            return;
        };
        if self.members[member as usize].state != MemberState::Active {
            return;
        }
        let first_time = self.processed_ids.insert((p, offset));
        self.members[member as usize].last_handled = Some(Handled {
            partition: p,
            offset,
            again: !first_time,
            skipped: !first_time && self.config.idempotent,
        });
        if first_time || !self.config.idempotent {
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
        let m = &mut self.members[member as usize];
        m.processed_up_to.insert(p, offset + 1);
        // The rebalance revoked this record's partition while it was in
        // flight. The Java consumer reaches a revocation only from poll(),
        // once the record is done, and its onPartitionsRevoked commits it:
        // so must this one, or the next owner handles it again though
        // nobody crashed.
        let pi = p as usize;
        if self.paused[pi] && self.owner[pi].is_none_or(|o| o == member) {
            self.committed[pi] = self.committed[pi].max(offset + 1);
            self.position[pi] = self.position[pi].max(offset + 1);
        }
        if self.config.commit == CommitMode::Manual && m.queue.is_empty() {
            self.commit(member);
        }
        ctx.schedule_in(0, GroupEvent::Work { member });
    }
}

impl Default for GroupConfig {
    /// More partitions than members, so that a group has something to
    /// share; a link that names no actions gets the scene's crash
    /// (src/scenes/group/mod.rs `link_start`).
    fn default() -> Self {
        GroupConfig {
            partitions: 6,
            members: 3,
            protocol: GroupProtocol::Classic,
            assignor: Assignor::Range,
            remote_assignor: ServerAssignor::Uniform,
            commit: CommitMode::Auto,
            idempotent: false,
            actions: Vec::new(),
        }
    }
}

/// A link carries the group's settings and the learner's actions, and the
/// run depends on every one of them.
impl crate::sim::ModelParams for Group {
    type Params = GroupConfig;
}

mod caption;
mod rebalance;
#[cfg(test)]
mod tests;

pub use caption::{GroupCaption, GroupNarration, Reader, RecordAt, Reread};
