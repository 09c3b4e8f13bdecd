//! The group scene's Go lens: a consumer group with the scene's assignor and
//! commit mode, and the handler it names.

use crate::golens::consumer::{consume, handler, GroupSettings, OnRecord};
use crate::golens::{Builder, GoLensMsg};
use crate::params::AppParams;
use crate::sim::consumer::OffsetReset;

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::AConsumerGroupAsTheGroup);
    let consumer = p.group.protocol == crate::scenes::group::model::GroupProtocol::Consumer;
    let g = GroupSettings {
        assignor: (!consumer).then_some(p.group.assignor),
        remote: consumer.then_some(p.group.remote_assignor),
        commit: p.group.commit,
        reset: Some(OffsetReset::Earliest),
        default_start: false,
    };
    consume(b, &g, OnRecord::Handle);
    handler(b, p.group.idempotent, false);
}
