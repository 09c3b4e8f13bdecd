//! The pipeline scene's sweep: every preset, and the happy path with its
//! knobs from the seed.

use crate::params::parse_query;
use crate::params::AppParams;
use crate::scenes::pipeline::model::{Outcome, Pipeline, Preset, Step};
use crate::scenes::sweep::*;
use crate::sim::rng::Rng;
use std::ops::Range;

/// Each partition's readable offsets are dense from 0; a record lost in
/// an unclean election had an offset the new leader gave again; every
/// moment of the trace is in time order; the happy path applies every
/// record exactly once and has no finding; a breaking preset's findings
/// are all blamed on its own stage, and it breaks on most seeds.
fn sweep_pipeline(
    name: String,
    link_for: impl Fn(u64) -> String,
    preset: Option<Preset>,
    seeds: Range<u64>,
) -> Tally {
    let mut tally = Tally::new("pipeline", name);
    for (index, seed) in seeds.enumerate() {
        let link = link_for(seed);
        let p = params(&link);
        let sim = play(
            Pipeline::new(p.pipeline),
            &link,
            seed,
            index as u64,
            |s, full| {
                if full {
                    let t: Vec<_> = s.run.trace.iter().map(|(t, _)| *t).collect();
                    assert!(
                        t.windows(2).all(|w| w[0] <= w[1]),
                        "{link}: the trace runs forward"
                    );
                }
            },
        );
        let run = &sim.model().run;
        let partitions = run.growth.map_or(run.config.partitions, |g| g.to);
        for partition in 0..partitions {
            let mut offsets: Vec<u64> = run
                .log
                .iter()
                .filter(|e| e.partition == partition && !e.truncated)
                .map(|e| e.offset)
                .collect();
            offsets.sort_unstable();
            assert!(
                offsets.iter().enumerate().all(|(i, &o)| o == i as u64),
                "{link}: partition {partition}'s offsets"
            );
        }
        for e in run.log.iter().filter(|e| e.truncated) {
            assert_eq!(e.partition, 0, "{link}: only partition 0 fails over");
            assert!(
                run.log
                    .iter()
                    .any(|o| !o.truncated && o.partition == 0 && o.offset == e.offset)
                    || run
                        .log
                        .iter()
                        .filter(|o| o.partition == 0 && !o.truncated)
                        .count() as u64
                        <= e.offset,
                "{link}: a lost offset is given again"
            );
        }
        let handled = run
            .trace
            .iter()
            .filter(|(_, s)| matches!(s, Step::Handled { .. }))
            .count();
        assert_eq!(handled, run.deliveries.len(), "{link}: every delivery ends");
        match preset.and_then(Preset::cause) {
            None => {
                assert!(run.findings.is_empty(), "{link}: {:?}", run.findings);
                let mut applied = vec![0u32; run.records.len()];
                for d in run
                    .deliveries
                    .iter()
                    .filter(|d| d.outcome == Outcome::Applied)
                {
                    applied[run.log[d.entry as usize].record as usize] += 1;
                }
                assert!(
                    applied.iter().all(|&n| n == 1),
                    "{link}: every record applied once"
                );
            }
            Some(cause) => {
                for f in &run.findings {
                    assert_eq!(f.cause, cause, "{link}: blamed on {:?}", f.cause);
                }
                tally.broke_on(
                    "a finding blamed on the preset's stage",
                    70,
                    !run.findings.is_empty(),
                );
            }
        }
        tally.seeds += 1;
    }
    tally
}

/// This scene's presets, each a job of the sweep.
pub(crate) fn jobs(seeds: Seeds) -> Vec<(String, Job)> {
    let mut jobs: Vec<(String, Job)> = Vec::new();
    for preset in Preset::ALL {
        jobs.push((
            format!("pipeline {}", preset.id()),
            Box::new(move || {
                let (query, _) = parse_query("?scene=pipeline");
                let base = AppParams {
                    pipeline: preset.config(),
                    ..query
                };
                let link = move |seed| {
                    to_link(&AppParams {
                        seed,
                        ..base.clone()
                    })
                };
                vec![sweep_pipeline(
                    preset.id().to_owned(),
                    link,
                    Some(preset),
                    seeds.range(200),
                )]
            }),
        ));
    }
    jobs.push((
        String::from("pipeline happy path, knobs from the seed"),
        Box::new(move || {
            let link = |seed: u64| {
                let mut rng = Rng::new(seed).child(u64::from_be_bytes(*b"pipeline"));
                format!(
                    "?scene=pipeline&rate={}&linger-ms={}&partitions={}&members={}&workers={}&wire-faults={}&seed={seed}",
                    50 + rng.below(451),
                    rng.below(51),
                    1 + rng.below(8),
                    1 + rng.below(4),
                    1 + rng.below(16),
                    rng.below(301),
                )
            };
            vec![sweep_pipeline(String::from("happy, knobs from the seed"), link, None, seeds.range(300))]
        }),
    ));
    jobs
}

fn to_link(p: &AppParams) -> String {
    crate::params::to_query(p)
}
