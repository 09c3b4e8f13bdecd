//! Replication on three brokers: what survives when the leader dies after
//! its followers stalled, for acks=1 and acks=all with `min.insync.replicas`
//! 1 and 2; and what an acks=all record gets when the ISR falls below the
//! minimum after it was appended.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::scenes::replication::model::{
    record_of, ProduceOutcome, RRecord, Replication,
};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::Sim;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "replication",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "replication"),
    compare,
};

const SHAPES: [(&str, u32); 4] = [("1", 1), ("1", 2), ("all", 1), ("all", 2)];

/// The case where the ISR shrinks below the minimum under a held record.
const SHRINK_AFTER_APPEND: &str = "acks-all-isr-shrinks-after-append";

fn plan() -> Value {
    let mut cases: Vec<Value> = SHAPES
        .iter()
        .map(|(acks, min_isr)| {
            json!({
                "name": format!("acks-{acks}-min-isr-{min_isr}"),
                "kind": "failover",
                "acks": acks,
                "min_isr": min_isr,
                "records_before": 8,
                "records_while_followers_stalled": 4,
            })
        })
        .collect();
    cases.push(json!({
        "name": SHRINK_AFTER_APPEND,
        "kind": "shrink-after-append",
        "acks": "all",
        "min_isr": 2,
        "records_before": 8,
    }));
    json!({ "cases": cases })
}

fn scene(link: &str) -> Result<Sim<Replication>, String> {
    let (params, issues) = parse_query(link);
    if !issues.is_empty() {
        return Err(format!("the case's link is refused: {issues:?}"));
    }
    Ok(Sim::new(
        Replication::new(params.replication.clone()),
        params.seed,
    ))
}

/// The scene's run of the failover story: both followers slowed after
/// eight records (one every 200 ms; a slowed follower fetches only every
/// 3 s), so that they drop out of the ISR after `replica.lag.time.max.ms`;
/// four more records, then the leader killed before the followers fetch
/// again.
fn simulate_failover(acks: &str, min_isr: u64) -> Result<Value, String> {
    let mut sim = scene(&format!(
        "?scene=replication&acks={acks}&min-isr={min_isr}&replica-actions=slow:2@1700,slow:3@1700,crash:1@3500"
    ))?;
    let mut hw_moved_below_min_isr = false;
    let mut log_grew_below_min_isr = false;
    loop {
        let (hw, leo, below) = {
            let m: &Replication = sim.model();
            (
                m.high_watermark,
                m.replica(1).log_end_offset(),
                m.under_min_isr() && m.leader == Some(1),
            )
        };
        if !sim.step() {
            break;
        }
        let m = sim.model();
        if below && m.leader == Some(1) {
            hw_moved_below_min_isr |= m.high_watermark > hw;
            log_grew_below_min_isr |= m.replica(1).log_end_offset() > leo;
        }
    }
    let m = sim.model();
    let leader_log: Vec<(u32, &'static str)> = m
        .leader
        .map(|l| {
            m.replica(l)
                .log
                .iter()
                .map(|r| (r.order, r.event.value()))
                .collect()
        })
        .unwrap_or_default();
    // Every acknowledged record the new leader's log no longer holds,
    // however it went: not only committed ones. With no leader the records
    // are out of reach, not lost, as the broker's facts count them.
    let acked_lost = m
        .outcomes
        .iter()
        .filter(|(_, o)| *o == ProduceOutcome::Acked)
        .filter(|(i, _)| {
            let (order, event) = record_of(*i);
            !leader_log.contains(&(order, event.value()))
        })
        .count();
    Ok(json!({
        "acked_lost": m.leader.is_some() && acked_lost > 0,
        "not_enough_replicas": m.count(ProduceOutcome::NotEnoughReplicas) > 0,
        "hw_moved_below_min_isr": hw_moved_below_min_isr,
        "log_grew_below_min_isr": log_grew_below_min_isr,
        "new_leader": m.leader.is_some_and(|l| l != 1),
        "replicas_agree": m.differences() == 0,
    }))
}

/// The same six facts, from what the real cluster did.
fn kafka_failover(o: &Value, min_isr: u64) -> Result<Value, String> {
    let sends = field(o, "sends")?.as_array().ok_or("sends")?;
    let ner = sends.iter().any(|s| {
        s["exception"]
            .as_str()
            .is_some_and(|e| e.starts_with("NotEnoughReplicas"))
    });
    let hw = crate::numbers(field(o, "hw_while_stalled")?);
    let leo = crate::numbers(field(o, "leo_while_stalled")?);
    let isr = crate::numbers(field(o, "isr_when_stalled")?);
    let below = (isr.len() as u64) < min_isr;
    let grew = |v: &[u64]| v.len() == 2 && v[1] > v[0];
    Ok(json!({
        "acked_lost": !field(o, "acked_lost")?.as_array().ok_or("acked_lost")?.is_empty(),
        "not_enough_replicas": ner,
        "hw_moved_below_min_isr": below && grew(&hw),
        "log_grew_below_min_isr": below && grew(&leo),
        "new_leader": o["new_leader"].as_u64().is_some_and(|l| l != 1),
        "replicas_agree": field(o, "replicas_agree")?.as_bool().ok_or("replicas_agree")?,
    }))
}

/// The scene's run of the shrink story: broker 2 stalls and leaves the
/// ISR, broker 3 stalls later and leaves an ISR of two, which drops it to
/// the leader alone, below `min.insync.replicas` = 2. The record followed
/// is the first one above the HW at that moment, appended while the ISR
/// was enough (acks=all appends nothing below it): what the producer hears
/// of it, whether the leader's log holds it, and whether the HW had
/// reached it by then.
fn simulate_shrink() -> Result<Value, String> {
    let mut sim =
        scene("?scene=replication&acks=all&min-isr=2&replica-actions=slow:2@500,slow:3@1500")?;
    let mut followed: Option<(u32, RRecord)> = None;
    loop {
        let enough = !sim.model().under_min_isr();
        if !sim.step() {
            break;
        }
        let m = sim.model();
        if followed.is_none() && enough && m.under_min_isr() {
            let Some(&r) = m.replica(1).log.get(m.high_watermark as usize) else {
                return Err("nothing was held when the ISR fell below the minimum".into());
            };
            let event = OrderEvent::ALL
                .iter()
                .position(|&e| e == r.event)
                .unwrap_or(0);
            followed = Some(((r.order - 1) * 4 + event as u32, r));
        }
        let Some((index, r)) = followed else { continue };
        if let Some((_, outcome)) = m.outcomes.iter().find(|(i, _)| *i == index) {
            return Ok(json!({
                "answer": match outcome {
                    ProduceOutcome::Acked => "acked",
                    ProduceOutcome::TimedOut => "timed_out",
                    ProduceOutcome::NotEnoughReplicas => "not_enough_replicas",
                    ProduceOutcome::NoLeader => "no_leader",
                    ProduceOutcome::Unknown => "none",
                },
                "written": m.replica(1).log.get(r.offset as usize) == Some(&r),
                "committed": m.high_watermark > r.offset,
                "isr_below_min_before_answer": m.under_min_isr(),
            }));
        }
    }
    Err("the ISR never fell below the minimum under a held record, or it got no answer".into())
}

/// The same four facts, from what the real cluster did.
fn kafka_shrink(o: &Value, min_isr: u64) -> Result<Value, String> {
    let answer = match o["exception"].as_str() {
        None if field(o, "ok")?.as_bool() == Some(true) => "acked".to_owned(),
        Some("TimeoutException") => "timed_out".to_owned(),
        Some("NotEnoughReplicasAfterAppendException") => {
            "not_enough_replicas_after_append".to_owned()
        }
        Some("NotEnoughReplicasException") => "not_enough_replicas".to_owned(),
        other => format!("{other:?}"),
    };
    let hw = crate::numbers(field(o, "hw")?);
    let leo = crate::numbers(field(o, "leo")?);
    let isr = crate::numbers(field(o, "isr_before_answer")?);
    let (Some(&offset), Some(&hw_after), Some(&leo_after)) = (leo.first(), hw.last(), leo.last())
    else {
        return Err("hw and leo need a value before and after".into());
    };
    let answered_early = field(o, "answered_before_isr_shrank")?
        .as_bool()
        .ok_or("answered_before_isr_shrank")?;
    Ok(json!({
        "answer": answer,
        "written": leo_after == offset + 1,
        "committed": hw_after > offset,
        "isr_below_min_before_answer": !answered_early && (isr.len() as u64) < min_isr,
    }))
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(Value, Value), String> {
        let min_isr = field(input, "min_isr")?.as_u64().ok_or("min_isr")?;
        if field(input, "kind")?.as_str() == Some("shrink-after-append") {
            return Ok((kafka_shrink(observed, min_isr)?, simulate_shrink()?));
        }
        let acks = field(input, "acks")?.as_str().ok_or("acks")?;
        Ok((
            kafka_failover(observed, min_isr)?,
            simulate_failover(acks, min_isr)?,
        ))
    };
    let (kafka, sim) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let differ: Vec<String> = kafka
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(k, v)| sim.get(k.as_str()) != Some(v))
        .map(|(k, v)| format!("{k}: Kafka {v}, simulation {}", sim[k.as_str()]))
        .collect();
    let note = if differ.is_empty() {
        format!("{kafka}")
    } else {
        differ.join("; ")
    };
    Verdict::new(sim, differ.is_empty(), note)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the broker's facts would be if a 4.1 broker behaved the way
    /// the scene says, and if it answered the way brokers before 3.7 did.
    fn shrink_facts(exception: Option<&str>, hw_after: u64) -> Value {
        json!({
            "ok": exception.is_none(),
            "exception": exception,
            "hw": [8, hw_after],
            "leo": [8, 9],
            "isr_before_answer": [1],
            "answered_before_isr_shrank": false,
        })
    }

    #[test]
    fn a_held_record_times_out_where_an_older_broker_answered_after_append() {
        let input = json!({"kind": "shrink-after-append", "acks": "all", "min_isr": 2});
        let frozen = compare(&input, &shrink_facts(Some("TimeoutException"), 8));
        assert!(frozen.agree, "{}", frozen.note);
        let moved = compare(
            &input,
            &shrink_facts(Some("NotEnoughReplicasAfterAppendException"), 9),
        );
        assert!(!moved.agree);
        assert!(moved.note.contains("answer"), "{}", moved.note);
    }
}
