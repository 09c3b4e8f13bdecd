//! The workers scene's Go lens: the keyed worker pool (or a goroutine per
//! message) as the scene runs it.

use crate::golens::consumer::{handled, GroupSettings};
use crate::golens::{Builder, GoLensMsg};
use crate::params::AppParams;

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::TheKeyedWorkerPoolAsThe);
    let w = p.workers;
    let g = GroupSettings::from_the_start();
    handled(b, &g, w.mode, w.workers, w.hash, false);
}
