//! The consuming half of the pipeline: the group's members poll their
//! partitions, hand the records to their handler (one goroutine, one per
//! message, or a keyed pool), commit, crash and rebalance; the sink, the
//! order service's database, applies what the handler finishes.
//!
//! Assignments come from the assignors of `sim::assignor`, the keyed
//! pool's routing from the workers scene's `WorkerHash`, and the order of
//! what the service did is checked by the `OrderChecker` every scene uses.

use super::config::{Commit, PipelineConfig};
use super::run::{Growth, LogEntry, PRecord, TOPIC};
use crate::scenes::workers::model::{Mode, WorkerHash, CHANNEL_CAPACITY};
use crate::sim::assignor::{Assignment, TopicPartition};
use crate::sim::checker::{Observer, OrderChecker, Position};
use crate::sim::queue::EventQueue;
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

pub const GROUP_ID: &str = "order-service";
/// `max.poll.records`, scaled down from 500.
const MAX_POLL_RECORDS: usize = 8;
/// `auto.commit.interval.ms`, scaled down from 5000.
pub const AUTO_COMMIT_MS: u64 = 100;
/// `session.timeout.ms`, scaled down from 45000: how long a crash goes
/// unnoticed.
pub const SESSION_TIMEOUT_MS: u64 = 100;
/// How long a rebalance (join and sync) takes.
pub const REBALANCE_MS: u64 = 40;
/// A `commitSync()` round trip.
pub const COMMIT_MS: u64 = 2;
/// The poll loop's pause before polling again.
const POLL_MS: u64 = 1;
const IDLE_POLL_MS: u64 = 5;
/// Nothing runs past this: a guard, never reached by the settings' ranges.
const LAST_MS: u64 = 120_000;

/// What the sink did with a handled record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The next step of its order: applied.
    Applied,
    /// It came before its predecessor: the database refused it.
    Refused,
    /// Already applied, and applied again: a second charge, a second email.
    AppliedAgain,
    /// Already applied, recognised and skipped by an idempotent sink.
    Skipped,
    /// Its member crashed while handling it: never reached the database.
    Abandoned,
}

impl Outcome {
    pub fn applied(self) -> bool {
        matches!(self, Outcome::Applied | Outcome::AppliedAgain)
    }
}

/// One time a member fetched a log entry, and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delivery {
    pub entry: u32,
    pub member: u32,
    pub consumed_at: SimTime,
    /// The keyed pool's worker; `None` for one goroutine or one per message.
    pub worker: Option<u32>,
    pub done_at: SimTime,
    pub outcome: Outcome,
}

/// Who owned which partition from when.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Generation {
    pub at: SimTime,
    /// Per partition, its owner's index.
    pub owners: Vec<Option<u32>>,
}

pub fn member_name(m: u32) -> String {
    format!("consumer-{}", m + 1)
}

#[derive(Clone, Debug, Hash)]
enum Ev {
    Poll { m: u32 },
    Done { m: u32, w: u32, d: u32 },
    Crash,
    SessionExpired,
    GroupSeesGrowth,
    RebalanceDone,
}

#[derive(Clone, Debug, Default)]
struct Worker {
    queue: VecDeque<u32>,
    busy: Option<u32>,
}

#[derive(Clone, Debug)]
struct Member {
    alive: bool,
    /// Joining a rebalance: it handles what it holds, and fetches nothing.
    stopped: bool,
    polling: bool,
    workers: Vec<Worker>,
    /// A goroutine per message: deliveries still running.
    running: Vec<u32>,
    next_auto_commit: SimTime,
}

impl Member {
    fn held(&self) -> usize {
        self.running.len()
            + self
                .workers
                .iter()
                .map(|w| w.queue.len() + usize::from(w.busy.is_some()))
                .sum::<usize>()
    }
}

pub struct Consumed {
    pub deliveries: Vec<Delivery>,
    pub generations: Vec<Generation>,
    pub crash_at: Option<SimTime>,
    pub checker: OrderChecker,
}

struct Group<'a> {
    config: &'a PipelineConfig,
    records: &'a [PRecord],
    log: &'a [LogEntry],
    /// Per partition, the entries consumers can ever read, by offset.
    partition_log: Vec<Vec<u32>>,
    partitions_now: u32,
    members: Vec<Member>,
    owners: Vec<Option<u32>>,
    /// Per partition: its owner's next offset to fetch, and the group's
    /// committed offset.
    position: Vec<u64>,
    committed: Vec<u64>,
    finished: Vec<BTreeSet<u64>>,
    deliveries: Vec<Delivery>,
    generations: Vec<Generation>,
    sink: BTreeMap<u32, u32>,
    checker: OrderChecker,
    cost_rng: Rng,
    last_visible: SimTime,
    queue: EventQueue<Ev>,
    crash_at: Option<SimTime>,
    /// Deliveries a crash cut short: their timers change nothing.
    abandoned: BTreeSet<u32>,
}

impl Group<'_> {
    fn at(&mut self, t: SimTime, ev: Ev) {
        self.queue.push(t, ev);
    }

    fn slots(&self) -> u32 {
        match self.config.handler {
            Mode::Sequential => 1,
            Mode::PerMessage => 0,
            Mode::KeyedPool => self.config.workers.max(1),
        }
    }

    /// A database write: usually quick, now and then slow.
    fn cost(&mut self) -> u64 {
        if self.cost_rng.below(10) < 7 {
            self.cost_rng.between(2, 10)
        } else {
            self.cost_rng.between(20, 60)
        }
    }

    fn assign(&mut self, now: SimTime) {
        let topics = [(TOPIC.to_owned(), self.partitions_now)];
        let alive: Vec<String> = (0..self.members.len() as u32)
            .filter(|&m| self.members[m as usize].alive)
            .map(member_name)
            .collect();
        let mut owned: Assignment = BTreeMap::new();
        for (p, o) in self.owners.iter().enumerate() {
            if let Some(o) = o.filter(|&o| self.members[o as usize].alive) {
                owned
                    .entry(member_name(o))
                    .or_default()
                    .push(TopicPartition::new(TOPIC, p as u32));
            }
        }
        // The generation the group settles in: for the cooperative
        // protocol, the second of its two rebalances.
        let settled = self
            .config
            .assignor
            .settle(&topics, &alive, &owned)
            .pop()
            .unwrap_or_default();
        let mut owners = vec![None; self.partitions_now as usize];
        for (name, tps) in &settled {
            let m = (0..self.members.len() as u32).find(|&m| &member_name(m) == name);
            for tp in tps {
                if let Some(slot) = owners.get_mut(tp.partition as usize) {
                    *slot = m;
                }
            }
        }
        self.owners.resize(self.partitions_now as usize, None);
        for (p, &new) in owners.iter().enumerate() {
            let old = self.owners[p];
            if old != new {
                // A live member commits before it gives a partition up
                // (`ConsumerCoordinator.onJoinPrepare` commits
                // synchronously under auto-commit; a manual committer has
                // committed what it handled).
                let live = old.is_some_and(|o| self.members[o as usize].alive);
                if live && self.config.commit == Commit::Auto {
                    self.committed[p] = self.position[p];
                }
                // The new owner starts from the committed offset; a new
                // partition, with nothing committed, from the earliest.
                self.position[p] = self.committed[p];
            }
        }
        self.owners = owners.clone();
        self.generations.push(Generation { at: now, owners });
    }

    fn start_rebalance(&mut self, now: SimTime) {
        for m in &mut self.members {
            m.stopped = true;
        }
        self.at(now.plus_millis(REBALANCE_MS), Ev::RebalanceDone);
    }

    fn schedule_poll(&mut self, m: u32, t: SimTime) {
        let member = &mut self.members[m as usize];
        if member.alive && !member.stopped && !member.polling {
            member.polling = true;
            self.at(t, Ev::Poll { m });
        }
    }

    fn start_work(&mut self, m: u32, w: u32, d: u32, t: SimTime) {
        let done = t.plus_millis(self.cost());
        self.deliveries[d as usize].done_at = done;
        self.at(done, Ev::Done { m, w, d });
    }

    fn poll(&mut self, m: u32, now: SimTime) {
        self.members[m as usize].polling = false;
        let member = &self.members[m as usize];
        if !member.alive || member.stopped {
            return;
        }
        let owned: Vec<u32> = (0..self.partitions_now)
            .filter(|&p| self.owners.get(p as usize) == Some(&Some(m)))
            .collect();
        // `ConsumerCoordinator.maybeAutoCommitOffsetsAsync`, called from
        // `poll()`: once the interval has passed, commit the positions,
        // that is what earlier polls returned, handled or not.
        if self.config.commit == Commit::Auto && now >= member.next_auto_commit {
            for &p in &owned {
                self.committed[p as usize] = self.position[p as usize];
            }
            self.members[m as usize].next_auto_commit = now.plus_millis(AUTO_COMMIT_MS);
        }
        let mut fetched = Vec::new();
        for &p in &owned {
            let pl = &self.partition_log[p as usize];
            while fetched.len() < MAX_POLL_RECORDS {
                let pos = self.position[p as usize] as usize;
                let Some(&e) = pl.get(pos) else { break };
                if self.log[e as usize].visible_at.is_none_or(|v| v > now) {
                    break;
                }
                fetched.push(e);
                self.position[p as usize] += 1;
            }
        }
        let slots = self.slots();
        for &e in &fetched {
            let d = self.deliveries.len() as u32;
            let key = self.records[self.log[e as usize].record as usize]
                .key
                .clone()
                .unwrap_or_default();
            let w = match self.config.handler {
                Mode::KeyedPool => WorkerHash::Fnv1a.worker(key.as_bytes(), slots),
                _ => 0,
            };
            self.deliveries.push(Delivery {
                entry: e,
                member: m,
                consumed_at: now,
                worker: (self.config.handler == Mode::KeyedPool).then_some(w),
                done_at: now,
                outcome: Outcome::Abandoned,
            });
            match self.config.handler {
                Mode::PerMessage => {
                    self.members[m as usize].running.push(d);
                    self.start_work(m, 0, d, now);
                }
                Mode::Sequential | Mode::KeyedPool => {
                    let worker = &mut self.members[m as usize].workers[w as usize];
                    if worker.busy.is_none() {
                        worker.busy = Some(d);
                        self.start_work(m, w, d, now);
                    } else {
                        worker.queue.push_back(d);
                    }
                }
            }
        }
        let at_end = owned
            .iter()
            .all(|&p| self.position[p as usize] as usize >= self.partition_log[p as usize].len());
        let held = self.members[m as usize].held();
        let next = match self.config.handler {
            // One goroutine polls again once it has handled the batch.
            Mode::Sequential if held > 0 => None,
            // The pool's poll loop blocks once the channels are full.
            Mode::KeyedPool if held >= CHANNEL_CAPACITY * slots as usize => None,
            _ if fetched.is_empty() && at_end && now > self.last_visible => None,
            _ if fetched.is_empty() => Some(IDLE_POLL_MS),
            _ => Some(POLL_MS),
        };
        if let Some(ms) = next {
            self.schedule_poll(m, now.plus_millis(ms));
        }
    }

    fn done(&mut self, m: u32, w: u32, d: u32, now: SimTime) {
        if !self.members[m as usize].alive || self.abandoned.contains(&d) {
            return;
        }
        let entry = &self.log[self.deliveries[d as usize].entry as usize];
        let r = &self.records[entry.record as usize];
        let last = self.sink.get(&r.order).copied().unwrap_or(0);
        let outcome = if r.step == last + 1 {
            self.sink.insert(r.order, r.step);
            Outcome::Applied
        } else if r.step <= last {
            if self.config.dedupe {
                Outcome::Skipped
            } else {
                Outcome::AppliedAgain
            }
        } else {
            Outcome::Refused
        };
        self.deliveries[d as usize].outcome = outcome;
        self.checker.observe(
            &Observer::Group {
                group_id: GROUP_ID.to_owned(),
            },
            &r.order_key(),
            r.step,
            Position::new(entry.partition, entry.offset),
            now,
        );
        let p = entry.partition as usize;
        self.finished[p].insert(entry.offset);
        let mut pause = 0;
        if self.config.commit == Commit::Processed {
            while self.finished[p].contains(&self.committed[p]) {
                self.committed[p] += 1;
            }
            pause = COMMIT_MS;
        }
        let member = &mut self.members[m as usize];
        match self.config.handler {
            Mode::PerMessage => member.running.retain(|&x| x != d),
            Mode::Sequential | Mode::KeyedPool => {
                let worker = &mut member.workers[w as usize];
                worker.busy = worker.queue.pop_front();
                if let Some(next) = worker.busy {
                    self.start_work(m, w, next, now.plus_millis(pause));
                }
            }
        }
        if self.members[m as usize].held() == 0 || self.config.handler == Mode::KeyedPool {
            self.schedule_poll(m, now.plus_millis(pause));
        }
    }

    fn crash(&mut self, now: SimTime) {
        self.crash_at = Some(now);
        let member = &mut self.members[0];
        member.alive = false;
        let held: Vec<u32> = member
            .running
            .drain(..)
            .chain(member.workers.iter_mut().flat_map(|w| {
                w.busy
                    .take()
                    .into_iter()
                    .chain(w.queue.drain(..))
                    .collect::<Vec<_>>()
            }))
            .collect();
        // What it held never reached the database.
        for d in held {
            self.deliveries[d as usize].done_at = now;
            self.abandoned.insert(d);
        }
        // The coordinator notices when the session expires
        // (`GroupMetadataManager`'s heartbeat expiry).
        self.at(now.plus_millis(SESSION_TIMEOUT_MS), Ev::SessionExpired);
    }

    fn rebalance_done(&mut self, now: SimTime) {
        if self.members.iter().all(|m| !m.alive) {
            // With no one left, the crashed member restarts and rejoins.
            self.members[0].alive = true;
            self.members[0].next_auto_commit = now.plus_millis(AUTO_COMMIT_MS);
        }
        self.assign(now);
        for m in 0..self.members.len() as u32 {
            self.members[m as usize].stopped = false;
            self.schedule_poll(m, now);
        }
    }
}

/// The group starts late, as after a deploy, and catches up on a backlog:
/// each partition's consumer at its own pace, as in any lagging service.
pub fn group_starts_at(config: &PipelineConfig) -> SimTime {
    SimTime(super::run::send_span(config) * 6 / 10)
}

/// `consumer-1` crashes while catching up, before its next auto-commit.
pub fn crash_at(config: &PipelineConfig) -> SimTime {
    group_starts_at(config).plus_millis(AUTO_COMMIT_MS * 7 / 10)
}

/// The group, the handler and the sink, over the topic's log.
pub fn consume(
    config: &PipelineConfig,
    records: &[PRecord],
    log: &[LogEntry],
    growth: Option<Growth>,
    rng: &Rng,
) -> Consumed {
    let partitions = growth.map_or(config.partitions, |g| g.to) as usize;
    let mut partition_log: Vec<Vec<u32>> = vec![Vec::new(); partitions];
    for (i, e) in log.iter().enumerate() {
        if !e.truncated {
            partition_log[e.partition as usize].push(i as u32);
        }
    }
    for pl in &mut partition_log {
        crate::sim::sort::sort_by_key(pl, |&i| log[i as usize].offset);
    }
    let last_visible = log
        .iter()
        .filter_map(|e| e.visible_at)
        .max()
        .unwrap_or(SimTime::ZERO);
    let slots = match config.handler {
        Mode::Sequential => 1,
        Mode::PerMessage => 0,
        Mode::KeyedPool => config.workers.max(1),
    };
    let mut g = Group {
        config,
        records,
        log,
        partition_log,
        partitions_now: config.partitions,
        members: (0..config.members.max(1))
            .map(|_| Member {
                alive: true,
                stopped: false,
                polling: false,
                workers: vec![Worker::default(); slots as usize],
                running: Vec::new(),
                next_auto_commit: SimTime(AUTO_COMMIT_MS),
            })
            .collect(),
        owners: Vec::new(),
        position: vec![0; partitions],
        committed: vec![0; partitions],
        finished: vec![BTreeSet::new(); partitions],
        deliveries: Vec::new(),
        generations: Vec::new(),
        sink: BTreeMap::new(),
        checker: OrderChecker::default(),
        cost_rng: rng.child(1),
        last_visible,
        queue: EventQueue::default(),
        crash_at: None,
        abandoned: BTreeSet::new(),
    };
    g.assign(SimTime::ZERO);
    let start = group_starts_at(config);
    for m in 0..g.members.len() as u32 {
        g.schedule_poll(m, start);
    }
    if config.crash {
        g.at(crash_at(config), Ev::Crash);
    }
    if let Some(growth) = growth {
        g.at(growth.group_sees_at, Ev::GroupSeesGrowth);
    }
    while let Some((now, ev)) = g.queue.pop() {
        if now.as_millis() > LAST_MS {
            break;
        }
        match ev {
            Ev::Poll { m } => g.poll(m, now),
            Ev::Done { m, w, d } => g.done(m, w, d, now),
            Ev::Crash => g.crash(now),
            Ev::SessionExpired => g.start_rebalance(now),
            Ev::GroupSeesGrowth => {
                // The group's leader sees partitions its assignment does
                // not cover and rejoins
                // (`ConsumerCoordinator.rejoinNeededOrPending`).
                g.partitions_now = partitions as u32;
                g.start_rebalance(now);
            }
            Ev::RebalanceDone => g.rebalance_done(now),
        }
    }
    Consumed {
        deliveries: g.deliveries,
        generations: g.generations,
        crash_at: g.crash_at,
        checker: g.checker,
    }
}
