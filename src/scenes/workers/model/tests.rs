use super::*;
use crate::sim::Sim;

fn config(mode: Mode, workers: u32, skew_pct: u32) -> WorkersConfig {
    WorkersConfig {
        mode,
        workers,
        skew_pct,
        ..WorkersConfig::default()
    }
}

#[test]
fn hashes_match_their_references() {
    // fnv1a("order-1") computed by Go's hash/fnv would be this same value:
    // the FNV-1a vectors are pinned in the partitioner tests.
    assert_eq!(
        WorkerHash::Fnv1a.worker(b"foobar", 7),
        (0xbf9c_f968u64 % 7) as u32
    );
    // xxHash64 reference vectors (seed 0).
    assert_eq!(XxHash64::oneshot(0, b""), 0xef46_db37_51d8_e999);
    assert_eq!(XxHash64::oneshot(0, b"a"), 0xd24e_c4f1_a98c_6e5b);
    for w in WORKERS_RANGE {
        assert!(WorkerHash::XxHash64.worker(b"order-42", w) < w);
    }
}

#[test]
fn sequential_keeps_order_at_one_over_the_processing_time() {
    let (s, end) = run_to_end(config(Mode::Sequential, 1, 0), 42);
    assert_eq!(s.finished_count, RECORDS);
    assert!(s.checker.violations().is_empty());
    assert_eq!(s.handled, (0..u64::from(RECORDS)).collect::<Vec<_>>());
    // 10 ms a record on average: about the chapter's 100 messages a second.
    let t = s.throughput(end);
    assert!((90..=110).contains(&t), "{t}");
}

#[test]
fn a_goroutine_per_message_is_fast_and_breaks_order() {
    let (s, end) = run_to_end(config(Mode::PerMessage, 1, 0), 42);
    assert_eq!(s.finished_count, RECORDS);
    assert!(s.checker.reorders() > 0);
    let (seq, seq_end) = run_to_end(config(Mode::Sequential, 1, 0), 42);
    assert!(s.throughput(end) > 5 * seq.throughput(seq_end));
}

#[test]
fn the_keyed_pool_never_reorders_a_key_for_any_seed_workers_and_skew() {
    let mut rng = Rng::new(7);
    for seed in 0..300u64 {
        let workers = 1 + rng.below(64) as u32;
        let skew = rng.below(91) as u32;
        let hash = WorkerHash::ALL[(seed % 2) as usize];
        let mut sim = Sim::new(
            Workers::new(WorkersConfig {
                mode: Mode::KeyedPool,
                workers,
                hash,
                processing_ms: 1 + rng.below(30) as u32,
                skew_pct: skew,
            }),
            seed,
        );
        while sim.step() {
            let s = sim.model();
            // The low watermark never passes an unfinished offset.
            let lw = s.low_watermark();
            assert!((0..lw).all(|o| s.finished[o as usize].is_some()));
            assert!(lw == s.position || s.finished[lw as usize].is_none());
            assert!(s.workers.iter().all(|w| w.queue.len() <= CHANNEL_CAPACITY));
        }
        let s = sim.model();
        assert_eq!(s.finished_count, RECORDS, "seed {seed}");
        assert!(
            s.checker.violations().is_empty(),
            "seed {seed} W {workers} skew {skew}"
        );
    }
}

#[test]
fn throughput_scales_with_workers_until_keys_run_out() {
    let series = throughput_by_workers(config(Mode::KeyedPool, 1, 0), 42, &[1, 2, 4, 8, 64]);
    let t: Vec<u64> = series.iter().map(|&(_, t)| t).collect();
    assert!(t[1] > t[0] && t[2] > t[1] && t[3] > t[2], "{t:?}");
    // 24 orders: past that many workers there is nothing left to spread.
    assert!(t[4] < t[3] * 4, "{t:?}");
}

#[test]
fn throughput_by_workers_runs_each_w_as_a_full_run_would() {
    // The chart runs one goroutine, and one per message, once rather than
    // per W: it must draw what a full run at each W gives, whatever W the
    // link asked for, the seed and the skew.
    let ws = [1, 3, 8, 64];
    for seed in 0..40u64 {
        for mode in Mode::ALL {
            let asked = config(mode, 1 + (seed % 64) as u32, (seed * 7 % 100) as u32);
            let full: Vec<(u32, u64)> = ws
                .iter()
                .map(|&w| {
                    let (s, end) = run_to_end(
                        WorkersConfig {
                            workers: w,
                            ..asked
                        },
                        seed,
                    );
                    (w, s.throughput(end))
                })
                .collect();
            assert_eq!(
                throughput_by_workers(asked, seed, &ws),
                full,
                "seed {seed} {mode:?}"
            );
        }
    }
}

#[test]
fn a_hot_key_piles_up_on_one_worker() {
    let mut sim = Sim::new(Workers::new(config(Mode::KeyedPool, 8, 80)), 42);
    let mut longest = 0;
    let mut other_longest = 0;
    let hot = WorkerHash::Fnv1a.worker(b"order-1", 8) as usize;
    while sim.step() {
        for (i, w) in sim.model().workers.iter().enumerate() {
            if i == hot {
                longest = longest.max(w.queue.len());
            } else {
                other_longest = other_longest.max(w.queue.len());
            }
        }
    }
    assert_eq!(
        longest, CHANNEL_CAPACITY,
        "the hot worker's channel fills up"
    );
    assert!(other_longest < CHANNEL_CAPACITY);
    let (skewed, t1) = run_to_end(config(Mode::KeyedPool, 8, 80), 42);
    let (even, t2) = run_to_end(config(Mode::KeyedPool, 8, 0), 42);
    assert!(skewed.throughput(t1) < even.throughput(t2));
}

#[test]
fn a_crash_loses_records_under_the_naive_commit_only() {
    let mut sim = Sim::new(Workers::new(config(Mode::KeyedPool, 8, 0)), 3);
    let mut saw_loss = false;
    while sim.step() {
        let s = sim.model();
        let lost = s.lost_if_crashed();
        // Lost records lie between the low watermark and the naive commit.
        assert!(lost
            .iter()
            .all(|&o| o >= s.low_watermark() && o < s.naive_committed()));
        saw_loss |= !lost.is_empty();
    }
    assert!(saw_loss);
}
