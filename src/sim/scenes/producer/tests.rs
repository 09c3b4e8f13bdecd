use super::*;
use crate::sim::engine::Sim;

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
        faults,
        outages: Vec::new(),
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
        let s = run(chapter(false, 5, lose(1, FaultKind::LoseRequest)), seed);
        assert_eq!(
            log_events(&s),
            vec![(100, OrderEvent::Paid), (101, OrderEvent::Created)],
            "seed {seed}"
        );
        assert_eq!(s.reorders(), 1);
        let v = &s.checker.violations()[0];
        assert_eq!(v.position, Position::new(PARTITION, 101));
        assert!(s
            .diagram
            .iter()
            .any(|e| e.kind == SeqKind::Timeout { batch: 1 }));
        assert!(s.diagram.iter().any(|e| e.kind
            == SeqKind::Retry {
                batch: 1,
                attempt: 2
            }));
        assert_eq!(s.stats.retries, 1);
    }
}

#[test]
fn idempotence_turns_the_catastrophe_into_an_out_of_order_error_and_keeps_order() {
    for seed in 0..50 {
        let s = run(chapter(true, 5, lose(1, FaultKind::LoseRequest)), seed);
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
        assert_eq!(s.batch(1).base_seq, Some(0));
        assert_eq!(s.batch(2).base_seq, Some(1));
        let state = s
            .producer_state
            .as_ref()
            .expect("the broker knows the producer");
        assert_eq!(state.last_seq, 1);
        assert_eq!(state.producer_id, PRODUCER_ID);
    }
}

#[test]
fn one_in_flight_keeps_order_without_idempotence() {
    for seed in 0..50 {
        let s = run(chapter(false, 1, lose(1, FaultKind::LoseRequest)), seed);
        assert_eq!(
            log_events(&s),
            vec![(100, OrderEvent::Created), (101, OrderEvent::Paid)]
        );
        assert!(s.checker.violations().is_empty());
    }
}

#[test]
fn a_lost_answer_duplicates_without_idempotence_and_not_with_it() {
    for seed in 0..50 {
        let plain = run(chapter(false, 5, lose(1, FaultKind::LoseResponse)), seed);
        assert_eq!(plain.duplicates(), 1, "seed {seed}");
        assert_eq!(plain.log.log_end_offset(), 103);
        assert_eq!(plain.duplicate_offsets, vec![102]);
        let idem = run(chapter(true, 5, lose(1, FaultKind::LoseResponse)), seed);
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
    }
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

#[test]
fn acks_zero_never_retries_so_a_lost_request_loses_the_record() {
    let mut config = chapter(false, 5, lose(1, FaultKind::LoseRequest));
    config.producer.acks = Acks::None;
    let s = run(config, 1);
    assert_eq!(log_events(&s), vec![(100, OrderEvent::Paid)]);
    assert_eq!(s.stats.retries, 0);
    assert_eq!(s.batch(1).state, BatchState::SentUnacknowledged);
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
        log_start_offset: 0,
        faults: Vec::new(),
        outages: Vec::new(),
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
                    FaultKind::LoseRequest,
                    FaultKind::LoseResponse,
                    FaultKind::Delay { ms: 250 },
                ][((seed + u64::from(b)) % 3) as usize],
            })
            .collect();
        let s = run(config, seed);
        let expected: Vec<(u64, OrderEvent)> = (0..48u32)
            .map(|i| {
                (
                    u64::from(i),
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
        kind: FaultKind::LoseRequest,
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
