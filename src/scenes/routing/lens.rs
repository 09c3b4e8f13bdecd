//! The routing scene's Go lens: one record with the typed key (or a null key, or an
//! explicit partition), placed as the scene places it.

use crate::golens::custom::{confluent_count, confluent_place, option, write_hook, Rule};
use crate::golens::partitioners::default_client;
use crate::golens::rules;
use crate::golens::{go_quote, java_quote, Builder, GoClient, GoLensMsg, Severity};
use crate::i18n::Lang;
use crate::i18n::{
    lens_default_sends, lens_franz_batch_min, lens_key_to_partition, lens_null_key_note,
    lens_to_partition, t,
};
use crate::params::AppParams;
use crate::scenes::routing::model::PlacementChoice;
use crate::sim::clients::{Client, KeyedRoute};
use crate::sim::keyless::KeylessStrategy;
use crate::sim::partitioner::{route, Route};

fn route_text(lang: Lang, r: KeyedRoute, n: u32) -> String {
    match r {
        KeyedRoute::Partition(p) => lens_to_partition(lang, p, n),
        KeyedRoute::RoundRobin => t(lang, GoLensMsg::RoutesRoundRobin).to_owned(),
        KeyedRoute::AsKeyless => t(lang, GoLensMsg::RoutesAsKeyless).to_owned(),
    }
}

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::AKeyedRecordAsTheRouting);
    let n = p.routing.partitions.max(1);
    let key = (!p.routing.key_null).then_some(p.routing.key.as_str());
    let explicit =
        (p.routing.placement == PlacementChoice::Explicit).then_some(p.routing.explicit_partition);
    let shown = route(key.map(str::as_bytes), n, p.routing.placement());
    let target = match shown {
        Route::Hashed { partition } | Route::Region { partition, .. } => {
            format!("{}", partition)
        }
        Route::Explicit(q) | Route::MissingPartition(q) => format!("{q}"),
        Route::Keyless => "?".to_owned(),
    };
    // The region partitioner is the application's own code: each client
    // takes it through its hook; a null key still goes the keyless way.
    let region = (p.routing.placement == PlacementChoice::Region && key.is_some())
        .then(|| rules::region(b.lang));
    let rule = region.as_ref();
    if let Some(r) = rule {
        write_hook(b, r);
    }
    // With the region hook every tab places keys as the scene does.
    let keyed_shown = key.is_some() && explicit.is_none() && rule.is_none();
    if keyed_shown {
        let k = key.unwrap_or_default();
        let java = Client::Java.keyed_route(k.as_bytes(), n);
        let default = default_client(b.client);
        let theirs = default.keyed_route(k.as_bytes(), n);
        if b.client != GoClient::Java && theirs != java {
            let severity = if theirs == KeyedRoute::RoundRobin || theirs == KeyedRoute::AsKeyless {
                Severity::BreaksOrder
            } else {
                Severity::Note
            };
            let lang = b.lang;
            let what = match severity {
                Severity::BreaksOrder => GoLensMsg::KeySpreadsOverPartitions,
                _ => GoLensMsg::KeyNotWhereJavaWritesIt,
            };
            b.warn(
                severity,
                lens_default_sends(
                    lang,
                    b.client.id(),
                    &go_quote(k),
                    &route_text(lang, theirs, n),
                    &route_text(lang, java, n),
                    t(lang, what),
                ),
            );
        }
    }
    match b.client {
        GoClient::FranzGo => franz(b, p, key, explicit, &target, rule),
        GoClient::Sarama => sarama(b, p, key, explicit, &target, rule),
        GoClient::KafkaGo => kafka_go(b, p, key, explicit, &target, rule),
        GoClient::ConfluentKafkaGo => confluent(b, p, key, explicit, &target, rule),
        GoClient::Java => java(b, p, key, explicit, &target, rule),
    }
}

fn target_note(b: &mut Builder, key: Option<&str>, target: &str, n: u32) {
    let text = match key {
        Some(k) => lens_key_to_partition(b.lang, &go_quote(k), target, n),
        None => lens_null_key_note(b.lang, n),
    };
    b.note_text(&text);
}

fn franz(
    b: &mut Builder,
    p: &AppParams,
    key: Option<&str>,
    explicit: Option<u32>,
    target: &str,
    rule: Option<&Rule>,
) {
    b.import("context");
    b.import("github.com/twmb/franz-go/pkg/kgo");
    b.open_func();
    b.l("cl, err := kgo.NewClient(");
    b.indent(1);
    b.l("kgo.SeedBrokers(\"localhost:9092\"),");
    if explicit.is_some() {
        b.note(GoLensMsg::RecordPartitionDecidesPkgKgoPartitioner);
        b.c("kgo.RecordPartitioner(kgo.ManualPartitioner()),");
    } else if let Some(r) = rule {
        b.c(&option(b.client, r));
    } else if key.is_some() {
        b.note(GoLensMsg::ByDefaultTheKeyIsHashed);
    } else {
        match p.routing.keyless {
            KeylessStrategy::RoundRobin => {
                b.c("kgo.RecordPartitioner(kgo.RoundRobinPartitioner()),")
            }
            KeylessStrategy::Sticky => b.c("kgo.RecordPartitioner(kgo.StickyPartitioner()),"),
            KeylessStrategy::UniformSticky => {
                b.note(GoLensMsg::TheDefaultSticksFor64KiB);
                b.c(&format!(
                    "kgo.RecordPartitioner(kgo.UniformBytesPartitioner({}, true, true, nil)),",
                    p.routing.batch_size
                ));
            }
        }
        keyless_batching(b, p);
    }
    b.indent(-1);
    b.l(")");
    b.go_check();
    b.l("defer cl.Close()");
    target_note(b, key, target, p.routing.partitions);
    let mut fields = vec!["Topic: \"orders\"".to_owned()];
    if let Some(k) = key {
        fields.push(format!("Key: []byte({})", go_quote(k)));
    }
    fields.push("Value: []byte(\"Created\")".to_owned());
    if let Some(q) = explicit {
        fields.push(format!("Partition: {q}"));
    }
    b.line(
        &format!("rec := &kgo.Record{{{}}}", fields.join(", ")),
        explicit.is_some(),
    );
    b.l("if err := cl.ProduceSync(context.Background(), rec).FirstErr(); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

/// franz-go's batch and linger for the keyless stream.
fn keyless_batching(b: &mut Builder, p: &AppParams) {
    b.import("time");
    if p.routing.batch_size < 512 {
        b.warn(
            Severity::Cannot,
            lens_franz_batch_min(b.lang, p.routing.batch_size),
        );
        b.c("kgo.ProducerBatchMaxBytes(512),");
    } else {
        b.c(&format!(
            "kgo.ProducerBatchMaxBytes({}),",
            p.routing.batch_size
        ));
    }
    b.line(
        &format!(
            "kgo.ProducerLinger({} * time.Millisecond),",
            p.routing.linger_ms
        ),
        p.routing.linger_ms != 10,
    );
}

fn sarama(
    b: &mut Builder,
    p: &AppParams,
    key: Option<&str>,
    explicit: Option<u32>,
    target: &str,
    rule: Option<&Rule>,
) {
    b.import("github.com/IBM/sarama");
    b.open_func();
    b.l("cfg := sarama.NewConfig()");
    b.note(GoLensMsg::SyncProducerNeedsReturnSuccessesSyncProducer);
    b.c("cfg.Producer.Return.Successes = true");
    if explicit.is_some() {
        b.c("cfg.Producer.Partitioner = sarama.NewManualPartitioner");
    } else if let Some(r) = rule {
        b.c(&option(b.client, r));
    } else if key.is_some() {
        b.note(GoLensMsg::TheDefaultIsNewHashPartitionerFNV1a);
        b.c("cfg.Producer.Partitioner = sarama.NewMurmur2Partitioner");
    } else {
        match p.routing.keyless {
            KeylessStrategy::RoundRobin => {
                b.c("cfg.Producer.Partitioner = sarama.NewRoundRobinPartitioner")
            }
            _ => {
                b.warn_msg(Severity::Cannot, GoLensMsg::SaramaHasNoStickyPartitionerA);
            }
        }
        crate::golens::producer::sarama_flush(b, p.routing.batch_size, p.routing.linger_ms);
    }
    b.l("prod, err := sarama.NewSyncProducer([]string{\"localhost:9092\"}, cfg)");
    b.go_check();
    b.l("defer prod.Close()");
    target_note(b, key, target, p.routing.partitions);
    b.l("msg := &sarama.ProducerMessage{Topic: \"orders\", Value: sarama.StringEncoder(\"Created\")}");
    if let Some(k) = key {
        b.l(&format!("msg.Key = sarama.StringEncoder({})", go_quote(k)));
    }
    if let Some(q) = explicit {
        b.c(&format!("msg.Partition = {q}"));
    }
    b.l("if _, _, err := prod.SendMessage(msg); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

fn kafka_go(
    b: &mut Builder,
    p: &AppParams,
    key: Option<&str>,
    explicit: Option<u32>,
    target: &str,
    rule: Option<&Rule>,
) {
    b.import("context");
    b.import("github.com/segmentio/kafka-go");
    b.open_func();
    b.l("w := &kafka.Writer{");
    b.indent(1);
    b.l("Addr:  kafka.TCP(\"localhost:9092\"),");
    b.l("Topic: \"orders\",");
    if let Some(q) = explicit {
        b.note(GoLensMsg::TheWriterDoesNotReadMessage);
        b.c(&format!(
            "Balancer: kafka.BalancerFunc(func(kafka.Message, ...int) int {{ return {q} }}),"
        ));
    } else if let Some(r) = rule {
        b.c(&option(b.client, r));
    } else if key.is_some() {
        b.note(GoLensMsg::TheDefaultIsRoundRobinTheKey);
        b.c("Balancer: kafka.Murmur2Balancer{},");
    } else {
        match p.routing.keyless {
            KeylessStrategy::RoundRobin => b.note(GoLensMsg::RoundRobinIsTheDefaultBalancerGo),
            _ => b.warn_msg(Severity::Cannot, GoLensMsg::KafkaGoHasNoStickyBalancer),
        }
        b.import("time");
        b.c(&format!("BatchBytes:   {},", p.routing.batch_size));
        b.c(&format!(
            "BatchTimeout: {} * time.Millisecond,",
            p.routing.linger_ms
        ));
    }
    b.indent(-1);
    b.l("}");
    b.l("defer w.Close()");
    target_note(b, key, target, p.routing.partitions);
    let msg = match key {
        Some(k) => format!(
            "kafka.Message{{Key: []byte({}), Value: []byte(\"Created\")}}",
            go_quote(k)
        ),
        None => "kafka.Message{Value: []byte(\"Created\")}".to_owned(),
    };
    b.l(&format!(
        "if err := w.WriteMessages(context.Background(), {msg}); err != nil {{"
    ));
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

fn confluent(
    b: &mut Builder,
    p: &AppParams,
    key: Option<&str>,
    explicit: Option<u32>,
    target: &str,
    rule: Option<&Rule>,
) {
    b.import("github.com/confluentinc/confluent-kafka-go/v2/kafka");
    b.open_func();
    b.l("prod, err := kafka.NewProducer(&kafka.ConfigMap{");
    b.indent(1);
    b.l("\"bootstrap.servers\": \"localhost:9092\",");
    if explicit.is_none() && key.is_some() {
        b.note(GoLensMsg::TheDefaultIsConsistentRandomCRC);
        b.c("\"partitioner\": \"murmur2_random\",");
    } else if key.is_none() && explicit.is_none() {
        if p.routing.keyless == KeylessStrategy::RoundRobin {
            b.warn_msg(
                Severity::Cannot,
                GoLensMsg::LibrdkafkaHasNoRoundRobinPartitioner,
            );
        }
        b.c(&format!("\"batch.size\": {},", p.routing.batch_size));
        b.line(
            &format!("\"linger.ms\": {},", p.routing.linger_ms),
            p.routing.linger_ms != 5,
        );
    }
    b.indent(-1);
    b.l("})");
    b.go_check();
    b.l("defer prod.Close()");
    b.l("topic := \"orders\"");
    target_note(b, key, target, p.routing.partitions);
    let placed = rule.zip(key).filter(|_| explicit.is_none());
    let partition = match (explicit, placed) {
        (Some(q), _) => format!("{q}"),
        (None, Some((r, k))) => {
            confluent_count(b);
            b.l(&format!("key := []byte({})", go_quote(k)));
            confluent_place(b, r, "key");
            "partition".to_owned()
        }
        (None, None) => "kafka.PartitionAny".to_owned(),
    };
    b.line(
        &format!("tp := kafka.TopicPartition{{Topic: &topic, Partition: {partition}}}"),
        explicit.is_some(),
    );
    let msg = match key {
        Some(_) if placed.is_some() => {
            "&kafka.Message{TopicPartition: tp, Key: key, Value: []byte(\"Created\")}".to_owned()
        }
        Some(k) => format!(
            "&kafka.Message{{TopicPartition: tp, Key: []byte({}), Value: []byte(\"Created\")}}",
            go_quote(k)
        ),
        None => "&kafka.Message{TopicPartition: tp, Value: []byte(\"Created\")}".to_owned(),
    };
    b.l("delivered := make(chan kafka.Event, 1)");
    b.l(&format!(
        "if err := prod.Produce({msg}, delivered); err != nil {{"
    ));
    b.l("\tpanic(err)");
    b.l("}");
    crate::golens::producer::confluent_delivered(b, 1);
    b.close_func();
}

fn java(
    b: &mut Builder,
    p: &AppParams,
    key: Option<&str>,
    explicit: Option<u32>,
    target: &str,
    rule: Option<&Rule>,
) {
    b.import("java.util.Properties");
    b.import("org.apache.kafka.clients.producer.KafkaProducer");
    b.import("org.apache.kafka.clients.producer.ProducerConfig");
    b.import("org.apache.kafka.clients.producer.ProducerRecord");
    b.import("org.apache.kafka.common.serialization.StringSerializer");
    b.open_func();
    b.l("Properties props = new Properties();");
    b.l("props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\");");
    b.l("props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    b.l("props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    if let Some(r) = rule.filter(|_| explicit.is_none()) {
        b.c(&option(b.client, r));
    }
    if key.is_none() && explicit.is_none() {
        match p.routing.keyless {
            KeylessStrategy::RoundRobin => {
                b.import("org.apache.kafka.clients.producer.RoundRobinPartitioner");
                b.c("props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class);");
            }
            KeylessStrategy::Sticky => b.warn_msg(Severity::Cannot, GoLensMsg::JavaStickyRemoved),
            KeylessStrategy::UniformSticky => {}
        }
        b.line(
            &format!(
                "props.put(ProducerConfig.BATCH_SIZE_CONFIG, {});",
                p.routing.batch_size
            ),
            p.routing.batch_size != 16384,
        );
        b.line(
            &format!(
                "props.put(ProducerConfig.LINGER_MS_CONFIG, {});",
                p.routing.linger_ms
            ),
            p.routing.linger_ms != 5,
        );
    }
    b.l("try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {");
    // The note and the send are the try block's body, one level in.
    b.indent(1);
    target_note(b, key, target, p.routing.partitions);
    let k = key.map_or_else(|| "null".to_owned(), java_quote);
    match explicit {
        Some(q) => b.c(&format!("producer.send(new ProducerRecord<>(\"orders\", {q}, {k}, \"Created\")).get();")),
        None => b.l(&format!("producer.send(new ProducerRecord<String, String>(\"orders\", {k}, \"Created\")).get();")),
    }
    b.indent(-1);
    b.l("}");
    b.close_func();
}
