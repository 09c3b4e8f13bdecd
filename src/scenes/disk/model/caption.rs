//! What the latest step of the page-cache picture did, for the scene's
//! narration: computed from the event and the state after it, so stepping
//! back and forth always tells the step on screen.

use super::{Disk, DiskEvent, READ_AHEAD_PAGES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskCaption {
    /// Nothing has happened yet.
    Intro,
    /// The producer appended `page` at the end of the segment.
    Wrote { page: u32 },
    /// The read of `page` missed the page cache: one seek, and the kernel
    /// read ahead the pages `ahead` (first, last) after it, when any after
    /// it are written.
    Missed {
        page: u32,
        ahead: Option<(u32, u32)>,
    },
    /// The read of `page` was answered from the page cache, brought in by
    /// the read-ahead of the miss on `after_miss` when it lies in that
    /// window.
    Hit { page: u32, after_miss: Option<u32> },
}

impl Disk {
    /// The narration for the state after `last`.
    pub fn caption(&self, last: Option<&DiskEvent>) -> DiskCaption {
        match last {
            None => DiskCaption::Intro,
            Some(DiskEvent::Write) => DiskCaption::Wrote {
                page: self.written.saturating_sub(1),
            },
            Some(DiskEvent::Read) => {
                // A read moves the consumer on by one page: the page it read
                // is the one behind it.
                let Some(page) = self.read.checked_sub(1) else {
                    return DiskCaption::Intro;
                };
                if self.last_read_hit == Some(true) {
                    let after_miss = self
                        .last_miss
                        .filter(|&m| m < page && page <= m + READ_AHEAD_PAGES);
                    DiskCaption::Hit { page, after_miss }
                } else {
                    let last = (page + READ_AHEAD_PAGES).min(self.written.saturating_sub(1));
                    DiskCaption::Missed {
                        page,
                        ahead: (last > page).then_some((page + 1, last)),
                    }
                }
            }
        }
    }
}
