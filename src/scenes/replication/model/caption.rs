//! What the latest event of the replication run did, for the scene's
//! narration: computed from the event and the state after it, so stepping
//! back and forth always tells the step on screen.

use super::{record_of, ActionKind, ElectionKind, ProduceOutcome, Replication, ReplicationEvent};
use crate::sim::producer::Acks;
use crate::sim::record::OrderEvent;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplicationCaption {
    /// Nothing has happened yet.
    Intro,
    /// The leader appended the record; `acks` says who answers when.
    Written {
        order: u32,
        event: OrderEvent,
        leader: u32,
        offset: u64,
        acks: Acks,
    },
    /// acks=all below `min.insync.replicas`: refused before the append.
    Refused {
        order: u32,
        event: OrderEvent,
        isr: usize,
        min_isr: u32,
    },
    /// No replica leads: the request has nowhere to go.
    NoLeader {
        order: u32,
        event: OrderEvent,
    },
    /// A follower copied the leader's log up to its end.
    Fetched {
        broker: u32,
        leo: u64,
        hw: u64,
    },
    /// A broker died; `leader` is who leads now, and how it was chosen.
    Crashed {
        broker: u32,
        leader: Option<u32>,
        epoch: u32,
        election: Option<ElectionKind>,
    },
    Slowed {
        broker: u32,
    },
    Healed {
        broker: u32,
    },
    /// An acks=all request waited past `request.timeout.ms`.
    TimedOut {
        order: u32,
        event: OrderEvent,
    },
}

impl Replication {
    /// The narration for the state after `last`.
    pub fn caption(&self, last: Option<&ReplicationEvent>) -> ReplicationCaption {
        let Some(last) = last else {
            return ReplicationCaption::Intro;
        };
        match *last {
            ReplicationEvent::Produce { index } => self.produce_caption(index),
            ReplicationEvent::Fetch { broker } => ReplicationCaption::Fetched {
                broker,
                leo: self.replica(broker).log_end_offset(),
                hw: self.high_watermark,
            },
            ReplicationEvent::Action { index } => {
                let a = self.config.actions[index as usize];
                match a.kind {
                    ActionKind::Crash => ReplicationCaption::Crashed {
                        broker: a.broker,
                        leader: self.leader,
                        epoch: self.leader_epoch,
                        election: self.election,
                    },
                    ActionKind::Slow => ReplicationCaption::Slowed { broker: a.broker },
                    ActionKind::Heal => ReplicationCaption::Healed { broker: a.broker },
                }
            }
            ReplicationEvent::Expire { index } => {
                let (order, event) = record_of(index);
                ReplicationCaption::TimedOut { order, event }
            }
        }
    }

    fn produce_caption(&self, index: u32) -> ReplicationCaption {
        let (order, event) = record_of(index);
        let outcome = self
            .outcomes
            .iter()
            .find(|(i, _)| *i == index)
            .map(|(_, o)| *o);
        match (outcome, self.leader) {
            (Some(ProduceOutcome::NoLeader), _) | (_, None) => {
                ReplicationCaption::NoLeader { order, event }
            }
            (Some(ProduceOutcome::NotEnoughReplicas), _) => ReplicationCaption::Refused {
                order,
                event,
                isr: self.isr.len(),
                min_isr: self.config.min_isr,
            },
            (_, Some(leader)) => ReplicationCaption::Written {
                order,
                event,
                leader,
                offset: self
                    .replica(leader)
                    .log
                    .iter()
                    .rev()
                    .find(|r| r.order == order && r.event == event)
                    .map_or(0, |r| r.offset),
                acks: self.config.acks,
            },
        }
    }
}
