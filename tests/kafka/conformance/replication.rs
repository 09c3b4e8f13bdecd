//! Replication on three brokers: what survives when the leader dies after
//! its followers stalled, for acks=1 and acks=all with `min.insync.replicas`
//! 1 and 2.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::sim::scenes::replication::{ProduceOutcome, Replication};
use kafka_ordering_lab::sim::Sim;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "replication",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "replication"),
    compare,
};

const SHAPES: [(&str, u32); 4] = [("1", 1), ("1", 2), ("all", 1), ("all", 2)];

fn plan() -> Value {
    let cases: Vec<Value> = SHAPES
        .iter()
        .map(|(acks, min_isr)| {
            json!({
                "name": format!("acks-{acks}-min-isr-{min_isr}"),
                "acks": acks,
                "min_isr": min_isr,
                "records_before": 8,
                "records_while_followers_stalled": 4,
            })
        })
        .collect();
    json!({ "cases": cases })
}

/// The scene's run of the same story: both followers slowed after eight
/// records (one every 200 ms; a slowed follower fetches only every 3 s),
/// so that they drop out of the ISR after `replica.lag.time.max.ms`; four
/// more records, then the leader killed before the followers fetch again.
fn simulate(acks: &str, min_isr: u64) -> Result<Value, String> {
    let link = format!(
        "?scene=replication&acks={acks}&min-isr={min_isr}&replica-actions=slow:2@1700,slow:3@1700,crash:1@3500"
    );
    let (params, issues) = parse_query(&link);
    if !issues.is_empty() {
        return Err(format!("the case's link is refused: {issues:?}"));
    }
    let mut sim = Sim::new(Replication::new(params.replication_config()), params.seed);
    let mut hw_moved_below_min_isr = false;
    loop {
        let (hw, below) = {
            let m: &Replication = sim.model();
            (
                m.high_watermark,
                (m.isr.len() as u64) < min_isr && m.leader == Some(1),
            )
        };
        if !sim.step() {
            break;
        }
        let m = sim.model();
        if below && m.leader == Some(1) && m.high_watermark > hw {
            hw_moved_below_min_isr = true;
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
            let (order, event) = kafka_ordering_lab::sim::scenes::replication::record_of(*i);
            !leader_log.contains(&(order, event.value()))
        })
        .count();
    Ok(json!({
        "acked_lost": m.leader.is_some() && acked_lost > 0,
        "not_enough_replicas": m.count(ProduceOutcome::NotEnoughReplicas) > 0,
        "hw_moved_below_min_isr": hw_moved_below_min_isr,
        "new_leader": m.leader.is_some_and(|l| l != 1),
        "replicas_agree": m.differences() == 0,
    }))
}

/// The same five facts, from what the real cluster did.
fn kafka_facts(o: &Value, min_isr: u64) -> Result<Value, String> {
    let sends = field(o, "sends")?.as_array().ok_or("sends")?;
    let ner = sends.iter().any(|s| {
        s["exception"]
            .as_str()
            .is_some_and(|e| e.starts_with("NotEnoughReplicas"))
    });
    let hw = crate::numbers(field(o, "hw_while_stalled")?);
    let isr = crate::numbers(field(o, "isr_when_stalled")?);
    Ok(json!({
        "acked_lost": !field(o, "acked_lost")?.as_array().ok_or("acked_lost")?.is_empty(),
        "not_enough_replicas": ner,
        "hw_moved_below_min_isr": (isr.len() as u64) < min_isr && hw.len() == 2 && hw[1] > hw[0],
        "new_leader": o["new_leader"].as_u64().is_some_and(|l| l != 1),
        "replicas_agree": field(o, "replicas_agree")?.as_bool().ok_or("replicas_agree")?,
    }))
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(String, u64, Value), String> {
        let acks = field(input, "acks")?.as_str().ok_or("acks")?.to_owned();
        let min_isr = field(input, "min_isr")?.as_u64().ok_or("min_isr")?;
        Ok((acks, min_isr, kafka_facts(observed, min_isr)?))
    };
    let (acks, min_isr, kafka) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let sim = match simulate(&acks, min_isr) {
        Ok(s) => s,
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
