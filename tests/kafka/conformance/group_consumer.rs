//! Consumer groups on the consumer rebalance protocol (KIP-848,
//! `group.protocol=consumer`): what the group coordinator's `uniform` and
//! `range` assignors give a fresh group and a group after a member leaves,
//! joins or is killed, and which partitions each member's rebalance
//! listener revokes and is assigned on the way, against
//! `sim::assignor::ServerAssignor`.
//!
//! Member ids are random UUIDs, so two things differ from run to run: the
//! order `range` sorts members in (by member id,
//! `RangeAssignor.sortMemberIds`), which the facts' real ids give exactly;
//! and the order `uniform` walks them in (a `HashMap`'s over the ids,
//! `TargetAssignmentBuilder`), which nothing reports. So every assignment
//! is compared twice: by its order-free shape, and exactly, as the model's
//! assignment for one of the orders the coordinator may have used.

use crate::{field, numbers, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::group::model::member_name;
use kafka_ordering_lab::sim::assignor::{moved, Assignment, ServerAssignor, TopicPartition};
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, BTreeSet};

pub const AREA: Area = Area {
    name: "group-consumer",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "group-consumer"),
    compare,
};

/// Members of every group before its change.
const MEMBERS: u32 = 3;
/// Fresh groups of `MEMBERS`: as many partitions each, one extra for one
/// member, one for two, and fewer partitions than members.
const FRESH: [u32; 4] = [6, 7, 5, 2];
/// The group that changes: the scene's default topic.
const CHANGE_PARTITIONS: u32 = 6;
/// Who leaves or is killed; a group of `MEMBERS - 1` is joined by
/// `member_name(MEMBERS)`.
const DEPARTS: u32 = 2;
/// The harness's group-level session timeout and heartbeat interval
/// (`consumer.session.timeout.ms`, `consumer.heartbeat.interval.ms`), below
/// the broker's default floors of 45 s and 5 s, which the harness lowers
/// for these groups: a killed member is fenced in seconds, and members
/// hear of a new target soon. Neither is in the model: a change's result
/// does not depend on them. The session is 20 heartbeats long, so that a
/// live member on a loaded machine is never fenced by mistake.
const SESSION_TIMEOUT_MS: u32 = 10_000;
const HEARTBEAT_INTERVAL_MS: u32 = 500;
/// The topic the model's partitions are named by; the facts name none.
const TOPIC: &str = "orders";

fn plan() -> Value {
    let names = |m: u32| (1..=m).map(member_name).collect::<Vec<_>>();
    let cases: Vec<Value> = ServerAssignor::ALL
        .iter()
        .flat_map(|a| {
            let id = a.id();
            let fresh = FRESH.iter().map(move |&p| {
                json!({
                    "name": format!("{id}-p{p}-m{MEMBERS}"),
                    "assignor": id,
                    "partitions": p,
                    "members": names(MEMBERS),
                })
            });
            let p = CHANGE_PARTITIONS;
            let changes = [
                json!({
                    "name": format!("{id}-p{p}-m{MEMBERS}-leave"),
                    "assignor": id,
                    "partitions": p,
                    "members": names(MEMBERS),
                    "leaves": member_name(DEPARTS),
                }),
                json!({
                    "name": format!("{id}-p{p}-m{}-join", MEMBERS - 1),
                    "assignor": id,
                    "partitions": p,
                    "members": names(MEMBERS - 1),
                    "joins": member_name(MEMBERS),
                }),
                json!({
                    "name": format!("{id}-p{p}-m{MEMBERS}-crash"),
                    "assignor": id,
                    "partitions": p,
                    "members": names(MEMBERS),
                    "crashes": member_name(DEPARTS),
                }),
            ];
            fresh.chain(changes)
        })
        .collect();
    json!({
        "session_timeout_ms": SESSION_TIMEOUT_MS,
        "heartbeat_interval_ms": HEARTBEAT_INTERVAL_MS,
        "cases": cases,
    })
}

/// What happens to a settled group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Change<'a> {
    None,
    Leaves(&'a str),
    Joins(&'a str),
    Crashes(&'a str),
}

/// A settled group from the facts: the assignment by member id, and each
/// member id's client id.
struct Settled {
    by_id: Assignment,
    client: BTreeMap<String, String>,
}

fn settled(v: &Value) -> Result<Settled, String> {
    let mut by_id = Assignment::new();
    let mut client = BTreeMap::new();
    for m in field(v, "members")?.as_array().ok_or("members")? {
        let client_id = field(m, "client_id")?.as_str().ok_or("client_id")?;
        let member_id = field(m, "member_id")?.as_str().ok_or("member_id")?;
        let parts = numbers(field(m, "partitions")?)
            .into_iter()
            .map(|p| TopicPartition::new(TOPIC, p as u32))
            .collect();
        by_id.insert(member_id.to_owned(), parts);
        client.insert(member_id.to_owned(), client_id.to_owned());
    }
    Ok(settled_sorted(by_id, client))
}

fn settled_sorted(mut by_id: Assignment, client: BTreeMap<String, String>) -> Settled {
    for tps in by_id.values_mut() {
        tps.sort();
    }
    Settled { by_id, client }
}

fn parts(a: &Assignment, id: &str) -> Vec<u32> {
    a.get(id)
        .into_iter()
        .flatten()
        .map(|tp| tp.partition)
        .collect()
}

/// An assignment by client id, as the report shows it.
fn by_client(a: &Assignment, client: &BTreeMap<String, String>) -> Value {
    let mut m = Map::new();
    for id in a.keys() {
        let name = client.get(id).cloned().unwrap_or_else(|| id.clone());
        m.insert(name, json!(parts(a, id)));
    }
    Value::Object(m)
}

/// The members' partition lists, sorted: who holds which list aside.
fn lists(a: &Assignment) -> Vec<Vec<u32>> {
    let mut l: Vec<Vec<u32>> = a.keys().map(|id| parts(a, id)).collect();
    l.sort();
    l
}

/// Every order of `ids`.
fn orders(ids: &[String]) -> Vec<Vec<String>> {
    if ids.len() <= 1 {
        return vec![ids.to_vec()];
    }
    let mut all = Vec::new();
    for (i, first) in ids.iter().enumerate() {
        let mut rest = ids.to_vec();
        rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first.clone());
            all.push(tail);
        }
    }
    all
}

/// The model's assignment for the first order of `ids` that gives
/// Kafka's, and whether one did; with none, the model's for `ids` sorted.
fn model(
    assignor: ServerAssignor,
    partitions: u32,
    ids: &[String],
    owned: &Assignment,
    kafka: &Assignment,
) -> (Assignment, bool) {
    let topics = [(TOPIC.to_owned(), partitions)];
    let mut sorted = ids.to_vec();
    sorted.sort();
    let candidates: Vec<Assignment> = orders(&sorted)
        .iter()
        .map(|order| assignor.assign(&topics, order, owned))
        .collect();
    match candidates.iter().find(|a| *a == kafka) {
        Some(a) => (a.clone(), true),
        None => (candidates[0].clone(), false),
    }
}

/// What a change did, whoever the coordinator's order favoured: for each
/// member, [partitions it had, has, kept], sorted; the sizes after; how
/// many partitions changed owner.
fn change_shape(before: &Assignment, after: &Assignment) -> Value {
    let ids: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    let mut members: Vec<[usize; 3]> = ids
        .iter()
        .map(|id| {
            let (had, has) = (parts(before, id), parts(after, id));
            let kept = has.iter().filter(|p| had.contains(p)).count();
            [had.len(), has.len(), kept]
        })
        .collect();
    members.sort();
    let mut sizes: Vec<usize> = after.values().map(Vec::len).collect();
    sizes.sort();
    json!({"members": members, "sizes": sizes, "moved": moved(before, after)})
}

/// What each member's listener is called with during the change, by
/// client id: the incremental protocol revokes only what a member gives
/// up and assigns only what it gains (`CurrentAssignmentBuilder`); a member
/// that leaves revokes all it has (`ConsumerMembershipManager
/// .signalMemberLeavingGroup`); a killed one is called with nothing.
fn model_callbacks(
    before: &Assignment,
    after: &Assignment,
    change: Change,
    client: &BTreeMap<String, String>,
) -> Value {
    let mut out = Map::new();
    let ids: BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for id in ids {
        let name = client.get(id).cloned().unwrap_or_else(|| id.clone());
        let (had, has) = (parts(before, id), parts(after, id));
        let dead = change == Change::Crashes(name.as_str());
        let revoked: Vec<u32> = had.iter().filter(|p| !has.contains(p)).copied().collect();
        let assigned: Vec<u32> = has.iter().filter(|p| !had.contains(p)).copied().collect();
        let (revoked, assigned) = if dead {
            (vec![], vec![])
        } else {
            (revoked, assigned)
        };
        out.insert(
            name,
            json!({"revoked": revoked, "assigned": assigned, "lost": Vec::<u32>::new()}),
        );
    }
    Value::Object(out)
}

/// The listener's calls in the facts, folded the same way: every partition
/// each kind of call named, by client id. Calls with no partitions say
/// nothing and are left out.
fn kafka_callbacks(v: &Value) -> Result<Value, String> {
    let mut out = Map::new();
    for (name, calls) in v.as_object().ok_or("callbacks")? {
        let mut kinds: BTreeMap<&str, BTreeSet<u64>> = BTreeMap::new();
        for k in ["revoked", "assigned", "lost"] {
            kinds.insert(k, BTreeSet::new());
        }
        for call in calls.as_array().ok_or("callbacks")? {
            let kind = match field(call, "callback")?.as_str() {
                Some("onPartitionsRevoked") => "revoked",
                Some("onPartitionsAssigned") => "assigned",
                Some("onPartitionsLost") => "lost",
                other => return Err(format!("unknown callback {other:?}")),
            };
            kinds
                .get_mut(kind)
                .expect("every kind has an entry")
                .extend(numbers(field(call, "partitions")?));
        }
        let fold: Map<String, Value> = kinds
            .into_iter()
            .map(|(k, s)| (k.to_owned(), json!(s.into_iter().collect::<Vec<_>>())))
            .collect();
        out.insert(name.clone(), Value::Object(fold));
    }
    Ok(Value::Object(out))
}

struct Input<'a> {
    assignor: ServerAssignor,
    partitions: u32,
    change: Change<'a>,
}

fn input(v: &Value) -> Result<Input<'_>, String> {
    let id = field(v, "assignor")?.as_str().unwrap_or_default();
    let assignor = ServerAssignor::from_id(id).ok_or(format!("unknown assignor {id}"))?;
    let partitions = field(v, "partitions")?.as_u64().ok_or("partitions")? as u32;
    let name = |k: &str| v.get(k).and_then(Value::as_str);
    let change = match (name("leaves"), name("joins"), name("crashes")) {
        (None, None, None) => Change::None,
        (Some(m), None, None) => Change::Leaves(m),
        (None, Some(m), None) => Change::Joins(m),
        (None, None, Some(m)) => Change::Crashes(m),
        _ => return Err("a case makes at most one change".into()),
    };
    Ok(Input {
        assignor,
        partitions,
        change,
    })
}

/// What the comparison of one assignment looked at, for the note.
fn how(assignor: ServerAssignor) -> &'static str {
    match assignor {
        ServerAssignor::Range => "exactly, members sorted by their real member ids",
        ServerAssignor::Uniform => "exactly, for one order of the real member ids",
    }
}

/// A case's facts: its input, the assignor the coordinator named, the
/// first settled group, and for a change the group after it and the
/// listeners' calls.
type Read<'a> = (Input<'a>, String, Settled, Option<(Settled, Value)>);

fn compare(input_v: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<Read, String> {
        let input = input(input_v)?;
        let named = field(observed, "partition_assignor")?
            .as_str()
            .ok_or("partition_assignor")?
            .to_owned();
        if input.change == Change::None {
            return Ok((input, named, settled(field(observed, "settled")?)?, None));
        }
        let before = settled(field(observed, "before")?)?;
        let after = settled(field(observed, "after")?)?;
        let callbacks = kafka_callbacks(field(observed, "callbacks")?)?;
        Ok((input, named, before, Some((after, callbacks))))
    };
    let (input, named, first, then) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let (assignor, p) = (input.assignor, input.partitions);
    let mut wrong = Vec::new();
    if named != assignor.id() {
        wrong.push(format!(
            "the coordinator used the {named} assignor, not {}",
            assignor.id()
        ));
    }

    // The group before any change: every member joined before the topic
    // existed, so the model assigns from nothing owned.
    let ids: Vec<String> = first.by_id.keys().cloned().collect();
    let (sim_first, exact_first) = model(assignor, p, &ids, &Assignment::new(), &first.by_id);
    let (k_lists, s_lists) = (lists(&first.by_id), lists(&sim_first));
    let what_first = if then.is_none() {
        "fresh group"
    } else {
        "group before the change"
    };
    if k_lists != s_lists {
        wrong.push(format!(
            "{what_first}: Kafka's members hold {k_lists:?}, the model's {s_lists:?}"
        ));
    }
    if !exact_first {
        wrong.push(format!(
            "{what_first}: no order of the member ids makes the model give Kafka's {}",
            by_client(&first.by_id, &first.client)
        ));
    }
    let Some((after, k_callbacks)) = then else {
        let note = if wrong.is_empty() {
            format!(
                "{} partitions over {} members as {s_lists:?} on both, and {}",
                p,
                ids.len(),
                how(assignor)
            )
        } else {
            wrong.join("; ")
        };
        return Verdict::new(
            json!({"settled": by_client(&sim_first, &first.client), "lists": s_lists}),
            wrong.is_empty(),
            note,
        );
    };

    // The change, from what Kafka's members owned before it.
    let mut client = first.client.clone();
    client.extend(after.client.clone());
    let what = match input.change {
        Change::Leaves(m) => format!("{m} left"),
        Change::Joins(m) => format!("{m} joined"),
        Change::Crashes(m) => format!("{m} was killed"),
        Change::None => unreachable!("a change case"),
    };
    let live: Vec<String> = after.by_id.keys().cloned().collect();
    let (sim_after, exact_after) = model(assignor, p, &live, &first.by_id, &after.by_id);
    let (k_shape, s_shape) = (
        change_shape(&first.by_id, &after.by_id),
        change_shape(&first.by_id, &sim_after),
    );
    if k_shape != s_shape {
        wrong.push(format!(
            "after {what}: Kafka's [had, has, kept], sizes and moved {k_shape}, the model's {s_shape}"
        ));
    }
    if !exact_after {
        wrong.push(format!(
            "after {what}: no order of the member ids makes the model give Kafka's {} from {}",
            by_client(&after.by_id, &client),
            by_client(&first.by_id, &client)
        ));
    }
    let s_callbacks = model_callbacks(&first.by_id, &sim_after, input.change, &client);
    for (name, sim) in s_callbacks.as_object().into_iter().flatten() {
        let k = k_callbacks.get(name).cloned().unwrap_or(Value::Null);
        if &k != sim {
            wrong.push(format!(
                "after {what}: {name}'s listener was called with {k}, the model says {sim}"
            ));
        }
    }
    let note = if wrong.is_empty() {
        format!(
            "{what_first} as {s_lists:?} and, after {what}, {} on both ([had, has, kept] per member, sizes, partitions moved), \
             both compared {}; every listener revoked only what its member gave up and was assigned only what it gained",
            s_shape,
            how(assignor)
        )
    } else {
        wrong.join("; ")
    };
    Verdict::new(
        json!({
            "before": by_client(&sim_first, &client),
            "after": by_client(&sim_after, &client),
            "shape": s_shape,
            "callbacks": s_callbacks,
        }),
        wrong.is_empty(),
        note,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(client: &str, id: &str, parts: &[u32]) -> Value {
        json!({"client_id": client, "member_id": id, "partitions": parts})
    }

    fn call(kind: &str, parts: &[u32]) -> Value {
        json!({"callback": kind, "partitions": parts, "at_ms": 0})
    }

    #[test]
    fn a_uniform_join_agrees_whatever_the_order_and_a_stop_the_world_one_does_not() {
        let input = json!({"assignor": "uniform", "partitions": 6, "members": ["consumer-1", "consumer-2"], "joins": "consumer-3"});
        let kafka = json!({
            "partition_assignor": "uniform",
            "before": {"members": [member("consumer-1", "zz", &[3, 4, 5]), member("consumer-2", "aa", &[0, 1, 2])]},
            "after": {"members": [
                member("consumer-1", "zz", &[3, 4]),
                member("consumer-2", "aa", &[0, 1]),
                member("consumer-3", "mm", &[2, 5]),
            ]},
            "callbacks": {
                "consumer-1": [call("onPartitionsRevoked", &[5])],
                "consumer-2": [call("onPartitionsRevoked", &[2]), call("onPartitionsAssigned", &[])],
                "consumer-3": [call("onPartitionsAssigned", &[]), call("onPartitionsAssigned", &[2, 5])],
            },
            "settled_after_ms": 1500,
        });
        let v = compare(&input, &kafka);
        assert!(v.agree, "{}", v.note);
        let mut eager = kafka.clone();
        eager["callbacks"]["consumer-1"] = json!([
            call("onPartitionsRevoked", &[3, 4, 5]),
            call("onPartitionsAssigned", &[3, 4])
        ]);
        assert!(!compare(&input, &eager).agree);
        let mut unsticky = kafka.clone();
        unsticky["after"]["members"][0] = member("consumer-1", "zz", &[4, 5]);
        unsticky["after"]["members"][2] = member("consumer-3", "mm", &[2, 3]);
        assert!(!compare(&input, &unsticky).agree);
    }

    #[test]
    fn range_is_exact_by_member_id() {
        let input = json!({"assignor": "range", "partitions": 7, "members": ["consumer-1", "consumer-2", "consumer-3"]});
        // consumer-2's id sorts first, so it has the first range.
        let kafka = json!({
            "partition_assignor": "range",
            "settled": {"members": [
                member("consumer-1", "b", &[3, 4]),
                member("consumer-2", "a", &[0, 1, 2]),
                member("consumer-3", "c", &[5, 6]),
            ]},
        });
        let v = compare(&input, &kafka);
        assert!(v.agree, "{}", v.note);
        let mut by_client_id = kafka.clone();
        by_client_id["settled"]["members"][0] = member("consumer-1", "b", &[0, 1, 2]);
        by_client_id["settled"]["members"][1] = member("consumer-2", "a", &[3, 4]);
        assert!(!compare(&input, &by_client_id).agree);
    }

    #[test]
    fn a_killed_member_is_called_with_nothing() {
        let input = json!({"assignor": "uniform", "partitions": 6, "members": ["consumer-1", "consumer-2", "consumer-3"], "crashes": "consumer-2"});
        let kafka = json!({
            "partition_assignor": "uniform",
            "before": {"members": [
                member("consumer-1", "x", &[0, 1]),
                member("consumer-2", "y", &[2, 3]),
                member("consumer-3", "z", &[4, 5]),
            ]},
            "after": {"members": [member("consumer-1", "x", &[0, 1, 3]), member("consumer-3", "z", &[2, 4, 5])]},
            "callbacks": {
                "consumer-1": [call("onPartitionsAssigned", &[3])],
                "consumer-2": [],
                "consumer-3": [call("onPartitionsAssigned", &[2])],
            },
            "settled_after_ms": 10500,
        });
        let v = compare(&input, &kafka);
        assert!(v.agree, "{}", v.note);
        let mut lost = kafka.clone();
        lost["callbacks"]["consumer-1"] = json!([
            call("onPartitionsLost", &[0, 1]),
            call("onPartitionsAssigned", &[0, 1, 3])
        ]);
        assert!(!compare(&input, &lost).agree);
    }
}
