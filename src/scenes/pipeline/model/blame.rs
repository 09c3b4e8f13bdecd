//! The end-to-end checker: every reorder, duplicate or loss the order
//! checker saw at the sink, blamed on the stage that caused it, with its
//! minimal witness, the two records and where each was at every stage.
//!
//! The blame follows the two records' paths backwards from the sink: the
//! first stage at which their order was lost is the one to blame.

use super::group::{Outcome, GROUP_ID};
use super::run::{order_key, PipelineRun};
use crate::scenes::workers::model::Mode;
use crate::sim::checker::{FindingKind as CheckerKind, Observer, OrderChecker, Position};
use crate::sim::time::SimTime;

/// The pipeline's stages, in the order a record goes through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    Application,
    Producer,
    Partitioner,
    Topic,
    Group,
    Handler,
    Sink,
}

impl Stage {
    pub const ALL: [Stage; 7] = [
        Stage::Application,
        Stage::Producer,
        Stage::Partitioner,
        Stage::Topic,
        Stage::Group,
        Stage::Handler,
        Stage::Sink,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Stage::Application => "application",
            Stage::Producer => "producer",
            Stage::Partitioner => "partitioner",
            Stage::Topic => "topic",
            Stage::Group => "group",
            Stage::Handler => "handler",
            Stage::Sink => "sink",
        }
    }
}

/// Why an order broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cause {
    /// A batch failed and was retried behind a later one, or written twice
    /// when its answer was lost.
    ProducerRetry,
    /// No key (or a client that ignores it) spread one order's events.
    Keyless,
    /// Two services' clients hash the same key to different partitions.
    HashMismatch,
    /// The topic grew, and the key's later events went to a new partition.
    PartitionIncrease,
    /// `go process(msg)`: goroutines finished in any order.
    GoroutinePerMessage,
    /// A member crashed; its partitions' new owner re-read from the last
    /// commit what had already been handled.
    RebalanceWithoutCommit,
    /// A lagging replica became leader and the records it lacked were lost.
    UncleanElection,
}

impl Cause {
    pub const ALL: [Cause; 7] = [
        Cause::ProducerRetry,
        Cause::Keyless,
        Cause::HashMismatch,
        Cause::PartitionIncrease,
        Cause::GoroutinePerMessage,
        Cause::RebalanceWithoutCommit,
        Cause::UncleanElection,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Cause::ProducerRetry => "producer-retry",
            Cause::Keyless => "keyless",
            Cause::HashMismatch => "hash-mismatch",
            Cause::PartitionIncrease => "partition-increase",
            Cause::GoroutinePerMessage => "goroutine-per-message",
            Cause::RebalanceWithoutCommit => "rebalance-without-commit",
            Cause::UncleanElection => "unclean-election",
        }
    }

    pub fn stage(self) -> Stage {
        match self {
            Cause::ProducerRetry => Stage::Producer,
            Cause::Keyless | Cause::HashMismatch => Stage::Partitioner,
            Cause::PartitionIncrease | Cause::UncleanElection => Stage::Topic,
            Cause::GoroutinePerMessage => Stage::Handler,
            Cause::RebalanceWithoutCommit => Stage::Group,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// An event reached the sink after a later one of its order.
    Reorder,
    /// An event reached the sink twice, and was applied twice.
    Duplicate,
    /// An event never reached the sink, though a later one did.
    Loss,
}

impl FindingKind {
    pub fn id(self) -> &'static str {
        match self {
            FindingKind::Reorder => "reorder",
            FindingKind::Duplicate => "duplicate",
            FindingKind::Loss => "loss",
        }
    }
}

/// One record of a witness: the record, the log entry and the delivery
/// the finding is about (a record may be in the log twice, and fetched
/// twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WitnessRow {
    pub record: u32,
    pub entry: Option<u32>,
    pub delivery: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    pub kind: FindingKind,
    pub cause: Cause,
    pub key: String,
    /// The record the sink met first, then the other one.
    pub witness: [WitnessRow; 2],
    pub at: SimTime,
}

impl Finding {
    pub fn stage(&self) -> Stage {
        self.cause.stage()
    }
}

fn entry_at(run: &PipelineRun, position: Position) -> Option<u32> {
    run.log
        .iter()
        .position(|e| {
            !e.truncated && e.partition == position.partition && e.offset == position.offset
        })
        .map(|i| i as u32)
}

/// The delivery of `entry` the sink handled at `at`, else its first.
fn delivery_of(run: &PipelineRun, entry: Option<u32>, at: Option<SimTime>) -> Option<u32> {
    let entry = entry?;
    let handled = |d: &&super::group::Delivery| d.entry == entry && d.outcome != Outcome::Abandoned;
    let all = || {
        run.deliveries
            .iter()
            .enumerate()
            .filter(|(_, d)| handled(d))
    };
    all()
        .find(|(_, d)| at.is_none_or(|t| d.done_at == t))
        .or_else(|| all().next())
        .map(|(i, _)| i as u32)
}

fn row(run: &PipelineRun, position: Position, at: Option<SimTime>) -> Option<WitnessRow> {
    let entry = entry_at(run, position)?;
    Some(WitnessRow {
        record: run.log[entry as usize].record,
        entry: Some(entry),
        delivery: delivery_of(run, Some(entry), at),
    })
}

/// The first stage at which the sink's two records lost their order:
/// `first` reached the sink first though it is the later event.
fn blame_reorder(run: &PipelineRun, first: WitnessRow, second: WitnessRow) -> Cause {
    let (rf, rs) = (
        &run.records[first.record as usize],
        &run.records[second.record as usize],
    );
    let entry = |w: WitnessRow| w.entry.map(|e| &run.log[e as usize]);
    let (Some(ef), Some(es)) = (entry(first), entry(second)) else {
        return Cause::ProducerRetry;
    };
    if rf.spread || rs.spread {
        // Nothing held the order's events together: whatever reordered
        // them next, a key would have kept them on one partition, behind
        // one producer.
        return Cause::Keyless;
    }
    if ef.partition != es.partition {
        let client = |r: &super::run::PRecord| r.service.client(&run.config);
        return if rf.partitions_seen != rs.partitions_seen {
            Cause::PartitionIncrease
        } else if client(rf) != client(rs) {
            Cause::HashMismatch
        } else {
            Cause::Keyless
        };
    }
    if ef.offset < es.offset || ef.appended_at < es.appended_at {
        // The log has the later event first: it left the producer first.
        return Cause::ProducerRetry;
    }
    let member = |w: WitnessRow| w.delivery.map(|d| run.deliveries[d as usize].member);
    if member(first) != member(second) || run.config.handler != Mode::PerMessage {
        Cause::RebalanceWithoutCommit
    } else {
        Cause::GoroutinePerMessage
    }
}

/// Every finding at the sink, blamed, one per order and kind.
pub fn findings(run: &PipelineRun, checker: &OrderChecker) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    for v in checker.violations() {
        let finding = match v.kind {
            CheckerKind::Reorder { seen_at, .. } => {
                let (Some(second), Some(first)) =
                    (row(run, v.position, Some(v.at)), row(run, seen_at, None))
                else {
                    continue;
                };
                Finding {
                    kind: FindingKind::Reorder,
                    cause: blame_reorder(run, first, second),
                    key: v.key.clone(),
                    witness: [first, second],
                    at: v.at,
                }
            }
            CheckerKind::Duplicate { first_at } => {
                if run.config.dedupe {
                    // The sink recognised it and skipped it: no harm done.
                    continue;
                }
                let Some(first) = row(run, first_at, None) else {
                    continue;
                };
                let Some(mut second) = row(run, v.position, Some(v.at)) else {
                    continue;
                };
                let same_entry = first.entry == second.entry;
                if same_entry {
                    // Fetched twice: the second delivery is the one at `at`.
                    second.delivery = run
                        .deliveries
                        .iter()
                        .enumerate()
                        .filter(|(_, d)| Some(d.entry) == second.entry && d.done_at == v.at)
                        .map(|(i, _)| i as u32)
                        .next_back()
                        .or(second.delivery);
                }
                Finding {
                    kind: FindingKind::Duplicate,
                    cause: if same_entry {
                        Cause::RebalanceWithoutCommit
                    } else {
                        Cause::ProducerRetry
                    },
                    key: v.key.clone(),
                    witness: [first, second],
                    at: v.at,
                }
            }
        };
        if !out
            .iter()
            .any(|f| f.key == finding.key && f.kind == finding.kind)
        {
            out.push(finding);
        }
    }
    // A loss: an event the producer was told is written that the sink
    // never met. The checker's gaps find those with a later event after
    // them; the last event of an order is lost just the same.
    let observer = Observer::Group {
        group_id: GROUP_ID.to_owned(),
    };
    for lost in &run.records {
        let key = order_key(lost.order);
        if checker.has_seen(&observer, &key, lost.step)
            || out
                .iter()
                .any(|f| f.key == key && f.kind == FindingKind::Loss)
        {
            continue;
        }
        let entries: Vec<u32> = (0..run.log.len() as u32)
            .filter(|&e| run.log[e as usize].record == lost.id)
            .collect();
        let truncated =
            !entries.is_empty() && entries.iter().all(|&e| run.log[e as usize].truncated);
        let cause = if truncated {
            Cause::UncleanElection
        } else if entries.is_empty() {
            Cause::ProducerRetry
        } else {
            Cause::RebalanceWithoutCommit
        };
        // The order's event the sink met nearest to the lost one: the next
        // (met without its predecessor), else the one before.
        let met = |step: u32| {
            run.deliveries
                .iter()
                .enumerate()
                .filter(|(_, d)| d.outcome != Outcome::Abandoned)
                .find(|(_, d)| {
                    let r = &run.records[run.log[d.entry as usize].record as usize];
                    r.order == lost.order && r.step == step
                })
        };
        let near = (lost.step + 1..=4)
            .chain((1..lost.step).rev())
            .find_map(met);
        let Some((d, delivery)) = near else { continue };
        out.push(Finding {
            kind: FindingKind::Loss,
            cause,
            key,
            witness: [
                WitnessRow {
                    record: run.log[delivery.entry as usize].record,
                    entry: Some(delivery.entry),
                    delivery: Some(d as u32),
                },
                WitnessRow {
                    record: lost.id,
                    entry: entries.first().copied(),
                    delivery: None,
                },
            ],
            at: delivery.done_at,
        });
    }
    crate::sim::sort::sort_by_key(&mut out, |f| f.at);
    out
}
