//! The routing scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::producer::text::ProducerMsg;
use crate::scenes::routing::model as routing;
use crate::scenes::routing::model::{PlacementChoice, HISTOGRAM_KEYS_RANGE, MAX_KEY_BYTES};
use crate::scenes::routing::text::RoutingMsg;
use crate::sim::clients::Client;
use crate::sim::keyless::KeylessStrategy;

pub(crate) static PARAMS: [&Param; 13] = [
    &KEY,
    &KEY_NULL,
    &ROUTING_PARTITIONS,
    &KEYLESS,
    &ROUTING_BATCH_SIZE,
    &ROUTING_LINGER_MS,
    &KEYS,
    &PLACEMENT,
    &EXPLICIT_PARTITION,
    &GO_CLIENT,
    &SWITCH_FROM,
    &SWITCH_TO,
    &PART,
];

/// The partitioners the "switching client" view compares, by the
/// conformance suite's names.
const SWITCH_CHOICES: &[&str] = &[
    "sarama",
    "franz-go",
    "java",
    "sarama-reference",
    "sarama-murmur2",
    "kafka-go",
    "kafka-go-hash",
    "kafka-go-murmur2",
    "confluent-kafka-go",
    "confluent-kafka-go-murmur2",
];

pub static SWITCH_FROM: Param = Param {
    name: "switch-from",
    kind: Kind::Choice(SWITCH_CHOICES),
    run: false,
    default: "sarama",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the \"switching client\" view (`part=switch`): the partitioner a service moves from",
    label: None,
    options: &[],
    get: |p| {
        (p.routing.switch_from != Client::Sarama).then(|| p.routing.switch_from.id().to_owned())
    },
    set: |p, v| {
        v.text()
            .filter(|id| SWITCH_CHOICES.contains(id))
            .and_then(Client::from_id)
            .map(|c| p.routing.switch_from = c)
            .is_some()
    },
};

pub static SWITCH_TO: Param = Param {
    name: "switch-to",
    kind: Kind::Choice(SWITCH_CHOICES),
    run: false,
    default: "franz-go",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the \"switching client\" view: the partitioner it moves to",
    label: None,
    options: &[],
    get: |p| (p.routing.switch_to != Client::FranzGo).then(|| p.routing.switch_to.id().to_owned()),
    set: |p, v| {
        v.text()
            .filter(|id| SWITCH_CHOICES.contains(id))
            .and_then(Client::from_id)
            .map(|c| p.routing.switch_to = c)
            .is_some()
    },
};

/// The scene's own parts, beside the figure, settings and numbers every
/// scene may have.
/// The key's bytes, murmur2 step by step, and its partition.
pub const TRACE: Part = Part::Own("trace");
/// What each Go client computes for the key.
pub const CLIENTS: Part = Part::Own("clients");
/// How many keys land on each partition.
pub const HISTOGRAM: Part = Part::Own("histogram");
/// A burst of records, keyed or not, lane by lane.
pub const STREAM: Part = Part::Own("stream");
/// Which keys move when a service switches client.
pub const SWITCH: Part = Part::Own("switch");

pub static PART: Param = part_param(
    &[
        TRACE.id(),
        CLIENTS.id(),
        HISTOGRAM.id(),
        STREAM.id(),
        Part::Go.id(),
        SWITCH.id(),
        Part::All.id(),
    ],
    "one part of the scene alone, for a compact embedded frame: the key's murmur2 `trace`, the Go `clients`, the keys' `histogram`, the records' `stream`, the Go client lens `go`, the `switch`ing client view, or `all`; without it, all (embedded: the trace)",
);

pub static KEY: Param = Param {
    name: "key",
    kind: Kind::Text {
        form: "any text",
        example: "ключ 🔑",
        max_bytes: Some(MAX_KEY_BYTES),
    },
    run: false,
    default: "order-42",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the typed key (URL-encoded UTF-8)",
    label: None,
    options: &[],
    get: |p| Some(p.routing.key.clone()),
    set: |p, v| v.text().map(|s| p.routing.key = s.to_owned()).is_some(),
};

pub static KEY_NULL: Param = Param {
    name: "key-null",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1` makes the key null (keyless), unlike an empty key",
    label: Some(scene_words!(Routing, RoutingMsg::NullKey)),
    options: &[],
    get: |p| p.routing.key_null.then(|| "1".to_owned()),
    set: |p, v| v.flag().map(|b| p.routing.key_null = b).is_some(),
};

pub static ROUTING_PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(routing::PARTITIONS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the topic's partition count",
    label: Some(scene_words!(Routing, RoutingMsg::PartitionsLabel)),
    options: &[],
    get: |p| Some(p.routing.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.routing.partitions = n).is_some(),
};

pub static KEYLESS: Param = Param {
    name: "keyless",
    kind: Kind::Choice(&["round-robin", "sticky", "uniform-sticky"]),
    run: true,
    default: "uniform-sticky",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the partitioner for records without a key",
    label: Some(scene_words!(Routing, RoutingMsg::Strategy)),
    options: &[
        (
            "round-robin",
            OptionText::Words(scene_words!(Routing, RoutingMsg::StrategyRoundRobin)),
        ),
        (
            "sticky",
            OptionText::Words(scene_words!(Routing, RoutingMsg::StrategySticky)),
        ),
        (
            "uniform-sticky",
            OptionText::Words(scene_words!(Routing, RoutingMsg::StrategyUniformSticky)),
        ),
    ],
    get: |p| Some(p.routing.keyless.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(KeylessStrategy::from_id)
            .map(|s| p.routing.keyless = s)
            .is_some()
    },
};

pub static ROUTING_BATCH_SIZE: Param = Param {
    name: "batch-size",
    kind: Kind::Number(wide(routing::BATCH_SIZE_RANGE)),
    run: true,
    default: "128",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the stream's `batch.size` in bytes",
    label: Some(scene_words!(Routing, ProducerMsg::LabelBatchSize)),
    options: &[],
    get: |p| Some(p.routing.batch_size.to_string()),
    set: |p, v| v.u32().map(|n| p.routing.batch_size = n).is_some(),
};

pub static ROUTING_LINGER_MS: Param = Param {
    name: "linger-ms",
    kind: Kind::Number(wide(routing::LINGER_MS_RANGE)),
    run: true,
    default: "50",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the stream's `linger.ms`",
    label: Some(scene_words!(Routing, ProducerMsg::LabelLinger)),
    options: &[],
    get: |p| Some(p.routing.linger_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.routing.linger_ms = n).is_some(),
};

pub static KEYS: Param = Param {
    name: "keys",
    kind: Kind::Number(wide(HISTOGRAM_KEYS_RANGE)),
    run: false,
    default: "1000",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the histogram of `order-1 … order-K`: K",
    label: None,
    options: &[],
    get: |p| Some(p.routing.histogram_keys.to_string()),
    set: |p, v| v.u32().map(|n| p.routing.histogram_keys = n).is_some(),
};

pub static PLACEMENT: Param = Param {
    name: "placement",
    kind: Kind::Choice(&["partitioner", "explicit", "region"]),
    run: false,
    default: "partitioner",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "how the typed key's record is placed (`explicit` with `explicit-partition`)",
    label: None,
    options: &[],
    get: |p| {
        (p.routing.placement != PlacementChoice::default())
            .then(|| p.routing.placement.id().to_owned())
    },
    set: |p, v| {
        PlacementChoice::ALL
            .into_iter()
            .find(|c| Some(c.id()) == v.text())
            .map(|c| p.routing.placement = c)
            .is_some()
    },
};

pub static EXPLICIT_PARTITION: Param = Param {
    name: "explicit-partition",
    // Any partition may be asked for; one that does not exist is the
    // producer's error to show, not the link's.
    kind: Kind::Number(0..=1000),
    run: false,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the partition `placement=explicit` asks for",
    label: None,
    options: &[],
    get: |p| {
        (p.routing.placement == PlacementChoice::Explicit)
            .then(|| p.routing.explicit_partition.to_string())
    },
    set: |p, v| v.u32().map(|n| p.routing.explicit_partition = n).is_some(),
};
