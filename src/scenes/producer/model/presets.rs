//! Producer presets, and the text forms of the producer scene's faults.
//!
//! A preset is a data file under `static/presets/`: the link parameters
//! that set the scene up, one `name=value` per line. Opening
//! `?scene=producer&preset=<id>` applies the file, then any parameters the
//! link adds on top.

use crate::scenes::producer::model::{Fault, FaultKind, Outage, Workload};
use crate::sim::SimTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProducerPreset {
    Catastrophe,
    Idempotent,
    InFlight1,
    LostAck,
    Chaos,
    NewProducer,
}

impl ProducerPreset {
    pub const ALL: [ProducerPreset; 6] = [
        ProducerPreset::Catastrophe,
        ProducerPreset::Idempotent,
        ProducerPreset::NewProducer,
        ProducerPreset::InFlight1,
        ProducerPreset::LostAck,
        ProducerPreset::Chaos,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ProducerPreset::Catastrophe => "catastrophe",
            ProducerPreset::Idempotent => "idempotent",
            ProducerPreset::InFlight1 => "inflight-1",
            ProducerPreset::LostAck => "lost-ack",
            ProducerPreset::Chaos => "chaos",
            ProducerPreset::NewProducer => "new-producer",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The preset's data file as build.rs writes it: without its comments
    /// and blank lines (src/levels/strip.rs). The comments say why the
    /// preset is set up so, for the people who edit it; the app reads the
    /// pairs alone, and in the producer's and the pipeline's bundles the
    /// comments were 0.8 KB of gzip (2026-12-07).
    pub fn source(self) -> &'static str {
        macro_rules! built {
            ($name:literal) => {
                include_str!(concat!(env!("OUT_DIR"), "/presets/", $name))
            };
        }
        match self {
            ProducerPreset::Catastrophe => built!("catastrophe.preset"),
            ProducerPreset::Idempotent => built!("idempotent.preset"),
            ProducerPreset::InFlight1 => built!("inflight-1.preset"),
            ProducerPreset::LostAck => built!("lost-ack.preset"),
            ProducerPreset::Chaos => built!("chaos.preset"),
            ProducerPreset::NewProducer => built!("new-producer.preset"),
        }
    }

    /// The preset's file as written, with its comments, which the host
    /// tests read.
    #[cfg(test)]
    fn written(self) -> &'static str {
        match self {
            ProducerPreset::Catastrophe => {
                include_str!("../../../../static/presets/catastrophe.preset")
            }
            ProducerPreset::Idempotent => {
                include_str!("../../../../static/presets/idempotent.preset")
            }
            ProducerPreset::InFlight1 => {
                include_str!("../../../../static/presets/inflight-1.preset")
            }
            ProducerPreset::LostAck => include_str!("../../../../static/presets/lost-ack.preset"),
            ProducerPreset::Chaos => include_str!("../../../../static/presets/chaos.preset"),
            ProducerPreset::NewProducer => {
                include_str!("../../../../static/presets/new-producer.preset")
            }
        }
    }

    /// The file as query pairs: comments and blank lines dropped.
    pub fn pairs(self) -> impl Iterator<Item = (&'static str, &'static str)> {
        self.source()
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split_once('=').unwrap_or((l, "")))
    }
}

/// The stream workload's interval between records.
const STREAM_EVERY_MS: u32 = 2;
/// The most records a stream may have.
pub const MAX_STREAM_RECORDS: u32 = 5000;

pub fn workload_text(w: Workload) -> String {
    match w {
        Workload::Chapter => "chapter".to_owned(),
        Workload::Stream { records, .. } => format!("stream-{records}"),
    }
}

pub fn parse_workload(s: &str) -> Option<Workload> {
    if s == "chapter" {
        return Some(Workload::Chapter);
    }
    let records: u32 = s.strip_prefix("stream-")?.parse().ok()?;
    (1..=MAX_STREAM_RECORDS)
        .contains(&records)
        .then_some(Workload::Stream {
            records,
            every_ms: STREAM_EVERY_MS,
        })
}

fn fault_kind_text(k: FaultKind) -> String {
    match k {
        FaultKind::Corrupt => "corrupt".to_owned(),
        FaultKind::Disconnect => "disconnect".to_owned(),
        FaultKind::Delay { ms } => format!("delay-{ms}"),
    }
}

/// Fault names that links made before the truth pass carry, and the real
/// fault each one now opens as. A request cannot vanish alone on a TCP
/// connection, so a lost request is shown as a batch the broker refuses
/// (`CORRUPT_MESSAGE`), and a lost answer as a connection that breaks
/// after the broker wrote the batch.
pub const RENAMED_FAULTS: [(&str, &str); 2] =
    [("lose-request", "corrupt"), ("lose-response", "disconnect")];

/// The renamed fault names a `faults` value uses, each once.
pub fn renamed_faults(s: &str) -> Vec<(&'static str, &'static str)> {
    RENAMED_FAULTS
        .into_iter()
        .filter(|(old, _)| {
            s.split(',')
                .any(|item| item.split_once(':').is_some_and(|(_, w)| w == *old))
        })
        .collect()
}

/// `1.1:corrupt,2.1:delay-200`: batch.attempt:what.
pub fn faults_text(faults: &[Fault]) -> String {
    faults
        .iter()
        .map(|f| format!("{}.{}:{}", f.batch, f.attempt, fault_kind_text(f.kind)))
        .collect::<Vec<_>>()
        .join(",")
}

/// The most faults and outages a link may carry.
pub const MAX_INTERVENTIONS: usize = 200;

pub fn parse_faults(s: &str) -> Option<Vec<Fault>> {
    let mut out = Vec::new();
    for item in s.split(',').filter(|i| !i.is_empty()) {
        let (at, what) = item.split_once(':')?;
        let (batch, attempt) = at.split_once('.')?;
        let (batch, attempt): (u32, u32) = (batch.parse().ok()?, attempt.parse().ok()?);
        if batch == 0 || attempt == 0 {
            return None;
        }
        let what = RENAMED_FAULTS
            .iter()
            .find(|(old, _)| *old == what)
            .map_or(what, |(_, new)| new);
        let kind = match what {
            "corrupt" => FaultKind::Corrupt,
            "disconnect" => FaultKind::Disconnect,
            _ => FaultKind::Delay {
                ms: what
                    .strip_prefix("delay-")?
                    .parse()
                    .ok()
                    .filter(|ms| *ms <= 60_000)?,
            },
        };
        out.push(Fault {
            batch,
            attempt,
            kind,
        });
    }
    (out.len() <= MAX_INTERVENTIONS).then_some(out)
}

/// `1500+300`: down at 1500 ms for 300 ms.
pub fn outages_text(outages: &[Outage]) -> String {
    outages
        .iter()
        .map(|o| format!("{}+{}", o.at.as_millis(), o.ms))
        .collect::<Vec<_>>()
        .join(",")
}

pub fn parse_outages(s: &str) -> Option<Vec<Outage>> {
    let mut out = Vec::new();
    for item in s.split(',').filter(|i| !i.is_empty()) {
        let (at, ms) = item.split_once('+')?;
        let at: u64 = at.parse().ok()?;
        let ms: u32 = ms.parse().ok().filter(|ms| (1..=60_000).contains(ms))?;
        out.push(Outage {
            at: SimTime(at),
            ms,
        });
    }
    (out.len() <= MAX_INTERVENTIONS).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_file_is_well_formed() {
        for p in ProducerPreset::ALL {
            assert_eq!(ProducerPreset::from_id(p.id()), Some(p));
            let names: Vec<&str> = p.pairs().map(|(n, _)| n).collect();
            assert!(
                names.contains(&"workload") && names.contains(&"idempotence"),
                "{p:?}"
            );
            assert!(
                p.written()
                    .lines()
                    .next()
                    .is_some_and(|l| l.starts_with('#')),
                "{p:?} explains itself"
            );
        }
    }

    #[test]
    fn a_built_in_preset_is_its_file_without_comments() {
        for p in ProducerPreset::ALL {
            assert!(
                !p.source().contains('#') && p.source().len() < p.written().len(),
                "{p:?}: {}",
                p.source()
            );
            let written: Vec<(&str, &str)> = p
                .written()
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| l.split_once('=').unwrap_or((l, "")))
                .collect();
            assert_eq!(p.pairs().collect::<Vec<_>>(), written, "{p:?}");
        }
    }

    #[test]
    fn faults_and_outages_round_trip() {
        let faults = vec![
            Fault {
                batch: 1,
                attempt: 1,
                kind: FaultKind::Corrupt,
            },
            Fault {
                batch: 12,
                attempt: 3,
                kind: FaultKind::Disconnect,
            },
            Fault {
                batch: 2,
                attempt: 1,
                kind: FaultKind::Delay { ms: 250 },
            },
        ];
        assert_eq!(
            faults_text(&faults),
            "1.1:corrupt,12.3:disconnect,2.1:delay-250"
        );
        assert_eq!(parse_faults(&faults_text(&faults)), Some(faults.clone()));
        assert_eq!(parse_faults(""), Some(vec![]));
        // Links made before the truth pass open as the nearest real fault.
        assert_eq!(
            parse_faults("1.1:lose-request,12.3:lose-response,2.1:delay-250"),
            Some(faults)
        );
        assert_eq!(
            renamed_faults("1.1:lose-request,2.1:lose-request"),
            vec![("lose-request", "corrupt")]
        );
        assert!(renamed_faults("1.1:corrupt").is_empty());
        for bad in [
            "1:corrupt",
            "0.1:corrupt",
            "1.1:explode",
            "1.1:delay-x",
            "a.b:corrupt",
            "1.1:delay-99999999",
        ] {
            assert_eq!(parse_faults(bad), None, "{bad}");
        }
        let outages = vec![Outage {
            at: SimTime(1500),
            ms: 300,
        }];
        assert_eq!(parse_outages(&outages_text(&outages)), Some(outages));
        assert_eq!(parse_outages("5+0"), None);
        assert_eq!(
            parse_workload(&workload_text(Workload::Chapter)),
            Some(Workload::Chapter)
        );
        assert_eq!(
            parse_workload("stream-2000"),
            Some(Workload::Stream {
                records: 2000,
                every_ms: 2
            })
        );
        assert_eq!(parse_workload("stream-0"), None);
        assert_eq!(parse_workload("stream-999999"), None);
    }
}
