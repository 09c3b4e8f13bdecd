//! The per-key causal-order checker every scene uses.
//!
//! Each record carries its entity key and its causal step (Created = 1,
//! Paid = 2, ...). An observer is a log that stores records or a consumer
//! that processes them. For each observer and key the checker remembers
//! which steps it has seen; a step below one already seen is a reorder, and
//! a step seen twice is a duplicate.

use super::time::SimTime;
use std::collections::BTreeMap;

/// Who saw the records, in the order they saw them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Observer {
    /// A partition's log, in offset order.
    Log { topic: String, partition: u32 },
    /// A consumer, in processing order.
    Consumer { client_id: String },
    /// A whole consumer group, in the order its members finished records:
    /// what the service behind the group did, across partitions.
    Group { group_id: String },
}

/// Where a record sits: its partition and offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Position {
    pub partition: u32,
    pub offset: u64,
}

impl Position {
    pub fn new(partition: u32, offset: u64) -> Self {
        Position { partition, offset }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// `step` arrived after the later step `seen_step`, which came from `seen_at`.
    Reorder { seen_step: u32, seen_at: Position },
    /// `step` was already seen, from `first_at`.
    Duplicate { first_at: Position },
}

/// One place where per-key order was broken.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Violation {
    pub observer: Observer,
    pub key: String,
    pub step: u32,
    pub position: Position,
    pub at: SimTime,
    pub kind: FindingKind,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct KeyHistory {
    /// Step → where it was first seen.
    seen: BTreeMap<u32, Position>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OrderChecker {
    history: BTreeMap<(Observer, String), KeyHistory>,
    violations: Vec<Violation>,
}

impl OrderChecker {
    /// Records that `observer` saw `key` at `step`, from `position`.
    /// Returns the violation this creates, if any.
    pub fn observe(
        &mut self,
        observer: &Observer,
        key: &str,
        step: u32,
        position: Position,
        at: SimTime,
    ) -> Option<&Violation> {
        let history = self
            .history
            .entry((observer.clone(), key.to_owned()))
            .or_default();
        let kind = if let Some(&first_at) = history.seen.get(&step) {
            Some(FindingKind::Duplicate { first_at })
        } else {
            history
                .seen
                .range(step + 1..)
                .next_back()
                .map(|(&seen_step, &seen_at)| FindingKind::Reorder { seen_step, seen_at })
        };
        history.seen.entry(step).or_insert(position);
        self.violations.push(Violation {
            observer: observer.clone(),
            key: key.to_owned(),
            step,
            position,
            at,
            kind: kind?,
        });
        self.violations.last()
    }

    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    pub fn reorders(&self) -> usize {
        self.violations
            .iter()
            .filter(|v| matches!(v.kind, FindingKind::Reorder { .. }))
            .count()
    }

    pub fn duplicates(&self) -> usize {
        self.violations.len() - self.reorders()
    }

    /// Whether `observer` has seen `key` at `step`.
    pub fn has_seen(&self, observer: &Observer, key: &str, step: u32) -> bool {
        self.history
            .get(&(observer.clone(), key.to_owned()))
            .is_some_and(|h| h.seen.contains_key(&step))
    }

    /// Where a key's history has a hole: a later step was seen and an
    /// earlier one never was (histories start at step 1). A lost "Created"
    /// under a written "Paid" is a break in the order, not a clean run.
    /// Returns the observer, the key and the first missing step.
    pub fn gaps(&self) -> Vec<(&Observer, &str, u32)> {
        self.history
            .iter()
            .filter_map(|((observer, key), h)| {
                let last = *h.seen.keys().next_back()?;
                let missing = (1..last).find(|s| !h.seen.contains_key(s))?;
                Some((observer, key.as_str(), missing))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn consumer() -> Observer {
        Observer::Consumer {
            client_id: "consumer-1".into(),
        }
    }

    #[test]
    fn in_order_is_clean_and_keys_are_independent() {
        let mut c = OrderChecker::default();
        let o = consumer();
        for (offset, (key, step)) in [("a", 1), ("b", 1), ("a", 2), ("b", 2), ("a", 4)]
            .into_iter()
            .enumerate()
        {
            assert!(c
                .observe(&o, key, step, Position::new(0, offset as u64), SimTime(0))
                .is_none());
        }
        assert!(c.violations().is_empty());
    }

    #[test]
    fn the_chapters_catastrophe_is_a_reorder() {
        // Paid written at offset 100, then the retried Created at 101.
        let mut c = OrderChecker::default();
        let log = Observer::Log {
            topic: "orders".into(),
            partition: 1,
        };
        assert!(c
            .observe(&log, "order-42", 2, Position::new(1, 100), SimTime(5))
            .is_none());
        let v = c
            .observe(&log, "order-42", 1, Position::new(1, 101), SimTime(9))
            .cloned();
        assert_eq!(
            v.map(|v| v.kind),
            Some(FindingKind::Reorder {
                seen_step: 2,
                seen_at: Position::new(1, 100)
            })
        );
        assert_eq!(c.reorders(), 1);
    }

    #[test]
    fn a_missing_earlier_step_is_a_gap_until_it_arrives() {
        let mut c = OrderChecker::default();
        let o = consumer();
        c.observe(&o, "k", 2, Position::new(0, 0), SimTime(0));
        c.observe(&o, "j", 1, Position::new(0, 1), SimTime(0));
        assert_eq!(c.gaps(), vec![(&o, "k", 1)]);
        c.observe(&o, "k", 1, Position::new(0, 2), SimTime(0));
        assert!(
            c.gaps().is_empty(),
            "a late Created is a reorder, not a gap"
        );
        assert_eq!(c.reorders(), 1);
    }

    #[test]
    fn a_repeat_is_a_duplicate_not_a_reorder() {
        let mut c = OrderChecker::default();
        let o = consumer();
        c.observe(&o, "k", 1, Position::new(0, 0), SimTime(0));
        c.observe(&o, "k", 2, Position::new(0, 1), SimTime(0));
        let v = c
            .observe(&o, "k", 2, Position::new(0, 2), SimTime(0))
            .cloned();
        assert_eq!(
            v.map(|v| v.kind),
            Some(FindingKind::Duplicate {
                first_at: Position::new(0, 1)
            })
        );
        assert_eq!((c.reorders(), c.duplicates()), (0, 1));
    }

    #[test]
    fn reports_the_highest_step_seen_before() {
        let mut c = OrderChecker::default();
        let o = consumer();
        c.observe(&o, "k", 3, Position::new(0, 0), SimTime(0));
        c.observe(&o, "k", 4, Position::new(0, 1), SimTime(0));
        let v = c
            .observe(&o, "k", 1, Position::new(0, 2), SimTime(0))
            .cloned();
        assert_eq!(
            v.map(|v| v.kind),
            Some(FindingKind::Reorder {
                seen_step: 4,
                seen_at: Position::new(0, 1)
            })
        );
    }

    #[test]
    fn observers_are_checked_separately() {
        let mut c = OrderChecker::default();
        let a = consumer();
        let b = Observer::Consumer {
            client_id: "consumer-2".into(),
        };
        c.observe(&a, "k", 2, Position::new(0, 0), SimTime(0));
        assert!(c
            .observe(&b, "k", 1, Position::new(0, 1), SimTime(0))
            .is_none());
    }
}
