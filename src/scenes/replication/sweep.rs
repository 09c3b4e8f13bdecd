//! The replication scene's sweep: acks and unclean election, with broker actions from the seed.

use crate::scenes::replication::model::{
    record_of as replication_record, ProduceOutcome, Replication,
};
use crate::scenes::sweep::*;
use crate::sim::producer::Acks;
use crate::sim::rng::Rng;
use std::collections::BTreeSet;
use std::ops::Range;

/// The learner's broker actions for one seed, as the link writes them:
/// slow a follower or two, then crash brokers, now and then heal one. The
/// order matters for the story (a crash only loses what a slow follower
/// lacks), not for the link: the scene schedules them by time.
fn replica_actions(seed: u64) -> String {
    let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"\0replica"));
    let mut actions = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let (broker, at) = (1 + rng.below(3), rng.between(100, 3000));
        actions.push(format!("slow:{broker}@{at}"));
    }
    for _ in 0..1 + rng.below(2) {
        let (broker, at) = (1 + rng.below(3), rng.between(1000, 5900));
        actions.push(format!("crash:{broker}@{at}"));
    }
    if rng.below(4) == 0 {
        let (broker, at) = (1 + rng.below(3), rng.between(100, 5900));
        actions.push(format!("heal:{broker}@{at}"));
    }
    actions.join(",")
}

/// What one run's checks remember from the event before.
#[derive(Default)]
struct Before {
    high_watermark: u64,
    epoch: u32,
    answered: usize,
    under_min_isr: bool,
    log_end: u64,
}

/// Replicas hold the leader's records at the leader's offsets, in epoch
/// order; every live replica is a prefix of the leader; the ISR holds the
/// high watermark, below which live replicas agree, and the eligible leader
/// replicas hold everything committed.
fn check_replicas(r: &Replication, link: &str, unclean: bool) {
    for replica in &r.replicas {
        let b = replica.broker;
        for (i, x) in replica.log.iter().enumerate() {
            assert_eq!(x.offset, i as u64, "{link}: broker {b}'s offsets");
        }
        assert!(
            replica.log.windows(2).all(|w| w[0].epoch <= w[1].epoch),
            "{link}: broker {b}'s epochs go back"
        );
        assert!(replica.log.iter().all(|x| x.epoch <= r.leader_epoch));
    }
    for (i, c) in r.committed.iter().enumerate() {
        assert_eq!(c.offset, i as u64, "{link}: committed offsets");
    }
    assert_eq!(r.committed.len() as u64, r.high_watermark, "{link}");
    if !unclean {
        for &b in &r.elr {
            assert!(
                r.replica(b).log.starts_with(&r.committed),
                "{link}: eligible replica {b} lacks a committed record"
            );
        }
    }
    let Some(leader) = r.leader.filter(|&l| r.replica(l).alive) else {
        return;
    };
    let lead = &r.replica(leader).log;
    assert!(lead.len() as u64 >= r.high_watermark, "{link}");
    for x in r.replicas.iter().filter(|x| x.alive) {
        assert!(
            lead.starts_with(&x.log),
            "{link}: broker {} is not a prefix of the leader",
            x.broker
        );
    }
    for &b in &r.isr {
        let held = r.replica(b).log_end_offset();
        assert!(held >= r.high_watermark, "{link}: ISR {b} below the HW");
    }
    for c in &r.committed {
        assert_eq!(lead.get(c.offset as usize), Some(c), "{link}: committed");
    }
    assert_eq!(r.differences(), 0, "{link}: live replicas differ");
}

/// What changed with the event: the epoch and the high watermark never go
/// back (but an unclean leader's), the high watermark stands still while
/// the ISR is below `min.insync.replicas`, which refuses acks=all writes
/// only, before they are appended; only acks=all times out.
fn check_event(r: &Replication, link: &str, acks: Acks, unclean: bool, before: &mut Before) {
    assert!(
        r.leader_epoch >= before.epoch,
        "{link}: the epoch went back"
    );
    if !unclean || r.leader_epoch == before.epoch {
        assert!(
            r.high_watermark >= before.high_watermark,
            "{link}: the high watermark went back"
        );
    }
    if before.under_min_isr && r.under_min_isr() && r.leader_epoch == before.epoch {
        assert_eq!(
            r.high_watermark, before.high_watermark,
            "{link}: the high watermark moved with the ISR at {:?}",
            r.isr
        );
    }
    let log_end = r.partition_log().len() as u64;
    for (message, outcome) in &r.outcomes[before.answered..] {
        match outcome {
            ProduceOutcome::NotEnoughReplicas => {
                assert_eq!(acks, Acks::All, "{link}: message {message}");
                assert!(
                    r.under_min_isr(),
                    "{link}: message {message} refused with the ISR at {:?}",
                    r.isr
                );
                assert_eq!(
                    log_end, before.log_end,
                    "{link}: message {message} appended"
                );
            }
            ProduceOutcome::TimedOut => assert_eq!(acks, Acks::All, "{link}: message {message}"),
            _ => {}
        }
    }
    assert_eq!(
        r.acked.len(),
        r.count(ProduceOutcome::Acked),
        "{link}: acknowledged records"
    );
    *before = Before {
        high_watermark: r.high_watermark,
        epoch: r.leader_epoch,
        answered: r.outcomes.len(),
        under_min_isr: r.under_min_isr(),
        log_end,
    };
}

/// At the end of a run with clean elections: nothing committed lost or cut,
/// acks=all loses nothing acknowledged, and the model counts the
/// acknowledged records the log lost as the sweep does. Returns whether
/// any were lost.
fn check_clean_end(r: &Replication, link: &str, acks: Acks) -> bool {
    assert!(r.lost.is_empty(), "{link}: a clean election lost records");
    for (broker, t) in &r.truncated {
        assert!(
            !r.committed.contains(t),
            "{link}: broker {broker} cut committed offset {}",
            t.offset
        );
    }
    // Counted apart from the model's own list: every acknowledged message
    // whose record the partition's log does not hold.
    let log = r.partition_log();
    let acked = || {
        r.outcomes
            .iter()
            .filter(|(_, o)| *o == ProduceOutcome::Acked)
            .map(|(i, _)| (*i, replication_record(*i)))
    };
    let acked_lost = acked()
        .filter(|(_, (order, event))| !log.iter().any(|x| (x.order, x.event) == (*order, *event)))
        .count();
    assert_eq!(
        acked_lost,
        r.acked_lost().len(),
        "{link}: acknowledged records lost"
    );
    assert_eq!(
        r.intact(),
        acked_lost == 0,
        "{link}: whether anything is missing"
    );
    if acks == Acks::All {
        for (i, (order, event)) in acked() {
            assert!(
                r.committed
                    .iter()
                    .any(|c| (c.order, c.event) == (order, event)),
                "{link}: acknowledged message {i} is not committed"
            );
        }
    }
    acked_lost > 0
}

/// Every message gets one answer. A clean election loses nothing committed
/// and never cuts a committed record, and acks=all loses nothing
/// acknowledged, while acks=1 loses acknowledged writes in some failovers;
/// an unclean election loses committed records on some runs.
fn sweep_replication(acks: &str, unclean: bool, seeds: Range<u64>) -> Tally {
    let unclean_flag = u8::from(unclean);
    let mut tally = Tally::new("replication", format!("acks={acks} unclean={unclean_flag}"));
    for (index, seed) in seeds.enumerate() {
        let link = format!(
            "?scene=replication&acks={acks}&min-isr={}&unclean={unclean_flag}&replica-actions={}&seed={seed}",
            1 + seed % 3,
            replica_actions(seed)
        );
        let config = params(&link).replication.clone();
        let mut before = Before::default();
        let scene = Replication::new(config.clone());
        let sim = play(scene, &link, seed, index as u64, |r, _| {
            check_replicas(r, &link, unclean);
            check_event(r, &link, config.acks, unclean, &mut before);
        });
        let r = sim.model();
        let messages: BTreeSet<u32> = r.outcomes.iter().map(|(i, _)| *i).collect();
        assert_eq!(messages.len(), r.outcomes.len(), "{link}: one answer each");
        assert_eq!(
            messages.last().map_or(0, |m| m + 1) as usize,
            messages.len(),
            "{link}: a message went unanswered"
        );
        if unclean {
            // acks=all refuses the writes an unclean leader could lose while
            // min.insync.replicas (from the seed) is 2 or 3: rarer there.
            // With the eligible leader replicas taking over first, unclean
            // election is the last resort, and rarer still.
            let floor = if config.acks == Acks::All { 1 } else { 2 };
            tally.broke_on("committed records lost", floor, !r.lost.is_empty());
        } else {
            let acked_lost = check_clean_end(r, &link, config.acks);
            if config.acks == Acks::Leader && r.leader.is_some() {
                tally.broke_on("acknowledged writes lost in a failover", 3, acked_lost);
            }
        }
        tally.seeds += 1;
    }
    tally
}

// ----------------------------------------------------------- rabbitmq

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for acks in ["0", "1", "all"] {
        for unclean in [false, true] {
            jobs.push((
                format!("replication acks={acks} unclean={unclean}"),
                Box::new(move || vec![sweep_replication(acks, unclean, seeds.range(300))]),
            ));
        }
    }
    jobs
}
