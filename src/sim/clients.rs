//! The producer clients a Go team meets, and how each one turns a record's
//! key into a partition with its default settings.
//!
//! Each rule is read from the client's own source, named on its variant. The
//! conformance suite produces with every one of these clients against a real
//! broker and checks the partition the broker stored against `keyed_route`.

use super::partitioner::{partition_for_key, KeyHasher};
use super::rng::Rng;

/// A client a Go team picks, as the lens's tabs and the link's
/// `go-client` name it: the four Go clients and Java's, the reference. It
/// lives in the core because the link's parameters, the words and the
/// scenes name it as well as the lens (src/golens), whose rules for each
/// client are its methods there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GoClient {
    FranzGo,
    Sarama,
    KafkaGo,
    ConfluentKafkaGo,
    /// The reference: the Apache Kafka Java client.
    Java,
}

/// A producer client, named as the conformance suite names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Client {
    /// The Java producer: `BuiltInPartitioner.partitionForKey`.
    Java,
    /// franz-go's default `StickyKeyPartitioner(nil)` hashes a non-nil key
    /// with its `KafkaHasher(murmur2)` (pkg/kgo/partitioner.go).
    FranzGo,
    /// sarama's default `NewHashPartitioner` (partitioner.go, `hashPartitioner.Partition`).
    Sarama,
    /// sarama with `NewReferenceHashPartitioner`.
    SaramaReference,
    /// sarama with `NewMurmur2Partitioner` (partitioner.go,
    /// `murmur2Partitioner.Partition`): the Java formula.
    SaramaMurmur2,
    /// segmentio/kafka-go's `Writer` with its default `RoundRobin` balancer,
    /// which never looks at the key (balancer.go, `RoundRobin.Balance`).
    KafkaGo,
    /// kafka-go's `Writer` with `&kafka.Hash{}`: sarama's default formula.
    KafkaGoHash,
    /// kafka-go's `Writer` with `kafka.Murmur2Balancer{}`: the Java formula.
    KafkaGoMurmur2,
    /// confluent-kafka-go, whose bundled librdkafka defaults to
    /// `partitioner=consistent_random` (rdkafka_msg.c, `rd_kafka_msg_partitioner_consistent_random`).
    ConfluentKafkaGo,
    /// confluent-kafka-go with `partitioner=murmur2_random`: the Java
    /// formula for any key, empty included; a null key at random.
    ConfluentMurmur2Random,
}

/// A producer whose requests in flight and idempotence its client decides,
/// whatever the settings say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FixedProducer {
    /// Batches in flight to one partition at a time.
    pub max_in_flight: u32,
    pub idempotence: bool,
}

/// How a client places a record that has a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyedRoute {
    /// The key's hash decides: always this partition.
    Partition(u32),
    /// The client ignores the key and deals records to partitions in turn.
    RoundRobin,
    /// The client does not hash this key: it places the record as it
    /// places one with a null key, by its [`KeylessRule`]. librdkafka's
    /// default `consistent_random` does so for an empty key
    /// (rdkafka_msg.c, `rd_kafka_msg_partitioner`).
    AsKeyless,
}

/// How a client spreads records that have a null key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeylessRule {
    /// The Java producer since 3.3 (KIP-794, `BuiltInPartitioner`): stay on
    /// one partition until about `batch.size` bytes went to it, then pick
    /// again; modelled by `keyless::Accumulator`.
    UniformSticky,
    /// Stay on one partition for a fixed number of bytes, whatever the
    /// batch size: franz-go's default partitioner sticks for 64 KiB
    /// (pkg/kgo/partitioner.go, `StickyKeyPartitioner` over
    /// `UniformBytesPartitioner`; config.go, `defaultCfg`).
    StickyForBytes(u32),
    /// One partition after another, in turn.
    RoundRobin,
    /// A fresh random partition for every record (sarama's `hashPartitioner`
    /// falls back to its `randomPartitioner` for a nil key).
    RandomPerRecord,
    /// One random partition for a stretch of time, `ms` from the moment it
    /// was picked: librdkafka's `sticky.partitioning.linger.ms`
    /// (`rd_kafka_msg_sticky_partition`), by default twice `linger.ms`
    /// (rdkafka_conf.c), so 10 ms. A producer without the topic's metadata
    /// yet partitions each waiting record on its own, at random; see
    /// [`librdkafka_sticky`].
    StickyForMs { ms: u32 },
}

/// librdkafka's `linger.ms` default (CONFIGURATION.md).
pub const LIBRDKAFKA_LINGER_MS: u32 = 5;

/// `sticky.partitioning.linger.ms` when it is not set: twice `linger.ms`,
/// at most 900000 (rdkafka_conf.c, `rd_kafka_conf_finalize`).
pub fn sticky_partitioning_linger_ms(linger_ms: u32) -> u32 {
    linger_ms.saturating_mul(2).min(900_000)
}

/// Where librdkafka puts null-key (or, under `consistent_random`,
/// empty-key) records produced at `times` (ms), on a topic of `partitions`
/// whose metadata, with every partition joined to its broker, the
/// producer has from `warm_at` on. `rd_kafka_msg_sticky_partition` draws a
/// random partition when `rd_interval` says `ms` have passed since the last
/// draw, and draws again for each record while the sticky partition is
/// unavailable: a cold start's queued records (`rd_kafka_topic_assign_uas`)
/// each land at random.
pub fn librdkafka_sticky(
    times: &[u64],
    warm_at: u64,
    ms: u32,
    partitions: u32,
    rng: &mut Rng,
) -> Vec<u32> {
    let mut drawn: Option<(u64, u32)> = None;
    let n = u64::from(partitions.max(1));
    times
        .iter()
        .map(|&t| {
            let now = t.max(warm_at);
            let expired = drawn.is_none_or(|(at, _)| now >= at + u64::from(ms));
            if t < warm_at || expired {
                let p = rng.below(n) as u32;
                // A cold record's draw is not the sticky one: the next warm
                // record draws again (rd_interval_expedite).
                drawn = (t >= warm_at).then_some((now, p));
                p
            } else {
                drawn.map_or(0, |(_, p)| p)
            }
        })
        .collect()
}

impl Client {
    /// The producer this client is whatever its settings, if it has no
    /// `max.in.flight.requests.per.connection` and `enable.idempotence` of
    /// its own. kafka-go's `Writer` (v0.4.51, go.mod of the conformance
    /// suite): a goroutine per partition writes one batch at a time and
    /// retries it before it takes the next (writer.go,
    /// `partitionWriter.writeBatches` and `partitionWriter.writeBatch`), and
    /// it never asks the broker for a producer id, so a batch sent again
    /// after a lost answer is written twice. The others have both settings:
    /// franz-go `MaxProduceRequestsInflightPerBroker` and
    /// `DisableIdempotentWrite` (pkg/kgo/config.go), sarama
    /// `Net.MaxOpenRequests` and `Producer.Idempotent`, librdkafka the Java
    /// names.
    pub fn fixed_producer(self) -> Option<FixedProducer> {
        matches!(
            self,
            Client::KafkaGo | Client::KafkaGoHash | Client::KafkaGoMurmur2
        )
        .then_some(FixedProducer {
            max_in_flight: 1,
            idempotence: false,
        })
    }

    /// Whether this client puts at most one batch of a partition on the
    /// wire at a time, whatever its in-flight setting: a batch retried
    /// after an error answer then never lands behind a later one. sarama
    /// since v1.48 (async_producer.go, `partitionMuter`: in
    /// `brokerProducer.tryBuildFlushingBatch` a partition joins a request
    /// only once no request of it is in flight; `Net.MaxOpenRequests`
    /// bounds requests across partitions), and kafka-go's `Writer`
    /// ([`Client::fixed_producer`]). Area lens-retry of the conformance
    /// suite runs it on the broker.
    pub fn one_batch_in_flight_per_partition(self) -> bool {
        self.fixed_producer().is_some()
            || matches!(
                self,
                Client::Sarama | Client::SaramaReference | Client::SaramaMurmur2
            )
    }

    /// Whether this client, not idempotent, answers a retriable error by
    /// sending again every batch of the partition from the failed one on,
    /// those already on the wire behind it too: franz-go
    /// (pkg/kgo/sink.go, `sink.handleRetryBatches` calls
    /// `recBuf.resetBatchDrainIdx`, which rewinds the partition to its
    /// first pending batch). A later batch the broker has written is then
    /// written again. Area lens-retry of the conformance suite runs it.
    pub fn resends_later_batches_on_retry(self) -> bool {
        self == Client::FranzGo
    }

    /// How long after its last metadata update this client holds a batch
    /// whose connection broke under it, before it sends the batch again, in
    /// milliseconds. franz-go fails the request with the connection's error
    /// (pkg/kgo/sink.go, `sink.handleReqClientErr`), marks the partition
    /// failing until a metadata update (`sink.handleRetryBatches` with
    /// `updateMeta`), and its metadata loop waits for `metadataMinAge`
    /// since the last update (pkg/kgo/metadata.go,
    /// `Client.updateMetadataLoop`), 5 s by default (pkg/kgo/config.go,
    /// `defaultCfg`). A delivery timeout shorter than that ends the batch
    /// first: the send fails, though the broker has written it. The other
    /// clients send it again after their retry backoff. Area
    /// lens-lost-answer of the conformance suite runs it.
    pub fn resend_after_broken_connection_waits_ms(self) -> u32 {
        if self == Client::FranzGo {
            5_000
        } else {
            0
        }
    }

    pub const ALL: [Client; 10] = [
        Client::Java,
        Client::FranzGo,
        Client::Sarama,
        Client::SaramaReference,
        Client::SaramaMurmur2,
        Client::KafkaGo,
        Client::KafkaGoHash,
        Client::KafkaGoMurmur2,
        Client::ConfluentKafkaGo,
        Client::ConfluentMurmur2Random,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Client::Java => "java",
            Client::FranzGo => "franz-go",
            Client::Sarama => "sarama",
            Client::SaramaReference => "sarama-reference",
            Client::SaramaMurmur2 => "sarama-murmur2",
            Client::KafkaGo => "kafka-go",
            Client::KafkaGoHash => "kafka-go-hash",
            Client::KafkaGoMurmur2 => "kafka-go-murmur2",
            Client::ConfluentKafkaGo => "confluent-kafka-go",
            Client::ConfluentMurmur2Random => "confluent-kafka-go-murmur2",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }

    /// Where this client sends a record with `key` (an empty key is a key:
    /// only a null key is keyless) on a topic of `partitions` partitions.
    pub fn keyed_route(self, key: &[u8], partitions: u32) -> KeyedRoute {
        let hashed = |hasher| KeyedRoute::Partition(partition_for_key(hasher, key, partitions));
        match self {
            Client::Java
            | Client::FranzGo
            | Client::KafkaGoMurmur2
            | Client::SaramaMurmur2
            | Client::ConfluentMurmur2Random => hashed(KeyHasher::Murmur2),
            Client::Sarama | Client::KafkaGoHash => hashed(KeyHasher::SaramaFnv1a),
            Client::SaramaReference => hashed(KeyHasher::SaramaReferenceFnv1a),
            Client::KafkaGo => KeyedRoute::RoundRobin,
            Client::ConfluentKafkaGo if key.is_empty() => KeyedRoute::AsKeyless,
            Client::ConfluentKafkaGo => hashed(KeyHasher::Crc32),
        }
    }

    /// How this client spreads null-key records. With a nil key kafka-go's
    /// `Hash` falls back to round-robin and its `Murmur2Balancer` to a random
    /// partition (balancer.go, their `Balance`).
    pub fn keyless_rule(self) -> KeylessRule {
        match self {
            Client::Java => KeylessRule::UniformSticky,
            Client::FranzGo => KeylessRule::StickyForBytes(64 << 10),
            Client::Sarama | Client::SaramaReference | Client::SaramaMurmur2 => {
                KeylessRule::RandomPerRecord
            }
            Client::KafkaGo | Client::KafkaGoHash => KeylessRule::RoundRobin,
            Client::KafkaGoMurmur2 => KeylessRule::RandomPerRecord,
            Client::ConfluentKafkaGo | Client::ConfluentMurmur2Random => KeylessRule::StickyForMs {
                ms: sticky_partitioning_linger_ms(LIBRDKAFKA_LINGER_MS),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for c in Client::ALL {
            assert_eq!(Client::from_id(c.id()), Some(c));
        }
        assert_eq!(Client::from_id("librdkafka"), None);
    }

    #[test]
    fn the_chapter_keys_split_by_client() {
        // Java's masked murmur2 puts both chapter keys on partition 0 of 3;
        // sarama's FNV-1a does not agree with it for order-99.
        let p = |c: Client, k: &str| c.keyed_route(k.as_bytes(), 3);
        assert_eq!(p(Client::Java, "order-42"), KeyedRoute::Partition(0));
        assert_eq!(p(Client::FranzGo, "order-99"), KeyedRoute::Partition(0));
        assert_eq!(p(Client::KafkaGoMurmur2, "21"), KeyedRoute::Partition(0));
        assert_eq!(
            p(Client::Sarama, "order-42"),
            p(Client::KafkaGoHash, "order-42")
        );
        assert_eq!(p(Client::KafkaGo, "order-42"), KeyedRoute::RoundRobin);
        assert_eq!(p(Client::ConfluentKafkaGo, ""), KeyedRoute::AsKeyless);
        assert_eq!(
            p(Client::ConfluentKafkaGo, "order-42"),
            KeyedRoute::Partition(crate::sim::partitioner::crc32(b"order-42") % 3)
        );
    }

    #[test]
    fn librdkafka_sticks_for_twice_linger_and_scatters_a_cold_start() {
        assert_eq!(
            Client::ConfluentKafkaGo.keyless_rule(),
            KeylessRule::StickyForMs { ms: 10 }
        );
        // One record a millisecond, warm from the start: a partition is
        // drawn at 0, 10, 20, ... and kept in between.
        let times: Vec<u64> = (0..600).collect();
        for seed in 0..50 {
            let placed = librdkafka_sticky(&times, 0, 10, 6, &mut Rng::new(seed));
            for (i, w) in placed.windows(2).enumerate() {
                if (i + 1) % 10 != 0 {
                    assert_eq!(w[0], w[1], "seed {seed}: moved at record {}", i + 1);
                }
            }
        }
        // Cold for the first 100 ms: those records scatter, one draw each.
        let changes = |p: &[u32]| p.windows(2).filter(|w| w[0] != w[1]).count();
        let cold: usize = (0..50)
            .map(|seed| changes(&librdkafka_sticky(&times, 100, 10, 6, &mut Rng::new(seed))[..100]))
            .sum();
        assert!(cold > 50 * 99 * 2 / 3, "{cold} changes over 50 cold starts");
    }
}
