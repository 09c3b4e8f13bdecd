//! The repartition scene's Go lens: the partition count's change, made as
//! the scene makes it, and where the group starts on a new partition.

use crate::golens::consumer::{
    answer_error, consume, handler, inner_note, librdkafka_answer_error, GroupSettings, OnRecord,
};
use crate::golens::custom::{option, write_hook};
use crate::golens::producer::{self, Detail, Send};
use crate::golens::rules;
use crate::golens::{Builder, GoClient, GoLensMsg, Severity};
use crate::i18n::{lens_cannot_shrink, lens_grow_note, lens_new_topic_note};
use crate::params::AppParams;
use crate::scenes::group::model::CommitMode;
use crate::scenes::repartition::model::Strategy;
use crate::sim::consumer::OffsetReset;
use crate::sim::producer::ProducerConfig;

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::ThePartitionCountChangeAndWhere);
    // The controller refuses a count that is not an increase
    // (ReplicationControlManager.createPartitions: "would not be an
    // increase"), so the program does not ask: it would panic on the
    // refusal, and the scene's run goes on unchanged.
    let grows =
        p.repartition.to > p.repartition.from || p.repartition.strategy == Strategy::NewTopic;
    if !grows {
        b.warn(
            Severity::Cannot,
            lens_cannot_shrink(b.lang, p.repartition.from, p.repartition.to),
        );
    }
    let warned = b.client.starts_at_the_end_by_default()
        && p.repartition.offset_reset == OffsetReset::Earliest;
    if warned {
        b.warn_msg(
            Severity::LosesRecords,
            GoLensMsg::ByDefaultThisLibraryStartsA,
        );
    }
    // The program the warning describes leaves the start where the
    // library puts it: area lens-reset runs it (case repartition-default)
    // beside the printed one.
    let g = GroupSettings {
        assignor: None,
        remote: None,
        commit: CommitMode::Auto,
        reset: Some(p.repartition.offset_reset),
        default_start: warned && b.as_warned,
    };
    if p.repartition.strategy != Strategy::TwoPhase {
        if grows {
            // Java's admin is a note, the first line of main's body here.
            let java = 2 * isize::from(b.client == GoClient::Java);
            b.indent(java);
            admin(b, p);
            b.indent(-java);
        }
        consume(b, &g, OnRecord::Handle);
        handler(b, false, false);
        return;
    }
    // Two-phase: the producer's own partitioner consults the table; the
    // program is the producer and the group, each a function main calls.
    let rule = rules::two_phase(b.lang, p.repartition.from, p.repartition.to);
    write_hook(b, &rule);
    // Java's admin is a note, among Main's members here.
    if grows {
        let java = b.client == GoClient::Java;
        b.indent(isize::from(java));
        admin(b, p);
        b.indent(-isize::from(java));
    }
    let send = Send {
        partitioner: Some((option(b.client, &rule), true)),
        rule: Some(&rule),
        ..Send::order(b.client)
    };
    b.entry = "produce";
    producer::write_part(b, &ProducerConfig::default(), Detail::Acks, &send);
    b.l("");
    b.entry = "consume";
    consume(b, &g, OnRecord::Handle);
    handler(b, false, false);
    b.main_calls(&["produce", "consume"]);
}

fn admin(b: &mut Builder, p: &AppParams) {
    let new_topic = p.repartition.strategy == Strategy::NewTopic;
    let to = p.repartition.to;
    let note = if new_topic {
        lens_new_topic_note(b.lang, "orders-v2", to)
    } else {
        lens_grow_note(b.lang, "orders", p.repartition.from, to)
    };
    match b.client {
        GoClient::FranzGo => {
            b.import("context");
            b.import("github.com/twmb/franz-go/pkg/kadm");
            b.l("func changePartitions(cl *kgo.Client) {");
            inner_note(b, &note);
            if new_topic {
                b.c(&format!("\tif _, err := kadm.NewClient(cl).CreateTopic(context.Background(), {to}, -1, nil, \"orders-v2\"); err != nil {{"));
            } else {
                b.c(&format!("\tresps, err := kadm.NewClient(cl).UpdatePartitions(context.Background(), {to}, \"orders\")"));
                answer_error(
                    b,
                    "resps.Error()",
                    GoLensMsg::FranzGoPartitionsErrorInTheAnswer,
                );
            }
        }
        GoClient::Sarama => {
            b.l("func changePartitions(cfg *sarama.Config) {");
            inner_note(b, &note);
            b.l("\tadmin, err := sarama.NewClusterAdmin([]string{\"localhost:9092\"}, cfg)");
            b.l("\tif err != nil {");
            b.l("\t\tpanic(err)");
            b.l("\t}");
            b.l("\tdefer admin.Close()");
            if new_topic {
                b.c(&format!("\tif err := admin.CreateTopic(\"orders-v2\", &sarama.TopicDetail{{NumPartitions: {to}, ReplicationFactor: -1}}, false); err != nil {{"));
            } else {
                b.c(&format!("\tif err := admin.CreatePartitions(\"orders\", {to}, nil, false); err != nil {{"));
            }
        }
        GoClient::KafkaGo => {
            b.import("context");
            b.l("func changePartitions() {");
            inner_note(b, &note);
            b.l("\tadmin := &kafka.Client{Addr: kafka.TCP(\"localhost:9092\")}");
            if new_topic {
                b.c(&format!("\tresp, err := admin.CreateTopics(context.Background(), &kafka.CreateTopicsRequest{{Topics: []kafka.TopicConfig{{{{Topic: \"orders-v2\", NumPartitions: {to}, ReplicationFactor: -1}}}}}})"));
                answer_error(
                    b,
                    "resp.Errors[\"orders-v2\"]",
                    GoLensMsg::KafkaGoTopicErrorInTheAnswer,
                );
            } else {
                b.c(&format!("\tresp, err := admin.CreatePartitions(context.Background(), &kafka.CreatePartitionsRequest{{Topics: []kafka.TopicPartitionsConfig{{{{Name: \"orders\", Count: {to}}}}}}})"));
                answer_error(
                    b,
                    "resp.Errors[\"orders\"]",
                    GoLensMsg::KafkaGoPartitionsErrorInTheAnswer,
                );
            }
        }
        GoClient::ConfluentKafkaGo => {
            b.import("context");
            b.l("func changePartitions() {");
            inner_note(b, &note);
            b.l("\tadmin, err := kafka.NewAdminClient(&kafka.ConfigMap{\"bootstrap.servers\": \"localhost:9092\"})");
            b.l("\tif err != nil {");
            b.l("\t\tpanic(err)");
            b.l("\t}");
            b.l("\tdefer admin.Close()");
            if new_topic {
                b.c(&format!("\tresults, err := admin.CreateTopics(context.Background(), []kafka.TopicSpecification{{{{Topic: \"orders-v2\", NumPartitions: {to}, ReplicationFactor: -1}}}})"));
                librdkafka_answer_error(b, GoLensMsg::LibrdkafkaTopicErrorInTheAnswer);
            } else {
                b.c(&format!("\tresults, err := admin.CreatePartitions(context.Background(), []kafka.PartitionsSpecification{{{{Topic: \"orders\", IncreaseTo: {to}}}}})"));
                librdkafka_answer_error(b, GoLensMsg::LibrdkafkaPartitionsErrorInTheAnswer);
            }
        }
        GoClient::Java => {
            b.note_text(&note);
            return;
        }
    }
    // The admin helper is part of the program; main calls it first.
    b.end_admin_helper("changePartitions");
}
