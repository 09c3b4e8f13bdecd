//! Each tab's keyed partitioner: the one its library uses by default, and
//! the option that makes it Java's.

use super::GoClient;
use crate::sim::clients::Client;

/// The Java-compatible keyed partitioner of each Go client, as the lens
/// prints it, and the conformance client that runs exactly that option on a
/// real broker (tests/kafka/go/producers.go, `clients`). franz-go needs no
/// option: its default is already murmur2.
pub const JAVA_COMPATIBLE: [(GoClient, Client, &str); 4] = [
    (GoClient::FranzGo, Client::FranzGo, ""),
    (
        GoClient::Sarama,
        Client::SaramaMurmur2,
        "sarama.NewMurmur2Partitioner",
    ),
    (
        GoClient::KafkaGo,
        Client::KafkaGoMurmur2,
        "kafka.Murmur2Balancer{}",
    ),
    (
        GoClient::ConfluentKafkaGo,
        Client::ConfluentMurmur2Random,
        "\"partitioner\": \"murmur2_random\"",
    ),
];

/// The conformance client for a tab's default keyed partitioner.
pub(crate) fn default_client(client: GoClient) -> Client {
    match client {
        GoClient::FranzGo => Client::FranzGo,
        GoClient::Sarama => Client::Sarama,
        GoClient::KafkaGo => Client::KafkaGo,
        GoClient::ConfluentKafkaGo => Client::ConfluentKafkaGo,
        GoClient::Java => Client::Java,
    }
}
