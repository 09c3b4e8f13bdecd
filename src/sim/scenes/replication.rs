//! Scene "replication": one partition on three brokers, the high
//! watermark, the ISR, leader failover, truncation and unclean election.
//!
//! Followers fetch from the leader and append in the leader's order, so
//! every replica holds the same record at the same offset. The high
//! watermark is the smallest log end offset in the ISR; consumers read
//! below it only. A new leader comes from the ISR unless unclean election
//! is allowed and no ISR member is alive.

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
    NotEnoughReplicas,
    NoLeader,
    /// acks=0: nobody answers.
    Unknown,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ReplicationEvent {
    Produce { index: u32 },
    Fetch { broker: u32 },
    Action { index: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Replication {
    pub config: ReplicationConfig,
    pub replicas: Vec<Replica>,
    pub leader: Option<u32>,
    pub leader_epoch: u32,
    pub isr: BTreeSet<u32>,
    pub high_watermark: u64,
    /// Offset by offset, the records that were ever below the high
    /// watermark: what consumers may have seen.
    pub committed: Vec<RRecord>,
    /// Committed records no longer in the leader's log: lost.
    pub lost: Vec<RRecord>,
    /// Records followers cut off to match a new leader: never committed.
    pub truncated: Vec<(u32, RRecord)>,
    pub outcomes: Vec<(u32, ProduceOutcome)>,
    /// Acks waiting for the high watermark (acks=all): message index, offset.
    pending: Vec<(u32, u64)>,
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
            leader_epoch: 0,
            isr: (1..=BROKERS).collect(),
            high_watermark: 0,
            committed: Vec::new(),
            lost: Vec::new(),
            truncated: Vec::new(),
            outcomes: Vec::new(),
            pending: Vec::new(),
        }
    }

    pub fn replica(&self, broker: u32) -> &Replica {
        &self.replicas[broker as usize - 1]
    }

    fn replica_mut(&mut self, broker: u32) -> &mut Replica {
        &mut self.replicas[broker as usize - 1]
    }

    /// The smallest log end offset in the ISR; it never goes back while the
    /// leader stays.
    fn update_high_watermark(&mut self) {
        let Some(leader) = self.leader else { return };
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
        let acked: Vec<u32> = self
            .pending
            .iter()
            .filter(|(_, o)| *o < hw)
            .map(|(i, _)| *i)
            .collect();
        self.pending.retain(|(_, o)| *o >= hw);
        for index in acked {
            self.outcomes.push((index, ProduceOutcome::Acked));
        }
    }

    fn update_isr(&mut self, now: SimTime) {
        let Some(leader) = self.leader else { return };
        let leo = self.replica(leader).log_end_offset();
        for r in &self.replicas {
            if r.broker == leader || !r.alive {
                continue;
            }
            let lagging = now.as_millis().saturating_sub(r.last_caught_up.as_millis())
                > REPLICA_LAG_TIME_MAX_MS;
            if self.isr.contains(&r.broker) && lagging {
                self.isr.remove(&r.broker);
            } else if !self.isr.contains(&r.broker)
                && r.log_end_offset() >= self.high_watermark.max(leo.min(self.high_watermark))
                && !lagging
            {
                self.isr.insert(r.broker);
            }
        }
    }

    fn elect(&mut self, now: SimTime) {
        let candidates: Vec<u32> = self
            .isr
            .iter()
            .copied()
            .filter(|&b| self.replica(b).alive)
            .collect();
        let chosen = candidates.first().copied().or_else(|| {
            // Only when no in-sync replica is alive, and only if allowed.
            self.config
                .unclean
                .then(|| self.replicas.iter().find(|r| r.alive).map(|r| r.broker))
                .flatten()
        });
        self.leader = chosen;
        self.leader_epoch += 1;
        let Some(leader) = chosen else { return };
        self.isr = if candidates.contains(&leader) {
            candidates.into_iter().collect()
        } else {
            [leader].into_iter().collect()
        };
        let leo = self.replica(leader).log_end_offset();
        if leo < self.high_watermark {
            // An out-of-sync leader: committed records above its log end are gone.
            let gone: Vec<RRecord> = self
                .committed
                .iter()
                .filter(|r| r.offset >= leo)
                .copied()
                .collect();
            self.lost.extend(gone);
            self.committed.retain(|r| r.offset < leo);
            self.high_watermark = leo;
        }
        self.replica_mut(leader).last_caught_up = now;
        self.pending.clear();
        // Becoming followers, the others cut their logs back to where they
        // agree with the new leader (truncation by leader epoch, KIP-101)
        // before they fetch again.
        for b in 1..=BROKERS {
            if b != leader && self.replica(b).alive {
                self.truncate_to_leader(b, leader);
            }
        }
    }

    fn truncate_to_leader(&mut self, broker: u32, leader: u32) {
        let agree = self
            .replica(broker)
            .log
            .iter()
            .zip(&self.replica(leader).log)
            .take_while(|(a, b)| a == b)
            .count();
        let cut: Vec<RRecord> = self.replica_mut(broker).log.drain(agree..).collect();
        self.truncated.extend(cut.into_iter().map(|r| (broker, r)));
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

    pub fn count(&self, outcome: ProduceOutcome) -> usize {
        self.outcomes.iter().filter(|(_, o)| *o == outcome).count()
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
        let now = ctx.now();
        match *event {
            ReplicationEvent::Produce { index } => {
                self.update_isr(now);
                let (order, event) = record_of(index);
                match self.leader.filter(|&l| self.replica(l).alive) {
                    None => self.outcomes.push((index, ProduceOutcome::NoLeader)),
                    Some(_)
                        if self.config.acks == Acks::All
                            && (self.isr.len() as u32) < self.config.min_isr =>
                    {
                        self.outcomes
                            .push((index, ProduceOutcome::NotEnoughReplicas));
                    }
                    Some(leader) => {
                        let epoch = self.leader_epoch;
                        let r = self.replica_mut(leader);
                        let offset = r.log_end_offset();
                        r.log.push(RRecord {
                            offset,
                            order,
                            event,
                            epoch,
                        });
                        r.last_caught_up = now;
                        match self.config.acks {
                            Acks::None => self.outcomes.push((index, ProduceOutcome::Unknown)),
                            Acks::Leader => self.outcomes.push((index, ProduceOutcome::Acked)),
                            Acks::All => self.pending.push((index, offset)),
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
            ReplicationEvent::Fetch { broker } => {
                let (alive, slow) = (self.replica(broker).alive, self.replica(broker).slow);
                if alive {
                    if let Some(leader) = self
                        .leader
                        .filter(|&l| l != broker && self.replica(l).alive)
                    {
                        // Truncate to where this log and the leader's agree,
                        // then copy the rest in the leader's order.
                        self.truncate_to_leader(broker, leader);
                        let source = self.replica(leader).log.clone();
                        let f = self.replica_mut(broker);
                        let from = f.log.len();
                        f.log.extend_from_slice(&source[from..]);
                        f.last_caught_up = now;
                        self.update_isr(now);
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
            }
            ReplicationEvent::Action { index } => {
                let a = self.config.actions[index as usize];
                match a.kind {
                    ActionKind::Crash => {
                        self.replica_mut(a.broker).alive = false;
                        self.isr.remove(&a.broker);
                        if self.leader == Some(a.broker) {
                            self.elect(now);
                            self.update_high_watermark();
                        }
                    }
                    ActionKind::Slow => self.replica_mut(a.broker).slow = true,
                    ActionKind::Heal => self.replica_mut(a.broker).slow = false,
                }
            }
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
