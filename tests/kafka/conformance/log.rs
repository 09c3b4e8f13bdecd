//! The log scene's segments: which files a partition holds after rolls at a
//! small `segment.bytes`, and the offset each one starts at.

use crate::{field, numbers, unreadable, Area, Verdict};
use kafka_ordering_lab::scenes::log::model::{
    order_key, DEFAULT_SEGMENT_BYTES, INDEX_INTERVAL_BYTES, SCRIPT, TOPIC,
};
use kafka_ordering_lab::sim::log::{LogConfig, PartitionLog};
use kafka_ordering_lab::sim::record::OrderEvent;
use kafka_ordering_lab::sim::SimTime;
use serde_json::{json, Value};

pub const AREA: Area = Area {
    name: "log",
    plan,
    expected_cases,
    compare,
};

fn plan() -> Value {
    json!({
        "topic": TOPIC,
        "segment_bytes": DEFAULT_SEGMENT_BYTES,
        "records": SCRIPT.iter().map(|(order, event)| json!({
            "key": order_key(*order),
            "value": event.value(),
        })).collect::<Vec<_>>(),
    })
}

fn expected_cases(plan: &Value) -> Vec<String> {
    vec![format!("log/segment-bytes-{}", plan["segment_bytes"])]
}

fn event(value: &str) -> Option<OrderEvent> {
    OrderEvent::ALL.into_iter().find(|e| e.value() == value)
}

/// What the broker did: the size it rolled at, the records sent, and the
/// segments and batch sizes it stored.
struct Observed {
    used: u32,
    records: Vec<(String, OrderEvent)>,
    bases: Vec<u64>,
    sizes: Vec<u64>,
}

fn compare(input: &Value, observed: &Value) -> Verdict {
    let read = || -> Result<Observed, String> {
        // The simulation rolls at the size Kafka actually used, so that a
        // refused small value still compares the roll rule itself.
        let used = field(observed, "segment_bytes_used")?
            .as_u64()
            .ok_or("segment_bytes_used")? as u32;
        let mut records = Vec::new();
        for r in field(input, "records")?.as_array().ok_or("records")? {
            let key = field(r, "key")?.as_str().ok_or("key")?.to_owned();
            let value = field(r, "value")?.as_str().ok_or("value")?;
            records.push((key, event(value).ok_or(format!("value {value}"))?));
        }
        let bases = field(observed, "segments")?
            .as_array()
            .ok_or("segments")?
            .iter()
            .map(|s| s["base_offset"].as_u64().ok_or("base_offset".to_owned()))
            .collect::<Result<Vec<_>, _>>()?;
        let sizes = numbers(field(observed, "record_batch_bytes")?);
        Ok(Observed {
            used,
            records,
            bases,
            sizes,
        })
    };
    let Observed {
        used,
        records,
        bases,
        sizes,
    } = match read() {
        Ok(v) => v,
        Err(e) => return unreadable(e),
    };
    let mut log = PartitionLog::new(
        TOPIC,
        0,
        LogConfig {
            segment_bytes: used,
            index_interval_bytes: INDEX_INTERVAL_BYTES,
        },
    );
    for (i, (key, event)) in records.iter().enumerate() {
        log.append(Some(key), key, *event, SimTime(i as u64));
    }
    let sim_bases: Vec<u64> = log.segments().iter().map(|s| s.base_offset).collect();
    let sim_files: Vec<String> = log.segments().iter().map(|s| s.log_file_name()).collect();
    let sim_sizes: Vec<u64> = log
        .records()
        .map(|r| u64::from(r.batch_size_in_bytes))
        .collect();
    let mut wrong = Vec::new();
    if sim_sizes != sizes {
        wrong.push(format!(
            "batch sizes: Kafka {sizes:?}, simulation {sim_sizes:?}"
        ));
    }
    if sim_bases != bases {
        wrong.push(format!(
            "segment base offsets: Kafka {bases:?}, simulation {sim_bases:?}"
        ));
    }
    let files_ok = observed["segments"].as_array().is_some_and(|s| {
        s.iter()
            .map(|x| x["file"].as_str().unwrap_or(""))
            .eq(sim_files.iter().map(String::as_str))
    });
    if !files_ok {
        wrong.push("segment file names differ".to_owned());
    }
    let refused = observed.get("refused").filter(|r| !r.is_null());
    let mut note = if wrong.is_empty() {
        format!(
            "{} segments at base offsets {bases:?}, every batch the same size",
            bases.len()
        )
    } else {
        wrong.join("; ")
    };
    if let Some(r) = refused {
        note.push_str(&format!(
            "; Kafka refuses segment.bytes={} for a topic ({}), so the broker ran with {} = {used}",
            input["segment_bytes"],
            r["error"].as_str().unwrap_or("refused"),
            observed["config_used"]
                .as_str()
                .unwrap_or("another setting"),
        ));
    }
    Verdict::new(
        json!({"segments": sim_files, "base_offsets": sim_bases, "record_batch_bytes": sim_sizes}),
        wrong.is_empty(),
        note,
    )
}
