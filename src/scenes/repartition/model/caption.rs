//! What the latest event of the repartition run did, for the scene's
//! narration: computed from the event and the state after it, so stepping
//! back and forth always tells the step on screen.

use super::{
    key_hash, order_key, Refusal, Repartition, RepartitionEvent, Strategy, CHANGE_AT,
    GROUP_SEES_AT, IDLE_POLL_MS, PRODUCER_SEES_AT,
};
use crate::sim::checker::FindingKind;
use crate::sim::consumer::{OffsetReset, Processing};
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;

/// Which rule sent a record where it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// `hash % from`, before the producer saw the change; `broker_has` is
    /// the count the broker has already, when the producer does not know.
    Old { broker_has: Option<u32> },
    /// Naive: `hash % to`, as soon as the producer sees the new count.
    New,
    /// Two-phase: an order under way stays on its old partition; `pinned`
    /// orders are in the table after this record, and `released` says
    /// this record finished the order, so it left the table.
    Pinned { pinned: u32, released: bool },
    /// Two-phase: an order started after the change, by `hash % to`.
    NewOrder,
    /// New topic: the producers have switched to it.
    NewTopic,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepartitionCaption {
    /// Nothing has been produced yet.
    Intro {
        from: u32,
        to: u32,
        strategy: Strategy,
        change_at: SimTime,
    },
    /// The producer wrote an order's event; `earlier` is where the order's
    /// previous event lies.
    Produced {
        order: u32,
        event: OrderEvent,
        topic: &'static str,
        partition: u32,
        offset: u64,
        hash: u32,
        /// The partition count the rule divided by.
        modulo: u32,
        placement: Placement,
        earlier: Option<(OrderEvent, &'static str, u32)>,
    },
    /// New topic: the producers are paused, and the record waits.
    Buffered {
        order: u32,
        event: OrderEvent,
        buffered: u32,
    },
    /// The topic grew in place; the clients see it later.
    Grown {
        from: u32,
        to: u32,
        producer_at: SimTime,
        group_at: SimTime,
    },
    /// New topic: created, and the producers paused.
    Created {
        to: u32,
    },
    Refused(Refusal),
    /// The producer's metadata refresh shows the new count; two-phase
    /// pins the orders under way.
    ProducerSaw {
        from: u32,
        to: u32,
        pinned: Option<u32>,
    },
    /// The group rebalanced and reads the new partitions from `reset`;
    /// `skipped` records written there before are never read.
    GroupSaw {
        from: u32,
        to: u32,
        reset: OffsetReset,
        skipped: u32,
    },
    /// New topic: the old one is drained; the buffer goes to the new one.
    Switched {
        flushed: u32,
        paused_ms: u64,
    },
    /// A consumer polled and found nothing.
    Idle {
        consumer: u32,
        topic: &'static str,
        partition: u32,
        again_ms: u64,
    },
    /// A consumer took its partition's next record.
    Taken {
        consumer: u32,
        topic: &'static str,
        partition: u32,
        offset: u64,
        order: u32,
        event: OrderEvent,
        about_ms: u64,
    },
    /// A consumer finished a record; `after` is the later step of the same
    /// order the group had handled already, with its consumer, topic and
    /// partition: the order broke here.
    Handled {
        consumer: u32,
        topic: &'static str,
        partition: u32,
        offset: u64,
        order: u32,
        event: OrderEvent,
        after: Option<(OrderEvent, u32, &'static str, u32)>,
    },
    /// Every record is handled or, under `latest`, skipped.
    Finished {
        reorders: usize,
        skipped: u32,
    },
}

impl Repartition {
    /// The narration for the state after `last`.
    pub fn caption(&self, last: Option<&RepartitionEvent>) -> RepartitionCaption {
        let (from, to) = (self.config.from, self.config.to);
        let intro = RepartitionCaption::Intro {
            from,
            to,
            strategy: self.config.strategy,
            change_at: CHANGE_AT,
        };
        let Some(last) = last else {
            return intro;
        };
        match *last {
            RepartitionEvent::Produce { order, step } => self.produced_caption(order, step),
            RepartitionEvent::ChangePartitions => match (self.refused, self.config.strategy) {
                (Some(refusal), _) => RepartitionCaption::Refused(refusal),
                (None, Strategy::NewTopic) => RepartitionCaption::Created { to },
                (None, _) => RepartitionCaption::Grown {
                    from,
                    to,
                    producer_at: PRODUCER_SEES_AT,
                    group_at: GROUP_SEES_AT,
                },
            },
            RepartitionEvent::ProducerSees => RepartitionCaption::ProducerSaw {
                from,
                to,
                pinned: (self.config.strategy == Strategy::TwoPhase)
                    .then_some(self.pinned.len() as u32),
            },
            RepartitionEvent::GroupSees => RepartitionCaption::GroupSaw {
                from,
                to,
                reset: self.config.offset_reset,
                skipped: self.skipped,
            },
            RepartitionEvent::Switch => RepartitionCaption::Switched {
                // The buffer only grows while the producers wait, and all
                // of it goes out at the switch.
                flushed: self.buffered_max,
                paused_ms: self.pause_ms(SimTime(u64::MAX)),
            },
            RepartitionEvent::Wake { lane } => {
                let l = &self.lanes[lane as usize];
                let (topic, partition) = (self.lane_topic(lane), l.log.partition);
                match l.busy {
                    Some(Processing { offset, .. }) => {
                        let (order, event) = self.record_at(lane, offset);
                        RepartitionCaption::Taken {
                            consumer: lane + 1,
                            topic,
                            partition,
                            offset,
                            order,
                            event,
                            about_ms: (l.speed_ms.0 + l.speed_ms.1) / 2,
                        }
                    }
                    // Before the first record only empty polls happen.
                    None if self.produced == 0 => intro,
                    None if self.finished() => RepartitionCaption::Finished {
                        reorders: self.reorders(),
                        skipped: self.skipped,
                    },
                    None => RepartitionCaption::Idle {
                        consumer: lane + 1,
                        topic,
                        partition,
                        again_ms: IDLE_POLL_MS,
                    },
                }
            }
            RepartitionEvent::Processed { lane } => {
                let Some(h) = self.handled.last() else {
                    return intro;
                };
                let after = self
                    .checker
                    .violations()
                    .last()
                    .filter(|v| {
                        v.key == order_key(h.order)
                            && v.position.partition == h.partition
                            && v.position.offset == h.offset
                    })
                    .and_then(|v| match v.kind {
                        FindingKind::Reorder { seen_step, .. } => self
                            .handled
                            .iter()
                            .find(|o| o.order == h.order && o.event.step() == seen_step),
                        FindingKind::Duplicate { .. } => None,
                    })
                    .map(|o| {
                        (
                            o.event,
                            self.lane_of(o.topic, o.partition) + 1,
                            o.topic,
                            o.partition,
                        )
                    });
                RepartitionCaption::Handled {
                    consumer: lane + 1,
                    topic: h.topic,
                    partition: h.partition,
                    offset: h.offset,
                    order: h.order,
                    event: h.event,
                    after,
                }
            }
        }
    }

    /// Every record produced is handled or skipped, and nothing more comes.
    fn finished(&self) -> bool {
        self.everything_produced()
            && self.settled
            && (0..self.lanes.len() as u32)
                .all(|lane| self.lanes[lane as usize].read_from.is_none() || self.drained(lane))
    }

    fn lane_of(&self, topic: &str, partition: u32) -> u32 {
        self.lanes
            .iter()
            .position(|l| l.log.topic == topic && l.log.partition == partition)
            .map_or(0, |i| i as u32)
    }

    fn record_at(&self, lane: u32, offset: u64) -> (u32, OrderEvent) {
        self.lanes[lane as usize]
            .log
            .record(offset)
            .map_or((0, OrderEvent::Created), |r| {
                (
                    r.entity.trim_start_matches("order-").parse().unwrap_or(0),
                    r.event,
                )
            })
    }

    fn produced_caption(&self, order: u32, step: u32) -> RepartitionCaption {
        let event = OrderEvent::ALL[step as usize % 4];
        let Some(&(topic, partition, offset)) = self.placements.get(&(order, step)) else {
            return RepartitionCaption::Buffered {
                order,
                event,
                buffered: self.buffered.len() as u32,
            };
        };
        let (from, to) = (self.config.from, self.config.to);
        let placement = match (self.config.strategy, self.changed) {
            (_, false) => {
                let broker = self.lanes.len() as u32;
                Placement::Old {
                    broker_has: (broker > from).then_some(broker),
                }
            }
            (Strategy::Naive, true) => Placement::New,
            (Strategy::TwoPhase, true) if self.pinned.contains_key(&order) || self.unpinned => {
                Placement::Pinned {
                    pinned: self.pinned.len() as u32,
                    released: self.unpinned,
                }
            }
            (Strategy::TwoPhase, true) => Placement::NewOrder,
            (Strategy::NewTopic, true) => Placement::NewTopic,
        };
        let modulo = match placement {
            Placement::Old { .. } | Placement::Pinned { .. } => from,
            _ => to,
        };
        let earlier = step.checked_sub(1).and_then(|s| {
            self.placements
                .get(&(order, s))
                .map(|&(t, p, _)| (OrderEvent::ALL[s as usize], t, p))
        });
        RepartitionCaption::Produced {
            order,
            event,
            topic,
            partition,
            offset,
            hash: key_hash(order),
            modulo,
            placement,
            earlier,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::repartition::model::{RepartitionConfig, Speeds};
    use crate::sim::Sim;

    fn config(to: u32, strategy: Strategy, offset_reset: OffsetReset) -> RepartitionConfig {
        RepartitionConfig {
            from: 3,
            to,
            strategy,
            offset_reset,
            speeds: Speeds::default(),
        }
    }

    /// Every step's caption on seed 42, the default link's, with its time.
    fn captions(config: RepartitionConfig) -> (Vec<(u64, RepartitionCaption)>, Repartition) {
        let mut sim = Sim::new(Repartition::new(config), 42);
        let mut seen = Vec::new();
        while sim.step() {
            let (at, e) = sim.last_event().expect("a step was taken").clone();
            seen.push((at.as_millis(), sim.model().caption(Some(&e))));
        }
        (seen, sim.model().clone())
    }

    fn find(
        seen: &[(u64, RepartitionCaption)],
        f: impl Fn(&RepartitionCaption) -> bool,
    ) -> Vec<(u64, RepartitionCaption)> {
        seen.iter().filter(|(_, c)| f(c)).copied().collect()
    }

    #[test]
    fn before_the_first_record_only_the_intro_is_told() {
        let c = config(4, Strategy::Naive, OffsetReset::Earliest);
        let intro = RepartitionCaption::Intro {
            from: 3,
            to: 4,
            strategy: Strategy::Naive,
            change_at: CHANGE_AT,
        };
        assert_eq!(Repartition::new(c).caption(None), intro);
        let (seen, _) = captions(c);
        // The consumers' empty polls before the first order are no news.
        let first = seen
            .iter()
            .position(|(_, c)| *c != intro)
            .expect("something happens");
        assert!(first >= 3);
        assert!(matches!(
            seen[first].1,
            RepartitionCaption::Produced {
                order: 1,
                event: OrderEvent::Created,
                ..
            }
        ));
    }

    #[test]
    fn the_naive_change_is_told_as_it_reaches_each_side_and_where_orders_split() {
        let (seen, end) = captions(config(4, Strategy::Naive, OffsetReset::Earliest));
        assert_eq!(
            find(&seen, |c| matches!(
                c,
                RepartitionCaption::Grown { .. }
                    | RepartitionCaption::ProducerSaw { .. }
                    | RepartitionCaption::GroupSaw { .. }
            )),
            vec![
                (
                    600,
                    RepartitionCaption::Grown {
                        from: 3,
                        to: 4,
                        producer_at: PRODUCER_SEES_AT,
                        group_at: GROUP_SEES_AT
                    }
                ),
                (
                    700,
                    RepartitionCaption::ProducerSaw {
                        from: 3,
                        to: 4,
                        pinned: None
                    }
                ),
                (
                    1000,
                    RepartitionCaption::GroupSaw {
                        from: 3,
                        to: 4,
                        reset: OffsetReset::Earliest,
                        skipped: 0
                    }
                ),
            ]
        );
        // Between the change and the producer's refresh, records still go
        // by the old count, and the caption says the broker knows better.
        let stale = find(&seen, |c| {
            matches!(
                c,
                RepartitionCaption::Produced {
                    placement: Placement::Old {
                        broker_has: Some(4)
                    },
                    modulo: 3,
                    ..
                }
            )
        });
        assert!(!stale.is_empty());
        assert!(stale.iter().all(|(t, _)| (600..=700).contains(t)));
        // After it, by the new count: each told remainder is the partition,
        // and some order's event lands away from its previous one.
        let mut split = 0;
        for (t, c) in &seen {
            if let RepartitionCaption::Produced {
                placement,
                hash,
                modulo,
                partition,
                earlier,
                ..
            } = *c
            {
                assert_eq!(hash % modulo, partition);
                assert_eq!(placement == Placement::New, *t >= 700, "{t}: {c:?}");
                if placement == Placement::New && earlier.is_some_and(|(_, _, p)| p != partition) {
                    split += 1;
                }
            }
        }
        assert!(split > 0);
        // Each broken order is told where it broke, as often as the
        // checker counts, and the run ends on the verdict.
        let broke = find(&seen, |c| {
            matches!(c, RepartitionCaption::Handled { after: Some(_), .. })
        });
        assert!(end.reorders() > 0);
        assert_eq!(broke.len(), end.reorders());
        for (_, c) in &broke {
            if let RepartitionCaption::Handled {
                event,
                after: Some((later, ..)),
                ..
            } = *c
            {
                assert!(later.step() > event.step());
            }
        }
        assert_eq!(
            seen.last().map(|(_, c)| *c),
            Some(RepartitionCaption::Finished {
                reorders: end.reorders(),
                skipped: 0
            })
        );
    }

    #[test]
    fn two_phase_pins_the_orders_under_way_and_releases_each_at_its_end() {
        let (seen, end) = captions(config(4, Strategy::TwoPhase, OffsetReset::Latest));
        let pinned = match find(&seen, |c| {
            matches!(c, RepartitionCaption::ProducerSaw { .. })
        })[..]
        {
            [(
                _,
                RepartitionCaption::ProducerSaw {
                    pinned: Some(n), ..
                },
            )] => n,
            ref other => panic!("{other:?}"),
        };
        assert_eq!(pinned, end.pinned_max());
        let released = find(&seen, |c| {
            matches!(
                c,
                RepartitionCaption::Produced {
                    placement: Placement::Pinned { released: true, .. },
                    event: OrderEvent::Delivered,
                    ..
                }
            )
        });
        assert_eq!(released.len() as u32, pinned);
        assert!(!find(&seen, |c| matches!(
            c,
            RepartitionCaption::Produced {
                placement: Placement::NewOrder,
                ..
            }
        ))
        .is_empty());
        // latest skips what the new partition held before the rebalance.
        assert!(end.skipped > 0);
        assert!(seen.contains(&(
            1000,
            RepartitionCaption::GroupSaw {
                from: 3,
                to: 4,
                reset: OffsetReset::Latest,
                skipped: end.skipped
            }
        )));
        assert_eq!(
            seen.last().map(|(_, c)| *c),
            Some(RepartitionCaption::Finished {
                reorders: 0,
                skipped: end.skipped
            })
        );
    }

    #[test]
    fn the_new_topic_buffers_while_the_old_one_drains_then_switches() {
        let (seen, end) = captions(config(4, Strategy::NewTopic, OffsetReset::Earliest));
        assert!(seen.contains(&(600, RepartitionCaption::Created { to: 4 })));
        let buffered: Vec<u32> = find(&seen, |c| matches!(c, RepartitionCaption::Buffered { .. }))
            .into_iter()
            .map(|(_, c)| match c {
                RepartitionCaption::Buffered { buffered, .. } => buffered,
                _ => 0,
            })
            .collect();
        assert_eq!(buffered, (1..=end.buffered_max).collect::<Vec<_>>());
        let switched = find(&seen, |c| matches!(c, RepartitionCaption::Switched { .. }));
        assert_eq!(
            switched,
            vec![(
                end.switched_at.expect("switched").as_millis(),
                RepartitionCaption::Switched {
                    flushed: end.buffered_max,
                    paused_ms: end.pause_ms(SimTime(u64::MAX)),
                }
            )]
        );
        assert_eq!(
            seen.last().map(|(_, c)| *c),
            Some(RepartitionCaption::Finished {
                reorders: 0,
                skipped: 0
            })
        );
    }

    #[test]
    fn a_change_the_controller_refuses_is_told_as_refused() {
        let (seen, _) = captions(config(3, Strategy::Naive, OffsetReset::Earliest));
        assert!(seen.contains(&(
            600,
            RepartitionCaption::Refused(Refusal::AlreadyHas { partitions: 3 })
        )));
        assert!(find(&seen, |c| matches!(
            c,
            RepartitionCaption::ProducerSaw { .. } | RepartitionCaption::GroupSaw { .. }
        ))
        .is_empty());
    }
}
