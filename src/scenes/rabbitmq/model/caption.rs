//! What the latest event of the RabbitMQ run did, on either side, for the
//! scene's narration: computed from the event and the state after it, so
//! stepping back and forth always tells the step on screen.

use super::{RabbitEvent, RabbitScene, Remedy, Side};
use crate::sim::checker::FindingKind;
use crate::sim::partitioner::{partition_for_key, KeyHasher};
use crate::sim::record::OrderEvent;
use crate::sim::time::SimTime;

/// A published message: its place in the publish order (from 0) and the
/// order event it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message {
    pub index: u32,
    pub order: u32,
    pub event: OrderEvent,
}

/// Where a message went once the queue had it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Into consumer `consumer`'s prefetch window, behind the messages
    /// `behind` that it already holds.
    Consumer { consumer: u32, behind: Vec<u32> },
    /// It waits in the queue: every consumer allowed to take it has a full
    /// prefetch window.
    Queued,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RabbitCaption {
    Intro {
        consumers: u32,
        remedy: Remedy,
        requeue: bool,
    },
    /// The message went to RabbitMQ's queue (`queue` under the
    /// consistent-hash exchange) and to Kafka's partition at `offset`.
    Published {
        message: Message,
        remedy: Remedy,
        queue: Option<u32>,
        delivery: Delivery,
        partition: u32,
        offset: u64,
    },
    /// `basic.ack`. `broke`: a later event of the same order was handled
    /// before this one, as (its step, the consumer, the message index).
    Acked {
        consumer: u32,
        message: Message,
        redelivered: bool,
        broke: Option<(u32, u32, u32)>,
    },
    /// `basic.nack` with `requeue=true`, and where the message went next.
    Nacked {
        consumer: u32,
        message: Message,
        requeued: Delivery,
    },
    /// Kafka's consumer handled the record at `offset` of its partition.
    KafkaHandled {
        consumer: u32,
        offset: u64,
        message: Message,
    },
    /// Kafka's consumer failed on the record and handles it again, at the
    /// same offset.
    KafkaRetried {
        consumer: u32,
        offset: u64,
        message: Message,
    },
}

/// The narration of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RabbitNarration {
    /// While the clock still reads 0 the intro leads: the first message is
    /// published at 0 ms, so a link opened at `t=0` has taken a step.
    pub intro: Option<RabbitCaption>,
    pub step: RabbitCaption,
}

impl RabbitScene {
    fn message(&self, index: u32) -> Message {
        let (order, event) = self.messages[index as usize];
        Message {
            index,
            order,
            event,
        }
    }

    /// Where message `m` is on the RabbitMQ side: with which consumer, and
    /// behind which of its messages.
    fn delivery(&self, m: u32) -> Delivery {
        self.rabbit
            .iter()
            .enumerate()
            .find_map(|(c, w)| {
                if w.busy == Some(m) {
                    return Some((c, Vec::new()));
                }
                let at = w.held.iter().position(|&x| x == m)?;
                let behind = w.busy.into_iter().chain(w.held.iter().take(at).copied());
                Some((c, behind.collect()))
            })
            .map_or(Delivery::Queued, |(c, behind)| Delivery::Consumer {
                consumer: c as u32,
                behind,
            })
    }

    /// Kafka's offset of message `m` in partition `p`.
    fn kafka_offset(&self, p: usize, m: u32) -> u64 {
        self.partitions[p]
            .iter()
            .position(|&x| x == m)
            .unwrap_or_default() as u64
    }

    fn intro(&self) -> RabbitCaption {
        RabbitCaption::Intro {
            consumers: self.consumers,
            remedy: self.remedy,
            requeue: self.requeue,
        }
    }

    /// The narration for the state after `last`.
    pub fn narration(&self, last: Option<&(SimTime, RabbitEvent)>) -> RabbitNarration {
        RabbitNarration {
            intro: last
                .filter(|(at, _)| *at == SimTime::ZERO)
                .map(|_| self.intro()),
            step: self.caption(last),
        }
    }

    /// What the step `last` did, from the state after it.
    pub fn caption(&self, last: Option<&(SimTime, RabbitEvent)>) -> RabbitCaption {
        // A consumer's Done always finds the message it handled or the one
        // that failed; should it not, the intro is a harmless answer.
        let intro = self.intro();
        let Some((at, event)) = last else {
            return intro;
        };
        match *event {
            RabbitEvent::Publish { index } => {
                let message = self.message(index);
                let key = super::order_key(message.order);
                let partition =
                    partition_for_key(KeyHasher::Murmur2, key.as_bytes(), self.consumers);
                RabbitCaption::Published {
                    message,
                    remedy: self.remedy,
                    queue: (self.remedy == Remedy::ConsistentHash)
                        .then(|| self.queue_of(index) as u32),
                    delivery: self.delivery(index),
                    partition,
                    offset: self.kafka_offset(partition as usize, index),
                }
            }
            RabbitEvent::Done { side, consumer } => {
                let c = consumer as usize;
                let side_index = usize::from(side == Side::Kafka);
                let failed_here = self.failed[side_index] == Some((*at, consumer));
                match side {
                    Side::Rabbit if failed_here => match self.fails_once {
                        Some(m) => RabbitCaption::Nacked {
                            consumer,
                            message: self.message(m),
                            requeued: self.delivery(m),
                        },
                        None => intro,
                    },
                    Side::Rabbit => match self.rabbit[c].handled.last() {
                        Some(&m) => RabbitCaption::Acked {
                            consumer,
                            message: self.message(m),
                            redelivered: self.fails_once == Some(m) && self.failed[0].is_some(),
                            broke: self.rabbit_checker.violations().last().and_then(|v| {
                                match v.kind {
                                    FindingKind::Reorder { seen_step, seen_at }
                                        if v.position.partition == consumer
                                            && v.position.offset == u64::from(m) =>
                                    {
                                        Some((seen_step, seen_at.partition, seen_at.offset as u32))
                                    }
                                    _ => None,
                                }
                            }),
                        },
                        None => intro,
                    },
                    Side::Kafka => {
                        let worker = &self.kafka[c];
                        let m = if failed_here {
                            worker.busy
                        } else {
                            worker.handled.last().copied()
                        };
                        let Some(m) = m else { return intro };
                        let (message, offset) = (self.message(m), self.kafka_offset(c, m));
                        if failed_here {
                            RabbitCaption::KafkaRetried {
                                consumer,
                                offset,
                                message,
                            }
                        } else {
                            RabbitCaption::KafkaHandled {
                                consumer,
                                offset,
                                message,
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenes::rabbitmq::model::{order_key, run_to_end, MESSAGES, PREFETCH};
    use crate::sim::Sim;

    /// Every step of a run on seed 42, with the caption after it and the
    /// number of RabbitMQ order violations so far.
    fn captions(
        consumers: u32,
        remedy: Remedy,
        requeue: bool,
    ) -> Vec<(RabbitEvent, RabbitCaption, usize)> {
        let mut sim = Sim::new(RabbitScene::new(consumers, remedy, requeue), 42);
        let mut out = Vec::new();
        while sim.step() {
            let s = sim.model();
            let e = sim.last_event().expect("a step was taken").1.clone();
            out.push((e, s.caption(sim.last_event()), s.violations(Side::Rabbit)));
        }
        out
    }

    #[test]
    fn the_run_opens_on_the_intro() {
        let sim = Sim::new(RabbitScene::new(3, Remedy::None, false), 42);
        assert_eq!(
            sim.model().caption(None),
            RabbitCaption::Intro {
                consumers: 3,
                remedy: Remedy::None,
                requeue: false
            }
        );
    }

    #[test]
    fn the_intro_leads_only_the_first_publish_at_0_ms() {
        let mut sim = Sim::new(RabbitScene::new(3, Remedy::None, false), 42);
        let intro = sim.model().caption(None);
        assert_eq!(sim.model().narration(None).intro, None);
        sim.step();
        let n = sim.model().narration(sim.last_event());
        assert_eq!(n.intro, Some(intro));
        assert!(matches!(n.step, RabbitCaption::Published { message, .. } if message.index == 0));
        sim.step();
        assert_eq!(sim.model().narration(sim.last_event()).intro, None);
    }

    #[test]
    fn each_publish_says_where_the_message_went_on_both_sides() {
        let all = captions(3, Remedy::None, false);
        let mut kafka_offsets = [0u64; 3];
        let mut queued = 0;
        for (e, c, _) in &all {
            let RabbitEvent::Publish { index } = *e else {
                continue;
            };
            let RabbitCaption::Published {
                message,
                delivery,
                partition,
                offset,
                queue,
                ..
            } = c
            else {
                panic!("{c:?} after a publish");
            };
            assert_eq!(message.index, index);
            assert_eq!(*queue, None, "one queue");
            let key = order_key(message.order);
            assert_eq!(
                *partition,
                partition_for_key(KeyHasher::Murmur2, key.as_bytes(), 3)
            );
            assert_eq!(
                *offset, kafka_offsets[*partition as usize],
                "offsets count up per partition"
            );
            kafka_offsets[*partition as usize] += 1;
            match delivery {
                Delivery::Consumer { behind, .. } => assert!(behind.len() < PREFETCH),
                Delivery::Queued => queued += 1,
            }
        }
        // The first three go round the consumers in turn.
        let first: Vec<&Delivery> = all
            .iter()
            .filter_map(|(_, c, _)| match c {
                RabbitCaption::Published { delivery, .. } => Some(delivery),
                _ => None,
            })
            .take(4)
            .collect();
        let to = |consumer, behind: Vec<u32>| Delivery::Consumer { consumer, behind };
        assert_eq!(
            first,
            vec![
                &to(0, vec![]),
                &to(1, vec![]),
                &to(2, vec![]),
                &to(0, vec![0])
            ]
        );
        assert!(queued > 10, "three prefetch windows of 4 fill up: {queued}");
    }

    #[test]
    fn an_ack_tells_of_a_broken_order_exactly_when_the_checker_finds_one() {
        let all = captions(3, Remedy::None, false);
        let mut before = 0;
        let mut broken = 0;
        for (e, c, violations) in &all {
            if let RabbitEvent::Done {
                side: Side::Rabbit,
                consumer,
            } = *e
            {
                let RabbitCaption::Acked {
                    consumer: c2,
                    broke,
                    message,
                    ..
                } = c
                else {
                    panic!("{c:?}");
                };
                assert_eq!(*c2, consumer);
                assert_eq!(
                    broke.is_some(),
                    *violations > before,
                    "message {}",
                    message.index
                );
                if let Some((step, _, seen)) = broke {
                    broken += 1;
                    // The later event of the same order, already handled.
                    let (order, event) = (message.order, message.event);
                    assert!(*step > event.step());
                    assert_eq!(all_messages(&all)[*seen as usize], (order, *step));
                }
            }
            before = *violations;
        }
        assert!(broken > 3, "{broken}");
    }

    /// The (order, step) of every message, from the publish captions.
    fn all_messages(all: &[(RabbitEvent, RabbitCaption, usize)]) -> Vec<(u32, u32)> {
        all.iter()
            .filter_map(|(_, c, _)| match c {
                RabbitCaption::Published { message, .. } => {
                    Some((message.order, message.event.step()))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_requeue_comes_back_behind_the_prefetched_messages_and_kafka_retries_in_place() {
        let all = captions(1, Remedy::None, true);
        let nacked: Vec<&RabbitCaption> = all
            .iter()
            .map(|(_, c, _)| c)
            .filter(|c| matches!(c, RabbitCaption::Nacked { .. }))
            .collect();
        let [RabbitCaption::Nacked {
            consumer: 0,
            message,
            requeued,
        }] = nacked[..]
        else {
            panic!("one nack: {nacked:?}");
        };
        let m = message.index;
        assert_eq!(
            requeued,
            &Delivery::Consumer {
                consumer: 0,
                behind: (m + 1..m + PREFETCH as u32).collect()
            }
        );
        let redelivered: Vec<u32> = all
            .iter()
            .filter_map(|(_, c, _)| match c {
                RabbitCaption::Acked {
                    message,
                    redelivered: true,
                    broke,
                    ..
                } => {
                    assert!(broke.is_some(), "its next event went first");
                    Some(message.index)
                }
                _ => None,
            })
            .collect();
        assert_eq!(redelivered, vec![m]);
        // Kafka: one retry, then the same record at the same offset.
        let kafka: Vec<&RabbitCaption> = all
            .iter()
            .map(|(_, c, _)| c)
            .filter(|c| {
                matches!(
                    c,
                    RabbitCaption::KafkaHandled { .. } | RabbitCaption::KafkaRetried { .. }
                )
            })
            .collect();
        let retry = kafka
            .iter()
            .position(|c| matches!(c, RabbitCaption::KafkaRetried { .. }))
            .expect("Kafka retries");
        let (
            RabbitCaption::KafkaRetried {
                offset,
                message: failed,
                ..
            },
            RabbitCaption::KafkaHandled {
                offset: next,
                message: handled,
                ..
            },
        ) = (kafka[retry], kafka[retry + 1])
        else {
            panic!("{:?}", &kafka[retry..retry + 2]);
        };
        assert_eq!((offset, failed), (next, handled));
        assert_eq!(failed.index, m);
        let offsets: Vec<u64> = kafka
            .iter()
            .filter_map(|c| match c {
                RabbitCaption::KafkaHandled { offset, .. } => Some(*offset),
                _ => None,
            })
            .collect();
        assert_eq!(
            offsets,
            (0..u64::from(MESSAGES)).collect::<Vec<_>>(),
            "in offset order"
        );
    }

    #[test]
    fn the_consistent_hash_exchange_names_each_messages_queue() {
        let s = run_to_end(3, Remedy::ConsistentHash, false, 42);
        for (_, c, _) in captions(3, Remedy::ConsistentHash, false) {
            if let RabbitCaption::Published {
                message,
                queue,
                delivery,
                ..
            } = c
            {
                let q = s.ring.queue_for(order_key(message.order).as_bytes()) as u32;
                assert_eq!(queue, Some(q));
                if let Delivery::Consumer { consumer, .. } = delivery {
                    assert_eq!(consumer, q, "queue i has consumer i");
                }
            }
        }
    }
}
