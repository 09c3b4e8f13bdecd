//! Scene "disk": why an append-only log is fast. An illustrative cost
//! model (not a benchmark) and a page cache with read-ahead.
//!
//! Appends go to the end of the active segment: one long sequential write.
//! The same records as in-place updates (a B-tree, say) each cost a seek.
//! A consumer reading forward triggers the kernel's read-ahead: one miss
//! loads the next pages, and the reads after it hit the page cache.

use crate::sim::engine::{Ctx, Model};
use std::collections::VecDeque;
use std::ops::RangeInclusive;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Device {
    Hdd,
    Nvme,
}

impl Device {
    pub fn id(self) -> &'static str {
        match self {
            Device::Hdd => "hdd",
            Device::Nvme => "nvme",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        match id {
            "hdd" => Some(Device::Hdd),
            "nvme" => Some(Device::Nvme),
            _ => None,
        }
    }

    /// Typical figures: a 7200 rpm disk seeks in about 10 ms and streams
    /// about 150 MB/s; an NVMe drive "seeks" in about 20 µs and streams
    /// gigabytes a second. Both are adjustable: they illustrate, not measure.
    pub fn defaults(self) -> CostModel {
        match self {
            Device::Hdd => CostModel {
                seek_us: 10_000,
                seq_mb_s: 150,
            },
            Device::Nvme => CostModel {
                seek_us: 20,
                seq_mb_s: 2000,
            },
        }
    }
}

pub const SEEK_US_RANGE: RangeInclusive<u32> = 1..=20_000;
pub const SEQ_MB_S_RANGE: RangeInclusive<u32> = 10..=10_000;
pub const RECORD_BYTES_RANGE: RangeInclusive<u32> = 64..=1_048_576;
pub const STREAMS_RANGE: RangeInclusive<u32> = 1..=64;
/// The kernel's default read-ahead window is 128 KiB.
pub const READ_AHEAD_BYTES: u64 = 128 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CostModel {
    /// Average time to move to a random place, microseconds.
    pub seek_us: u32,
    /// Sequential transfer rate, MB/s (10^6 bytes).
    pub seq_mb_s: u32,
}

impl CostModel {
    fn transfer_s(&self, bytes: u64) -> f64 {
        bytes as f64 / (f64::from(self.seq_mb_s.max(1)) * 1e6)
    }

    fn seek_s(&self) -> f64 {
        f64::from(self.seek_us) / 1e6
    }

    /// Appending records back to back: no seek between them.
    pub fn sequential_records_per_s(&self, record_bytes: u64) -> f64 {
        1.0 / self.transfer_s(record_bytes.max(1))
    }

    /// Writing each record in place somewhere else: one seek per record.
    pub fn random_records_per_s(&self, record_bytes: u64) -> f64 {
        1.0 / (self.seek_s() + self.transfer_s(record_bytes.max(1)))
    }

    /// The share of time random writes spend seeking.
    pub fn random_seek_share(&self, record_bytes: u64) -> f64 {
        self.seek_s() / (self.seek_s() + self.transfer_s(record_bytes.max(1)))
    }

    /// Many consumers, each reading its own partition forward: the disk
    /// moves between them once per read-ahead window. Total bytes/s.
    pub fn interleaved_streams_bytes_per_s(&self, streams: u32) -> f64 {
        if streams <= 1 {
            return f64::from(self.seq_mb_s) * 1e6;
        }
        READ_AHEAD_BYTES as f64 / (self.seek_s() + self.transfer_s(READ_AHEAD_BYTES))
    }
}

/// The animated part: one segment file of pages, a writer at its end, a
/// consumer reading forward from its start, and an LRU page cache.
pub const PAGES: u32 = 96;
/// Pages the page cache holds in this picture.
pub const CACHE_PAGES: usize = 24;
/// Pages loaded by one read-ahead (128 KiB of 4 KiB pages would be 32;
/// the picture uses fewer so each window shows).
pub const READ_AHEAD_PAGES: u32 = 8;
const WRITE_EVERY_MS: u64 = 40;
const READ_EVERY_MS: u64 = 25;
/// The writer starts with this many pages already on disk.
const START_PAGES: u32 = 48;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DiskEvent {
    Write,
    Read,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Disk {
    /// Pages written so far: the segment's end.
    pub written: u32,
    /// The consumer's next page.
    pub read: u32,
    /// Cached pages, most recently used last.
    pub cache: VecDeque<u32>,
    pub hits: u32,
    pub misses: u32,
    /// Pages that came in by read-ahead rather than by being asked for.
    pub prefetched: u32,
    pub last_read_hit: Option<bool>,
    /// The page of the latest miss: the reads after it within its
    /// read-ahead window are answered by that window.
    pub last_miss: Option<u32>,
}

impl Default for Disk {
    fn default() -> Self {
        Disk {
            written: START_PAGES,
            read: 0,
            cache: VecDeque::new(),
            hits: 0,
            misses: 0,
            prefetched: 0,
            last_read_hit: None,
            last_miss: None,
        }
    }
}

impl Disk {
    fn touch(&mut self, page: u32) {
        self.cache.retain(|&p| p != page);
        self.cache.push_back(page);
        while self.cache.len() > CACHE_PAGES {
            self.cache.pop_front();
        }
    }

    pub fn cached(&self, page: u32) -> bool {
        self.cache.contains(&page)
    }
}

impl Model for Disk {
    type Event = DiskEvent;

    fn start(&mut self, ctx: &mut Ctx<'_, DiskEvent>) {
        // Recently written pages are still in the page cache.
        for p in START_PAGES.saturating_sub(CACHE_PAGES as u32 / 2)..START_PAGES {
            self.touch(p);
        }
        ctx.schedule_in(WRITE_EVERY_MS, DiskEvent::Write);
        ctx.schedule_in(READ_EVERY_MS, DiskEvent::Read);
    }

    fn handle(&mut self, event: &DiskEvent, ctx: &mut Ctx<'_, DiskEvent>) {
        match *event {
            DiskEvent::Write => {
                // An append lands in the page cache at the end of the file.
                let page = self.written;
                self.written += 1;
                self.touch(page);
                if self.written < PAGES {
                    ctx.schedule_in(WRITE_EVERY_MS, DiskEvent::Write);
                }
            }
            DiskEvent::Read => {
                if self.read < self.written {
                    let page = self.read;
                    let hit = self.cached(page);
                    if hit {
                        self.hits += 1;
                        self.touch(page);
                    } else {
                        self.misses += 1;
                        self.last_miss = Some(page);
                        // One seek, then the kernel reads ahead.
                        self.touch(page);
                        for p in page + 1..(page + 1 + READ_AHEAD_PAGES).min(self.written) {
                            if !self.cached(p) {
                                self.prefetched += 1;
                                self.touch(p);
                            }
                        }
                    }
                    self.last_read_hit = Some(hit);
                    self.read += 1;
                }
                if self.read < PAGES {
                    ctx.schedule_in(READ_EVERY_MS, DiskEvent::Read);
                }
            }
        }
    }
}

/// What a link carries for the disk: the device and its costs, a record's
/// size and how many streams read at once, for the figures the view works
/// out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DiskParams {
    pub device: Device,
    pub cost: CostModel,
    pub record_bytes: u32,
    pub streams: u32,
}

impl Default for DiskParams {
    fn default() -> Self {
        DiskParams {
            device: Device::Hdd,
            cost: Device::Hdd.defaults(),
            record_bytes: 1024,
            streams: 8,
        }
    }
}

impl crate::sim::ModelParams for Disk {
    type Params = DiskParams;

    /// The disk's run is the same whatever the figures: they only change
    /// the costs the view works out.
    fn run_part(_: &DiskParams) -> DiskParams {
        DiskParams {
            device: Device::Hdd,
            cost: Device::Hdd.defaults(),
            record_bytes: 0,
            streams: 0,
        }
    }
}

mod caption;

pub use caption::DiskCaption;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Sim;

    #[test]
    fn the_cost_model_follows_its_formulas() {
        let hdd = Device::Hdd.defaults();
        // 1 KiB at 150 MB/s: 1024 / 150e6 s per record.
        let seq = hdd.sequential_records_per_s(1024);
        assert!((seq - 150e6 / 1024.0).abs() < 1e-6 * seq);
        // Random: 10 ms seek + 6.8 µs transfer per record ≈ 99.9 records/s.
        let random = hdd.random_records_per_s(1024);
        assert!((random - 1.0 / (0.010 + 1024.0 / 150e6)).abs() < 1e-9);
        assert!((99.0..100.0).contains(&random));
        assert!(hdd.random_seek_share(1024) > 0.99);
        let nvme = Device::Nvme.defaults();
        assert!(nvme.random_records_per_s(1024) > 100.0 * random);
        // Sequential still wins on NVMe, by far less.
        let ratio = nvme.sequential_records_per_s(1024) / nvme.random_records_per_s(1024);
        assert!((1.0..100.0).contains(&ratio), "{ratio}");
        // Streams: one is the full rate; many pay a seek per 128 KiB window.
        assert_eq!(hdd.interleaved_streams_bytes_per_s(1), 150e6);
        let many = hdd.interleaved_streams_bytes_per_s(8);
        assert!((many - 131_072.0 / (0.010 + 131_072.0 / 150e6)).abs() < 1e-6);
        assert!(many < 150e6 && many > 10e6);
    }

    /// Every step's caption on the one run the scene has.
    fn captions() -> Vec<(u64, DiskCaption)> {
        let mut sim = Sim::new(Disk::default(), 1);
        let mut seen = vec![(0, sim.model().caption(None))];
        while sim.step() {
            let caption = sim.model().caption(sim.last_event().map(|(_, e)| e));
            seen.push((sim.now().as_millis(), caption));
        }
        seen
    }

    #[test]
    fn the_caption_tells_what_each_step_read_or_wrote() {
        let seen = captions();
        assert_eq!(
            &seen[..4],
            &[
                (0, DiskCaption::Intro),
                (
                    25,
                    DiskCaption::Missed {
                        page: 0,
                        ahead: Some((1, 8))
                    }
                ),
                (40, DiskCaption::Wrote { page: 48 }),
                (
                    50,
                    DiskCaption::Hit {
                        page: 1,
                        after_miss: Some(0)
                    }
                ),
            ]
        );
        // A miss on page 9, right after its predecessor's window ends.
        assert!(seen.contains(&(
            250,
            DiskCaption::Missed {
                page: 9,
                ahead: Some((10, 17))
            }
        )));
        let d = run_to_end();
        let count = |f: fn(&DiskCaption) -> bool| seen.iter().filter(|(_, c)| f(c)).count() as u32;
        assert_eq!(count(|c| matches!(c, DiskCaption::Missed { .. })), d.misses);
        assert_eq!(count(|c| matches!(c, DiskCaption::Hit { .. })), d.hits);
        assert_eq!(
            count(|c| matches!(c, DiskCaption::Wrote { .. })),
            PAGES - 48
        );
        // Reading forward, every hit is one a read-ahead brought in: the
        // pages the producer wrote have left the cache before the
        // consumer gets to them.
        for (_, c) in &seen {
            if let DiskCaption::Hit { page, after_miss } = *c {
                let m = after_miss.unwrap_or_else(|| panic!("{c:?}"));
                assert!(m < page && page <= m + READ_AHEAD_PAGES, "{c:?}");
            }
        }
    }

    fn run_to_end() -> Disk {
        let mut sim = Sim::new(Disk::default(), 1);
        while sim.step() {}
        sim.model().clone()
    }

    #[test]
    fn reading_forward_misses_once_per_read_ahead_window() {
        let mut sim = Sim::new(Disk::default(), 1);
        while sim.step() {
            let d = sim.model();
            assert!(d.cache.len() <= CACHE_PAGES);
            assert!(d.read <= d.written);
        }
        let d = sim.model();
        assert_eq!(d.hits + d.misses, PAGES);
        // Reading forward, at most one miss per read-ahead window.
        assert!(
            d.misses <= PAGES / (READ_AHEAD_PAGES + 1) + 2,
            "{} misses",
            d.misses
        );
        assert!(d.hits > d.misses * 4);
        assert!(d.prefetched > 0);
    }
}
