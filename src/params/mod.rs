//! The app's state in the URL: parsing, validation and the shareable query.
//!
//! Every parameter is checked. A bad value never stops the app: it falls
//! back to a default (or is clamped into range) and leaves a [`ParamIssue`]
//! that the page shows, translated, naming the parameter.

pub(crate) mod codec;
pub mod declare;
mod lens;
mod link;
mod part;
mod path;
mod scene;
#[cfg(test)]
mod tests;
mod text;

pub use codec::{
    actions_text, clamp_to, encode_component, parse_actions, parse_in, parse_replica_actions,
    percent_encode, replica_actions_text,
};

use crate::presets::ProducerPreset;
use crate::scenes::disk::model::{CostModel, Device};
use crate::scenes::group::model::{CommitMode, GroupConfig, MemberAction};
use crate::scenes::log::model::{LogSceneConfig, DEFAULT_SEGMENT_BYTES};
use crate::scenes::pipeline::model::PipelineConfig;
use crate::scenes::producer::model::{Fault, LinkConfig, Outage, ProducerSceneConfig, Workload};
use crate::scenes::rabbitmq::model::Remedy;
use crate::scenes::repartition::model::{RepartitionConfig, Speeds, Strategy};
use crate::scenes::replication::model::{ReplicaAction, ReplicationConfig};
use crate::scenes::routing::model::{
    RoutingStreamConfig, StreamKeys, DEFAULT_BATCH_SIZE, DEFAULT_LINGER_MS, DEFAULT_PARTITIONS,
};
use crate::scenes::workers::model::WorkersConfig;
use crate::sim::assignor::Assignor;
use crate::sim::clients::Client;
use crate::sim::clients::GoClient;
use crate::sim::consumer::OffsetReset;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::Placement;
use crate::sim::producer::ProducerConfig;
pub use lens::{GO_CLIENT, PIPELINE_GO_CLIENT};
pub(crate) use link::keep_view;
pub use link::{preset_link, scene_link, to_query};
pub use part::{part_param, Part};
pub use path::{language_link, page_path, page_query, LESSON_PAGE};
pub use text::param_issue;

use codec::{parse_flag, parse_number, quote};
use declare::{find, Kind, Value};
use std::ops::RangeInclusive;

pub use scene::{SceneId, SceneLink};

use crate::i18n::Lang;

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
    /// Simulated milliseconds to open at; `None` opens at the scene's own
    /// moment.
    pub t: Option<u64>,
    /// With `t`: how many of the events due at `t` have happened, when a
    /// step stopped between them; `None`, all.
    pub t_events: Option<u32>,
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
    /// The part of the scene shown alone ([`AppParams::shown_part`]).
    pub part: Option<Part>,
    pub explicit_partition: u32,
    pub histogram_keys: u32,
    /// Scene "producer": the preset the scene was opened with, if any.
    pub preset: Option<ProducerPreset>,
    pub producer: ProducerConfig,
    pub link: LinkConfig,
    pub workload: Workload,
    pub log_start: u64,
    /// Scene "producer": the broker already knows this producer.
    pub known_producer: bool,
    /// The learner's (or the preset's) interventions, in the link.
    pub faults: Vec<Fault>,
    pub outages: Vec<Outage>,
    /// Scene "repartition": the partition count before and after, and how
    /// the change is made.
    pub from: u32,
    pub to: u32,
    pub strategy: Strategy,
    /// Scene "repartition": where the group starts on a new partition.
    pub offset_reset: OffsetReset,
    /// Scene "repartition": the order whose split history is shown, if chosen.
    pub focus_order: Option<u32>,
    /// Scene "workers".
    pub workers: WorkersConfig,
    /// Scene "pipeline": every stage's settings.
    pub pipeline: PipelineConfig,
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
    /// Scene "rabbitmq": one delivery fails once and is requeued.
    pub requeue: bool,
    /// Scene "disk".
    pub device: Device,
    pub cost: CostModel,
    pub record_bytes: u32,
    pub streams: u32,
    /// The guided lesson's step (1-based), when following it.
    pub lesson: Option<u32>,
    /// The challenge level (1-based) being played.
    pub level: Option<u32>,
    /// The level author's kit, when open.
    pub level_kit: Option<LevelKit>,
    /// The Go client lens: the tab shown.
    pub go_client: GoClient,
    /// Routing's "switching client": from which partitioner to which.
    pub switch_from: Client,
    pub switch_to: Client,
}

/// The level author's kit: a level file made from the page's state, or
/// a pasted one previewed and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKit {
    Make,
    Preview,
}

impl LevelKit {
    pub const ALL: [LevelKit; 2] = [LevelKit::Make, LevelKit::Preview];

    pub fn id(self) -> &'static str {
        match self {
            LevelKit::Make => "make",
            LevelKit::Preview => "preview",
        }
    }

    pub fn from_id(id: &str) -> Option<LevelKit> {
        LevelKit::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// The producer scene when a link names no preset: the chapter's catastrophe.
pub const DEFAULT_PRESET: ProducerPreset = ProducerPreset::Catastrophe;

/// The moment on screen, as a link names it: the simulated millisecond,
/// and how many of its events have happened when a step stopped between
/// two of them (`None`: all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    pub t: u64,
    pub events: Option<u32>,
}

impl AppParams {
    /// These parameters at `moment`: the link to exactly what is on
    /// screen, the same state whether it was stepped to or opened.
    pub fn at(&self, moment: Moment) -> AppParams {
        AppParams {
            t: Some(moment.t),
            t_events: moment.events,
            ..self.clone()
        }
    }

    /// What the simulation depends on: the parameters with every view-only
    /// one reset. When this changes the run is rebuilt; otherwise only the
    /// view changes.
    pub fn sim_config(&self) -> AppParams {
        AppParams {
            lang: Lang::default(),
            theme: Theme::default(),
            t: None,
            t_events: None,
            embed: false,
            key: String::new(),
            placement: PlacementChoice::default(),
            part: None,
            explicit_partition: 0,
            histogram_keys: 0,
            preset: None,
            focus_order: None,
            lesson: None,
            level: None,
            level_kit: None,
            go_client: GoClient::FranzGo,
            switch_from: Client::Sarama,
            switch_to: Client::FranzGo,
            // The disk scene's run is the same whatever the figures: they
            // only change the costs the view works out.
            device: Device::Hdd,
            cost: Device::Hdd.defaults(),
            record_bytes: 0,
            streams: 0,
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
            offset_reset: self.offset_reset,
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
            known_producer: self.known_producer,
            faults: self.faults.clone(),
            outages: self.outages.clone(),
            script: Vec::new(),
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
            t_events: None,
            embed: false,
            segment_bytes: DEFAULT_SEGMENT_BYTES,
            key: DEFAULT_KEY.to_owned(),
            key_null: false,
            partitions: DEFAULT_PARTITIONS,
            keyless: KeylessStrategy::UniformSticky,
            batch_size: DEFAULT_BATCH_SIZE,
            linger_ms: DEFAULT_LINGER_MS,
            placement: PlacementChoice::default(),
            part: None,
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
            known_producer: true,
            faults: Vec::new(),
            outages: Vec::new(),
            from: 3,
            to: 4,
            strategy: Strategy::Naive,
            offset_reset: OffsetReset::Earliest,
            focus_order: None,
            workers: WorkersConfig::default(),
            pipeline: PipelineConfig::default(),
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
            requeue: false,
            device: Device::Hdd,
            cost: Device::Hdd.defaults(),
            record_bytes: 1024,
            streams: 8,
            lesson: None,
            level: None,
            level_kit: None,
            go_client: GoClient::FranzGo,
            switch_from: Client::Sarama,
            switch_to: Client::FranzGo,
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
        choices: String,
    },
    Repeated {
        name: String,
    },
    UnknownParam {
        name: String,
    },
    /// A fault name from before the truth pass, opened as the real fault
    /// nearest to it ([`crate::presets::RENAMED_FAULTS`]).
    FaultRenamed {
        old: &'static str,
        new: &'static str,
    },
}

/// A query's pairs (with or without the leading `?`), as `URLSearchParams`
/// reads them: `+` is a space, a bad `%` escape stays as it is, bad UTF-8
/// becomes U+FFFD.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

/// Reads a scene's link (with or without the leading `?`): its scene, the
/// stage that scene starts from, then the link's parameters. A lesson step
/// or a level the link names is noted, not opened: the app opens them
/// (src/route.rs, `open_link`).
pub fn parse_query(query: &str) -> (AppParams, Vec<ParamIssue>) {
    parse_pairs(&query_pairs(query), &[])
}

/// Reads a link's `pairs` over `underlay`, the pairs of what the link opens
/// (a lesson step's): the scene and the preset are the link's, else the
/// underlay's; the underlay's pairs are the app's own and are applied
/// silently, and a bad one among the link's then leaves the underlay's
/// value, not the default, so the link the app writes back opens the same
/// state.
pub fn parse_pairs(
    pairs: &[(String, String)],
    underlay: &[(String, String)],
) -> (AppParams, Vec<ParamIssue>) {
    let mut params = AppParams::default();
    let mut issues = Vec::new();
    let first = |from: &[(String, String)], wanted: &str| {
        from.iter()
            .find(|(n, _)| n == wanted)
            .map(|(_, v)| v.clone())
    };
    let wanted = |name: &str| first(pairs, name).or_else(|| first(underlay, name));
    // Each scene declares its own parameters (a group's partitions have a
    // range of their own), and a preset sets the stage that the link's own
    // parameters then adjust: so scene and preset are read first.
    if let Some(scene) = wanted("scene").as_deref().and_then(SceneId::from_id) {
        params.scene = scene;
    }
    // A scene may start from its own stage (a group's partitions and
    // actions, the producer's preset), which the link's parameters adjust.
    let scene = params.scene;
    scene.link_start(&mut params, wanted("preset").as_deref());
    // The underlay's pairs are the app's too. A link that opens a step in
    // another scene keeps only what that scene declares, silently.
    for (name, value) in underlay {
        apply(&mut params, name, value, &mut Vec::new());
    }
    apply_once(&mut params, pairs, &mut issues);
    (params, issues)
}

/// Applies a link's own pairs on top of `params`, each as its scene
/// declares it: a name given again is an issue, and its first value counts.
pub fn apply_once<'a>(
    params: &mut AppParams,
    pairs: impl IntoIterator<Item = &'a (String, String)>,
    issues: &mut Vec<ParamIssue>,
) {
    let mut seen: Vec<&str> = Vec::new();
    for (name, value) in pairs {
        if seen.contains(&name.as_str()) {
            issues.push(ParamIssue::Repeated { name: quote(name) });
            continue;
        }
        seen.push(name);
        apply(params, name, value, issues);
    }
}

/// Applies a query's pairs (a level's solution, a pinned setting) on top
/// of `params`, each as its scene declares it; the messages they give.
pub fn apply_pairs(params: &mut AppParams, query: &str) -> Vec<ParamIssue> {
    let mut issues = Vec::new();
    for (name, value) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        apply(params, &name, &value, &mut issues);
    }
    issues
}

/// Applies one parameter as its scene declares it, or notes why it could
/// not be.
pub(crate) fn apply(params: &mut AppParams, name: &str, value: &str, issues: &mut Vec<ParamIssue>) {
    let Some(param) = find(params.scene, name) else {
        issues.push(ParamIssue::UnknownParam { name: quote(name) });
        return;
    };
    let accepted = match &param.kind {
        Kind::Number(range) => match parse_number(param.name, value, range.clone(), issues) {
            Some(n) => (param.set)(params, Value::Number(n)),
            None => return,
        },
        Kind::Flag => match parse_flag(param.name, value, issues) {
            Some(b) => (param.set)(params, Value::Flag(b)),
            None => return,
        },
        Kind::Text {
            max_bytes: Some(max),
            ..
        } if value.len() > *max => {
            let mut end = *max;
            while !value.is_char_boundary(end) {
                end -= 1;
            }
            issues.push(ParamIssue::KeyTooLong {
                bytes: value.len(),
                used: end,
            });
            (param.set)(params, Value::Text(&value[..end]))
        }
        Kind::Choice(_) | Kind::Text { .. } => (param.set)(params, Value::Text(value)),
    };
    if accepted && param.name == "faults" {
        issues.extend(
            crate::presets::renamed_faults(value)
                .into_iter()
                .map(|(old, new)| ParamIssue::FaultRenamed { old, new }),
        );
    }
    if !accepted {
        issues.push(if param.name == "scene" {
            ParamIssue::UnknownScene {
                value: quote(value),
            }
        } else {
            ParamIssue::BadChoice {
                name: param.name,
                value: quote(value),
                choices: param.choices_text(),
            }
        });
    }
}
