//! The application's own partitioner: a rule that places some keys itself
//! (the region split, the two-phase table), plugged into each client the
//! way its API takes one, and every other key left to the library's
//! Java-compatible murmur2 partitioner, so the rest lands where Java puts it.
//!
//! The hooks, read in the pinned sources: franz-go pkg/kgo/partitioner.go
//! (`BasicConsistentPartitioner`, `StickyKeyPartitioner(nil)`), sarama
//! partitioner.go (`Partitioner`, `PartitionerConstructor`,
//! `NewMurmur2Partitioner`), kafka-go balancer.go (`Balancer`,
//! `Murmur2Balancer`), confluent-kafka-go producer.go (`GetMetadata`;
//! librdkafka takes an explicit `TopicPartition.Partition`), Kafka's
//! `Partitioner` and `BuiltInPartitioner.partitionForKey` (KafkaProducer
//! refuses a negative partition from a custom partitioner).

use super::{Builder, GoClient, GoLensMsg};

/// A rule: in Go `NAME(key []byte, n int) (int, bool)`, in Java
/// `static int NAME(byte[] key, int n)`, −1 for a key it does not place.
pub(crate) struct Rule {
    /// `regionPartition`: the function's name.
    pub func: &'static str,
    /// `Region`: the hook types are named after it.
    pub kind: &'static str,
    /// The Go source of the rule and what it needs, at top level.
    pub go: Vec<String>,
    pub go_imports: &'static [&'static str],
    /// The Java static members, at class level.
    pub java: Vec<String>,
    pub java_imports: &'static [&'static str],
}

/// Writes the rule and the client's hook around it, at top level (Java:
/// members of `Main`, whose `main` the writer then opens itself).
pub(crate) fn write_hook(b: &mut Builder, rule: &Rule) {
    let (f, kind) = (rule.func, rule.kind);
    if b.client == GoClient::Java {
        for i in rule.java_imports {
            b.import(i);
        }
        for i in [
            "java.util.Map",
            "java.util.concurrent.ThreadLocalRandom",
            "org.apache.kafka.clients.producer.Partitioner",
            "org.apache.kafka.clients.producer.internals.BuiltInPartitioner",
            "org.apache.kafka.common.Cluster",
        ] {
            b.import(i);
        }
        b.java_methods();
        b.indent(1);
        for l in &rule.java {
            b.line(l, !l.is_empty() && !l.starts_with("//"));
        }
        b.l("");
        b.c(&format!(
            "public static class {kind}Partitioner implements Partitioner {{"
        ));
        b.c("    @Override");
        b.c("    public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes, Cluster cluster) {");
        b.c("        int n = cluster.partitionsForTopic(topic).size();");
        b.c(&format!(
            "        int p = keyBytes == null ? -1 : {f}(keyBytes, n);"
        ));
        b.c("        if (p >= 0) return p;");
        b.indent(2);
        b.note(GoLensMsg::JavaHookNullKey);
        b.indent(-2);
        b.c("        return keyBytes == null ? ThreadLocalRandom.current().nextInt(n) : BuiltInPartitioner.partitionForKey(keyBytes, n);");
        b.c("    }");
        b.l("");
        b.c("    @Override");
        b.c("    public void configure(Map<String, ?> configs) {}");
        b.l("");
        b.c("    @Override");
        b.c("    public void close() {}");
        b.c("}");
        b.l("");
        b.indent(-1);
        return;
    }
    for i in rule.go_imports {
        b.import(i);
    }
    for l in &rule.go {
        // The rule is the application's: marked, but not its comments.
        b.line(l, !l.is_empty() && !l.starts_with("//"));
    }
    b.l("");
    let lower = lower_first(kind);
    match b.client {
        GoClient::FranzGo => {
            b.note(GoLensMsg::FranzHookNote);
            b.c(&format!("func {lower}Partitioner() kgo.Partitioner {{"));
            b.c("\treturn kgo.BasicConsistentPartitioner(func(topic string) func(*kgo.Record, int) int {");
            b.c("\t\tmurmur2 := kgo.StickyKeyPartitioner(nil).ForTopic(topic)");
            b.c("\t\treturn func(r *kgo.Record, n int) int {");
            b.c(&format!("\t\t\tif p, ok := {f}(r.Key, n); ok {{"));
            b.c("\t\t\t\treturn p");
            b.c("\t\t\t}");
            b.c("\t\t\treturn murmur2.Partition(r, n)");
            b.c("\t\t}");
            b.c("\t})");
            b.c("}");
        }
        GoClient::Sarama => {
            b.note(GoLensMsg::SaramaHookNote);
            b.c(&format!(
                "type {lower}Partitioner struct{{ murmur2 sarama.Partitioner }}"
            ));
            b.l("");
            b.c(&format!(
                "func new{kind}Partitioner(topic string) sarama.Partitioner {{"
            ));
            b.c(&format!(
                "\treturn {lower}Partitioner{{murmur2: sarama.NewMurmur2Partitioner(topic)}}"
            ));
            b.c("}");
            b.l("");
            b.c(&format!("func (p {lower}Partitioner) Partition(msg *sarama.ProducerMessage, n int32) (int32, error) {{"));
            b.c("\tif msg.Key != nil {");
            b.c("\t\tkey, err := msg.Key.Encode()");
            b.c("\t\tif err != nil {");
            b.c("\t\t\treturn -1, err");
            b.c("\t\t}");
            b.c(&format!("\t\tif q, ok := {f}(key, int(n)); ok {{"));
            b.c("\t\t\treturn int32(q), nil");
            b.c("\t\t}");
            b.c("\t}");
            b.c("\treturn p.murmur2.Partition(msg, n)");
            b.c("}");
            b.l("");
            b.c(&format!(
                "func ({lower}Partitioner) RequiresConsistency() bool {{ return true }}"
            ));
        }
        GoClient::KafkaGo => {
            b.note(GoLensMsg::KafkaGoHookNote);
            b.c(&format!(
                "type {lower}Balancer struct{{ murmur2 kafka.Murmur2Balancer }}"
            ));
            b.l("");
            b.c(&format!(
                "func (b {lower}Balancer) Balance(msg kafka.Message, partitions ...int) int {{"
            ));
            b.c(&format!(
                "\tif q, ok := {f}(msg.Key, len(partitions)); ok {{"
            ));
            b.c("\t\treturn partitions[q]");
            b.c("\t}");
            b.c("\treturn b.murmur2.Balance(msg, partitions...)");
            b.c("}");
        }
        // librdkafka has no partitioner callback in Go: the producer loop
        // computes the partition (`place`).
        GoClient::ConfluentKafkaGo | GoClient::Java => return,
    }
    b.l("");
}

/// The line among the producer's settings that installs the hook.
pub(crate) fn option(client: GoClient, rule: &Rule) -> String {
    let (kind, lower) = (rule.kind, lower_first(rule.kind));
    match client {
        GoClient::FranzGo => format!("kgo.RecordPartitioner({lower}Partitioner()),"),
        GoClient::Sarama => format!("cfg.Producer.Partitioner = new{kind}Partitioner"),
        GoClient::KafkaGo => format!("Balancer: {lower}Balancer{{}},"),
        // Keys the rule leaves go to librdkafka's Java-compatible hash.
        GoClient::ConfluentKafkaGo => "\"partitioner\": \"murmur2_random\",".to_owned(),
        GoClient::Java => {
            format!("props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, {kind}Partitioner.class);")
        }
    }
}

/// confluent-kafka-go: the topic's partition count, from the producer's
/// metadata, as `n`.
pub(crate) fn confluent_count(b: &mut Builder) {
    b.c("md, err := prod.GetMetadata(&topic, false, 10000)");
    b.go_check();
    b.c("n := len(md.Topics[topic].Partitions)");
}

/// confluent-kafka-go: `partition` for `key`, the rule's or, for a key it
/// leaves, `PartitionAny` for librdkafka's partitioner.
pub(crate) fn confluent_place(b: &mut Builder, rule: &Rule, key: &str) {
    b.c("partition := kafka.PartitionAny");
    b.c(&format!("if p, ok := {}({key}, n); ok {{", rule.func));
    b.c("\tpartition = int32(p)");
    b.c("}");
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
