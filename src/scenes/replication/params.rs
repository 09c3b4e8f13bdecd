//! The replication scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, Param};
use crate::params::{part_param, GO_CLIENT};
use crate::scenes::producer::params::ACKS;
use crate::scenes::replication::model as replication;
use crate::scenes::replication::model::{ActionKind as ReplicaActionKind, ReplicaAction};
use crate::scenes::replication::text::ReplicationMsg;
use crate::sim::producer::Acks;

pub(crate) static PARAMS: [&Param; 6] = [
    &REPLICATION_ACKS,
    &MIN_ISR,
    &UNCLEAN,
    &REPLICA_ACTIONS,
    &GO_CLIENT,
    &PART,
];

/// `acks`, the producer's setting, which decides what the leader waits for
/// before it answers; the replication scene keeps its own.
pub static REPLICATION_ACKS: Param = Param {
    name: "acks",
    kind: Kind::Choice(&["0", "1", "all"]),
    run: true,
    default: "all",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the producer's `acks`",
    label: Some(scene_words!(Replication, ReplicationMsg::Acks)),
    options: ACKS.options,
    get: |p| Some(p.replication.acks.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Acks::from_id)
            .map(|a| p.replication.acks = a)
            .is_some()
    },
};

pub static MIN_ISR: Param = Param {
    name: "min-isr",
    kind: Kind::Number(wide(replication::MIN_ISR_RANGE)),
    run: true,
    default: "2",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`min.insync.replicas`",
    label: Some(scene_words!(Replication, ReplicationMsg::MinIsr)),
    options: &[],
    get: |p| Some(p.replication.min_isr.to_string()),
    set: |p, v| v.u32().map(|n| p.replication.min_isr = n).is_some(),
};

pub static UNCLEAN: Param = Param {
    name: "unclean",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1` allows unclean leader election",
    label: Some(scene_words!(Replication, ReplicationMsg::Unclean)),
    options: &[],
    get: |p| Some(u8::from(p.replication.unclean).to_string()),
    set: |p, v| v.flag().map(|b| p.replication.unclean = b).is_some(),
};

/// A link without `replica-actions` shows a failover: the leader crashes.
const DEFAULT_ACTIONS: &str = "crash:1@2500";

/// The actions a link without `replica-actions` gets.
pub fn default_actions() -> Vec<crate::scenes::replication::model::ReplicaAction> {
    parse_replica_actions(DEFAULT_ACTIONS).unwrap_or_default()
}

pub static REPLICA_ACTIONS: Param = Param {
    name: "replica-actions",
    kind: Kind::Text {
        form: "crash:B@MS, slow:B@MS, heal:B@MS",
        example: "slow:3@500,crash:1@2000",
        max_bytes: None,
    },
    run: true,
    default: DEFAULT_ACTIONS,
    #[cfg(not(target_arch = "wasm32"))]
    doc: "what happens to which broker, when (`replica-actions=` for nothing)",
    label: Some(scene_words!(Replication, ReplicationMsg::ReplicaActions)),
    options: &[],
    get: |p| Some(replica_actions_text(&p.replication.actions)),
    set: |p, v| {
        v.text()
            .and_then(parse_replica_actions)
            .map(|a| p.replication.actions = a)
            .is_some()
    },
};

pub static PART: Param = part_param(
    &["figure", "settings", "numbers", "go", "all"],
    "one part alone, for a compact embedded frame: the replicas `figure`, the `settings`, the `numbers` (comparison, counters, losses), the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);

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

/// Reads a `replica-actions` value; `None` for one that is not in that form.
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
