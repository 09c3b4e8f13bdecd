//! The producer scene's Go lens: a producer with the scene's settings.

use crate::golens::producer::{
    confluent, franz, java, kafka_go, order_warning, sarama, Detail, Send,
};
use crate::golens::{Builder, GoClient, GoLensMsg};
use crate::params::AppParams;

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::AProducerWithTheProducerScene);
    let c = p.producer.config;
    order_warning(b, &c);
    let send = Send::order(b.client);
    match b.client {
        GoClient::FranzGo => franz(b, &c, Detail::All, &send),
        GoClient::Sarama => sarama(b, &c, Detail::All, &send),
        GoClient::KafkaGo => kafka_go(b, &c, Detail::All, &send),
        GoClient::ConfluentKafkaGo => confluent(b, &c, Detail::All, &send),
        GoClient::Java => java(b, &c, Detail::All, &send),
    }
}
