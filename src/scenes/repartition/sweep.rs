//! The repartition scene's sweep: each strategy, and which orders it may break.

use crate::scenes::repartition::model::{
    key_hash, Repartition, Strategy, CHANGE_AT, NEW_TOPIC, OLD_TOPIC, ORDERS as REPARTITION_ORDERS,
};
use crate::scenes::sweep::*;
use crate::sim::consumer::Processing;
use crate::sim::record::OrderEvent;
use std::collections::BTreeSet;
use std::ops::Range;

/// Every record placed once and handled once; each partition's log in
/// order; an order's records only in its old or new partition; two-phase
/// never splits an order, a new topic is written only after the old one
/// is drained, and both keep every order's order.
fn sweep_repartition(strategy: Strategy, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("repartition", strategy.id());
    for (index, seed) in seeds.enumerate() {
        let link = format!("?scene=repartition&strategy={}&seed={seed}", strategy.id());
        let config = params(&link).repartition.config();
        let scene = Repartition::new(config);
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            for (i, lane) in s.lanes.iter().enumerate() {
                let c = &lane.consumer;
                assert!(c.position() <= lane.log.log_end_offset(), "{link}");
                if let Some(Processing { offset, .. }) = lane.busy {
                    assert!(offset < c.position(), "{link}");
                }
                if full {
                    check_partition_log(&lane.log, &format!("{link} lane {i}"));
                }
            }
            if full {
                for (&(order, step), &(topic, partition, offset)) in &s.placements {
                    let lane = s
                        .lanes
                        .iter()
                        .find(|l| l.log.topic == topic && l.log.partition == partition)
                        .expect("a placement names a partition that exists");
                    let r = lane.log.record(offset).expect("a placement is in its log");
                    assert_eq!(
                        (order_of(&r.entity), r.event),
                        (order, OrderEvent::ALL[step as usize]),
                        "{link}: placement of order {order} step {step}"
                    );
                }
            }
        });
        let s = sim.model();
        let total = Repartition::total_records() as usize;
        assert_eq!(s.produced as usize, total, "{link}");
        assert!(s.buffered.is_empty(), "{link}");
        assert_eq!(s.placements.len(), total, "{link}: every record placed");
        let handled: BTreeSet<(&str, u32, u64)> = s
            .handled
            .iter()
            .map(|h| (h.topic, h.partition, h.offset))
            .collect();
        assert_eq!(handled.len(), total, "{link}: every record handled");
        assert_eq!(s.handled.len(), total, "{link}: none handled twice");
        assert_eq!(s.checker.duplicates(), 0, "{link}");
        for lane in &s.lanes {
            assert_eq!(log_findings(&lane.log), (0, 0), "{link}: a log in order");
        }
        let (from, to) = (config.from, config.to);
        for order in 1..=REPARTITION_ORDERS {
            let h = key_hash(order);
            let homes: BTreeSet<(&str, u32)> = (0..4)
                .map(|step| {
                    let (topic, partition, _) = s.placements[&(order, step)];
                    (topic, partition)
                })
                .collect();
            let allowed: BTreeSet<(&str, u32)> = match strategy {
                Strategy::NewTopic => [(OLD_TOPIC, h % from), (NEW_TOPIC, h % to)].into(),
                _ => [(OLD_TOPIC, h % from), (OLD_TOPIC, h % to)].into(),
            };
            assert!(
                homes.is_subset(&allowed),
                "{link}: order {order} in {homes:?}"
            );
            if strategy == Strategy::TwoPhase {
                assert_eq!(homes.len(), 1, "{link}: order {order} split");
            }
        }
        match strategy {
            Strategy::Naive => tally.broke_on("order broken", 90, s.reorders() > 0),
            Strategy::TwoPhase => {
                assert_eq!(s.reorders(), 0, "{link}: two-phase broke order");
                assert!(s.pinned.is_empty(), "{link}: a pin outlived its order");
            }
            Strategy::NewTopic => {
                assert_eq!(s.reorders(), 0, "{link}: the new topic broke order");
                assert_eq!(s.paused_at, Some(CHANGE_AT), "{link}");
                let switched = s.switched_at.expect("the producers switched");
                for lane in &s.lanes {
                    let old = lane.log.topic == OLD_TOPIC;
                    for r in lane.log.records() {
                        assert!(
                            if old {
                                r.timestamp <= CHANGE_AT
                            } else {
                                r.timestamp >= switched
                            },
                            "{link}: {} written at {:?}",
                            lane.log.topic,
                            r.timestamp
                        );
                    }
                }
                assert!(
                    s.handled
                        .iter()
                        .filter(|h| h.topic == OLD_TOPIC)
                        .all(|h| h.at <= switched),
                    "{link}: switched before the old topic was drained"
                );
            }
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------------- group

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for strategy in Strategy::ALL {
        jobs.push((
            format!("repartition {}", strategy.id()),
            Box::new(move || vec![sweep_repartition(strategy, seeds.range(300))]),
        ));
    }
    jobs
}
