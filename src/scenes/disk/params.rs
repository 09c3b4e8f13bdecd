//! The disk scene's link parameters, declared once, in the order a
//! link writes them.

use crate::params::declare::{wide, Kind, Param};
use crate::params::part_param;
use crate::scenes::disk::model as disk;

pub(crate) static PARAMS: [&Param; 6] = [&DEVICE, &SEEK_US, &MB_S, &RECORD_BYTES, &STREAMS, &PART];

pub static DEVICE: Param = Param {
    name: "device",
    kind: Kind::Choice(&["hdd", "nvme"]),
    run: false,
    default: "hdd",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the device, with its illustrative figures (`seek-us`, `mb-s` follow it)",
    label: None,
    options: &[],
    get: |p| Some(p.disk.device.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(disk::Device::from_id)
            .map(|d| {
                p.disk.device = d;
                p.disk.cost = d.defaults();
            })
            .is_some()
    },
};

pub static SEEK_US: Param = Param {
    name: "seek-us",
    kind: Kind::Number(wide(disk::SEEK_US_RANGE)),
    run: false,
    default: "10000",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "one seek, µs",
    label: None,
    options: &[],
    get: |p| Some(p.disk.cost.seek_us.to_string()),
    set: |p, v| v.u32().map(|n| p.disk.cost.seek_us = n).is_some(),
};

pub static MB_S: Param = Param {
    name: "mb-s",
    kind: Kind::Number(wide(disk::SEQ_MB_S_RANGE)),
    run: false,
    default: "150",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "sequential reads, MB/s",
    label: None,
    options: &[],
    get: |p| Some(p.disk.cost.seq_mb_s.to_string()),
    set: |p, v| v.u32().map(|n| p.disk.cost.seq_mb_s = n).is_some(),
};

pub static RECORD_BYTES: Param = Param {
    name: "record-bytes",
    kind: Kind::Number(wide(disk::RECORD_BYTES_RANGE)),
    run: false,
    default: "1024",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "record size in bytes",
    label: None,
    options: &[],
    get: |p| Some(p.disk.record_bytes.to_string()),
    set: |p, v| v.u32().map(|n| p.disk.record_bytes = n).is_some(),
};

pub static STREAMS: Param = Param {
    name: "streams",
    kind: Kind::Number(wide(disk::STREAMS_RANGE)),
    run: false,
    default: "8",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "consumers reading different partitions",
    label: None,
    options: &[],
    get: |p| Some(p.disk.streams.to_string()),
    set: |p, v| v.u32().map(|n| p.disk.streams = n).is_some(),
};

pub static PART: Param = part_param(
    &["figure", "settings", "all"],
    "one part alone, for a compact embedded frame: the `figure` (sequential against random reads, and the page cache), the `settings`, or `all`; without it, all (embedded: the figure)",
);
