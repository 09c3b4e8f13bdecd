//! The RabbitMQ scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::part_param;
use crate::scenes::rabbitmq::model as rabbitmq;
use crate::scenes::rabbitmq::text::RabbitMsg;

pub(crate) static PARAMS: [&Param; 4] = [&CONSUMERS, &REMEDY, &REQUEUE, &PART];

pub static CONSUMERS: Param = Param {
    name: "consumers",
    kind: Kind::Number(wide(rabbitmq::CONSUMERS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "competing consumers",
    label: Some(scene_words!(RabbitMq, RabbitMsg::Consumers)),
    options: &[],
    get: |p| Some(p.rabbitmq.consumers.to_string()),
    set: |p, v| v.u32().map(|n| p.rabbitmq.consumers = n).is_some(),
};

pub static REMEDY: Param = Param {
    name: "remedy",
    kind: Kind::Choice(&["none", "single-active", "consistent-hash"]),
    run: true,
    default: "none",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "what keeps one order's messages in order",
    label: Some(scene_words!(RabbitMq, RabbitMsg::Remedy)),
    options: &[
        (
            "none",
            OptionText::Words(scene_words!(RabbitMq, RabbitMsg::RemedyNone)),
        ),
        (
            "single-active",
            OptionText::Words(scene_words!(RabbitMq, RabbitMsg::RemedySingle)),
        ),
        (
            "consistent-hash",
            OptionText::Words(scene_words!(RabbitMq, RabbitMsg::RemedyHash)),
        ),
    ],
    get: |p| Some(p.rabbitmq.remedy.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(rabbitmq::Remedy::from_id)
            .map(|r| p.rabbitmq.remedy = r)
            .is_some()
    },
};

pub static REQUEUE: Param = Param {
    name: "requeue",
    kind: Kind::Flag,
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1`: one delivery fails once and is nacked with `requeue=true`",
    label: Some(scene_words!(RabbitMq, RabbitMsg::Requeue)),
    options: &[],
    get: |p| Some(u8::from(p.rabbitmq.requeue).to_string()),
    set: |p, v| v.flag().map(|b| p.rabbitmq.requeue = b).is_some(),
};

pub static PART: Param = part_param(
    &["figure", "settings", "all"],
    "one part alone, for a compact embedded frame: the queue and partitions `figure`, the `settings`, or `all`; without it, all (embedded: the figure)",
);
