//! The disk scene's sweep: each device's cost model.

use crate::scenes::disk::model::{Disk, CACHE_PAGES, PAGES, READ_AHEAD_PAGES};
use crate::scenes::sweep::*;
use crate::sim::rng::Rng;
use std::collections::BTreeSet;
use std::ops::Range;

/// The cost model ranks sequential above random and one stream above
/// many, whatever the knobs; the page cache stays within its size and
/// reading forward misses about once per read-ahead window.
fn sweep_disk(device: &str, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("disk", device);
    for (index, seed) in seeds.enumerate() {
        let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0\0\0\0disk"));
        let link = format!(
            "?scene=disk&device={device}&record-bytes={}&streams={}&seed={seed}",
            rng.between(64, 1_048_576),
            rng.between(1, 64)
        );
        let p = params(&link);
        let (cost, bytes) = (p.disk.cost, u64::from(p.disk.record_bytes));
        assert!(
            cost.sequential_records_per_s(bytes) > cost.random_records_per_s(bytes),
            "{link}"
        );
        let share = cost.random_seek_share(bytes);
        assert!(share > 0.0 && share < 1.0, "{link}: seek share {share}");
        let one = cost.interleaved_streams_bytes_per_s(1);
        assert!(
            cost.interleaved_streams_bytes_per_s(p.disk.streams) <= one,
            "{link}"
        );
        let sim = play(Disk::default(), &link, seed, index as u64, |d, _| {
            assert!(d.cache.len() <= CACHE_PAGES, "{link}: the cache overflowed");
            let pages: BTreeSet<u32> = d.cache.iter().copied().collect();
            assert_eq!(pages.len(), d.cache.len(), "{link}: a page cached twice");
            assert!(d.read <= d.written && d.written <= PAGES, "{link}");
            assert_eq!(d.hits + d.misses, d.read, "{link}");
            if d.read > 0 {
                assert!(d.cached(d.read - 1), "{link}: the page just read");
            }
        });
        let d = sim.model();
        assert_eq!(d.hits + d.misses, PAGES, "{link}");
        assert!(d.misses <= PAGES / (READ_AHEAD_PAGES + 1) + 2, "{link}");
        assert!(d.prefetched > 0, "{link}: read-ahead never helped");
        tally.seeds += 1;
    }
    tally
}

// ------------------------------------------------------------ the run

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for device in ["hdd", "nvme"] {
        jobs.push((
            format!("disk {device}"),
            Box::new(move || vec![sweep_disk(device, seeds.range(100))]),
        ));
    }
    jobs
}
