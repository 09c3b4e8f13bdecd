//! `client=`: the Go client lens's tab, shared by every scene with a lens.
//! A scene whose `client=` means something else names the tab otherwise
//! (`lens_tab`: the pipeline's `go-client=`).

use super::declare::{Kind, Param};
use crate::sim::clients::GoClient;

pub static GO_CLIENT: Param = lens_tab("client");

/// The lens's tab under another name.
pub const fn lens_tab(name: &'static str) -> Param {
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
