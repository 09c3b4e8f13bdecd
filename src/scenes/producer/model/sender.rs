//! The Java producer's sender and the broker's partition leader: what
//! each event of the run does to the batches, the connection and the log.
//!
//! Read from apache/kafka's clients: `RecordAccumulator` (`ready`,
//! `tryAppend`, `drainBatchesForOneNode`, `shouldStopDrainBatchesForPartition`,
//! `reenqueue`, `insertInSequenceOrder`, `expiredBatches`), `Sender`
//! (`completeBatch`, `canRetry`, `failBatch`, `getExpiredInflightBatches`,
//! `runOnce`), `NetworkClient` (a request timeout closes the connection,
//! and `processDisconnection` fails every request open on it) and
//! `ExponentialBackoff`.

use super::broker::{self, SequenceCheck};
use super::config::{ErrorCode, FaultKind};
use super::scene::{
    Batch, BatchState, FailReason, ProducerScene, Request, Response, SeqKind, PARTITION,
    PRODUCER_ID, TOPIC,
};
use crate::sim::checker::{FindingKind, Observer, Position};
use crate::sim::engine::Ctx;
use crate::sim::producer::Acks;
use crate::sim::time::SimTime;

/// `CommonClientConfigs.RETRY_BACKOFF_JITTER`: ±20 %, here in per mille.
const JITTER_PER_MILLE: u64 = 200;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProducerEvent {
    AppSend {
        index: u32,
    },
    LingerExpired {
        batch: u32,
    },
    RequestArrives {
        request: u32,
    },
    AnswerArrives {
        request: u32,
    },
    /// The client sees the end of a connection the network broke.
    ConnectionClosed {
        connection: u32,
    },
    RequestTimeout {
        request: u32,
    },
    BackoffDone {
        batch: u32,
    },
    /// `delivery.timeout.ms` after the batch was created.
    DeliveryDeadline {
        batch: u32,
    },
    BrokerDown {
        ms: u32,
    },
    BrokerUp,
}

impl ProducerScene {
    fn idempotent(&self) -> bool {
        self.config.producer.enable_idempotence
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

    /// The lowest sequence among the batches the client still tracks
    /// (`TransactionManager.firstInFlightSequence`).
    fn first_pending_seq(&self) -> Option<i32> {
        self.batches
            .iter()
            .filter(|b| b.pending())
            .filter_map(|b| b.base_seq)
            .min()
    }

    /// `Sender.runOnce` before it drains: settle an unresolved sequence once
    /// nothing is pending, then bump the epoch if that was asked for.
    fn before_drain(&mut self, now: SimTime) {
        if !self.idempotent() {
            return;
        }
        if self.sequences.unresolved.is_some() && self.first_pending_seq().is_none() {
            self.sequences.resolve();
        }
        if self.sequences.bump_required {
            let mut pending: Vec<(i32, u32)> = self
                .batches
                .iter()
                .filter(|b| b.pending())
                .filter_map(|b| b.base_seq.map(|s| (s, b.id)))
                .collect();
            crate::sim::sort::sort(&mut pending);
            let counts: Vec<i32> = pending
                .iter()
                .map(|&(_, id)| self.batch(id).records.len() as i32)
                .collect();
            let bases = self.sequences.bump(&counts);
            let epoch = self.sequences.epoch;
            for (&(_, id), base) in pending.iter().zip(bases) {
                let b = self.batch_mut(id);
                b.base_seq = Some(base);
                b.epoch = epoch;
                b.sequence_reset = true;
            }
            self.note(now, SeqKind::EpochBumped { epoch });
        }
    }

    /// The sender: takes batches from the queue while there is room in
    /// flight, keeping the client's ordering rules.
    pub(super) fn drain(&mut self, ctx: &mut Ctx<'_, ProducerEvent>) {
        self.before_drain(ctx.now());
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
            if self.idempotent() {
                let seq = self.batch(id).base_seq;
                // shouldStopDrainBatchesForPartition: no new batch while an
                // expired one's fate is unknown, and a retry only once its
                // sequence is the lowest the client still tracks.
                if seq.is_none() && self.sequences.unresolved.is_some() {
                    break;
                }
                if seq.is_some() && seq != self.first_pending_seq() {
                    break;
                }
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
            let (seq, epoch) = (self.sequences.next_seq, self.sequences.epoch);
            let b = self.batch_mut(id);
            b.base_seq = Some(seq);
            b.epoch = epoch;
            self.sequences.next_seq += n;
        }
        let batch = self.batch_mut(id);
        batch.attempts += 1;
        batch.state = BatchState::InFlight;
        let (attempt, base_seq, epoch) = (batch.attempts, batch.base_seq, batch.epoch);
        let fault = self
            .fault_for(id, attempt)
            .or(if chaos < link.chaos_per_mille / 2 {
                Some(FaultKind::Corrupt)
            } else if chaos < link.chaos_per_mille {
                Some(FaultKind::Disconnect)
            } else {
                None
            });
        let delay = match fault {
            Some(FaultKind::Delay { ms }) => u64::from(ms),
            _ => 0,
        };
        let arrives_at = now
            .plus_millis(out + delay)
            .max(self.connection.last_request_arrival);
        self.connection.last_request_arrival = arrives_at;
        let request_id = self.requests.len() as u32 + 1;
        self.requests.push(Request {
            id: request_id,
            batch: id,
            attempt,
            epoch,
            base_seq,
            connection: self.connection.id,
            sent_at: now,
            arrives_at,
            lost: false,
            answered_at: None,
            answer_trip_ms: back,
            fault,
            response: None,
            abandoned: false,
        });
        self.note(
            now,
            SeqKind::Send {
                batch: id,
                attempt,
                epoch,
                base_seq,
            },
        );
        ctx.schedule_in(
            arrives_at.as_millis() - now.as_millis(),
            ProducerEvent::RequestArrives {
                request: request_id,
            },
        );
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
    pub(super) fn broker_handle(&mut self, request_id: u32, now: SimTime) -> Response {
        let req = self.request(request_id).clone();
        if self.broker_down {
            return Response::Error(ErrorCode::NotLeaderOrFollower);
        }
        if req.fault == Some(FaultKind::Corrupt) {
            return Response::Error(ErrorCode::CorruptMessage);
        }
        let batch = self.batch(req.batch).clone();
        let mut written_as = None;
        if let (true, Some(first)) = (self.idempotent(), req.base_seq) {
            let last = first + batch.records.len() as i32 - 1;
            match broker::check(self.producer_state.as_ref(), req.epoch, first, last) {
                SequenceCheck::Duplicate { base_offset } => {
                    self.note(
                        now,
                        SeqKind::Duplicate {
                            batch: req.batch,
                            base_offset,
                        },
                    );
                    return Response::Written {
                        base_offset,
                        duplicate: true,
                    };
                }
                SequenceCheck::OutOfOrder => {
                    return Response::Error(ErrorCode::OutOfOrderSequenceNumber)
                }
                SequenceCheck::OlderEpoch => {
                    return Response::Error(ErrorCode::InvalidProducerEpoch)
                }
                SequenceCheck::Append => written_as = Some((first, last)),
            }
        }
        let base_offset = self.append(&batch, now);
        if let Some((first, last)) = written_as {
            self.producer_state = Some(broker::appended(
                self.producer_state.take(),
                PRODUCER_ID,
                req.epoch,
                first,
                last,
                base_offset,
            ));
        }
        self.note(
            now,
            SeqKind::Append {
                batch: req.batch,
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
        for &index in &batch.records {
            let (order, event) = self.config.record(index);
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

    /// `ExponentialBackoff.backoff(retries - 1)`: `retry.backoff.ms`
    /// doubled per retry up to `retry.backoff.max.ms`, with ±20 % jitter.
    fn backoff_ms(&mut self, retries: u32) -> u64 {
        let p = self.config.producer;
        let max = u64::from(p.retry_backoff_max_ms);
        let initial = u64::from(p.retry_backoff_ms).min(max);
        // The jitter is drawn whatever the settings, so changing them never
        // shifts the rest of the run's numbers.
        let factor = 1000 - JITTER_PER_MILLE + self.backoff_rng.below(2 * JITTER_PER_MILLE + 1);
        if max <= initial {
            return initial;
        }
        let doubled = initial.saturating_mul(1u64 << retries.saturating_sub(1).min(32));
        (doubled.min(max) * factor / 1000).min(max)
    }

    /// After a failed attempt: back off and retry, or tell the application.
    /// `code` is the broker's error, `None` for a closed connection.
    fn retry_or_fail(
        &mut self,
        id: u32,
        code: Option<ErrorCode>,
        now: SimTime,
        ctx: &mut Ctx<'_, ProducerEvent>,
    ) {
        let p = self.config.producer;
        let batch = self.batch(id).clone();
        if !batch.pending() {
            // It expired while its request was out.
            return;
        }
        let deadline =
            now.as_millis() >= batch.created_at.as_millis() + u64::from(p.delivery_timeout_ms);
        // Kafka counts retries, the scene counts sends.
        let retries_done = batch.attempts - 1;
        let exhausted = retries_done >= p.retries;
        // Sender.canRetry: the transaction manager is asked last, and only
        // then may it ask for an epoch bump.
        let retriable = !deadline
            && !exhausted
            && match (code, batch.base_seq) {
                (None, _) => true,
                (Some(ErrorCode::OutOfOrderSequenceNumber), Some(seq)) if self.idempotent() => {
                    self.sequences.retry_out_of_order(seq, batch.sequence_reset);
                    true
                }
                (Some(c), _) => c.retriable(),
            };
        if retriable {
            let backoff = self.backoff_ms(batch.attempts);
            let until = now.plus_millis(backoff);
            self.batch_mut(id).state = BatchState::Backoff { until };
            self.stats.retries += 1;
            self.reenqueue(id);
            ctx.schedule_in(backoff, ProducerEvent::BackoffDone { batch: id });
            return;
        }
        let reason = match code {
            _ if deadline => FailReason::DeliveryTimeout,
            _ if exhausted => FailReason::RetriesExhausted,
            Some(c) => FailReason::Fatal(c),
            None => FailReason::RetriesExhausted,
        };
        self.fail(id, reason, now);
        if self.idempotent() {
            self.sequences.failed(code, retries_done < p.retries);
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

    /// `Sender.sendProducerData`'s expiry: a batch still queued or in flight
    /// at `delivery.timeout.ms` fails with a `TimeoutException`, though the
    /// broker may have it. One that was retried leaves its sequence
    /// unresolved until what is in flight comes back.
    pub(super) fn expire(&mut self, id: u32, now: SimTime) {
        let batch = self.batch(id).clone();
        if !batch.pending() {
            return;
        }
        self.queue.retain(|&b| b != id);
        self.fail(id, FailReason::DeliveryTimeout, now);
        if let (true, Some(last)) = (self.idempotent() && batch.attempts > 1, batch.last_seq()) {
            self.sequences.mark_unresolved(last);
        }
    }

    /// The broker's answer (or its silence) for a request that arrived.
    pub(super) fn answer(&mut self, request: u32, now: SimTime, ctx: &mut Ctx<'_, ProducerEvent>) {
        let req = self.request(request).clone();
        if req.fault == Some(FaultKind::Disconnect) {
            // The answer dies with the connection, and so does every request
            // sent on it that has not arrived yet.
            self.note(now, SeqKind::ConnectionBroken { batch: req.batch });
            self.broken.insert(req.connection);
            if req.connection == self.connection.id {
                let at = now
                    .plus_millis(req.answer_trip_ms)
                    .max(self.connection.last_answer_arrival);
                ctx.schedule_in(
                    at.as_millis() - now.as_millis(),
                    ProducerEvent::ConnectionClosed {
                        connection: req.connection,
                    },
                );
            }
            return;
        }
        if self.config.producer.acks == Acks::None || req.connection != self.connection.id {
            // No answer for acks=0; and the client closed that connection.
            return;
        }
        let at = now
            .plus_millis(req.answer_trip_ms)
            .max(self.connection.last_answer_arrival);
        self.connection.last_answer_arrival = at;
        self.requests[request as usize - 1].answered_at = Some(at);
        ctx.schedule_in(
            at.as_millis() - now.as_millis(),
            ProducerEvent::AnswerArrives { request },
        );
    }

    /// The client closes its connection (after a request timeout) or sees
    /// it closed: every request it was waiting for on it fails, oldest
    /// first, and the next request opens a new one.
    pub(super) fn close_connection(
        &mut self,
        timed_out: Option<u32>,
        now: SimTime,
        ctx: &mut Ctx<'_, ProducerEvent>,
    ) {
        let failed: Vec<u32> = std::mem::take(&mut self.awaiting);
        for r in failed {
            self.requests[r as usize - 1].abandoned = true;
            let batch = self.request(r).batch;
            let kind = if Some(r) == timed_out {
                SeqKind::Timeout { batch }
            } else {
                SeqKind::Disconnected { batch }
            };
            self.note(now, kind);
            self.retry_or_fail(batch, None, now, ctx);
        }
        self.connection = super::scene::Connection {
            id: self.connection.id + 1,
            ..Default::default()
        };
    }

    pub(super) fn on_answer(
        &mut self,
        request: u32,
        now: SimTime,
        ctx: &mut Ctx<'_, ProducerEvent>,
    ) {
        let req = self.request(request).clone();
        let Some(i) = self.awaiting.iter().position(|&r| r == request) else {
            // The producer already gave up on this request.
            self.note(now, SeqKind::LateAnswerIgnored { batch: req.batch });
            return;
        };
        self.awaiting.remove(i);
        let pending = self.batch(req.batch).pending();
        match req.response {
            Some(Response::Written {
                base_offset,
                duplicate,
            }) => {
                // handleCompletedBatch runs even for a batch that expired
                // meanwhile: the sequences move on all the same.
                if let Some(last) = self.batch(req.batch).last_seq() {
                    self.sequences.acked(last);
                }
                if !pending {
                    self.note(now, SeqKind::LateAnswerIgnored { batch: req.batch });
                    return;
                }
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
                self.retry_or_fail(req.batch, Some(code), now, ctx);
            }
            None => {}
        }
    }
}
