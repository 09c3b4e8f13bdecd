//! What the latest event of the workers run did, for the scene's
//! narration, from the event and the state after it.

use super::{Mode, Workers, WorkersEvent};
use crate::sim::checker::FindingKind;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkersCaption {
    Intro,
    /// poll() returned records up to `last`; how they are handed on
    /// depends on the mode.
    Polled {
        last: u64,
        mode: Mode,
    },
    /// A record's handling finished; `broke` when an earlier event of the
    /// same order was still unfinished, so the order broke here.
    Finished {
        offset: u64,
        order: u32,
        step: u32,
        worker: Option<u32>,
        broke: bool,
    },
}

impl Workers {
    pub fn caption(&self, last: Option<&WorkersEvent>) -> WorkersCaption {
        match last {
            None => WorkersCaption::Intro,
            Some(WorkersEvent::Poll) => WorkersCaption::Polled {
                last: self.position.saturating_sub(1),
                mode: self.config.mode,
            },
            Some(&WorkersEvent::Done { slot, offset }) => {
                let r = self.records[offset as usize];
                let broke = self.checker.violations().last().is_some_and(|v| {
                    v.position.offset == offset && matches!(v.kind, FindingKind::Reorder { .. })
                });
                WorkersCaption::Finished {
                    offset,
                    order: r.order,
                    step: r.step,
                    // Numbered from 0, as the panel of workers numbers them.
                    worker: (self.config.mode == Mode::KeyedPool).then_some(slot),
                    broke,
                }
            }
        }
    }
}
