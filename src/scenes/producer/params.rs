//! The producer scene's parameters: the preset, then the settings named as
//! in Kafka, the network, and the learner's interventions. Without a
//! `preset` the link opens [`DEFAULT_PRESET`], so the defaults here
//! are that preset's values.

use crate::params::declare::{scene_words, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::pipeline::text::PipelineMsg;
use crate::scenes::producer::model::presets::{
    faults_text, outages_text, parse_faults, parse_outages, parse_workload, workload_text,
    ProducerPreset,
};
use crate::scenes::producer::text::ProducerMsg;
use crate::scenes::replication::text::ReplicationMsg;
use crate::sim::producer::Acks;

pub(crate) static PARAMS: [&Param; 21] = [
    &PRESET,
    &WORKLOAD,
    &LOG_START,
    &KNOWN_PRODUCER,
    &MAX_IN_FLIGHT,
    &RETRIES,
    &IDEMPOTENCE,
    &ACKS,
    &BATCH_SIZE,
    &LINGER_MS,
    &REQUEST_TIMEOUT_MS,
    &RETRY_BACKOFF_MS,
    &RETRY_BACKOFF_MAX_MS,
    &DELIVERY_TIMEOUT_MS,
    &LATENCY_MS,
    &JITTER_MS,
    &CHAOS,
    &FAULTS,
    &OUTAGES,
    &GO_CLIENT,
    &PART,
];

/// The producer scene when a link names no preset: the chapter's catastrophe.
pub const DEFAULT_PRESET: ProducerPreset = ProducerPreset::Catastrophe;

pub static PRESET: Param = Param {
    name: "preset",
    kind: Kind::Choice(&[
        "catastrophe",
        "idempotent",
        "new-producer",
        "inflight-1",
        "lost-ack",
        "chaos",
    ]),
    run: false,
    default: "catastrophe",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the preset that sets the stage (files in `static/presets/`); the link's own settings follow it",
    label: None,
    options: &[],
    get: |p| p.producer.preset.map(|preset| preset.id().to_owned()),
    // The parser applies the preset's settings before anything else, since
    // the link's own parameters adjust them; here it is only named.
    set: |p, v| {
        v.text()
            .and_then(ProducerPreset::from_id)
            .map(|preset| p.producer.preset = Some(preset))
            .is_some()
    },
};

pub static WORKLOAD: Param = Param {
    name: "workload",
    kind: Kind::Text {
        form: "chapter, stream-N (N up to 5000)",
        example: "stream-100",
        max_bytes: None,
    },
    run: true,
    default: "chapter",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the chapter's records, or a stream of N",
    label: Some(scene_words!(Producer, ProducerMsg::LabelWorkload)),
    options: &[],
    get: |p| Some(workload_text(p.producer.workload)),
    set: |p, v| {
        v.text()
            .and_then(parse_workload)
            .map(|w| p.producer.workload = w)
            .is_some()
    },
};

pub static LOG_START: Param = Param {
    name: "log-start",
    kind: Kind::Number(0..=1_000_000),
    run: true,
    default: "100",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the log's first offset",
    label: Some(scene_words!(Producer, ProducerMsg::LabelLogStart)),
    options: &[],
    get: |p| Some(p.producer.log_start.to_string()),
    set: |p, v| v.u64().map(|n| p.producer.log_start = n).is_some(),
};

pub static KNOWN_PRODUCER: Param = Param {
    name: "known-producer",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "whether this producer wrote the records before `log-start` itself, so the broker knows its id and last sequence",
    label: Some(scene_words!(Producer, ProducerMsg::LabelKnownProducer)),
    options: &[],
    get: |p| Some(if p.producer.known_producer { "1" } else { "0" }.to_owned()),
    set: |p, v| v.flag().map(|b| p.producer.known_producer = b).is_some(),
};

pub static MAX_IN_FLIGHT: Param = Param {
    name: "max-in-flight",
    kind: Kind::Number(1..=10),
    run: true,
    default: "5",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`max.in.flight.requests.per.connection`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelMaxInFlight)),
    options: &[],
    get: |p| Some(p.producer.config.max_in_flight.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.config.max_in_flight = n)
            .is_some()
    },
};

pub static RETRIES: Param = Param {
    name: "retries",
    kind: Kind::Number(0..=2_147_483_647),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`retries`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelRetries)),
    options: &[],
    get: |p| Some(p.producer.config.retries.to_string()),
    set: |p, v| v.u32().map(|n| p.producer.config.retries = n).is_some(),
};

pub static IDEMPOTENCE: Param = Param {
    name: "idempotence",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`enable.idempotence`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelIdempotence)),
    options: &[],
    get: |p| Some(u8::from(p.producer.config.enable_idempotence).to_string()),
    set: |p, v| {
        v.flag()
            .map(|b| p.producer.config.enable_idempotence = b)
            .is_some()
    },
};

pub static ACKS: Param = Param {
    name: "acks",
    kind: Kind::Choice(&["0", "1", "all"]),
    run: true,
    default: "all",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`acks`",
    label: Some(scene_words!(Producer, ReplicationMsg::Acks)),
    options: &[
        ("0", OptionText::Verbatim),
        ("1", OptionText::Verbatim),
        ("all", OptionText::Verbatim),
    ],
    get: |p| Some(p.producer.config.acks.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Acks::from_id)
            .map(|a| p.producer.config.acks = a)
            .is_some()
    },
};

pub static BATCH_SIZE: Param = Param {
    name: "batch-size",
    kind: Kind::Number(64..=16384),
    run: true,
    default: "16384",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`batch.size` in bytes",
    label: Some(scene_words!(Producer, ProducerMsg::LabelBatchSize)),
    options: &[],
    get: |p| Some(p.producer.config.batch_size.to_string()),
    set: |p, v| v.u32().map(|n| p.producer.config.batch_size = n).is_some(),
};

pub static LINGER_MS: Param = Param {
    name: "linger-ms",
    kind: Kind::Number(0..=500),
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`linger.ms`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelLinger)),
    options: &[],
    get: |p| Some(p.producer.config.linger_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.producer.config.linger_ms = n).is_some(),
};

pub static REQUEST_TIMEOUT_MS: Param = Param {
    name: "request-timeout-ms",
    kind: Kind::Number(10..=60_000),
    run: true,
    default: "300",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`request.timeout.ms`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelRequestTimeout)),
    options: &[],
    get: |p| Some(p.producer.config.request_timeout_ms.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.config.request_timeout_ms = n)
            .is_some()
    },
};

pub static RETRY_BACKOFF_MS: Param = Param {
    name: "retry-backoff-ms",
    kind: Kind::Number(0..=10_000),
    run: true,
    default: "100",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`retry.backoff.ms`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelRetryBackoff)),
    options: &[],
    get: |p| Some(p.producer.config.retry_backoff_ms.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.config.retry_backoff_ms = n)
            .is_some()
    },
};

pub static RETRY_BACKOFF_MAX_MS: Param = Param {
    name: "retry-backoff-max-ms",
    kind: Kind::Number(0..=60_000),
    run: true,
    default: "1000",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`retry.backoff.max.ms`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelRetryBackoffMax)),
    options: &[],
    get: |p| Some(p.producer.config.retry_backoff_max_ms.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.config.retry_backoff_max_ms = n)
            .is_some()
    },
};

pub static DELIVERY_TIMEOUT_MS: Param = Param {
    name: "delivery-timeout-ms",
    kind: Kind::Number(10..=600_000),
    run: true,
    default: "2000",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`delivery.timeout.ms`",
    label: Some(scene_words!(Producer, ProducerMsg::LabelDeliveryTimeout)),
    options: &[],
    get: |p| Some(p.producer.config.delivery_timeout_ms.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.config.delivery_timeout_ms = n)
            .is_some()
    },
};

pub static LATENCY_MS: Param = Param {
    name: "latency-ms",
    kind: Kind::Number(1..=1000),
    run: true,
    default: "20",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "one-way network latency, ms",
    label: Some(scene_words!(Producer, ProducerMsg::LabelLatency)),
    options: &[],
    get: |p| Some(p.producer.link.latency_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.producer.link.latency_ms = n).is_some(),
};

pub static JITTER_MS: Param = Param {
    name: "jitter-ms",
    kind: Kind::Number(0..=1000),
    run: true,
    default: "10",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the seeded jitter on top, ms",
    label: Some(scene_words!(Producer, ProducerMsg::LabelJitter)),
    options: &[],
    get: |p| Some(p.producer.link.jitter_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.producer.link.jitter_ms = n).is_some(),
};

pub static CHAOS: Param = Param {
    name: "chaos",
    kind: Kind::Number(0..=500),
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "requests per thousand that arrive damaged or break their connection after the write",
    label: Some(scene_words!(Producer, PipelineMsg::Faults)),
    options: &[],
    get: |p| Some(p.producer.link.chaos_per_mille.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.producer.link.chaos_per_mille = n)
            .is_some()
    },
};

pub static FAULTS: Param = Param {
    name: "faults",
    kind: Kind::Text {
        form: "B.A:corrupt | disconnect | delay-MS",
        example: "2.1:delay-200",
        max_bytes: None,
    },
    run: true,
    default: "1.1:corrupt",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "faults on batch B's attempt A",
    label: Some(scene_words!(Producer, ProducerMsg::LabelFaults)),
    options: &[],
    get: |p| Some(faults_text(&p.producer.faults)),
    set: |p, v| {
        v.text()
            .and_then(parse_faults)
            .map(|f| p.producer.faults = f)
            .is_some()
    },
};

pub static OUTAGES: Param = Param {
    name: "outages",
    kind: Kind::Text {
        form: "AT+MS",
        example: "1500+300",
        max_bytes: None,
    },
    run: true,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "network outages: from AT, MS long",
    label: Some(scene_words!(Producer, ProducerMsg::LabelOutages)),
    options: &[],
    get: |p| Some(outages_text(&p.producer.outages)),
    set: |p, v| {
        v.text()
            .and_then(parse_outages)
            .map(|o| p.producer.outages = o)
            .is_some()
    },
};

/// The scene's own parts, beside the figure, settings and numbers every
/// scene may have.
/// The request-by-request sequence diagram.
pub const DIAGRAM: Part = Part::Own("diagram");

pub static PART: Param = part_param(
    &[
        Part::Figure.id(),
        Part::Settings.id(),
        Part::Numbers.id(),
        DIAGRAM.id(),
        Part::Compare.id(),
        Part::Go.id(),
        Part::All.id(),
    ],
    "one part alone, for a compact embedded frame: the presets and the wire `figure`, the `settings`, the `numbers` (counters, findings, interventions), the sequence `diagram`, the `compare` panels, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);

/// The producer form's help text for a setting, where it has one. It is
/// looked up here, beside the form, and not declared with the setting: a
/// declaration is reachable from every scene's bundle (a link may name any
/// setting), and its words would go with it.
pub fn help(param: &Param) -> Option<ProducerMsg> {
    let helps: [(&Param, ProducerMsg); 14] = [
        (&KNOWN_PRODUCER, ProducerMsg::HelpKnownProducer),
        (&MAX_IN_FLIGHT, ProducerMsg::HelpMaxInFlight),
        (&RETRIES, ProducerMsg::HelpRetries),
        (&IDEMPOTENCE, ProducerMsg::HelpIdempotence),
        (&ACKS, ProducerMsg::HelpAcks),
        (&BATCH_SIZE, ProducerMsg::HelpBatchSize),
        (&LINGER_MS, ProducerMsg::HelpLinger),
        (&REQUEST_TIMEOUT_MS, ProducerMsg::HelpRequestTimeout),
        (&RETRY_BACKOFF_MS, ProducerMsg::HelpRetryBackoff),
        (&RETRY_BACKOFF_MAX_MS, ProducerMsg::HelpRetryBackoffMax),
        (&DELIVERY_TIMEOUT_MS, ProducerMsg::HelpDeliveryTimeout),
        (&LATENCY_MS, ProducerMsg::HelpLink),
        (&JITTER_MS, ProducerMsg::HelpLink),
        (&CHAOS, ProducerMsg::HelpLink),
    ];
    helps
        .into_iter()
        .find(|(p, _)| std::ptr::eq(*p, param))
        .map(|(_, h)| h)
}
