//! "What your client does": each client's outcome in the situations the
//! conformance suite runs with every client on the real broker, as the
//! model says it. Each cell names the case that runs it (CONFORMANCE.md);
//! the suite fails when the broker disagrees with a cell, so the table the
//! lens shows is the one measured.

use super::{GoClient, GoLensMsg, LostAnswerOutcome, RetryOutcome};
use crate::params::parse_query;
use crate::presets::ProducerPreset;

/// A situation: a preset's producer settings and the fault the suite
/// puts on its way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// The catastrophe's settings; a batch refused with a retriable error
    /// while the next one waits (area lens-retry).
    RetryAfterError,
    /// The lost-ack preset's settings; the answer to a written batch is
    /// lost with its connection (area lens-lost-answer).
    LostAnswer,
    /// The idempotent preset's settings, the same fault.
    LostAnswerIdempotent,
}

/// What became of the order's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Kept,
    Reordered,
    ReorderedAndResent,
    /// Written twice.
    WrittenTwice,
    /// The send reports a failure for a batch the broker has written once.
    FalseError,
    Once,
}

impl Outcome {
    pub fn msg(self) -> GoLensMsg {
        match self {
            Outcome::Kept => GoLensMsg::OutcomeKept,
            Outcome::Reordered => GoLensMsg::OutcomeReordered,
            Outcome::ReorderedAndResent => GoLensMsg::OutcomeReorderedAndResent,
            Outcome::WrittenTwice => GoLensMsg::OutcomeWrittenTwice,
            Outcome::FalseError => GoLensMsg::OutcomeFalseError,
            Outcome::Once => GoLensMsg::OutcomeOnce,
        }
    }

    /// Whether the order's records are in the log once each, in order.
    pub fn safe(self) -> bool {
        matches!(self, Outcome::Kept | Outcome::Once)
    }
}

impl Situation {
    pub const ALL: [Situation; 3] = [
        Situation::RetryAfterError,
        Situation::LostAnswer,
        Situation::LostAnswerIdempotent,
    ];

    pub fn msg(self) -> GoLensMsg {
        match self {
            Situation::RetryAfterError => GoLensMsg::SituationRetryAfterError,
            Situation::LostAnswer => GoLensMsg::SituationLostAnswer,
            Situation::LostAnswerIdempotent => GoLensMsg::SituationLostAnswerIdempotent,
        }
    }

    fn preset(self) -> ProducerPreset {
        match self {
            Situation::RetryAfterError => ProducerPreset::Catastrophe,
            Situation::LostAnswer => ProducerPreset::LostAck,
            Situation::LostAnswerIdempotent => ProducerPreset::Idempotent,
        }
    }

    /// The model's outcome for this client.
    pub fn outcome(self, client: GoClient) -> Outcome {
        let (params, _) = parse_query(&format!("?scene=producer&preset={}", self.preset().id()));
        let c = params.producer;
        match self {
            Situation::RetryAfterError => match client.retry_outcome(&c) {
                RetryOutcome::Kept => Outcome::Kept,
                RetryOutcome::Reordered => Outcome::Reordered,
                RetryOutcome::ReorderedAndResent => Outcome::ReorderedAndResent,
            },
            Situation::LostAnswer | Situation::LostAnswerIdempotent => {
                match client.lost_answer_outcome(&c) {
                    LostAnswerOutcome::Once => Outcome::Once,
                    LostAnswerOutcome::WrittenTwice => Outcome::WrittenTwice,
                    LostAnswerOutcome::FalseError => Outcome::FalseError,
                }
            }
        }
    }

    /// The conformance case that runs this cell on the broker.
    pub fn case(self, client: GoClient) -> String {
        let area = match self {
            Situation::RetryAfterError => "lens-retry",
            Situation::LostAnswer | Situation::LostAnswerIdempotent => "lens-lost-answer",
        };
        format!("{area}/{}/{}", client.id(), self.preset().id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_client_has_its_own_row_of_outcomes() {
        use GoClient::*;
        let row = |s: Situation| GoClient::ALL.map(|c| s.outcome(c));
        assert_eq!(
            row(Situation::RetryAfterError),
            [
                Outcome::ReorderedAndResent,
                Outcome::Kept,
                Outcome::Kept,
                Outcome::Reordered,
                Outcome::Reordered
            ]
        );
        // franz-go's delivery timeout (the preset's 2 s) ends the batch
        // before its metadata wait lets it go out again.
        assert_eq!(
            row(Situation::LostAnswer),
            [
                Outcome::FalseError,
                Outcome::WrittenTwice,
                Outcome::WrittenTwice,
                Outcome::WrittenTwice,
                Outcome::WrittenTwice
            ]
        );
        for c in GoClient::ALL {
            let want = if c == KafkaGo {
                Outcome::WrittenTwice
            } else {
                Outcome::Once
            };
            assert_eq!(Situation::LostAnswerIdempotent.outcome(c), want, "{c:?}");
        }
        assert_eq!(
            Situation::LostAnswer.case(FranzGo),
            "lens-lost-answer/franz-go/lost-ack"
        );
        assert_eq!(
            Situation::RetryAfterError.case(Java),
            "lens-retry/java/catastrophe"
        );
    }
}
