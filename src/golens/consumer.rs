//! The consuming scenes: a group (assignor, commits, the idempotent
//! handler), a partition count change (the admin call and where the group
//! starts on a new partition), and the workers' keyed pool.

use super::{Builder, GoClient, GoLensMsg, Severity};
use crate::i18n::Lang;
use crate::i18n::{
    lens_no_strategy, lens_signed_note_32, lens_signed_note_64, lens_signed_one_worker,
};
use crate::scenes::group::model::CommitMode;
use crate::scenes::workers::model::{order_key, Mode, WorkerHash};
use crate::sim::assignor::{Assignor, ServerAssignor};
use crate::sim::consumer::OffsetReset;
use crate::sim::partitioner::fnv1a_32;
use twox_hash::XxHash64;

/// What the consumer loop does with each record.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum OnRecord {
    /// `handle(key, value)`, in the loop.
    Handle,
    /// `go handle(key, value)`: one goroutine per record.
    Goroutine,
    /// `pool.Route(r)`.
    Pool,
}

/// The group settings a consumer loop is written with.
pub(crate) struct GroupSettings {
    /// The classic protocol's assignor, if the scene names one.
    pub assignor: Option<Assignor>,
    /// The consumer protocol's (KIP-848) server-side assignor, when the
    /// scene runs that protocol; `assignor` is then `None`.
    pub remote: Option<ServerAssignor>,
    pub commit: CommitMode,
    /// Where a partition with no committed offset starts. The group,
    /// workers and pipeline scenes read their topic from its first record,
    /// so their programs start at the earliest offset: sarama's, librdkafka's
    /// and Java's default is the end, where a new group's program would
    /// wait for records written after it joined (the pipeline's, which
    /// writes its orders first, would handle none; golens-vet runs it).
    pub reset: Option<OffsetReset>,
    /// Leave out the line that sets `reset` where it is not the library's
    /// default, keeping its note: the program a warning of the default
    /// start describes (`as_warned`).
    pub default_start: bool,
}

impl GroupSettings {
    /// A group with the library's assignor and auto commit, reading its
    /// topic from the first record: the workers' and the share scene's
    /// pool.
    pub(crate) fn from_the_start() -> Self {
        GroupSettings {
            assignor: None,
            remote: None,
            commit: CommitMode::Auto,
            reset: Some(OffsetReset::Earliest),
            default_start: false,
        }
    }
}

/// The pipeline's group: the scene's assignor and commit mode, each record
/// handed on as the scene's handler does (the keyed pool on FNV-1a, the
/// scene's hash), and the sink's duplicate check in the handler.
pub(crate) fn write_pipeline_group(
    b: &mut Builder,
    assignor: Assignor,
    commit: CommitMode,
    mode: Mode,
    workers: u32,
    dedupe: bool,
) {
    let g = GroupSettings {
        assignor: Some(assignor),
        remote: None,
        commit,
        reset: Some(OffsetReset::Earliest),
        default_start: false,
    };
    if commit == CommitMode::Manual && mode != Mode::Sequential {
        b.warn_msg(Severity::Note, GoLensMsg::HereTheCommitFollowsHandingA);
    }
    handled(b, &g, mode, workers, WorkerHash::Fnv1a, dedupe);
}

/// A consumer loop that hands each record on as `mode` says, and the
/// handler it calls.
pub(crate) fn handled(
    b: &mut Builder,
    g: &GroupSettings,
    mode: Mode,
    workers: u32,
    hash: WorkerHash,
    idempotent: bool,
) {
    let on = match mode {
        Mode::Sequential => OnRecord::Handle,
        Mode::PerMessage => OnRecord::Goroutine,
        Mode::KeyedPool => OnRecord::Pool,
    };
    // Area lens-consumer's workers-per-message cases see the victim finish
    // `order-1 Shipped` while it holds `order-1 Paid`
    // (measured::warning_cases).
    if on == OnRecord::Goroutine {
        b.warn_msg(
            Severity::BreaksOrder,
            GoLensMsg::AGoroutinePerRecordOneOrder,
        );
    }
    if on == OnRecord::Pool {
        pool(b, workers, hash);
    }
    consume(b, g, on);
    handler(b, idempotent, on != OnRecord::Handle);
}

/// The keyed pool, typed by the client's record.
fn pool(b: &mut Builder, workers: u32, hash: WorkerHash) {
    let (record, key) = record_type(b.client);
    b.pool_workers = Some(workers);
    if b.client == GoClient::Java {
        // Java's pool is written inline in `consume`; the JDK has neither
        // hash, so the reference spreads by String.hashCode.
        b.warn_msg(Severity::Note, GoLensMsg::TheJDKHasNeitherFNV1a);
        return;
    }
    b.import("sync");
    match hash {
        WorkerHash::Fnv1a => b.import("hash/fnv"),
        WorkerHash::XxHash64 => b.import("github.com/cespare/xxhash/v2"),
    }
    b.l("type KeyedWorkerPool struct {");
    b.l(&format!("\tqueues []chan {record}"));
    b.l("\twg     sync.WaitGroup");
    b.l("}");
    b.l("");
    b.l("func NewKeyedWorkerPool(workers, buffer int) *KeyedWorkerPool {");
    b.l(&format!(
        "\tp := &KeyedWorkerPool{{queues: make([]chan {record}, workers)}}"
    ));
    b.l("\tfor i := range p.queues {");
    b.l(&format!("\t\tp.queues[i] = make(chan {record}, buffer)"));
    b.l("\t\tp.wg.Add(1)");
    b.l(&format!("\t\tgo func(q <-chan {record}) {{"));
    b.l("\t\t\tdefer p.wg.Done()");
    b.l("\t\t\tfor r := range q {");
    b.l(&format!("\t\t\t\thandle({key}, r.Value)"));
    b.l("\t\t\t}");
    b.l("\t\t}(p.queues[i])");
    b.l("\t}");
    b.l("\treturn p");
    b.l("}");
    b.l("");
    b.note(GoLensMsg::AnUnsignedRemainderTheIndexIs);
    b.l(&format!("func (p *KeyedWorkerPool) Route(r {record}) {{"));
    match hash {
        WorkerHash::Fnv1a => {
            b.l("\th := fnv.New32a()");
            b.l(&format!("\th.Write({key})"));
            b.l("\tp.queues[h.Sum32()%uint32(len(p.queues))] <- r");
        }
        WorkerHash::XxHash64 => {
            b.l(&format!(
                "\tp.queues[xxhash.Sum64({key})%uint64(len(p.queues))] <- r"
            ));
        }
    }
    b.l("}");
    b.l("");
    b.l("func (p *KeyedWorkerPool) Close() {");
    b.l("\tfor _, q := range p.queues {");
    b.l("\t\tclose(q)");
    b.l("\t}");
    b.l("\tp.wg.Wait()");
    b.l("}");
    b.l("");
}

/// The Go type of a consumed record, and how its key is read.
fn record_type(client: GoClient) -> (&'static str, &'static str) {
    match client {
        GoClient::FranzGo => ("*kgo.Record", "r.Key"),
        GoClient::Sarama => ("*sarama.ConsumerMessage", "r.Key"),
        GoClient::KafkaGo => ("kafka.Message", "r.Key"),
        GoClient::ConfluentKafkaGo => ("*kafka.Message", "r.Key"),
        GoClient::Java => ("ConsumerRecord<String, String>", "r.key()"),
    }
}

/// The Go call for one record.
fn on_record(b: &Builder, on: OnRecord) -> String {
    match (on, b.client) {
        (_, GoClient::Java) => String::new(),
        (OnRecord::Handle, _) => "handle(r.Key, r.Value)".to_owned(),
        (OnRecord::Goroutine, _) => "go handle(r.Key, r.Value)".to_owned(),
        (OnRecord::Pool, _) => "pool.Route(r)".to_owned(),
    }
}

/// franz-go's poll loop up to the callback for each record, which the
/// caller writes: a group's consumer and a share group's poll alike.
pub(crate) fn franz_poll_loop(b: &mut Builder) {
    b.l("ctx := context.Background()");
    b.l("for {");
    b.l("\tfetches := cl.PollFetches(ctx)");
    b.l("\tif err := fetches.Err(); err != nil {");
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.l("\tfetches.EachRecord(func(r *kgo.Record) {");
}

fn pool_start(b: &mut Builder) {
    if let Some(call) = b.admin_call.clone() {
        b.c(&call);
    }
    if let Some(w) = b.pool_workers {
        b.c(&format!("pool := NewKeyedWorkerPool({w}, 64)"));
        b.l("defer pool.Close()");
    }
}

pub(crate) fn consume(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    match b.client {
        GoClient::FranzGo => franz(b, g, on),
        GoClient::Sarama => sarama(b, g, on),
        GoClient::KafkaGo => kafka_go(b, g, on),
        GoClient::ConfluentKafkaGo => confluent(b, g, on),
        GoClient::Java => java(b, g, on),
    }
}

fn cannot_assignor(b: &mut Builder, lib: &str, a: Assignor, has: &str) {
    b.warn(Severity::Cannot, lens_no_strategy(b.lang, lib, a.id(), has));
}

fn franz(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    b.import("context");
    b.import("github.com/twmb/franz-go/pkg/kgo");
    b.open_func();
    b.l("cl, err := kgo.NewClient(");
    b.indent(1);
    b.l("kgo.SeedBrokers(\"localhost:9092\"),");
    b.l("kgo.ConsumerGroup(\"orders-group\"),");
    b.l("kgo.ConsumeTopics(\"orders\"),");
    if let Some(a) = g.assignor {
        b.note(GoLensMsg::CooperativeStickyBalancerByDefaultPkgKgoConfig);
        let balancer = match a {
            Assignor::Range => "RangeBalancer",
            Assignor::RoundRobin => "RoundRobinBalancer",
            Assignor::Sticky => "StickyBalancer",
            Assignor::CooperativeSticky => "CooperativeStickyBalancer",
        };
        b.line(
            &format!("kgo.Balancers(kgo.{balancer}()),"),
            a != Assignor::CooperativeSticky,
        );
    }
    if let Some(remote) = g.remote {
        b.note(GoLensMsg::FranzServerSideBalancer);
        if remote == ServerAssignor::Range {
            b.c("kgo.Balancers(kgo.RangeBalancer()),");
        }
        b.c("kgo.ServerSideBalancer(),");
    }
    match g.reset {
        Some(OffsetReset::Latest) => b.c("kgo.ConsumeStartOffset(kgo.NewOffset().AtEnd()),"),
        Some(OffsetReset::Earliest) => b.note(GoLensMsg::WithNoCommitTheGroupStarts),
        None => {}
    }
    if g.commit == CommitMode::Manual {
        b.c("kgo.DisableAutoCommit(),");
    } else if g.assignor.is_some() || g.remote.is_some() {
        b.note(GoLensMsg::AutoCommitEvery5SOf);
    }
    b.indent(-1);
    b.l(")");
    b.go_check();
    b.l("defer cl.Close()");
    pool_start(b);
    franz_poll_loop(b);
    b.line(&format!("\t\t{}", on_record(b, on)), on != OnRecord::Handle);
    b.l("\t})");
    if g.commit == CommitMode::Manual {
        b.c("\tif err := cl.CommitUncommittedOffsets(ctx); err != nil {");
        b.c("\t\tpanic(err)");
        b.c("\t}");
    }
    b.l("}");
    b.close_func();
}

fn sarama(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    b.import("context");
    b.import("github.com/IBM/sarama");
    if g.remote.is_some() {
        b.warn_msg(Severity::Cannot, GoLensMsg::SaramaHasNoConsumerProtocol);
    }
    b.l("type consumer struct {");
    if on == OnRecord::Pool {
        b.l("\tpool *KeyedWorkerPool");
    }
    b.l("}");
    b.l("");
    b.l("func (consumer) Setup(sarama.ConsumerGroupSession) error   { return nil }");
    b.l("func (consumer) Cleanup(sarama.ConsumerGroupSession) error { return nil }");
    b.l("");
    b.l("func (c consumer) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {");
    b.l("\tfor r := range claim.Messages() {");
    let call = on_record(b, on).replace("pool.Route", "c.pool.Route");
    b.line(&format!("\t\t{call}"), on != OnRecord::Handle);
    b.indent(2);
    b.note(GoLensMsg::MarkMessageMarksOffset1ForThe);
    b.indent(-2);
    b.l("\t\ts.MarkMessage(r, \"\")");
    if g.commit == CommitMode::Manual {
        b.c("\t\ts.Commit()");
    }
    b.l("\t}");
    b.l("\treturn nil");
    b.l("}");
    b.l("");
    b.open_func();
    b.l("cfg := sarama.NewConfig()");
    if let Some(a) = g.assignor {
        b.note(GoLensMsg::RangeOnlyByDefaultConfigGo);
        let s = match a {
            Assignor::Range => "NewBalanceStrategyRange",
            Assignor::RoundRobin => "NewBalanceStrategyRoundRobin",
            Assignor::Sticky => "NewBalanceStrategySticky",
            Assignor::CooperativeSticky => "NewBalanceStrategyCooperativeSticky",
        };
        b.line(
            &format!("cfg.Consumer.Group.Rebalance.GroupStrategies = []sarama.BalanceStrategy{{sarama.{s}()}}"),
            a != Assignor::Range,
        );
    }
    match g.reset {
        Some(OffsetReset::Earliest) => {
            b.note(GoLensMsg::OffsetNewestByDefaultConfigGoNewConfig);
            if !g.default_start {
                b.c("cfg.Consumer.Offsets.Initial = sarama.OffsetOldest");
            }
        }
        Some(OffsetReset::Latest) => {}
        None => {}
    }
    if g.commit == CommitMode::Manual {
        b.c("cfg.Consumer.Offsets.AutoCommit.Enable = false");
    } else if g.assignor.is_some() || g.remote.is_some() {
        b.import("time");
        b.note(GoLensMsg::AutoCommitEvery1SBy);
        b.c("cfg.Consumer.Offsets.AutoCommit.Interval = 5 * time.Second");
    }
    b.l("group, err := sarama.NewConsumerGroup([]string{\"localhost:9092\"}, \"orders-group\", cfg)");
    b.go_check();
    b.l("defer group.Close()");
    pool_start(b);
    let handler = if on == OnRecord::Pool {
        "consumer{pool: pool}"
    } else {
        "consumer{}"
    };
    b.l("for {");
    b.l(&format!("\tif err := group.Consume(context.Background(), []string{{\"orders\"}}, {handler}); err != nil {{"));
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.l("}");
    b.close_func();
}

fn kafka_go(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    b.import("context");
    b.import("github.com/segmentio/kafka-go");
    if let Some(a @ (Assignor::Sticky | Assignor::CooperativeSticky)) = g.assignor {
        cannot_assignor(b, "kafka-go", a, "RangeGroupBalancer, RoundRobinGroupBalancer, RackAffinityGroupBalancer (groupbalancer.go)");
    }
    if g.remote.is_some() {
        b.warn_msg(Severity::Cannot, GoLensMsg::KafkaGoHasNoConsumerProtocol);
    }
    let auto = g.commit == CommitMode::Auto;
    // ReadMessage commits before it returns (reader.go, `Reader.ReadMessage`
    // calls `CommitMessages`), so a member that dies while it handles a
    // record loses it; the loop fetches and commits once the record is
    // handled, which CommitInterval turns into a commit every 5 s
    // (`Reader.CommitMessages` only queues the commit when
    // `useSyncCommits` is false). Area lens-consumer runs both: case
    // group-auto the lens's loop, group-auto-default the ReadMessage loop
    // (`as_warned`).
    let warned = auto && (g.assignor.is_some() || g.remote.is_some());
    if warned {
        b.warn_msg(
            Severity::LosesRecords,
            GoLensMsg::KafkaGoReadMessageCommitsBeforeHandling,
        );
    }
    // The loop the warning describes is the library's own: ReadMessage,
    // which fetches and commits (or queues the commit) before it returns.
    let read_message = warned && b.as_warned;
    b.open_func();
    b.l("r := kafka.NewReader(kafka.ReaderConfig{");
    b.indent(1);
    b.l("Brokers: []string{\"localhost:9092\"},");
    b.l("GroupID: \"orders-group\",");
    b.l("Topic:   \"orders\",");
    if let Some(a) = g.assignor {
        b.note(GoLensMsg::RangeRoundRobinByDefaultReaderGo);
        // The group picks the first balancer every member lists: range,
        // unless the scene asks for round-robin.
        if a == Assignor::RoundRobin {
            b.c("GroupBalancers: []kafka.GroupBalancer{kafka.RoundRobinGroupBalancer{}},");
        }
    }
    match g.reset {
        Some(OffsetReset::Latest) => b.c("StartOffset: kafka.LastOffset,"),
        Some(OffsetReset::Earliest) => b.note(GoLensMsg::FirstOffsetByDefaultReaderGoReaderConfig),
        None => {}
    }
    if auto && (g.assignor.is_some() || g.remote.is_some()) {
        b.import("time");
        b.c("CommitInterval: 5 * time.Second,");
    }
    b.indent(-1);
    b.l("})");
    b.l("defer r.Close()");
    pool_start(b);
    b.l("ctx := context.Background()");
    b.l("for {");
    if read_message {
        b.l("\tr, err := r.ReadMessage(ctx)");
    } else {
        b.c("\tr, err := r.FetchMessage(ctx)");
    }
    b.l("\tif err != nil {");
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.line(&format!("\t{}", on_record(b, on)), on != OnRecord::Handle);
    if !read_message {
        b.c("\tif err := r.CommitMessages(ctx, r); err != nil {");
        b.c("\t\tpanic(err)");
        b.c("\t}");
    }
    b.l("}");
    b.close_func();
    // The loop's record shadows the reader; rename the reader.
    rename_reader(b);
}

/// kafka-go's loop reads into `r`, the name every handler uses; the reader
/// itself is `reader`.
fn rename_reader(b: &mut Builder) {
    for line in b.body_mut() {
        line.text = line
            .text
            .replace("r := kafka.NewReader", "reader := kafka.NewReader")
            .replace("defer r.Close()", "defer reader.Close()")
            .replace("r, err := r.", "r, err := reader.")
            .replace(
                "err := r.CommitMessages(ctx, r)",
                "err := reader.CommitMessages(ctx, r)",
            );
    }
}

fn confluent(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    b.import("github.com/confluentinc/confluent-kafka-go/v2/kafka");
    if let Some(a @ Assignor::Sticky) = g.assignor {
        cannot_assignor(
            b,
            "librdkafka",
            a,
            "range, roundrobin, cooperative-sticky (rdkafka_assignor.c)",
        );
    }
    b.open_func();
    b.l("c, err := kafka.NewConsumer(&kafka.ConfigMap{");
    b.indent(1);
    b.l("\"bootstrap.servers\": \"localhost:9092\",");
    b.l("\"group.id\":          \"orders-group\",");
    if let Some(a) = g.assignor {
        b.note(GoLensMsg::RangeRoundrobinByDefaultLibrdkafkaCONFIGURATION);
        let s = match a {
            Assignor::Range => "range",
            Assignor::RoundRobin => "roundrobin",
            Assignor::Sticky => "range,roundrobin",
            Assignor::CooperativeSticky => "cooperative-sticky",
        };
        b.line(
            &format!("\"partition.assignment.strategy\": \"{s}\","),
            a != Assignor::Sticky,
        );
    }
    if let Some(remote) = g.remote {
        b.warn_msg(Severity::Note, GoLensMsg::LibrdkafkaConsumerProtocolPreview);
        b.c("\"group.protocol\": \"consumer\",");
        b.c(&format!("\"group.remote.assignor\": \"{}\",", remote.id()));
    }
    match g.reset {
        Some(OffsetReset::Earliest) => {
            b.note(GoLensMsg::LargestByDefaultCONFIGURATIONMdAuto);
            if !g.default_start {
                b.c("\"auto.offset.reset\": \"earliest\",");
            }
        }
        Some(OffsetReset::Latest) | None => {}
    }
    // librdkafka stores a message's offset for the auto-commit when it
    // hands the message out (rdkafka_offset.c, `rd_kafka_update_app_pos`,
    // under enable.auto.offset.store), so a loop that handles each message
    // itself stores it once handled, as Java's auto-commit commits what the
    // loop came back from. A loop that hands messages on commits its
    // position either way: the workers scene's naive commit. Area
    // lens-consumer runs both: case group-auto this loop, group-auto-default
    // the store on read (`as_warned`).
    let store_after_handling = g.commit == CommitMode::Auto && on == OnRecord::Handle;
    if store_after_handling {
        b.warn_msg(
            Severity::LosesRecords,
            GoLensMsg::LibrdkafkaStoresOffsetOnRead,
        );
    }
    if g.commit == CommitMode::Manual {
        b.c("\"enable.auto.commit\": false,");
    }
    // The program the warning describes keeps the default store on read.
    let store_after_handling = store_after_handling && !b.as_warned;
    if store_after_handling {
        b.c("\"enable.auto.offset.store\": false,");
    }
    b.indent(-1);
    b.l("})");
    b.go_check();
    b.l("defer c.Close()");
    b.l("if err := c.SubscribeTopics([]string{\"orders\"}, nil); err != nil {");
    b.l("\tpanic(err)");
    b.l("}");
    pool_start(b);
    b.l("for {");
    b.l("\tr, err := c.ReadMessage(-1)");
    b.l("\tif err != nil {");
    b.l("\t\tpanic(err)");
    b.l("\t}");
    b.line(&format!("\t{}", on_record(b, on)), on != OnRecord::Handle);
    if g.commit == CommitMode::Manual {
        b.c("\tif _, err := c.CommitMessage(r); err != nil {");
        b.c("\t\tpanic(err)");
        b.c("\t}");
    }
    if store_after_handling {
        b.c("\tif _, err := c.StoreMessage(r); err != nil {");
        b.c("\t\tpanic(err)");
        b.c("\t}");
    }
    b.l("}");
    b.close_func();
}

fn java(b: &mut Builder, g: &GroupSettings, on: OnRecord) {
    for i in [
        "java.time.Duration",
        "java.util.List",
        "java.util.Properties",
        "org.apache.kafka.clients.consumer.ConsumerConfig",
        "org.apache.kafka.clients.consumer.ConsumerRecord",
        "org.apache.kafka.clients.consumer.KafkaConsumer",
        "org.apache.kafka.common.serialization.StringDeserializer",
    ] {
        b.import(i);
    }
    b.open_func();
    b.l("Properties props = new Properties();");
    b.l("props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\");");
    b.l("props.put(ConsumerConfig.GROUP_ID_CONFIG, \"orders-group\");");
    b.l("props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);");
    b.l("props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);");
    if let Some(a) = g.assignor {
        b.note(GoLensMsg::JavaAssignorsDefault);
        let class = match a {
            Assignor::Range => "RangeAssignor",
            Assignor::RoundRobin => "RoundRobinAssignor",
            Assignor::Sticky => "StickyAssignor",
            Assignor::CooperativeSticky => "CooperativeStickyAssignor",
        };
        b.import(match a {
            Assignor::Range => "org.apache.kafka.clients.consumer.RangeAssignor",
            Assignor::RoundRobin => "org.apache.kafka.clients.consumer.RoundRobinAssignor",
            Assignor::Sticky => "org.apache.kafka.clients.consumer.StickyAssignor",
            Assignor::CooperativeSticky => {
                "org.apache.kafka.clients.consumer.CooperativeStickyAssignor"
            }
        });
        b.line(
            &format!("props.put(ConsumerConfig.PARTITION_ASSIGNMENT_STRATEGY_CONFIG, {class}.class.getName());"),
            a != Assignor::Range,
        );
    }
    if let Some(remote) = g.remote {
        b.note(GoLensMsg::JavaConsumerProtocol);
        b.c("props.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, \"consumer\");");
        b.c(&format!(
            "props.put(ConsumerConfig.GROUP_REMOTE_ASSIGNOR_CONFIG, \"{}\");",
            remote.id()
        ));
    }
    if g.reset == Some(OffsetReset::Earliest) && !g.default_start {
        b.c("props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, \"earliest\");");
    }
    let manual = g.commit == CommitMode::Manual;
    if manual {
        b.c("props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);");
    }
    let pool = on == OnRecord::Pool;
    if pool {
        b.import("java.util.concurrent.ExecutorService");
        b.import("java.util.concurrent.Executors");
        let w = b.pool_workers.unwrap_or(1);
        b.c(&format!(
            "ExecutorService[] workers = new ExecutorService[{w}];"
        ));
        b.c("for (int i = 0; i < workers.length; i++) workers[i] = Executors.newSingleThreadExecutor();");
    }
    b.l("try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {");
    b.l("    consumer.subscribe(List.of(\"orders\"));");
    b.l("    while (true) {");
    b.l("        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {");
    match on {
        OnRecord::Handle => b.l("            System.out.println(r.key() + \" \" + r.value());"),
        OnRecord::Goroutine => {
            b.c("            new Thread(() -> System.out.println(r.key() + \" \" + r.value())).start();");
        }
        OnRecord::Pool => {
            b.indent(3);
            b.note(GoLensMsg::IntegerRemainderUnsignedAnUnsignedRemainderAs);
            b.indent(-3);
            // A null key hashes to 0, as Objects.hashCode has it.
            b.import("java.util.Objects");
            b.c("            int w = Integer.remainderUnsigned(Objects.hashCode(r.key()), workers.length);");
            b.c("            workers[w].execute(() -> System.out.println(r.key() + \" \" + r.value()));");
        }
    }
    b.l("        }");
    if manual {
        b.c("        consumer.commitSync();");
    }
    b.l("    }");
    b.l("}");
    b.close_func();
}

/// The Go handler every consumer calls; the idempotent one skips an event
/// it has already applied, so a record processed twice changes nothing.
/// Called from several goroutines (`concurrent`), it guards what it has
/// applied with a mutex.
pub(crate) fn handler(b: &mut Builder, idempotent: bool, concurrent: bool) {
    if b.client == GoClient::Java {
        return;
    }
    b.import("fmt");
    b.l("");
    if idempotent && concurrent {
        b.import("sync");
        b.c("var (");
        b.c("\tmu      sync.Mutex");
        b.c("\tapplied = map[string]bool{}");
        b.c(")");
        b.l("");
    } else if idempotent {
        b.c("var applied = map[string]bool{}");
        b.l("");
    }
    b.l("func handle(key, value []byte) {");
    if idempotent {
        b.c("\tid := string(key) + \"/\" + string(value)");
        if concurrent {
            b.c("\tmu.Lock()");
            b.c("\tseen := applied[id]");
            b.c("\tapplied[id] = true");
            b.c("\tmu.Unlock()");
            b.c("\tif seen {");
            b.c("\t\treturn");
            b.c("\t}");
        } else {
            b.c("\tif applied[id] {");
            b.c("\t\treturn");
            b.c("\t}");
            b.c("\tapplied[id] = true");
        }
    }
    b.l("\tfmt.Printf(\"%s %s\\n\", key, value)");
    b.l("}");
}

/// A comment inside a function body.
pub(crate) fn inner_note(b: &mut Builder, text: &str) {
    b.indent(1);
    b.note_text(text);
    b.indent(-1);
}

/// The error check after an admin call whose answer carries each topic's
/// own error apart from the call's: `err` becomes the topic's, then the
/// helper's last line checks it (`Builder::end_admin_helper`).
pub(crate) fn answer_error(b: &mut Builder, topic_error: &str, note: GoLensMsg) {
    b.l("\tif err == nil {");
    b.indent(2);
    b.note(note);
    b.indent(-2);
    b.l(&format!("\t\terr = {topic_error}"));
    b.l("\t}");
    b.l("\tif err != nil {");
}

/// The same for librdkafka, whose answer is a result per topic with an
/// error code.
pub(crate) fn librdkafka_answer_error(b: &mut Builder, note: GoLensMsg) {
    b.l("\tif err == nil && results[0].Error.Code() != kafka.ErrNoError {");
    b.indent(2);
    b.note(note);
    b.indent(-2);
    b.l("\t\terr = results[0].Error");
    b.l("\t}");
    b.l("\tif err != nil {");
}

/// A key for which the chapter's `int(h) % n`, negated when negative,
/// picks another worker than the unsigned `h % n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignedExample {
    pub key: String,
    /// The raw hash: FNV-1a 32 or xxHash64.
    pub hash: u64,
    /// Go's `int` width where the forms differ: 32 (GOARCH=386, arm) for
    /// FNV-1a, whose hash fits a 64-bit int; 64 for xxHash64.
    pub int_bits: u32,
    pub signed: u64,
    pub clean: u64,
}

/// The first of the scene's keys `order-1 … order-10000` where the two
/// forms disagree for `workers`, or `None` when they cannot (one worker).
pub fn signed_worker_example(hash: WorkerHash, workers: u32) -> Option<SignedExample> {
    let n = i64::from(workers.max(1));
    (1..=10_000).find_map(|order| {
        let key = order_key(order);
        let (h, int_bits, signed) = match hash {
            WorkerHash::Fnv1a => {
                let h = fnv1a_32(key.as_bytes());
                (u64::from(h), 32, (i64::from(h as i32) % n).unsigned_abs())
            }
            WorkerHash::XxHash64 => {
                let h = XxHash64::oneshot(0, key.as_bytes());
                (h, 64, ((h as i64) % n).unsigned_abs())
            }
        };
        let clean = h % n as u64;
        (signed != clean).then_some(SignedExample {
            key,
            hash: h,
            int_bits,
            signed,
            clean,
        })
    })
}

/// The note under the workers' code, in the learner's language.
pub fn signed_note(lang: Lang, hash: WorkerHash, workers: u32) -> String {
    let form = match hash {
        WorkerHash::Fnv1a => "int(h.Sum32()) % n",
        WorkerHash::XxHash64 => "int(xxhash.Sum64(key)) % n",
    };
    let clean = match hash {
        WorkerHash::Fnv1a => "h.Sum32() % uint32(n)",
        WorkerHash::XxHash64 => "xxhash.Sum64(key) % uint64(n)",
    };
    match signed_worker_example(hash, workers) {
        None => lens_signed_one_worker(lang, form, clean),
        Some(ex) if ex.int_bits == 32 => {
            lens_signed_note_32(lang, form, clean, &ex.key, ex.hash, ex.signed, ex.clean)
        }
        Some(ex) => lens_signed_note_64(lang, form, clean, &ex.key, ex.hash, ex.signed, ex.clean),
    }
}
