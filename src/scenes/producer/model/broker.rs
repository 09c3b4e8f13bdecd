//! The partition leader's memory of an idempotent producer, and the check it
//! makes before it appends a batch.
//!
//! Read from apache/kafka: `UnifiedLog.analyzeAndValidateProducerState`
//! (a duplicate is looked for first, in `ProducerStateEntry.findDuplicateBatch`),
//! then `ProducerAppendInfo.checkProducerEpoch` and `checkSequence`.

use std::collections::VecDeque;

/// Batches per producer the broker remembers for duplicate detection
/// (`ProducerStateEntry.NUM_BATCHES_TO_RETAIN`).
pub const DUPLICATE_CACHE: usize = 5;

/// What the partition knows of one producer id.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerStateEntry {
    pub producer_id: u64,
    pub epoch: u16,
    pub last_seq: i32,
    /// (first seq, last seq, first offset) of the last five batches.
    pub recent: VecDeque<(i32, i32, u64)>,
}

/// What the leader does with an idempotent batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SequenceCheck {
    Append,
    /// One of the last five batches again: answered with no error and the
    /// original offset, not written again.
    Duplicate {
        base_offset: u64,
    },
    /// `OUT_OF_ORDER_SEQUENCE_NUMBER`.
    OutOfOrder,
    /// `INVALID_PRODUCER_EPOCH`: an epoch older than the one it last saw.
    OlderEpoch,
}

/// The leader's verdict on a batch of sequences `first..=last` in `epoch`.
///
/// - No state for the producer id (it never wrote here, or its state
///   expired): any first sequence is accepted, the `NO_PRODUCER_EPOCH`
///   branch of `checkSequence`. This is KAFKA-15591: a new producer whose
///   first batch failed has its second one written.
/// - A newer epoch must start again at sequence 0 (KIP-360's bump).
/// - Within its epoch a batch must start at the last sequence + 1.
pub fn check(
    entry: Option<&ProducerStateEntry>,
    epoch: u16,
    first: i32,
    last: i32,
) -> SequenceCheck {
    let Some(entry) = entry else {
        return SequenceCheck::Append;
    };
    if epoch < entry.epoch {
        return SequenceCheck::OlderEpoch;
    }
    if epoch == entry.epoch {
        if let Some(&(_, _, base_offset)) = entry
            .recent
            .iter()
            .find(|(f, l, _)| *f == first && *l == last)
        {
            return SequenceCheck::Duplicate { base_offset };
        }
    }
    let in_sequence = if epoch > entry.epoch {
        first == 0
    } else {
        i64::from(first) == i64::from(entry.last_seq) + 1
    };
    if in_sequence {
        SequenceCheck::Append
    } else {
        SequenceCheck::OutOfOrder
    }
}

/// The entry after appending `first..=last` at `base_offset`: a new epoch
/// starts with an empty cache (`ProducerStateEntry.maybeUpdateProducerEpoch`).
pub fn appended(
    entry: Option<ProducerStateEntry>,
    producer_id: u64,
    epoch: u16,
    first: i32,
    last: i32,
    base_offset: u64,
) -> ProducerStateEntry {
    let mut entry = match entry {
        Some(e) if e.epoch == epoch => e,
        _ => ProducerStateEntry {
            producer_id,
            epoch,
            last_seq: -1,
            recent: VecDeque::new(),
        },
    };
    entry.last_seq = last;
    entry.recent.push_back((first, last, base_offset));
    if entry.recent.len() > DUPLICATE_CACHE {
        entry.recent.pop_front();
    }
    entry
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(epoch: u16, last_seq: i32) -> ProducerStateEntry {
        appended(None, 7, epoch, 0, last_seq, 0)
    }

    #[test]
    fn a_producer_the_broker_never_saw_may_start_anywhere() {
        assert_eq!(check(None, 0, 1, 1), SequenceCheck::Append);
        assert_eq!(check(None, 0, 57, 60), SequenceCheck::Append);
    }

    #[test]
    fn a_known_producer_must_go_on_from_its_last_sequence() {
        let e = known(0, 99);
        assert_eq!(check(Some(&e), 0, 100, 100), SequenceCheck::Append);
        assert_eq!(check(Some(&e), 0, 101, 101), SequenceCheck::OutOfOrder);
        assert_eq!(
            check(Some(&e), 0, 0, 99),
            SequenceCheck::Duplicate { base_offset: 0 }
        );
        assert_eq!(check(Some(&e), 0, 50, 50), SequenceCheck::OutOfOrder);
    }

    #[test]
    fn a_bumped_epoch_starts_at_zero_and_an_old_one_is_refused() {
        let e = known(3, 99);
        assert_eq!(check(Some(&e), 4, 0, 2), SequenceCheck::Append);
        assert_eq!(check(Some(&e), 4, 100, 100), SequenceCheck::OutOfOrder);
        assert_eq!(check(Some(&e), 2, 100, 100), SequenceCheck::OlderEpoch);
        let bumped = appended(Some(e), 7, 4, 0, 2, 200);
        assert_eq!(
            (bumped.epoch, bumped.last_seq, bumped.recent.len()),
            (4, 2, 1)
        );
    }

    #[test]
    fn only_the_last_five_batches_are_recognised() {
        let mut e = None;
        for b in 0..6 {
            e = Some(appended(e, 7, 0, b, b, u64::from(b as u32)));
        }
        let e = e.expect("written");
        assert_eq!(check(Some(&e), 0, 0, 0), SequenceCheck::OutOfOrder);
        assert_eq!(
            check(Some(&e), 0, 1, 1),
            SequenceCheck::Duplicate { base_offset: 1 }
        );
    }
}
