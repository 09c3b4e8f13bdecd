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
