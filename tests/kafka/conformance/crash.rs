//! A member that dies between processing and commit: what its partition
//! delivers again to the member that takes it over.

use crate::{field, numbers, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::group::model::CommitMode;
use kafka_ordering_lab::sim::consumer::Consumer;
use kafka_ordering_lab::sim::log::{LogConfig, PartitionLog};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::SimTime;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "crash",
    plan,
    expected_cases: |plan| crate::named_cases(plan, "crash"),
    compare,
};

fn plan() -> Value {
    let case = |commit: CommitMode| {
        json!({
            "name": commit.id(),
            "commit": commit.id(),
            "partitions": 1,
            "records": 40,
            "max_poll_records": 5,
            "crash_after_processed": 12,
        })
    };
    json!({ "cases": [case(CommitMode::Auto), case(CommitMode::Manual)] })
}

/// The poll loop of the case, on the simulation's consumer: with auto
/// commit every poll first commits what the earlier polls returned; with
/// manual commit, `commitSync()` follows each processed poll. The member dies
/// once `crash_after` records are processed; its successor resumes from the
/// committed offset.
pub(crate) fn simulate(
    commit: CommitMode,
    records: u64,
    max_poll: u32,
    crash_after: usize,
) -> (Vec<u64>, u64) {
    let mut log = PartitionLog::new(
        "crash",
        0,
        LogConfig {
            segment_bytes: 1 << 30,
            index_interval_bytes: 4096,
        },
    );
    for i in 0..records {
        log.append(Some("order-1"), "order-1", OrderEvent::Created, SimTime(i));
    }
    let mut consumer = Consumer::new("consumer-1");
    let mut processed = Vec::new();
    while processed.len() < crash_after {
        if commit == CommitMode::Auto {
            consumer.auto_commit();
        }
        if consumer.poll(&log, max_poll).is_empty() {
            break;
        }
        while processed.len() < crash_after {
            let Some(offset) = consumer.process_next() else {
                break;
            };
            processed.push(offset);
        }
        if commit == CommitMode::Manual && processed.len() < crash_after {
            consumer.commit();
        }
    }
    (processed, consumer.committed_offset().unwrap_or(0))
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<(CommitMode, u64, u32, usize), String> {
        let id = field(input, "commit")?.as_str().unwrap_or_default();
        let commit = CommitMode::from_id(id).ok_or(format!("unknown commit mode {id}"))?;
        let records = field(input, "records")?.as_u64().ok_or("records")?;
        let max_poll = field(input, "max_poll_records")?
            .as_u64()
            .ok_or("max_poll_records")? as u32;
        let crash_after = field(input, "crash_after_processed")?
            .as_u64()
            .ok_or("crash_after_processed")? as usize;
        field(observed, "delivered_again")?;
        Ok((commit, records, max_poll, crash_after))
    };
    let (commit, records, max_poll, crash_after) = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let (processed, committed) = simulate(commit, records, max_poll, crash_after);
    let again: Vec<u64> = processed
        .iter()
        .copied()
        .filter(|&o| o >= committed)
        .collect();
    let k_processed = numbers(&observed["processed_by_crashed"]);
    let k_committed = observed["committed_before_crash"].as_u64();
    let k_again = numbers(&observed["delivered_again"]);
    let mut wrong = Vec::new();
    if k_processed != processed {
        wrong.push(format!(
            "processed before the crash: Kafka {k_processed:?}, simulation {processed:?}"
        ));
    }
    if k_committed != Some(committed) {
        wrong.push(format!(
            "committed: Kafka {k_committed:?}, simulation {committed}"
        ));
    }
    if k_again != again {
        wrong.push(format!(
            "delivered again: Kafka {k_again:?}, simulation {again:?}"
        ));
    }
    let note = if wrong.is_empty() {
        format!("committed {committed} at the crash; offsets {again:?} are handled twice")
    } else {
        wrong.join("; ")
    };
    Verdict::new(
        json!({"processed_by_crashed": processed, "committed_before_crash": committed, "delivered_again": again}),
        wrong.is_empty(),
        note,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crash_in_the_third_poll_repeats_what_followed_the_last_commit() {
        // Polls of five: the third poll's auto commit, like the second
        // batch's commitSync, leaves offset 10 committed; 10 and 11 were
        // processed again by the successor.
        for mode in [CommitMode::Auto, CommitMode::Manual] {
            let (processed, committed) = simulate(mode, 40, 5, 12);
            assert_eq!(processed, (0..12).collect::<Vec<u64>>());
            assert_eq!(committed, 10, "{mode:?}");
        }
        let (_, committed) = simulate(CommitMode::Auto, 40, 5, 5);
        assert_eq!(
            committed, 0,
            "the first batch is not committed until the next poll"
        );
        let (_, committed) = simulate(CommitMode::Manual, 40, 5, 6);
        assert_eq!(committed, 5);
    }
}
