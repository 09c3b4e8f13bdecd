//! The producer and replication scenes: a producer with the scene's
//! settings, producing one order's events in order.

use super::custom::{confluent_count, confluent_place, Rule};
use super::topic::{create_topic, Topic};
use super::{
    go_quote, java_quote, Builder, GoClient, GoLensMsg, LostAnswerOutcome, RetryOutcome, Severity,
};
use crate::i18n::{
    lens_franz_batch_min, lens_franz_in_flight, lens_retry_reorders, lens_sarama_in_flight,
    lens_sarama_retry_count,
};
use crate::sim::producer::{Acks, ProducerConfig};

/// The key every producer program sends under: one order's.
pub const ORDER_KEY: &str = "order-42";
/// The chapter's events for one order, in the order they must stay in.
/// The conformance suite reads them back from what each program wrote
/// (area lens-producer).
pub const ORDER_EVENTS: [&str; 3] = ["Created", "Paid", "Shipped"];

/// How much of a producer's settings a snippet writes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Detail {
    /// Only acks (the replication scene).
    Acks,
    /// Acks, batching, requests in flight and retries: what decides the
    /// order (the pipeline).
    Order,
    /// Every setting of the producer scene, timeouts and backoff too.
    All,
}

impl Detail {
    fn batching(self) -> bool {
        self != Detail::Acks
    }

    fn timing(self) -> bool {
        self == Detail::All
    }
}

/// What a producer sends, and the partitioner that places it.
pub(crate) struct Send<'a> {
    /// The record key; `None` sends a null key.
    pub key: Option<&'a str>,
    pub events: &'a [&'a str],
    /// The partitioner option, written at its place among the client's
    /// settings, and whether it differs from the library's default; `None`
    /// keeps the default.
    pub partitioner: Option<(String, bool)>,
    /// The topic, created before the producer sends, when the scene sets
    /// its configs.
    pub topic: Option<Topic>,
    /// The application's own partitioning rule, which confluent-kafka-go
    /// applies in the loop (the other clients through `partitioner`).
    pub rule: Option<&'a Rule>,
}

impl Send<'static> {
    /// One order's events, keyed by the order, on the Java-compatible
    /// partitioner where the library's default is not.
    pub(crate) fn order(client: GoClient) -> Self {
        let partitioner = match client {
            GoClient::KafkaGo => Some("Balancer: kafka.Murmur2Balancer{},"),
            GoClient::ConfluentKafkaGo => Some("\"partitioner\": \"murmur2_random\","),
            _ => None,
        };
        Send {
            key: Some(ORDER_KEY),
            events: &ORDER_EVENTS,
            partitioner: partitioner.map(|l| (l.to_owned(), true)),
            topic: None,
            rule: None,
        }
    }
}

impl Send<'_> {
    fn partitioner(&self, b: &mut Builder) {
        if let Some((line, changed)) = &self.partitioner {
            b.line(line, *changed);
        }
    }

    fn events(&self) -> String {
        self.events
            .iter()
            .map(|e| go_quote(e))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn java_events(&self) -> String {
        self.events
            .iter()
            .map(|e| java_quote(e))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The key field of a Go record literal, `Key: …, ` or nothing.
    fn go_key(&self, wrap: &str) -> String {
        self.key
            .map(|k| format!("Key: {wrap}({}), ", go_quote(k)))
            .unwrap_or_default()
    }
}

/// The producer in the tab's library.
pub(crate) fn write_part(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    match b.client {
        GoClient::FranzGo => franz(b, c, d, send),
        GoClient::Sarama => sarama(b, c, d, send),
        GoClient::KafkaGo => kafka_go(b, c, d, send),
        GoClient::ConfluentKafkaGo => confluent(b, c, d, send),
        GoClient::Java => java(b, c, d, send),
    }
}

/// Whether a producer with these settings may reorder on a retry.
pub(super) fn may_reorder(c: &ProducerConfig) -> bool {
    !c.enable_idempotence && c.max_in_flight > 1 && c.retries > 0
}

pub(crate) fn order_warning(b: &mut Builder, c: &ProducerConfig) {
    // librdkafka's own defaults reorder: the program must write the
    // settings that keep order.
    if b.client == GoClient::ConfluentKafkaGo && !may_reorder(c) {
        b.warn_msg(Severity::BreaksOrder, GoLensMsg::LibrdkafkaDefaultReorders);
    }
    // What a retry does with these settings in this client, as area
    // lens-retry of the conformance suite measured it on the broker.
    match b.client.retry_outcome(c) {
        RetryOutcome::Kept => {}
        RetryOutcome::Reordered => b.warn(
            Severity::BreaksOrder,
            lens_retry_reorders(b.lang, c.max_in_flight),
        ),
        RetryOutcome::ReorderedAndResent => {
            b.warn(
                Severity::BreaksOrder,
                lens_retry_reorders(b.lang, c.max_in_flight),
            );
            b.warn_msg(Severity::BreaksOrder, GoLensMsg::FranzGoResendsOnRetry);
        }
    }
    // sarama since v1.48 keeps one batch per partition in flight
    // (crate::sim::clients::Client::one_batch_in_flight_per_partition):
    // where the Java producer would reorder, it does not; area lens-retry
    // of the conformance suite runs it.
    if b.client == GoClient::Sarama && may_reorder(c) {
        b.warn_msg(Severity::Note, GoLensMsg::SaramaKeepsOrderOnRetry);
    }
    // kafka-go's Writer (v0.4.51): one goroutine per partition writes one
    // batch at a time and retries it before it takes the next (writer.go,
    // `partitionWriter.writeBatches` and `writeBatch`), and no request
    // carries a producer id: never reordered by a retry, written twice
    // after a lost answer (crate::sim::clients::Client::fixed_producer).
    if super::partitioners::default_client(b.client)
        .fixed_producer()
        .is_some()
    {
        if c.enable_idempotence {
            b.warn_msg(Severity::Cannot, GoLensMsg::KafkaGoHasNoIdempotentProducer);
        } else if may_reorder(c) {
            b.warn_msg(Severity::Note, GoLensMsg::KafkaGoKeepsOrderOnRetry);
        }
        if c.max_in_flight != 5 {
            b.warn_msg(Severity::Cannot, GoLensMsg::KafkaGoHasNoSettingFor);
        }
    }
}

fn ms(n: u32) -> String {
    format!("{n} * time.Millisecond")
}

/// The topic's admin call: in Go a function of its own, in Java a block
/// at the top of `main`.
fn topic(b: &mut Builder, send: &Send) {
    if let Some(t) = &send.topic {
        create_topic(b, t);
    }
}

/// Go's call of `createTopic`, once the client it needs is made.
fn topic_call(b: &mut Builder, send: &Send) {
    if send.topic.is_some() {
        if let Some(call) = b.admin_call.take() {
            b.l(&call);
        }
    }
}

pub(crate) fn franz(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    b.import("context");
    b.import("github.com/twmb/franz-go/pkg/kgo");
    topic(b, send);
    b.open_func();
    b.l("cl, err := kgo.NewClient(");
    b.indent(1);
    b.l("kgo.SeedBrokers(\"localhost:9092\"),");
    b.l("kgo.DefaultProduceTopic(\"orders\"),");
    send.partitioner(b);
    b.note(GoLensMsg::IdempotentByDefaultAcksAllUp);
    if c.enable_idempotence {
        if c.acks != Acks::All {
            b.warn_msg(
                Severity::Cannot,
                GoLensMsg::FranzGoRefusesAnIdempotentProducer,
            );
        }
        if c.max_in_flight != 5 {
            b.warn(
                Severity::Cannot,
                lens_franz_in_flight(b.lang, c.max_in_flight),
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
    if d.batching() {
        b.import("time");
        if c.retries != 2_147_483_647 {
            b.c(&format!("kgo.RecordRetries({}),", c.retries));
        }
        b.c(&format!(
            "kgo.ProducerBatchMaxBytes({}),",
            c.batch_size.max(512)
        ));
        if c.batch_size < 512 {
            b.warn(Severity::Cannot, lens_franz_batch_min(b.lang, c.batch_size));
        }
        b.line(
            &format!("kgo.ProducerLinger({}),", ms(c.linger_ms)),
            c.linger_ms != 10,
        );
    }
    if d.timing() {
        b.line(
            &format!("kgo.ProduceRequestTimeout({}),", ms(c.request_timeout_ms)),
            c.request_timeout_ms != 10_000,
        );
        if GoClient::FranzGo.lost_answer_outcome(c) == LostAnswerOutcome::FalseError {
            b.note(GoLensMsg::FranzGoFalseErrorAfterLostAnswer);
        }
        b.c(&format!(
            "kgo.RecordDeliveryTimeout({}),",
            ms(c.delivery_timeout_ms)
        ));
        b.note(GoLensMsg::TheDefaultBackoffGrowsFrom250);
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
    topic_call(b, send);
    b.l("ctx := context.Background()");
    b.l("var records []*kgo.Record");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        send.events()
    ));
    b.l(&format!(
        "\trecords = append(records, &kgo.Record{{{}Value: []byte(event)}})",
        send.go_key("[]byte")
    ));
    b.l("}");
    // Produce with a nil promise drops a record's error, and Flush still
    // returns nil: on the broker (area lens-lost-answer) the lost-ack
    // program's records timed out after a lost answer and it ended as if
    // all were written. ProduceSync sends them in this order and returns
    // each one's error (pkg/kgo/producer.go, `ProduceSync`).
    b.l("if err := cl.ProduceSync(ctx, records...).FirstErr(); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

pub(crate) fn sarama(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    b.import("github.com/IBM/sarama");
    topic(b, send);
    b.open_func();
    b.l("cfg := sarama.NewConfig()");
    b.c("cfg.Producer.Return.Successes = true");
    send.partitioner(b);
    if c.enable_idempotence {
        b.note(GoLensMsg::SaramaIdempotenceNeeds);
        b.c("cfg.Producer.Idempotent = true");
        b.c("cfg.Net.MaxOpenRequests = 1");
        if c.max_in_flight > 1 {
            b.warn(
                Severity::Cannot,
                lens_sarama_in_flight(b.lang, c.max_in_flight),
            );
        }
    } else if d.batching() {
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
    if d.batching() {
        let retries = sarama_retries(c);
        if retries < c.retries {
            b.warn(
                Severity::Cannot,
                lens_sarama_retry_count(b.lang, c.retries, retries, c.delivery_timeout_ms),
            );
        }
        b.line(&format!("cfg.Producer.Retry.Max = {retries}"), retries != 3);
        sarama_flush(b, c.batch_size, c.linger_ms);
    }
    if d.timing() {
        b.import("time");
        b.line(
            &format!("cfg.Producer.Timeout = {}", ms(c.request_timeout_ms)),
            c.request_timeout_ms != 10_000,
        );
        b.note(GoLensMsg::TheDefaultBackoffIsAConstant);
        b.c(&format!(
            "cfg.Producer.Retry.BackoffFunc = func(retries, _ int) time.Duration {{ return min({} << retries, {}) }}",
            ms(c.retry_backoff_ms),
            ms(c.retry_backoff_max_ms)
        ));
        b.warn_msg(Severity::Cannot, GoLensMsg::SaramaHasNoDeliveryTimeoutMs);
    }
    b.l("prod, err := sarama.NewSyncProducer([]string{\"localhost:9092\"}, cfg)");
    b.go_check();
    b.l("defer prod.Close()");
    topic_call(b, send);
    b.l("var msgs []*sarama.ProducerMessage");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        send.events()
    ));
    b.l(&format!(
        "\tmsgs = append(msgs, &sarama.ProducerMessage{{Topic: \"orders\", {}Value: sarama.StringEncoder(event)}})",
        send.go_key("sarama.StringEncoder")
    ));
    b.l("}");
    b.l("if err := prod.SendMessages(msgs); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

/// The retries a sarama program can be given for the scene's setting.
/// sarama has no delivery timeout: a send ends after `Retry.Max` retries,
/// and each partition's producer allocates `Retry.Max + 1` retry levels of
/// 32 bytes up front (async_producer.go, asyncProducer.newPartitionProducer:
/// `make([]partitionRetryState, Retry.Max+1)`). Java's "retry until the
/// delivery timeout", retries 2147483647, asks for 64 GiB there, and the
/// program dies at its first send (CONFORMANCE.md, lens-producer). From a
/// gibibyte up, the tab writes the count that fills the delivery timeout
/// with attempts of one request timeout and the longest backoff, which is
/// when Java would stop; below it, the scene's own count.
fn sarama_retries(c: &ProducerConfig) -> u32 {
    const GIB_OF_LEVELS: u32 = 1 << 25;
    if c.retries < GIB_OF_LEVELS {
        return c.retries;
    }
    let attempt = u64::from(c.request_timeout_ms) + u64::from(c.retry_backoff_max_ms);
    let by_time = (u64::from(c.delivery_timeout_ms) / attempt.max(1)).max(1);
    u32::try_from(by_time).unwrap_or(u32::MAX).min(c.retries)
}

/// sarama's triggers for a batch, as a linger and a batch size say them.
/// sarama flushes a partition's batch when any set trigger is reached, and
/// at once only when none is set (produce_set.go, produceSet.readyToFlush;
/// async_producer.go, brokerProducer.run starts the timer only for a
/// Frequency above 0). So linger 0 sets none: `Flush.Bytes` alone would
/// hold three small records until 16 KB arrived, and `SendMessages` would
/// never return.
pub(crate) fn sarama_flush(b: &mut Builder, batch_size: u32, linger_ms: u32) {
    if linger_ms == 0 {
        b.note(GoLensMsg::SaramaSendsAtOnceWithNoFlushTrigger);
        return;
    }
    b.import("time");
    b.c(&format!("cfg.Producer.Flush.Bytes = {batch_size}"));
    b.c(&format!("cfg.Producer.Flush.Frequency = {}", ms(linger_ms)));
}

pub(crate) fn kafka_go(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    b.import("context");
    b.import("github.com/segmentio/kafka-go");
    topic(b, send);
    b.open_func();
    b.l("w := &kafka.Writer{");
    b.indent(1);
    b.l("Addr:     kafka.TCP(\"localhost:9092\"),");
    b.l("Topic:    \"orders\",");
    send.partitioner(b);
    b.note(GoLensMsg::TheDefaultIsRequireNoneTheWriter);
    match c.acks {
        Acks::All => b.c("RequiredAcks: kafka.RequireAll,"),
        Acks::Leader => b.c("RequiredAcks: kafka.RequireOne,"),
        Acks::None => {}
    }
    if d.batching() {
        b.import("time");
        b.note(GoLensMsg::MaxAttemptsCountsAttemptsNotRetries10);
        let attempts = u64::from(c.retries) + 1;
        b.line(&format!("MaxAttempts:     {attempts},"), attempts != 10);
        b.c(&format!("BatchBytes:      {},", c.batch_size));
        b.c(&format!("BatchTimeout:    {},", ms(c.linger_ms)));
    }
    if d.timing() {
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
        b.warn_msg(Severity::Cannot, GoLensMsg::KafkaGoHasNoDeliveryTimeout);
    }
    b.indent(-1);
    b.l("}");
    b.l("defer w.Close()");
    topic_call(b, send);
    b.l("var msgs []kafka.Message");
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        send.events()
    ));
    b.l(&format!(
        "\tmsgs = append(msgs, kafka.Message{{{}Value: []byte(event)}})",
        send.go_key("[]byte")
    ));
    b.l("}");
    b.l("if err := w.WriteMessages(context.Background(), msgs...); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    b.close_func();
}

pub(crate) fn confluent(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    b.import("github.com/confluentinc/confluent-kafka-go/v2/kafka");
    topic(b, send);
    b.open_func();
    b.l("prod, err := kafka.NewProducer(&kafka.ConfigMap{");
    b.indent(1);
    b.l("\"bootstrap.servers\": \"localhost:9092\",");
    b.note(GoLensMsg::TheDefaultsAreLibrdkafka211);
    send.partitioner(b);
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
    if d.batching() {
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
    }
    if d.timing() {
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
    topic_call(b, send);
    b.l("topic := \"orders\"");
    if send.rule.is_some() && send.key.is_some() {
        confluent_count(b);
    }
    b.l(&format!(
        "delivered := make(chan kafka.Event, {})",
        send.events.len()
    ));
    b.l(&format!(
        "for _, event := range []string{{{}}} {{",
        send.events()
    ));
    match (send.rule, send.key) {
        (Some(rule), Some(k)) => {
            b.indent(1);
            b.l(&format!("key := []byte({})", go_quote(k)));
            confluent_place(b, rule, "key");
            b.l("msg := &kafka.Message{TopicPartition: kafka.TopicPartition{Topic: &topic, Partition: partition}, Key: key, Value: []byte(event)}");
            b.indent(-1);
        }
        _ => b.l(&format!(
            "\tmsg := &kafka.Message{{TopicPartition: kafka.TopicPartition{{Topic: &topic, Partition: kafka.PartitionAny}}, {}Value: []byte(event)}}",
            send.go_key("[]byte")
        )),
    }
    b.l("\tif err := prod.Produce(msg, delivered); err != nil {");
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.l("}");
    confluent_delivered(b, send.events.len());
    b.close_func();
}

/// Reads a delivery report per record the program produced, and panics on
/// the error that ended one. Without it, a failed record is silent, and
/// the reports wait in the Events channel, which Producer.Len counts, so
/// Flush would wait out its whole timeout (confluent-kafka-go
/// kafka/producer.go, Producer.Flush and Producer.Len).
pub(crate) fn confluent_delivered(b: &mut Builder, records: usize) {
    b.note(GoLensMsg::ConfluentDeliveryReports);
    let many = records > 1;
    if many {
        b.l(&format!("for range {records} {{"));
        b.indent(1);
    }
    b.l("if m := (<-delivered).(*kafka.Message); m.TopicPartition.Error != nil {");
    b.l("\tpanic(m.TopicPartition.Error)");
    b.l("}");
    if many {
        b.indent(-1);
        b.l("}");
    }
}

pub(crate) fn java(b: &mut Builder, c: &ProducerConfig, d: Detail, send: &Send) {
    b.import("java.util.Properties");
    b.import("org.apache.kafka.clients.producer.KafkaProducer");
    b.import("org.apache.kafka.clients.producer.ProducerConfig");
    b.import("org.apache.kafka.clients.producer.ProducerRecord");
    b.import("org.apache.kafka.common.serialization.StringSerializer");
    b.open_func();
    topic(b, send);
    b.l("Properties props = new Properties();");
    b.l("props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\");");
    b.l("props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    b.l("props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);");
    b.note(GoLensMsg::JavaProducerDefaults);
    send.partitioner(b);
    let def = ProducerConfig::default();
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
    if d.batching() {
        put(
            b,
            "MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION",
            c.max_in_flight.to_string(),
            c.max_in_flight != def.max_in_flight,
        );
        put(
            b,
            "RETRIES_CONFIG",
            c.retries.to_string(),
            c.retries != def.retries,
        );
        put(
            b,
            "BATCH_SIZE_CONFIG",
            c.batch_size.to_string(),
            c.batch_size != def.batch_size,
        );
        // Kafka 4.0 raised linger.ms's default to 5 (KIP-1030).
        put(
            b,
            "LINGER_MS_CONFIG",
            c.linger_ms.to_string(),
            c.linger_ms != 5,
        );
    }
    if d.timing() {
        put(
            b,
            "REQUEST_TIMEOUT_MS_CONFIG",
            c.request_timeout_ms.to_string(),
            c.request_timeout_ms != def.request_timeout_ms,
        );
        put(
            b,
            "RETRY_BACKOFF_MS_CONFIG",
            c.retry_backoff_ms.to_string(),
            c.retry_backoff_ms != def.retry_backoff_ms,
        );
        put(
            b,
            "RETRY_BACKOFF_MAX_MS_CONFIG",
            c.retry_backoff_max_ms.to_string(),
            c.retry_backoff_max_ms != def.retry_backoff_max_ms,
        );
        put(
            b,
            "DELIVERY_TIMEOUT_MS_CONFIG",
            c.delivery_timeout_ms.to_string(),
            c.delivery_timeout_ms != def.delivery_timeout_ms,
        );
    }
    b.l("try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {");
    b.l(&format!(
        "    for (String event : new String[] {{{}}}) {{",
        send.java_events()
    ));
    // A null key leaves nothing to infer the key's type from.
    let (types, key) = match send.key {
        Some(k) => ("", java_quote(k)),
        None => ("String, String", "null".to_owned()),
    };
    b.l(&format!(
        "        producer.send(new ProducerRecord<{types}>(\"orders\", {key}, event));"
    ));
    b.l("    }");
    b.l("}");
    b.close_func();
}
