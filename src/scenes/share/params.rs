//! The share group scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::share::model as share;
use crate::scenes::share::text::ShareMsg;

pub(crate) static PARAMS: [&Param; 10] = [
    &READS_WITH,
    &CONSUMERS,
    &PARTITIONS,
    &LOCK_DURATION_MS,
    &DELIVERY_COUNT_LIMIT,
    &RELEASE,
    &LOCK_TIMEOUT,
    &POISON,
    &GO_CLIENT,
    &PART,
];

pub static READS_WITH: Param = Param {
    name: "reads-with",
    kind: Kind::Choice(&["share", "group", "pool"]),
    run: true,
    default: "share",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the lane that is the learner's service, which a level measures: the `share` group, the consumer `group`, or the keyed worker `pool`",
    label: Some(scene_words!(Share, ShareMsg::ReadsWith)),
    options: &[
        ("share", OptionText::Words(scene_words!(Share, ShareMsg::ShareLane))),
        ("group", OptionText::Words(scene_words!(Share, ShareMsg::GroupLane))),
        ("pool", OptionText::Words(scene_words!(Share, ShareMsg::PoolLane))),
    ],
    get: |p| Some(p.share.reads_with.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(share::Lane::from_id)
            .map(|l| p.share.reads_with = l)
            .is_some()
    },
};

pub static CONSUMERS: Param = Param {
    name: "consumers",
    kind: Kind::Number(wide(share::CONSUMERS_RANGE)),
    run: true,
    default: "3",
    #[cfg(not(target_arch = "wasm32"))]
    doc:
        "consumers in each lane: the group's members, the share group's members, the pool's workers",
    label: Some(scene_words!(Share, ShareMsg::Consumers)),
    options: &[],
    get: |p| Some(p.share.consumers.to_string()),
    set: |p, v| v.u32().map(|n| p.share.consumers = n).is_some(),
};

pub static PARTITIONS: Param = Param {
    name: "partitions",
    kind: Kind::Number(wide(share::PARTITIONS_RANGE)),
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "partitions of the topic",
    label: Some(scene_words!(Share, ShareMsg::Partitions)),
    options: &[],
    get: |p| Some(p.share.partitions.to_string()),
    set: |p, v| v.u32().map(|n| p.share.partitions = n).is_some(),
};

pub static LOCK_DURATION_MS: Param = Param {
    name: "lock-duration-ms",
    kind: Kind::Number(share::LOCK_MS_RANGE),
    run: true,
    default: "30000",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the share group's `share.record.lock.duration.ms`: how long an acquired record stays with its consumer",
    label: Some(scene_words!(Share, ShareMsg::LockDuration)),
    options: &[],
    get: |p| Some(p.share.lock_ms.to_string()),
    set: |p, v| v.u64().map(|n| p.share.lock_ms = n).is_some(),
};

pub static DELIVERY_COUNT_LIMIT: Param = Param {
    name: "delivery-count-limit",
    kind: Kind::Number(wide(share::DELIVERY_LIMIT_RANGE)),
    run: true,
    default: "5",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the share group's `share.delivery.count.limit`: deliveries of a record before it is archived",
    label: Some(scene_words!(Share, ShareMsg::DeliveryLimit)),
    options: &[],
    get: |p| Some(p.share.delivery_limit.to_string()),
    set: |p, v| v.u32().map(|n| p.share.delivery_limit = n).is_some(),
};

pub static RELEASE: Param = Param {
    name: "release",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1`: one record fails once (the share consumer releases it)",
    label: Some(scene_words!(Share, ShareMsg::Release)),
    options: &[],
    get: |p| Some(u8::from(p.share.fails_once).to_string()),
    set: |p, v| v.flag().map(|b| p.share.fails_once = b).is_some(),
};

pub static LOCK_TIMEOUT: Param = Param {
    name: "lock-timeout",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1`: one record's first attempt hangs for 35 s, past the default acquisition lock",
    label: Some(scene_words!(Share, ShareMsg::LockTimeout)),
    options: &[],
    get: |p| Some(u8::from(p.share.hangs).to_string()),
    set: |p, v| v.flag().map(|b| p.share.hangs = b).is_some(),
};

pub static POISON: Param = Param {
    name: "poison",
    kind: Kind::Flag,
    run: true,
    default: "1",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1`: one record fails every time, until the delivery count limit",
    label: Some(scene_words!(Share, ShareMsg::Poison)),
    options: &[],
    get: |p| Some(u8::from(p.share.poison).to_string()),
    set: |p, v| v.flag().map(|b| p.share.poison = b).is_some(),
};

pub static PART: Param = part_param(
    &[
        Part::Figure.id(),
        Part::Settings.id(),
        Part::Go.id(),
        Part::All.id(),
    ],
    "one part alone, for a compact embedded frame: the three lanes `figure`, the `settings`, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);
