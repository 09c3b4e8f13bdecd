//! The repartition scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::repartition::model as repartition;
use crate::scenes::repartition::text::RepartitionMsg;
use crate::sim::consumer::OffsetReset;

pub(crate) static PARAMS: [&Param; 7] = [
    &FROM,
    &TO,
    &STRATEGY,
    &OFFSET_RESET,
    &ORDER,
    &GO_CLIENT,
    &PART,
];

pub static FROM: Param = Param {
    name: "from",
    kind: Kind::Number(wide(repartition::PARTITIONS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitions before the change",
    label: Some(scene_words!(Repartition, RepartitionMsg::From)),
    options: &[],
    get: |p| Some(p.repartition.from.to_string()),
    set: |p, v| v.u32().map(|n| p.repartition.from = n).is_some(),
};

pub static TO: Param = Param {
    name: "to",
    kind: Kind::Number(wide(repartition::PARTITIONS_RANGE)),
    run: true,
    default: "4",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitions after the change; in place it may only grow (`INVALID_PARTITIONS` otherwise)",
    label: Some(scene_words!(Repartition, RepartitionMsg::To)),
    options: &[],
    get: |p| Some(p.repartition.to.to_string()),
    set: |p, v| v.u32().map(|n| p.repartition.to = n).is_some(),
};

pub static STRATEGY: Param = Param {
    name: "strategy",
    kind: Kind::Choice(&["naive", "two-phase", "new-topic"]),
    run: true,
    default: "naive",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "how the change is made",
    label: Some(scene_words!(Repartition, RepartitionMsg::How)),
    options: &[
        (
            "naive",
            OptionText::Words(scene_words!(Repartition, RepartitionMsg::Naive)),
        ),
        (
            "two-phase",
            OptionText::Words(scene_words!(Repartition, RepartitionMsg::TwoPhase)),
        ),
        (
            "new-topic",
            OptionText::Words(scene_words!(Repartition, RepartitionMsg::NewTopic)),
        ),
    ],
    get: |p| Some(p.repartition.strategy.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(repartition::Strategy::from_id)
            .map(|s| p.repartition.strategy = s)
            .is_some()
    },
};

/// Earliest by default, unlike Kafka: the scene is about order, and with
/// `latest` a naive change also loses records, which the learner may ask for.
pub static OFFSET_RESET: Param = Param {
    name: "auto-offset-reset",
    kind: Kind::Choice(&["earliest", "latest"]),
    run: true,
    default: "earliest",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the group's `auto.offset.reset`, where it starts on a new partition",
    label: Some(scene_words!(Repartition, RepartitionMsg::OffsetReset)),
    options: &[
        (
            "earliest",
            OptionText::Words(scene_words!(Repartition, RepartitionMsg::ResetEarliest)),
        ),
        (
            "latest",
            OptionText::Words(scene_words!(Repartition, RepartitionMsg::ResetLatest)),
        ),
    ],
    get: |p| Some(p.repartition.offset_reset.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(OffsetReset::from_id)
            .map(|r| p.repartition.offset_reset = r)
            .is_some()
    },
};

pub static ORDER: Param = Param {
    name: "order",
    kind: Kind::Number(1..=repartition::ORDERS as u64),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the order whose split history is shown; without it, the first broken one",
    label: None,
    options: &[],
    get: |p| p.repartition.focus_order.map(|n| n.to_string()),
    set: |p, v| {
        v.u32()
            .map(|n| p.repartition.focus_order = Some(n))
            .is_some()
    },
};

/// The scene's own parts, beside the figure, settings and numbers every
/// scene may have.
/// Which keys move to another partition.
pub const KEYS: Part = Part::Own("keys");

pub static PART: Param = part_param(
    &[
        Part::Figure.id(),
        KEYS.id(),
        Part::Settings.id(),
        Part::Numbers.id(),
        Part::Compare.id(),
        Part::Go.id(),
        Part::All.id(),
    ],
    "one part alone, for a compact embedded frame: the partitions `figure`, the moved `keys`, the `settings`, the `numbers` (split history, findings, cost), the strategies `compare`, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);
