//! Consumer-group assignments: what the Java consumer's assignors give on a
//! fresh group and after a member leaves, against `sim::assignor`.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::sim::assignor::{Assignment, Assignor};
use kafka_ordering_lab::sim::scenes::group::member_name;
use serde_json::{json, Map, Value};

pub const AREA: Area = Area {
    name: "group",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "group"),
    compare,
};

/// The scene's default (6 over 3), the facts' example (7 over 3), and 12
/// members on 12 partitions and on 6, where half of them sit idle.
const SHAPES: [(u32, u32, u32); 4] = [(6, 3, 3), (7, 3, 2), (12, 12, 5), (6, 12, 1)];

fn plan() -> Value {
    let cases: Vec<Value> = Assignor::ALL
        .iter()
        .flat_map(|a| {
            SHAPES.iter().map(move |&(p, m, leaves)| {
                json!({
                    "name": format!("{}-p{p}-m{m}", a.id()),
                    "assignor": a.id(),
                    "partitions": p,
                    "members": m,
                    "leaves": member_name(leaves),
                })
            })
        })
        .collect();
    json!({ "cases": cases })
}

fn as_json(a: &Assignment) -> Value {
    let mut m = Map::new();
    for (member, tps) in a {
        m.insert(
            member.clone(),
            json!(tps.iter().map(|tp| tp.partition).collect::<Vec<_>>()),
        );
    }
    Value::Object(m)
}

/// Kafka's facts list only members that exist; members with nothing are
/// listed with an empty list by both sides.
fn normalise(v: &Value) -> Value {
    let mut m = Map::new();
    for (member, parts) in v.as_object().into_iter().flatten() {
        let mut p: Vec<u64> = parts
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .collect();
        p.sort_unstable();
        m.insert(member.clone(), json!(p));
    }
    Value::Object(m)
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(Assignor, u32, u32, String), String> {
        let id = field(input, "assignor")?.as_str().unwrap_or_default();
        let assignor = Assignor::from_id(id).ok_or(format!("unknown assignor {id}"))?;
        let p = field(input, "partitions")?.as_u64().ok_or("partitions")? as u32;
        let m = field(input, "members")?.as_u64().ok_or("members")? as u32;
        let leaves = field(input, "leaves")?.as_str().ok_or("leaves")?.to_owned();
        field(observed, "before")?;
        field(observed, "after")?;
        Ok((assignor, p, m, leaves))
    };
    let (assignor, p, m, leaves) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let topics = [("orders".to_owned(), p)];
    let members: Vec<String> = (1..=m).map(member_name).collect();
    let before = assignor.assign(&topics, &members, &Assignment::new());
    let rest: Vec<String> = members.iter().filter(|x| **x != leaves).cloned().collect();
    let after = assignor.assign(&topics, &rest, &before);
    let (sim_before, sim_after) = (as_json(&before), as_json(&after));
    let (k_before, k_after) = (
        normalise(&observed["before"]),
        normalise(&observed["after"]),
    );
    let mut wrong = Vec::new();
    if k_before != sim_before {
        wrong.push(format!(
            "fresh group: Kafka {k_before}, simulation {sim_before}"
        ));
    }
    if k_after != sim_after {
        wrong.push(format!(
            "after {leaves} leaves: Kafka {k_after}, simulation {sim_after}"
        ));
    }
    let note = if wrong.is_empty() {
        format!(
            "fresh group and after {leaves} leaves; Kafka took {} generation(s) to settle after the leave",
            observed["generations_after"]
        )
    } else {
        wrong.join("; ")
    };
    Verdict::new(
        json!({"before": sim_before, "after": sim_after}),
        wrong.is_empty(),
        note,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_on_seven_over_three_and_a_wrong_assignment() {
        let input =
            json!({"assignor": "range", "partitions": 7, "members": 3, "leaves": "consumer-2"});
        let good = json!({
            "before": {"consumer-1": [0, 1, 2], "consumer-2": [3, 4], "consumer-3": [5, 6]},
            "after": {"consumer-1": [0, 1, 2, 3], "consumer-3": [4, 5, 6]},
        });
        let v = compare(&input, &good);
        assert!(v.agree, "{}", v.note);
        let bad = json!({
            "before": {"consumer-1": [0, 3, 6], "consumer-2": [1, 4], "consumer-3": [2, 5]},
            "after": {"consumer-1": [0, 1, 2, 3], "consumer-3": [4, 5, 6]},
        });
        assert!(!compare(&input, &bad).agree);
    }
}
