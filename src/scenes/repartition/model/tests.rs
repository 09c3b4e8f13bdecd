use super::*;
use crate::sim::partitioner::{jump_consistent_hash, murmur2, to_positive};

fn config(from: u32, to: u32, strategy: Strategy) -> RepartitionConfig {
    RepartitionConfig {
        from,
        to,
        strategy,
        offset_reset: OffsetReset::Earliest,
        speeds: Speeds::default(),
    }
}

#[test]
fn an_idle_poll_is_quiet_and_changes_nothing() {
    let mut quiet = 0;
    for seed in 0..10 {
        for strategy in [Strategy::Naive, Strategy::TwoPhase, Strategy::NewTopic] {
            let sim = crate::sim::Sim::new(Repartition::new(config(3, 4, strategy)), seed);
            quiet += crate::sim::engine::assert_quiet_events_change_nothing(sim);
        }
    }
    assert!(quiet > 0, "the lanes start idle");
}

#[test]
fn the_moved_fraction_matches_a_direct_count() {
    let hashes: Vec<u32> = (1..=10_000).map(key_hash).collect();
    for (from, to) in [(3, 4), (1, 2), (4, 8), (10, 7), (5, 5), (1, 64)] {
        let KeyMoves { kafka, jump, .. } = KeyMoves::of(&hashes, from, to);
        let direct = (1..=10_000u32)
            .filter(|&o| {
                let h = to_positive(murmur2(format!("order-{o}").as_bytes()));
                h % from != h % to
            })
            .count();
        assert_eq!(kafka, direct, "{from} -> {to}");
        if from == to {
            assert_eq!((kafka, jump), (0, 0));
        }
    }
    // From 3 to 4 a key stays only when h % 12 is 0, 1 or 2: about a quarter.
    let KeyMoves { kafka, jump, .. } = KeyMoves::of(&hashes, 3, 4);
    assert!((7000..8000).contains(&kafka), "{kafka}");
    // The ideal remap moves about (4 - 3) / 4 of the keys.
    assert!((2200..2800).contains(&jump), "{jump}");
}

#[test]
fn a_key_stays_exactly_when_the_two_remainders_agree() {
    for order in 1..=2000 {
        let h = key_hash(order);
        for (from, to) in [(3, 4), (2, 6), (7, 5)] {
            let stays = KeyMoves::of(&[h], from, to).kafka == 0;
            assert_eq!(stays, h % from == h % to);
        }
    }
}

#[test]
fn jump_hash_is_stable_and_minimal_when_growing() {
    for key in 0..5000u64 {
        let key = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut previous = jump_consistent_hash(key, 1);
        assert_eq!(previous, 0);
        for buckets in 2..=20 {
            let now = jump_consistent_hash(key, buckets);
            assert!(now < buckets);
            // A key either stays or moves to the bucket just added.
            assert!(now == previous || now == buckets - 1);
            previous = now;
        }
    }
}

/// The order each order's steps were handled in, one list per order.
fn handled_steps(s: &Repartition) -> BTreeMap<u32, Vec<u32>> {
    let mut out: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for h in &s.handled {
        out.entry(h.order).or_default().push(h.event.step());
    }
    out
}

#[test]
fn the_naive_change_from_3_to_4_breaks_an_order() {
    let s = run_to_end(config(3, 4, Strategy::Naive), 42);
    assert_eq!(s.handled.len() as u32, Repartition::total_records());
    assert!(s.reorders() > 0);
    // The broken order's history is split: early steps in an old partition,
    // later ones in the new partition 3.
    let v = &s.checker.violations()[0];
    let order: u32 = v
        .key
        .trim_start_matches("order-")
        .parse()
        .expect("an order key");
    let partitions: Vec<u32> = (0..4).map(|step| s.placements[&(order, step)].1).collect();
    assert!(partitions.contains(&3), "{partitions:?}");
    assert!(partitions.iter().any(|&p| p < 3));
}

#[test]
fn golden_trace_of_the_naive_change() {
    let mut sim = crate::sim::Sim::new(Repartition::new(config(3, 4, Strategy::Naive)), 42);
    let mut out = String::new();
    while sim.step() {
        let (t, e) = sim.last_event().expect("an event");
        out.push_str(&format!("{} {e:?}\n", t.as_millis()));
    }
    for v in sim.model().checker.violations() {
        out.push_str(&format!(
            "violation {} step {} at {:?}\n",
            v.key, v.step, v.position
        ));
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/repartition-naive-3-4.trace"
    );
    if std::env::var_os("WRITE_GOLDEN").is_some() {
        std::fs::write(path, &out).expect("golden written");
    }
    assert_eq!(out, std::fs::read_to_string(path).expect("golden exists"));
    assert!(out.contains("violation"));
}

#[test]
fn both_migrations_keep_every_order_in_order_for_any_counts_and_speeds() {
    let mut rng = Rng::new(99);
    for seed in 0..250u64 {
        let from = 1 + rng.below(12) as u32;
        let to = 1 + rng.below(16) as u32;
        let old = rng.between(1, 150);
        let new = rng.between(1, 150);
        let speeds = Speeds {
            old_ms: (old, old + rng.below(60)),
            new_ms: (new, new + rng.below(60)),
        };
        for strategy in [Strategy::TwoPhase, Strategy::NewTopic] {
            let s = run_to_end(
                RepartitionConfig {
                    from,
                    to,
                    strategy,
                    offset_reset: OffsetReset::Earliest,
                    speeds,
                },
                seed,
            );
            assert_eq!(
                s.handled.len() as u32,
                Repartition::total_records(),
                "{strategy:?} {from}->{to} seed {seed}"
            );
            assert!(
                s.checker.violations().is_empty(),
                "{strategy:?} {from}->{to} seed {seed}"
            );
            for (order, steps) in handled_steps(&s) {
                assert_eq!(steps, vec![1, 2, 3, 4], "order {order}");
            }
        }
    }
}

#[test]
fn two_phase_drains_its_table_and_new_topic_pauses() {
    let two = run_to_end(config(3, 4, Strategy::TwoPhase), 42);
    assert!(two.pinned_max() > 0);
    assert_eq!(two.pinned.len(), 0, "the table drains as orders finish");
    assert_eq!(two.pinned_history.last().map(|&(_, n)| n), Some(0));
    let new = run_to_end(config(3, 4, Strategy::NewTopic), 42);
    assert!(new.pause_ms(SimTime(u64::MAX)) > 0);
    assert!(new.buffered_max > 0);
    let after = new.switched_at.expect("producers switched");
    assert!(new
        .handled
        .iter()
        .filter(|h| h.topic == OLD_TOPIC)
        .all(|h| h.at <= after));
}

#[test]
fn ids_round_trip() {
    for s in Strategy::ALL {
        assert_eq!(Strategy::from_id(s.id()), Some(s));
    }
}

#[test]
fn a_topic_never_shrinks_in_place_and_the_run_goes_on_unchanged() {
    // ReplicationControlManager.createPartitions: INVALID_PARTITIONS unless
    // the count grows.
    for (from, to, refusal) in [
        (
            6,
            3,
            Refusal::NotAnIncrease {
                partitions: 6,
                asked: 3,
            },
        ),
        (4, 4, Refusal::AlreadyHas { partitions: 4 }),
    ] {
        for strategy in [Strategy::Naive, Strategy::TwoPhase] {
            let s = run_to_end(config(from, to, strategy), 42);
            assert_eq!(s.refused, Some(refusal), "{strategy:?} {from}->{to}");
            assert_eq!(
                s.lanes.len() as u32,
                from,
                "no partition is added or removed"
            );
            assert!(!s.changed);
            assert_eq!(s.handled.len() as u32, Repartition::total_records());
            assert_eq!(s.reorders(), 0, "every key stays where it was");
            for (&(order, _), &(_, partition, _)) in &s.placements {
                assert_eq!(partition, key_hash(order) % from);
            }
        }
    }
    // A new topic may have fewer partitions: that is how a topic shrinks.
    let s = run_to_end(config(6, 3, Strategy::NewTopic), 42);
    assert_eq!(s.refused, None);
    assert_eq!(s.lanes.len(), 9);
    assert_eq!(s.reorders(), 0);
    assert_eq!(s.handled.len() as u32, Repartition::total_records());
}

#[test]
fn new_partitions_are_seen_at_each_clients_metadata_refresh() {
    assert!(CHANGE_AT < PRODUCER_SEES_AT && PRODUCER_SEES_AT < GROUP_SEES_AT);
    let s = run_to_end(config(3, 4, Strategy::Naive), 42);
    let p3: Vec<SimTime> = s.lanes[3].log.records().map(|r| r.timestamp).collect();
    assert!(!p3.is_empty());
    assert!(
        p3.iter().all(|&t| t >= PRODUCER_SEES_AT),
        "the producer routes with the old count until its refresh: {p3:?}"
    );
    assert!(
        s.handled
            .iter()
            .filter(|h| h.partition == 3)
            .all(|h| h.at > GROUP_SEES_AT),
        "the group starts on partition 3 only after its own refresh"
    );
    assert_eq!(s.lanes[3].read_from, Some((GROUP_SEES_AT, 0)));
    assert_eq!(s.skipped, 0);
    assert_eq!(s.handled.len() as u32, Repartition::total_records());
    // With Kafka's default the group starts at the log end, and what the
    // producer wrote there in between is never read.
    let latest = run_to_end(
        RepartitionConfig {
            offset_reset: OffsetReset::Latest,
            ..config(3, 4, Strategy::Naive)
        },
        42,
    );
    let before = latest.lanes[3]
        .log
        .records()
        .filter(|r| r.timestamp <= GROUP_SEES_AT)
        .count() as u32;
    assert!(before > 0);
    assert_eq!(latest.skipped, before);
    assert_eq!(
        latest.lanes[3].read_from,
        Some((GROUP_SEES_AT, u64::from(before)))
    );
    assert_eq!(
        latest.handled.len() as u32 + latest.skipped,
        Repartition::total_records()
    );
}

#[test]
fn the_least_share_moved_is_what_the_new_partitions_must_take() {
    let hashes: Vec<u32> = (1..=10_000).map(key_hash).collect();
    let m = KeyMoves::of(&hashes, 3, 4);
    assert_eq!(m.least_pct, 25);
    assert_eq!(KeyMoves::of(&hashes, 5, 5).least_pct, 0);
    assert_eq!(KeyMoves::of(&hashes, 6, 3).least_pct, 50);
    // On 24 keys chance decides: jump hash can move more than the remainder.
    let few: Vec<u32> = (1..=ORDERS).map(key_hash).collect();
    assert!((1..=16u32)
        .flat_map(|f| (f + 1..=17).map(move |t| (f, t)))
        .any(|(f, t)| {
            let m = KeyMoves::of(&few, f, t);
            m.jump > m.kafka
        }));
}

#[test]
fn every_broken_order_is_a_pair_of_handled_records_in_the_wrong_order() {
    let mut seen = 0;
    for seed in 0..40 {
        for strategy in Strategy::ALL {
            let s = run_to_end(config(3, 4, strategy), seed);
            let pairs = s.broken_pairs();
            assert_eq!(pairs.len(), s.reorders(), "seed {seed} {strategy:?}");
            for (v, [first, late]) in pairs {
                assert_eq!(v.key, order_key(late.order));
                seen += 1;
                assert_eq!(first.order, late.order);
                assert!(first.event.step() > late.event.step());
                assert!(first.at <= late.at, "the later event was handled first");
                assert!(late.out_of_order && !first.out_of_order);
            }
        }
    }
    assert!(seen > 20, "the naive change breaks orders: {seen}");
}
