//! The seed sweep: every preset of every scene, run the way the app runs
//! it, over many seeds, with the scene's own invariants checked after its
//! events and at its end.
//!
//! Each run is an app link, read by the app's own parser; the scene is
//! built with the same constructor and played to the same ten-minute
//! horizon as in `src/ui/scene_player.rs`, and every message quotes the
//! link, so a failure opens in the browser as it is. Scenes whose model
//! draws no random numbers (group, replication, disk) take the learner's
//! actions or knobs from the seed instead, so their seeds are not all one
//! run.
//!
//! Presets built to break something (the producer's catastrophe, a naive
//! repartition, a goroutine per message, unclean leader election…) must
//! break it on a share of seeds, and their logs must still be well formed.
//!
//! Each scene's presets and invariants are its folder's `sweep.rs`.
//! `cargo test --lib scenes::sweep -- --nocapture` prints a table per preset.
//! `SWEEP_SEEDS_PER_PRESET=N` runs N seeds of every preset instead of the
//! defaults below (`make sweep`); `SWEEP_FIRST_SEED=S` starts at seed S.

use crate::params::{parse_query, AppParams, SceneId};
use crate::sim::history::{HORIZON, SNAPSHOT_EVERY};
use crate::sim::log::PartitionLog;
use crate::sim::{Model, Sim, Timeline};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The issue's floor for the default run, over all presets together.
pub(crate) const MIN_TOTAL_SEEDS: u64 = 10_000;
/// The first seeds of each preset also go through the app's `Timeline`,
/// to prove the sweep plays exactly the run the app shows.
pub(crate) const TIMELINE_SEEDS: u64 = 2;

/// Whether the checks that walk whole logs run after this many events:
/// at every power of two, so densely while a log is short and rarely once
/// it is long, keeping a long run's checks a small multiple of the run.
/// The cheap checks run after every event, and all of them at the end.
pub(crate) fn full_check_due(events: u64) -> bool {
    events.is_power_of_two()
}

/// What the preset is built to show, and how often it did.
#[derive(Clone, Copy)]
pub(crate) struct Broke {
    pub(crate) what: &'static str,
    /// Seeds that showed it…
    pub(crate) seeds: u64,
    /// …of the seeds that could.
    pub(crate) of: u64,
    /// The least share, in percent, the preset must show it on: set below
    /// the share the sweep measured.
    pub(crate) floor: u64,
}

/// What one preset's sweep found.
pub(crate) struct Tally {
    pub(crate) scene: &'static str,
    pub(crate) preset: String,
    pub(crate) seeds: u64,
    /// `None` when the preset must never show a broken order, a
    /// duplicate or a lost record.
    pub(crate) broke: Option<Broke>,
    pub(crate) elapsed: Duration,
}

impl Tally {
    pub(crate) fn new(scene: &'static str, preset: impl Into<String>) -> Self {
        Tally {
            scene,
            preset: preset.into(),
            seeds: 0,
            broke: None,
            elapsed: Duration::ZERO,
        }
    }

    /// Counts one seed that could show `what`, and whether it did.
    pub(crate) fn broke_on(&mut self, what: &'static str, floor: u64, broke: bool) {
        let b = self.broke.get_or_insert(Broke {
            what,
            seeds: 0,
            of: 0,
            floor,
        });
        b.seeds += u64::from(broke);
        b.of += 1;
    }

    /// Whether the preset broke less often than its floor asks. A floor
    /// that asks for less than one seed is not checked: a short sweep (a
    /// few seeds per preset) checks the invariants only.
    pub(crate) fn below_floor(&self) -> bool {
        self.broke
            .is_some_and(|b| b.of * b.floor >= 100 && b.seeds * 100 < b.of * b.floor)
    }
}

/// Which seeds each preset runs.
#[derive(Clone, Copy)]
pub(crate) struct Seeds {
    pub(crate) first: u64,
    /// Set by `SWEEP_SEEDS_PER_PRESET`: replaces every default count.
    pub(crate) per_preset: Option<u64>,
}

impl Seeds {
    pub(crate) fn from_env() -> Self {
        let number = |name: &str| {
            std::env::var(name).ok().map(|v| {
                v.trim()
                    .parse::<u64>()
                    .unwrap_or_else(|_| panic!("{name} must be a number, not {v:?}"))
            })
        };
        Seeds {
            first: number("SWEEP_FIRST_SEED").unwrap_or(0),
            per_preset: number("SWEEP_SEEDS_PER_PRESET"),
        }
    }

    pub(crate) fn range(self, default: u64) -> Range<u64> {
        self.first..self.first + self.per_preset.unwrap_or(default)
    }
}

/// The app's parameters for `link`, which must read without a message.
pub(crate) fn params(link: &str) -> AppParams {
    let (p, issues) = parse_query(link);
    assert!(issues.is_empty(), "{link}: {issues:?}");
    p
}

/// Plays `model` as the app does for `link`: every event due by the
/// horizon. `check` sees the model after the start and after every event,
/// with `full` set when [`full_check_due`] and at the end. The `index`-th
/// seed of a preset, if among the first few, is also built into the app's
/// `Timeline`, which must end on the same event and digest.
pub(crate) fn play<M: Model>(
    model: M,
    link: &str,
    seed: u64,
    index: u64,
    mut check: impl FnMut(&M, bool),
) -> Sim<M> {
    let app = (index < TIMELINE_SEEDS).then(|| model.clone());
    let mut sim = Sim::new(model, seed);
    check(sim.model(), true);
    while sim.next_event_time().is_some_and(|t| t <= HORIZON) {
        sim.step();
        check(sim.model(), full_check_due(sim.events_done()));
    }
    check(sim.model(), true);
    assert_eq!(
        sim.next_event_time(),
        None,
        "{link}: the run must be over by the horizon, where the app cuts it"
    );
    if let Some(model) = app {
        let mut timeline = Timeline::new(Sim::new(model, seed), HORIZON, SNAPSHOT_EVERY);
        timeline.seek(timeline.end());
        assert_eq!(timeline.end(), sim.now(), "{link}");
        assert_eq!(timeline.total_events(), sim.events_done(), "{link}");
        assert_eq!(timeline.current().digest(), sim.digest(), "{link}");
    }
    sim
}

/// The partition log's own invariants: offsets dense from the log start,
/// segments contiguous and named by their first offset, batches back to
/// back, a roll only when the next batch did not fit, the sparse index
/// exactly where `index.interval.bytes` puts it, and a fetch by offset
/// finding each record.
pub(crate) fn check_partition_log(log: &PartitionLog, what: &str) {
    let segments = log.segments();
    let config = log.config;
    assert!(!segments.is_empty(), "{what}: a log has an active segment");
    let mut next = log.log_start_offset();
    for (i, seg) in segments.iter().enumerate() {
        assert_eq!(seg.base_offset, next, "{what}: segment {i}'s base offset");
        let mut position = 0;
        for r in &seg.records {
            assert_eq!(r.offset, next, "{what}: offsets are dense");
            assert_eq!(r.position, position, "{what}: batches back to back");
            assert_eq!(log.record(r.offset), Some(r), "{what}: fetch {}", r.offset);
            position += r.batch_size_in_bytes;
            next += 1;
        }
        assert_eq!(seg.size_in_bytes, position, "{what}: segment {i}'s size");
        if seg.records.len() > 1 {
            assert!(
                seg.size_in_bytes <= config.segment_bytes,
                "{what}: segment {i} holds more than segment.bytes"
            );
        }
        if let Some(later) = segments.get(i + 1) {
            let first = later.records.first().map_or(0, |r| r.batch_size_in_bytes);
            assert!(
                !seg.records.is_empty()
                    && u64::from(seg.size_in_bytes) + u64::from(first)
                        > u64::from(config.segment_bytes),
                "{what}: segment {i} rolled while the next batch still fit"
            );
        }
        // `LogSegment.append`: an entry for a batch once more than
        // `index.interval.bytes` went in since the last entry.
        let mut since = 0;
        let mut expected = Vec::new();
        for (relative, r) in seg.records.iter().enumerate() {
            if since > config.index_interval_bytes {
                expected.push((relative as u32, r.position));
                since = 0;
            }
            since += r.batch_size_in_bytes;
        }
        let index: Vec<(u32, u32)> = seg
            .index
            .iter()
            .map(|e| (e.relative_offset, e.position))
            .collect();
        assert_eq!(index, expected, "{what}: segment {i}'s sparse index");
    }
    assert_eq!(next, log.log_end_offset(), "{what}: log end offset");
}

/// Findings in a sequence of (entity, step), counted as the order checker
/// counts them: a repeated step is a duplicate, a step below the highest
/// one seen is a reorder. Recounted here so the checker is checked too.
pub(crate) fn count_findings(seen: impl Iterator<Item = (String, u32)>) -> (usize, usize) {
    let mut steps: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    let (mut reorders, mut duplicates) = (0, 0);
    for (entity, step) in seen {
        let had = steps.entry(entity).or_default();
        if had.contains(&step) {
            duplicates += 1;
        } else if had.last().is_some_and(|&top| top > step) {
            reorders += 1;
        }
        had.insert(step);
    }
    (reorders, duplicates)
}

pub(crate) fn log_findings(log: &PartitionLog) -> (usize, usize) {
    count_findings(log.records().map(|r| (r.entity.clone(), r.event.step())))
}

pub(crate) fn order_of(entity: &str) -> u32 {
    entity
        .strip_prefix("order-")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{entity:?} is not an order key"))
}

// ---------------------------------------------------------------- log

pub(crate) type Job = Box<dyn Fn() -> Vec<Tally> + Send + Sync>;

/// Every registered scene's presets, in the chapter's order of scenes:
/// each folder's `sweep.rs` says what its presets are and what must hold
/// of them, and a scene without one does not compile here.
fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    macro_rules! each {
        ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
            [$(super::$field::sweep::jobs,)*]
        };
    }
    crate::for_each_scene!(each)
        .into_iter()
        .flat_map(|scene| scene(seeds))
        .collect()
}

#[test]
fn every_preset_of_every_scene_keeps_its_invariants_over_many_seeds() {
    let seeds = Seeds::from_env();
    let jobs = jobs(seeds);
    let next = AtomicUsize::new(0);
    let tallies = Mutex::new(Vec::new());
    let failed = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some((name, job)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let clock = Instant::now();
                    // A broken invariant in one preset must not hide the
                    // others: its panic is printed, and the run goes on.
                    match catch_unwind(AssertUnwindSafe(job)) {
                        Ok(mut done) => {
                            let each = clock.elapsed() / done.len() as u32;
                            for t in &mut done {
                                t.elapsed = each;
                            }
                            tallies.lock().expect("unpoisoned").extend(done);
                        }
                        Err(_) => failed.lock().expect("unpoisoned").push(name.clone()),
                    }
                }
            });
        }
    });
    let mut tallies = tallies.into_inner().expect("unpoisoned");
    let failed = failed.into_inner().expect("unpoisoned");
    tallies.sort_by(|a, b| (a.scene, &a.preset).cmp(&(b.scene, &b.preset)));
    println!(
        "{:<12} {:<48} {:>6} {:>7}  what the preset is built to break (floor)",
        "scene", "preset", "seeds", "ms"
    );
    for t in &tallies {
        let broke = t.broke.map_or(String::from("-"), |b| {
            let share = b.seeds * 100 / b.of.max(1);
            format!(
                "{}: {} of {} ({share}%, floor {}%)",
                b.what, b.seeds, b.of, b.floor
            )
        });
        let ms = t.elapsed.as_millis();
        println!(
            "{:<12} {:<48} {:>6} {ms:>7}  {broke}",
            t.scene, t.preset, t.seeds
        );
    }
    let total: u64 = tallies.iter().map(|t| t.seeds).sum();
    println!(
        "{} presets, {total} seeds, {:.1} s on {threads} threads",
        tallies.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failed.is_empty(), "invariants broken in: {failed:?}");
    let below: Vec<String> = tallies
        .iter()
        .filter(|t| t.below_floor())
        .map(|t| format!("{} {}", t.scene, t.preset))
        .collect();
    assert!(
        below.is_empty(),
        "broke less often than their floor: {below:?}"
    );
    let scenes: BTreeSet<&str> = tallies.iter().map(|t| t.scene).collect();
    assert_eq!(
        scenes.len(),
        SceneId::ALL.len(),
        "every scene is swept: {scenes:?}"
    );
    if seeds.per_preset.is_none() {
        assert!(total >= MIN_TOTAL_SEEDS, "only {total} seeds");
    }
}
