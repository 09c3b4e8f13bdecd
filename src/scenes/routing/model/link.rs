//! What a link carries for the routing scene: the stream's settings, which
//! the run depends on, and the typed key, its placement, the histogram and
//! the client switch, which only the view reads.

use super::{RoutingStream, RoutingStreamConfig, StreamKeys};
use super::{DEFAULT_BATCH_SIZE, DEFAULT_LINGER_MS, DEFAULT_PARTITIONS};
use crate::sim::clients::Client;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::Placement;
use crate::sim::ModelParams;
use std::ops::RangeInclusive;

pub const DEFAULT_KEY: &str = "order-42";
/// Longest key a link may carry, in bytes: far beyond any real key, short
/// enough that hashing it on every keystroke stays instant.
pub const MAX_KEY_BYTES: usize = 100_000;
/// How many keys `order-1 … order-K` the histogram may hash.
pub const HISTOGRAM_KEYS_RANGE: RangeInclusive<u32> = 1..=100_000;
pub const DEFAULT_HISTOGRAM_KEYS: u32 = 1000;

/// Scene "routing": how the typed key is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PlacementChoice {
    #[default]
    Partitioner,
    Explicit,
    Region,
}

impl PlacementChoice {
    pub const ALL: [PlacementChoice; 3] = [
        PlacementChoice::Partitioner,
        PlacementChoice::Explicit,
        PlacementChoice::Region,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PlacementChoice::Partitioner => "partitioner",
            PlacementChoice::Explicit => "explicit",
            PlacementChoice::Region => "region",
        }
    }
}

/// The routing scene's link parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RoutingParams {
    /// The typed key, and whether the key is null instead.
    pub key: String,
    pub key_null: bool,
    /// The topic's partition count.
    pub partitions: u32,
    pub keyless: KeylessStrategy,
    pub batch_size: u32,
    pub linger_ms: u32,
    pub placement: PlacementChoice,
    pub explicit_partition: u32,
    pub histogram_keys: u32,
    /// The "switching client" part: from which partitioner to which.
    pub switch_from: Client,
    pub switch_to: Client,
}

impl Default for RoutingParams {
    fn default() -> Self {
        RoutingParams {
            key: DEFAULT_KEY.to_owned(),
            key_null: false,
            partitions: DEFAULT_PARTITIONS,
            keyless: KeylessStrategy::UniformSticky,
            batch_size: DEFAULT_BATCH_SIZE,
            linger_ms: DEFAULT_LINGER_MS,
            placement: PlacementChoice::default(),
            explicit_partition: 0,
            histogram_keys: DEFAULT_HISTOGRAM_KEYS,
            switch_from: Client::Sarama,
            switch_to: Client::FranzGo,
        }
    }
}

impl RoutingParams {
    /// The stream's model settings: keyed by order id, or keyless with the
    /// chosen partitioner.
    pub fn stream_config(&self) -> RoutingStreamConfig {
        RoutingStreamConfig {
            partitions: self.partitions,
            keys: if self.key_null {
                StreamKeys::Null(self.keyless)
            } else {
                StreamKeys::OrderId
            },
            batch_size: self.batch_size,
            linger_ms: self.linger_ms,
        }
    }

    /// The placement the typed key's record asks for.
    pub fn placement(&self) -> Placement {
        match self.placement {
            PlacementChoice::Partitioner => Placement::Partitioner,
            PlacementChoice::Explicit => Placement::Explicit(self.explicit_partition),
            PlacementChoice::Region => Placement::RegionPartitioner,
        }
    }
}

impl ModelParams for RoutingStream {
    type Params = RoutingParams;

    /// The stream is the same whatever key is typed, wherever it is placed,
    /// however many keys the histogram hashes and whichever clients the
    /// switch compares: the view works those out.
    fn run_part(p: &RoutingParams) -> RoutingParams {
        RoutingParams {
            key: String::new(),
            placement: PlacementChoice::default(),
            explicit_partition: 0,
            histogram_keys: 0,
            switch_from: Client::Sarama,
            switch_to: Client::FranzGo,
            ..p.clone()
        }
    }
}
