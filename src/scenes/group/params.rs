//! The group scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::group::model as group;
use crate::scenes::group::model::{ActionKind, MemberAction};
use crate::scenes::group::text::GroupMsg;
use crate::sim::assignor::{Assignor, ServerAssignor};

pub(crate) static PARAMS: [&Param; 10] = [
    &GROUP_PARTITIONS,
    &MEMBERS,
    &GROUP_PROTOCOL,
    &ASSIGNOR,
    &REMOTE_ASSIGNOR,
    &COMMIT,
    &IDEMPOTENT,
    &ACTIONS,
    &GO_CLIENT,
    &PART,
];

/// The group's own range: its view draws at most 32 partitions.
pub static GROUP_PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(group::PARTITIONS_RANGE)),
    run: true,
    default: "6",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the topic's partition count",
    label: Some(scene_words!(Group, GroupMsg::Partitions)),
    options: &[],
    get: |p| Some(p.group.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.group.partitions = n).is_some(),
};

pub static MEMBERS: Param = Param {
    name: "members",
    kind: Kind::Number(wide(group::MEMBERS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "members at the start",
    label: Some(scene_words!(Group, GroupMsg::Members)),
    options: &[],
    get: |p| Some(p.group.members.to_string()),
    set: |p, v| v.u32().map(|n| p.group.members = n).is_some(),
};

pub static GROUP_PROTOCOL: Param = Param {
    name: "group-protocol",
    kind: Kind::Choice(&["classic", "consumer"]),
    run: true,
    default: "classic",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the rebalance protocol, `group.protocol`: `classic` (every client's default) or `consumer` (KIP-848, Kafka 4.0+: the broker assigns, members reconcile one by one)",
    label: Some(scene_words!(Group, GroupMsg::Protocol)),
    options: &[
        ("classic", OptionText::Words(scene_words!(Group, GroupMsg::ProtocolClassic))),
        ("consumer", OptionText::Words(scene_words!(Group, GroupMsg::ProtocolConsumer))),
    ],
    get: |p| Some(p.group.protocol.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(group::GroupProtocol::from_id)
            .map(|g| p.group.protocol = g)
            .is_some()
    },
};

pub static REMOTE_ASSIGNOR: Param = Param {
    name: "remote-assignor",
    kind: Kind::Choice(&["uniform", "range"]),
    run: true,
    default: "uniform",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "with `group-protocol=consumer`, the broker's assignor, `group.remote.assignor`",
    label: Some(scene_words!(Group, GroupMsg::RemoteAssignor)),
    options: &[
        ("uniform", OptionText::Verbatim),
        ("range", OptionText::Verbatim),
    ],
    get: |p| Some(p.group.remote_assignor.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(ServerAssignor::from_id)
            .map(|a| p.group.remote_assignor = a)
            .is_some()
    },
};

pub static ASSIGNOR: Param = Param {
    name: "assignor",
    kind: Kind::Choice(&["range", "roundrobin", "sticky", "cooperative-sticky"]),
    run: true,
    default: "range",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "with `group-protocol=classic`, the client's assignor, `partition.assignment.strategy`",
    label: Some(scene_words!(Group, GroupMsg::Assignor)),
    options: &[
        ("range", OptionText::Verbatim),
        ("roundrobin", OptionText::Verbatim),
        ("sticky", OptionText::Verbatim),
        ("cooperative-sticky", OptionText::Verbatim),
    ],
    get: |p| Some(p.group.assignor.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(Assignor::from_id)
            .map(|a| p.group.assignor = a)
            .is_some()
    },
};

pub static COMMIT: Param = Param {
    name: "commit",
    kind: Kind::Choice(&["auto", "manual"]),
    run: true,
    default: "auto",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "when offsets are committed",
    label: Some(scene_words!(Group, GroupMsg::Commit)),
    options: &[
        (
            "auto",
            OptionText::Words(scene_words!(Group, GroupMsg::Auto)),
        ),
        (
            "manual",
            OptionText::Words(scene_words!(Group, GroupMsg::Manual)),
        ),
    ],
    get: |p| Some(p.group.commit.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(group::CommitMode::from_id)
            .map(|c| p.group.commit = c)
            .is_some()
    },
};

pub static IDEMPOTENT: Param = Param {
    name: "idempotent",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1` for the idempotent handler",
    label: Some(scene_words!(Group, GroupMsg::Idempotent)),
    options: &[],
    get: |p| Some(u8::from(p.group.idempotent).to_string()),
    set: |p, v| v.flag().map(|b| p.group.idempotent = b).is_some(),
};

/// A link without `actions` shows a crash between auto-commits (the
/// lesson's step 6.1 asks about it).
const DEFAULT_ACTIONS: &str = "crash:consumer-2@2500";

/// The actions a link without `actions` gets.
pub fn default_actions() -> Vec<crate::scenes::group::model::MemberAction> {
    parse_actions(DEFAULT_ACTIONS).unwrap_or_default()
}

pub static ACTIONS: Param = Param {
    name: "actions",
    kind: Kind::Text {
        form: "add@MS, remove:ID@MS, crash:ID@MS",
        example: "add@1200,crash:consumer-2@2500",
        max_bytes: None,
    },
    run: true,
    default: DEFAULT_ACTIONS,
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the learner's member actions (`actions=` for none)",
    label: Some(scene_words!(Group, GroupMsg::Actions)),
    options: &[],
    get: |p| Some(actions_text(&p.group.actions)),
    set: |p, v| {
        v.text()
            .and_then(parse_actions)
            .map(|a| p.group.actions = a)
            .is_some()
    },
};

/// The scene's own parts, beside the figure, settings and numbers every
/// scene may have.
/// Which member owned which partition, over time.
pub const TIMELINE: Part = Part::Own("timeline");

pub static PART: Param = part_param(
    &[
        Part::Figure.id(),
        Part::Settings.id(),
        Part::Numbers.id(),
        TIMELINE.id(),
        Part::Go.id(),
        Part::All.id(),
    ],
    "one part alone, for a compact embedded frame: the members `figure` with the records processed twice, the `settings`, the `numbers` (counters), the owners `timeline`, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);

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

/// Reads an `actions` value; `None` for one that is not in that form.
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
