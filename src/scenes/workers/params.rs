//! The workers scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, OptionText, Param};
use crate::params::{part_param, Part, GO_CLIENT};
use crate::scenes::workers::model as workers;
use crate::scenes::workers::text::WorkersMsg;

pub(crate) static PARAMS: [&Param; 7] = [
    &MODE,
    &WORKERS,
    &HASH,
    &PROCESSING_MS,
    &SKEW,
    &GO_CLIENT,
    &PART,
];

pub static MODE: Param = Param {
    name: "mode",
    kind: Kind::Choice(&["sequential", "per-message", "keyed-pool"]),
    run: true,
    default: "keyed-pool",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "how records reach the workers",
    label: Some(scene_words!(Workers, WorkersMsg::Mode)),
    options: &[
        (
            "sequential",
            OptionText::Words(scene_words!(Workers, WorkersMsg::Sequential)),
        ),
        (
            "per-message",
            OptionText::Words(scene_words!(Workers, WorkersMsg::PerMessage)),
        ),
        (
            "keyed-pool",
            OptionText::Words(scene_words!(Workers, WorkersMsg::KeyedPool)),
        ),
    ],
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
    #[cfg(not(target_arch = "wasm32"))]
    doc: "worker threads",
    label: Some(scene_words!(Workers, WorkersMsg::Workers)),
    options: &[],
    get: |p| Some(p.workers.workers.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.workers = n).is_some(),
};

pub static HASH: Param = Param {
    name: "hash",
    kind: Kind::Choice(&["fnv1a", "xxhash"]),
    run: true,
    default: "fnv1a",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the hash that picks a key's worker",
    label: Some(scene_words!(Workers, WorkersMsg::Hash)),
    options: &[
        (
            "fnv1a",
            OptionText::Words(scene_words!(Workers, WorkersMsg::HashFnv1a)),
        ),
        (
            "xxhash",
            OptionText::Words(scene_words!(Workers, WorkersMsg::HashXxHash64)),
        ),
    ],
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
    #[cfg(not(target_arch = "wasm32"))]
    doc: "mean processing time per record, ms",
    label: Some(scene_words!(Workers, WorkersMsg::ProcessingMs)),
    options: &[],
    get: |p| Some(p.workers.processing_ms.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.processing_ms = n).is_some(),
};

pub static SKEW: Param = Param {
    name: "skew",
    kind: Kind::Number(wide(workers::SKEW_RANGE)),
    run: true,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "percent of records on one hot order",
    label: Some(scene_words!(Workers, WorkersMsg::Skew)),
    options: &[],
    get: |p| Some(p.workers.skew_pct.to_string()),
    set: |p, v| v.u32().map(|n| p.workers.skew_pct = n).is_some(),
};

/// The scene's own parts, beside the figure, settings and numbers every
/// scene may have.
/// Throughput by number of workers.
pub const CHART: Part = Part::Own("chart");

pub static PART: Param = part_param(
    &[
        Part::Figure.id(),
        Part::Settings.id(),
        Part::Numbers.id(),
        CHART.id(),
        Part::Go.id(),
        Part::All.id(),
    ],
    "one part alone, for a compact embedded frame: the records and workers `figure`, the `settings`, the `numbers` (counters, crash, findings), the throughput `chart`, the Go client lens `go`, or `all`; without it, all (embedded: the figure)",
);
