//! Who is in sync and who may lead: the ISR's shrink, the eligible leader
//! replicas, and the controller's election when the leader dies, after
//! Kafka 4.1's `Partition` (core/src/main/scala/kafka/cluster) and
//! `PartitionChangeBuilder` (metadata/src/main/java/org/apache/kafka/controller).

use super::{ElectionKind, RRecord, Replication, BROKERS, REPLICA_LAG_TIME_MAX_MS};
use crate::sim::time::SimTime;
use std::collections::BTreeSet;

impl Replication {
    /// The ELR that goes with a new ISR (`PartitionChangeBuilder.maybePopulateTargetElr`):
    /// empty while the ISR is at least `min.insync.replicas`; below it, the
    /// replicas that were in the ISR or the ELR and are not in the new ISR.
    /// Kafka also drops replicas that come back from an unclean shutdown;
    /// here no broker comes back.
    fn target_elr(&self, isr: &BTreeSet<u32>) -> BTreeSet<u32> {
        if isr.len() as u32 >= self.config.min_isr {
            return BTreeSet::new();
        }
        self.elr
            .union(&self.isr)
            .filter(|b| !isr.contains(b))
            .copied()
            .collect()
    }

    /// Every ISR change goes through the controller, which keeps the ELR
    /// with it, whether the leader shrank or grew the ISR (AlterPartition)
    /// or a broker was fenced.
    pub(super) fn set_isr(&mut self, isr: BTreeSet<u32>) {
        self.elr = self.target_elr(&isr);
        self.isr = isr;
    }

    /// `Partition.maybeShrinkIsr`: the leader drops, in one change, every
    /// follower that is out of sync (`getOutOfSyncReplicas`): behind the
    /// leader's log end and not caught up for `replica.lag.time.max.ms`. A
    /// follower level with the leader stays, however long it has been
    /// silent (`isFollowerOutOfSync`).
    pub(super) fn shrink_isr(&mut self, now: SimTime) {
        let Some(leader) = self.leader else { return };
        let leo = self.replica(leader).log_end_offset();
        let out: BTreeSet<u32> =
            crate::sim::sort::set_from(self.isr.iter().copied().filter(|&b| b != leader).filter(
                |&b| {
                    let r = self.replica(b);
                    r.log_end_offset() != leo
                        && now.as_millis().saturating_sub(r.last_caught_up.as_millis())
                            >= REPLICA_LAG_TIME_MAX_MS
                },
            ));
        if !out.is_empty() {
            let isr = self.isr.difference(&out).copied().collect();
            self.set_isr(isr);
        }
    }

    /// The controller fences the dead leader and elects in the same change
    /// (`ReplicationControlManager.generateLeaderAndIsrUpdates`, then
    /// `PartitionChangeBuilder.build`): the ISR without it, the ELR that
    /// goes with that, then `electAnyLeader`. That takes the first replica
    /// in assignment order that is alive and in the ISR, or in the ELR when
    /// the ISR is empty (`isValidNewLeader`); failing both, with unclean
    /// election on, the first live replica of all.
    pub(super) fn elect(&mut self, dead: u32, now: SimTime) {
        let isr: BTreeSet<u32> =
            crate::sim::sort::set_from(self.isr.iter().copied().filter(|&b| b != dead));
        let elr = self.target_elr(&isr);
        let alive = |b: u32| self.replica(b).alive;
        let clean = (1..=BROKERS)
            .find(|&b| alive(b) && (isr.contains(&b) || (isr.is_empty() && elr.contains(&b))));
        let (leader, kind) = match clean {
            Some(b) if isr.contains(&b) => (Some(b), ElectionKind::Isr),
            Some(b) => (Some(b), ElectionKind::Elr),
            None if self.config.unclean => match (1..=BROKERS).find(|&b| alive(b)) {
                Some(b) => (Some(b), ElectionKind::Unclean),
                None => (None, ElectionKind::Offline),
            },
            None => (None, ElectionKind::Offline),
        };
        self.leader = leader;
        self.leader_epoch += 1;
        self.election = Some(kind);
        // tryElection: a leader from the ELR becomes the whole ISR and
        // leaves the ELR; an unclean one becomes the whole ISR, and
        // maybeUpdateRecordElr clears the ELR, which no longer vouches for
        // anything.
        (self.isr, self.elr) = match (leader, kind) {
            (Some(b), ElectionKind::Elr) => {
                ([b].into(), elr.into_iter().filter(|&e| e != b).collect())
            }
            (Some(b), ElectionKind::Unclean) => ([b].into(), BTreeSet::new()),
            _ => (isr, elr),
        };
        let Some(leader) = leader else { return };
        self.last_leader = leader;
        let leo = self.replica(leader).log_end_offset();
        if leo < self.high_watermark {
            // A leader from outside the ISR and the ELR: committed records
            // above its log end are gone.
            let gone: Vec<RRecord> = self
                .committed
                .iter()
                .filter(|r| r.offset >= leo)
                .copied()
                .collect();
            self.lost.extend(gone);
            self.committed.retain(|r| r.offset < leo);
            self.high_watermark = leo;
        }
        self.replica_mut(leader).last_caught_up = now;
        // Becoming followers, the others cut their logs back to where they
        // agree with the new leader (truncation by leader epoch, KIP-101)
        // before they fetch again.
        for b in 1..=BROKERS {
            if b != leader && self.replica(b).alive {
                self.truncate_to_leader(b, leader);
            }
        }
    }

    pub(super) fn truncate_to_leader(&mut self, broker: u32, leader: u32) {
        let agree = self
            .replica(broker)
            .log
            .iter()
            .zip(&self.replica(leader).log)
            .take_while(|(a, b)| a == b)
            .count();
        let cut: Vec<RRecord> = self.replica_mut(broker).log.drain(agree..).collect();
        self.truncated.extend(cut.into_iter().map(|r| (broker, r)));
    }
}
