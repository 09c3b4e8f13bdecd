//! The repartition scene in the app: the migration built from its link,
//! opened on its outcome.

pub mod params;
pub mod text;
pub(crate) mod view;

use super::Scene;
use crate::i18n::Summary;
use crate::params::declare::Param;
use crate::params::AppParams;
use crate::sim::producer::ConfigError;
use crate::sim::scenes::repartition::Repartition;
use crate::sim::SimTime;

impl Scene for Repartition {
    fn params() -> &'static [&'static Param] {
        &params::PARAMS
    }

    fn build(params: &AppParams) -> Result<Self, ConfigError> {
        Ok(Repartition::new(params.repartition_config()))
    }

    /// The whole stream handled: what moved and what broke is all there.
    fn opening_time(end: SimTime) -> SimTime {
        end
    }

    fn summary(&self, params: &AppParams) -> Summary {
        Summary::Repartition {
            from: params.from,
            to: params.to,
            violations: self.reorders(),
        }
    }
}
