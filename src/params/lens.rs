//! `client=`: the Go client lens's tab, shared by every scene with a lens;
//! `go-client=` in the pipeline, whose `client=` is the checkout service's.

use super::declare::{Kind, Param};
use crate::sim::clients::GoClient;

pub static GO_CLIENT: Param = go_client("client");

/// The pipeline's name for the same tab: its `client=` is a setting of the
/// scene (a link of it must keep meaning what it meant).
pub static PIPELINE_GO_CLIENT: Param = go_client("go-client");

const fn go_client(name: &'static str) -> Param {
    Param {
        name,
        kind: Kind::Choice(&[
            "franz-go",
            "sarama",
            "kafka-go",
            "confluent-kafka-go",
            "java",
        ]),
        run: false,
        default: "franz-go",
        #[cfg(not(target_arch = "wasm32"))]
        doc: "the Go client lens's tab (`part=go`): the library whose code is shown",
        label: None,
        options: &[],
        get: |p| (p.go_client != GoClient::FranzGo).then(|| p.go_client.id().to_owned()),
        set: |p, v| {
            v.text()
                .and_then(GoClient::from_id)
                .map(|c| p.go_client = c)
                .is_some()
        },
    }
}
