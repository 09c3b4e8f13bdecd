//! The scene's presets: the happy path, and one run per stage that can
//! break an order, each a whole set of settings (so each is a link).

use super::blame::Cause;
use super::config::{Commit, PipelineConfig};
use crate::scenes::workers::model::Mode;
use crate::sim::clients::Client;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Happy,
    ProducerRetry,
    Keyless,
    HashMismatch,
    PartitionIncrease,
    GoroutinePerMessage,
    Rebalance,
    UncleanElection,
}

impl Preset {
    pub const ALL: [Preset; 8] = [
        Preset::Happy,
        Preset::ProducerRetry,
        Preset::Keyless,
        Preset::HashMismatch,
        Preset::PartitionIncrease,
        Preset::GoroutinePerMessage,
        Preset::Rebalance,
        Preset::UncleanElection,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Preset::Happy => "happy",
            Preset::ProducerRetry => "producer-retry",
            Preset::Keyless => "keyless",
            Preset::HashMismatch => "hash-mismatch",
            Preset::PartitionIncrease => "partition-increase",
            Preset::GoroutinePerMessage => "goroutine-per-message",
            Preset::Rebalance => "rebalance",
            Preset::UncleanElection => "unclean-election",
        }
    }

    /// The cause its run breaks an order by; the happy path has none.
    pub fn cause(self) -> Option<Cause> {
        match self {
            Preset::Happy => None,
            Preset::ProducerRetry => Some(Cause::ProducerRetry),
            Preset::Keyless => Some(Cause::Keyless),
            Preset::HashMismatch => Some(Cause::HashMismatch),
            Preset::PartitionIncrease => Some(Cause::PartitionIncrease),
            Preset::GoroutinePerMessage => Some(Cause::GoroutinePerMessage),
            Preset::Rebalance => Some(Cause::RebalanceWithoutCommit),
            Preset::UncleanElection => Some(Cause::UncleanElection),
        }
    }

    /// The happy path with the one stage this preset breaks.
    pub fn config(self) -> PipelineConfig {
        let happy = PipelineConfig::default();
        match self {
            Preset::Happy => happy,
            Preset::ProducerRetry => PipelineConfig {
                idempotence: false,
                ..happy
            },
            // The order id is the key, but kafka-go's `Writer` balances
            // with `RoundRobin` unless told otherwise, and ignores it.
            Preset::Keyless => PipelineConfig {
                client: Client::KafkaGo,
                warehouse_client: Client::KafkaGo,
                ..happy
            },
            Preset::HashMismatch => PipelineConfig {
                warehouse_client: Client::Sarama,
                ..happy
            },
            Preset::PartitionIncrease => PipelineConfig {
                grow_to: 4,
                ..happy
            },
            Preset::GoroutinePerMessage => PipelineConfig {
                handler: Mode::PerMessage,
                ..happy
            },
            Preset::Rebalance => PipelineConfig {
                crash: true,
                commit: Commit::Auto,
                dedupe: false,
                ..happy
            },
            Preset::UncleanElection => PipelineConfig {
                leader_fails: true,
                unclean: true,
                ..happy
            },
        }
    }

    /// The seed its story is told on: the link's default (42) unless the
    /// preset happens not to break there, as a risk that is a rate may not.
    pub fn seed(self) -> u64 {
        match self {
            Preset::ProducerRetry => 43,
            _ => 42,
        }
    }

    /// The preset these settings are, if any.
    pub fn matching(config: &PipelineConfig) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.config() == *config)
    }
}
