//! Scene "rabbitmq": the same keyed stream, competed for two ways.
//!
//! RabbitMQ: one queue, N competing consumers, round-robin dispatch with a
//! prefetch window. A slow message is overtaken by a fast one, so one
//! order's events are handled out of order as soon as N ≥ 2. RabbitMQ's
//! own remedies are a single active consumer, or a consistent-hash
//! exchange in front of N queues: per-key routing, Kafka's idea. Even one
//! consumer loses order when a message is requeued: it returns to the
//! queue's head, behind the messages the consumer has already prefetched.
//! Kafka: N partitions keyed by murmur2, one consumer per partition; a
//! failed record is retried at its offset, so the next ones wait.

use crate::sim::checker::{Observer, OrderChecker, Position};
use crate::sim::engine::{Ctx, Model};
use crate::sim::partitioner::{jump_consistent_hash, murmur2, partition_for_key, KeyHasher};
use crate::sim::record::{interleaved_orders, OrderEvent};
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
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

/// The binding key of each queue on the consistent-hash exchange: its
/// weight, the buckets it takes on the ring. "1" is the usual binding.
pub const BINDING_WEIGHT: u32 = 1;

/// The consistent-hash exchange's ring (rabbit_exchange_type_consistent_hash.erl
/// in rabbitmq_consistent_hash_exchange): binding `i` with weight `w` takes
/// the next `w` buckets (`chx_hash_ring_update_fun`), and a message goes to
/// the queue of bucket `jump_consistent_hash(hash(routing key), buckets)`
/// (`route/3`). RabbitMQ hashes the routing key with `erlang:phash2` and
/// draws the jump from a seeded `rand`; the scene uses murmur2 and Google's
/// jump, so a key may land on another queue than on a real broker, but each
/// key still has exactly one queue, and weights share the keys the same way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HashRing {
    /// Bucket → queue.
    buckets: Vec<u32>,
}

impl HashRing {
    pub fn new(weights: &[u32]) -> Self {
        let buckets = weights
            .iter()
            .enumerate()
            .flat_map(|(q, &w)| std::iter::repeat_n(q as u32, w as usize))
            .collect();
        HashRing { buckets }
    }

    pub fn queue_for(&self, routing_key: &[u8]) -> usize {
        let n = self.buckets.len() as u32;
        if n == 0 {
            return 0;
        }
        let hash = u64::from(murmur2(routing_key) as u32);
        self.buckets[jump_consistent_hash(hash, n) as usize] as usize
    }
}

/// The message that fails once when the link asks for a requeue: the first
/// after the stream has got going whose order's next event is one of the
/// following `PREFETCH - 1` messages, so a consumer already holds that one
/// when this one is nacked.
fn failing_message(messages: &[(u32, OrderEvent)]) -> Option<u32> {
    let from = PREFETCH * 2;
    (from..messages.len())
        .find(|&i| {
            let (order, event) = messages[i];
            messages[i + 1..messages.len().min(i + PREFETCH)]
                .iter()
                .any(|&(o, e)| o == order && e.step() == event.step() + 1)
        })
        .map(|i| i as u32)
}

/// Orders under way at once: their events interleave at random.
const ACTIVE_ORDERS: u32 = 3;

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
    /// One delivery fails once and is nacked with `requeue=true`.
    pub requeue: bool,
    /// That message, once the sequence is known.
    pub fails_once: Option<u32>,
    /// When it failed, and at which consumer, on each side (RabbitMQ
    /// first): once only, and what the narration tells of that step.
    pub failed: [Option<(SimTime, u32)>; 2],
    /// The consistent-hash exchange's ring, one binding per queue.
    pub ring: HashRing,
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
    pub fn new(consumers: u32, remedy: Remedy, requeue: bool) -> Self {
        let n = consumers.clamp(*CONSUMERS_RANGE.start(), *CONSUMERS_RANGE.end());
        let queues = if remedy == Remedy::ConsistentHash {
            n
        } else {
            1
        };
        RabbitScene {
            consumers: n,
            remedy,
            requeue,
            fails_once: None,
            failed: [None; 2],
            ring: HashRing::new(&vec![BINDING_WEIGHT; queues as usize]),
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

    /// The queue a message is published to.
    fn queue_of(&self, m: u32) -> usize {
        let key = order_key(self.messages[m as usize].0);
        match self.remedy {
            Remedy::ConsistentHash => self.ring.queue_for(key.as_bytes()),
            _ => 0,
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
        self.messages = interleaved_orders(&mut ctx.rng().child(2), ORDERS, ACTIVE_ORDERS);
        self.fails_once = failing_message(&self.messages).filter(|_| self.requeue);
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
                let q = self.queue_of(index);
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
                let side_index = usize::from(side == Side::Kafka);
                let busy = match side {
                    Side::Rabbit => self.rabbit[c].busy,
                    Side::Kafka => self.kafka[c].busy,
                };
                let fails =
                    busy.is_some() && busy == self.fails_once && self.failed[side_index].is_none();
                if fails {
                    self.failed[side_index] = Some((now, consumer));
                    match side {
                        Side::Rabbit => {
                            // basic.nack with requeue=true: the message goes
                            // back to its place at the queue's head, and the
                            // freed prefetch slot takes it again, behind what
                            // the consumer already holds.
                            let m = self.rabbit[c].busy.take().expect("busy");
                            let q = self.queue_of(m);
                            self.queues[q].push_front(m);
                            self.dispatch(ctx);
                        }
                        Side::Kafka => {
                            // The consumer handles the record again before
                            // it moves on (or seeks back to its offset).
                            let m = self.kafka[c].busy.expect("busy");
                            ctx.schedule_in(
                                self.costs[m as usize],
                                RabbitEvent::Done { side, consumer },
                            );
                        }
                    }
                    return;
                }
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

/// What a link carries for the comparison: RabbitMQ's competing consumers,
/// the remedy tried, and whether one delivery is requeued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RabbitParams {
    pub consumers: u32,
    pub remedy: Remedy,
    /// One delivery fails once and is requeued.
    pub requeue: bool,
}

impl Default for RabbitParams {
    fn default() -> Self {
        RabbitParams {
            consumers: 3,
            remedy: Remedy::None,
            requeue: false,
        }
    }
}

/// The run depends on every one of them.
impl crate::sim::ModelParams for RabbitScene {
    type Params = RabbitParams;
}

mod caption;

pub use caption::{Delivery, Message, RabbitCaption, RabbitNarration};

pub fn run_to_end(consumers: u32, remedy: Remedy, requeue: bool, seed: u64) -> RabbitScene {
    let mut sim = crate::sim::Sim::new(RabbitScene::new(consumers, remedy, requeue), seed);
    while sim.step() {}
    sim.model().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_every_order_through_every_step() {
        let seq = interleaved_orders(&mut Rng::new(3), ORDERS, ACTIVE_ORDERS);
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
            let s = run_to_end(1, Remedy::None, false, seed);
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
                    run_to_end(consumers, Remedy::None, false, seed).violations(Side::Rabbit) > 0
                })
                .count();
            assert!(
                broken >= 45,
                "{consumers} consumers: only {broken} of 50 seeds broke order"
            );
            for seed in 0..50 {
                let s = run_to_end(consumers, Remedy::None, false, seed);
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
                let s = run_to_end(1 + (seed % 8) as u32, remedy, false, seed);
                assert_eq!(s.violations(Side::Rabbit), 0, "{remedy:?} seed {seed}");
            }
        }
        let single = run_to_end(4, Remedy::SingleActiveConsumer, false, 1);
        assert!(
            single.rabbit[1..].iter().all(|w| w.handled.is_empty()),
            "the others only wait"
        );
    }

    #[test]
    fn one_consumer_gets_a_requeued_message_after_what_it_prefetched() {
        let mut broken = 0;
        for seed in 0..50 {
            for remedy in Remedy::ALL {
                let s = run_to_end(1, remedy, true, seed);
                let m = s.fails_once.expect("a message fails once");
                let w = &s.rabbit[0];
                let at = w
                    .handled
                    .iter()
                    .position(|&x| x == m)
                    .expect("handled in the end");
                // It comes back behind the PREFETCH - 1 messages after it.
                let overtaken: Vec<u32> =
                    w.handled[..at].iter().copied().filter(|&x| x > m).collect();
                assert_eq!(
                    overtaken,
                    (m + 1..m + PREFETCH as u32).collect::<Vec<_>>(),
                    "seed {seed}"
                );
                assert_eq!(w.handled.len() as u32, MESSAGES);
                broken += usize::from(s.violations(Side::Rabbit) > 0);
                // Kafka retries the record at its offset: order holds.
                assert_eq!(s.violations(Side::Kafka), 0);
                let handled: usize = s.kafka.iter().map(|w| w.handled.len()).sum();
                assert_eq!(handled as u32, MESSAGES);
            }
        }
        assert_eq!(broken, 150, "the next event of its order was among them");
    }

    #[test]
    fn the_consistent_hash_exchange_shares_keys_by_binding_weight() {
        let ring = HashRing::new(&[1, 1, 1]);
        for order in 1..=500 {
            let key = order_key(order);
            let h = u64::from(murmur2(key.as_bytes()) as u32);
            assert_eq!(
                ring.queue_for(key.as_bytes()),
                jump_consistent_hash(h, 3) as usize
            );
        }
        let weighted = HashRing::new(&[3, 1]);
        let first = (1..=4000)
            .filter(|&o| weighted.queue_for(order_key(o).as_bytes()) == 0)
            .count();
        assert!(
            (2800..3200).contains(&first),
            "{first} of 4000 on the weight-3 queue"
        );
        // Consumer i reads queue i: the scene routes by the ring.
        let s = run_to_end(3, Remedy::ConsistentHash, false, 7);
        for (c, w) in s.rabbit.iter().enumerate() {
            for &m in &w.handled {
                let key = order_key(s.messages[m as usize].0);
                assert_eq!(ring.queue_for(key.as_bytes()), c);
            }
        }
    }
}
