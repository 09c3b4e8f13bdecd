//! The app's state in the URL: parsing, validation and the shareable query.
//!
//! Every parameter is checked. A bad value never stops the app: it falls
//! back to a default (or is clamped into range) and leaves a [`ParamIssue`]
//! that the page shows, translated, naming the parameter.

use crate::presets::{
    faults_text, outages_text, parse_faults, parse_outages, parse_workload, workload_text,
    ProducerPreset,
};
use crate::sim::assignor::Assignor;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::Placement;
use crate::sim::producer::{Acks, ProducerConfig};
use crate::sim::scenes::disk::{
    CostModel, Device, RECORD_BYTES_RANGE, SEEK_US_RANGE, SEQ_MB_S_RANGE, STREAMS_RANGE,
};
use crate::sim::scenes::group::{ActionKind, CommitMode, GroupConfig, MemberAction, MEMBERS_RANGE};
use crate::sim::scenes::log::{LogSceneConfig, DEFAULT_SEGMENT_BYTES, SEGMENT_BYTES_RANGE};
use crate::sim::scenes::producer::{Fault, LinkConfig, Outage, ProducerSceneConfig, Workload};
use crate::sim::scenes::rabbitmq::{Remedy, CONSUMERS_RANGE};
use crate::sim::scenes::repartition::{RepartitionConfig, Speeds, Strategy, ORDERS};
use crate::sim::scenes::replication::{
    ActionKind as ReplicaActionKind, ReplicaAction, ReplicationConfig, MIN_ISR_RANGE,
};
use crate::sim::scenes::routing::{
    RoutingStreamConfig, StreamKeys, BATCH_SIZE_RANGE, DEFAULT_BATCH_SIZE, DEFAULT_LINGER_MS,
    DEFAULT_PARTITIONS, LINGER_MS_RANGE, PARTITIONS_RANGE,
};
use crate::sim::scenes::workers::{
    Mode, WorkerHash, WorkersConfig, PROCESSING_MS_RANGE, SKEW_RANGE, WORKERS_RANGE,
};
use std::ops::RangeInclusive;

/// The scene ids come from the scene registry.
pub use crate::scenes::SceneId;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// The course is Russian, so Russian is the default.
    #[default]
    Ru,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Ru => Lang::En,
            Lang::En => Lang::Ru,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// The course diagrams' dark palette.
    #[default]
    Dark,
    Light,
}

impl Theme {
    pub fn code(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
        }
    }
}

pub const DEFAULT_SEED: u64 = 42;
pub const DEFAULT_KEY: &str = "order-42";
/// Longest key a link may carry, in bytes: far beyond any real key, short
/// enough that hashing it on every keystroke stays instant.
pub const MAX_KEY_BYTES: usize = 100_000;
/// How many keys `order-1 … order-K` the histogram may hash.
pub const HISTOGRAM_KEYS_RANGE: RangeInclusive<u32> = 1..=100_000;
pub const DEFAULT_HISTOGRAM_KEYS: u32 = 1000;

/// Scene "routing": how the typed key is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PlacementChoice {
    #[default]
    Partitioner,
    Explicit,
    Region,
}

impl PlacementChoice {
    pub const ALL: [PlacementChoice; 3] = [
        PlacementChoice::Partitioner,
        PlacementChoice::Explicit,
        PlacementChoice::Region,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PlacementChoice::Partitioner => "partitioner",
            PlacementChoice::Explicit => "explicit",
            PlacementChoice::Region => "region",
        }
    }
}

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AppParams {
    pub scene: SceneId,
    pub lang: Lang,
    pub theme: Theme,
    pub seed: u64,
    /// Simulated milliseconds to open at; `None` opens at the start.
    pub t: Option<u64>,
    /// `embed=1`: no app chrome, for iframes in course pages.
    pub embed: bool,
    /// Scene "log": `segment.bytes`.
    pub segment_bytes: u32,
    /// Scene "routing": the typed key, and whether the key is null instead.
    pub key: String,
    pub key_null: bool,
    /// Scene "routing": the topic's partition count.
    pub partitions: u32,
    pub keyless: KeylessStrategy,
    pub batch_size: u32,
    pub linger_ms: u32,
    pub placement: PlacementChoice,
    pub explicit_partition: u32,
    pub histogram_keys: u32,
    /// Scene "producer": the preset the scene was opened with, if any.
    pub preset: Option<ProducerPreset>,
    pub producer: ProducerConfig,
    pub link: LinkConfig,
    pub workload: Workload,
    pub log_start: u64,
    /// The learner's (or the preset's) interventions, in the link.
    pub faults: Vec<Fault>,
    pub outages: Vec<Outage>,
    /// Scene "repartition": the partition count before and after, and how
    /// the change is made.
    pub from: u32,
    pub to: u32,
    pub strategy: Strategy,
    /// Scene "repartition": the order whose split history is shown, if chosen.
    pub focus_order: Option<u32>,
    /// Scene "workers".
    pub workers: WorkersConfig,
    /// Scene "group": members at the start, assignor, commit mode, the
    /// idempotent handler, and the learner's actions (in the link).
    pub members: u32,
    pub assignor: Assignor,
    pub commit: CommitMode,
    pub idempotent: bool,
    pub actions: Vec<MemberAction>,
    /// Scene "replication": `min.insync.replicas`, unclean election, and
    /// the learner's actions (acks is shared with the producer's).
    pub min_isr: u32,
    pub unclean: bool,
    pub replica_actions: Vec<ReplicaAction>,
    /// Scene "rabbitmq".
    pub rabbit_consumers: u32,
    pub remedy: Remedy,
    /// Scene "disk".
    pub device: Device,
    pub cost: CostModel,
    pub record_bytes: u32,
    pub streams: u32,
    /// The guided lesson's step (1-based), when following it.
    pub lesson: Option<u32>,
}

/// The producer scene when a link names no preset: the chapter's catastrophe.
pub const DEFAULT_PRESET: ProducerPreset = ProducerPreset::Catastrophe;

impl AppParams {
    /// What the simulation depends on: the parameters with every view-only
    /// one reset. When this changes the run is rebuilt; otherwise only the
    /// view changes.
    pub fn sim_config(&self) -> AppParams {
        AppParams {
            lang: Lang::default(),
            theme: Theme::default(),
            t: None,
            embed: false,
            key: String::new(),
            placement: PlacementChoice::default(),
            explicit_partition: 0,
            histogram_keys: 0,
            preset: None,
            focus_order: None,
            lesson: None,
            ..self.clone()
        }
    }

    /// The log scene's model settings.
    pub fn log_scene_config(&self) -> LogSceneConfig {
        LogSceneConfig {
            segment_bytes: self.segment_bytes,
        }
    }

    /// The routing stream's model settings: keyed by order id, or keyless
    /// with the chosen partitioner.
    pub fn routing_stream_config(&self) -> RoutingStreamConfig {
        RoutingStreamConfig {
            partitions: self.partitions,
            keys: if self.key_null {
                StreamKeys::Null(self.keyless)
            } else {
                StreamKeys::OrderId
            },
            batch_size: self.batch_size,
            linger_ms: self.linger_ms,
        }
    }

    /// The migration's model settings.
    pub fn repartition_config(&self) -> RepartitionConfig {
        RepartitionConfig {
            from: self.from,
            to: self.to,
            strategy: self.strategy,
            speeds: Speeds::default(),
        }
    }

    /// The group's model settings, with the member actions from the link.
    pub fn group_config(&self) -> GroupConfig {
        GroupConfig {
            partitions: self.partitions,
            members: self.members,
            assignor: self.assignor,
            commit: self.commit,
            idempotent: self.idempotent,
            actions: self.actions.clone(),
        }
    }

    /// The replication scene's model settings, with the broker actions from
    /// the link.
    pub fn replication_config(&self) -> ReplicationConfig {
        ReplicationConfig {
            acks: self.producer.acks,
            min_isr: self.min_isr,
            unclean: self.unclean,
            actions: self.replica_actions.clone(),
        }
    }

    /// The producer scene's model settings.
    pub fn producer_scene_config(&self) -> ProducerSceneConfig {
        ProducerSceneConfig {
            producer: self.producer,
            link: self.link,
            workload: self.workload,
            log_start_offset: self.log_start,
            faults: self.faults.clone(),
            outages: self.outages.clone(),
        }
    }

    /// The placement the typed key's record asks for.
    pub fn placement(&self) -> Placement {
        match self.placement {
            PlacementChoice::Partitioner => Placement::Partitioner,
            PlacementChoice::Explicit => Placement::Explicit(self.explicit_partition),
            PlacementChoice::Region => Placement::RegionPartitioner,
        }
    }
}

impl Default for AppParams {
    fn default() -> Self {
        AppParams {
            scene: SceneId::Log,
            lang: Lang::default(),
            theme: Theme::default(),
            seed: DEFAULT_SEED,
            t: None,
            embed: false,
            segment_bytes: DEFAULT_SEGMENT_BYTES,
            key: DEFAULT_KEY.to_owned(),
            key_null: false,
            partitions: DEFAULT_PARTITIONS,
            keyless: KeylessStrategy::UniformSticky,
            batch_size: DEFAULT_BATCH_SIZE,
            linger_ms: DEFAULT_LINGER_MS,
            placement: PlacementChoice::default(),
            explicit_partition: 0,
            histogram_keys: DEFAULT_HISTOGRAM_KEYS,
            preset: None,
            producer: ProducerConfig::default(),
            link: LinkConfig {
                latency_ms: 20,
                jitter_ms: 10,
                chaos_per_mille: 0,
            },
            workload: Workload::Chapter,
            log_start: 0,
            faults: Vec::new(),
            outages: Vec::new(),
            from: 3,
            to: 4,
            strategy: Strategy::Naive,
            focus_order: None,
            workers: WorkersConfig::default(),
            members: 3,
            assignor: Assignor::Range,
            commit: CommitMode::Auto,
            idempotent: false,
            actions: Vec::new(),
            min_isr: 2,
            unclean: false,
            replica_actions: Vec::new(),
            rabbit_consumers: 3,
            remedy: Remedy::None,
            device: Device::Hdd,
            cost: Device::Hdd.defaults(),
            record_bytes: 1024,
            streams: 8,
            lesson: None,
        }
    }
}

/// Something wrong with the URL, and what was done instead.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamIssue {
    UnknownScene {
        value: String,
    },
    /// The key was cut to `used` bytes.
    KeyTooLong {
        bytes: usize,
        used: usize,
    },
    NotANumber {
        name: &'static str,
        value: String,
    },
    OutOfRange {
        name: &'static str,
        value: String,
        used: u64,
    },
    BadChoice {
        name: &'static str,
        value: String,
        choices: &'static str,
    },
    Repeated {
        name: String,
    },
    UnknownParam {
        name: String,
    },
}

/// Longest value quoted back in a message: a 10,000-character parameter
/// must not turn the message into a wall of text.
const QUOTE_LIMIT: usize = 40;

fn quote(value: &str) -> String {
    let mut chars = value.chars();
    let head: String = chars.by_ref().take(QUOTE_LIMIT).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// `application/x-www-form-urlencoded` decoding, as `URLSearchParams` does:
/// `+` is a space, bad `%` escapes stay as they are, bad UTF-8 becomes U+FFFD.
pub fn decode_component(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex_value(bytes[i + 1]), hex_value(bytes[i + 2]))
            {
                (Some(high), Some(low)) => {
                    out.push(high << 4 | low);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encodes a value for a query string (unreserved bytes stay).
pub fn encode_component(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn parse_number(
    name: &'static str,
    raw: &str,
    range: std::ops::RangeInclusive<u64>,
    issues: &mut Vec<ParamIssue>,
) -> Option<u64> {
    let trimmed = raw.trim();
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        // A minus sign is a number, just out of range: clamp it to the low end.
        if let Some(rest) = digits.strip_prefix('-') {
            if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
                issues.push(ParamIssue::OutOfRange {
                    name,
                    value: quote(raw),
                    used: *range.start(),
                });
                return Some(*range.start());
            }
        }
        issues.push(ParamIssue::NotANumber {
            name,
            value: quote(raw),
        });
        return None;
    }
    // All digits: too many of them for u64 is "too large", not "not a number".
    let value = digits.parse::<u64>().unwrap_or(u64::MAX);
    let clamped = value.clamp(*range.start(), *range.end());
    if clamped != value || digits.parse::<u64>().is_err() {
        issues.push(ParamIssue::OutOfRange {
            name,
            value: quote(raw),
            used: clamped,
        });
    }
    Some(clamped)
}

fn parse_u32(
    name: &'static str,
    raw: &str,
    range: RangeInclusive<u32>,
    issues: &mut Vec<ParamIssue>,
) -> Option<u32> {
    let wide = u64::from(*range.start())..=u64::from(*range.end());
    parse_number(name, raw, wide, issues).and_then(|v| u32::try_from(v).ok())
}

fn parse_flag(name: &'static str, raw: &str, issues: &mut Vec<ParamIssue>) -> Option<bool> {
    match raw {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => {
            issues.push(ParamIssue::BadChoice {
                name,
                value: quote(raw),
                choices: "1, 0",
            });
            None
        }
    }
}

/// Reads a query string (with or without the leading `?`).
pub fn parse_query(query: &str) -> (AppParams, Vec<ParamIssue>) {
    let mut params = AppParams::default();
    let mut issues = Vec::new();
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<(String, String)> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (raw_name, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode_component(raw_name), decode_component(raw_value))
        })
        .collect();
    // A lesson step sets up its scene; the link's own parameters follow.
    let lesson_step = pairs
        .iter()
        .find(|(n, _)| n == "lesson")
        .and_then(|(_, v)| v.parse::<u32>().ok())
        .and_then(crate::lesson::step);
    let pairs: Vec<(String, String)> = match lesson_step {
        Some(step) => crate::lesson::pairs(step)
            .filter(|(n, _)| !pairs.iter().any(|(m, _)| m == n))
            .map(|(n, v)| (n.to_owned(), decode_component(v)))
            .chain(pairs.iter().cloned())
            .collect(),
        None => pairs,
    };
    // Some names mean different things per scene (batch-size), and a
    // preset sets the stage that the link's own parameters then adjust:
    // so scene and preset are read first.
    let first = |wanted: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == wanted)
            .map(|(_, v)| v.as_str())
    };
    if let Some(scene) = first("scene").and_then(SceneId::from_id) {
        params.scene = scene;
    }
    if params.scene == SceneId::Group {
        // A group needs something to share: more partitions than members.
        params.partitions = 6;
    }
    if params.scene == SceneId::Producer {
        let preset = match first("preset") {
            None => Some(DEFAULT_PRESET),
            // A preset that does not exist falls back to the default one, as
            // a link with no preset does; the message names the bad id.
            Some(id) => ProducerPreset::from_id(id).or(Some(DEFAULT_PRESET)),
        };
        if let Some(preset) = preset {
            for (name, value) in preset.pairs() {
                // The preset files are part of the app; a mistake in one is
                // caught by the tests, so their messages are not shown.
                apply(&mut params, name, value.to_owned(), &mut Vec::new());
            }
            params.preset = Some(preset);
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for (name, value) in &pairs {
        if seen.contains(&name.as_str()) {
            issues.push(ParamIssue::Repeated { name: quote(name) });
            continue;
        }
        seen.push(name);
        apply(&mut params, name, value.clone(), &mut issues);
    }
    (params, issues)
}

/// Applies one parameter, or notes why it could not be.
fn apply(params: &mut AppParams, name: &str, value: String, issues: &mut Vec<ParamIssue>) {
    let producer = params.scene == SceneId::Producer;
    match name {
        "scene" => match SceneId::from_id(&value) {
            Some(scene) => params.scene = scene,
            None => issues.push(ParamIssue::UnknownScene {
                value: quote(&value),
            }),
        },
        "lang" => match value.as_str() {
            "ru" => params.lang = Lang::Ru,
            "en" => params.lang = Lang::En,
            _ => issues.push(ParamIssue::BadChoice {
                name: "lang",
                value: quote(&value),
                choices: "ru, en",
            }),
        },
        "theme" => match value.as_str() {
            "dark" => params.theme = Theme::Dark,
            "light" => params.theme = Theme::Light,
            _ => issues.push(ParamIssue::BadChoice {
                name: "theme",
                value: quote(&value),
                choices: "dark, light",
            }),
        },
        "seed" => {
            if let Some(seed) = parse_number("seed", &value, 0..=u64::MAX, issues) {
                params.seed = seed;
            }
        }
        "t" => {
            // The scene clamps t to its own length once the run is known.
            params.t = parse_number("t", &value, 0..=u64::MAX, issues).or(params.t);
        }
        "embed" => {
            if let Some(embed) = parse_flag("embed", &value, issues) {
                params.embed = embed;
            }
        }
        "segment-bytes" => {
            if let Some(v) = parse_u32("segment-bytes", &value, SEGMENT_BYTES_RANGE, issues) {
                params.segment_bytes = v;
            }
        }
        "key" => {
            let mut key = value;
            if key.len() > MAX_KEY_BYTES {
                let mut end = MAX_KEY_BYTES;
                while !key.is_char_boundary(end) {
                    end -= 1;
                }
                issues.push(ParamIssue::KeyTooLong {
                    bytes: key.len(),
                    used: end,
                });
                key.truncate(end);
            }
            params.key = key;
        }
        "key-null" => {
            if let Some(null) = parse_flag("key-null", &value, issues) {
                params.key_null = null;
            }
        }
        "partitions" => {
            if let Some(v) = parse_u32("partitions", &value, PARTITIONS_RANGE, issues) {
                params.partitions = v;
            }
        }
        "keyless" => match KeylessStrategy::from_id(&value) {
            Some(strategy) => params.keyless = strategy,
            None => issues.push(ParamIssue::BadChoice {
                name: "keyless",
                value: quote(&value),
                choices: "round-robin, sticky, uniform-sticky",
            }),
        },
        "batch-size" => {
            if let Some(v) = parse_u32("batch-size", &value, BATCH_SIZE_RANGE, issues) {
                if producer {
                    params.producer.batch_size = v;
                } else {
                    params.batch_size = v;
                }
            }
        }
        "linger-ms" => {
            if let Some(v) = parse_u32("linger-ms", &value, LINGER_MS_RANGE, issues) {
                if producer {
                    params.producer.linger_ms = v;
                } else {
                    params.linger_ms = v;
                }
            }
        }
        "placement" => match PlacementChoice::ALL.into_iter().find(|c| c.id() == value) {
            Some(choice) => params.placement = choice,
            None => issues.push(ParamIssue::BadChoice {
                name: "placement",
                value: quote(&value),
                choices: "partitioner, explicit, region",
            }),
        },
        "explicit-partition" => {
            // Any partition may be asked for; one that does not exist is
            // the producer's error to show, not the link's.
            if let Some(v) = parse_u32("explicit-partition", &value, 0..=1000, issues) {
                params.explicit_partition = v;
            }
        }
        "keys" => {
            if let Some(v) = parse_u32("keys", &value, HISTOGRAM_KEYS_RANGE, issues) {
                params.histogram_keys = v;
            }
        }
        "preset" => {
            if ProducerPreset::from_id(&value).is_none() {
                issues.push(ParamIssue::BadChoice {
                    name: "preset",
                    value: quote(&value),
                    choices: "catastrophe, idempotent, inflight-1, lost-ack, chaos",
                });
            }
        }
        "max-in-flight" => {
            if let Some(v) = parse_u32("max-in-flight", &value, 1..=10, issues) {
                params.producer.max_in_flight = v;
            }
        }
        "retries" => {
            if let Some(v) = parse_u32("retries", &value, 0..=2_147_483_647, issues) {
                params.producer.retries = v;
            }
        }
        "retry-backoff-ms" => {
            if let Some(v) = parse_u32("retry-backoff-ms", &value, 0..=10_000, issues) {
                params.producer.retry_backoff_ms = v;
            }
        }
        "request-timeout-ms" => {
            if let Some(v) = parse_u32("request-timeout-ms", &value, 10..=60_000, issues) {
                params.producer.request_timeout_ms = v;
            }
        }
        "delivery-timeout-ms" => {
            if let Some(v) = parse_u32("delivery-timeout-ms", &value, 10..=600_000, issues) {
                params.producer.delivery_timeout_ms = v;
            }
        }
        "acks" => match Acks::from_id(&value) {
            Some(acks) => params.producer.acks = acks,
            None => issues.push(ParamIssue::BadChoice {
                name: "acks",
                value: quote(&value),
                choices: "0, 1, all",
            }),
        },
        "idempotence" => {
            if let Some(on) = parse_flag("idempotence", &value, issues) {
                params.producer.enable_idempotence = on;
            }
        }
        "latency-ms" => {
            if let Some(v) = parse_u32("latency-ms", &value, 1..=1000, issues) {
                params.link.latency_ms = v;
            }
        }
        "jitter-ms" => {
            if let Some(v) = parse_u32("jitter-ms", &value, 0..=1000, issues) {
                params.link.jitter_ms = v;
            }
        }
        "chaos" => {
            if let Some(v) = parse_u32("chaos", &value, 0..=500, issues) {
                params.link.chaos_per_mille = v;
            }
        }
        "log-start" => {
            if let Some(v) = parse_u32("log-start", &value, 0..=1_000_000, issues) {
                params.log_start = u64::from(v);
            }
        }
        "workload" => match parse_workload(&value) {
            Some(w) => params.workload = w,
            None => issues.push(ParamIssue::BadChoice {
                name: "workload",
                value: quote(&value),
                choices: "chapter, stream-N (N up to 5000)",
            }),
        },
        "faults" => match parse_faults(&value) {
            Some(f) => params.faults = f,
            None => issues.push(ParamIssue::BadChoice {
                name: "faults",
                value: quote(&value),
                choices: "B.A:lose-request | lose-response | delay-MS",
            }),
        },
        "outages" => match parse_outages(&value) {
            Some(o) => params.outages = o,
            None => issues.push(ParamIssue::BadChoice {
                name: "outages",
                value: quote(&value),
                choices: "AT+MS",
            }),
        },
        "from" => {
            if let Some(v) = parse_u32("from", &value, PARTITIONS_RANGE, issues) {
                params.from = v;
            }
        }
        "to" => {
            if let Some(v) = parse_u32("to", &value, PARTITIONS_RANGE, issues) {
                params.to = v;
            }
        }
        "strategy" => match Strategy::from_id(&value) {
            Some(s) => params.strategy = s,
            None => issues.push(ParamIssue::BadChoice {
                name: "strategy",
                value: quote(&value),
                choices: "naive, two-phase, new-topic",
            }),
        },
        "order" => {
            if let Some(v) = parse_u32("order", &value, 1..=ORDERS, issues) {
                params.focus_order = Some(v);
            }
        }
        "lesson" => match value
            .parse::<u32>()
            .ok()
            .filter(|n| crate::lesson::step(*n).is_some())
        {
            Some(n) => params.lesson = Some(n),
            None => issues.push(ParamIssue::BadChoice {
                name: "lesson",
                value: quote(&value),
                choices: "1–8",
            }),
        },
        "min-isr" => {
            if let Some(v) = parse_u32("min-isr", &value, MIN_ISR_RANGE, issues) {
                params.min_isr = v;
            }
        }
        "unclean" => {
            if let Some(on) = parse_flag("unclean", &value, issues) {
                params.unclean = on;
            }
        }
        "replica-actions" => match parse_replica_actions(&value) {
            Some(a) => params.replica_actions = a,
            None => issues.push(ParamIssue::BadChoice {
                name: "replica-actions",
                value: quote(&value),
                choices: "crash:B@MS, slow:B@MS, heal:B@MS",
            }),
        },
        "consumers" => {
            if let Some(v) = parse_u32("consumers", &value, CONSUMERS_RANGE, issues) {
                params.rabbit_consumers = v;
            }
        }
        "remedy" => match Remedy::from_id(&value) {
            Some(r) => params.remedy = r,
            None => issues.push(ParamIssue::BadChoice {
                name: "remedy",
                value: quote(&value),
                choices: "none, single-active, consistent-hash",
            }),
        },
        "device" => match Device::from_id(&value) {
            Some(d) => {
                params.device = d;
                params.cost = d.defaults();
            }
            None => issues.push(ParamIssue::BadChoice {
                name: "device",
                value: quote(&value),
                choices: "hdd, nvme",
            }),
        },
        "seek-us" => {
            if let Some(v) = parse_u32("seek-us", &value, SEEK_US_RANGE, issues) {
                params.cost.seek_us = v;
            }
        }
        "mb-s" => {
            if let Some(v) = parse_u32("mb-s", &value, SEQ_MB_S_RANGE, issues) {
                params.cost.seq_mb_s = v;
            }
        }
        "record-bytes" => {
            if let Some(v) = parse_u32("record-bytes", &value, RECORD_BYTES_RANGE, issues) {
                params.record_bytes = v;
            }
        }
        "streams" => {
            if let Some(v) = parse_u32("streams", &value, STREAMS_RANGE, issues) {
                params.streams = v;
            }
        }
        "members" => {
            if let Some(v) = parse_u32("members", &value, MEMBERS_RANGE, issues) {
                params.members = v;
            }
        }
        "assignor" => match Assignor::from_id(&value) {
            Some(a) => params.assignor = a,
            None => issues.push(ParamIssue::BadChoice {
                name: "assignor",
                value: quote(&value),
                choices: "range, roundrobin, sticky, cooperative-sticky",
            }),
        },
        "commit" => match CommitMode::from_id(&value) {
            Some(c) => params.commit = c,
            None => issues.push(ParamIssue::BadChoice {
                name: "commit",
                value: quote(&value),
                choices: "auto, manual",
            }),
        },
        "idempotent" => {
            if let Some(on) = parse_flag("idempotent", &value, issues) {
                params.idempotent = on;
            }
        }
        "actions" => match parse_actions(&value) {
            Some(a) => params.actions = a,
            None => issues.push(ParamIssue::BadChoice {
                name: "actions",
                value: quote(&value),
                choices: "add@MS, remove:ID@MS, crash:ID@MS",
            }),
        },
        "mode" => match Mode::from_id(&value) {
            Some(m) => params.workers.mode = m,
            None => issues.push(ParamIssue::BadChoice {
                name: "mode",
                value: quote(&value),
                choices: "sequential, per-message, keyed-pool",
            }),
        },
        "workers" => {
            if let Some(v) = parse_u32("workers", &value, WORKERS_RANGE, issues) {
                params.workers.workers = v;
            }
        }
        "hash" => match WorkerHash::from_id(&value) {
            Some(h) => params.workers.hash = h,
            None => issues.push(ParamIssue::BadChoice {
                name: "hash",
                value: quote(&value),
                choices: "fnv1a, xxhash",
            }),
        },
        "processing-ms" => {
            if let Some(v) = parse_u32("processing-ms", &value, PROCESSING_MS_RANGE, issues) {
                params.workers.processing_ms = v;
            }
        }
        "skew" => {
            if let Some(v) = parse_u32("skew", &value, SKEW_RANGE, issues) {
                params.workers.skew_pct = v;
            }
        }
        _ => issues.push(ParamIssue::UnknownParam { name: quote(name) }),
    }
}

/// `slow:3@500,crash:1@2000`: what happened to which broker, when.
pub fn replica_actions_text(actions: &[ReplicaAction]) -> String {
    actions
        .iter()
        .map(|a| {
            let kind = match a.kind {
                ReplicaActionKind::Crash => "crash",
                ReplicaActionKind::Slow => "slow",
                ReplicaActionKind::Heal => "heal",
            };
            format!("{kind}:{}@{}", a.broker, a.at.as_millis())
        })
        .collect::<Vec<_>>()
        .join(",")
}

pub fn parse_replica_actions(s: &str) -> Option<Vec<ReplicaAction>> {
    let mut out = Vec::new();
    for item in s.split(',').filter(|i| !i.is_empty()) {
        let (what, at) = item.rsplit_once('@')?;
        let (kind, broker) = what.split_once(':')?;
        let kind = match kind {
            "crash" => ReplicaActionKind::Crash,
            "slow" => ReplicaActionKind::Slow,
            "heal" => ReplicaActionKind::Heal,
            _ => return None,
        };
        let broker: u32 = broker.parse().ok().filter(|b| (1..=3).contains(b))?;
        let at = crate::sim::SimTime(at.parse().ok().filter(|t| *t <= 600_000)?);
        out.push(ReplicaAction { at, broker, kind });
    }
    (out.len() <= 100).then_some(out)
}

/// `add@1200,crash:consumer-2@2500,remove:consumer-1@4000`.
pub fn actions_text(actions: &[MemberAction]) -> String {
    actions
        .iter()
        .map(|a| match &a.kind {
            ActionKind::Add => format!("add@{}", a.at.as_millis()),
            ActionKind::Remove(id) => format!("remove:{id}@{}", a.at.as_millis()),
            ActionKind::Crash(id) => format!("crash:{id}@{}", a.at.as_millis()),
        })
        .collect::<Vec<_>>()
        .join(",")
}

pub fn parse_actions(s: &str) -> Option<Vec<MemberAction>> {
    let mut out = Vec::new();
    for item in s.split(',').filter(|i| !i.is_empty()) {
        let (what, at) = item.rsplit_once('@')?;
        let at = crate::sim::SimTime(at.parse().ok().filter(|t| *t <= 600_000)?);
        let valid_id = |id: &str| {
            !id.is_empty()
                && id.len() <= 40
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        };
        let kind = match what.split_once(':') {
            None if what == "add" => ActionKind::Add,
            Some(("remove", id)) if valid_id(id) => ActionKind::Remove(id.to_owned()),
            Some(("crash", id)) if valid_id(id) => ActionKind::Crash(id.to_owned()),
            _ => return None,
        };
        out.push(MemberAction { at, kind });
    }
    (out.len() <= 100).then_some(out)
}

/// The query that reproduces `params`. Defaults that are not part of the
/// state (theme, embed) are left out to keep links short.
pub fn to_query(params: &AppParams) -> String {
    let mut q = format!(
        "?scene={}&lang={}&seed={}",
        params.scene.id(),
        params.lang.code(),
        params.seed
    );
    if let Some(t) = params.t {
        q.push_str(&format!("&t={t}"));
    }
    match params.scene {
        SceneId::Log => q.push_str(&format!("&segment-bytes={}", params.segment_bytes)),
        SceneId::Routing => {
            q.push_str(&format!("&key={}", encode_component(&params.key)));
            if params.key_null {
                q.push_str("&key-null=1");
            }
            q.push_str(&format!(
                "&partitions={}&keyless={}&batch-size={}&linger-ms={}&keys={}",
                params.partitions,
                params.keyless.id(),
                params.batch_size,
                params.linger_ms,
                params.histogram_keys
            ));
            if params.placement != PlacementChoice::default() {
                q.push_str(&format!("&placement={}", params.placement.id()));
            }
            if params.placement == PlacementChoice::Explicit {
                q.push_str(&format!(
                    "&explicit-partition={}",
                    params.explicit_partition
                ));
            }
        }
        SceneId::Replication => {
            q.push_str(&format!(
                "&acks={}&min-isr={}&unclean={}&replica-actions={}",
                params.producer.acks.id(),
                params.min_isr,
                u8::from(params.unclean),
                encode_component(&replica_actions_text(&params.replica_actions))
            ));
        }
        SceneId::RabbitMq => {
            q.push_str(&format!(
                "&consumers={}&remedy={}",
                params.rabbit_consumers,
                params.remedy.id()
            ));
        }
        SceneId::Disk => {
            q.push_str(&format!(
                "&device={}&seek-us={}&mb-s={}&record-bytes={}&streams={}",
                params.device.id(),
                params.cost.seek_us,
                params.cost.seq_mb_s,
                params.record_bytes,
                params.streams
            ));
        }
        SceneId::Group => {
            q.push_str(&format!(
                "&partitions={}&members={}&assignor={}&commit={}&idempotent={}&actions={}",
                params.partitions,
                params.members,
                params.assignor.id(),
                params.commit.id(),
                u8::from(params.idempotent),
                encode_component(&actions_text(&params.actions))
            ));
        }
        SceneId::Workers => {
            let w = &params.workers;
            q.push_str(&format!(
                "&mode={}&workers={}&hash={}&processing-ms={}&skew={}",
                w.mode.id(),
                w.workers,
                w.hash.id(),
                w.processing_ms,
                w.skew_pct
            ));
        }
        SceneId::Repartition => {
            q.push_str(&format!(
                "&from={}&to={}&strategy={}",
                params.from,
                params.to,
                params.strategy.id()
            ));
            if let Some(order) = params.focus_order {
                q.push_str(&format!("&order={order}"));
            }
        }
        SceneId::Producer => {
            if let Some(preset) = params.preset {
                q.push_str(&format!("&preset={}", preset.id()));
            }
            let p = &params.producer;
            q.push_str(&format!(
                "&workload={}&log-start={}&max-in-flight={}&retries={}&idempotence={}&acks={}\
                 &batch-size={}&linger-ms={}&request-timeout-ms={}&retry-backoff-ms={}\
                 &delivery-timeout-ms={}&latency-ms={}&jitter-ms={}&chaos={}&faults={}&outages={}",
                workload_text(params.workload),
                params.log_start,
                p.max_in_flight,
                p.retries,
                u8::from(p.enable_idempotence),
                p.acks.id(),
                p.batch_size,
                p.linger_ms,
                p.request_timeout_ms,
                p.retry_backoff_ms,
                p.delivery_timeout_ms,
                params.link.latency_ms,
                params.link.jitter_ms,
                params.link.chaos_per_mille,
                encode_component(&faults_text(&params.faults)),
                encode_component(&outages_text(&params.outages)),
            ));
        }
    }
    if let Some(n) = params.lesson {
        q.push_str(&format!("&lesson={n}"));
    }
    if params.theme != Theme::default() {
        q.push_str(&format!("&theme={}", params.theme.code()));
    }
    if params.embed {
        q.push_str("&embed=1");
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_with_an_empty_query() {
        assert_eq!(parse_query(""), (AppParams::default(), vec![]));
        assert_eq!(parse_query("?"), (AppParams::default(), vec![]));
        assert_eq!(AppParams::default().lang, Lang::Ru);
    }

    #[test]
    fn reads_every_parameter() {
        let (p, issues) =
            parse_query("?scene=log&lang=en&seed=7&t=1500&embed=1&theme=light&segment-bytes=500");
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(
            p,
            AppParams {
                scene: SceneId::Log,
                lang: Lang::En,
                theme: Theme::Light,
                seed: 7,
                t: Some(1500),
                embed: true,
                segment_bytes: 500,
                ..AppParams::default()
            }
        );
    }

    #[test]
    fn round_trips_through_to_query() {
        let p = AppParams {
            lang: Lang::En,
            seed: 123,
            t: Some(42),
            embed: true,
            theme: Theme::Light,
            segment_bytes: 777,
            ..AppParams::default()
        };
        assert_eq!(parse_query(&to_query(&p)), (p, vec![]));
    }

    #[test]
    fn routing_parameters_round_trip_with_any_key() {
        for key in [
            "",
            "order-42",
            "<img src=x onerror=alert(1)>",
            "ключ 🔑",
            "a&b=c+d%",
            &"x".repeat(10_000),
        ] {
            for placement in PlacementChoice::ALL {
                let p = AppParams {
                    scene: SceneId::Routing,
                    key: key.to_owned(),
                    key_null: key.is_empty(),
                    partitions: 7,
                    keyless: KeylessStrategy::Sticky,
                    batch_size: 300,
                    linger_ms: 0,
                    placement,
                    explicit_partition: 9,
                    histogram_keys: 100_000,
                    t: Some(99),
                    ..AppParams::default()
                };
                let (back, issues) = parse_query(&to_query(&p));
                assert!(issues.is_empty(), "{issues:?}");
                let expected = AppParams {
                    explicit_partition: if placement == PlacementChoice::Explicit {
                        9
                    } else {
                        0
                    },
                    ..p
                };
                assert_eq!(back, expected);
            }
        }
    }

    #[test]
    fn routing_parameters_are_validated() {
        let (p, issues) = parse_query(
            "scene=routing&partitions=0&keyless=random&batch-size=1&linger-ms=x&keys=1000000",
        );
        assert_eq!(p.partitions, 1);
        assert_eq!(p.keyless, KeylessStrategy::UniformSticky);
        assert_eq!(p.batch_size, *BATCH_SIZE_RANGE.start());
        assert_eq!(p.linger_ms, DEFAULT_LINGER_MS);
        assert_eq!(p.histogram_keys, 100_000);
        assert_eq!(issues.len(), 5);
        let long = "й".repeat(MAX_KEY_BYTES);
        let (p, issues) = parse_query(&format!("key={}", encode_component(&long)));
        assert_eq!(p.key.len(), MAX_KEY_BYTES);
        assert!(matches!(issues[0], ParamIssue::KeyTooLong { .. }));
    }

    #[test]
    fn replication_rabbitmq_and_disk_parameters_round_trip() {
        let (p, issues) = parse_query("scene=replication&acks=1&min-isr=3&unclean=1&replica-actions=slow%3A3%40500,crash:1@2000");
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(
            (
                p.producer.acks,
                p.min_isr,
                p.unclean,
                p.replica_actions.len()
            ),
            (Acks::Leader, 3, true, 2)
        );
        assert_eq!(parse_query(&to_query(&p)).0, p);
        let (p, issues) = parse_query("scene=rabbitmq&consumers=8&remedy=consistent-hash");
        assert!(issues.is_empty());
        assert_eq!(parse_query(&to_query(&p)).0, p);
        let (p, issues) = parse_query("scene=disk&device=nvme&record-bytes=4096&streams=16");
        assert!(issues.is_empty());
        assert_eq!(p.cost, Device::Nvme.defaults());
        assert_eq!(parse_query(&to_query(&p)).0, p);
        for bad in ["crash:4@1", "boom:1@1", "crash:1@x"] {
            assert_eq!(parse_replica_actions(bad), None, "{bad}");
        }
    }

    #[test]
    fn group_parameters_round_trip() {
        let (p, issues) = parse_query("scene=group&partitions=7&members=12&assignor=cooperative-sticky&commit=manual&idempotent=1&actions=add%401200,crash%3Aconsumer-2%402500,remove:consumer-10@4000");
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(
            (p.partitions, p.members, p.assignor),
            (7, 12, Assignor::CooperativeSticky)
        );
        assert_eq!(p.actions.len(), 3);
        assert_eq!(p.actions[1].kind, ActionKind::Crash("consumer-2".into()));
        assert_eq!(parse_query(&to_query(&p)).0, p);
        let (p, _) = parse_query("scene=group");
        assert_eq!(p.partitions, 6);
        for bad in ["explode@5", "crash:@5", "add@x", "crash:<b>@1", "add"] {
            assert_eq!(parse_actions(bad), None, "{bad}");
        }
    }

    #[test]
    fn workers_parameters_round_trip() {
        let (p, issues) = parse_query(
            "scene=workers&mode=per-message&workers=64&hash=xxhash&processing-ms=25&skew=90",
        );
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(p.workers.mode, Mode::PerMessage);
        assert_eq!(
            (p.workers.workers, p.workers.hash),
            (64, WorkerHash::XxHash64)
        );
        assert_eq!(parse_query(&to_query(&p)).0, p);
        let (p, issues) = parse_query("scene=workers&mode=threads&workers=0&skew=100");
        assert_eq!(
            (p.workers.mode, p.workers.workers, p.workers.skew_pct),
            (Mode::KeyedPool, 1, 90)
        );
        assert_eq!(issues.len(), 3);
    }

    #[test]
    fn repartition_parameters_round_trip() {
        let (p, issues) = parse_query("scene=repartition&from=3&to=64&strategy=new-topic&order=7");
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(
            (p.from, p.to, p.strategy, p.focus_order),
            (3, 64, Strategy::NewTopic, Some(7))
        );
        assert_eq!(parse_query(&to_query(&p)).0, p);
        let (p, issues) = parse_query("scene=repartition&from=0&to=65&strategy=magic&order=99");
        assert_eq!((p.from, p.to, p.strategy), (1, 64, Strategy::Naive));
        assert_eq!(p.focus_order, Some(ORDERS));
        assert_eq!(issues.len(), 4);
    }

    #[test]
    fn bad_values_fall_back_and_are_named() {
        let (p, issues) = parse_query("?scene=nonsense&seed=abc");
        assert_eq!(p, AppParams::default());
        assert_eq!(
            issues,
            vec![
                ParamIssue::UnknownScene {
                    value: "nonsense".into()
                },
                ParamIssue::NotANumber {
                    name: "seed",
                    value: "abc".into()
                },
            ]
        );
    }

    #[test]
    fn numbers_are_clamped_with_a_message() {
        let (p, issues) = parse_query("segment-bytes=5&t=-3&seed=99999999999999999999999");
        assert_eq!(p.segment_bytes, *SEGMENT_BYTES_RANGE.start());
        assert_eq!(p.t, Some(0));
        assert_eq!(p.seed, u64::MAX);
        assert_eq!(issues.len(), 3);
        assert!(issues
            .iter()
            .all(|i| matches!(i, ParamIssue::OutOfRange { .. })));
        let (p, _) = parse_query("segment-bytes=99999");
        assert_eq!(p.segment_bytes, *SEGMENT_BYTES_RANGE.end());
    }

    #[test]
    fn unknown_repeated_and_malformed_parameters_are_reported() {
        let (p, issues) = parse_query("lang=en&lang=ru&foo=1&lang2&embed=yes&theme=%ZZ");
        assert_eq!(p.lang, Lang::En);
        assert!(!p.embed);
        assert_eq!(
            issues,
            vec![
                ParamIssue::Repeated {
                    name: "lang".into()
                },
                ParamIssue::UnknownParam { name: "foo".into() },
                ParamIssue::UnknownParam {
                    name: "lang2".into()
                },
                ParamIssue::BadChoice {
                    name: "embed",
                    value: "yes".into(),
                    choices: "1, 0"
                },
                ParamIssue::BadChoice {
                    name: "theme",
                    value: "%ZZ".into(),
                    choices: "dark, light"
                },
            ]
        );
    }

    #[test]
    fn long_values_are_quoted_short() {
        let long = "x".repeat(10_000);
        let (_, issues) = parse_query(&format!("scene={long}"));
        match &issues[0] {
            ParamIssue::UnknownScene { value } => assert_eq!(value.chars().count(), 41),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn decoding_matches_url_search_params() {
        assert_eq!(decode_component("a+b%20c"), "a b c");
        assert_eq!(decode_component("%F0%9F%90%9B"), "🐛");
        assert_eq!(decode_component("100%"), "100%");
        assert_eq!(decode_component("%4"), "%4");
        assert_eq!(decode_component("%C3"), "\u{fffd}");
        assert_eq!(decode_component("%3Cscript%3E"), "<script>");
        assert_eq!(encode_component("a b/ü"), "a%20b%2F%C3%BC");
        for s in ["", "order-42", "<img src=x>", "ключ 🔑", "a&b=c"] {
            assert_eq!(decode_component(&encode_component(s)), s);
        }
    }

    #[test]
    fn random_garbage_never_panics_and_always_yields_valid_params() {
        let mut rng = crate::sim::rng::Rng::new(1);
        let alphabet: Vec<char> = "=&?%+-09azAZ_.~ 🔑ключ\u{0}\u{fffd}<>\"'#/"
            .chars()
            .collect();
        for _ in 0..10_000 {
            let len = rng.below(60) as usize;
            let q: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
                .collect();
            let (p, _) = parse_query(&q);
            assert!(SEGMENT_BYTES_RANGE.contains(&p.segment_bytes));
            assert!(PARTITIONS_RANGE.contains(&p.partitions));
            assert!(p.key.len() <= MAX_KEY_BYTES);
            let (again, issues) = parse_query(&to_query(&p));
            assert_eq!(again, p, "query {q:?}");
            assert!(issues.is_empty());
        }
    }
}
