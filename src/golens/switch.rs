//! "Switching client": which keys land on another partition when a service
//! moves from one client's partitioner to another's, and the option in the
//! new library that keeps them where they were.

use super::GoClient;
use crate::sim::clients::{Client, KeyedRoute};
use crate::sim::partitioner::order_key_bytes;

/// The partitioners one can switch between, as the conformance suite
/// names them (each runs on a real broker there).
pub const SWITCH_CLIENTS: [Client; 10] = [
    Client::Sarama,
    Client::FranzGo,
    Client::Java,
    Client::SaramaReference,
    Client::SaramaMurmur2,
    Client::KafkaGo,
    Client::KafkaGoHash,
    Client::KafkaGoMurmur2,
    Client::ConfluentKafkaGo,
    Client::ConfluentMurmur2Random,
];

/// How many keys the view lists one by one.
pub const LISTED_KEYS: usize = 10;

/// One key, where each side sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub key: String,
    pub from: KeyedRoute,
    pub to: KeyedRoute,
}

impl Moved {
    /// The key lands elsewhere after the switch (or has no fixed place on
    /// one side, so its records scatter).
    pub fn moves(&self) -> bool {
        lands_apart(self.from, self.to)
    }
}

/// Whether a key routed by `from` and then by `to` can land on another
/// partition.
fn lands_apart(from: KeyedRoute, to: KeyedRoute) -> bool {
    !matches!((from, to), (KeyedRoute::Partition(a), KeyedRoute::Partition(b)) if a == b)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchView {
    pub from: Client,
    pub to: Client,
    pub partitions: u32,
    /// The typed key first (when it is not null), then `order-1 …`.
    pub listed: Vec<Moved>,
    /// Of `order-1 … order-K`, how many move.
    pub moved: u32,
    pub keys: u32,
}

pub fn switch_view(
    from: Client,
    to: Client,
    partitions: u32,
    typed: Option<&str>,
    keys: u32,
) -> SwitchView {
    let n = partitions.max(1);
    let moved_key = |key: String| Moved {
        from: from.keyed_route(key.as_bytes(), n),
        to: to.keyed_route(key.as_bytes(), n),
        key,
    };
    let mut listed: Vec<Moved> = typed.map(|k| moved_key(k.to_owned())).into_iter().collect();
    listed.extend(
        (1..=keys)
            .map(|i| format!("order-{i}"))
            .filter(|k| Some(k.as_str()) != typed)
            .take(LISTED_KEYS)
            .map(moved_key),
    );
    // Counted over every key without a String each: routing's link allows
    // 100,000 keys, and this runs as its page starts.
    let mut buf = [0u8; 16];
    let moved = (1..=keys)
        .filter(|&i| {
            let key = order_key_bytes(i, &mut buf);
            lands_apart(from.keyed_route(key, n), to.keyed_route(key, n))
        })
        .count() as u32;
    SwitchView {
        from,
        to,
        partitions: n,
        listed,
        moved,
        keys,
    }
}

/// The library a partitioner belongs to.
pub fn library(c: Client) -> GoClient {
    match c {
        Client::Java => GoClient::Java,
        Client::FranzGo => GoClient::FranzGo,
        Client::Sarama | Client::SaramaReference | Client::SaramaMurmur2 => GoClient::Sarama,
        Client::KafkaGo | Client::KafkaGoHash | Client::KafkaGoMurmur2 => GoClient::KafkaGo,
        Client::ConfluentKafkaGo | Client::ConfluentMurmur2Random => GoClient::ConfluentKafkaGo,
    }
}

/// The library's name, as the view prints it.
pub fn library_name(c: Client) -> &'static str {
    match library(c) {
        GoClient::FranzGo => "franz-go",
        GoClient::Sarama => "sarama",
        GoClient::KafkaGo => "kafka-go",
        GoClient::ConfluentKafkaGo => "confluent-kafka-go (librdkafka)",
        GoClient::Java => "Java",
    }
}

/// The option in `to`'s library that places keys exactly as `from` does,
/// or `None` when that library has none. Each was read in the library's
/// source: sarama partitioner.go; kafka-go balancer.go; franz-go
/// pkg/kgo/partitioner.go (`KafkaHasher`, `SaramaCompatHasher`,
/// `SaramaHasher`); librdkafka CONFIGURATION.md, `partitioner`.
pub fn compatible_option(from: Client, to: Client) -> Option<&'static str> {
    #[derive(PartialEq)]
    enum Family {
        Murmur2,
        SaramaFnv,
        ReferenceFnv,
        Crc32,
        Ignored,
    }
    let family = match from {
        Client::Java
        | Client::FranzGo
        | Client::SaramaMurmur2
        | Client::KafkaGoMurmur2
        | Client::ConfluentMurmur2Random => Family::Murmur2,
        Client::Sarama | Client::KafkaGoHash => Family::SaramaFnv,
        Client::SaramaReference => Family::ReferenceFnv,
        Client::ConfluentKafkaGo => Family::Crc32,
        Client::KafkaGo => Family::Ignored,
    };
    let lib = library(to);
    Some(match (family, lib) {
        (Family::Ignored, _) => return None,
        (Family::Murmur2, GoClient::FranzGo) => "kgo.StickyKeyPartitioner(nil)",
        (Family::Murmur2, GoClient::Sarama) => "sarama.NewMurmur2Partitioner",
        (Family::Murmur2, GoClient::KafkaGo) => "kafka.Murmur2Balancer{}",
        (Family::Murmur2, GoClient::ConfluentKafkaGo) => "\"partitioner\": \"murmur2_random\"",
        (Family::Murmur2, GoClient::Java) => "BuiltInPartitioner (default)",
        (Family::SaramaFnv, GoClient::FranzGo) => {
            "kgo.StickyKeyPartitioner(kgo.SaramaCompatHasher(fnv32a))"
        }
        (Family::SaramaFnv, GoClient::Sarama) => "sarama.NewHashPartitioner",
        (Family::SaramaFnv, GoClient::KafkaGo) => "&kafka.Hash{}",
        (Family::ReferenceFnv, GoClient::FranzGo) => {
            "kgo.StickyKeyPartitioner(kgo.KafkaHasher(fnv32a))"
        }
        (Family::ReferenceFnv, GoClient::Sarama) => "sarama.NewReferenceHashPartitioner",
        (Family::ReferenceFnv, GoClient::KafkaGo) => "&kafka.ReferenceHash{}",
        (Family::Crc32, GoClient::FranzGo) => {
            "kgo.StickyKeyPartitioner(kgo.SaramaHasher(crc32.ChecksumIEEE))"
        }
        (Family::Crc32, GoClient::Sarama) => "sarama.NewConsistentCRCHashPartitioner",
        (Family::Crc32, GoClient::KafkaGo) => "kafka.CRC32Balancer{}",
        (Family::Crc32, GoClient::ConfluentKafkaGo) => "\"partitioner\": \"consistent_random\"",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sarama_to_franz_go_moves_most_keys_and_names_the_compat_hasher() {
        let v = switch_view(Client::Sarama, Client::FranzGo, 3, Some("order-42"), 1000);
        assert_eq!(v.listed.len(), 1 + LISTED_KEYS);
        assert_eq!(v.listed[0].key, "order-42");
        // Two unrelated hashes agree on about a third of the keys of 3.
        assert!((550..=780).contains(&v.moved), "{}", v.moved);
        for m in &v.listed {
            assert_eq!(m.from, Client::Sarama.keyed_route(m.key.as_bytes(), 3));
            assert_eq!(m.to, Client::Java.keyed_route(m.key.as_bytes(), 3));
        }
        assert_eq!(
            compatible_option(Client::Sarama, Client::FranzGo),
            Some("kgo.StickyKeyPartitioner(kgo.SaramaCompatHasher(fnv32a))")
        );
        // librdkafka's fnv1a takes h % N unsigned, not sarama's |int32 % N|.
        assert_eq!(
            compatible_option(Client::Sarama, Client::ConfluentKafkaGo),
            None
        );
    }

    #[test]
    fn a_compatible_option_moves_nothing() {
        for (from, to) in [
            (Client::Java, Client::SaramaMurmur2),
            (Client::Java, Client::KafkaGoMurmur2),
            (Client::Java, Client::ConfluentMurmur2Random),
            (Client::Sarama, Client::KafkaGoHash),
        ] {
            assert_eq!(
                switch_view(from, to, 7, None, 2000).moved,
                0,
                "{from:?} → {to:?}"
            );
        }
        // kafka-go's default ignores the key: every key scatters.
        let v = switch_view(Client::Java, Client::KafkaGo, 7, None, 100);
        assert_eq!(v.moved, 100);
        assert_eq!(compatible_option(Client::KafkaGo, Client::Java), None);
    }
}
