//! Consumer-group assignments: what the Java consumer's assignors give on a
//! fresh group, after a member leaves and after one joins, and how many
//! generations the change takes, against `sim::assignor`.

use crate::{field, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::group::model::member_name;
use kafka_ordering_lab::sim::assignor::{Assignment, Assignor};
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
/// A member joins these: a live member must give up partitions for it,
/// which the cooperative protocol does over two rebalances.
const JOINS: [(u32, u32); 2] = [(6, 3), (7, 3)];

fn plan() -> Value {
    let cases: Vec<Value> = Assignor::ALL
        .iter()
        .flat_map(|a| {
            let leaves = SHAPES.iter().map(move |&(p, m, leaves)| {
                json!({
                    "name": format!("{}-p{p}-m{m}", a.id()),
                    "assignor": a.id(),
                    "partitions": p,
                    "members": m,
                    "leaves": member_name(leaves),
                })
            });
            let joins = JOINS.iter().map(move |&(p, m)| {
                json!({
                    "name": format!("{}-p{p}-m{m}-join", a.id()),
                    "assignor": a.id(),
                    "partitions": p,
                    "members": m,
                    "joins": member_name(m + 1),
                })
            });
            leaves.chain(joins)
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

/// Who joins or leaves.
enum Change {
    Leaves(String),
    Joins(String),
}

/// What a change must keep, whoever the coordinator's map order puts
/// first: `ConstrainedAssignmentBuilder.assignOwnedPartitions` walks the
/// members in a `HashMap`'s order, and member ids end in a random UUID, so
/// which member at its quota gives a partition to a newcomer is Kafka's
/// choice. The simulation picks one; the shape must agree: how many
/// partitions each member holds, how many changed owner, that each
/// member that stays keeps its lowest partitions and gains none.
fn join_shape(before: &Value, after: &Value, joins: &str) -> Value {
    let parts = |v: &Value, m: &str| -> Vec<u64> {
        v[m].as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_u64)
            .collect()
    };
    let mut counts: Vec<usize> = after
        .as_object()
        .into_iter()
        .flatten()
        .map(|(_, p)| p.as_array().map_or(0, Vec::len))
        .collect();
    counts.sort_unstable();
    let mut moved = 0;
    let mut kept_lowest = true;
    for (m, _) in after.as_object().into_iter().flatten() {
        let (was, now) = (parts(before, m), parts(after, m));
        if m != joins {
            kept_lowest &= was.starts_with(&now);
            moved += was.len() - now.len().min(was.len());
        }
    }
    json!({"counts": counts, "moved": moved, "joiner": parts(after, joins).len(), "kept_lowest": kept_lowest})
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(Assignor, u32, u32, Change, i64), String> {
        let id = field(input, "assignor")?.as_str().unwrap_or_default();
        let assignor = Assignor::from_id(id).ok_or(format!("unknown assignor {id}"))?;
        let p = field(input, "partitions")?.as_u64().ok_or("partitions")? as u32;
        let m = field(input, "members")?.as_u64().ok_or("members")? as u32;
        let change = match (input.get("leaves"), input.get("joins")) {
            (Some(l), None) => Change::Leaves(l.as_str().ok_or("leaves")?.to_owned()),
            (None, Some(j)) => Change::Joins(j.as_str().ok_or("joins")?.to_owned()),
            _ => return Err("a case either leaves or joins".into()),
        };
        field(observed, "before")?;
        field(observed, "after")?;
        let generations = field(observed, "generations_after")?
            .as_i64()
            .ok_or("generations_after")?
            - field(observed, "generations_before")?
                .as_i64()
                .ok_or("generations_before")?;
        Ok((assignor, p, m, change, generations))
    };
    let (assignor, p, m, change, k_generations) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let topics = [("orders".to_owned(), p)];
    let members: Vec<String> = (1..=m).map(member_name).collect();
    let before = assignor.assign(&topics, &members, &Assignment::new());
    let (rest, what) = match &change {
        Change::Leaves(who) => (
            members
                .iter()
                .filter(|x| *x != who)
                .cloned()
                .collect::<Vec<_>>(),
            format!("after {who} leaves"),
        ),
        Change::Joins(who) => (
            members.iter().cloned().chain([who.clone()]).collect(),
            format!("after {who} joins"),
        ),
    };
    let steps = assignor.settle(&topics, &rest, &before);
    let after = steps.last().cloned().unwrap_or_default();
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
    // Range and round-robin ignore who owned what: their result is exact.
    let sticky = matches!(assignor, Assignor::Sticky | Assignor::CooperativeSticky);
    let (k_shape, sim_shape) = match &change {
        Change::Joins(who) if sticky => (
            join_shape(&k_before, &k_after, who),
            join_shape(&sim_before, &sim_after, who),
        ),
        _ => (k_after.clone(), sim_after.clone()),
    };
    if k_shape != sim_shape {
        wrong.push(format!("{what}: Kafka {k_shape}, simulation {sim_shape}"));
    }
    if k_generations != steps.len() as i64 {
        wrong.push(format!(
            "{what}: Kafka took {k_generations} generation(s), simulation {}",
            steps.len()
        ));
    }
    let note = if wrong.is_empty() {
        format!("fresh group and {what}, settled in {k_generations} generation(s) on both")
    } else {
        wrong.join("; ")
    };
    Verdict::new(
        json!({"before": sim_before, "after": sim_after, "generations": steps.len()}),
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
            "generations_before": 1, "generations_after": 2,
        });
        let v = compare(&input, &good);
        assert!(v.agree, "{}", v.note);
        let mut bad = good.clone();
        bad["before"] =
            json!({"consumer-1": [0, 3, 6], "consumer-2": [1, 4], "consumer-3": [2, 5]});
        assert!(!compare(&input, &bad).agree);
        let mut slow = good.clone();
        slow["generations_after"] = json!(3);
        assert!(!compare(&input, &slow).agree);
    }

    #[test]
    fn a_cooperative_join_takes_two_generations_whoever_gives_up_a_partition() {
        let input = json!({"assignor": "cooperative-sticky", "partitions": 6, "members": 3, "joins": "consumer-4"});
        let before = json!({"consumer-1": [0, 3], "consumer-2": [1, 4], "consumer-3": [2, 5]});
        // Kafka's map order made consumer-1 give up its higher partition;
        // the simulation picks consumer-3.
        let kafka = json!({
            "before": before,
            "after": {"consumer-1": [0], "consumer-2": [1, 4], "consumer-3": [2, 5], "consumer-4": [3]},
            "generations_before": 1, "generations_after": 3,
        });
        let v = compare(&input, &kafka);
        assert!(v.agree, "{}", v.note);
        let mut eager_like = kafka.clone();
        eager_like["generations_after"] = json!(2);
        assert!(!compare(&input, &eager_like).agree);
        let mut took_low = kafka.clone();
        took_low["after"] = json!({"consumer-1": [3], "consumer-2": [1, 4], "consumer-3": [2, 5], "consumer-4": [0]});
        assert!(!compare(&input, &took_low).agree);
        let eager =
            json!({"assignor": "sticky", "partitions": 6, "members": 3, "joins": "consumer-4"});
        let mut once = kafka.clone();
        once["generations_after"] = json!(2);
        assert!(compare(&eager, &once).agree);
    }
}
