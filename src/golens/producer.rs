//! The producer and replication scenes: a producer with the scene's
//! settings, producing one order's events in order.

use super::{Builder, GoClient, Severity};
use crate::params::AppParams;
use crate::sim::producer::{Acks, ProducerConfig};

/// The chapter's events for one order, in the order they must stay in.
const EVENTS: [&str; 3] = ["Created", "Paid", "Shipped"];

pub(super) fn write_producer(b: &mut Builder, p: &AppParams) {
    b.title(
        "продюсер с настройками сцены «Продюсер»",
        "a producer with the producer scene's settings",
    );
    let c = p.producer;
    order_warning(b, &c);
    match b.client {
        GoClient::FranzGo => franz(b, &c, true),
        GoClient::Sarama => sarama(b, &c, true),
        GoClient::KafkaGo => kafka_go(b, &c, true),
        GoClient::ConfluentKafkaGo => confluent(b, &c, true),
        GoClient::Java => java(b, &c, true),
    }
}

pub(super) fn write_replication(b: &mut Builder, p: &AppParams) {
    b.title(
        "acks продюсера для сцены «Реплики»",
        "the producer's acks for the replication scene",
    );
    // Only acks is the client's; the rest of the producer keeps Java's
    // defaults so that each library's own acks default stands out.
    let c = ProducerConfig {
        acks: p.producer.acks,
        enable_idempotence: p.producer.acks == Acks::All,
        ..ProducerConfig::default()
    };
    let acks = match p.producer.acks {
        Acks::None => "0",
        Acks::Leader => "1",
        Acks::All => "all",
    };
    let default_acks = match b.client {
        GoClient::Sarama => Some(Acks::Leader),
        GoClient::KafkaGo => Some(Acks::None),
        _ => None,
    };
    if let Some(d) = default_acks.filter(|&d| d != p.producer.acks) {
        let (lib, name) = match b.client {
            GoClient::Sarama => ("sarama", "WaitForLocal (config.go, NewConfig)"),
            _ => ("kafka-go", "RequireNone (writer.go, Writer.RequiredAcks)"),
        };
        let d = if d == Acks::None { "0" } else { "1" };
        b.warn(
            Severity::LosesRecords,
            format!("По умолчанию {lib} ждёт acks={d} ({name}), а сцена — acks={acks}: подтверждённая запись может пропасть при смене лидера."),
            format!("By default {lib} waits for acks={d} ({name}), the scene for acks={acks}: an acknowledged record can be lost when the leader changes."),
        );
    }
    let topic_ru = format!(
        "топик orders: replication.factor=3, min.insync.replicas={}, unclean.leader.election.enable={} — настройки топика, не клиента",
        p.min_isr, p.unclean
    );
    let topic_en = format!(
        "topic orders: replication.factor=3, min.insync.replicas={}, unclean.leader.election.enable={}: topic settings, not the client's",
        p.min_isr, p.unclean
    );
    b.topic_note = Some((topic_ru, topic_en));
    match b.client {
        GoClient::FranzGo => franz(b, &c, false),
        GoClient::Sarama => sarama(b, &c, false),
        GoClient::KafkaGo => kafka_go(b, &c, false),
        GoClient::ConfluentKafkaGo => confluent(b, &c, false),
        GoClient::Java => java(b, &c, false),
    }
}

/// Whether a producer with these settings may reorder on a retry.
fn may_reorder(c: &ProducerConfig) -> bool {
    !c.enable_idempotence && c.max_in_flight > 1 && c.retries > 0
}

fn order_warning(b: &mut Builder, c: &ProducerConfig) {
    let (lib, why_ru, why_en) = match b.client {
        GoClient::Sarama => (
            "sarama",
            "не идемпотентен, Net.MaxOpenRequests 5 и Producer.Retry.Max 3 (config.go, NewConfig)",
            "is not idempotent, with Net.MaxOpenRequests 5 and Producer.Retry.Max 3 (config.go, NewConfig)",
        ),
        GoClient::ConfluentKafkaGo => (
            "librdkafka",
            "не идемпотентен и держит до 1000000 запросов в полёте (CONFIGURATION.md)",
            "is not idempotent and allows 1000000 requests in flight (CONFIGURATION.md)",
        ),
        _ => ("", "", ""),
    };
    if !may_reorder(c) && !lib.is_empty() {
        b.warn(
            Severity::BreaksOrder,
            format!("Без отмеченных строк {lib} {why_ru}: повтор первого батча может лечь после второго."),
            format!("Without the marked lines {lib} {why_en}: a retried first batch can land after the second."),
        );
    }
    if b.client == GoClient::KafkaGo {
        if c.enable_idempotence {
            b.warn(
                Severity::Cannot,
                "В kafka-go нет идемпотентного продюсера: enable.idempotence не выразить, повтор Writer (MaxAttempts) может переставить или задвоить записи.".into(),
                "kafka-go has no idempotent producer: enable.idempotence cannot be expressed, and the Writer's retries (MaxAttempts) may reorder or duplicate records.".into(),
            );
        }
        if c.max_in_flight != 5 {
            b.warn(
                Severity::Cannot,
                "В kafka-go нет настройки запросов в полёте (max.in.flight).".into(),
                "kafka-go has no setting for requests in flight (max.in.flight).".into(),
            );
        }
    }
}

fn ms(n: u32) -> String {
    format!("{n} * time.Millisecond")
}

fn topic_note(b: &mut Builder) {
    if let Some((ru, en)) = b.topic_note.clone() {
        b.note(&ru, &en);
    }
}

fn franz(b: &mut Builder, c: &ProducerConfig, all: bool) {
    b.import("context");
    b.import("github.com/twmb/franz-go/pkg/kgo");
    topic_note(b);
    b.l("func main() {");
    b.indent(1);
    b.l("cl, err := kgo.NewClient(");
    b.indent(1);
    b.l("kgo.SeedBrokers(\"localhost:9092\"),");
    b.l("kgo.DefaultProduceTopic(\"orders\"),");
    b.note(
        "по умолчанию идемпотентен, acks=all, до 5 запросов в полёте (pkg/kgo/config.go, defaultCfg)",
        "idempotent by default, acks=all, up to 5 requests in flight (pkg/kgo/config.go, defaultCfg)",
    );
    if c.enable_idempotence {
        if c.acks != Acks::All {
            b.warn(
                Severity::Cannot,
                "franz-go не запустит идемпотентный продюсер без acks=all (pkg/kgo/config.go, validate).".into(),
                "franz-go refuses an idempotent producer without acks=all (pkg/kgo/config.go, validate).".into(),
            );
        }
        if c.max_in_flight != 5 {
            b.warn(
                Severity::Cannot,
                format!("Идемпотентный franz-go всегда держит 5 запросов в полёте: MaxProduceRequestsInflightPerBroker({}) он отвергнет (pkg/kgo/config.go, validate).", c.max_in_flight),
                format!("An idempotent franz-go always keeps 5 requests in flight: it refuses MaxProduceRequestsInflightPerBroker({}) (pkg/kgo/config.go, validate).", c.max_in_flight),
            );
        }
    } else {
        b.c("kgo.DisableIdempotentWrite(),");
        b.line(
            &format!(
                "kgo.MaxProduceRequestsInflightPerBroker({}),",
                c.max_in_flight
            ),
            c.max_in_flight != 1,
        );
    }
    match c.acks {
        Acks::All => {}
        Acks::Leader => b.c("kgo.RequiredAcks(kgo.LeaderAck()),"),
        Acks::None => b.c("kgo.RequiredAcks(kgo.NoAck()),"),
    }
    if all {
        b.import("time");
        if c.retries != 2_147_483_647 {
            b.c(&format!("kgo.RecordRetries({}),", c.retries));
        }
        b.c(&format!(
            "kgo.ProducerBatchMaxBytes({}),",
            c.batch_size.max(512)
        ));
        if c.batch_size < 512 {
            b.warn(
                Severity::Cannot,
                format!("franz-go не примет ProducerBatchMaxBytes меньше 512 (pkg/kgo/config.go, validate): batch.size {} он не выразит.", c.batch_size),
                format!("franz-go refuses ProducerBatchMaxBytes below 512 (pkg/kgo/config.go, validate): it cannot express batch.size {}.", c.batch_size),
            );
        }
        b.line(
            &format!("kgo.ProducerLinger({}),", ms(c.linger_ms)),
            c.linger_ms != 10,
        );
        b.line(
            &format!("kgo.ProduceRequestTimeout({}),", ms(c.request_timeout_ms)),
            c.request_timeout_ms != 10_000,
        );
        b.c(&format!(
            "kgo.RecordDeliveryTimeout({}),",
            ms(c.delivery_timeout_ms)
        ));
        b.note(
            "по умолчанию пауза растёт от 250 мс до 5 с (pkg/kgo/config.go, defaultCfg: retryBackoff)",
            "the default backoff grows from 250 ms to 5 s (pkg/kgo/config.go, defaultCfg: retryBackoff)",
        );
        b.c(&format!(
            "kgo.RetryBackoffFn(func(tries int) time.Duration {{ return min({} << tries, {}) }}),",
            ms(c.retry_backoff_ms),
            ms(c.retry_backoff_max_ms)
        ));
    }
    b.indent(-1);
    b.l(")");
    b.go_check();
    b.l("defer cl.Close()");
    b.l("ctx := context.Background()");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        quoted_events()
    ));
    b.l("\tcl.Produce(ctx, &kgo.Record{Key: []byte(\"order-42\"), Value: []byte(event)}, nil)");
    b.l("}");
    b.l("if err := cl.Flush(ctx); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.indent(-1);
    b.l("}");
}

fn quoted_events() -> String {
    EVENTS
        .iter()
        .map(|e| format!("\"{e}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn sarama(b: &mut Builder, c: &ProducerConfig, all: bool) {
    b.import("github.com/IBM/sarama");
    topic_note(b);
    b.l("func main() {");
    b.indent(1);
    b.l("cfg := sarama.NewConfig()");
    b.c("cfg.Producer.Return.Successes = true");
    if c.enable_idempotence {
        b.note(
            "идемпотентность требует WaitForAll и Net.MaxOpenRequests = 1 (config.go, Config.Validate)",
            "idempotence needs WaitForAll and Net.MaxOpenRequests = 1 (config.go, Config.Validate)",
        );
        b.c("cfg.Producer.Idempotent = true");
        b.c("cfg.Net.MaxOpenRequests = 1");
        if c.max_in_flight > 1 {
            b.warn(
                Severity::Cannot,
                format!("Идемпотентный sarama работает только с одним запросом в полёте: {} не выразить (config.go, Config.Validate).", c.max_in_flight),
                format!("An idempotent sarama runs only one request in flight: {} cannot be expressed (config.go, Config.Validate).", c.max_in_flight),
            );
        }
    } else if all {
        b.line(
            &format!("cfg.Net.MaxOpenRequests = {}", c.max_in_flight),
            c.max_in_flight != 5,
        );
    }
    match c.acks {
        Acks::All => b.c("cfg.Producer.RequiredAcks = sarama.WaitForAll"),
        Acks::Leader => {}
        Acks::None => b.c("cfg.Producer.RequiredAcks = sarama.NoResponse"),
    }
    if all {
        b.import("time");
        b.line(
            &format!("cfg.Producer.Retry.Max = {}", c.retries),
            c.retries != 3,
        );
        b.c(&format!("cfg.Producer.Flush.Bytes = {}", c.batch_size));
        b.line(
            &format!("cfg.Producer.Flush.Frequency = {}", ms(c.linger_ms)),
            c.linger_ms != 0,
        );
        b.line(
            &format!("cfg.Producer.Timeout = {}", ms(c.request_timeout_ms)),
            c.request_timeout_ms != 10_000,
        );
        b.note(
            "по умолчанию пауза постоянна, 100 мс (config.go, NewConfig: Producer.Retry.Backoff)",
            "the default backoff is a constant 100 ms (config.go, NewConfig: Producer.Retry.Backoff)",
        );
        b.c(&format!(
            "cfg.Producer.Retry.BackoffFunc = func(retries, _ int) time.Duration {{ return min({} << retries, {}) }}",
            ms(c.retry_backoff_ms),
            ms(c.retry_backoff_max_ms)
        ));
        b.warn(
            Severity::Cannot,
            "В sarama нет delivery.timeout.ms: запись ждёт, пока не кончатся Producer.Retry.Max попыток.".into(),
            "sarama has no delivery.timeout.ms: a record waits until Producer.Retry.Max attempts run out.".into(),
        );
    }
    b.l("prod, err := sarama.NewSyncProducer([]string{\"localhost:9092\"}, cfg)");
    b.go_check();
    b.l("defer prod.Close()");
    b.l("var msgs []*sarama.ProducerMessage");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        quoted_events()
    ));
    b.l("\tmsgs = append(msgs, &sarama.ProducerMessage{Topic: \"orders\", Key: sarama.StringEncoder(\"order-42\"), Value: sarama.StringEncoder(event)})");
    b.l("}");
    b.l("if err := prod.SendMessages(msgs); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.indent(-1);
    b.l("}");
}

fn kafka_go(b: &mut Builder, c: &ProducerConfig, all: bool) {
    b.import("context");
    b.import("github.com/segmentio/kafka-go");
    topic_note(b);
    b.l("func main() {");
    b.indent(1);
    b.l("w := &kafka.Writer{");
    b.indent(1);
    b.l("Addr:     kafka.TCP(\"localhost:9092\"),");
    b.l("Topic:    \"orders\",");
    b.c("Balancer: kafka.Murmur2Balancer{},");
    b.note(
        "по умолчанию RequireNone: Writer не ждёт ответа брокера (writer.go, Writer.RequiredAcks)",
        "the default is RequireNone: the Writer does not wait for the broker (writer.go, Writer.RequiredAcks)",
    );
    match c.acks {
        Acks::All => b.c("RequiredAcks: kafka.RequireAll,"),
        Acks::Leader => b.c("RequiredAcks: kafka.RequireOne,"),
        Acks::None => {}
    }
    if all {
        b.import("time");
        b.note(
            "MaxAttempts считает попытки, а не повторы; по умолчанию 10 (writer.go, Writer.maxAttempts)",
            "MaxAttempts counts attempts, not retries; 10 by default (writer.go, Writer.maxAttempts)",
        );
        let attempts = u64::from(c.retries) + 1;
        b.line(&format!("MaxAttempts:     {attempts},"), attempts != 10);
        b.c(&format!("BatchBytes:      {},", c.batch_size));
        b.c(&format!("BatchTimeout:    {},", ms(c.linger_ms)));
        b.line(
            &format!("WriteTimeout:    {},", ms(c.request_timeout_ms)),
            c.request_timeout_ms != 10_000,
        );
        b.line(
            &format!("WriteBackoffMin: {},", ms(c.retry_backoff_ms)),
            c.retry_backoff_ms != 100,
        );
        b.line(
            &format!("WriteBackoffMax: {},", ms(c.retry_backoff_max_ms)),
            c.retry_backoff_max_ms != 1000,
        );
        b.warn(
            Severity::Cannot,
            "В kafka-go нет delivery.timeout.ms: срок задаёт context вызова WriteMessages.".into(),
            "kafka-go has no delivery.timeout.ms: the WriteMessages call's context sets the deadline.".into(),
        );
    }
    b.indent(-1);
    b.l("}");
    b.l("defer w.Close()");
    b.l("var msgs []kafka.Message");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        quoted_events()
    ));
    b.l("\tmsgs = append(msgs, kafka.Message{Key: []byte(\"order-42\"), Value: []byte(event)})");
    b.l("}");
    b.l("if err := w.WriteMessages(context.Background(), msgs...); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.indent(-1);
    b.l("}");
}

fn confluent(b: &mut Builder, c: &ProducerConfig, all: bool) {
    b.import("github.com/confluentinc/confluent-kafka-go/v2/kafka");
    topic_note(b);
    b.l("func main() {");
    b.indent(1);
    b.l("prod, err := kafka.NewProducer(&kafka.ConfigMap{");
    b.indent(1);
    b.l("\"bootstrap.servers\": \"localhost:9092\",");
    b.note(
        "значения по умолчанию — librdkafka 2.11.1, CONFIGURATION.md",
        "the defaults are librdkafka 2.11.1's, CONFIGURATION.md",
    );
    b.c("\"partitioner\": \"murmur2_random\",");
    b.line(
        &format!("\"enable.idempotence\": {},", c.enable_idempotence),
        c.enable_idempotence,
    );
    let acks = match c.acks {
        Acks::All => "all",
        Acks::Leader => "1",
        Acks::None => "0",
    };
    b.line(&format!("\"acks\": \"{acks}\","), c.acks != Acks::All);
    if all {
        b.c(&format!(
            "\"max.in.flight.requests.per.connection\": {},",
            c.max_in_flight
        ));
        b.line(
            &format!("\"retries\": {},", c.retries),
            c.retries != 2_147_483_647,
        );
        b.c(&format!("\"batch.size\": {},", c.batch_size));
        b.line(
            &format!("\"linger.ms\": {},", c.linger_ms),
            c.linger_ms != 5,
        );
        b.line(
            &format!("\"request.timeout.ms\": {},", c.request_timeout_ms),
            c.request_timeout_ms != 30_000,
        );
        b.line(
            &format!("\"retry.backoff.ms\": {},", c.retry_backoff_ms),
            c.retry_backoff_ms != 100,
        );
        b.line(
            &format!("\"retry.backoff.max.ms\": {},", c.retry_backoff_max_ms),
            c.retry_backoff_max_ms != 1000,
        );
        b.line(
            &format!("\"delivery.timeout.ms\": {},", c.delivery_timeout_ms),
            c.delivery_timeout_ms != 300_000,
        );
    }
    b.indent(-1);
    b.l("})");
    b.go_check();
    b.l("defer prod.Close()");
    b.l("topic := \"orders\"");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        quoted_events()
    ));
    b.l("\tmsg := &kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: kafka.PartitionAny}, Key: []byte(\"order-42\"), Value: []byte(event)}");
    b.l("\tif err := prod.Produce(msg, nil); err != nil {");
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.l("}");
    b.l("prod.Flush(10000)");
    b.indent(-1);
    b.l("}");
}

fn java(b: &mut Builder, c: &ProducerConfig, all: bool) {
    b.import("java.util.Properties");
    b.import("org.apache.kafka.clients.producer.KafkaProducer");
    b.import("org.apache.kafka.clients.producer.ProducerConfig");
    b.import("org.apache.kafka.clients.producer.ProducerRecord");
    b.import("org.apache.kafka.common.serialization.StringSerializer");
    b.indent(2);
    topic_note(b);
    b.l("Properties props = new Properties();");
    b.l("props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\");");
    b.l("props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    b.l("props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    b.note(
        "значения по умолчанию — ProducerConfig, Kafka 4.1.1",
        "the defaults are ProducerConfig's, Kafka 4.1.1",
    );
    let d = ProducerConfig::default();
    let put = |b: &mut Builder, name: &str, v: String, changed: bool| {
        b.line(&format!("props.put(ProducerConfig.{name}, {v});"), changed);
    };
    put(
        b,
        "ENABLE_IDEMPOTENCE_CONFIG",
        c.enable_idempotence.to_string(),
        !c.enable_idempotence,
    );
    let acks = match c.acks {
        Acks::All => "all",
        Acks::Leader => "1",
        Acks::None => "0",
    };
    put(b, "ACKS_CONFIG", format!("\"{acks}\""), c.acks != Acks::All);
    if all {
        put(
            b,
            "MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION",
            c.max_in_flight.to_string(),
            c.max_in_flight != d.max_in_flight,
        );
        put(
            b,
            "RETRIES_CONFIG",
            c.retries.to_string(),
            c.retries != d.retries,
        );
        put(
            b,
            "BATCH_SIZE_CONFIG",
            c.batch_size.to_string(),
            c.batch_size != d.batch_size,
        );
        // Kafka 4.0 raised linger.ms's default to 5 (KIP-1030).
        put(
            b,
            "LINGER_MS_CONFIG",
            c.linger_ms.to_string(),
            c.linger_ms != 5,
        );
        put(
            b,
            "REQUEST_TIMEOUT_MS_CONFIG",
            c.request_timeout_ms.to_string(),
            c.request_timeout_ms != d.request_timeout_ms,
        );
        put(
            b,
            "RETRY_BACKOFF_MS_CONFIG",
            c.retry_backoff_ms.to_string(),
            c.retry_backoff_ms != d.retry_backoff_ms,
        );
        put(
            b,
            "RETRY_BACKOFF_MAX_MS_CONFIG",
            c.retry_backoff_max_ms.to_string(),
            c.retry_backoff_max_ms != d.retry_backoff_max_ms,
        );
        put(
            b,
            "DELIVERY_TIMEOUT_MS_CONFIG",
            c.delivery_timeout_ms.to_string(),
            c.delivery_timeout_ms != d.delivery_timeout_ms,
        );
    }
    b.l("try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {");
    b.l(&format!(
        "    for (String event : new String[] {{{}}}) {{",
        quoted_events()
    ));
    b.l("        producer.send(new ProducerRecord<>(\"orders\", \"order-42\", event));");
    b.l("    }");
    b.l("}");
    b.indent(-2);
}
