//! What a link carries for one scene: the scene's own parameters, as plain
//! data. Each scene's model names the type, and the registry line gives the
//! app's parameters (`params::AppParams`) one field of it per scene, beside
//! the state every scene shares; the model stays free of everything above
//! the core, and the link's machinery needs no list of scenes.

use core::fmt::Debug;
use core::hash::Hash;

/// A model's link parameters.
pub trait ModelParams {
    /// The parameters: what a link without them starts from is `Default`.
    type Params: Clone + Debug + PartialEq + Eq + Hash + Default;

    /// The parameters the run depends on: `params` with those the view
    /// alone reads set back to a fixed value, so that changing one of them
    /// redraws the figure without rebuilding the run. Every parameter by
    /// default.
    fn run_part(params: &Self::Params) -> Self::Params {
        params.clone()
    }
}
