//! The pipeline scene's link parameters, declared once, in the order a
//! link writes them: stage by stage, from the application to the sink.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{lens_tab, part_param};
use crate::scenes::group::params::ASSIGNOR as GROUP_ASSIGNOR;
use crate::scenes::group::text::GroupMsg;
use crate::scenes::pipeline::model::{self as pipeline, Commit, KeyChoice};
use crate::scenes::pipeline::text::PipelineMsg;
use crate::scenes::producer::text::ProducerMsg;
use crate::scenes::replication::text::ReplicationMsg;
use crate::scenes::workers::model::Mode;
use crate::sim::assignor::Assignor;
use crate::sim::clients::Client;

pub(crate) static PARAMS: [&Param; 21] = [
    &RATE,
    &LINGER_MS,
    &MAX_IN_FLIGHT,
    &IDEMPOTENCE,
    &WIRE_FAULTS,
    &KEY_BY,
    &CLIENT,
    &WAREHOUSE_CLIENT,
    &PARTITIONS,
    &GROW_TO,
    &LEADER_FAILS,
    &UNCLEAN,
    &MEMBERS,
    &ASSIGNOR,
    &COMMIT,
    &CRASH,
    &HANDLER,
    &WORKERS,
    &DEDUPE,
    &GO_CLIENT,
    &PART,
];

pub const CLIENT_IDS: [&str; 4] = ["java", "franz-go", "sarama", "kafka-go"];

/// The clients' own names, which the form lists as they are.
const CLIENT_OPTIONS: [(&str, OptionText); 4] = [
    ("java", OptionText::Verbatim),
    ("franz-go", OptionText::Verbatim),
    ("sarama", OptionText::Verbatim),
    ("kafka-go", OptionText::Verbatim),
];

fn client(v: crate::params::declare::Value<'_>) -> Option<Client> {
    v.text()
        .and_then(Client::from_id)
        .filter(|c| pipeline::CLIENTS.contains(c))
}

/// The lens's tab: `go-client=`, as the pipeline's `client=` is the
/// checkout service's (a link of it must keep meaning what it meant).
pub static GO_CLIENT: Param = lens_tab("go-client");

pub static RATE: Param = Param {
    name: "rate",
    kind: Kind::Number(wide(pipeline::RATE_RANGE)),
    run: true,
    default: "200",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "application: order events per second",
    label: Some(scene_words!(Pipeline, PipelineMsg::Rate)),
    options: &[],
    get: |p| Some(p.pipeline.rate.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.rate = n).is_some(),
};

pub static LINGER_MS: Param = Param {
    name: "linger-ms",
    kind: Kind::Number(wide(pipeline::LINGER_RANGE)),
    run: true,
    default: "5",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "producer: `linger.ms`",
    label: Some(scene_words!(Pipeline, ProducerMsg::LabelLinger)),
    options: &[],
    get: |p| Some(p.pipeline.linger_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.linger_ms = n).is_some(),
};

pub static MAX_IN_FLIGHT: Param = Param {
    name: "max-in-flight",
    kind: Kind::Number(wide(pipeline::IN_FLIGHT_RANGE)),
    run: true,
    default: "5",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "producer: `max.in.flight.requests.per.connection`",
    label: Some(scene_words!(Pipeline, ProducerMsg::LabelMaxInFlight)),
    options: &[],
    get: |p| Some(p.pipeline.max_in_flight.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.max_in_flight = n).is_some(),
};

pub static IDEMPOTENCE: Param = Param {
    name: "idempotence",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "producer: `enable.idempotence`",
    label: Some(scene_words!(Pipeline, ProducerMsg::LabelIdempotence)),
    options: &[],
    get: |p| Some(u8::from(p.pipeline.idempotence).to_string()),
    set: |p, v| v.flag().map(|b| p.pipeline.idempotence = b).is_some(),
};

pub static WIRE_FAULTS: Param = Param {
    name: "wire-faults",
    kind: Kind::Number(wide(pipeline::FAULTS_RANGE)),
    run: true,
    default: "150",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the wire: per thousand produce requests, half damaged (`CORRUPT_MESSAGE`), half losing their answer",
    label: Some(scene_words!(Pipeline, PipelineMsg::Faults)),
    options: &[],
    get: |p| Some(p.pipeline.faults_per_mille.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.faults_per_mille = n).is_some(),
};

pub static KEY_BY: Param = Param {
    name: "key-by",
    kind: Kind::Choice(&["order-id", "customer-id", "none"]),
    run: true,
    default: "order-id",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitioner: what the record key is",
    label: Some(scene_words!(Pipeline, PipelineMsg::Key)),
    options: &[
        (
            "order-id",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::KeyOrder)),
        ),
        (
            "customer-id",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::KeyCustomer)),
        ),
        (
            "none",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::KeyNone)),
        ),
    ],
    get: |p| Some(p.pipeline.key.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(KeyChoice::from_id)
            .map(|k| p.pipeline.key = k)
            .is_some()
    },
};

pub static CLIENT: Param = Param {
    name: "client",
    kind: Kind::Choice(&CLIENT_IDS),
    run: true,
    default: "java",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitioner: the checkout service's client (Created, Paid), with its default partitioner",
    label: Some(scene_words!(Pipeline, PipelineMsg::Client)),
    options: &CLIENT_OPTIONS,
    get: |p| Some(p.pipeline.client.id().to_owned()),
    set: |p, v| client(v).map(|c| p.pipeline.client = c).is_some(),
};

pub static WAREHOUSE_CLIENT: Param = Param {
    name: "warehouse-client",
    kind: Kind::Choice(&CLIENT_IDS),
    run: true,
    default: "java",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitioner: the warehouse service's client (Shipped, Delivered)",
    label: Some(scene_words!(Pipeline, PipelineMsg::WarehouseClient)),
    options: &CLIENT_OPTIONS,
    get: |p| Some(p.pipeline.warehouse_client.id().to_owned()),
    set: |p, v| client(v).map(|c| p.pipeline.warehouse_client = c).is_some(),
};

pub static PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(pipeline::PARTITIONS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "topic: partitions at the start",
    label: Some(scene_words!(Pipeline, PipelineMsg::Partitions)),
    options: &[],
    get: |p| Some(p.pipeline.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.partitions = n).is_some(),
};

pub static GROW_TO: Param = Param {
    name: "grow-to",
    kind: Kind::Number(wide(pipeline::GROW_RANGE)),
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "topic: the partition count it grows to part way through (0 or no more than `partitions`: it stays)",
    label: Some(scene_words!(Pipeline, PipelineMsg::GrowTo)),
    options: &[],
    get: |p| Some(p.pipeline.grow_to.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.grow_to = n).is_some(),
};

pub static LEADER_FAILS: Param = Param {
    name: "leader-fails",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "topic: partition 0's leader dies while its follower lags, out of the ISR",
    label: Some(scene_words!(Pipeline, PipelineMsg::LeaderFails)),
    options: &[],
    get: |p| Some(u8::from(p.pipeline.leader_fails).to_string()),
    set: |p, v| v.flag().map(|b| p.pipeline.leader_fails = b).is_some(),
};

pub static UNCLEAN: Param = Param {
    name: "unclean",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "topic: `unclean.leader.election.enable`",
    label: Some(scene_words!(Pipeline, ReplicationMsg::Unclean)),
    options: &[],
    get: |p| Some(u8::from(p.pipeline.unclean).to_string()),
    set: |p, v| v.flag().map(|b| p.pipeline.unclean = b).is_some(),
};

pub static MEMBERS: Param = Param {
    name: "members",
    kind: Kind::Number(wide(pipeline::MEMBERS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "group: members",
    label: Some(scene_words!(Pipeline, PipelineMsg::Members)),
    options: &[],
    get: |p| Some(p.pipeline.members.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.members = n).is_some(),
};

pub static ASSIGNOR: Param = Param {
    name: "assignor",
    kind: Kind::Choice(&["range", "roundrobin", "sticky", "cooperative-sticky"]),
    run: true,
    default: "range",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "group: `partition.assignment.strategy`",
    label: Some(scene_words!(Pipeline, GroupMsg::Assignor)),
    // Kafka's assignor names, as the group scene lists them.
    options: GROUP_ASSIGNOR.options,
    get: |p| Some(p.pipeline.assignor.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Assignor::from_id)
            .map(|a| p.pipeline.assignor = a)
            .is_some()
    },
};

pub static COMMIT: Param = Param {
    name: "commit",
    kind: Kind::Choice(&["auto", "processed"]),
    run: true,
    default: "processed",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "group: auto-commit, or `commitSync` of what was handled after each record",
    label: Some(scene_words!(Pipeline, PipelineMsg::Commit)),
    options: &[
        (
            "auto",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::CommitAuto)),
        ),
        (
            "processed",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::CommitProcessed)),
        ),
    ],
    get: |p| Some(p.pipeline.commit.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Commit::from_id)
            .map(|c| p.pipeline.commit = c)
            .is_some()
    },
};

pub static CRASH: Param = Param {
    name: "crash",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "group: `consumer-1` crashes part way through",
    label: Some(scene_words!(Pipeline, PipelineMsg::Crash)),
    options: &[],
    get: |p| Some(u8::from(p.pipeline.crash).to_string()),
    set: |p, v| v.flag().map(|b| p.pipeline.crash = b).is_some(),
};

pub static HANDLER: Param = Param {
    name: "handler",
    kind: Kind::Choice(&["sequential", "per-message", "keyed-pool"]),
    run: true,
    default: "keyed-pool",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "handler: one goroutine, a goroutine per message, or a keyed pool",
    label: Some(scene_words!(Pipeline, PipelineMsg::Handler)),
    options: &[
        (
            "sequential",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::HandlerSequential)),
        ),
        (
            "per-message",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::HandlerPerMessage)),
        ),
        (
            "keyed-pool",
            OptionText::Words(scene_words!(Pipeline, PipelineMsg::HandlerPool)),
        ),
    ],
    get: |p| Some(p.pipeline.handler.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Mode::from_id)
            .map(|m| p.pipeline.handler = m)
            .is_some()
    },
};

pub static WORKERS: Param = Param {
    name: "workers",
    kind: Kind::Number(wide(pipeline::WORKERS_RANGE)),
    run: true,
    default: "4",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "handler: workers in the keyed pool",
    label: Some(scene_words!(Pipeline, PipelineMsg::Workers)),
    options: &[],
    get: |p| Some(p.pipeline.workers.to_string()),
    set: |p, v| v.u32().map(|n| p.pipeline.workers = n).is_some(),
};

pub static DEDUPE: Param = Param {
    name: "dedupe",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "sink: the database skips an event it already applied",
    label: Some(scene_words!(Pipeline, PipelineMsg::Dedupe)),
    options: &[],
    get: |p| Some(u8::from(p.pipeline.dedupe).to_string()),
    set: |p, v| v.flag().map(|b| p.pipeline.dedupe = b).is_some(),
};

pub static PART: Param = part_param(
    &["figure", "numbers", "compare", "settings", "go", "all"],
    "one part alone, for a compact embedded frame: the presets, lanes, narration and findings `figure`, the `numbers` (witness, smallest fix, counters), the `compare` and sweep, the `settings`, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);
