//! The producer scene's sweep: every preset file, and what each log must hold.

use crate::scenes::producer::model::presets::ProducerPreset;
use crate::scenes::producer::model::{BatchState, ErrorCode, ProducerScene, SeqKind, Workload};
use crate::scenes::sweep::*;
use crate::sim::producer::Acks;
use crate::sim::record::OrderEvent;
use std::collections::BTreeSet;
use std::ops::Range;

/// What a producer preset's log must hold at the end, as workload indices.
enum ProducerLog {
    Exactly(&'static [u32]),
    /// Every record once, in send order.
    Complete,
    /// Structure only: the link's random faults decide the rest.
    Any,
}

struct ProducerSweep {
    name: &'static str,
    link: &'static str,
    log: ProducerLog,
    /// What the preset is built to show, and the least share of seeds.
    breaks: Option<(&'static str, u64)>,
    /// A line the sequence diagram must hold, as the preset file promises.
    diagram: Option<SeqKind>,
    seeds: u64,
}

/// The workload index of a log record.
fn workload_index(workload: Workload, entity: &str, event: OrderEvent) -> u32 {
    let order = order_of(entity);
    let index = match workload {
        Workload::Chapter => event.step() - 1,
        Workload::Stream { .. } => (order - 1000) * 4 + event.step() - 1,
    };
    assert!(index < workload.len(), "{entity} {event:?} is not sent");
    assert_eq!(workload.record(index), (order, event));
    index
}

/// Offsets dense from the log start, every record one the application
/// sent, duplicates marked where they are, acknowledged batches where
/// their answer says; an idempotent producer the broker knows, as long as
/// nothing failed for good, logs every record once in send order; and one
/// request in flight never lets a record overtake another.
fn sweep_producer(preset: &ProducerSweep, seeds: Range<u64>) -> Tally {
    let mut tally = Tally::new("producer", preset.name);
    for (index, seed) in seeds.enumerate() {
        let link = format!("{}&seed={seed}", preset.link);
        let config = params(&link).producer.scene_config();
        let (workload, producer) = (config.workload, config.producer);
        let log_start = config.log_start_offset;
        let known = config.known_producer && log_start > 0;
        let scene = ProducerScene::new(config).expect("a preset is a valid producer");
        let indices = |s: &ProducerScene| -> Vec<u32> {
            s.log
                .records()
                .map(|r| workload_index(workload, &r.entity, r.event))
                .collect()
        };
        let sim = play(scene, &link, seed, index as u64, |s, full| {
            assert!(
                s.awaiting.len() <= producer.max_in_flight as usize,
                "{link}: more requests open than max.in.flight"
            );
            assert!(
                s.stats.acked_records + s.stats.failed_records <= s.stats.sent,
                "{link}"
            );
            if !full {
                return;
            }
            check_partition_log(&s.log, &link);
            assert_eq!(s.log.log_start_offset(), log_start, "{link}");
            let written = indices(s);
            assert!(written.iter().all(|&i| i < s.stats.sent), "{link}");
            let mut once = BTreeSet::new();
            let repeats: Vec<u64> = written
                .iter()
                .zip(log_start..)
                .filter(|(i, _)| !once.insert(**i))
                .map(|(_, offset)| offset)
                .collect();
            assert_eq!(s.duplicate_offsets, repeats, "{link}: duplicates marked");
            assert_eq!(
                log_findings(&s.log),
                (s.reorders(), s.duplicates()),
                "{link}: the checker's count"
            );
            if producer.enable_idempotence && known && s.epoch() == 0 && s.stats.failed_records == 0
            {
                let in_order: Vec<u32> = (0..written.len() as u32).collect();
                assert_eq!(written, in_order, "{link}: idempotent log");
                let last_seq = s.producer_state.as_ref().map_or(-1, |st| st.last_seq);
                assert_eq!(
                    i64::from(last_seq) + 1,
                    (log_start + written.len() as u64) as i64,
                    "{link}: the broker's last sequence"
                );
            }
            if producer.max_in_flight == 1 {
                let mut seen = BTreeSet::new();
                let mut first = written.clone();
                first.retain(|i| seen.insert(*i));
                assert!(
                    first.windows(2).all(|w| w[0] < w[1]),
                    "{link}: a record overtook another with one request in flight"
                );
            }
            for b in &s.batches {
                if let BatchState::Acked { base_offset, .. } = b.state {
                    let from = (base_offset - log_start) as usize;
                    assert_eq!(
                        written.get(from..from + b.records.len()),
                        Some(b.records.as_slice()),
                        "{link}: batch {} is not where its answer says",
                        b.id
                    );
                }
            }
        });
        let s = sim.model();
        assert!(s.queue.is_empty() && s.awaiting.is_empty(), "{link}");
        for b in &s.batches {
            assert!(
                matches!(
                    b.state,
                    BatchState::Acked { .. }
                        | BatchState::Failed(_)
                        | BatchState::SentUnacknowledged
                ),
                "{link}: batch {} left {:?}",
                b.id,
                b.state
            );
        }
        if producer.acks != Acks::None {
            assert_eq!(
                s.stats.acked_records + s.stats.failed_records,
                s.stats.sent,
                "{link}: every record is acknowledged or failed"
            );
        }
        if producer.enable_idempotence || producer.max_in_flight == 1 {
            assert_eq!(s.reorders(), 0, "{link}");
        }
        let written = indices(s);
        match preset.log {
            ProducerLog::Exactly(expected) => assert_eq!(written, expected, "{link}"),
            ProducerLog::Complete => {
                let all: Vec<u32> = (0..workload.len()).collect();
                assert_eq!(written, all, "{link}: every record once, in order");
                assert_eq!(s.stats.acked_records, workload.len(), "{link}");
            }
            ProducerLog::Any => {}
        }
        if let Some(kind) = preset.diagram {
            assert!(
                s.diagram.iter().any(|e| e.kind == kind),
                "{link}: no {kind:?} in the diagram"
            );
        }
        if let Some((what, floor)) = preset.breaks {
            tally.broke_on(what, floor, s.reorders() + s.duplicates() > 0);
        }
        tally.seeds += 1;
    }
    tally
}

// -------------------------------------------------------- repartition

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    let producer = [
        ProducerSweep {
            name: "chaos",
            link: "?scene=producer&preset=chaos",
            log: ProducerLog::Any,
            breaks: Some(("reordered or duplicated", 90)),
            diagram: None,
            seeds: 60,
        },
        ProducerSweep {
            name: "chaos, idempotence=1",
            link: "?scene=producer&preset=chaos&idempotence=1",
            log: ProducerLog::Complete,
            breaks: None,
            diagram: None,
            seeds: 60,
        },
        ProducerSweep {
            name: "catastrophe",
            link: "?scene=producer&preset=catastrophe",
            log: ProducerLog::Exactly(&[1, 0]),
            breaks: Some(("reordered", 100)),
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "idempotent",
            link: "?scene=producer&preset=idempotent",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: Some(SeqKind::Error {
                batch: 2,
                code: ErrorCode::OutOfOrderSequenceNumber,
            }),
            seeds: 500,
        },
        ProducerSweep {
            name: "new-producer",
            link: "?scene=producer&preset=new-producer",
            log: ProducerLog::Exactly(&[1]),
            breaks: None,
            diagram: Some(SeqKind::EpochBumped { epoch: 1 }),
            seeds: 500,
        },
        ProducerSweep {
            name: "inflight-1",
            link: "?scene=producer&preset=inflight-1",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "lost-ack",
            link: "?scene=producer&preset=lost-ack",
            log: ProducerLog::Exactly(&[0, 1, 0]),
            breaks: Some(("duplicated", 100)),
            diagram: None,
            seeds: 500,
        },
        ProducerSweep {
            name: "lost-ack, idempotence=1",
            link: "?scene=producer&preset=lost-ack&idempotence=1",
            log: ProducerLog::Exactly(&[0, 1]),
            breaks: None,
            diagram: Some(SeqKind::Duplicate {
                batch: 1,
                base_offset: 100,
            }),
            seeds: 500,
        },
    ];
    for preset in ProducerPreset::ALL {
        assert!(
            producer.iter().any(|p| p.name == preset.id()),
            "preset file {} is not swept",
            preset.id()
        );
    }
    for preset in producer {
        let name = format!("producer {}", preset.name);
        jobs.push((
            name,
            Box::new(move || vec![sweep_producer(&preset, seeds.range(preset.seeds))]),
        ));
    }
    jobs
}
