//! Scene "rabbitmq": the same keyed stream, competed for two ways.
//!
//! RabbitMQ: one queue, N competing consumers, round-robin dispatch with a
//! prefetch window. A slow message is overtaken by a fast one, so one
//! order's events are handled out of order as soon as N ≥ 2. RabbitMQ's
//! own remedies are a single active consumer, or a consistent-hash
//! exchange in front of N queues: per-key routing, Kafka's idea.
//! Kafka: N partitions keyed by murmur2, one consumer per partition.

use crate::sim::checker::{Observer, OrderChecker, Position};
use crate::sim::engine::{Ctx, Model};
use crate::sim::partitioner::{partition_for_key, KeyHasher};
use crate::sim::record::OrderEvent;
use crate::sim::rng::Rng;
use std::collections::VecDeque;
use std::ops::RangeInclusive;

pub const CONSUMERS_RANGE: RangeInclusive<u32> = 1..=8;
pub const ORDERS: u32 = 12;
pub const MESSAGES: u32 = ORDERS * 4;
/// `basic.qos` prefetch count: unacknowledged messages per consumer.
pub const PREFETCH: usize = 4;
const PUBLISH_EVERY_MS: u64 = 10;
const PROCESSING_MS: (u64, u64) = (20, 120);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Remedy {
    /// Plain competing consumers on one queue.
    None,
    /// `x-single-active-consumer`: one consumer gets everything, the others wait.
    SingleActiveConsumer,
    /// A consistent-hash exchange routes each key to one of N queues.
    ConsistentHash,
}

impl Remedy {
    pub const ALL: [Remedy; 3] = [
        Remedy::None,
        Remedy::SingleActiveConsumer,
        Remedy::ConsistentHash,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Remedy::None => "none",
            Remedy::SingleActiveConsumer => "single-active",
            Remedy::ConsistentHash => "consistent-hash",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.id() == id)
    }
}

/// Orders under way at once: their events interleave at random.
const ACTIVE_ORDERS: u32 = 3;

/// The publish sequence: orders start three at a time, and the next
/// message comes from a random one of them, so one order's events are a
/// few messages apart and land on different consumers.
fn sequence(rng: &mut Rng) -> Vec<(u32, OrderEvent)> {
    let mut next_step = vec![0usize; ORDERS as usize + 1];
    let mut active: Vec<u32> = (1..=ACTIVE_ORDERS).collect();
    let mut waiting = ACTIVE_ORDERS + 1..=ORDERS;
    let mut out = Vec::with_capacity(MESSAGES as usize);
    while !active.is_empty() {
        let i = rng.below(active.len() as u64) as usize;
        let order = active[i];
        out.push((order, OrderEvent::ALL[next_step[order as usize]]));
        next_step[order as usize] += 1;
        if next_step[order as usize] == 4 {
            active.remove(i);
            active.extend(waiting.next());
        }
    }
    out
}

pub fn order_key(order: u32) -> String {
    format!("order-{order}")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Rabbit,
    Kafka,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RabbitEvent {
    Publish { index: u32 },
    Done { side: Side, consumer: u32 },
}

/// One consumer on either side: what it holds and what it is doing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Worker {
    /// Delivered (RabbitMQ, up to the prefetch) or fetched (Kafka), not done.
    pub held: VecDeque<u32>,
    pub busy: Option<u32>,
    pub handled: Vec<u32>,
}

impl Worker {
    fn new() -> Self {
        Worker {
            held: VecDeque::new(),
            busy: None,
            handled: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RabbitScene {
    pub consumers: u32,
    pub remedy: Remedy,
    /// RabbitMQ's queues: one, or N behind the consistent-hash exchange.
    pub queues: Vec<VecDeque<u32>>,
    pub rabbit: Vec<Worker>,
    /// Kafka's partition logs (message indices in offset order) and
    /// consumer positions.
    pub partitions: Vec<Vec<u32>>,
    pub positions: Vec<usize>,
    pub kafka: Vec<Worker>,
    pub rabbit_checker: OrderChecker,
    pub kafka_checker: OrderChecker,
    next_consumer: usize,
    /// What is published, in order.
    pub messages: Vec<(u32, OrderEvent)>,
    /// The processing time of each message, the same on both sides.
    costs: Vec<u64>,
}

impl RabbitScene {
    pub fn new(consumers: u32, remedy: Remedy) -> Self {
        let n = consumers.clamp(*CONSUMERS_RANGE.start(), *CONSUMERS_RANGE.end());
        let queues = if remedy == Remedy::ConsistentHash {
            n
        } else {
            1
        };
        RabbitScene {
            consumers: n,
            remedy,
            queues: vec![VecDeque::new(); queues as usize],
            rabbit: (0..n).map(|_| Worker::new()).collect(),
            partitions: vec![Vec::new(); n as usize],
            positions: vec![0; n as usize],
            kafka: (0..n).map(|_| Worker::new()).collect(),
            rabbit_checker: OrderChecker::default(),
            kafka_checker: OrderChecker::default(),
            next_consumer: 0,
            messages: Vec::new(),
            costs: Vec::new(),
        }
    }

    /// Which RabbitMQ consumers may receive from queue `q`.
    fn eligible(&self, q: usize) -> Vec<usize> {
        match self.remedy {
            Remedy::None => (0..self.rabbit.len()).collect(),
            Remedy::SingleActiveConsumer => vec![0],
            Remedy::ConsistentHash => vec![q],
        }
    }

    /// Round-robin dispatch to consumers with room in their prefetch window.
    fn dispatch(&mut self, ctx: &mut Ctx<'_, RabbitEvent>) {
        for q in 0..self.queues.len() {
            let eligible = self.eligible(q);
            while !self.queues[q].is_empty() {
                let room = (0..eligible.len())
                    .map(|k| eligible[(self.next_consumer + k) % eligible.len()])
                    .find(|&c| {
                        self.rabbit[c].held.len() + usize::from(self.rabbit[c].busy.is_some())
                            < PREFETCH
                    });
                let Some(c) = room else { break };
                self.next_consumer = (c + 1) % self.rabbit.len().max(1);
                let m = self.queues[q].pop_front().expect("queue is not empty");
                self.rabbit[c].held.push_back(m);
            }
        }
        for c in 0..self.rabbit.len() {
            self.start(Side::Rabbit, c, ctx);
        }
    }

    fn fetch_kafka(&mut self, ctx: &mut Ctx<'_, RabbitEvent>) {
        for c in 0..self.kafka.len() {
            while self.positions[c] < self.partitions[c].len() {
                let m = self.partitions[c][self.positions[c]];
                self.kafka[c].held.push_back(m);
                self.positions[c] += 1;
            }
            self.start(Side::Kafka, c, ctx);
        }
    }

    fn start(&mut self, side: Side, c: usize, ctx: &mut Ctx<'_, RabbitEvent>) {
        let worker = match side {
            Side::Rabbit => &mut self.rabbit[c],
            Side::Kafka => &mut self.kafka[c],
        };
        if worker.busy.is_none() {
            if let Some(m) = worker.held.pop_front() {
                worker.busy = Some(m);
                ctx.schedule_in(
                    self.costs[m as usize],
                    RabbitEvent::Done {
                        side,
                        consumer: c as u32,
                    },
                );
            }
        }
    }

    pub fn violations(&self, side: Side) -> usize {
        match side {
            Side::Rabbit => self.rabbit_checker.reorders(),
            Side::Kafka => self.kafka_checker.reorders(),
        }
    }
}

impl Model for RabbitScene {
    type Event = RabbitEvent;

    fn start(&mut self, ctx: &mut Ctx<'_, RabbitEvent>) {
        let mut rng: Rng = ctx.rng().child(1);
        self.messages = sequence(&mut ctx.rng().child(2));
        self.costs = (0..MESSAGES)
            .map(|_| rng.between(PROCESSING_MS.0, PROCESSING_MS.1))
            .collect();
        ctx.schedule_in(0, RabbitEvent::Publish { index: 0 });
    }

    fn handle(&mut self, event: &RabbitEvent, ctx: &mut Ctx<'_, RabbitEvent>) {
        let now = ctx.now();
        match *event {
            RabbitEvent::Publish { index } => {
                let (order, _) = self.messages[index as usize];
                let key = order_key(order);
                let q = if self.remedy == Remedy::ConsistentHash {
                    partition_for_key(KeyHasher::Murmur2, key.as_bytes(), self.queues.len() as u32)
                        as usize
                } else {
                    0
                };
                self.queues[q].push_back(index);
                let p =
                    partition_for_key(KeyHasher::Murmur2, key.as_bytes(), self.consumers) as usize;
                self.partitions[p].push(index);
                self.dispatch(ctx);
                self.fetch_kafka(ctx);
                if index + 1 < MESSAGES {
                    ctx.schedule_in(PUBLISH_EVERY_MS, RabbitEvent::Publish { index: index + 1 });
                }
            }
            RabbitEvent::Done { side, consumer } => {
                let c = consumer as usize;
                let (worker, checker) = match side {
                    Side::Rabbit => (&mut self.rabbit[c], &mut self.rabbit_checker),
                    Side::Kafka => (&mut self.kafka[c], &mut self.kafka_checker),
                };
                let Some(m) = worker.busy.take() else { return };
                worker.handled.push(m);
                let (order, event) = self.messages[m as usize];
                checker.observe(
                    &Observer::Group {
                        group_id: "order-service".to_owned(),
                    },
                    &order_key(order),
                    event.step(),
                    Position::new(consumer, u64::from(m)),
                    now,
                );
                match side {
                    // basic.ack frees a prefetch slot.
                    Side::Rabbit => self.dispatch(ctx),
                    Side::Kafka => self.start(Side::Kafka, c, ctx),
                }
            }
        }
    }
}

pub fn run_to_end(consumers: u32, remedy: Remedy, seed: u64) -> RabbitScene {
    let mut sim = crate::sim::Sim::new(RabbitScene::new(consumers, remedy), seed);
    while sim.step() {}
    sim.model().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_every_order_through_every_step() {
        let seq = sequence(&mut Rng::new(3));
        assert_eq!(seq.len() as u32, MESSAGES);
        for order in 1..=ORDERS {
            let steps: Vec<OrderEvent> = seq
                .iter()
                .filter(|(o, _)| *o == order)
                .map(|(_, e)| *e)
                .collect();
            assert_eq!(steps, OrderEvent::ALL.to_vec());
        }
    }

    #[test]
    fn one_consumer_keeps_order_on_both_sides() {
        for seed in 0..50 {
            let s = run_to_end(1, Remedy::None, seed);
            assert_eq!(
                (s.violations(Side::Rabbit), s.violations(Side::Kafka)),
                (0, 0)
            );
        }
    }

    #[test]
    fn competing_consumers_break_order_and_partitions_do_not() {
        for consumers in 2..=8 {
            let broken = (0..50)
                .filter(|&seed| {
                    run_to_end(consumers, Remedy::None, seed).violations(Side::Rabbit) > 0
                })
                .count();
            assert!(
                broken >= 45,
                "{consumers} consumers: only {broken} of 50 seeds broke order"
            );
            for seed in 0..50 {
                let s = run_to_end(consumers, Remedy::None, seed);
                assert_eq!(s.violations(Side::Kafka), 0);
                let handled: usize = s.rabbit.iter().map(|w| w.handled.len()).sum();
                assert_eq!(handled as u32, MESSAGES);
                let handled: usize = s.kafka.iter().map(|w| w.handled.len()).sum();
                assert_eq!(handled as u32, MESSAGES);
            }
        }
    }

    #[test]
    fn rabbitmqs_own_remedies_keep_order() {
        for seed in 0..100 {
            for remedy in [Remedy::SingleActiveConsumer, Remedy::ConsistentHash] {
                let s = run_to_end(1 + (seed % 8) as u32, remedy, seed);
                assert_eq!(s.violations(Side::Rabbit), 0, "{remedy:?} seed {seed}");
            }
        }
        let single = run_to_end(4, Remedy::SingleActiveConsumer, 1);
        assert!(
            single.rabbit[1..].iter().all(|w| w.handled.is_empty()),
            "the others only wait"
        );
    }
}
