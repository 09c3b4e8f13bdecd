//! The routing scene's sweep: keyed and keyless streams over many seeds.

use crate::scenes::routing::model::{stream_record, RoutingStream, StreamKeys, STREAM_LEN};
use crate::scenes::sweep::*;
use crate::sim::consumer::Processing;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::log::PartitionLog;
use crate::sim::partitioner::{partition_for_key, KeyHasher};
use std::collections::BTreeSet;
use std::ops::Range;

/// Keyed by order id, an order lives in its murmur2 partition and keeps
/// its order; with a null key each partition's log is still in order, but
/// the group, across partitions, breaks it.
fn sweep_routing(preset: &str, link: &str, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("routing", preset);
    for (index, seed) in seeds.enumerate() {
        let link = format!("{link}&seed={seed}");
        let config = params(&link).routing.stream_config();
        let scene = RoutingStream::new(config);
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            for (p, log) in s.logs.iter().enumerate() {
                let c = &s.consumers[p];
                assert!(c.position() <= log.log_end_offset(), "{link}");
                if let Some(Processing { offset, .. }) = s.busy[p] {
                    assert!(offset < c.position(), "{link}");
                }
                if full {
                    check_partition_log(log, &format!("{link} partition {p}"));
                }
            }
            let stored: u64 = s.logs.iter().map(PartitionLog::log_end_offset).sum();
            let flying: usize = s.in_flight.iter().map(|f| f.batch.records.len()).sum();
            assert!(stored + flying as u64 <= u64::from(s.produced), "{link}");
        });
        let s = sim.model();
        let mut handled = BTreeSet::new();
        for h in &s.handled {
            assert!(
                handled.insert((h.partition, h.offset)),
                "{link}: handled twice"
            );
            let r = s.logs[h.partition as usize]
                .record(h.offset)
                .expect("a handled record is in its log");
            assert_eq!((order_of(&r.entity), r.event), (h.order, h.event), "{link}");
        }
        assert_eq!(handled.len() as u32, STREAM_LEN, "{link}: all handled");
        for (i, placed) in s.placed.iter().enumerate() {
            let partition = placed.expect("every record was produced");
            let (order, event) = stream_record(i as u32);
            let held = s.logs[partition as usize]
                .records()
                .filter(|r| order_of(&r.entity) == order && r.event == event)
                .count();
            assert_eq!(held, 1, "{link}: record {i} stored once, where placed");
        }
        for log in &s.logs {
            assert_eq!(log_findings(log), (0, 0), "{link}: a partition's log");
        }
        let (reorders, duplicates) = count_findings(
            s.handled
                .iter()
                .map(|h| (format!("order-{}", h.order), h.event.step())),
        );
        assert_eq!(duplicates, 0, "{link}");
        assert_eq!(reorders, s.reorders(), "{link}: the checker's count");
        match config.keys {
            StreamKeys::OrderId => {
                assert_eq!(s.reorders(), 0, "{link}: keyed order broke");
                for (i, placed) in s.placed.iter().enumerate() {
                    let key = format!("order-{}", stream_record(i as u32).0);
                    let expected =
                        partition_for_key(KeyHasher::Murmur2, key.as_bytes(), config.partitions);
                    assert_eq!(*placed, Some(expected), "{link}: murmur2 placement");
                }
                assert!(s
                    .logs
                    .iter()
                    .flat_map(|l| l.records())
                    .all(|r| r.key.is_some()));
            }
            StreamKeys::Null(_) => {
                assert!(s
                    .logs
                    .iter()
                    .flat_map(|l| l.records())
                    .all(|r| r.key.is_none()));
                tally.broke_on("order broken across partitions", 75, s.reorders() > 0);
            }
        }
        tally.seeds += 1;
    }
    tally
}

// ----------------------------------------------------------- producer

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    let routing = std::iter::once((
        String::from("keyed by order id"),
        String::from("?scene=routing"),
    ))
    .chain(KeylessStrategy::ALL.into_iter().map(|k| {
        (
            format!("null key, {}", k.id()),
            format!("?scene=routing&key-null=1&keyless={}", k.id()),
        )
    }));
    for (preset, link) in routing {
        jobs.push((
            format!("routing {preset}"),
            Box::new(move || vec![sweep_routing(&preset, &link, seeds.range(400))]),
        ));
    }
    jobs
}
