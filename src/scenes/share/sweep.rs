//! The share group scene's sweep: the three lanes over many seeds.

use crate::scenes::share::model::partition::RecordState;
use crate::scenes::share::model::{Lane, Outcome, ShareScene, RECORDS};
use crate::scenes::sweep::*;
use std::ops::Range;

/// The consumer group and the pool keep every key's order and handle each
/// record once (the poison pill is tried `delivery.count.limit` times and
/// skipped). The share group never delivers a record more often than its
/// limit, every lock it holds is held by a consumer that has the record in
/// hand, and in the end every record is acknowledged or archived; with
/// two consumers or more it breaks order.
fn sweep_share(query: &'static str, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("share", query);
    for (index, seed) in seeds.enumerate() {
        let consumers = 1 + (seed % 6) as u32;
        let partitions = 1 + (seed / 6 % 4) as u32;
        let link = format!(
            "?scene=share&consumers={consumers}&partitions={partitions}&{query}&seed={seed}"
        );
        let p = params(&link);
        let limit = p.share.delivery_limit;
        let sim = play(
            ShareScene::new(p.share),
            &link,
            seed,
            index as u64,
            |s, full| {
                if !full {
                    return;
                }
                for (p, sp) in s.share_partitions.iter().enumerate() {
                    for (offset, r) in sp.records.iter().enumerate() {
                        assert!(
                            r.delivery_count <= limit,
                            "{link}: p{p} offset {offset} delivered {} times",
                            r.delivery_count
                        );
                        if let RecordState::Acquired { member, .. } = r.state {
                            let record = s.logs[p][offset];
                            let m = &s.share[member as usize];
                            let holds = m.busy.is_some_and(|(j, ..)| j.record == record)
                                || m.queue.iter().any(|j| j.record == record)
                                || m.pending.iter().any(|&(r, _)| r == record);
                            assert!(holds, "{link}: consumer {member} holds a lock on a record it does not have");
                        }
                    }
                }
            },
        );
        let s = sim.model();
        for sp in &s.share_partitions {
            assert!(
                sp.records.iter().all(|r| matches!(
                    r.state,
                    RecordState::Acknowledged | RecordState::Archived { .. }
                )),
                "{link}: a record left undecided"
            );
        }
        let poison = s
            .records
            .iter()
            .filter(|r| r.fault == Some(crate::scenes::share::model::Fault::Poison))
            .count();
        for lane in [Lane::Group, Lane::Pool] {
            assert_eq!(
                s.checker(lane).violations().len(),
                0,
                "{link}: {lane:?} broke order"
            );
            let done = s
                .members(lane)
                .iter()
                .flat_map(|m| &m.attempts)
                .filter(|a| a.outcome == Outcome::Done)
                .count();
            assert_eq!(done + poison, RECORDS as usize, "{link}: {lane:?}");
        }
        if consumers > 1 {
            tally.broke_on(
                "order broken by the share group",
                60,
                !s.checker(Lane::Share).violations().is_empty(),
            );
        }
        tally.seeds += 1;
    }
    tally
}

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    [
        "release=1",
        "release=0&lock-timeout=0&poison=0",
        "delivery-count-limit=2&lock-duration-ms=15000",
    ]
    .into_iter()
    .map(|query| {
        (
            format!("share {query}"),
            Box::new(move || vec![sweep_share(query, seeds.range(300))]) as Job,
        )
    })
    .collect()
}
