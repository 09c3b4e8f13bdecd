//! The smallest fix, the comparison and the sweep: all three re-run the
//! deterministic model, on the same seed or on many.

use super::blame::{Cause, Finding};
use super::config::{Commit, KeyChoice, PipelineConfig};
use super::run::{run_pipeline, PipelineRun, Price, Service};
use crate::scenes::workers::model::Mode;
use crate::sim::clients::Client;
use crate::sim::rng::Rng;

/// A change of one setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    Idempotence,
    OneInFlight,
    KeyByOrder,
    WarehouseLikeCheckout,
    CheckoutLikeWarehouse,
    JavaClient,
    FranzGoClient,
    NoGrowth,
    KeyedPool,
    Sequential,
    Dedupe,
    CommitProcessed,
    NoUnclean,
}

impl Change {
    pub const ALL: [Change; 13] = [
        Change::Idempotence,
        Change::OneInFlight,
        Change::KeyByOrder,
        Change::WarehouseLikeCheckout,
        Change::CheckoutLikeWarehouse,
        Change::JavaClient,
        Change::FranzGoClient,
        Change::NoGrowth,
        Change::KeyedPool,
        Change::Sequential,
        Change::Dedupe,
        Change::CommitProcessed,
        Change::NoUnclean,
    ];

    /// How the page's data attributes name it.
    pub fn id(self) -> &'static str {
        match self {
            Change::Idempotence => "idempotence",
            Change::OneInFlight => "one-in-flight",
            Change::KeyByOrder => "key-by-order",
            Change::WarehouseLikeCheckout => "warehouse-like-checkout",
            Change::CheckoutLikeWarehouse => "checkout-like-warehouse",
            Change::JavaClient => "java-client",
            Change::FranzGoClient => "franz-go-client",
            Change::NoGrowth => "no-growth",
            Change::KeyedPool => "keyed-pool",
            Change::Sequential => "sequential",
            Change::Dedupe => "dedupe",
            Change::CommitProcessed => "commit-processed",
            Change::NoUnclean => "no-unclean",
        }
    }

    /// The changed settings, or `None` when the setting is so already, or
    /// when it changes nothing for either service's client: kafka-go has
    /// neither producer setting ([`Client::fixed_producer`]), and sarama
    /// and kafka-go have one batch per partition in flight whatever the
    /// setting ([`Client::one_batch_in_flight_per_partition`]).
    pub fn apply(self, c: &PipelineConfig) -> Option<PipelineConfig> {
        let takes = |s: &Service| {
            let client = s.client(c);
            match self {
                Change::Idempotence => client.fixed_producer().is_none(),
                Change::OneInFlight => !client.one_batch_in_flight_per_partition(),
                _ => true,
            }
        };
        if !Service::ALL.iter().any(takes) {
            return None;
        }
        let changed = match self {
            Change::Idempotence => PipelineConfig {
                idempotence: true,
                ..*c
            },
            Change::OneInFlight => PipelineConfig {
                max_in_flight: 1,
                ..*c
            },
            Change::KeyByOrder => PipelineConfig {
                key: KeyChoice::Order,
                ..*c
            },
            Change::WarehouseLikeCheckout => PipelineConfig {
                warehouse_client: c.client,
                ..*c
            },
            Change::CheckoutLikeWarehouse => PipelineConfig {
                client: c.warehouse_client,
                ..*c
            },
            Change::JavaClient => checkout_on(c, Client::Java),
            // Idempotent by default, with the Java partitioner's murmur2 for
            // a key (pkg/kgo/config.go, `DisableIdempotentWrite`;
            // partitioner.go, `KafkaHasher`).
            Change::FranzGoClient => checkout_on(c, Client::FranzGo),
            Change::NoGrowth => PipelineConfig { grow_to: 0, ..*c },
            Change::KeyedPool => PipelineConfig {
                handler: Mode::KeyedPool,
                ..*c
            },
            Change::Sequential => PipelineConfig {
                handler: Mode::Sequential,
                ..*c
            },
            Change::Dedupe => PipelineConfig { dedupe: true, ..*c },
            Change::CommitProcessed => PipelineConfig {
                commit: Commit::Processed,
                ..*c
            },
            Change::NoUnclean => PipelineConfig {
                unclean: false,
                ..*c
            },
        };
        (changed != *c).then_some(changed)
    }

    /// The changes worth trying for a cause, the smallest first: the one
    /// that leaves the most of the pipeline as it was.
    pub fn candidates(cause: Cause) -> &'static [Change] {
        match cause {
            // A client without the two settings (kafka-go) is fixed by one
            // that has them and is idempotent by default.
            Cause::ProducerRetry => &[
                Change::Idempotence,
                Change::OneInFlight,
                Change::FranzGoClient,
            ],
            Cause::Keyless => &[Change::KeyByOrder, Change::JavaClient],
            Cause::HashMismatch => &[Change::WarehouseLikeCheckout, Change::CheckoutLikeWarehouse],
            Cause::PartitionIncrease => &[Change::NoGrowth],
            Cause::GoroutinePerMessage => &[Change::KeyedPool, Change::Sequential],
            Cause::RebalanceWithoutCommit => &[Change::Dedupe, Change::CommitProcessed],
            Cause::UncleanElection => &[Change::NoUnclean],
        }
    }
}

/// The checkout service on `client`, and the warehouse too where it was on
/// the same client: a pipeline on one client stays on one.
fn checkout_on(c: &PipelineConfig, client: Client) -> PipelineConfig {
    PipelineConfig {
        client,
        warehouse_client: if c.warehouse_client == c.client {
            client
        } else {
            c.warehouse_client
        },
        ..*c
    }
}

/// A fix: the change, the settings it gives, and what it costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fix {
    pub change: Change,
    pub config: PipelineConfig,
    pub before: Price,
    pub after: Price,
}

pub fn run_seed(config: &PipelineConfig, seed: u64) -> PipelineRun {
    run_pipeline(config, &Rng::new(seed))
}

/// The first candidate change that leaves no finding of this cause on the
/// same seed.
pub fn smallest_fix(run: &PipelineRun, seed: u64, finding: &Finding) -> Option<Fix> {
    Change::candidates(finding.cause)
        .iter()
        .filter_map(|&change| Some((change, change.apply(&run.config)?)))
        .map(|(change, config)| (change, config, run_seed(&config, seed)))
        .find(|(_, _, fixed)| !fixed.findings.iter().any(|f| f.cause == finding.cause))
        .map(|(change, config, fixed)| Fix {
            change,
            config,
            before: run.price,
            after: fixed.price,
        })
}

/// One record as the comparison shows it: where it went and in what place
/// the sink met it among its order's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    pub record: u32,
    pub partition: Option<u32>,
    /// Its rank among its order's events as the sink met them (0-based).
    pub rank: Option<u32>,
    pub applied: bool,
}

/// Every record, in the order the sink first met it (records it never met
/// last, by id).
pub fn sink_order(run: &PipelineRun) -> Vec<Placed> {
    let mut first: Vec<Option<(crate::sim::time::SimTime, u32)>> = vec![None; run.records.len()];
    for (i, d) in run.deliveries.iter().enumerate() {
        if d.outcome == super::group::Outcome::Abandoned {
            continue;
        }
        let r = run.log[d.entry as usize].record as usize;
        if first[r].is_none() {
            first[r] = Some((d.done_at, i as u32));
        }
    }
    let mut order: Vec<u32> = (0..run.records.len() as u32).collect();
    crate::sim::sort::sort_by_key(&mut order, |&r| {
        first[r as usize].map_or((1, u64::MAX, r), |(t, i)| (0, t.as_millis(), i))
    });
    let mut seen_per_order = std::collections::BTreeMap::<u32, u32>::new();
    order
        .into_iter()
        .map(|r| {
            let rec = &run.records[r as usize];
            let met = first[r as usize];
            let rank = met.map(|_| {
                let n = seen_per_order.entry(rec.order).or_insert(0);
                *n += 1;
                *n - 1
            });
            let applied = run
                .deliveries
                .iter()
                .any(|d| d.outcome.applied() && run.log[d.entry as usize].record == r);
            Placed {
                record: r,
                partition: met
                    .map(|(_, i)| run.log[run.deliveries[i as usize].entry as usize].partition),
                rank,
                applied,
            }
        })
        .collect()
}

/// The records whose place changed between two runs of the same seed: a
/// different partition, a different place among its order's events at the
/// sink, or applied in one run and not the other.
pub fn moved(a: &PipelineRun, b: &PipelineRun) -> Vec<u32> {
    let (pa, pb) = (sink_order(a), sink_order(b));
    let find = |v: &[Placed], r: u32| v.iter().find(|p| p.record == r).copied();
    let mut out: Vec<u32> = pa
        .iter()
        .filter(|x| {
            find(&pb, x.record).is_none_or(|y| {
                (x.partition, x.rank, x.applied) != (y.partition, y.rank, y.applied)
            })
        })
        .map(|x| x.record)
        .collect();
    crate::sim::sort::sort(&mut out);
    out
}

/// Whether a run on `seed` has any finding.
pub fn broken(config: &PipelineConfig, seed: u64) -> bool {
    !run_seed(config, seed).findings.is_empty()
}

/// Seeds swept: "reordered in X of 100 seeds".
pub const SWEEP_SEEDS: u64 = 100;
