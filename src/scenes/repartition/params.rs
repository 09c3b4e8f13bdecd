//! The repartition scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{wide, Kind, Param};
use crate::sim::scenes::repartition;

pub(crate) static PARAMS: [&Param; 4] = [&FROM, &TO, &STRATEGY, &ORDER];

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
