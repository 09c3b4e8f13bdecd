//! Scene "workers": ordering inside one Go consumer.
//!
//! One partition, one poll loop, records keyed by order id. The records can
//! be handled by one goroutine, by a goroutine per message, or by a keyed
//! pool of W workers fed through bounded channels by `hash(key) % W`, as in
//! the chapter's Go example. Offsets finish out of order in a pool, so the
//! scene also shows what a crash would cost under two commit policies.

use crate::sim::checker::{Observer, OrderChecker, Position};
use crate::sim::engine::{Ctx, Model};
use crate::sim::partitioner::fnv1a_32;
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::collections::VecDeque;
use std::ops::RangeInclusive;
use twox_hash::XxHash64;

pub const WORKERS_RANGE: RangeInclusive<u32> = 1..=64;
pub const PROCESSING_MS_RANGE: RangeInclusive<u32> = 1..=100;
pub const SKEW_RANGE: RangeInclusive<u32> = 0..=90;
/// Records in the partition.
pub const RECORDS: u32 = 240;
/// Distinct orders the records belong to.
pub const KEYS: u32 = 24;
/// `max.poll.records` (Kafka default 500), small enough to see batches.
pub const MAX_POLL_RECORDS: u32 = 40;
/// Each worker's channel capacity (`make(chan *kgo.Record, bufferSize)`).
pub const CHANNEL_CAPACITY: usize = 8;
/// The poll loop's pause when it has nothing to fetch.
const POLL_IDLE_MS: u64 = 1;

const WORKLOAD_STREAM: u64 = 1;
const PROCESSING_STREAM: u64 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// One goroutine handles every record in offset order.
    Sequential,
    /// `go process(msg)`: a goroutine per record, all at once.
    PerMessage,
    /// `hash(key) % W` picks a worker; each worker handles its channel in order.
    KeyedPool,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Sequential, Mode::PerMessage, Mode::KeyedPool];

    pub fn id(self) -> &'static str {
        match self {
            Mode::Sequential => "sequential",
            Mode::PerMessage => "per-message",
            Mode::KeyedPool => "keyed-pool",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.id() == id)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkerHash {
    /// `hash/fnv.New32a`, as in the chapter's `Route`.
    Fnv1a,
    /// xxHash64 (seed 0), as `cespare/xxhash` computes it.
    XxHash64,
}

impl WorkerHash {
    pub const ALL: [WorkerHash; 2] = [WorkerHash::Fnv1a, WorkerHash::XxHash64];

    pub fn id(self) -> &'static str {
        match self {
            WorkerHash::Fnv1a => "fnv1a",
            WorkerHash::XxHash64 => "xxhash",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|h| h.id() == id)
    }

    /// The worker for `key` among `workers`, as the chapter's `Route` does:
    /// `workerIdx := int(h.Sum32()) % p.workers` (non-negative, since Go's
    /// `int` is 64 bits wide), or the 64-bit xxHash modulo W.
    pub fn worker(self, key: &[u8], workers: u32) -> u32 {
        let w = u64::from(workers.max(1));
        let h = match self {
            WorkerHash::Fnv1a => u64::from(fnv1a_32(key)),
            WorkerHash::XxHash64 => XxHash64::oneshot(0, key),
        };
        (h % w) as u32
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WorkersConfig {
    pub mode: Mode,
    pub workers: u32,
    pub hash: WorkerHash,
    /// Mean processing time per record (a database write, say).
    pub processing_ms: u32,
    /// Percent of records that belong to one hot order.
    pub skew_pct: u32,
}

impl Default for WorkersConfig {
    fn default() -> Self {
        WorkersConfig {
            mode: Mode::KeyedPool,
            workers: 8,
            hash: WorkerHash::Fnv1a,
            processing_ms: 10,
            skew_pct: 0,
        }
    }
}

/// One record of the partition: its order and its place in that order's
/// sequence of events (1, 2, 3, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WRecord {
    pub offset: u64,
    pub order: u32,
    pub step: u32,
    /// How long handling it takes, drawn from the seed.
    pub cost_ms: u64,
}

pub fn order_key(order: u32) -> String {
    format!("order-{order}")
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum WorkersEvent {
    Poll,
    /// A worker (or, per message, the record's goroutine) finished.
    Done {
        slot: u32,
        offset: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Worker {
    pub queue: VecDeque<u64>,
    pub busy: Option<u64>,
    pub handled: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Workers {
    pub config: WorkersConfig,
    pub records: Vec<WRecord>,
    /// The next offset to poll.
    pub position: u64,
    /// Polled but not yet handed to a worker: the poll loop is blocked on a
    /// full channel.
    pub routing: VecDeque<u64>,
    pub workers: Vec<Worker>,
    /// Per message: records whose goroutine is running.
    pub running: Vec<u64>,
    pub finished: Vec<Option<SimTime>>,
    pub finished_count: u32,
    pub checker: OrderChecker,
    /// Offsets in the order they finished.
    pub handled: Vec<u64>,
    pub poll_scheduled: bool,
    processing_rng: Rng,
}

impl Workers {
    pub fn new(config: WorkersConfig) -> Self {
        let workers = match config.mode {
            Mode::KeyedPool => config
                .workers
                .clamp(*WORKERS_RANGE.start(), *WORKERS_RANGE.end()),
            Mode::Sequential => 1,
            Mode::PerMessage => 0,
        };
        Workers {
            config,
            records: Vec::new(),
            position: 0,
            routing: VecDeque::new(),
            workers: (0..workers)
                .map(|_| Worker {
                    queue: VecDeque::new(),
                    busy: None,
                    handled: 0,
                })
                .collect(),
            running: Vec::new(),
            finished: vec![None; RECORDS as usize],
            finished_count: 0,
            checker: OrderChecker::default(),
            handled: Vec::new(),
            poll_scheduled: false,
            processing_rng: Rng::new(0),
        }
    }

    /// The committed offset a careful consumer may use: the lowest offset
    /// not yet finished (everything below it is done).
    pub fn low_watermark(&self) -> u64 {
        (0..self.position)
            .find(|&o| self.finished[o as usize].is_none())
            .unwrap_or(self.position)
    }

    /// What naively committing the latest polled offset commits.
    pub fn naive_committed(&self) -> u64 {
        self.position
    }

    /// Records a crash now would lose under the naive commit: polled, not
    /// finished, and below the committed offset, so never read again.
    pub fn lost_if_crashed(&self) -> Vec<u64> {
        (self.low_watermark()..self.position)
            .filter(|&o| self.finished[o as usize].is_none())
            .collect()
    }

    /// Records a crash now would handle twice under the low-watermark
    /// commit: finished, but above the committed offset.
    pub fn repeated_if_crashed(&self) -> Vec<u64> {
        (self.low_watermark()..self.position)
            .filter(|&o| self.finished[o as usize].is_some())
            .collect()
    }

    /// Finished records per second of simulated time.
    pub fn throughput(&self, now: SimTime) -> u64 {
        if now.as_millis() == 0 {
            0
        } else {
            u64::from(self.finished_count) * 1000 / now.as_millis()
        }
    }

    fn key(&self, offset: u64) -> String {
        order_key(self.records[offset as usize].order)
    }

    fn start(&mut self, slot: u32, offset: u64, ctx: &mut Ctx<'_, WorkersEvent>) {
        let cost = self.records[offset as usize].cost_ms;
        ctx.schedule_in(cost, WorkersEvent::Done { slot, offset });
    }

    fn schedule_poll(&mut self, ctx: &mut Ctx<'_, WorkersEvent>, delay: u64) {
        if !self.poll_scheduled && (self.position as u32) < RECORDS {
            self.poll_scheduled = true;
            ctx.schedule_in(delay, WorkersEvent::Poll);
        }
    }

    /// The poll loop hands records to the workers' channels in offset
    /// order, and blocks on the first full channel, as a Go send does.
    fn route(&mut self, ctx: &mut Ctx<'_, WorkersEvent>) {
        while let Some(&offset) = self.routing.front() {
            let w = self
                .config
                .hash
                .worker(self.key(offset).as_bytes(), self.workers.len() as u32)
                as usize;
            let worker = &mut self.workers[w];
            if worker.busy.is_none() {
                worker.busy = Some(offset);
                self.routing.pop_front();
                self.start(w as u32, offset, ctx);
            } else if worker.queue.len() < CHANNEL_CAPACITY {
                worker.queue.push_back(offset);
                self.routing.pop_front();
            } else {
                return;
            }
        }
        self.schedule_poll(ctx, 0);
    }
}

impl Model for Workers {
    type Event = WorkersEvent;

    fn start(&mut self, ctx: &mut Ctx<'_, WorkersEvent>) {
        // The partition already holds the records: the hot order takes
        // `skew_pct` of them, the rest spread over the other orders.
        let mut workload = ctx.rng().child(WORKLOAD_STREAM);
        self.processing_rng = ctx.rng().child(PROCESSING_STREAM);
        let mut steps = vec![0u32; KEYS as usize + 1];
        let mean = u64::from(self.config.processing_ms.max(1));
        for offset in 0..u64::from(RECORDS) {
            let hot = workload.below(100) < u64::from(self.config.skew_pct);
            let order = if hot {
                1
            } else {
                2 + workload.below(u64::from(KEYS) - 1) as u32
            };
            steps[order as usize] += 1;
            let cost_ms = self.processing_rng.between((mean / 2).max(1), mean * 3 / 2);
            self.records.push(WRecord {
                offset,
                order,
                step: steps[order as usize],
                cost_ms,
            });
        }
        self.schedule_poll(ctx, 0);
    }

    fn handle(&mut self, event: &WorkersEvent, ctx: &mut Ctx<'_, WorkersEvent>) {
        let now = ctx.now();
        match *event {
            WorkersEvent::Poll => {
                self.poll_scheduled = false;
                let from = self.position;
                let to = (from + u64::from(MAX_POLL_RECORDS)).min(u64::from(RECORDS));
                self.position = to;
                match self.config.mode {
                    Mode::Sequential => {
                        self.workers[0].queue.extend(from..to);
                        if let Some(offset) = self.workers[0].queue.pop_front() {
                            self.workers[0].busy = Some(offset);
                            self.start(0, offset, ctx);
                        }
                    }
                    Mode::PerMessage => {
                        for offset in from..to {
                            self.running.push(offset);
                            self.start(0, offset, ctx);
                        }
                        self.schedule_poll(ctx, POLL_IDLE_MS);
                    }
                    Mode::KeyedPool => {
                        self.routing.extend(from..to);
                        self.route(ctx);
                    }
                }
            }
            WorkersEvent::Done { slot, offset } => {
                self.finished[offset as usize] = Some(now);
                self.finished_count += 1;
                self.handled.push(offset);
                let r = self.records[offset as usize];
                self.checker.observe(
                    &Observer::Group {
                        group_id: "order-service".to_owned(),
                    },
                    &order_key(r.order),
                    r.step,
                    Position::new(0, offset),
                    now,
                );
                match self.config.mode {
                    Mode::PerMessage => self.running.retain(|&o| o != offset),
                    Mode::Sequential | Mode::KeyedPool => {
                        let worker = &mut self.workers[slot as usize];
                        worker.busy = worker.queue.pop_front();
                        worker.handled += 1;
                        if let Some(next) = worker.busy {
                            self.start(slot, next, ctx);
                        }
                        if self.config.mode == Mode::KeyedPool {
                            self.route(ctx);
                        } else if self.workers[0].busy.is_none() {
                            self.schedule_poll(ctx, 0);
                        }
                    }
                }
            }
        }
    }
}

/// The run played to its end.
pub fn run_to_end(config: WorkersConfig, seed: u64) -> (Workers, SimTime) {
    let mut sim = crate::sim::Sim::new(Workers::new(config), seed);
    while sim.step() {}
    let now = sim.now();
    (sim.model().clone(), now)
}

/// Records per second for each W in `ws`, on one seed.
pub fn throughput_by_workers(config: WorkersConfig, seed: u64, ws: &[u32]) -> Vec<(u32, u64)> {
    let throughput = |workers: u32| {
        let (s, end) = run_to_end(WorkersConfig { workers, ..config }, seed);
        s.throughput(end)
    };
    // Only the keyed pool has W workers; one goroutine, or one per message,
    // runs the same whatever W is set to, so it is run once, not per W.
    if config.mode != Mode::KeyedPool {
        let same = throughput(config.workers);
        return ws.iter().map(|&w| (w, same)).collect();
    }
    ws.iter().map(|&w| (w, throughput(w))).collect()
}

/// A link carries the pool's settings, and the run depends on them.
impl crate::sim::ModelParams for Workers {
    type Params = WorkersConfig;
}

mod caption;

pub use caption::WorkersCaption;

#[cfg(test)]
mod tests;
