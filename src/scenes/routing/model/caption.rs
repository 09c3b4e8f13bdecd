//! What the latest event of the routing stream did, for the stream's
//! narration: computed from the event and the state after it, so stepping
//! back and forth always tells the step on screen.

use super::{
    order_key, processing_ms, stream_record, RoutingEvent, RoutingNote, RoutingStream, StreamKeys,
    IDLE_POLL_MS, STREAM_LEN, STREAM_ORDERS,
};
use crate::sim::checker::{FindingKind, Observer};
use crate::sim::consumer::Processing;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::{murmur2, to_positive};
use crate::sim::record::OrderEvent;

/// Where a sticky strategy's record went, against the record before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stick {
    /// The stream's first record: the sticky partition is picked at random.
    First,
    /// The same partition as the record before.
    Stayed,
    /// Another partition than the record before, which went to this one.
    MovedFrom(u32),
}

/// Why a record went to its partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamRoute {
    /// `(murmur2(key) & 0x7fffffff) % partitions`, with the masked hash.
    Hashed { hash: u32, partitions: u32 },
    /// The next partition after the one the record before went to.
    RoundRobin,
    /// Sticky (KIP-480): it moves when a new batch is needed.
    Sticky(Stick),
    /// Uniform sticky (KIP-794): it moves after about `batch.size` bytes;
    /// `next` is the partition picked after this record, when this record
    /// was the last of its run.
    UniformSticky {
        stick: Stick,
        next: Option<u32>,
        batch_size: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoutingCaption {
    /// Nothing has been produced yet.
    Intro { keys: StreamKeys, partitions: u32 },
    /// The producer appended a record to its partition's batch.
    Placed {
        order: u32,
        event: OrderEvent,
        partition: u32,
        route: StreamRoute,
        /// The partition's earlier batch was sent for want of room, with
        /// this many records.
        closed: Option<u32>,
        /// The record filled its batch, which was sent at once.
        full: bool,
        /// Records in the open batch it waits in, when it waits.
        waiting: Option<u32>,
        linger_ms: u32,
        /// The order's previous event, and where it went.
        earlier: Option<(OrderEvent, u32)>,
    },
    /// `linger.ms` ran out: a batch was sent.
    Lingered {
        partition: u32,
        records: u32,
        linger_ms: u32,
    },
    /// A batch landed in its partition's log.
    Stored {
        partition: u32,
        first: u64,
        records: u32,
    },
    /// A consumer polled and found nothing; `done` when nothing more can
    /// come, so it stops.
    Idle {
        partition: u32,
        done: bool,
        again_ms: u64,
    },
    /// A consumer took the next record of its partition.
    Taken {
        partition: u32,
        offset: u64,
        order: u32,
        event: OrderEvent,
        about_ms: u64,
    },
    /// A consumer finished a record; `after` is the later step of the same
    /// order, and its partition, that the group had handled already: the
    /// order broke here.
    Handled {
        partition: u32,
        offset: u64,
        order: u32,
        event: OrderEvent,
        after: Option<(u32, u32)>,
    },
    /// Every record is handled.
    Finished {
        handled: u32,
        reorders: usize,
        keyed: bool,
    },
}

impl RoutingStream {
    /// The narration for the state after `last`.
    pub fn caption(&self, last: Option<&RoutingEvent>) -> RoutingCaption {
        let intro = RoutingCaption::Intro {
            keys: self.config.keys,
            partitions: self.config.partitions,
        };
        let Some(last) = last else {
            return intro;
        };
        match *last {
            RoutingEvent::Produce { index } => self.placed_caption(index),
            RoutingEvent::LingerExpired { partition, .. } => RoutingCaption::Lingered {
                partition,
                // The batch this event sent is the latest to leave.
                records: self
                    .in_flight
                    .last()
                    .map_or(0, |f| f.batch.records.len() as u32),
                linger_ms: self.config.linger_ms,
            },
            RoutingEvent::Deliver { .. } => match self.note {
                Some(RoutingNote::Delivered {
                    partition,
                    first,
                    records,
                }) => RoutingCaption::Stored {
                    partition,
                    first,
                    records,
                },
                _ => intro,
            },
            RoutingEvent::Wake { partition } => match self.busy[partition as usize] {
                Some(Processing { offset, .. }) => {
                    let (order, event) = self.record_at(partition, offset);
                    let (lo, hi) = processing_ms(partition);
                    RoutingCaption::Taken {
                        partition,
                        offset,
                        order,
                        event,
                        about_ms: (lo + hi) / 2,
                    }
                }
                // Before the first record only empty polls happen: the
                // learner has seen nothing yet.
                None if self.produced == 0 => intro,
                None if self.handled.len() as u32 == STREAM_LEN => RoutingCaption::Finished {
                    handled: STREAM_LEN,
                    reorders: self.reorders(),
                    keyed: self.config.keys == StreamKeys::OrderId,
                },
                None => RoutingCaption::Idle {
                    partition,
                    done: self.drained(partition),
                    again_ms: IDLE_POLL_MS,
                },
            },
            RoutingEvent::Processed { partition } => {
                let Some(h) = self.handled.last().filter(|h| h.partition == partition) else {
                    return intro;
                };
                let after = self
                    .checker
                    .violations()
                    .last()
                    .filter(|v| {
                        matches!(v.observer, Observer::Group { .. })
                            && v.position.partition == partition
                            && v.position.offset == h.offset
                    })
                    .and_then(|v| match v.kind {
                        FindingKind::Reorder { seen_step, seen_at } => {
                            Some((seen_step, seen_at.partition))
                        }
                        FindingKind::Duplicate { .. } => None,
                    });
                RoutingCaption::Handled {
                    partition,
                    offset: h.offset,
                    order: h.order,
                    event: h.event,
                    after,
                }
            }
        }
    }

    fn record_at(&self, partition: u32, offset: u64) -> (u32, OrderEvent) {
        self.logs[partition as usize]
            .record(offset)
            .map_or((0, OrderEvent::Created), |r| {
                let order = r
                    .entity
                    .strip_prefix("order-")
                    .and_then(|o| o.parse().ok())
                    .unwrap_or(0);
                (order, r.event)
            })
    }

    fn placed_caption(&self, index: u32) -> RoutingCaption {
        let (order, event) = stream_record(index);
        let partition = self.placed[index as usize].unwrap_or(0);
        let before = index.checked_sub(1).and_then(|i| self.placed[i as usize]);
        let stick = match before {
            None => Stick::First,
            Some(b) if b == partition => Stick::Stayed,
            Some(b) => Stick::MovedFrom(b),
        };
        let route = match self.config.keys {
            StreamKeys::OrderId => StreamRoute::Hashed {
                hash: to_positive(murmur2(order_key(order).as_bytes())),
                partitions: self.config.partitions,
            },
            StreamKeys::Null(KeylessStrategy::RoundRobin) => StreamRoute::RoundRobin,
            StreamKeys::Null(KeylessStrategy::Sticky) => StreamRoute::Sticky(stick),
            StreamKeys::Null(KeylessStrategy::UniformSticky) => StreamRoute::UniformSticky {
                stick,
                next: self
                    .accumulator
                    .sticky_partition()
                    .filter(|&p| p != partition),
                batch_size: self.config.batch_size,
            },
        };
        let (closed, full) = match self.note {
            Some(RoutingNote::Appended { closed, full }) => (closed, full),
            _ => (None, false),
        };
        let waiting = self
            .accumulator
            .open_batch(partition)
            .filter(|b| b.records.contains(&index))
            .map(|b| b.records.len() as u32);
        // Order `o`'s events are every `STREAM_ORDERS.len()`-th record.
        let orders = STREAM_ORDERS.len() as u32;
        let earlier = index.checked_sub(orders).map(|i| {
            let (_, e) = stream_record(i);
            (e, self.placed[i as usize].unwrap_or(0))
        });
        RoutingCaption::Placed {
            order,
            event,
            partition,
            route,
            closed,
            full,
            waiting,
            linger_ms: self.config.linger_ms,
            earlier,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::routing::model::{
        RoutingStreamConfig, DEFAULT_BATCH_SIZE, DEFAULT_LINGER_MS,
    };
    use crate::sim::Sim;

    fn config(keys: StreamKeys) -> RoutingStreamConfig {
        RoutingStreamConfig {
            partitions: 3,
            keys,
            batch_size: DEFAULT_BATCH_SIZE,
            linger_ms: DEFAULT_LINGER_MS,
        }
    }

    /// Every step's caption, on seed 42, as the scene's default link runs.
    fn captions(keys: StreamKeys) -> (Vec<(RoutingEvent, RoutingCaption)>, RoutingStream) {
        let mut sim = Sim::new(RoutingStream::new(config(keys)), 42);
        let mut seen = Vec::new();
        while sim.step() {
            let (_, e) = sim.last_event().expect("a step was taken").clone();
            seen.push((e.clone(), sim.model().caption(Some(&e))));
        }
        (seen, sim.model().clone())
    }

    #[test]
    fn before_the_first_record_only_the_intro_is_told() {
        let s = RoutingStream::new(config(StreamKeys::OrderId));
        assert_eq!(
            s.caption(None),
            RoutingCaption::Intro {
                keys: StreamKeys::OrderId,
                partitions: 3
            }
        );
        let (seen, _) = captions(StreamKeys::OrderId);
        // The consumers' first polls, at time zero, find nothing.
        assert!(matches!(seen[0].0, RoutingEvent::Wake { .. }));
        assert!(matches!(seen[0].1, RoutingCaption::Intro { .. }));
        assert!(seen
            .iter()
            .any(|(e, _)| matches!(e, RoutingEvent::Produce { index: 0 })));
    }

    #[test]
    fn keyed_records_are_told_by_their_hash_and_stay_with_their_order() {
        let (seen, _) = captions(StreamKeys::OrderId);
        let placed: Vec<_> = seen
            .iter()
            .filter_map(|(_, c)| match *c {
                RoutingCaption::Placed {
                    order,
                    partition,
                    route: StreamRoute::Hashed { hash, partitions },
                    earlier,
                    ..
                } => Some((order, partition, hash, partitions, earlier)),
                _ => None,
            })
            .collect();
        assert_eq!(placed.len() as u32, STREAM_LEN);
        for (order, partition, hash, partitions, earlier) in placed {
            assert_eq!(hash % partitions, partition, "order-{order}");
            // The key keeps the order's events together.
            if let Some((_, p)) = earlier {
                assert_eq!(p, partition);
            }
        }
        // The first record: order-40 Created, murmur2("order-40") of 3.
        let first = seen
            .iter()
            .find(|(e, _)| matches!(e, RoutingEvent::Produce { index: 0 }))
            .map(|(_, c)| *c);
        let p40 = to_positive(murmur2(b"order-40")) % 3;
        assert!(matches!(
            first,
            Some(RoutingCaption::Placed { order: 40, event: OrderEvent::Created, partition, earlier: None, waiting: Some(1), closed: None, full: false, .. }) if partition == p40
        ));
    }

    #[test]
    fn every_step_has_its_caption_and_the_run_ends_finished() {
        for keys in [
            StreamKeys::OrderId,
            StreamKeys::Null(KeylessStrategy::RoundRobin),
            StreamKeys::Null(KeylessStrategy::Sticky),
            StreamKeys::Null(KeylessStrategy::UniformSticky),
        ] {
            let (seen, end) = captions(keys);
            for (e, c) in &seen {
                let fits = matches!(
                    (e, c),
                    (RoutingEvent::Produce { .. }, RoutingCaption::Placed { .. })
                        | (
                            RoutingEvent::LingerExpired { .. },
                            RoutingCaption::Lingered { .. }
                        )
                        | (RoutingEvent::Deliver { .. }, RoutingCaption::Stored { .. })
                        | (
                            RoutingEvent::Processed { .. },
                            RoutingCaption::Handled { .. }
                        )
                        | (
                            RoutingEvent::Wake { .. },
                            RoutingCaption::Intro { .. }
                                | RoutingCaption::Idle { .. }
                                | RoutingCaption::Taken { .. }
                                | RoutingCaption::Finished { .. },
                        )
                );
                assert!(fits, "{keys:?}: {e:?} told as {c:?}");
            }
            // Each delivery tells the offsets the batch took, back to back.
            let mut next = vec![0u64; 3];
            for (_, c) in &seen {
                if let RoutingCaption::Stored {
                    partition,
                    first,
                    records,
                } = *c
                {
                    assert_eq!(first, next[partition as usize], "{keys:?}");
                    assert!(records > 0);
                    next[partition as usize] += u64::from(records);
                }
            }
            let stored: Vec<u64> = end.logs.iter().map(|l| l.log_end_offset()).collect();
            assert_eq!(next, stored, "{keys:?}");
            // As many reorders told as the checker counts.
            let broke = seen
                .iter()
                .filter(|(_, c)| matches!(c, RoutingCaption::Handled { after: Some(_), .. }))
                .count();
            assert_eq!(broke, end.reorders(), "{keys:?}");
            assert_eq!(
                seen.last().map(|(_, c)| *c),
                Some(RoutingCaption::Finished {
                    handled: STREAM_LEN,
                    reorders: end.reorders(),
                    keyed: keys == StreamKeys::OrderId,
                }),
                "{keys:?}"
            );
        }
    }

    #[test]
    fn a_null_key_is_told_where_an_order_splits_and_where_it_breaks() {
        let (seen, end) = captions(StreamKeys::Null(KeylessStrategy::UniformSticky));
        assert!(end.reorders() > 0);
        // Some order's event went to another partition than its previous
        // one, and a later step was handled before an earlier one.
        assert!(seen.iter().any(|(_, c)| matches!(
            *c,
            RoutingCaption::Placed { partition, earlier: Some((_, p)), .. } if p != partition
        )));
        let (partition, after) = seen
            .iter()
            .find_map(|(_, c)| match *c {
                RoutingCaption::Handled {
                    partition,
                    after: Some(a),
                    event,
                    ..
                } => {
                    assert!(a.0 > event.step());
                    Some((partition, a))
                }
                _ => None,
            })
            .expect("a reorder is told");
        assert_ne!(
            after.1, partition,
            "the later step came from another partition"
        );
        // Uniform sticky moves after about batch.size bytes and says so.
        assert!(seen.iter().any(|(_, c)| matches!(
            c,
            RoutingCaption::Placed {
                route: StreamRoute::UniformSticky {
                    stick: Stick::MovedFrom(_),
                    ..
                },
                ..
            }
        )));
    }

    #[test]
    fn sticky_tells_each_of_its_switches() {
        let (seen, end) = captions(StreamKeys::Null(KeylessStrategy::Sticky));
        let moved = seen
            .iter()
            .filter(|(_, c)| {
                matches!(
                    c,
                    RoutingCaption::Placed {
                        route: StreamRoute::Sticky(Stick::MovedFrom(_)),
                        ..
                    }
                )
            })
            .count() as u32;
        assert!(moved > 0);
        // The first record switches too, out of sight: no batch is open
        // on the first pick, so it moves before anything went there.
        assert_eq!(moved + 1, end.accumulator.switches);
    }

    #[test]
    fn round_robin_and_linger_are_told() {
        let (seen, _) = captions(StreamKeys::Null(KeylessStrategy::RoundRobin));
        let placed: Vec<u32> = seen
            .iter()
            .filter_map(|(_, c)| match *c {
                RoutingCaption::Placed {
                    partition,
                    route: StreamRoute::RoundRobin,
                    ..
                } => Some(partition),
                _ => None,
            })
            .collect();
        for w in placed.windows(2) {
            assert_eq!(w[1], (w[0] + 1) % 3);
        }
        assert!(seen.iter().any(|(_, c)| matches!(
            c,
            RoutingCaption::Lingered {
                records: 1..,
                linger_ms: 50,
                ..
            }
        )));
    }
}
