//! Scene "producer": how a producer with several requests in flight can
//! reorder its own records, and how idempotence (or one request in flight)
//! prevents it.
//!
//! The model follows the Java client: a record accumulator, a sender that
//! keeps up to `max.in.flight.requests.per.connection` requests open, a
//! request timeout that closes the connection and fails everything in
//! flight, retries after `retry.backoff.ms`, and a broker partition that,
//! for an idempotent producer, accepts a batch only when its first sequence
//! follows the last one it wrote, and recognises its last five batches.

use crate::sim::checker::{FindingKind, Observer, OrderChecker, Position, Violation};
use crate::sim::engine::{Ctx, Model};
use crate::sim::log::{LogConfig, PartitionLog};
use crate::sim::producer::{Acks, ConfigError, ProducerConfig};
use crate::sim::record::{record_size_in_batch, OrderEvent, Record, RECORD_BATCH_OVERHEAD};
use crate::sim::rng::Rng;
use crate::sim::time::SimTime;
use std::collections::VecDeque;

pub const TOPIC: &str = "orders";
/// The chapter's diagram writes to partition 1.
pub const PARTITION: u32 = 1;
/// The id the broker gave this producer (`InitProducerId`).
pub const PRODUCER_ID: u64 = 4000;
pub const PRODUCER_EPOCH: u16 = 0;
/// Batches per producer the broker remembers for duplicate detection.
pub const DUPLICATE_CACHE: usize = 5;

const LINK_STREAM: u64 = 1;

/// What the network does to one request, chosen by the learner or the
/// scenario. Batches and attempts count from 1, as the diagram shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// The request never reaches the broker.
    LoseRequest,
    /// The broker writes the batch, but the answer never comes back.
    LoseResponse,
    /// The request arrives this much later than it would have.
    Delay { ms: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fault {
    pub batch: u32,
    pub attempt: u32,
    pub kind: FaultKind,
}

/// The partition leader is unavailable for `ms` from `at`: it answers
/// `NOT_LEADER_OR_FOLLOWER`, as during a leader change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outage {
    pub at: SimTime,
    pub ms: u32,
}

/// What the application sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workload {
    /// The chapter's two events: order-42 Created, then Paid right after.
    Chapter,
    /// `records` events, four steps per order, one every `every_ms`.
    Stream { records: u32, every_ms: u32 },
}

impl Workload {
    pub fn len(self) -> u32 {
        match self {
            Workload::Chapter => 2,
            Workload::Stream { records, .. } => records,
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Record `i`: its order id and step.
    pub fn record(self, i: u32) -> (u32, OrderEvent) {
        match self {
            Workload::Chapter => (42, OrderEvent::ALL[i as usize % 2]),
            Workload::Stream { .. } => (1000 + i / 4, OrderEvent::ALL[i as usize % 4]),
        }
    }

    /// When the application sends record `i`.
    pub fn sent_at(self, i: u32) -> SimTime {
        match self {
            Workload::Chapter => SimTime(u64::from(i) * 5),
            Workload::Stream { every_ms, .. } => SimTime(u64::from(i) * u64::from(every_ms)),
        }
    }
}

/// The network between producer and broker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LinkConfig {
    /// One-way latency.
    pub latency_ms: u32,
    /// Up to this much is added to each trip, from the seed.
    pub jitter_ms: u32,
    /// Per thousand requests: half lose the request, half the response.
    pub chaos_per_mille: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerSceneConfig {
    pub producer: ProducerConfig,
    pub link: LinkConfig,
    pub workload: Workload,
    /// The log's first offset: the chapter's batch 2 lands at 100.
    pub log_start_offset: u64,
    pub faults: Vec<Fault>,
    pub outages: Vec<Outage>,
}

/// Kafka protocol error codes the scene can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// 6: the broker is not (or no longer) the partition's leader.
    NotLeaderOrFollower,
    /// 45: the batch's first sequence is not last sequence + 1.
    OutOfOrderSequenceNumber,
}

impl ErrorCode {
    pub fn name(self) -> &'static str {
        match self {
            ErrorCode::NotLeaderOrFollower => "NOT_LEADER_OR_FOLLOWER",
            ErrorCode::OutOfOrderSequenceNumber => "OUT_OF_ORDER_SEQUENCE_NUMBER",
        }
    }

    pub fn code(self) -> i16 {
        match self {
            ErrorCode::NotLeaderOrFollower => 6,
            ErrorCode::OutOfOrderSequenceNumber => 45,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Response {
    /// Written at `base_offset`; `duplicate` when the broker recognised a
    /// batch it already had (`DUPLICATE_SEQUENCE_NUMBER`) and did not write it.
    Written {
        base_offset: u64,
        duplicate: bool,
    },
    Error(ErrorCode),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FailReason {
    RetriesExhausted,
    DeliveryTimeout,
    /// An error that retrying cannot fix.
    Fatal(ErrorCode),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BatchState {
    /// In the accumulator, never sent yet.
    Open,
    /// A retry, back in the queue after its backoff.
    Queued,
    InFlight,
    /// Failed and back at the head of the queue, but not to be sent before
    /// `retry.backoff.ms` has passed.
    Backoff {
        until: SimTime,
    },
    Acked {
        base_offset: u64,
        duplicate: bool,
    },
    /// Its own answer was lost, but the broker acknowledged a later
    /// sequence: it accepts sequences only in order, so this batch was
    /// written (the client's `maybeResolveSequences`).
    ResolvedByLaterAck,
    /// Sent with `acks=0`: nobody will ever say whether it arrived.
    SentUnacknowledged,
    Failed(FailReason),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Batch {
    pub id: u32,
    pub records: Vec<u32>,
    pub bytes: u32,
    pub created_at: SimTime,
    /// Assigned when first sent, for an idempotent producer.
    pub base_seq: Option<i32>,
    pub attempts: u32,
    pub state: BatchState,
}

impl Batch {
    pub fn last_seq(&self) -> Option<i32> {
        self.base_seq.map(|s| s + self.records.len() as i32 - 1)
    }

    fn unresolved(&self) -> bool {
        !matches!(
            self.state,
            BatchState::Acked { .. }
                | BatchState::ResolvedByLaterAck
                | BatchState::SentUnacknowledged
                | BatchState::Failed(_)
        )
    }
}

/// One produce request: one attempt of one batch.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Request {
    pub id: u32,
    pub batch: u32,
    pub attempt: u32,
    pub sent_at: SimTime,
    /// When it reaches the broker; `None` if it is lost on the way.
    pub arrives_at: Option<SimTime>,
    /// When the broker's answer reaches the producer; `None` until the
    /// broker answered, and for an answer lost on the way.
    pub answered_at: Option<SimTime>,
    /// How long the answer takes to come back, drawn when the request is sent.
    pub answer_trip_ms: u64,
    pub answer_lost: bool,
    pub response: Option<Response>,
    /// The producer stopped waiting: it timed out or its connection closed.
    pub abandoned: bool,
}

/// One line of the sequence diagram.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeqKind {
    Send {
        batch: u32,
        attempt: u32,
        base_seq: Option<i32>,
    },
    RequestLost {
        batch: u32,
        attempt: u32,
    },
    Append {
        batch: u32,
        first_offset: u64,
        last_offset: u64,
    },
    Duplicate {
        batch: u32,
        base_offset: u64,
    },
    Ack {
        batch: u32,
        base_offset: u64,
        duplicate: bool,
    },
    Error {
        batch: u32,
        code: ErrorCode,
    },
    ResponseLost {
        batch: u32,
    },
    Timeout {
        batch: u32,
    },
    Disconnected {
        batch: u32,
    },
    LateAnswerIgnored {
        batch: u32,
    },
    Retry {
        batch: u32,
        attempt: u32,
    },
    Resolved {
        batch: u32,
    },
    Failed {
        batch: u32,
        reason: FailReason,
    },
    BrokerDown,
    BrokerUp,
}

impl SeqKind {
    /// The variant's name, for the diagram's `data-kind`: a stable hook for
    /// styling and tests that does not need `Debug` in the release build.
    pub fn name(&self) -> &'static str {
        match self {
            SeqKind::Send { .. } => "Send",
            SeqKind::RequestLost { .. } => "RequestLost",
            SeqKind::Append { .. } => "Append",
            SeqKind::Duplicate { .. } => "Duplicate",
            SeqKind::Ack { .. } => "Ack",
            SeqKind::Error { .. } => "Error",
            SeqKind::ResponseLost { .. } => "ResponseLost",
            SeqKind::Timeout { .. } => "Timeout",
            SeqKind::Disconnected { .. } => "Disconnected",
            SeqKind::LateAnswerIgnored { .. } => "LateAnswerIgnored",
            SeqKind::Retry { .. } => "Retry",
            SeqKind::Resolved { .. } => "Resolved",
            SeqKind::Failed { .. } => "Failed",
            SeqKind::BrokerDown => "BrokerDown",
            SeqKind::BrokerUp => "BrokerUp",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeqEntry {
    pub at: SimTime,
    pub kind: SeqKind,
}

/// The broker's memory of one idempotent producer, per partition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerStateEntry {
    pub producer_id: u64,
    pub epoch: u16,
    pub last_seq: i32,
    /// (first seq, last seq, first offset) of the last five batches.
    pub recent: VecDeque<(i32, i32, u64)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Stats {
    pub sent: u32,
    pub retries: u32,
    pub acked_records: u32,
    pub failed_records: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProducerEvent {
    AppSend { index: u32 },
    LingerExpired { batch: u32 },
    RequestArrives { request: u32 },
    AnswerArrives { request: u32 },
    RequestTimeout { request: u32 },
    BackoffDone { batch: u32 },
    BrokerDown { ms: u32 },
    BrokerUp,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerScene {
    pub config: ProducerSceneConfig,
    pub batches: Vec<Batch>,
    pub requests: Vec<Request>,
    /// Unsent batches in the order the sender will take them; the last one
    /// may still be taking records.
    pub queue: VecDeque<u32>,
    /// Requests the producer is waiting on.
    pub awaiting: Vec<u32>,
    pub next_seq: i32,
    pub log: PartitionLog,
    /// Offsets of records the log holds twice.
    pub duplicate_offsets: Vec<u64>,
    pub producer_state: Option<ProducerStateEntry>,
    pub broker_down: bool,
    pub checker: OrderChecker,
    pub diagram: Vec<SeqEntry>,
    pub stats: Stats,
    /// One TCP connection carries everything, so requests reach the broker,
    /// and answers the producer, in the order they were sent.
    last_request_arrival: SimTime,
    last_answer_arrival: SimTime,
    link_rng: Rng,
}

impl ProducerScene {
    /// The scene, or the `ConfigException` the Java client would throw.
    pub fn new(config: ProducerSceneConfig) -> Result<Self, ConfigError> {
        config.producer.validate()?;
        let log = PartitionLog::starting_at(
            TOPIC,
            PARTITION,
            LogConfig {
                segment_bytes: 1 << 30,
                index_interval_bytes: 4096,
            },
            config.log_start_offset,
        );
        Ok(ProducerScene {
            config,
            batches: Vec::new(),
            requests: Vec::new(),
            queue: VecDeque::new(),
            awaiting: Vec::new(),
            next_seq: 0,
            log,
            duplicate_offsets: Vec::new(),
            producer_state: None,
            broker_down: false,
            checker: OrderChecker::default(),
            diagram: Vec::new(),
            stats: Stats::default(),
            last_request_arrival: SimTime::ZERO,
            last_answer_arrival: SimTime::ZERO,
            link_rng: Rng::new(0),
        })
    }

    fn idempotent(&self) -> bool {
        self.config.producer.enable_idempotence
    }

    pub fn batch(&self, id: u32) -> &Batch {
        &self.batches[id as usize - 1]
    }

    fn batch_mut(&mut self, id: u32) -> &mut Batch {
        &mut self.batches[id as usize - 1]
    }

    pub fn request(&self, id: u32) -> &Request {
        &self.requests[id as usize - 1]
    }

    fn note(&mut self, at: SimTime, kind: SeqKind) {
        self.diagram.push(SeqEntry { at, kind });
    }

    pub fn reorders(&self) -> usize {
        self.checker.reorders()
    }

    pub fn duplicates(&self) -> usize {
        self.checker.duplicates()
    }

    /// Acknowledged records per second of simulated time.
    pub fn throughput(&self, now: SimTime) -> u64 {
        if now.as_millis() == 0 {
            0
        } else {
            u64::from(self.stats.acked_records) * 1000 / now.as_millis()
        }
    }

    /// `RecordAccumulator.ready`: a batch may go once it is full, once a
    /// newer batch exists behind it, once `linger.ms` has passed, or when
    /// it is a retry.
    fn ready(&self, id: u32, now: SimTime) -> bool {
        let batch = self.batch(id);
        batch.attempts > 0
            || self.queue.back() != Some(&id)
            || batch.bytes >= self.config.producer.batch_size
            || now.as_millis()
                >= batch.created_at.as_millis() + u64::from(self.config.producer.linger_ms)
    }

    fn fault_for(&self, batch: u32, attempt: u32) -> Option<FaultKind> {
        self.config
            .faults
            .iter()
            .find(|f| f.batch == batch && f.attempt == attempt)
            .map(|f| f.kind)
    }

    /// The sender: takes batches from the queue while there is room in
    /// flight, keeping the client's ordering rules.
    fn drain(&mut self, ctx: &mut Ctx<'_, ProducerEvent>) {
        let max_in_flight = self.config.producer.max_in_flight as usize;
        while self.awaiting.len() < max_in_flight {
            let Some(&id) = self.queue.front() else { break };
            if !self.ready(id, ctx.now()) {
                break;
            }
            // RecordAccumulator.drain skips the partition while the batch at
            // its head is backing off: nothing overtakes a retry that way.
            if let BatchState::Backoff { until } = self.batch(id).state {
                if until > ctx.now() {
                    break;
                }
            }
            // An idempotent producer resends a failed batch only once
            // nothing else is in flight, so retries go out in sequence order.
            if self.idempotent() && self.batch(id).attempts > 0 && !self.awaiting.is_empty() {
                break;
            }
            self.queue.pop_front();
            self.send(id, ctx);
        }
    }

    fn send(&mut self, id: u32, ctx: &mut Ctx<'_, ProducerEvent>) {
        let now = ctx.now();
        let link = self.config.link;
        // Every send draws the same three numbers, whatever the faults, so
        // a fault added by the learner never shifts the rest of the run.
        let out = u64::from(link.latency_ms) + self.link_rng.below(u64::from(link.jitter_ms) + 1);
        let back = u64::from(link.latency_ms) + self.link_rng.below(u64::from(link.jitter_ms) + 1);
        let chaos = self.link_rng.below(1000) as u32;
        if self.idempotent() && self.batch(id).base_seq.is_none() {
            let n = self.batch(id).records.len() as i32;
            let seq = self.next_seq;
            self.batch_mut(id).base_seq = Some(seq);
            self.next_seq += n;
        }
        let batch = self.batch_mut(id);
        batch.attempts += 1;
        batch.state = BatchState::InFlight;
        let attempt = batch.attempts;
        let base_seq = batch.base_seq;
        let fault = self
            .fault_for(id, attempt)
            .or(if chaos < link.chaos_per_mille / 2 {
                Some(FaultKind::LoseRequest)
            } else if chaos < link.chaos_per_mille {
                Some(FaultKind::LoseResponse)
            } else {
                None
            });
        let request_id = self.requests.len() as u32 + 1;
        let arrives_at = match fault {
            Some(FaultKind::LoseRequest) => None,
            Some(FaultKind::Delay { ms }) => Some(now.plus_millis(out + u64::from(ms))),
            _ => Some(now.plus_millis(out)),
        }
        .map(|t| t.max(self.last_request_arrival));
        if let Some(t) = arrives_at {
            self.last_request_arrival = t;
        }
        self.requests.push(Request {
            id: request_id,
            batch: id,
            attempt,
            sent_at: now,
            arrives_at,
            answered_at: None,
            answer_trip_ms: back,
            answer_lost: fault == Some(FaultKind::LoseResponse),
            response: None,
            abandoned: false,
        });
        self.note(
            now,
            SeqKind::Send {
                batch: id,
                attempt,
                base_seq,
            },
        );
        match arrives_at {
            Some(t) => ctx.schedule_in(
                t.as_millis() - now.as_millis(),
                ProducerEvent::RequestArrives {
                    request: request_id,
                },
            ),
            None => self.note(now, SeqKind::RequestLost { batch: id, attempt }),
        }
        if self.config.producer.acks == Acks::None {
            // Nothing to wait for: the batch counts as done once it is sent.
            self.batch_mut(id).state = BatchState::SentUnacknowledged;
        } else {
            self.awaiting.push(request_id);
            ctx.schedule_in(
                u64::from(self.config.producer.request_timeout_ms),
                ProducerEvent::RequestTimeout {
                    request: request_id,
                },
            );
        }
    }

    /// The partition leader handles a produce request.
    fn broker_handle(&mut self, request_id: u32, now: SimTime) -> Response {
        let batch_id = self.request(request_id).batch;
        if self.broker_down {
            return Response::Error(ErrorCode::NotLeaderOrFollower);
        }
        let batch = self.batch(batch_id).clone();
        if let (true, Some(first_seq), Some(last_seq)) =
            (self.idempotent(), batch.base_seq, batch.last_seq())
        {
            let state = self.producer_state.get_or_insert(ProducerStateEntry {
                producer_id: PRODUCER_ID,
                epoch: PRODUCER_EPOCH,
                last_seq: -1,
                recent: VecDeque::new(),
            });
            if let Some(&(_, _, offset)) = state
                .recent
                .iter()
                .find(|(f, l, _)| *f == first_seq && *l == last_seq)
            {
                self.note(
                    now,
                    SeqKind::Duplicate {
                        batch: batch_id,
                        base_offset: offset,
                    },
                );
                return Response::Written {
                    base_offset: offset,
                    duplicate: true,
                };
            }
            if first_seq != state.last_seq.wrapping_add(1) {
                return Response::Error(ErrorCode::OutOfOrderSequenceNumber);
            }
            state.last_seq = last_seq;
            let base_offset = self.log.log_end_offset();
            state.recent.push_back((first_seq, last_seq, base_offset));
            if state.recent.len() > DUPLICATE_CACHE {
                state.recent.pop_front();
            }
        }
        let base_offset = self.append(&batch, now);
        self.note(
            now,
            SeqKind::Append {
                batch: batch_id,
                first_offset: base_offset,
                last_offset: self.log.log_end_offset() - 1,
            },
        );
        Response::Written {
            base_offset,
            duplicate: false,
        }
    }

    fn append(&mut self, batch: &Batch, now: SimTime) -> u64 {
        let base_offset = self.log.log_end_offset();
        let workload = self.config.workload;
        for &index in &batch.records {
            let (order, event) = workload.record(index);
            let key = format!("order-{order}");
            let offset = self.log.append(Some(&key), &key, event, now).offset;
            let finding = self.checker.observe(
                &Observer::Log {
                    topic: TOPIC.to_owned(),
                    partition: PARTITION,
                },
                &key,
                event.step(),
                Position::new(PARTITION, offset),
                now,
            );
            if finding.is_some_and(|v| matches!(v.kind, FindingKind::Duplicate { .. })) {
                self.duplicate_offsets.push(offset);
            }
        }
        base_offset
    }

    /// After a failed attempt: back off and retry, or give up.
    fn retry_or_fail(&mut self, id: u32, now: SimTime, ctx: &mut Ctx<'_, ProducerEvent>) {
        let p = self.config.producer;
        let batch = self.batch(id);
        let reason = if batch.attempts > p.retries {
            Some(FailReason::RetriesExhausted)
        } else if now.as_millis() + u64::from(p.retry_backoff_ms)
            >= batch.created_at.as_millis() + u64::from(p.delivery_timeout_ms)
        {
            Some(FailReason::DeliveryTimeout)
        } else {
            None
        };
        match reason {
            Some(reason) => self.fail(id, reason, now),
            None => {
                let until = now.plus_millis(u64::from(p.retry_backoff_ms));
                self.batch_mut(id).state = BatchState::Backoff { until };
                self.stats.retries += 1;
                self.reenqueue(id);
                ctx.schedule_in(
                    u64::from(p.retry_backoff_ms),
                    ProducerEvent::BackoffDone { batch: id },
                );
            }
        }
    }

    /// A failed batch goes straight back into the queue: at the front
    /// (`RecordAccumulator.reenqueue`), or, for an idempotent producer, in
    /// sequence order (`insertInSequenceOrder`).
    fn reenqueue(&mut self, id: u32) {
        let at = if self.idempotent() {
            let seq = self.batch(id).base_seq;
            self.queue
                .iter()
                .position(|&b| match (self.batch(b).base_seq, seq) {
                    (Some(other), Some(mine)) => other > mine,
                    (None, _) => true,
                    _ => false,
                })
                .unwrap_or(self.queue.len())
        } else {
            0
        };
        self.queue.insert(at, id);
    }

    fn fail(&mut self, id: u32, reason: FailReason, now: SimTime) {
        let n = self.batch(id).records.len() as u32;
        self.batch_mut(id).state = BatchState::Failed(reason);
        self.stats.failed_records += n;
        self.note(now, SeqKind::Failed { batch: id, reason });
    }

    /// `TransactionManager.canRetry` for `OUT_OF_ORDER_SEQUENCE_NUMBER`:
    /// worth retrying while an earlier batch may still land, or when this
    /// batch is now exactly the next sequence the broker expects.
    fn out_of_order_is_retriable(&self, id: u32) -> bool {
        let Some(seq) = self.batch(id).base_seq else {
            return false;
        };
        let earlier_unresolved = self
            .batches
            .iter()
            .any(|b| b.base_seq.is_some_and(|s| s < seq) && b.unresolved());
        earlier_unresolved || seq == self.last_acked_seq() + 1
    }

    /// The highest sequence the broker has acknowledged, or -1.
    fn last_acked_seq(&self) -> i32 {
        self.batches
            .iter()
            .filter(|b| matches!(b.state, BatchState::Acked { .. }))
            .filter_map(Batch::last_seq)
            .max()
            .unwrap_or(-1)
    }
}

impl Model for ProducerScene {
    type Event = ProducerEvent;

    /// Everything here grows with the run: without idempotence every
    /// resend appends its batch to the log again, so a link with a tiny
    /// request timeout can multiply the log many times over.
    fn footprint(&self) -> usize {
        use std::mem::size_of;
        // A record's two short strings (key and order id) sit on the heap.
        let record = size_of::<Record>() + 32;
        let log = (self.log.log_end_offset() - self.log.log_start_offset()) as usize * record;
        let batches: usize = self
            .batches
            .iter()
            .map(|b| size_of::<Batch>() + b.records.len() * size_of::<u32>())
            .sum();
        log + batches
            + self.requests.len() * size_of::<Request>()
            + self.diagram.len() * size_of::<SeqEntry>()
            + self.duplicate_offsets.len() * size_of::<u64>()
            + self.checker.violations().len() * (size_of::<Violation>() + 32)
    }

    fn is_noop(&self, event: &ProducerEvent) -> bool {
        match *event {
            // The answer came, or the connection already closed.
            ProducerEvent::RequestTimeout { request } => !self.awaiting.contains(&request),
            ProducerEvent::BackoffDone { batch } => {
                !matches!(self.batch(batch).state, BatchState::Backoff { .. })
            }
            // The batch left already: it was ready before linger ran out.
            ProducerEvent::LingerExpired { batch } => !self.queue.contains(&batch),
            _ => false,
        }
    }

    fn start(&mut self, ctx: &mut Ctx<'_, ProducerEvent>) {
        self.link_rng = ctx.rng().child(LINK_STREAM);
        if !self.config.workload.is_empty() {
            ctx.schedule_in(0, ProducerEvent::AppSend { index: 0 });
        }
        for outage in self.config.outages.clone() {
            ctx.schedule_in(
                outage.at.as_millis(),
                ProducerEvent::BrokerDown { ms: outage.ms },
            );
        }
    }

    fn handle(&mut self, event: &ProducerEvent, ctx: &mut Ctx<'_, ProducerEvent>) {
        let now = ctx.now();
        match *event {
            ProducerEvent::AppSend { index } => {
                let workload = self.config.workload;
                let (order, step) = workload.record(index);
                let key = format!("order-{order}");
                let size = record_size_in_batch(Some(key.as_bytes()), step.value().as_bytes());
                let batch_size = self.config.producer.batch_size;
                // RecordAccumulator.tryAppend: the newest unsent batch takes
                // the record if it has room, even after linger made it ready.
                let tail = self
                    .queue
                    .back()
                    .copied()
                    .filter(|&id| self.batch(id).attempts == 0);
                match tail.filter(|&id| self.batch(id).bytes + size <= batch_size) {
                    Some(id) => {
                        let batch = self.batch_mut(id);
                        batch.records.push(index);
                        batch.bytes += size;
                    }
                    None => {
                        let id = self.batches.len() as u32 + 1;
                        self.batches.push(Batch {
                            id,
                            records: vec![index],
                            bytes: RECORD_BATCH_OVERHEAD + size,
                            created_at: now,
                            base_seq: None,
                            attempts: 0,
                            state: BatchState::Open,
                        });
                        self.queue.push_back(id);
                        ctx.schedule_in(
                            u64::from(self.config.producer.linger_ms),
                            ProducerEvent::LingerExpired { batch: id },
                        );
                    }
                }
                self.stats.sent += 1;
                if index + 1 < workload.len() {
                    let next = workload
                        .sent_at(index + 1)
                        .as_millis()
                        .saturating_sub(now.as_millis());
                    ctx.schedule_in(next, ProducerEvent::AppSend { index: index + 1 });
                }
                self.drain(ctx);
            }
            ProducerEvent::LingerExpired { .. } => self.drain(ctx),
            ProducerEvent::RequestArrives { request } => {
                let response = self.broker_handle(request, now);
                let req = &mut self.requests[request as usize - 1];
                req.response = Some(response);
                if self.config.producer.acks == Acks::None {
                    return;
                }
                let back = req.answer_trip_ms;
                let batch = req.batch;
                if req.answer_lost {
                    self.note(now, SeqKind::ResponseLost { batch });
                } else {
                    let at = now.plus_millis(back).max(self.last_answer_arrival);
                    req.answered_at = Some(at);
                    self.last_answer_arrival = at;
                    ctx.schedule_in(
                        at.as_millis() - now.as_millis(),
                        ProducerEvent::AnswerArrives { request },
                    );
                }
            }
            ProducerEvent::AnswerArrives { request } => {
                let req = self.request(request).clone();
                let Some(i) = self.awaiting.iter().position(|&r| r == request) else {
                    // The producer already gave up on this request.
                    self.note(now, SeqKind::LateAnswerIgnored { batch: req.batch });
                    return;
                };
                self.awaiting.remove(i);
                match req.response {
                    Some(Response::Written {
                        base_offset,
                        duplicate,
                    }) => {
                        let n = self.batch(req.batch).records.len() as u32;
                        self.batch_mut(req.batch).state = BatchState::Acked {
                            base_offset,
                            duplicate,
                        };
                        self.stats.acked_records += n;
                        self.note(
                            now,
                            SeqKind::Ack {
                                batch: req.batch,
                                base_offset,
                                duplicate,
                            },
                        );
                    }
                    Some(Response::Error(code)) => {
                        self.note(
                            now,
                            SeqKind::Error {
                                batch: req.batch,
                                code,
                            },
                        );
                        let written_already = self
                            .batch(req.batch)
                            .last_seq()
                            .is_some_and(|last| last <= self.last_acked_seq());
                        if code == ErrorCode::OutOfOrderSequenceNumber && written_already {
                            let n = self.batch(req.batch).records.len() as u32;
                            self.batch_mut(req.batch).state = BatchState::ResolvedByLaterAck;
                            self.stats.acked_records += n;
                            self.note(now, SeqKind::Resolved { batch: req.batch });
                        } else if code == ErrorCode::OutOfOrderSequenceNumber
                            && !self.out_of_order_is_retriable(req.batch)
                        {
                            self.fail(req.batch, FailReason::Fatal(code), now);
                        } else {
                            self.retry_or_fail(req.batch, now, ctx);
                        }
                    }
                    None => {}
                }
                self.drain(ctx);
            }
            ProducerEvent::RequestTimeout { request } => {
                if !self.awaiting.contains(&request) {
                    return;
                }
                // NetworkClient closes the connection on a request timeout:
                // every request still open on it fails too.
                let failed: Vec<u32> = std::mem::take(&mut self.awaiting);
                for r in failed {
                    self.requests[r as usize - 1].abandoned = true;
                    let batch = self.request(r).batch;
                    let kind = if r == request {
                        SeqKind::Timeout { batch }
                    } else {
                        SeqKind::Disconnected { batch }
                    };
                    self.note(now, kind);
                    self.retry_or_fail(batch, now, ctx);
                }
                self.drain(ctx);
            }
            ProducerEvent::BackoffDone { batch } => {
                if !matches!(self.batch(batch).state, BatchState::Backoff { .. }) {
                    return;
                }
                self.batch_mut(batch).state = BatchState::Queued;
                let attempt = self.batch(batch).attempts + 1;
                self.note(now, SeqKind::Retry { batch, attempt });
                self.drain(ctx);
            }
            ProducerEvent::BrokerDown { ms } => {
                self.broker_down = true;
                self.note(now, SeqKind::BrokerDown);
                ctx.schedule_in(u64::from(ms), ProducerEvent::BrokerUp);
            }
            ProducerEvent::BrokerUp => {
                self.broker_down = false;
                self.note(now, SeqKind::BrokerUp);
            }
        }
    }
}

/// How one diagram line is drawn in mermaid: the arrow and who it joins.
pub fn mermaid_arrow(kind: SeqKind) -> &'static str {
    match kind {
        SeqKind::Send { .. } => "P->>B",
        SeqKind::Append { .. } | SeqKind::Duplicate { .. } => "B->>B",
        SeqKind::Ack { .. } => "B-->>P",
        SeqKind::Error { .. } | SeqKind::ResponseLost { .. } => "B--xP",
        SeqKind::RequestLost { .. } => "Note over P,B",
        SeqKind::BrokerDown | SeqKind::BrokerUp => "Note over B",
        SeqKind::Timeout { .. }
        | SeqKind::Disconnected { .. }
        | SeqKind::LateAnswerIgnored { .. }
        | SeqKind::Retry { .. }
        | SeqKind::Resolved { .. }
        | SeqKind::Failed { .. } => "Note over P",
    }
}

/// Runs a scene to `until` (or its end), for side-by-side comparisons.
pub fn run_until(
    config: ProducerSceneConfig,
    seed: u64,
    until: SimTime,
) -> Result<ProducerScene, ConfigError> {
    let mut sim = crate::sim::Sim::new(ProducerScene::new(config)?, seed);
    sim.run_until(until);
    Ok(sim.model().clone())
}

/// One simulated minute of a steady stream, 500 records a second, with no
/// faults: what a setting costs in throughput on this link.
pub fn minute_throughput(
    producer: ProducerConfig,
    link: LinkConfig,
    seed: u64,
) -> Result<u64, ConfigError> {
    const MINUTE: SimTime = SimTime(60_000);
    let config = ProducerSceneConfig {
        producer,
        link: LinkConfig {
            chaos_per_mille: 0,
            ..link
        },
        workload: Workload::Stream {
            records: 30_000,
            every_ms: 2,
        },
        log_start_offset: 0,
        faults: Vec::new(),
        outages: Vec::new(),
    };
    Ok(run_until(config, seed, MINUTE)?.throughput(MINUTE))
}

/// The price of the old advice on this link: records per second over one
/// minute with one request in flight and no idempotence, then with five in
/// flight and idempotence, both with Kafka's defaults otherwise and small
/// batches that fill in a few milliseconds.
pub fn price_of_one_in_flight(link: LinkConfig, seed: u64) -> Result<(u64, u64), ConfigError> {
    let idempotent = ProducerConfig {
        batch_size: 256,
        linger_ms: 5,
        ..ProducerConfig::default()
    };
    let one = ProducerConfig {
        max_in_flight: 1,
        enable_idempotence: false,
        ..idempotent
    };
    Ok((
        minute_throughput(one, link, seed)?,
        minute_throughput(idempotent, link, seed)?,
    ))
}

#[cfg(test)]
mod tests;
