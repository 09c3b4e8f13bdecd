use super::*;
use crate::sim::checker::Position;
use crate::sim::engine::Sim;
use crate::sim::producer::Acks;
use crate::sim::record::OrderEvent;

fn chapter(idempotence: bool, max_in_flight: u32, faults: Vec<Fault>) -> ProducerSceneConfig {
    ProducerSceneConfig {
        producer: ProducerConfig {
            max_in_flight,
            retries: 3,
            enable_idempotence: idempotence,
            request_timeout_ms: 300,
            delivery_timeout_ms: 2000,
            ..ProducerConfig::default()
        },
        link: LinkConfig {
            latency_ms: 20,
            jitter_ms: 10,
            chaos_per_mille: 0,
        },
        workload: Workload::Chapter,
        log_start_offset: 100,
        known_producer: true,
        faults,
        outages: Vec::new(),
        script: Vec::new(),
    }
}

fn lose(batch: u32, kind: FaultKind) -> Vec<Fault> {
    vec![Fault {
        batch,
        attempt: 1,
        kind,
    }]
}

fn run(config: ProducerSceneConfig, seed: u64) -> ProducerScene {
    let mut sim = Sim::new(ProducerScene::new(config).expect("a valid config"), seed);
    let mut n = 0;
    while sim.step() {
        n += 1;
        assert!(n < 2_000_000, "the run must end");
    }
    sim.model().clone()
}

fn log_events(s: &ProducerScene) -> Vec<(u64, OrderEvent)> {
    s.log.records().map(|r| (r.offset, r.event)).collect()
}

#[test]
fn the_chapters_catastrophe_paid_at_100_created_at_101() {
    for seed in 0..50 {
        let s = run(chapter(false, 5, lose(1, FaultKind::Corrupt)), seed);
        assert_eq!(
            log_events(&s),
            vec![(100, OrderEvent::Paid), (101, OrderEvent::Created)],
            "seed {seed}"
        );
        assert_eq!(s.reorders(), 1);
        let v = &s.checker.violations()[0];
        assert_eq!(v.position, Position::new(PARTITION, 101));
        // The broker answered batch 1 with an error while batch 2 was on
        // its way: no request vanished, no timeout was needed.
        assert_eq!(errors(&s), vec![ErrorCode::CorruptMessage]);
        assert!(!s.diagram.iter().any(|e| matches!(
            e.kind,
            SeqKind::Timeout { .. } | SeqKind::RequestLost { .. }
        )));
        assert!(s.diagram.iter().any(|e| e.kind
            == SeqKind::Retry {
                batch: 1,
                attempt: 2
            }));
        assert_eq!(s.stats.retries, 1);
    }
}

fn errors(s: &ProducerScene) -> Vec<ErrorCode> {
    s.diagram
        .iter()
        .filter_map(|e| match e.kind {
            SeqKind::Error { code, .. } => Some(code),
            _ => None,
        })
        .collect()
}

#[test]
fn idempotence_turns_the_catastrophe_into_an_out_of_order_error_and_keeps_order() {
    for seed in 0..50 {
        let s = run(chapter(true, 5, lose(1, FaultKind::Corrupt)), seed);
        assert_eq!(
            log_events(&s),
            vec![(100, OrderEvent::Created), (101, OrderEvent::Paid)],
            "seed {seed}"
        );
        assert!(s.checker.violations().is_empty());
        assert!(s.diagram.iter().any(|e| e.kind
            == SeqKind::Error {
                batch: 2,
                code: ErrorCode::OutOfOrderSequenceNumber
            }));
        // The producer wrote offsets 0-99 itself, with sequences 0-99.
        assert_eq!(s.batch(1).base_seq, Some(100));
        assert_eq!(s.batch(2).base_seq, Some(101));
        assert_eq!(
            errors(&s),
            vec![
                ErrorCode::CorruptMessage,
                ErrorCode::OutOfOrderSequenceNumber
            ]
        );
        let state = s
            .producer_state
            .as_ref()
            .expect("the broker knows the producer");
        assert_eq!(state.last_seq, 101);
        assert_eq!(state.producer_id, PRODUCER_ID);
        assert_eq!((s.epoch(), s.stats.failed_records, s.lost()), (0, 0, 0));
    }
}

/// KAFKA-15591, as a real broker does it: no state for a new producer id,
/// so batch 2's sequence 1 is accepted as its first; batch 1's sequence 0
/// is then out of order on every retry until the retries run out. The
/// producer bumps its epoch (KIP-360) and Created is lost.
#[test]
fn a_new_producer_loses_created_to_kafka_15591() {
    for seed in 0..50 {
        let mut config = chapter(true, 5, lose(1, FaultKind::Corrupt));
        config.known_producer = false;
        let s = run(config, seed);
        assert_eq!(log_events(&s), vec![(100, OrderEvent::Paid)], "seed {seed}");
        assert_eq!(
            errors(&s),
            vec![
                ErrorCode::CorruptMessage,
                ErrorCode::OutOfOrderSequenceNumber,
                ErrorCode::OutOfOrderSequenceNumber,
                ErrorCode::OutOfOrderSequenceNumber
            ]
        );
        assert_eq!(
            s.batch(1).state,
            BatchState::Failed(FailReason::RetriesExhausted)
        );
        assert_eq!((s.stats.failed_records, s.lost(), s.written()), (1, 1, 1));
        assert_eq!(s.epoch(), 1, "KIP-360: the epoch is bumped");
        assert!(s
            .diagram
            .iter()
            .any(|e| e.kind == SeqKind::EpochBumped { epoch: 1 }));
        // Not a clean run: the order's history misses its first event.
        assert_eq!(s.gaps(), 1);
    }
}

/// KIP-360: after a batch fails for good the producer bumps its epoch and
/// numbers what is pending from 0, and the stream goes on. Before, every
/// later batch failed with OUT_OF_ORDER_SEQUENCE_NUMBER.
///
/// Batch 3 runs out of retries on CORRUPT_MESSAGE, which by itself asks for
/// no bump (`handleFailedBatch`, no retries left). Batch 4, right behind the
/// gap, is refused as out of order; `TransactionManager.canRetry` retries it
/// without a bump, since it is not the sequence after the last acknowledged
/// one, until its own retries run out: that failure bumps the epoch, and
/// everything after it is written.
#[test]
fn after_a_batch_fails_for_good_the_epoch_is_bumped_and_the_stream_goes_on() {
    for seed in 0..30 {
        let mut config = chaos(true, 5, 0, 200);
        config.producer.retries = 3;
        config.faults = (1..=4)
            .map(|attempt| Fault {
                batch: 3,
                attempt,
                kind: FaultKind::Corrupt,
            })
            .collect();
        let s = run(config, seed);
        assert_eq!(
            s.batch(3).state,
            BatchState::Failed(FailReason::RetriesExhausted),
            "seed {seed}"
        );
        assert_eq!(
            s.batch(4).state,
            BatchState::Failed(FailReason::RetriesExhausted),
            "seed {seed}"
        );
        let lost = (s.batch(3).records.len() + s.batch(4).records.len()) as u32;
        assert_eq!(s.stats.failed_records, lost, "seed {seed}");
        assert_eq!(s.written(), 200 - lost, "seed {seed}");
        assert_eq!(s.epoch(), 1, "seed {seed}");
        assert!(s
            .batches
            .iter()
            .filter(|b| b.id > 4)
            .all(|b| matches!(b.state, BatchState::Acked { .. })));
    }
}

#[test]
fn one_in_flight_keeps_order_without_idempotence() {
    for seed in 0..50 {
        let s = run(chapter(false, 1, lose(1, FaultKind::Corrupt)), seed);
        assert_eq!(
            log_events(&s),
            vec![(100, OrderEvent::Created), (101, OrderEvent::Paid)]
        );
        assert!(s.checker.violations().is_empty());
    }
}

/// On TCP an answer is lost only with its connection, and batch 2, still on
/// its way, dies with it. Both are retried, newest first without
/// idempotence (`RecordAccumulator.reenqueue` puts each at the front).
#[test]
fn a_broken_connection_duplicates_without_idempotence_and_not_with_it() {
    for seed in 0..50 {
        let plain = run(chapter(false, 5, lose(1, FaultKind::Disconnect)), seed);
        assert_eq!(
            log_events(&plain),
            vec![
                (100, OrderEvent::Created),
                (101, OrderEvent::Paid),
                (102, OrderEvent::Created)
            ],
            "seed {seed}"
        );
        assert_eq!(plain.duplicates(), 1, "seed {seed}");
        assert_eq!(plain.duplicate_offsets, vec![102]);
        assert!(plain.requests[1].lost, "batch 2 died with the connection");
        assert!(plain
            .diagram
            .iter()
            .any(|e| e.kind == SeqKind::Disconnected { batch: 2 }));
        assert!(errors(&plain).is_empty());
        let idem = run(chapter(true, 5, lose(1, FaultKind::Disconnect)), seed);
        assert_eq!(idem.duplicates(), 0);
        assert_eq!(
            log_events(&idem),
            vec![(100, OrderEvent::Created), (101, OrderEvent::Paid)]
        );
        assert!(idem.diagram.iter().any(|e| e.kind
            == SeqKind::Duplicate {
                batch: 1,
                base_offset: 100
            }));
        assert_eq!(
            idem.batch(1).state,
            BatchState::Acked {
                base_offset: 100,
                duplicate: true
            }
        );
        // A recognised duplicate is answered with no error.
        assert!(errors(&idem).is_empty());
    }
}

/// An idempotent retry leaves once its sequence is the lowest the producer
/// still waits for, while later batches are still in flight
/// (`shouldStopDrainBatchesForPartition`), not once nothing is in flight.
#[test]
fn an_idempotent_retry_goes_while_later_batches_are_in_flight() {
    let found = (0..50).any(|seed| {
        let mut config = chaos(true, 5, 0, 60);
        config.faults = lose(1, FaultKind::Corrupt);
        let s = run(config, seed);
        let retry = s
            .requests
            .iter()
            .find(|r| r.batch == 1 && r.attempt == 2)
            .expect("batch 1 is retried");
        s.requests.iter().any(|r| {
            r.batch > 1
                && r.sent_at < retry.sent_at
                && r.answered_at.is_some_and(|a| a > retry.sent_at)
        })
    });
    assert!(found);
}

/// Since 3.7 each retry waits about twice as long as the one before, up to
/// `retry.backoff.max.ms`, within ±20 % (`ExponentialBackoff`).
#[test]
fn retries_back_off_exponentially_up_to_the_maximum() {
    for seed in 0..20 {
        let mut config = chapter(false, 1, Vec::new());
        config.producer.retries = 10;
        config.producer.retry_backoff_ms = 100;
        config.producer.retry_backoff_max_ms = 300;
        config.faults = (1..=4)
            .map(|attempt| Fault {
                batch: 1,
                attempt,
                kind: FaultKind::Corrupt,
            })
            .collect();
        let s = run(config, seed);
        let sends: Vec<u64> = s
            .requests
            .iter()
            .filter(|r| r.batch == 1)
            .map(|r| r.sent_at.as_millis())
            .collect();
        let answers: Vec<u64> = s
            .requests
            .iter()
            .filter(|r| r.batch == 1)
            .filter_map(|r| r.answered_at.map(SimTime::as_millis))
            .collect();
        let waits: Vec<u64> = answers
            .iter()
            .zip(&sends[1..])
            .map(|(a, b)| b - a)
            .collect();
        assert_eq!(waits.len(), 4, "seed {seed}");
        for (wait, nominal) in waits.iter().zip([100u64, 200, 300, 300]) {
            assert!(
                (nominal * 8 / 10..=(nominal * 12 / 10).min(300)).contains(wait),
                "seed {seed}: waits {waits:?}"
            );
        }
    }
}

/// `delivery.timeout.ms` expires a batch still queued or in flight at the
/// deadline: the application is told it failed, though the broker may have
/// written it from a request still on its way.
#[test]
fn a_delivery_timeout_can_report_a_written_record_as_failed() {
    let mut config = chapter(false, 5, Vec::new());
    config.producer.request_timeout_ms = 1900;
    config.producer.delivery_timeout_ms = 2000;
    config.faults = vec![Fault {
        batch: 1,
        attempt: 1,
        kind: FaultKind::Delay { ms: 2500 },
    }];
    let s = run(config, 1);
    // Paid travelled behind Created on the same connection, so it failed
    // with it and expired too, at its own deadline.
    for (batch, deadline) in [(1, 2000), (2, 2005)] {
        assert_eq!(
            s.batch(batch).state,
            BatchState::Failed(FailReason::DeliveryTimeout)
        );
        let failed_at = s
            .diagram
            .iter()
            .find(|e| matches!(e.kind, SeqKind::Failed { batch: b, .. } if b == batch))
            .map(|e| e.at.as_millis());
        assert_eq!(failed_at, Some(deadline), "at the deadline, not at a retry");
    }
    assert_eq!(s.stats.failed_records, 2);
    // The delayed requests still reached the broker on the closed
    // connection (and a retry sent before the deadline may have too).
    let logged: Vec<OrderEvent> = log_events(&s).into_iter().map(|(_, e)| e).collect();
    assert!(logged.contains(&OrderEvent::Created) && logged.contains(&OrderEvent::Paid));
    assert!(
        s.requests[0].response.is_some(),
        "the delayed Created arrived"
    );
    assert_eq!(s.lost(), 0, "reported failed, yet written");
}

#[test]
fn config_errors_are_the_clients_own() {
    let bad = chapter(true, 6, vec![]);
    assert_eq!(
        ProducerScene::new(bad).err(),
        Some(ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight: 6 })
    );
    assert!(ProducerScene::new(chapter(false, 10, vec![])).is_ok());
}

/// With acks=0 nobody hears of the refusal: Created is lost, and the run is
/// not "every record once, in order" but a broken history.
#[test]
fn acks_zero_never_retries_so_a_refused_batch_loses_the_record() {
    let mut config = chapter(false, 5, lose(1, FaultKind::Corrupt));
    config.producer.acks = Acks::None;
    let s = run(config, 1);
    assert_eq!(log_events(&s), vec![(100, OrderEvent::Paid)]);
    assert_eq!(s.stats.retries, 0);
    assert_eq!(s.batch(1).state, BatchState::SentUnacknowledged);
    assert_eq!((s.lost(), s.stats.failed_records, s.gaps()), (1, 0, 1));
}

/// With retries=0 the application is told Created failed, and Paid is in the
/// log without it.
#[test]
fn no_retries_reports_the_failure_and_breaks_the_history() {
    let mut config = chapter(false, 5, lose(1, FaultKind::Corrupt));
    config.producer.retries = 0;
    let s = run(config, 1);
    assert_eq!(log_events(&s), vec![(100, OrderEvent::Paid)]);
    assert_eq!((s.lost(), s.stats.failed_records, s.gaps()), (1, 1, 1));
    assert_eq!(s.reorders() + s.duplicates(), 0);
}

#[test]
fn an_outage_answers_not_leader_and_the_batch_is_retried() {
    let mut config = chapter(true, 5, vec![]);
    config.outages = vec![Outage {
        at: SimTime(0),
        ms: 150,
    }];
    let s = run(config, 3);
    assert!(s.diagram.iter().any(|e| matches!(
        e.kind,
        SeqKind::Error {
            code: ErrorCode::NotLeaderOrFollower,
            ..
        }
    )));
    assert_eq!(
        log_events(&s),
        vec![(100, OrderEvent::Created), (101, OrderEvent::Paid)]
    );
}

fn chaos(
    idempotence: bool,
    max_in_flight: u32,
    per_mille: u32,
    records: u32,
) -> ProducerSceneConfig {
    ProducerSceneConfig {
        producer: ProducerConfig {
            max_in_flight,
            enable_idempotence: idempotence,
            batch_size: 120,
            linger_ms: 3,
            request_timeout_ms: 200,
            retry_backoff_ms: 30,
            delivery_timeout_ms: 600_000,
            ..ProducerConfig::default()
        },
        link: LinkConfig {
            latency_ms: 15,
            jitter_ms: 25,
            chaos_per_mille: per_mille,
        },
        workload: Workload::Stream {
            records,
            every_ms: 2,
        },
        // The producer wrote the first hundred offsets itself: the broker
        // knows it (a new one would meet KAFKA-15591).
        log_start_offset: 100,
        known_producer: true,
        faults: Vec::new(),
        outages: Vec::new(),
        script: Vec::new(),
    }
}

#[test]
fn idempotent_logs_hold_every_record_once_in_send_order_whatever_the_faults() {
    for seed in 0..400u64 {
        let max_in_flight = 1 + (seed % 5) as u32;
        let per_mille = (seed * 37 % 500) as u32;
        let mut config = chaos(true, max_in_flight, per_mille, 48);
        // Scripted faults on top of the random ones.
        config.faults = (1..=6)
            .map(|b| Fault {
                batch: b,
                attempt: 1 + (seed as u32 + b) % 2,
                kind: [
                    FaultKind::Corrupt,
                    FaultKind::Disconnect,
                    FaultKind::Delay { ms: 250 },
                ][((seed + u64::from(b)) % 3) as usize],
            })
            .collect();
        let s = run(config, seed);
        let expected: Vec<(u64, OrderEvent)> = (0..48u32)
            .map(|i| {
                (
                    100 + u64::from(i),
                    Workload::Stream {
                        records: 48,
                        every_ms: 2,
                    }
                    .record(i)
                    .1,
                )
            })
            .collect();
        assert_eq!(log_events(&s), expected, "seed {seed}");
        let keys: Vec<String> = s.log.records().map(|r| r.entity.clone()).collect();
        let expected_keys: Vec<String> = (0..48u32)
            .map(|i| format!("order-{}", 1000 + i / 4))
            .collect();
        assert_eq!(keys, expected_keys);
        assert!(s.checker.violations().is_empty());
        assert_eq!(
            s.stats.acked_records,
            48,
            "seed {seed}: {:?}",
            s.batches
                .iter()
                .map(|b| (b.id, b.state, b.attempts))
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn one_in_flight_never_reorders_but_can_duplicate() {
    let mut duplicated = false;
    for seed in 0..300u64 {
        let s = run(chaos(false, 1, 300, 40), seed);
        assert_eq!(s.reorders(), 0, "seed {seed}");
        duplicated |= s.duplicates() > 0;
    }
    assert!(duplicated, "a lost answer must duplicate in some run");
}

#[test]
fn several_in_flight_with_retries_and_no_idempotence_reorder_on_some_seed() {
    let found = (0..300u64).find(|&seed| run(chaos(false, 5, 200, 40), seed).reorders() > 0);
    assert!(found.is_some(), "no seed reordered");
}

#[test]
fn a_fault_added_later_does_not_change_what_came_before() {
    let base = chaos(false, 5, 50, 40);
    let mut with_fault = base.clone();
    with_fault.faults.push(Fault {
        batch: 6,
        attempt: 1,
        kind: FaultKind::Corrupt,
    });
    let a = run(base, 9);
    let b = run(with_fault, 9);
    let sent_6 = b
        .requests
        .iter()
        .find(|r| r.batch == 6)
        .map(|r| r.sent_at)
        .expect("batch 6 was sent");
    let before = |s: &ProducerScene| -> Vec<SeqEntry> {
        s.diagram
            .iter()
            .filter(|e| e.at < sent_6)
            .copied()
            .collect()
    };
    assert_eq!(before(&a), before(&b));
}

#[test]
fn one_in_flight_costs_throughput_over_a_minute() {
    let link = LinkConfig {
        latency_ms: 20,
        jitter_ms: 10,
        chaos_per_mille: 0,
    };
    let (one, five) = price_of_one_in_flight(link, 1).expect("valid");
    // 500 records/s offered: five in flight keep up, one does not.
    assert!((480..=500).contains(&five), "five in flight: {five}");
    assert!(one < five * 3 / 4, "one in flight: {one}, five: {five}");
}
