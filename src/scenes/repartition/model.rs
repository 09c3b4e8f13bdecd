//! Scene "repartition": what adding partitions does to per-key order, and
//! the two migrations that avoid the damage.
//!
//! Orders go through Created → Paid → Shipped → Delivered, keyed by order
//! id. Part way through, the topic grows from `from` to `to` partitions.
//! The broker has the new partitions at once; each client sees them only at
//! its next metadata refresh (`metadata.max.age.ms`), the producer first,
//! then the group, which takes them in a rebalance and starts each at
//! `auto.offset.reset`, since nothing is committed there yet. A topic
//! never shrinks: asked for no more partitions than it has, the controller
//! refuses with `INVALID_PARTITIONS`, and nothing changes.
//! - Naive: the producer routes with the new count once it sees it, so an
//!   order whose early events sit in a busy old partition sends its later
//!   events to a fresh one, and they can be handled first.
//! - Two-phase: orders already under way stay on their old partition through
//!   a mapping table until they finish; new orders use the new count.
//! - New topic: producers buffer, consumers drain the old topic to its end,
//!   then producers switch to a new topic with the new count, any count.

use crate::sim::checker::{FindingKind, Observer, OrderChecker, Position, Violation};
use crate::sim::consumer::{Consumer, OffsetReset, Processing};
use crate::sim::engine::{Ctx, Model};
use crate::sim::log::{LogConfig, PartitionLog};
use crate::sim::record::OrderEvent;
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;

pub const OLD_TOPIC: &str = "orders";
pub const NEW_TOPIC: &str = "orders-v2";
pub const GROUP_ID: &str = "order-service";
pub const ORDERS: u32 = 24;
pub const PARTITIONS_RANGE: RangeInclusive<u32> = 1..=64;
/// When the partition count changes.
pub const CHANGE_AT: SimTime = SimTime(600);
/// `metadata.max.age.ms`, scaled down from 300000 (five minutes): every
/// client refreshes its view of the topic this long after its last
/// refresh, on its own clock (`Metadata.timeToNextUpdate`).
pub const METADATA_MAX_AGE_MS: u64 = 500;
/// The producer's last refresh before the change, and the group's: they
/// started at different moments.
const PRODUCER_REFRESHED_AT: u64 = 200;
const GROUP_REFRESHED_AT: u64 = 400;
/// How long the group's rebalance takes once its leader has seen the new
/// partitions (`ConsumerCoordinator.rejoinNeededOrPending` compares the
/// metadata snapshot it joined with).
const GROUP_REBALANCE_MS: u64 = 100;

/// The first refresh after the change on a clock last refreshed at `last`.
const fn next_refresh(last: u64) -> u64 {
    last + (CHANGE_AT.0 - last) / METADATA_MAX_AGE_MS * METADATA_MAX_AGE_MS + METADATA_MAX_AGE_MS
}

/// When the producer starts routing with the new count.
pub const PRODUCER_SEES_AT: SimTime = SimTime(next_refresh(PRODUCER_REFRESHED_AT));
/// When the group's members start reading the new partitions.
pub const GROUP_SEES_AT: SimTime = SimTime(next_refresh(GROUP_REFRESHED_AT) + GROUP_REBALANCE_MS);

const ORDER_EVERY_MS: u64 = 40;
const STEP_EVERY_MS: (u64, u64) = (120, 200);
const IDLE_POLL_MS: u64 = 30;

const PRODUCER_STREAM: u64 = 1;
const CONSUMER_STREAM: u64 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    Naive,
    TwoPhase,
    NewTopic,
}

impl Strategy {
    pub const ALL: [Strategy; 3] = [Strategy::Naive, Strategy::TwoPhase, Strategy::NewTopic];

    pub fn id(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::TwoPhase => "two-phase",
            Strategy::NewTopic => "new-topic",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }
}

pub fn order_key(order: u32) -> String {
    format!("order-{order}")
}

pub use keys::{key_hash, KeyMoves};

/// Processing time of one record on the consumer of partition `p` of a
/// topic with `old` partitions before the change: the old partitions are
/// busy, the new ones idle. `speed` scales them for the property tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Speeds {
    pub old_ms: (u64, u64),
    pub new_ms: (u64, u64),
}

impl Default for Speeds {
    fn default() -> Self {
        Speeds {
            old_ms: (70, 110),
            new_ms: (10, 20),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepartitionConfig {
    pub from: u32,
    pub to: u32,
    pub strategy: Strategy,
    /// Where the group starts on the partitions it is given new.
    pub offset_reset: OffsetReset,
    pub speeds: Speeds,
}

/// Why the controller refused `CreatePartitions`, as
/// `ReplicationControlManager.createPartitions` words it: the count may
/// only grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// "Topic already has N partition(s)."
    AlreadyHas { partitions: u32 },
    /// "The topic currently has N partition(s); M would not be an increase."
    NotAnIncrease { partitions: u32, asked: u32 },
}

impl Refusal {
    /// The controller's words for it, with the topic's name.
    pub fn kafka_message(self, topic: &str) -> String {
        match self {
            Refusal::AlreadyHas { partitions } => {
                format!("Topic already has {partitions} partition(s).")
            }
            Refusal::NotAnIncrease { partitions, asked } => format!(
                "The topic {topic} currently has {partitions} partition(s); {asked} would not be an increase."
            ),
        }
    }
}

impl RepartitionConfig {
    /// The refusal `CreatePartitions` gets, if the change is made in place.
    /// A new topic may have any count.
    pub fn refusal(&self) -> Option<Refusal> {
        let (partitions, asked) = (self.from, self.to);
        match self.strategy {
            Strategy::NewTopic => None,
            _ if asked == partitions => Some(Refusal::AlreadyHas { partitions }),
            _ if asked < partitions => Some(Refusal::NotAnIncrease { partitions, asked }),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RepartitionEvent {
    /// Order `order` reaches step `step` (0 = Created … 3 = Delivered).
    Produce {
        order: u32,
        step: u32,
    },
    ChangePartitions,
    /// The producer's metadata refresh shows the new count.
    ProducerSees,
    /// The group's rebalance gives its members the new partitions.
    GroupSees,
    /// New topic: the old one is drained; producers switch.
    Switch,
    Wake {
        lane: u32,
    },
    Processed {
        lane: u32,
    },
}

/// One partition somewhere: old topic, or the new topic of the new-topic
/// migration. Naive and two-phase grow the old topic's lanes in place.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lane {
    pub log: PartitionLog,
    pub consumer: Consumer,
    /// The record its consumer is processing.
    pub busy: Option<Processing>,
    pub created_at: SimTime,
    pub speed_ms: (u64, u64),
    /// When the group started reading it, and from which offset.
    pub read_from: Option<(SimTime, u64)>,
}

/// A record as the group handled it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Handled {
    pub order: u32,
    pub event: OrderEvent,
    pub topic: &'static str,
    pub partition: u32,
    pub offset: u64,
    pub at: SimTime,
    pub out_of_order: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Repartition {
    pub config: RepartitionConfig,
    pub lanes: Vec<Lane>,
    /// The controller's answer to `CreatePartitions`, once asked.
    pub refused: Option<Refusal>,
    /// The producer routes with the new count (or to the new topic).
    pub changed: bool,
    /// The group reads every partition the change made.
    pub settled: bool,
    /// Two-phase: order → partition it stays pinned to until it finishes.
    pub pinned: BTreeMap<u32, u32>,
    /// Two-phase: the table's size after each change to it.
    pub pinned_history: Vec<(SimTime, u32)>,
    /// New topic: records held back while the old topic drains.
    pub buffered: Vec<(u32, u32)>,
    pub buffered_max: u32,
    pub paused_at: Option<SimTime>,
    pub switched_at: Option<SimTime>,
    pub produced: u32,
    pub handled: Vec<Handled>,
    /// Records on new partitions that `auto.offset.reset=latest` skipped:
    /// written before the group took the partition, never handled.
    pub skipped: u32,
    pub checker: OrderChecker,
    /// Per order: where each produced step went (topic, partition, offset).
    pub placements: BTreeMap<(u32, u32), (&'static str, u32, u64)>,
    /// Two-phase: the latest produce finished a pinned order and took it
    /// off the table, which the table alone no longer shows.
    pub unpinned: bool,
    producer_rng: Rng,
    consumer_rng: Rng,
}

impl Repartition {
    pub fn new(config: RepartitionConfig) -> Self {
        let clamp = |n: u32| n.clamp(*PARTITIONS_RANGE.start(), *PARTITIONS_RANGE.end());
        let config = RepartitionConfig {
            from: clamp(config.from),
            to: clamp(config.to),
            ..config
        };
        let mut scene = Repartition {
            config,
            lanes: Vec::new(),
            refused: None,
            changed: false,
            settled: false,
            pinned: BTreeMap::new(),
            pinned_history: Vec::new(),
            buffered: Vec::new(),
            buffered_max: 0,
            paused_at: None,
            switched_at: None,
            produced: 0,
            handled: Vec::new(),
            skipped: 0,
            checker: OrderChecker::default(),
            placements: BTreeMap::new(),
            unpinned: false,
            producer_rng: Rng::new(0),
            consumer_rng: Rng::new(0),
        };
        for p in 0..config.from {
            let lane = scene.add_lane(OLD_TOPIC, p, SimTime::ZERO, config.speeds.old_ms);
            scene.lanes[lane as usize].read_from = Some((SimTime::ZERO, 0));
        }
        scene
    }

    fn add_lane(&mut self, topic: &str, partition: u32, at: SimTime, speed_ms: (u64, u64)) -> u32 {
        let log_config = LogConfig {
            segment_bytes: 1 << 30,
            index_interval_bytes: 4096,
        };
        self.lanes.push(Lane {
            log: PartitionLog::new(topic, partition, log_config),
            consumer: Consumer::new(&format!("consumer-{}", self.lanes.len() + 1)),
            busy: None,
            created_at: at,
            speed_ms,
            read_from: None,
        });
        self.lanes.len() as u32 - 1
    }

    pub fn total_records() -> u32 {
        ORDERS * 4
    }

    /// The lane an order's record goes to now.
    fn route(&self, order: u32) -> u32 {
        let h = key_hash(order);
        let (from, to) = (self.config.from, self.config.to);
        match (self.config.strategy, self.changed) {
            (_, false) => h % from,
            (Strategy::Naive, true) => h % to,
            (Strategy::TwoPhase, true) => self.pinned.get(&order).copied().unwrap_or(h % to),
            // The new topic's lanes follow the old topic's in `lanes`.
            (Strategy::NewTopic, true) => from + h % to,
        }
    }

    fn lane_topic(&self, lane: u32) -> &'static str {
        if self.lanes[lane as usize].log.topic == NEW_TOPIC {
            NEW_TOPIC
        } else {
            OLD_TOPIC
        }
    }

    fn append(&mut self, order: u32, step: u32, now: SimTime) {
        let lane = self.route(order);
        let event = OrderEvent::ALL[step as usize];
        let key = order_key(order);
        let topic = self.lane_topic(lane);
        let l = &mut self.lanes[lane as usize];
        let offset = l.log.append(Some(&key), &key, event, now).offset;
        let partition = l.log.partition;
        self.placements
            .insert((order, step), (topic, partition, offset));
    }

    fn everything_produced(&self) -> bool {
        self.produced == Self::total_records() && self.buffered.is_empty()
    }

    fn drained(&self, lane: u32) -> bool {
        let l = &self.lanes[lane as usize];
        l.busy.is_none() && l.consumer.position() == l.log.log_end_offset()
    }

    fn old_topic_drained(&self) -> bool {
        (0..self.config.from).all(|lane| self.drained(lane))
    }

    /// How long producers were paused, for the new-topic migration.
    pub fn pause_ms(&self, now: SimTime) -> u64 {
        match (self.paused_at, self.switched_at) {
            (Some(a), Some(b)) => b.as_millis() - a.as_millis(),
            (Some(a), None) => now.as_millis().saturating_sub(a.as_millis()),
            _ => 0,
        }
    }

    pub fn pinned_max(&self) -> u32 {
        self.pinned_history
            .iter()
            .map(|&(_, n)| n)
            .max()
            .unwrap_or(0)
    }

    pub fn reorders(&self) -> usize {
        self.checker.reorders()
    }

    /// Each broken order so far as the two records the figure marks: the
    /// later event, which the group handled first, then the earlier one,
    /// handled after it. The checker's positions carry no topic, so both
    /// are found among the records the group handled, where the new-topic
    /// migration's partitions are told from the old ones.
    pub fn broken_pairs(&self) -> Vec<(&Violation, [&Handled; 2])> {
        let handled = |order: u32, step: u32| {
            self.handled
                .iter()
                .find(|h| h.order == order && h.event.step() == step)
        };
        self.handled
            .iter()
            .filter(|h| h.out_of_order)
            .filter_map(|late| {
                self.checker.violations().iter().find_map(|v| match v.kind {
                    FindingKind::Reorder { seen_step, .. }
                        if v.key == order_key(late.order)
                            && v.step == late.event.step()
                            && v.at == late.at =>
                    {
                        Some((v, [handled(late.order, seen_step)?, late]))
                    }
                    _ => None,
                })
            })
            .collect()
    }
}

impl Repartition {
    /// `CreatePartitions`, or for the new-topic migration `CreateTopics`.
    fn change_partitions(&mut self, ctx: &mut Ctx<'_, RepartitionEvent>) {
        let now = ctx.now();
        let (from, to) = (self.config.from, self.config.to);
        if let Some(refusal) = self.config.refusal() {
            // The topic keeps its partitions, and nobody's view changes.
            self.refused = Some(refusal);
            self.settled = true;
            return;
        }
        match self.config.strategy {
            Strategy::Naive | Strategy::TwoPhase => {
                // The broker has them now; nobody reads them yet.
                for p in from..to {
                    self.add_lane(OLD_TOPIC, p, now, self.config.speeds.new_ms);
                }
                let at = |t: SimTime| t.as_millis() - now.as_millis();
                ctx.schedule_in(at(PRODUCER_SEES_AT), RepartitionEvent::ProducerSees);
                ctx.schedule_in(at(GROUP_SEES_AT), RepartitionEvent::GroupSees);
            }
            Strategy::NewTopic => {
                // The group subscribes to the new topic as it is created,
                // before anything is written there, so it reads from the
                // start whatever its auto.offset.reset.
                for p in 0..to {
                    let lane = self.add_lane(NEW_TOPIC, p, now, self.config.speeds.new_ms);
                    self.lanes[lane as usize].read_from = Some((now, 0));
                    ctx.schedule_in(0, RepartitionEvent::Wake { lane });
                }
                self.paused_at = Some(now);
                self.changed = true;
                self.settled = true;
                if self.old_topic_drained() {
                    ctx.schedule_in(0, RepartitionEvent::Switch);
                }
            }
        }
    }
}

impl Repartition {
    /// The producer's refresh shows the new count; a two-phase migration
    /// pins the orders under way (Created produced, Delivered not yet).
    fn producer_sees(&mut self, now: SimTime) {
        if self.config.strategy == Strategy::TwoPhase {
            let from = self.config.from;
            for order in 1..=ORDERS {
                let started = self.placements.contains_key(&(order, 0));
                let finished = self.placements.contains_key(&(order, 3));
                if started && !finished {
                    self.pinned.insert(order, key_hash(order) % from);
                }
            }
            self.pinned_history.push((now, self.pinned.len() as u32));
        }
        self.changed = true;
    }

    /// The group takes the new partitions and starts each where
    /// `auto.offset.reset` says: nothing is committed there.
    fn group_sees(&mut self, ctx: &mut Ctx<'_, RepartitionEvent>) {
        let now = ctx.now();
        let reset = self.config.offset_reset;
        for lane in self.config.from..self.lanes.len() as u32 {
            let l = &mut self.lanes[lane as usize];
            let start = l.consumer.reset_position(reset, &l.log);
            self.skipped += start as u32;
            l.read_from = Some((now, start));
            ctx.schedule_in(0, RepartitionEvent::Wake { lane });
        }
        self.settled = true;
    }
}

impl Model for Repartition {
    type Event = RepartitionEvent;

    fn is_noop(&self, event: &RepartitionEvent) -> bool {
        matches!(*event, RepartitionEvent::Wake { lane } if self.lanes[lane as usize].busy.is_some())
    }

    /// An idle poll: its lane has nothing new, so the next one is merely
    /// scheduled.
    fn is_quiet(&self, event: &RepartitionEvent) -> bool {
        matches!(*event, RepartitionEvent::Wake { lane }
            if self.lanes[lane as usize].consumer.caught_up(&self.lanes[lane as usize].log))
    }

    fn start(&mut self, ctx: &mut Ctx<'_, RepartitionEvent>) {
        self.producer_rng = ctx.rng().child(PRODUCER_STREAM);
        self.consumer_rng = ctx.rng().child(CONSUMER_STREAM);
        for order in 1..=ORDERS {
            ctx.schedule_in(
                u64::from(order) * ORDER_EVERY_MS,
                RepartitionEvent::Produce { order, step: 0 },
            );
        }
        ctx.schedule_in(CHANGE_AT.as_millis(), RepartitionEvent::ChangePartitions);
        for lane in 0..self.lanes.len() as u32 {
            ctx.schedule_in(0, RepartitionEvent::Wake { lane });
        }
    }

    fn handle(&mut self, event: &RepartitionEvent, ctx: &mut Ctx<'_, RepartitionEvent>) {
        let now = ctx.now();
        match *event {
            RepartitionEvent::Produce { order, step } => {
                self.produced += 1;
                if step < 3 {
                    let gap = self.producer_rng.between(STEP_EVERY_MS.0, STEP_EVERY_MS.1);
                    ctx.schedule_in(
                        gap,
                        RepartitionEvent::Produce {
                            order,
                            step: step + 1,
                        },
                    );
                }
                if self.paused_at.is_some() && self.switched_at.is_none() {
                    self.buffered.push((order, step));
                    self.buffered_max = self.buffered_max.max(self.buffered.len() as u32);
                    return;
                }
                self.append(order, step, now);
                // The order's process is over: its pin is no longer needed.
                self.unpinned = step == 3 && self.pinned.remove(&order).is_some();
                if self.unpinned {
                    self.pinned_history.push((now, self.pinned.len() as u32));
                }
            }
            RepartitionEvent::ChangePartitions => self.change_partitions(ctx),
            RepartitionEvent::ProducerSees => self.producer_sees(now),
            RepartitionEvent::GroupSees => self.group_sees(ctx),
            RepartitionEvent::Switch => {
                if self.switched_at.is_some() {
                    return;
                }
                self.switched_at = Some(now);
                for (order, step) in std::mem::take(&mut self.buffered) {
                    self.append(order, step, now);
                }
            }
            RepartitionEvent::Wake { lane } => {
                let l = &mut self.lanes[lane as usize];
                let fetched = l.consumer.poll(&l.log, 1);
                if let (false, Some(offset)) = (fetched.is_empty(), l.consumer.process_next()) {
                    let (lo, hi) = l.speed_ms;
                    let ms = self.consumer_rng.between(lo, hi);
                    l.busy = Some(Processing {
                        offset,
                        since: now,
                        until: now.plus_millis(ms),
                    });
                    ctx.schedule_in(ms, RepartitionEvent::Processed { lane });
                } else if !(self.everything_produced() && self.settled && self.drained(lane)) {
                    ctx.schedule_in(IDLE_POLL_MS, RepartitionEvent::Wake { lane });
                }
            }
            RepartitionEvent::Processed { lane } => {
                let topic = self.lane_topic(lane);
                let l = &mut self.lanes[lane as usize];
                let Some(Processing { offset, .. }) = l.busy.take() else {
                    return;
                };
                l.consumer.commit();
                let partition = l.log.partition;
                if let Some(record) = l.log.record(offset) {
                    let (entity, event) = (record.entity.clone(), record.event);
                    let order = entity.trim_start_matches("order-").parse().unwrap_or(0);
                    let out_of_order = self
                        .checker
                        .observe(
                            &Observer::Group {
                                group_id: GROUP_ID.to_owned(),
                            },
                            &entity,
                            event.step(),
                            Position::new(partition, offset),
                            now,
                        )
                        .is_some();
                    self.handled.push(Handled {
                        order,
                        event,
                        topic,
                        partition,
                        offset,
                        at: now,
                        out_of_order,
                    });
                }
                ctx.schedule_in(0, RepartitionEvent::Wake { lane });
                if self.paused_at.is_some()
                    && self.switched_at.is_none()
                    && self.old_topic_drained()
                {
                    ctx.schedule_in(0, RepartitionEvent::Switch);
                }
            }
        }
    }
}

/// The scene's outcome for one strategy: played to its end.
pub fn run_to_end(config: RepartitionConfig, seed: u64) -> Repartition {
    let mut sim = crate::sim::Sim::new(Repartition::new(config), seed);
    while sim.step() {}
    sim.model().clone()
}

/// What a link carries for the migration: the partition counts, the
/// strategy, where the group starts on a new partition, and the order
/// whose split history the view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepartitionParams {
    pub from: u32,
    pub to: u32,
    pub strategy: Strategy,
    pub offset_reset: OffsetReset,
    /// The order whose split history is shown, if chosen.
    pub focus_order: Option<u32>,
}

impl Default for RepartitionParams {
    fn default() -> Self {
        RepartitionParams {
            from: 3,
            to: 4,
            strategy: Strategy::Naive,
            offset_reset: OffsetReset::Earliest,
            focus_order: None,
        }
    }
}

impl RepartitionParams {
    /// The migration's model settings.
    pub fn config(&self) -> RepartitionConfig {
        RepartitionConfig {
            from: self.from,
            to: self.to,
            strategy: self.strategy,
            offset_reset: self.offset_reset,
            speeds: Speeds::default(),
        }
    }
}

impl crate::sim::ModelParams for Repartition {
    type Params = RepartitionParams;

    /// Which order's history is shown changes nothing in the run.
    fn run_part(p: &RepartitionParams) -> RepartitionParams {
        RepartitionParams {
            focus_order: None,
            ..*p
        }
    }
}

mod caption;
mod keys;
#[cfg(test)]
mod tests;

pub use caption::{Placement, RepartitionCaption};
