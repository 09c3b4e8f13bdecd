//! What a link carries for the producer scene: the preset it was opened
//! with, the client's settings, the network, the broker's state and the
//! learner's interventions.

use super::presets::ProducerPreset;
use super::{Fault, LinkConfig, Outage, ProducerScene, ProducerSceneConfig, Workload};
use crate::sim::producer::ProducerConfig;
use crate::sim::ModelParams;

/// The producer scene's link parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProducerParams {
    /// The preset the scene was opened with, if any.
    pub preset: Option<ProducerPreset>,
    /// The Java client's producer configs.
    pub config: ProducerConfig,
    pub link: LinkConfig,
    pub workload: Workload,
    pub log_start: u64,
    /// The broker already knows this producer.
    pub known_producer: bool,
    /// The learner's (or the preset's) interventions.
    pub faults: Vec<Fault>,
    pub outages: Vec<Outage>,
}

impl Default for ProducerParams {
    fn default() -> Self {
        ProducerParams {
            preset: None,
            config: ProducerConfig::default(),
            link: LinkConfig {
                latency_ms: 20,
                jitter_ms: 10,
                chaos_per_mille: 0,
            },
            workload: Workload::Chapter,
            log_start: 0,
            known_producer: true,
            faults: Vec::new(),
            outages: Vec::new(),
        }
    }
}

impl ProducerParams {
    /// The scene's model settings.
    pub fn scene_config(&self) -> ProducerSceneConfig {
        ProducerSceneConfig {
            producer: self.config,
            link: self.link,
            workload: self.workload,
            log_start_offset: self.log_start,
            known_producer: self.known_producer,
            faults: self.faults.clone(),
            outages: self.outages.clone(),
            script: Vec::new(),
        }
    }
}

impl ModelParams for ProducerScene {
    type Params = ProducerParams;

    /// Which preset opened the scene changes nothing in the run: its
    /// settings are in the other fields.
    fn run_part(p: &ProducerParams) -> ProducerParams {
        ProducerParams {
            preset: None,
            ..p.clone()
        }
    }
}
