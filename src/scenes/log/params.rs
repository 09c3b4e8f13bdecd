//! The log scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{scene_words, wide, Kind, Param};
use crate::params::part_param;
use crate::scenes::log::model as log;
use crate::scenes::log::text::LogMsg;

pub(crate) static PARAMS: [&Param; 2] = [&SEGMENT_BYTES, &PART];

pub static SEGMENT_BYTES: Param = Param {
    name: "segment-bytes",
    kind: Kind::Number(wide(log::SEGMENT_BYTES_RANGE)),
    run: true,
    default: "350",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`segment.bytes`",
    label: Some(scene_words!(Log, LogMsg::SegmentBytes)),
    options: &[],
    get: |p| Some(p.log.segment_bytes.to_string()),
    set: |p, v| v.u32().map(|n| p.log.segment_bytes = n).is_some(),
};

pub static PART: Param = part_param(
    &["figure", "settings", "numbers", "all"],
    "one part alone, for a compact embedded frame: the log `figure`, the `settings` (segment.bytes), the `numbers` (counters, legend, findings), or `all`; without it, all (embedded: the figure)",
);
