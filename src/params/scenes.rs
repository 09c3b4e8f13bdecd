//! The scenes' own parameters, in the order a link writes them. The
//! producer's, the longest list, are in [`super::producer`].

use super::codec::{actions_text, parse_actions, parse_replica_actions, replica_actions_text};
use super::declare::{wide, Kind, Param};
use super::{PlacementChoice, SceneId, HISTOGRAM_KEYS_RANGE, MAX_KEY_BYTES};
use crate::sim::assignor::Assignor;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::producer::Acks;
use crate::sim::scenes::{disk, group, log, rabbitmq, repartition, replication, routing, workers};

/// The parameters `scene` declares, besides the shared ones.
pub fn params_of(scene: SceneId) -> &'static [&'static Param] {
    match scene {
        SceneId::Log => &LOG,
        SceneId::Routing => &ROUTING,
        SceneId::Replication => &REPLICATION,
        SceneId::RabbitMq => &RABBITMQ,
        SceneId::Disk => &DISK,
        SceneId::Group => &GROUP,
        SceneId::Workers => &WORKERS_SCENE,
        SceneId::Repartition => &REPARTITION,
        SceneId::Producer => &super::producer::PRODUCER,
    }
}

static LOG: [&Param; 1] = [&SEGMENT_BYTES];
static REPLICATION: [&Param; 4] = [&REPLICATION_ACKS, &MIN_ISR, &UNCLEAN, &REPLICA_ACTIONS];
static RABBITMQ: [&Param; 2] = [&CONSUMERS, &REMEDY];
static DISK: [&Param; 5] = [&DEVICE, &SEEK_US, &MB_S, &RECORD_BYTES, &STREAMS];
static WORKERS_SCENE: [&Param; 5] = [&MODE, &WORKERS, &HASH, &PROCESSING_MS, &SKEW];
static REPARTITION: [&Param; 4] = [&FROM, &TO, &STRATEGY, &ORDER];

pub static SEGMENT_BYTES: Param = Param {
    name: "segment-bytes",
    kind: Kind::Number(wide(log::SEGMENT_BYTES_RANGE)),
    run: true,
    default: "350",
    doc: "`segment.bytes`",
    help: None,
    get: |p| Some(p.segment_bytes.to_string()),
    set: |p, v| v.u32().map(|n| p.segment_bytes = n).is_some(),
};

static ROUTING: [&Param; 9] = [
    &KEY,
    &KEY_NULL,
    &ROUTING_PARTITIONS,
    &KEYLESS,
    &ROUTING_BATCH_SIZE,
    &ROUTING_LINGER_MS,
    &KEYS,
    &PLACEMENT,
    &EXPLICIT_PARTITION,
];

pub static KEY: Param = Param {
    name: "key",
    kind: Kind::Text {
        form: "any text",
        example: "ключ 🔑",
        max_bytes: Some(MAX_KEY_BYTES),
    },
    run: false,
    default: "order-42",
    doc: "the typed key (URL-encoded UTF-8)",
    help: None,
    get: |p| Some(p.key.clone()),
    set: |p, v| v.text().map(|s| p.key = s.to_owned()).is_some(),
};

pub static KEY_NULL: Param = Param {
    name: "key-null",
    kind: Kind::Flag,
    run: true,
    default: "0",
    doc: "`1` makes the key null (keyless), unlike an empty key",
    help: None,
    get: |p| p.key_null.then(|| "1".to_owned()),
    set: |p, v| v.flag().map(|b| p.key_null = b).is_some(),
};

pub static ROUTING_PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(routing::PARTITIONS_RANGE)),
    run: true,
    default: "3",
    doc: "the topic's partition count",
    help: None,
    get: |p| Some(p.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.partitions = n).is_some(),
};

pub static KEYLESS: Param = Param {
    name: "keyless",
    kind: Kind::Choice(&["round-robin", "sticky", "uniform-sticky"]),
    run: true,
    default: "uniform-sticky",
    doc: "the partitioner for records without a key",
    help: None,
    get: |p| Some(p.keyless.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(KeylessStrategy::from_id)
            .map(|s| p.keyless = s)
            .is_some()
    },
};

pub static ROUTING_BATCH_SIZE: Param = Param {
    name: "batch-size",
    kind: Kind::Number(wide(routing::BATCH_SIZE_RANGE)),
    run: true,
    default: "128",
    doc: "the stream's `batch.size` in bytes",
    help: None,
    get: |p| Some(p.batch_size.to_string()),
    set: |p, v| v.u32().map(|n| p.batch_size = n).is_some(),
};

pub static ROUTING_LINGER_MS: Param = Param {
    name: "linger-ms",
    kind: Kind::Number(wide(routing::LINGER_MS_RANGE)),
    run: true,
    default: "50",
    doc: "the stream's `linger.ms`",
    help: None,
    get: |p| Some(p.linger_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.linger_ms = n).is_some(),
};

pub static KEYS: Param = Param {
    name: "keys",
    kind: Kind::Number(wide(HISTOGRAM_KEYS_RANGE)),
    run: false,
    default: "1000",
    doc: "the histogram of `order-1 … order-K`: K",
    help: None,
    get: |p| Some(p.histogram_keys.to_string()),
    set: |p, v| v.u32().map(|n| p.histogram_keys = n).is_some(),
};

pub static PLACEMENT: Param = Param {
    name: "placement",
    kind: Kind::Choice(&["partitioner", "explicit", "region"]),
    run: false,
    default: "partitioner",
    doc: "how the typed key's record is placed (`explicit` with `explicit-partition`)",
    help: None,
    get: |p| (p.placement != PlacementChoice::default()).then(|| p.placement.id().to_owned()),
    set: |p, v| {
        PlacementChoice::ALL
            .into_iter()
            .find(|c| Some(c.id()) == v.text())
            .map(|c| p.placement = c)
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
    doc: "the partition `placement=explicit` asks for",
    help: None,
    get: |p| (p.placement == PlacementChoice::Explicit).then(|| p.explicit_partition.to_string()),
    set: |p, v| v.u32().map(|n| p.explicit_partition = n).is_some(),
};

/// `acks` is the producer's setting, shared by the replication scene.
pub static REPLICATION_ACKS: Param = Param {
    name: "acks",
    kind: Kind::Choice(&["0", "1", "all"]),
    run: true,
    default: "all",
    doc: "the producer's `acks`",
    help: None,
    get: |p| Some(p.producer.acks.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Acks::from_id)
            .map(|a| p.producer.acks = a)
            .is_some()
    },
};

pub static MIN_ISR: Param = Param {
    name: "min-isr",
    kind: Kind::Number(wide(replication::MIN_ISR_RANGE)),
    run: true,
    default: "2",
    doc: "`min.insync.replicas`",
    help: None,
    get: |p| Some(p.min_isr.to_string()),
    set: |p, v| v.u32().map(|n| p.min_isr = n).is_some(),
};

pub static UNCLEAN: Param = Param {
    name: "unclean",
    kind: Kind::Flag,
    run: true,
    default: "0",
    doc: "`1` allows unclean leader election",
    help: None,
    get: |p| Some(u8::from(p.unclean).to_string()),
    set: |p, v| v.flag().map(|b| p.unclean = b).is_some(),
};

pub static REPLICA_ACTIONS: Param = Param {
    name: "replica-actions",
    kind: Kind::Text {
        form: "crash:B@MS, slow:B@MS, heal:B@MS",
        example: "slow:3@500,crash:1@2000",
        max_bytes: None,
    },
    run: true,
    default: "",
    doc: "what happens to which broker, when",
    help: None,
    get: |p| Some(replica_actions_text(&p.replica_actions)),
    set: |p, v| {
        v.text()
            .and_then(parse_replica_actions)
            .map(|a| p.replica_actions = a)
            .is_some()
    },
};

pub static CONSUMERS: Param = Param {
    name: "consumers",
    kind: Kind::Number(wide(rabbitmq::CONSUMERS_RANGE)),
    run: true,
    default: "3",
    doc: "competing consumers",
    help: None,
    get: |p| Some(p.rabbit_consumers.to_string()),
    set: |p, v| v.u32().map(|n| p.rabbit_consumers = n).is_some(),
};

pub static REMEDY: Param = Param {
    name: "remedy",
    kind: Kind::Choice(&["none", "single-active", "consistent-hash"]),
    run: true,
    default: "none",
    doc: "what keeps one order's messages in order",
    help: None,
    get: |p| Some(p.remedy.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(rabbitmq::Remedy::from_id)
            .map(|r| p.remedy = r)
            .is_some()
    },
};

// The disk scene's run is the same for every setting: the figures only
// change the costs the view works out, so none of them rebuilds the run.

pub static DEVICE: Param = Param {
    name: "device",
    kind: Kind::Choice(&["hdd", "nvme"]),
    run: false,
    default: "hdd",
    doc: "the device, with its illustrative figures (`seek-us`, `mb-s` follow it)",
    help: None,
    get: |p| Some(p.device.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(disk::Device::from_id)
            .map(|d| {
                p.device = d;
                p.cost = d.defaults();
            })
            .is_some()
    },
};

pub static SEEK_US: Param = Param {
    name: "seek-us",
    kind: Kind::Number(wide(disk::SEEK_US_RANGE)),
    run: false,
    default: "10000",
    doc: "one seek, µs",
    help: None,
    get: |p| Some(p.cost.seek_us.to_string()),
    set: |p, v| v.u32().map(|n| p.cost.seek_us = n).is_some(),
};

pub static MB_S: Param = Param {
    name: "mb-s",
    kind: Kind::Number(wide(disk::SEQ_MB_S_RANGE)),
    run: false,
    default: "150",
    doc: "sequential reads, MB/s",
    help: None,
    get: |p| Some(p.cost.seq_mb_s.to_string()),
    set: |p, v| v.u32().map(|n| p.cost.seq_mb_s = n).is_some(),
};

pub static RECORD_BYTES: Param = Param {
    name: "record-bytes",
    kind: Kind::Number(wide(disk::RECORD_BYTES_RANGE)),
    run: false,
    default: "1024",
    doc: "record size in bytes",
    help: None,
    get: |p| Some(p.record_bytes.to_string()),
    set: |p, v| v.u32().map(|n| p.record_bytes = n).is_some(),
};

pub static STREAMS: Param = Param {
    name: "streams",
    kind: Kind::Number(wide(disk::STREAMS_RANGE)),
    run: false,
    default: "8",
    doc: "consumers reading different partitions",
    help: None,
    get: |p| Some(p.streams.to_string()),
    set: |p, v| v.u32().map(|n| p.streams = n).is_some(),
};

static GROUP: [&Param; 6] = [
    &GROUP_PARTITIONS,
    &MEMBERS,
    &ASSIGNOR,
    &COMMIT,
    &IDEMPOTENT,
    &ACTIONS,
];

/// The group's own range: its view draws at most 32 partitions.
pub static GROUP_PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(group::PARTITIONS_RANGE)),
    run: true,
    default: "6",
    doc: "the topic's partition count",
    help: None,
    get: |p| Some(p.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.partitions = n).is_some(),
};

pub static MEMBERS: Param = Param {
    name: "members",
    kind: Kind::Number(wide(group::MEMBERS_RANGE)),
    run: true,
    default: "3",
    doc: "members at the start",
    help: None,
    get: |p| Some(p.members.to_string()),
    set: |p, v| v.u32().map(|n| p.members = n).is_some(),
};

pub static ASSIGNOR: Param = Param {
    name: "assignor",
    kind: Kind::Choice(&["range", "roundrobin", "sticky", "cooperative-sticky"]),
    run: true,
    default: "range",
    doc: "the assignor",
    help: None,
    get: |p| Some(p.assignor.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Assignor::from_id)
            .map(|a| p.assignor = a)
            .is_some()
    },
};

pub static COMMIT: Param = Param {
    name: "commit",
    kind: Kind::Choice(&["auto", "manual"]),
    run: true,
    default: "auto",
    doc: "when offsets are committed",
    help: None,
    get: |p| Some(p.commit.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(group::CommitMode::from_id)
            .map(|c| p.commit = c)
            .is_some()
    },
};

pub static IDEMPOTENT: Param = Param {
    name: "idempotent",
    kind: Kind::Flag,
    run: true,
    default: "0",
    doc: "`1` for the idempotent handler",
    help: None,
    get: |p| Some(u8::from(p.idempotent).to_string()),
    set: |p, v| v.flag().map(|b| p.idempotent = b).is_some(),
};

pub static ACTIONS: Param = Param {
    name: "actions",
    kind: Kind::Text {
        form: "add@MS, remove:ID@MS, crash:ID@MS",
        example: "add@1200,crash:consumer-2@2500",
        max_bytes: None,
    },
    run: true,
    default: "",
    doc: "the learner's member actions",
    help: None,
    get: |p| Some(actions_text(&p.actions)),
    set: |p, v| {
        v.text()
            .and_then(parse_actions)
            .map(|a| p.actions = a)
            .is_some()
    },
};

pub static MODE: Param = Param {
    name: "mode",
    kind: Kind::Choice(&["sequential", "per-message", "keyed-pool"]),
    run: true,
    default: "keyed-pool",
    doc: "how records reach the workers",
    help: None,
    get: |p| Some(p.workers.mode.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(workers::Mode::from_id)
            .map(|m| p.workers.mode = m)
            .is_some()
    },
};

pub static WORKERS: Param = Param {
    name: "workers",
    kind: Kind::Number(wide(workers::WORKERS_RANGE)),
    run: true,
    default: "8",
    doc: "worker threads",
    help: None,
    get: |p| Some(p.workers.workers.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.workers = n).is_some(),
};

pub static HASH: Param = Param {
    name: "hash",
    kind: Kind::Choice(&["fnv1a", "xxhash"]),
    run: true,
    default: "fnv1a",
    doc: "the hash that picks a key's worker",
    help: None,
    get: |p| Some(p.workers.hash.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(workers::WorkerHash::from_id)
            .map(|h| p.workers.hash = h)
            .is_some()
    },
};

pub static PROCESSING_MS: Param = Param {
    name: "processing-ms",
    kind: Kind::Number(wide(workers::PROCESSING_MS_RANGE)),
    run: true,
    default: "10",
    doc: "mean processing time per record, ms",
    help: None,
    get: |p| Some(p.workers.processing_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.processing_ms = n).is_some(),
};

pub static SKEW: Param = Param {
    name: "skew",
    kind: Kind::Number(wide(workers::SKEW_RANGE)),
    run: true,
    default: "0",
    doc: "percent of records on one hot order",
    help: None,
    get: |p| Some(p.workers.skew_pct.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.skew_pct = n).is_some(),
};

pub static FROM: Param = Param {
    name: "from",
    kind: Kind::Number(wide(repartition::PARTITIONS_RANGE)),
    run: true,
    default: "3",
    doc: "partitions before the change",
    help: None,
    get: |p| Some(p.from.to_string()),
    set: |p, v| v.u32().map(|n| p.from = n).is_some(),
};

pub static TO: Param = Param {
    name: "to",
    kind: Kind::Number(wide(repartition::PARTITIONS_RANGE)),
    run: true,
    default: "4",
    doc: "partitions after the change",
    help: None,
    get: |p| Some(p.to.to_string()),
    set: |p, v| v.u32().map(|n| p.to = n).is_some(),
};

pub static STRATEGY: Param = Param {
    name: "strategy",
    kind: Kind::Choice(&["naive", "two-phase", "new-topic"]),
    run: true,
    default: "naive",
    doc: "how the change is made",
    help: None,
    get: |p| Some(p.strategy.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(repartition::Strategy::from_id)
            .map(|s| p.strategy = s)
            .is_some()
    },
};

pub static ORDER: Param = Param {
    name: "order",
    kind: Kind::Number(1..=repartition::ORDERS as u64),
    run: false,
    default: "",
    doc: "the order whose split history is shown; without it, the first broken one",
    help: None,
    get: |p| p.focus_order.map(|n| n.to_string()),
    set: |p, v| v.u32().map(|n| p.focus_order = Some(n)).is_some(),
};
