//! Scene "replication": one partition on three brokers, the high
//! watermark, the ISR and its eligible leader replicas, leader failover,
//! truncation and unclean election, as Kafka 4.1 runs them.
//!
//! Followers fetch from the leader and append in the leader's order, so
//! every replica holds the same record at the same offset. The high
//! watermark is the smallest log end offset in the ISR; consumers read
//! below it only, and it stands still while the ISR is smaller than
//! `min.insync.replicas`. A new leader comes from the ISR, or, when the ISR
//! is empty, from the eligible leader replicas (KIP-966); only when neither
//! has a live member, and only if allowed, from outside both.

impl Default for ReplicationConfig {
    /// The producer's `acks=all`, two replicas in sync required and no
    /// unclean election; a link that names no actions gets the scene's
    /// failure (src/scenes/replication/mod.rs `link_start`).
    fn default() -> Self {
        ReplicationConfig {
            acks: Acks::All,
            min_isr: 2,
            unclean: false,
            actions: Vec::new(),
        }
    }
}

/// A link carries the settings and the learner's broker actions, and the
/// run depends on every one of them.
impl crate::sim::ModelParams for Replication {
    type Params = ReplicationConfig;
}

mod caption;
mod election;

pub use caption::ReplicationCaption;

use crate::sim::engine::{Ctx, Model};
use crate::sim::producer::Acks;
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

pub const BROKERS: u32 = 3;
pub const MIN_ISR_RANGE: RangeInclusive<u32> = 1..=3;
const PRODUCE_EVERY_MS: u64 = 200;
pub const PRODUCE_UNTIL: SimTime = SimTime(6000);
const FETCH_EVERY_MS: u64 = 100;
/// A slowed follower fetches this rarely.
const SLOW_FETCH_EVERY_MS: u64 = 3000;
/// `replica.lag.time.max.ms`, scaled down from 30000.
pub const REPLICA_LAG_TIME_MAX_MS: u64 = 1000;
/// The producer's `request.timeout.ms`, scaled down from 30000 as the lag
/// is. The broker holds an acks=all request this long for the high
/// watermark to pass its record, then answers REQUEST_TIMED_OUT
/// (`DelayedProduce.onExpire`, `core/src/main/scala/kafka/server`).
pub const REQUEST_TIMEOUT_MS: u64 = 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ActionKind {
    Crash,
    Slow,
    Heal,
}

/// What the learner did to a broker, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReplicaAction {
    pub at: SimTime,
    pub broker: u32,
    pub kind: ActionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ReplicationConfig {
    pub acks: Acks,
    /// `min.insync.replicas` (Kafka default 1).
    pub min_isr: u32,
    /// `unclean.leader.election.enable` (Kafka default false).
    pub unclean: bool,
    pub actions: Vec<ReplicaAction>,
}

/// One record as a replica stores it: the leader epoch it was written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RRecord {
    pub offset: u64,
    pub order: u32,
    pub event: OrderEvent,
    pub epoch: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replica {
    pub broker: u32,
    pub alive: bool,
    pub slow: bool,
    pub log: Vec<RRecord>,
    pub last_caught_up: SimTime,
}

impl Replica {
    pub fn log_end_offset(&self) -> u64 {
        self.log.len() as u64
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProduceOutcome {
    Acked,
    /// acks=all, refused before the append: nothing was written.
    NotEnoughReplicas,
    /// acks=all, written to the leader's log but never confirmed: the high
    /// watermark did not pass it within `request.timeout.ms`, or the leader
    /// that held the request died. The producer was told it failed.
    TimedOut,
    NoLeader,
    /// acks=0: nobody answers.
    Unknown,
}

/// How the latest leader change went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElectionKind {
    /// A live member of the ISR took over.
    Isr,
    /// The ISR was empty; an eligible leader replica took over.
    Elr,
    /// Neither had a live member; unclean election chose another replica.
    Unclean,
    /// Nobody may lead: the partition is offline.
    Offline,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplicationEvent {
    Produce {
        index: u32,
    },
    Fetch {
        broker: u32,
    },
    Action {
        index: u32,
    },
    /// An acks=all request's `request.timeout.ms` runs out.
    Expire {
        index: u32,
    },
}

/// An acks=all request the leader holds until the high watermark passes
/// its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pending {
    index: u32,
    offset: u64,
    /// The leader epoch it was appended in: only that leader answers it.
    epoch: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replication {
    pub config: ReplicationConfig,
    pub replicas: Vec<Replica>,
    pub leader: Option<u32>,
    /// The broker whose log the partition serves: the leader, or, while the
    /// partition is offline, the last leader, whose disk still holds it.
    last_leader: u32,
    pub leader_epoch: u32,
    pub isr: BTreeSet<u32>,
    /// Eligible leader replicas (KIP-966, on by default in Kafka 4.1):
    /// replicas that left the ISR while it was below
    /// `min.insync.replicas`, and so hold every committed record.
    pub elr: BTreeSet<u32>,
    pub election: Option<ElectionKind>,
    pub high_watermark: u64,
    /// Offset by offset, the records that were ever below the high
    /// watermark: what consumers may have seen.
    pub committed: Vec<RRecord>,
    /// Committed records no longer in the leader's log: lost.
    pub lost: Vec<RRecord>,
    /// Records followers cut off to match a new leader: never committed.
    pub truncated: Vec<(u32, RRecord)>,
    pub outcomes: Vec<(u32, ProduceOutcome)>,
    /// Every record the producer was told is written, as it was written.
    pub acked: Vec<RRecord>,
    pending: Vec<Pending>,
}

pub fn record_of(index: u32) -> (u32, OrderEvent) {
    (1 + index / 4, OrderEvent::ALL[(index % 4) as usize])
}

impl Replication {
    pub fn new(config: ReplicationConfig) -> Self {
        let config = ReplicationConfig {
            min_isr: config
                .min_isr
                .clamp(*MIN_ISR_RANGE.start(), *MIN_ISR_RANGE.end()),
            ..config
        };
        Replication {
            config,
            replicas: (1..=BROKERS)
                .map(|broker| Replica {
                    broker,
                    alive: true,
                    slow: false,
                    log: Vec::new(),
                    last_caught_up: SimTime::ZERO,
                })
                .collect(),
            leader: Some(1),
            last_leader: 1,
            leader_epoch: 0,
            isr: (1..=BROKERS).collect(),
            elr: BTreeSet::new(),
            election: None,
            high_watermark: 0,
            committed: Vec::new(),
            lost: Vec::new(),
            truncated: Vec::new(),
            outcomes: Vec::new(),
            acked: Vec::new(),
            pending: Vec::new(),
        }
    }

    pub fn replica(&self, broker: u32) -> &Replica {
        &self.replicas[broker as usize - 1]
    }

    fn replica_mut(&mut self, broker: u32) -> &mut Replica {
        &mut self.replicas[broker as usize - 1]
    }

    /// The ISR is smaller than `min.insync.replicas` (`Partition.isUnderMinIsr`;
    /// with three replicas the effective minimum is the setting itself).
    pub fn under_min_isr(&self) -> bool {
        self.leader.is_some() && (self.isr.len() as u32) < self.config.min_isr
    }

    /// The high watermark is the smallest log end offset in the ISR, and it
    /// never goes back while the leader stays. Under min ISR the leader does
    /// not move it at all (`Partition.maybeIncrementLeaderHW`, KAFKA-15583,
    /// Kafka 3.7+), so nothing is committed that fewer than
    /// `min.insync.replicas` replicas hold, whatever the producer's acks.
    fn update_high_watermark(&mut self) {
        let Some(leader) = self.leader else { return };
        if self.under_min_isr() {
            return;
        }
        let hw = self
            .isr
            .iter()
            .map(|&b| self.replica(b).log_end_offset())
            .min()
            .unwrap_or(0)
            .max(self.high_watermark)
            .min(self.replica(leader).log_end_offset());
        for offset in self.high_watermark..hw {
            let r = self.replica(leader).log[offset as usize];
            self.committed.push(r);
        }
        self.high_watermark = hw;
        // Partition.checkEnoughReplicasReachOffset: a held request is done
        // once the HW passes its record. Its other answer,
        // NOT_ENOUGH_REPLICAS_AFTER_APPEND (the HW passed, but the ISR has
        // since shrunk below the minimum), needs the ISR to shrink between
        // the HW moving and the check, a race between two broker threads
        // that this model, one event at a time, has no room for.
        let epoch = self.leader_epoch;
        let (done, held): (Vec<Pending>, Vec<Pending>) = self
            .pending
            .iter()
            .partition(|p| p.epoch == epoch && p.offset < hw);
        self.pending = held;
        for p in done {
            self.acked.push(self.replica(leader).log[p.offset as usize]);
            self.outcomes.push((p.index, ProduceOutcome::Acked));
        }
    }

    /// Surviving replicas that disagree at some offset they both hold,
    /// below the high watermark.
    pub fn differences(&self) -> usize {
        let alive: Vec<&Replica> = self.replicas.iter().filter(|r| r.alive).collect();
        let mut n = 0;
        for (i, a) in alive.iter().enumerate() {
            for b in &alive[i + 1..] {
                let upto = (a.log.len().min(b.log.len()) as u64).min(self.high_watermark) as usize;
                n += (0..upto).filter(|&o| a.log[o] != b.log[o]).count();
            }
        }
        n
    }

    /// The partition's log: the leader's, or while nobody leads, the last
    /// leader's, which waits on its disk.
    pub fn partition_log(&self) -> &[RRecord] {
        &self.replica(self.leader.unwrap_or(self.last_leader)).log
    }

    /// Acknowledged records the partition's log no longer holds, however
    /// they went: cut by a new leader that never had them, or overwritten
    /// at their offset by another record.
    pub fn acked_lost(&self) -> Vec<RRecord> {
        let log = self.partition_log();
        self.acked
            .iter()
            .filter(|a| log.get(a.offset as usize) != Some(a))
            .copied()
            .collect()
    }

    /// Records gone that someone was promised: committed ones, which
    /// consumers may have read, and acknowledged ones, counted once each.
    pub fn records_lost(&self) -> usize {
        let acked = self.acked_lost();
        acked.len() + self.lost.iter().filter(|x| !acked.contains(x)).count()
    }

    /// Nothing went missing: the live replicas agree, and the log still
    /// holds every committed and every acknowledged record.
    pub fn intact(&self) -> bool {
        self.differences() == 0 && self.lost.is_empty() && self.acked_lost().is_empty()
    }

    pub fn count(&self, outcome: ProduceOutcome) -> usize {
        self.outcomes.iter().filter(|(_, o)| *o == outcome).count()
    }

    fn produce(&mut self, index: u32, ctx: &mut Ctx<'_, ReplicationEvent>) {
        let now = ctx.now();
        self.shrink_isr(now);
        let (order, event) = record_of(index);
        match self.leader {
            None => self.outcomes.push((index, ProduceOutcome::NoLeader)),
            // Partition.appendRecordsToLeader: for acks=all the leader
            // checks the ISR against min.insync.replicas before it appends,
            // and refuses the whole request; acks=0 and 1 append whatever
            // the ISR.
            Some(_) if self.config.acks == Acks::All && self.under_min_isr() => {
                self.outcomes
                    .push((index, ProduceOutcome::NotEnoughReplicas));
            }
            Some(leader) => {
                let epoch = self.leader_epoch;
                let r = self.replica_mut(leader);
                let offset = r.log_end_offset();
                let record = RRecord {
                    offset,
                    order,
                    event,
                    epoch,
                };
                r.log.push(record);
                r.last_caught_up = now;
                match self.config.acks {
                    Acks::None => self.outcomes.push((index, ProduceOutcome::Unknown)),
                    Acks::Leader => {
                        self.acked.push(record);
                        self.outcomes.push((index, ProduceOutcome::Acked));
                    }
                    Acks::All => {
                        self.pending.push(Pending {
                            index,
                            offset,
                            epoch,
                        });
                        ctx.schedule_in(REQUEST_TIMEOUT_MS, ReplicationEvent::Expire { index });
                    }
                }
                self.update_high_watermark();
            }
        }
        if now.plus_millis(PRODUCE_EVERY_MS) < PRODUCE_UNTIL {
            ctx.schedule_in(
                PRODUCE_EVERY_MS,
                ReplicationEvent::Produce { index: index + 1 },
            );
        }
    }

    fn fetch(&mut self, broker: u32, ctx: &mut Ctx<'_, ReplicationEvent>) {
        let now = ctx.now();
        let replica = self.replica(broker);
        let (alive, slow) = (replica.alive, replica.slow);
        if !alive {
            return;
        }
        if let Some(leader) = self.leader.filter(|&l| l != broker) {
            // Truncate to where this log and the leader's agree, then copy
            // the rest in the leader's order.
            self.truncate_to_leader(broker, leader);
            let source = self.replica(leader).log.clone();
            let f = self.replica_mut(broker);
            let from = f.log.len();
            f.log.extend_from_slice(&source[from..]);
            f.last_caught_up = now;
            // Partition.maybeExpandIsr: a follower joins the ISR once its
            // log end reaches the HW and the start of the leader's epoch
            // (isFollowerInSync). Having copied the whole log, it has.
            if !self.isr.contains(&broker) {
                let mut isr = self.isr.clone();
                isr.insert(broker);
                self.set_isr(isr);
            }
            self.shrink_isr(now);
            self.update_high_watermark();
        }
        let every = if slow {
            SLOW_FETCH_EVERY_MS
        } else {
            FETCH_EVERY_MS
        };
        if now < PRODUCE_UNTIL.plus_millis(2 * SLOW_FETCH_EVERY_MS) {
            ctx.schedule_in(every, ReplicationEvent::Fetch { broker });
        }
    }

    fn act(&mut self, a: ReplicaAction, now: SimTime) {
        match a.kind {
            ActionKind::Crash => {
                self.replica_mut(a.broker).alive = false;
                if self.leader == Some(a.broker) {
                    self.elect(a.broker, now);
                } else if self.isr.contains(&a.broker) {
                    // The controller fences the dead broker and takes it out
                    // of the ISR (ReplicationControlManager.handleBrokerFenced).
                    let mut isr = self.isr.clone();
                    isr.remove(&a.broker);
                    self.set_isr(isr);
                }
                self.update_high_watermark();
            }
            ActionKind::Slow => self.replica_mut(a.broker).slow = true,
            ActionKind::Heal => self.replica_mut(a.broker).slow = false,
        }
    }
}

impl Model for Replication {
    type Event = ReplicationEvent;

    fn start(&mut self, ctx: &mut Ctx<'_, ReplicationEvent>) {
        ctx.schedule_in(PRODUCE_EVERY_MS, ReplicationEvent::Produce { index: 0 });
        for broker in 2..=BROKERS {
            ctx.schedule_in(FETCH_EVERY_MS, ReplicationEvent::Fetch { broker });
        }
        for (i, a) in self.config.actions.clone().iter().enumerate() {
            ctx.schedule_in(
                a.at.as_millis(),
                ReplicationEvent::Action { index: i as u32 },
            );
        }
    }

    fn handle(&mut self, event: &ReplicationEvent, ctx: &mut Ctx<'_, ReplicationEvent>) {
        match *event {
            ReplicationEvent::Produce { index } => self.produce(index, ctx),
            ReplicationEvent::Fetch { broker } => self.fetch(broker, ctx),
            ReplicationEvent::Action { index } => {
                let a = self.config.actions[index as usize];
                self.act(a, ctx.now());
            }
            ReplicationEvent::Expire { index } => {
                if let Some(i) = self.pending.iter().position(|p| p.index == index) {
                    self.pending.remove(i);
                    self.outcomes.push((index, ProduceOutcome::TimedOut));
                }
            }
        }
    }

    /// A timeout for a request already answered changes nothing.
    fn is_noop(&self, event: &ReplicationEvent) -> bool {
        match *event {
            ReplicationEvent::Expire { index } => !self.pending.iter().any(|p| p.index == index),
            _ => false,
        }
    }
}

pub fn run_to_end(config: ReplicationConfig, seed: u64) -> Replication {
    let mut sim = crate::sim::Sim::new(Replication::new(config), seed);
    while sim.step() {}
    sim.model().clone()
}

#[cfg(test)]
mod tests;
