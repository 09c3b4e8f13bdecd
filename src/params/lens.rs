//! `client=`: the Go client lens's tab, shared by every scene with a lens.

use super::declare::{Kind, Param};
use crate::golens::GoClient;

pub static GO_CLIENT: Param = Param {
    name: "client",
    kind: Kind::Choice(&[
        "franz-go",
        "sarama",
        "kafka-go",
        "confluent-kafka-go",
        "java",
    ]),
    run: false,
    default: "franz-go",
    doc: "the Go client lens's tab (`part=go`): the library whose code is shown",
    help: None,
    get: |p| (p.go_client != GoClient::FranzGo).then(|| p.go_client.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(GoClient::from_id)
            .map(|c| p.go_client = c)
            .is_some()
    },
};
