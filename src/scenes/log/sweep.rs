//! The log scene's sweep: segments, offsets and the consumer's position over many seeds.

use crate::scenes::log::model::{LogScene, SCRIPT};
use crate::scenes::sweep::*;
use crate::sim::record::OrderEvent;
use std::ops::Range;

/// The chapter's script, appended in order; a consumer that reads, handles
/// and commits it in offset order.
fn sweep_log(preset: &str, link_for: impl Fn(u64) -> String, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("log", preset);
    for (index, seed) in seeds.enumerate() {
        let link = link_for(seed);
        let p = params(&link);
        let mut committed = 0;
        let scene = LogScene::new(p.log);
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            let c = &s.consumer;
            let now_committed = c.committed_offset().unwrap_or(0);
            assert!(now_committed >= committed, "{link}: the commit went back");
            committed = now_committed;
            assert!(now_committed <= c.processed_up_to(), "{link}");
            assert!(c.processed_up_to() <= c.position(), "{link}");
            assert!(c.position() <= s.log.log_end_offset(), "{link}");
            assert_eq!(s.processed_at.len() as u64, c.processed_up_to(), "{link}");
            assert!(s.processed_at.windows(2).all(|w| w[0] <= w[1]), "{link}");
            assert!(s.checker.violations().is_empty(), "{link}");
            assert!(s.sent() <= SCRIPT.len(), "{link}");
            if full {
                check_partition_log(&s.log, &link);
            }
        });
        let s = sim.model();
        let written: Vec<(u32, OrderEvent)> = s
            .log
            .records()
            .map(|r| (order_of(&r.entity), r.event))
            .collect();
        assert_eq!(written, SCRIPT.to_vec(), "{link}: the log is the script");
        assert!(
            s.log
                .records()
                .all(|r| r.key.as_deref() == Some(r.entity.as_str())),
            "{link}: keyed by order"
        );
        assert_eq!(s.consumer.committed_offset(), Some(SCRIPT.len() as u64));
        assert!(s.in_flight.is_empty() && s.processing_since.is_none());
        tally.seeds += 1;
    }
    tally
}

// ------------------------------------------------------------ routing

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    jobs.push((
        String::from("log default"),
        Box::new(move || {
            let link = |seed| format!("?scene=log&seed={seed}");
            vec![sweep_log(
                "segment.bytes=350 (default)",
                link,
                seeds.range(500),
            )]
        }),
    ));
    jobs.push((
        String::from("log segment.bytes from the seed"),
        Box::new(move || {
            let link = |seed| format!("?scene=log&segment-bytes={}&seed={seed}", 100 + seed % 1901);
            vec![sweep_log(
                "segment.bytes from the seed",
                link,
                seeds.range(500),
            )]
        }),
    ));
    jobs
}
