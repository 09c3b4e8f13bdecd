//! The RabbitMQ scene's sweep: each remedy beside Kafka.

use crate::scenes::rabbitmq::model::{
    RabbitScene, Remedy, Side, MESSAGES, ORDERS as RABBIT_ORDERS, PREFETCH,
};
use crate::scenes::sweep::*;
use crate::sim::partitioner::{partition_for_key, KeyHasher};
use crate::sim::record::OrderEvent;
use std::ops::Range;

/// Both sides handle every message once; a prefetch window is never
/// exceeded; a single active consumer alone gets work, a consistent-hash
/// exchange and Kafka's partitions each route a key to one consumer, and
/// all three keep order, while competing consumers break it. A requeued
/// message breaks order on RabbitMQ's side whatever the remedy, and never
/// on Kafka's.
fn sweep_rabbitmq(remedy: Remedy, requeue: bool, seeds: Range<u64>) -> Tally {
    let name = format!(
        "{}{}",
        remedy.id(),
        if requeue { ", requeue=1" } else { "" }
    );
    let mut tally = Tally::new("rabbitmq", name);
    for (index, seed) in seeds.enumerate() {
        let consumers = 1 + (seed % 8) as u32;
        let link = format!(
            "?scene=rabbitmq&consumers={consumers}&remedy={}&requeue={}&seed={seed}",
            remedy.id(),
            u8::from(requeue)
        );
        let p = params(&link);
        let route = |s: &RabbitScene, m: u32| {
            let key = format!("order-{}", s.messages[m as usize].0);
            partition_for_key(KeyHasher::Murmur2, key.as_bytes(), consumers) as usize
        };
        let scene = RabbitScene::new(p.rabbitmq.consumers, p.rabbitmq.remedy, p.rabbitmq.requeue);
        let sim = play(scene, &link, seed, index as u64, |s, _| {
            for (c, w) in s.rabbit.iter().enumerate() {
                let unacked = w.held.len() + usize::from(w.busy.is_some());
                assert!(unacked <= PREFETCH, "{link}: consumer {c} over prefetch");
                let all = w.held.iter().chain(&w.busy).chain(&w.handled);
                match remedy {
                    Remedy::SingleActiveConsumer if c > 0 => {
                        assert_eq!(all.count(), 0, "{link}: a waiting consumer got work");
                    }
                    Remedy::ConsistentHash => {
                        for &m in all {
                            let key = format!("order-{}", s.messages[m as usize].0);
                            let q = s.ring.queue_for(key.as_bytes());
                            assert_eq!(q, c, "{link}: message {m} misrouted");
                        }
                    }
                    _ => {}
                }
            }
            for (p, partition) in s.partitions.iter().enumerate() {
                assert!(s.positions[p] <= partition.len(), "{link}");
                for &m in partition {
                    assert_eq!(route(s, m), p, "{link}: message {m} in partition {p}");
                }
            }
        });
        let s = sim.model();
        for order in 1..=RABBIT_ORDERS {
            let steps: Vec<OrderEvent> = s
                .messages
                .iter()
                .filter(|(o, _)| *o == order)
                .map(|(_, e)| *e)
                .collect();
            assert_eq!(steps, OrderEvent::ALL, "{link}: order {order} published");
        }
        for side in [&s.rabbit, &s.kafka] {
            let mut handled: Vec<u32> = side.iter().flat_map(|w| w.handled.clone()).collect();
            handled.sort_unstable();
            assert_eq!(handled, (0..MESSAGES).collect::<Vec<_>>(), "{link}");
        }
        assert_eq!(s.violations(Side::Kafka), 0, "{link}: Kafka broke order");
        if requeue {
            let broke = s.violations(Side::Rabbit) > 0;
            tally.broke_on("order broken by a requeue", 90, broke);
        } else if remedy == Remedy::None && consumers > 1 {
            let broke = s.violations(Side::Rabbit) > 0;
            tally.broke_on("order broken by competing consumers", 90, broke);
        } else {
            assert_eq!(
                s.violations(Side::Rabbit),
                0,
                "{link}: RabbitMQ broke order"
            );
        }
        tally.seeds += 1;
    }
    tally
}

// --------------------------------------------------------------- disk

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for remedy in Remedy::ALL {
        for requeue in [false, true] {
            jobs.push((
                format!("rabbitmq {} requeue={requeue}", remedy.id()),
                Box::new(move || vec![sweep_rabbitmq(remedy, requeue, seeds.range(300))]),
            ));
        }
    }
    jobs
}
