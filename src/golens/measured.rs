//! "What your client does": each client's outcome in the situations the
//! conformance suite runs with every client on the real broker, as the
//! model says it. Each cell names the case that runs it (CONFORMANCE.md);
//! the suite fails when the broker disagrees with a cell, so the table the
//! lens shows is the one measured.

use super::{GoClient, GoLensMsg, LostAnswerOutcome, RetryOutcome};
use crate::params::{parse_query, SceneId};
use crate::scenes::producer::model::presets::ProducerPreset;

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
    /// The group scene's program with auto commit; one of two members is
    /// killed with SIGKILL while it handles a record (area lens-consumer).
    CrashAutoCommit,
    /// The same with the lens's manual commit.
    CrashManualCommit,
    /// The workers scene's keyed pool, its loop committing what it handed
    /// on; the same kill.
    CrashKeyedPool,
    /// The group scene's program with auto commit; one member alone in the
    /// group holds a record when a second member joins, and the group
    /// rebalances (area lens-consumer). A join rather than a member
    /// leaving: the printed loops run until they are killed, so none of
    /// them ever leaves the group gracefully.
    RebalanceAutoCommit,
    /// The same with the lens's manual commit.
    RebalanceManualCommit,
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
    /// The member that takes the partition over handles again everything
    /// the dead one, or the one that lost it, took in its last poll.
    PollHandledTwice,
    /// It handles again only the record that was in flight.
    RecordHandledTwice,
    /// What was handed on to workers and not finished is never handled.
    HandedOnLost,
    /// The rebalance waits for the loop to finish the record and commit:
    /// nothing is handled twice, and the group consumes nothing meanwhile.
    RebalanceWaits,
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
            Outcome::PollHandledTwice => GoLensMsg::OutcomePollHandledTwice,
            Outcome::RecordHandledTwice => GoLensMsg::OutcomeRecordHandledTwice,
            Outcome::HandedOnLost => GoLensMsg::OutcomeHandedOnLost,
            Outcome::RebalanceWaits => GoLensMsg::OutcomeRebalanceWaits,
        }
    }

    /// Whether nothing is lost or reordered: the log holds the order's
    /// records once each, in order, or a consumer handles each at least
    /// once (a handler that may see a record again is the chapter's
    /// at-least-once, not a loss).
    pub fn safe(self) -> bool {
        matches!(
            self,
            Outcome::Kept
                | Outcome::Once
                | Outcome::PollHandledTwice
                | Outcome::RecordHandledTwice
                | Outcome::RebalanceWaits
        )
    }
}

impl Situation {
    pub const ALL: [Situation; 8] = [
        Situation::RetryAfterError,
        Situation::LostAnswer,
        Situation::LostAnswerIdempotent,
        Situation::CrashAutoCommit,
        Situation::CrashManualCommit,
        Situation::CrashKeyedPool,
        Situation::RebalanceAutoCommit,
        Situation::RebalanceManualCommit,
    ];

    /// Whether the lens of `scene` shows this row: a producer's rows where
    /// a producer program is on screen, a consumer's where a consumer is.
    pub fn shown_in(self, scene: SceneId) -> bool {
        let producer = matches!(
            self,
            Situation::RetryAfterError | Situation::LostAnswer | Situation::LostAnswerIdempotent
        );
        match super::measured_rows(scene) {
            super::MeasuredRows::Producer => producer,
            super::MeasuredRows::Consumer => !producer,
            super::MeasuredRows::Both => true,
            super::MeasuredRows::None => false,
        }
    }

    pub fn msg(self) -> GoLensMsg {
        match self {
            Situation::RetryAfterError => GoLensMsg::SituationRetryAfterError,
            Situation::LostAnswer => GoLensMsg::SituationLostAnswer,
            Situation::LostAnswerIdempotent => GoLensMsg::SituationLostAnswerIdempotent,
            Situation::CrashAutoCommit => GoLensMsg::SituationCrashAutoCommit,
            Situation::CrashManualCommit => GoLensMsg::SituationCrashManualCommit,
            Situation::CrashKeyedPool => GoLensMsg::SituationCrashKeyedPool,
            Situation::RebalanceAutoCommit => GoLensMsg::SituationRebalanceAutoCommit,
            Situation::RebalanceManualCommit => GoLensMsg::SituationRebalanceManualCommit,
        }
    }

    /// The preset whose producer settings the row runs with; `None` for a
    /// consumer's row.
    fn preset(self) -> Option<ProducerPreset> {
        match self {
            Situation::RetryAfterError => Some(ProducerPreset::Catastrophe),
            Situation::LostAnswer => Some(ProducerPreset::LostAck),
            Situation::LostAnswerIdempotent => Some(ProducerPreset::Idempotent),
            Situation::CrashAutoCommit
            | Situation::CrashManualCommit
            | Situation::CrashKeyedPool
            | Situation::RebalanceAutoCommit
            | Situation::RebalanceManualCommit => None,
        }
    }

    /// The model's outcome for this client. A member's loop that handles
    /// each record itself commits what it handled, or has it auto-committed,
    /// a poll at a time or a record at a time
    /// ([`GoClient::loop_takes_a_poll`]): the one taking the partition over
    /// starts again after the last commit. A loop that hands records on
    /// commits what it handed on: the workers scene's naive commit. A
    /// rebalance that waits for the loop ([`GoClient::rebalance_waits_for_the_loop`])
    /// lets it finish and commit first; one that does not takes the
    /// partition where a crash would.
    pub fn outcome(self, client: GoClient) -> Outcome {
        let settings = |preset: ProducerPreset| {
            parse_query(&format!("?scene=producer&preset={}", preset.id()))
                .0
                .producer
                .config
        };
        match (self, self.preset()) {
            (Situation::RetryAfterError, Some(p)) => match client.retry_outcome(&settings(p)) {
                RetryOutcome::Kept => Outcome::Kept,
                RetryOutcome::Reordered => Outcome::Reordered,
                RetryOutcome::ReorderedAndResent => Outcome::ReorderedAndResent,
            },
            (_, Some(p)) => match client.lost_answer_outcome(&settings(p)) {
                LostAnswerOutcome::Once => Outcome::Once,
                LostAnswerOutcome::WrittenTwice => Outcome::WrittenTwice,
                LostAnswerOutcome::FalseError => Outcome::FalseError,
            },
            (Situation::CrashKeyedPool, None) => Outcome::HandedOnLost,
            (Situation::RebalanceAutoCommit | Situation::RebalanceManualCommit, None)
                if client.rebalance_waits_for_the_loop() =>
            {
                Outcome::RebalanceWaits
            }
            (_, None) if client.loop_takes_a_poll() => Outcome::PollHandledTwice,
            (_, None) => Outcome::RecordHandledTwice,
        }
    }

    /// The conformance case that runs this cell on the broker.
    pub fn case(self, client: GoClient) -> String {
        let (area, program) = match self {
            Situation::RetryAfterError => ("lens-retry", ProducerPreset::Catastrophe.id()),
            Situation::LostAnswer => ("lens-lost-answer", ProducerPreset::LostAck.id()),
            Situation::LostAnswerIdempotent => {
                ("lens-lost-answer", ProducerPreset::Idempotent.id())
            }
            Situation::CrashAutoCommit => ("lens-consumer", "group-auto"),
            Situation::CrashManualCommit => ("lens-consumer", "group-manual"),
            Situation::CrashKeyedPool => ("lens-consumer", "workers-keyed-pool"),
            Situation::RebalanceAutoCommit => ("lens-consumer", "group-auto-rebalance"),
            Situation::RebalanceManualCommit => ("lens-consumer", "group-manual-rebalance"),
        };
        format!("{area}/{}/{program}", client.id())
    }
}

/// A warning the lens shows of a consumer's loop, and the conformance case
/// that runs what it warns about on the broker (area lens-consumer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarningCase {
    pub warning: GoLensMsg,
    pub client: GoClient,
    /// A link whose lens shows the warning on the client's tab.
    pub query: &'static str,
    pub case: String,
}

/// Every consumer warning that a case confirms. The goroutine per record
/// is the workers scene's program as printed: a later record of the held
/// record's key ends before it. The two losses are the group scene's
/// auto-commit program with the client's default the lens prints a fix
/// against ([`super::snippet_as_warned`]): the record a member held when
/// it died is never handled.
pub fn warning_cases() -> Vec<WarningCase> {
    let per_message = GoClient::ALL.map(|client| WarningCase {
        warning: GoLensMsg::AGoroutinePerRecordOneOrder,
        client,
        query: "scene=workers&mode=per-message",
        case: format!("lens-consumer/{}/workers-per-message", client.id()),
    });
    let client_default = [
        (
            GoLensMsg::KafkaGoReadMessageCommitsBeforeHandling,
            GoClient::KafkaGo,
        ),
        (
            GoLensMsg::LibrdkafkaStoresOffsetOnRead,
            GoClient::ConfluentKafkaGo,
        ),
    ]
    .map(|(warning, client)| WarningCase {
        warning,
        client,
        query: "scene=group&commit=auto",
        case: format!("lens-consumer/{}/group-auto-default", client.id()),
    });
    per_message.into_iter().chain(client_default).collect()
}

/// The conformance case that reads, off the wire, the acks a producer
/// built with `client`'s defaults sends ([`GoClient::default_acks`]): the
/// routing scene's keyed program, which sets no acks (area lens-defaults).
pub fn default_acks_case(client: GoClient) -> String {
    format!("lens-defaults/{}/routing", client.id())
}

/// The warning that sarama, librdkafka and Java start a partition with no
/// committed offset at its end ([`GoClient::starts_at_the_end_by_default`]),
/// and the cases that confirm it: the repartition scene's program on each
/// of those tabs without the earliest line the lens prints as its fix
/// ([`super::snippet_as_warned`]) skips the records its partitions held
/// before the group joined (area lens-reset; its cases `repartition` run
/// each tab's printed program, which handles them).
pub fn reset_warning_cases() -> Vec<WarningCase> {
    GoClient::ALL
        .into_iter()
        .filter(|c| c.starts_at_the_end_by_default())
        .map(|client| WarningCase {
            warning: GoLensMsg::ByDefaultThisLibraryStartsA,
            client,
            query: "scene=repartition&strategy=new-topic&auto-offset-reset=earliest",
            case: format!("lens-reset/{}/repartition-default", client.id()),
        })
        .collect()
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
        // A crashed member: franz-go's and Java's loops take a poll at a
        // time, the others a record; the pool loses what it handed on.
        let twice = [
            Outcome::PollHandledTwice,
            Outcome::RecordHandledTwice,
            Outcome::RecordHandledTwice,
            Outcome::RecordHandledTwice,
            Outcome::PollHandledTwice,
        ];
        assert_eq!(row(Situation::CrashAutoCommit), twice);
        assert_eq!(row(Situation::CrashManualCommit), twice);
        assert_eq!(row(Situation::CrashKeyedPool), [Outcome::HandedOnLost; 5]);
        assert_eq!(
            Situation::CrashKeyedPool.case(Sarama),
            "lens-consumer/sarama/workers-keyed-pool"
        );
        // A member joins while another handles a record: Java's, sarama's
        // and librdkafka's rebalances wait for the loop; franz-go's and
        // kafka-go's take the partition where a crash would.
        let rebalance = [
            Outcome::PollHandledTwice,
            Outcome::RebalanceWaits,
            Outcome::RecordHandledTwice,
            Outcome::RebalanceWaits,
            Outcome::RebalanceWaits,
        ];
        assert_eq!(row(Situation::RebalanceAutoCommit), rebalance);
        assert_eq!(row(Situation::RebalanceManualCommit), rebalance);
        assert_eq!(
            Situation::RebalanceManualCommit.case(KafkaGo),
            "lens-consumer/kafka-go/group-manual-rebalance"
        );
    }

    #[test]
    fn a_lens_shows_the_rows_of_the_programs_it_prints() {
        let rows = |scene: SceneId| {
            Situation::ALL
                .into_iter()
                .filter(|s| s.shown_in(scene))
                .count()
        };
        assert_eq!(rows(SceneId::Producer), 3);
        assert_eq!(rows(SceneId::Replication), 3);
        assert_eq!(rows(SceneId::Group), 5);
        assert_eq!(rows(SceneId::Workers), 5);
        assert_eq!(rows(SceneId::Pipeline), 8);
        assert_eq!(rows(SceneId::Routing), 0);
        assert!(Situation::CrashAutoCommit.shown_in(SceneId::Group));
        assert!(Situation::RebalanceAutoCommit.shown_in(SceneId::Group));
        assert!(!Situation::RebalanceManualCommit.shown_in(SceneId::Producer));
        assert!(!Situation::LostAnswer.shown_in(SceneId::Group));
    }

    /// Each confirmed warning is on its tab for its link; the program a
    /// client-default case runs is the printed one without lines the lens
    /// marks as changed (its fix), with kafka-go's ReadMessage where the
    /// fix fetches.
    #[test]
    fn each_confirmed_warning_is_shown_where_its_case_runs() {
        use super::super::{snippet, snippet_as_warned};
        use crate::i18n::t;
        let cases = warning_cases();
        assert_eq!(cases.len(), GoClient::ALL.len() + 2);
        for w in cases {
            let (params, issues) = parse_query(w.query);
            assert!(issues.is_empty(), "{}: {issues:?}", w.query);
            let printed = snippet(&params, w.client).unwrap();
            let text = t(params.lang, w.warning);
            assert!(
                printed.warnings.iter().any(|x| x.text == text),
                "{}: {:?} not shown",
                w.case,
                w.warning
            );
            let warned = snippet_as_warned(&params, w.client).unwrap();
            assert_eq!(
                warned.code() != printed.code(),
                w.case.ends_with("-default"),
                "{}",
                w.case
            );
            let mut kept = warned
                .lines
                .iter()
                .map(|l| l.text.replace("reader.ReadMessage", "reader.FetchMessage"))
                .peekable();
            for line in &printed.lines {
                if kept.peek() == Some(&line.text) {
                    kept.next();
                } else {
                    assert!(line.changed, "{}: {} dropped", w.case, line.text);
                }
            }
            assert_eq!(kept.next(), None, "{}", w.case);
        }
    }
}
