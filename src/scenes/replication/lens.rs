//! The replication scene's Go lens: the producer's `acks`, the one client
//! setting the scene turns on.

use crate::golens::producer::{confluent, franz, java, kafka_go, sarama, Detail, Send};
use crate::golens::topic::Topic;
use crate::golens::{Builder, GoClient, GoLensMsg, Severity};
use crate::i18n::lens_default_acks;
use crate::params::AppParams;
use crate::scenes::replication::model::BROKERS;
use crate::sim::producer::{Acks, ProducerConfig};

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::ReplicationTitle);
    // Only acks is the client's; the rest of the producer keeps Java's
    // defaults so that each library's own acks default stands out.
    let c = ProducerConfig {
        acks: p.replication.acks,
        enable_idempotence: p.replication.acks == Acks::All,
        ..ProducerConfig::default()
    };
    let acks = match p.replication.acks {
        Acks::None => "0",
        Acks::Leader => "1",
        Acks::All => "all",
    };
    // Only a default weaker than acks=all is worth a warning.
    let d = b.client.default_acks();
    if d != Acks::All && d != p.replication.acks {
        let (lib, name) = match b.client {
            GoClient::Sarama => ("sarama", "WaitForLocal (config.go, NewConfig)"),
            _ => ("kafka-go", "RequireNone (writer.go, Writer.RequiredAcks)"),
        };
        let d = if d == Acks::None { "0" } else { "1" };
        b.warn(
            Severity::LosesRecords,
            lens_default_acks(b.lang, lib, d, name, acks),
        );
    }
    let send = Send {
        topic: Some(Topic::replicated(
            BROKERS,
            p.replication.min_isr,
            p.replication.unclean,
        )),
        ..Send::order(b.client)
    };
    match b.client {
        GoClient::FranzGo => franz(b, &c, Detail::Acks, &send),
        GoClient::Sarama => sarama(b, &c, Detail::Acks, &send),
        GoClient::KafkaGo => kafka_go(b, &c, Detail::Acks, &send),
        GoClient::ConfluentKafkaGo => confluent(b, &c, Detail::Acks, &send),
        GoClient::Java => java(b, &c, Detail::Acks, &send),
    }
}
