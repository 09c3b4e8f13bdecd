//! The workers scene's sweep: each mode and hash, and knobs from the seed.

use crate::scenes::sweep::*;
use crate::scenes::workers::model::{Mode, Workers, CHANNEL_CAPACITY, RECORDS};
use crate::sim::rng::Rng;
use std::collections::BTreeMap;
use std::ops::Range;

/// Every record handled once; the low watermark never passes an
/// unfinished offset; channels stay within their capacity; a keyed pool
/// sends a key to its hash's worker only, and neither it nor one goroutine
/// ever reorders a key, while a goroutine per message does.
fn sweep_workers(preset: &str, link_for: impl Fn(u64) -> String, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("workers", preset);
    for (index, seed) in seeds.enumerate() {
        let link = link_for(seed);
        let config = params(&link).workers;
        let sim = play(
            Workers::new(config),
            &link,
            seed,
            index as u64,
            |s, full| {
                let lw = s.low_watermark();
                assert!(
                    (0..lw).all(|o| s.finished[o as usize].is_some()),
                    "{link}: the low watermark passed an unfinished offset"
                );
                assert!(
                    lw == s.position || s.finished[lw as usize].is_none(),
                    "{link}"
                );
                assert_eq!(s.handled.len() as u32, s.finished_count, "{link}");
                match config.mode {
                    Mode::Sequential => assert!(
                        s.handled
                            .last()
                            .is_none_or(|&o| o + 1 == s.handled.len() as u64),
                        "{link}: one goroutine out of offset order"
                    ),
                    Mode::PerMessage => assert!(
                        s.running.iter().all(|&o| s.finished[o as usize].is_none()),
                        "{link}"
                    ),
                    Mode::KeyedPool => {
                        let n = s.workers.len() as u32;
                        for (w, worker) in s.workers.iter().enumerate() {
                            assert!(
                                worker.queue.len() <= CHANNEL_CAPACITY,
                                "{link}: worker {w}'s channel over its capacity"
                            );
                            for &o in worker.queue.iter().chain(&worker.busy) {
                                let key = format!("order-{}", s.records[o as usize].order);
                                assert_eq!(
                                    config.hash.worker(key.as_bytes(), n),
                                    w as u32,
                                    "{link}: {key} on another worker than its hash's"
                                );
                            }
                        }
                    }
                }
                if full {
                    let unsafe_to_commit =
                        s.lost_if_crashed().len() + s.repeated_if_crashed().len();
                    assert_eq!(
                        unsafe_to_commit as u64,
                        s.position - lw,
                        "{link}: each offset above the low watermark is lost or repeated"
                    );
                }
            },
        );
        let s = sim.model();
        assert_eq!(s.finished_count, RECORDS, "{link}");
        let mut handled = s.handled.clone();
        handled.sort_unstable();
        assert_eq!(
            handled,
            (0..u64::from(RECORDS)).collect::<Vec<_>>(),
            "{link}"
        );
        assert_eq!(s.low_watermark(), u64::from(RECORDS), "{link}");
        let mut next_step = BTreeMap::new();
        for r in &s.records {
            let step = next_step.entry(r.order).or_insert(1);
            assert_eq!(r.step, *step, "{link}: an order's steps count up");
            *step += 1;
        }
        let (reorders, duplicates) = count_findings(s.handled.iter().map(|&o| {
            let r = s.records[o as usize];
            (format!("order-{}", r.order), r.step)
        }));
        assert_eq!(duplicates, 0, "{link}");
        assert_eq!(
            reorders,
            s.checker.reorders(),
            "{link}: the checker's count"
        );
        if config.mode == Mode::PerMessage {
            tally.broke_on("a key's order broken", 90, reorders > 0);
        } else {
            assert_eq!(reorders, 0, "{link}: a key's order broke");
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------- replication

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for mode in Mode::ALL {
        let hashes: &[&str] = if mode == Mode::KeyedPool {
            &["fnv1a", "xxhash"]
        } else {
            &["fnv1a"]
        };
        for &hash in hashes {
            let preset = match mode {
                Mode::KeyedPool => format!("{} hash={hash}", mode.id()),
                _ => mode.id().to_owned(),
            };
            jobs.push((
                format!("workers {preset}"),
                Box::new(move || {
                    let link =
                        |seed| format!("?scene=workers&mode={}&hash={hash}&seed={seed}", mode.id());
                    vec![sweep_workers(&preset, link, seeds.range(200))]
                }),
            ));
        }
    }
    jobs.push((
        String::from("workers keyed-pool, knobs from the seed"),
        Box::new(move || {
            let link = |seed| {
                let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0workers"));
                format!(
                    "?scene=workers&mode=keyed-pool&hash={}&workers={}&skew={}&processing-ms={}&seed={seed}",
                    ["fnv1a", "xxhash"][rng.below(2) as usize],
                    rng.between(1, 64),
                    rng.between(0, 90),
                    rng.between(1, 100)
                )
            };
            vec![sweep_workers(
                "keyed-pool, W/skew/processing-ms from the seed",
                link,
                seeds.range(200),
            )]
        }),
    ));
    jobs
}
