//! What the latest moment of the pipeline did, for the narration: the
//! moment, and the finding it completed, if any.

use super::blame::Cause;
use super::run::Step;
use super::Pipeline;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PipelineCaption {
    /// `None` before the first moment.
    pub step: Option<Step>,
    /// The cause of a finding the sink met at this moment.
    pub broke: Option<Cause>,
}

impl Pipeline {
    pub fn caption(&self) -> PipelineCaption {
        let last = self.shown.checked_sub(1).map(|i| i as usize);
        let step = last.and_then(|i| self.run.trace.get(i)).map(|&(_, s)| s);
        let broke = match (step, last) {
            (Some(Step::Handled { delivery }), Some(i)) => {
                let at = self.run.trace[i].0;
                let entry = self.run.deliveries[delivery as usize].entry;
                self.run
                    .findings
                    .iter()
                    .find(|f| {
                        f.at == at
                            && f.witness.iter().any(|w| {
                                w.delivery == Some(delivery)
                                    || (w.entry == Some(entry) && w.delivery.is_none())
                            })
                    })
                    .map(|f| f.cause)
            }
            _ => None,
        };
        PipelineCaption { step, broke }
    }
}
