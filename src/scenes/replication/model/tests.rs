//! The replication model's rules, each pinned on a run that shows it.

use super::*;
use crate::sim::rng::Rng;
use crate::sim::Sim;

fn config(
    acks: Acks,
    min_isr: u32,
    unclean: bool,
    actions: Vec<ReplicaAction>,
) -> ReplicationConfig {
    ReplicationConfig {
        acks,
        min_isr,
        unclean,
        actions,
    }
}

fn act(at: u64, broker: u32, kind: ActionKind) -> ReplicaAction {
    ReplicaAction {
        at: SimTime(at),
        broker,
        kind,
    }
}

/// ISR members hold the leader's exact prefix up to the high watermark,
/// and no committed record is missing from the leader (unless lost).
fn invariants(r: &Replication) {
    let Some(leader) = r.leader.filter(|&l| r.replica(l).alive) else {
        return;
    };
    let hw = r.high_watermark as usize;
    let lead = &r.replica(leader).log;
    assert!(lead.len() >= hw);
    for &b in &r.isr {
        let log = &r.replica(b).log;
        assert!(log.len() >= hw, "ISR member {b} below the high watermark");
        assert_eq!(
            &log[..hw],
            &lead[..hw],
            "ISR member {b} differs below the high watermark"
        );
    }
    for c in &r.committed {
        assert_eq!(
            lead.get(c.offset as usize),
            Some(c),
            "committed record at {} missing",
            c.offset
        );
    }
}

#[test]
fn followers_copy_the_leaders_order_and_consumers_see_only_below_the_hw() {
    let mut sim = Sim::new(Replication::new(config(Acks::All, 2, false, vec![])), 1);
    while sim.step() {
        invariants(sim.model());
    }
    let r = sim.model();
    assert_eq!(r.differences(), 0);
    assert_eq!(r.high_watermark, r.replica(1).log_end_offset());
    assert!(r.replicas.iter().all(|x| x.log == r.replica(1).log));
}

#[test]
fn a_slow_follower_leaves_the_isr_and_acks_all_needs_min_isr() {
    let r = run_to_end(
        config(Acks::All, 3, false, vec![act(1000, 3, ActionKind::Slow)]),
        1,
    );
    assert!(r.count(ProduceOutcome::NotEnoughReplicas) > 0);
    let r2 = run_to_end(
        config(Acks::All, 2, false, vec![act(1000, 3, ActionKind::Slow)]),
        1,
    );
    assert_eq!(r2.count(ProduceOutcome::NotEnoughReplicas), 0);
    let r3 = run_to_end(
        config(Acks::Leader, 3, false, vec![act(1000, 3, ActionKind::Slow)]),
        1,
    );
    assert_eq!(
        r3.count(ProduceOutcome::NotEnoughReplicas),
        0,
        "min.insync.replicas only binds acks=all"
    );
}

#[test]
fn a_clean_failover_keeps_every_offset_and_empty_diff() {
    let mut sim = Sim::new(
        Replication::new(config(
            Acks::All,
            2,
            false,
            vec![act(2050, 1, ActionKind::Crash)],
        )),
        1,
    );
    while sim.step() {
        invariants(sim.model());
    }
    let r = sim.model();
    assert_eq!(r.leader, Some(2));
    assert_eq!(r.leader_epoch, 1);
    assert!(r.lost.is_empty());
    assert_eq!(r.differences(), 0);
    // Everything still written after the failover carries the new epoch.
    assert!(r.replica(2).log.iter().any(|x| x.epoch == 1));
}

#[test]
fn random_clean_failovers_never_lose_a_committed_record() {
    let mut rng = Rng::new(17);
    for seed in 0..300u64 {
        let actions: Vec<ReplicaAction> = (0..rng.below(5))
            .map(|_| {
                let kind =
                    [ActionKind::Crash, ActionKind::Slow, ActionKind::Heal][rng.below(3) as usize];
                act(rng.between(100, 5900), 1 + rng.below(3) as u32, kind)
            })
            .collect();
        let acks = [Acks::None, Acks::Leader, Acks::All][rng.below(3) as usize];
        let mut sim = Sim::new(
            Replication::new(config(acks, 1 + rng.below(3) as u32, false, actions)),
            seed,
        );
        while sim.step() {
            invariants(sim.model());
        }
        assert!(sim.model().lost.is_empty(), "seed {seed}");
        assert_eq!(sim.model().differences(), 0, "seed {seed}");
    }
}

#[test]
fn unclean_election_loses_committed_records_on_some_run() {
    let mut rng = Rng::new(23);
    let found = (0..500u64).find(|&seed| {
        let actions: Vec<ReplicaAction> = (0..2 + rng.below(4))
            .map(|_| {
                let kind = [ActionKind::Crash, ActionKind::Slow][rng.below(2) as usize];
                act(rng.between(100, 5900), 1 + rng.below(3) as u32, kind)
            })
            .collect();
        !run_to_end(config(Acks::Leader, 1, true, actions), seed)
            .lost
            .is_empty()
    });
    assert!(found.is_some(), "no run lost a committed record");
}

#[test]
fn truncated_records_were_never_committed() {
    // Acks=1: the leader may hold records the followers never got.
    let r = run_to_end(
        config(
            Acks::Leader,
            1,
            false,
            vec![
                act(1000, 3, ActionKind::Slow),
                act(2150, 1, ActionKind::Crash),
            ],
        ),
        4,
    );
    for (_, t) in &r.truncated {
        assert!(!r.committed.contains(t));
    }
}

/// The conformance story: both followers slowed at once, so both leave the
/// ISR together and the leader is alone.
fn both_followers_slowed(crash_leader: bool) -> Vec<ReplicaAction> {
    let mut actions = vec![
        act(1700, 2, ActionKind::Slow),
        act(1700, 3, ActionKind::Slow),
    ];
    if crash_leader {
        actions.push(act(3500, 1, ActionKind::Crash));
    }
    actions
}

#[test]
fn the_high_watermark_stays_put_while_the_isr_is_below_min_insync_replicas() {
    let mut sim = Sim::new(
        Replication::new(config(Acks::Leader, 2, false, both_followers_slowed(false))),
        1,
    );
    let mut below_min_seen = false;
    loop {
        let (hw, below) = {
            let r = sim.model();
            (r.high_watermark, (r.isr.len() as u32) < r.config.min_isr)
        };
        if !sim.step() {
            break;
        }
        let r = sim.model();
        if below && (r.isr.len() as u32) < r.config.min_isr {
            below_min_seen = true;
            assert_eq!(
                r.high_watermark,
                hw,
                "the HW moved at {} with the ISR at {:?}",
                sim.now(),
                r.isr
            );
        }
    }
    assert!(
        below_min_seen,
        "the ISR never fell below min.insync.replicas"
    );
}

#[test]
fn an_acks_all_acknowledgement_means_min_insync_replicas_held_the_record() {
    // Records appended while all three were in sync wait for broker 3,
    // which is dropped from the ISR before it fetches them: the ISR, now
    // 2, is below min.insync.replicas=3.
    let mut sim = Sim::new(
        Replication::new(config(
            Acks::All,
            3,
            false,
            vec![act(1700, 3, ActionKind::Slow)],
        )),
        1,
    );
    let mut answered = 0;
    while sim.step() {
        let r = sim.model();
        for (index, outcome) in &r.outcomes[answered..] {
            if *outcome != ProduceOutcome::Acked {
                continue;
            }
            let (order, event) = record_of(*index);
            let holders = r
                .replicas
                .iter()
                .filter(|x| x.log.iter().any(|y| (y.order, y.event) == (order, event)))
                .count();
            assert!(
                holders as u32 >= r.config.min_isr,
                "message {index} acknowledged at {} with {holders} copies",
                sim.now()
            );
        }
        answered = r.outcomes.len();
    }
}

#[test]
fn acks_all_refuses_below_min_insync_replicas_before_appending() {
    let mut sim = Sim::new(
        Replication::new(config(Acks::All, 2, false, both_followers_slowed(false))),
        1,
    );
    let mut refused = 0;
    loop {
        let (answered, leo) = {
            let r = sim.model();
            (r.outcomes.len(), r.replica(1).log_end_offset())
        };
        if !sim.step() {
            break;
        }
        let r = sim.model();
        for (index, outcome) in &r.outcomes[answered..] {
            if *outcome == ProduceOutcome::NotEnoughReplicas {
                refused += 1;
                assert_eq!(
                    r.replica(1).log_end_offset(),
                    leo,
                    "message {index} was appended"
                );
                let (order, event) = record_of(*index);
                assert!(r
                    .replicas
                    .iter()
                    .all(|x| x.log.iter().all(|y| (y.order, y.event) != (order, event))));
            }
        }
    }
    assert!(refused > 0);
}

#[test]
fn a_leader_that_dies_below_min_insync_replicas_hands_over_to_an_eligible_replica() {
    for acks in [Acks::Leader, Acks::All] {
        let r = run_to_end(config(acks, 2, false, both_followers_slowed(true)), 1);
        let leader = r.leader.expect("a replica from the ELR leads");
        assert_ne!(leader, 1);
        assert!(r.lost.is_empty(), "no committed record is lost");
        assert_eq!(r.differences(), 0);
    }
}

/// The issue's own example: broker 2 is slowed but still in the ISR when
/// broker 1 dies, so it leads without `9: #3 Paid`, which broker 1 had
/// acknowledged with acks=1; `#3 Shipped` takes offset 9.
#[test]
fn every_acknowledged_record_the_log_no_longer_holds_is_counted() {
    let r = run_to_end(
        config(
            Acks::Leader,
            1,
            false,
            vec![
                act(1800, 2, ActionKind::Slow),
                act(2100, 1, ActionKind::Crash),
            ],
        ),
        42,
    );
    assert_eq!(r.leader, Some(2));
    let log = &r.replica(2).log;
    let gone: Vec<RRecord> = r
        .acked
        .iter()
        .filter(|a| log.get(a.offset as usize) != Some(a))
        .copied()
        .collect();
    assert!(!gone.is_empty());
    assert_eq!(r.acked_lost(), gone);
    assert_eq!(r.count(ProduceOutcome::Acked), r.acked.len());
    assert!(gone
        .iter()
        .any(|x| (x.offset, x.order, x.event) == (9, 3, OrderEvent::Paid)));
    assert!(!r.intact(), "a loss is not shown as agreement");
}

#[test]
fn a_record_stuck_below_min_insync_replicas_times_out_though_the_leader_holds_it() {
    // Appended while all three were in sync; broker 3 leaves the ISR before
    // it fetches them, the ISR of two is below the minimum of three, and the
    // HW stays short of them until their requests expire.
    let r = run_to_end(
        config(Acks::All, 3, false, vec![act(1700, 3, ActionKind::Slow)]),
        1,
    );
    let timed_out: Vec<u32> = r
        .outcomes
        .iter()
        .filter(|(_, o)| *o == ProduceOutcome::TimedOut)
        .map(|(i, _)| *i)
        .collect();
    assert!(!timed_out.is_empty());
    for i in timed_out {
        let (order, event) = record_of(i);
        assert!(
            r.replica(1)
                .log
                .iter()
                .any(|x| (x.order, x.event) == (order, event)),
            "message {i} timed out, yet it is written"
        );
    }
}

#[test]
fn only_a_replica_that_left_an_isr_already_below_the_minimum_is_eligible() {
    // Broker 2 leaves while the ISR is still two strong; broker 3 leaves an
    // ISR of two, which drops it below min.insync.replicas=2, so it alone
    // enters the ELR, and leads when broker 1 dies, though 2 is alive.
    let actions = vec![
        act(1000, 2, ActionKind::Slow),
        act(2500, 3, ActionKind::Slow),
        act(4000, 1, ActionKind::Crash),
    ];
    let mut sim = Sim::new(Replication::new(config(Acks::Leader, 2, false, actions)), 1);
    while sim.next_event_time().is_some_and(|t| t < SimTime(4000)) && sim.step() {}
    assert_eq!(sim.model().isr, [1].into());
    assert_eq!(sim.model().elr, [3].into());
    while sim.step() {}
    let r = sim.model();
    assert_eq!(r.leader, Some(3));
    assert_eq!(r.election, Some(ElectionKind::Elr));
    assert!(r.lost.is_empty());
}

#[test]
fn with_no_live_eligible_replica_the_partition_stays_offline() {
    // Both followers crash, so neither is eligible (a fenced replica cannot
    // lead); with unclean election off, nobody takes over from broker 1.
    let actions = vec![
        act(1000, 2, ActionKind::Crash),
        act(1500, 3, ActionKind::Crash),
        act(2000, 1, ActionKind::Crash),
    ];
    let r = run_to_end(config(Acks::Leader, 2, false, actions), 1);
    assert_eq!(r.leader, None);
    assert_eq!(r.election, Some(ElectionKind::Offline));
    assert!(
        r.acked_lost().is_empty(),
        "offline is not lost: broker 1's disk holds them"
    );
    assert!(r.count(ProduceOutcome::NoLeader) > 0);
}
