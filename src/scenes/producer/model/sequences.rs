//! The idempotent producer's bookkeeping for its one partition: the epoch,
//! the next sequence, the last acknowledged one, and when to bump the epoch.
//!
//! Read from apache/kafka's `TransactionManager` (with `TxnPartitionEntry`):
//! `canRetry`, `handleFailedBatch`, `markSequenceUnresolved`,
//! `maybeResolveSequences`, `bumpIdempotentProducerEpoch` and
//! `startSequencesAtBeginning`. Since Kafka 2.5 (KIP-360) a batch that fails
//! for good no longer wedges the producer: it bumps its epoch, numbers what
//! is still pending from 0 again, and only the failed batch is lost.

use super::ErrorCode;

/// `TxnPartitionEntry.NO_LAST_ACKED_SEQUENCE_NUMBER`.
pub const NO_LAST_ACKED: i32 = -1;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sequences {
    pub epoch: u16,
    pub next_seq: i32,
    pub last_acked_seq: i32,
    /// `partitionsWithUnresolvedSequences`: a batch expired after it was
    /// sent, so nobody knows whether the broker has it. Holds the sequence
    /// that should come next if it was written.
    pub unresolved: Option<i32>,
    /// `epochBumpRequired`, done before the sender's next drain.
    pub bump_required: bool,
}

impl Sequences {
    /// A producer that starts at `next_seq` (0, or after the records it wrote
    /// before the scene begins).
    pub fn starting_at(next_seq: i32) -> Self {
        Sequences {
            epoch: 0,
            next_seq,
            last_acked_seq: next_seq - 1,
            unresolved: None,
            bump_required: false,
        }
    }

    /// `isNextSequence`.
    pub fn is_next(&self, seq: i32) -> bool {
        i64::from(seq) - i64::from(self.last_acked_seq) == 1
    }

    /// `TransactionManager.canRetry` for `OUT_OF_ORDER_SEQUENCE_NUMBER`, for
    /// a producer that is not transactional: it is always retried. When the
    /// batch is the one right after the last acknowledged sequence (or an
    /// unresolved one), the gap is real, and the epoch is bumped first.
    pub fn retry_out_of_order(&mut self, base_seq: i32, sequence_reset: bool) {
        let not_next = sequence_reset || !self.is_next(base_seq);
        if self.unresolved.is_none() && not_next {
            return;
        }
        if self.unresolved.is_none() || self.unresolved == Some(base_seq) {
            self.bump_required = true;
        }
    }

    /// `handleFailedBatch`: an `OUT_OF_ORDER_SEQUENCE_NUMBER` that failed a
    /// batch for good leaves a gap; so does any failure while retries were
    /// left (`adjustSequenceNumbers`). Either way the epoch is bumped.
    pub fn failed(&mut self, code: Option<ErrorCode>, retries_left: bool) {
        if code == Some(ErrorCode::OutOfOrderSequenceNumber) || retries_left {
            self.bump_required = true;
        }
    }

    /// `markSequenceUnresolved`, for a batch that expired while in retry.
    pub fn mark_unresolved(&mut self, last_seq: i32) {
        let next = last_seq + 1;
        self.unresolved = Some(self.unresolved.map_or(next, |u| u.max(next)));
    }

    /// `maybeResolveSequences`, once nothing is in flight: the expired batch
    /// was written if the sequences went on from it; if not, bump.
    pub fn resolve(&mut self) {
        if self.unresolved.take().is_some() && !self.is_next(self.next_seq) {
            self.bump_required = true;
        }
    }

    /// `handleCompletedBatch`.
    pub fn acked(&mut self, last_seq: i32) {
        self.last_acked_seq = self.last_acked_seq.max(last_seq);
    }

    /// `bumpIdempotentProducerEpoch` and `startSequencesAtBeginning`: the
    /// pending batches, in sequence order, get `(new base, record count)`
    /// renumbered from 0; returns their new base sequences.
    pub fn bump(&mut self, pending: &[i32]) -> Vec<i32> {
        self.epoch = self.epoch.wrapping_add(1);
        let mut seq = 0;
        let bases = pending
            .iter()
            .map(|&records| {
                let base = seq;
                seq += records;
                base
            })
            .collect();
        self.next_seq = seq;
        self.last_acked_seq = NO_LAST_ACKED;
        self.unresolved = None;
        self.bump_required = false;
        bases
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_behind_a_gap_is_retried_without_a_bump() {
        let mut s = Sequences::starting_at(0);
        s.acked(1);
        s.retry_out_of_order(0, false);
        assert!(
            !s.bump_required,
            "seq 0 is not last acked + 1: wait and retry"
        );
    }

    #[test]
    fn the_next_batch_refused_out_of_order_bumps() {
        let mut s = Sequences::starting_at(100);
        s.retry_out_of_order(100, false);
        assert!(s.bump_required);
    }

    #[test]
    fn a_bump_renumbers_what_is_pending_from_zero() {
        let mut s = Sequences::starting_at(0);
        s.next_seq = 40;
        s.acked(9);
        assert_eq!(s.bump(&[3, 4, 1]), vec![0, 3, 7]);
        assert_eq!(
            (s.epoch, s.next_seq, s.last_acked_seq),
            (1, 8, NO_LAST_ACKED)
        );
    }

    #[test]
    fn an_expired_batch_that_was_written_resolves_without_a_bump() {
        let mut s = Sequences::starting_at(0);
        s.next_seq = 3;
        s.mark_unresolved(1);
        s.acked(2);
        s.resolve();
        assert!(!s.bump_required && s.unresolved.is_none());
        s.mark_unresolved(3);
        s.next_seq = 5;
        s.resolve();
        assert!(s.bump_required, "nothing after it was acknowledged");
    }

    #[test]
    fn a_failure_with_retries_left_or_out_of_order_bumps() {
        let mut s = Sequences::starting_at(0);
        s.failed(Some(ErrorCode::CorruptMessage), false);
        assert!(!s.bump_required);
        s.failed(Some(ErrorCode::OutOfOrderSequenceNumber), false);
        assert!(s.bump_required);
        let mut t = Sequences::starting_at(0);
        t.failed(None, true);
        assert!(t.bump_required);
    }
}
