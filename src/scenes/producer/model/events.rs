//! The producer scene as a model of the engine: where the run starts, what
//! each event does, and which events have become no-ops.

use super::scene::{Batch, BatchState, ProducerScene, Request, SeqKind};
use super::sender::ProducerEvent;
use crate::sim::engine::{Ctx, Model};
use crate::sim::record::{record_size_in_batch, Record, RECORD_BATCH_OVERHEAD};
use crate::sim::time::SimTime;

const LINK_STREAM: u64 = 1;
const BACKOFF_STREAM: u64 = 2;

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
            + self.diagram.len() * size_of::<super::scene::SeqEntry>()
            + self.duplicate_offsets.len() * size_of::<u64>()
            + self.broken.len() * size_of::<u32>()
            + self.checker.violations().len() * (size_of::<crate::sim::checker::Violation>() + 32)
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
            ProducerEvent::DeliveryDeadline { batch } => !self.batch(batch).pending(),
            _ => false,
        }
    }

    fn start(&mut self, ctx: &mut Ctx<'_, ProducerEvent>) {
        self.link_rng = ctx.rng().child(LINK_STREAM);
        self.backoff_rng = ctx.rng().child(BACKOFF_STREAM);
        if self.config.records() > 0 {
            let first = self.config.sent_at(0).as_millis();
            ctx.schedule_in(first, ProducerEvent::AppSend { index: 0 });
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
                self.accept(index, now, ctx);
                self.drain(ctx);
            }
            ProducerEvent::LingerExpired { .. } => self.drain(ctx),
            ProducerEvent::RequestArrives { request } => {
                let req = self.request(request).clone();
                if self.broken.contains(&req.connection) {
                    self.requests[request as usize - 1].lost = true;
                    self.note(
                        now,
                        SeqKind::RequestLost {
                            batch: req.batch,
                            attempt: req.attempt,
                        },
                    );
                    return;
                }
                let response = self.broker_handle(request, now);
                self.requests[request as usize - 1].response = Some(response);
                self.answer(request, now, ctx);
            }
            ProducerEvent::AnswerArrives { request } => {
                self.on_answer(request, now, ctx);
                self.drain(ctx);
            }
            ProducerEvent::ConnectionClosed { connection } => {
                if connection == self.connection.id {
                    self.close_connection(None, now, ctx);
                }
                self.drain(ctx);
            }
            ProducerEvent::RequestTimeout { request } => {
                if !self.awaiting.contains(&request) {
                    return;
                }
                // NetworkClient closes the connection on a request timeout:
                // every request still open on it fails too.
                self.close_connection(Some(request), now, ctx);
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
            ProducerEvent::DeliveryDeadline { batch } => {
                self.expire(batch, now);
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

impl ProducerScene {
    /// `RecordAccumulator.tryAppend`: the newest unsent batch takes the
    /// record if it has room, even after linger made it ready; otherwise a
    /// new batch starts, with its linger and its delivery deadline.
    pub(super) fn accept(&mut self, index: u32, now: SimTime, ctx: &mut Ctx<'_, ProducerEvent>) {
        let (order, step) = self.config.record(index);
        let key = format!("order-{order}");
        let size = record_size_in_batch(Some(key.as_bytes()), step.value().as_bytes());
        let p = self.config.producer;
        let tail = self
            .queue
            .back()
            .copied()
            .filter(|&id| self.batch(id).attempts == 0);
        match tail.filter(|&id| self.batch(id).bytes + size <= p.batch_size) {
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
                    epoch: self.sequences.epoch,
                    sequence_reset: false,
                    attempts: 0,
                    state: BatchState::Open,
                });
                self.queue.push_back(id);
                ctx.schedule_in(
                    u64::from(p.linger_ms),
                    ProducerEvent::LingerExpired { batch: id },
                );
                ctx.schedule_in(
                    u64::from(p.delivery_timeout_ms),
                    ProducerEvent::DeliveryDeadline { batch: id },
                );
            }
        }
        self.stats.sent += 1;
        if index + 1 < self.config.records() {
            let next = self
                .config
                .sent_at(index + 1)
                .as_millis()
                .saturating_sub(now.as_millis());
            ctx.schedule_in(next, ProducerEvent::AppSend { index: index + 1 });
        }
    }
}
