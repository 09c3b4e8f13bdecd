//! The event queue: events ordered by time, ties broken by scheduling order.

use super::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Clone, Debug)]
struct Scheduled<E> {
    at: SimTime,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Scheduled<E> {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at && self.seq == other.seq
    }
}
impl<E> Eq for Scheduled<E> {}
impl<E> PartialOrd for Scheduled<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Scheduled<E> {
    // Reversed so the max-heap pops the earliest time, then the lowest seq:
    // two events at the same instant always run in the order they were
    // scheduled, which is what makes a run reproducible.
    fn cmp(&self, other: &Self) -> Ordering {
        other.at.cmp(&self.at).then(other.seq.cmp(&self.seq))
    }
}

/// A deterministic priority queue of future events.
#[derive(Clone, Debug)]
pub struct EventQueue<E> {
    heap: BinaryHeap<Scheduled<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue {
            heap: BinaryHeap::new(),
            next_seq: 0,
        }
    }
}

impl<E> EventQueue<E> {
    pub fn push(&mut self, at: SimTime, event: E) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Scheduled { at, seq, event });
    }

    /// The event due next, without taking it.
    pub fn peek(&self) -> Option<&E> {
        self.heap.peek().map(|s| &s.event)
    }

    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.peek().map(|s| s.at)
    }

    pub fn pop(&mut self) -> Option<(SimTime, E)> {
        self.heap.pop().map(|s| (s.at, s.event))
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn earliest_first_then_fifo_on_ties() {
        let mut q = EventQueue::default();
        q.push(SimTime(20), "c");
        q.push(SimTime(10), "a");
        q.push(SimTime(20), "d");
        q.push(SimTime(10), "b");
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(
            order,
            vec![
                (SimTime(10), "a"),
                (SimTime(10), "b"),
                (SimTime(20), "c"),
                (SimTime(20), "d")
            ]
        );
    }

    #[test]
    fn ties_keep_scheduling_order_for_many_events() {
        let mut q = EventQueue::default();
        for i in 0..500u32 {
            q.push(SimTime(5), i);
        }
        for i in 0..500u32 {
            assert_eq!(q.pop(), Some((SimTime(5), i)));
        }
        assert!(q.is_empty());
    }
}
