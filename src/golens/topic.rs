//! The topic's own settings, written as the admin call that creates it:
//! replication factor, `min.insync.replicas` and unclean election belong
//! to the topic, not to the producer.

use super::{Builder, GoClient, GoLensMsg};

/// One topic config, with whether it differs from the broker's default.
pub(crate) struct TopicConfig {
    pub name: &'static str,
    pub value: String,
    pub changed: bool,
}

/// A topic as a scene has it.
pub(crate) struct Topic {
    pub name: &'static str,
    pub partitions: u32,
    pub replication_factor: u32,
    pub configs: Vec<TopicConfig>,
}

/// The broker's defaults, Kafka 4.4.0: `default.replication.factor` 1
/// (ReplicationConfigs.REPLICATION_FACTOR_DEFAULT), `min.insync.replicas` 1
/// (ServerLogConfigs.MIN_IN_SYNC_REPLICAS_DEFAULT),
/// `unclean.leader.election.enable` false
/// (LogConfig.DEFAULT_UNCLEAN_LEADER_ELECTION_ENABLE).
pub(super) const DEFAULT_REPLICATION_FACTOR: u32 = 1;
pub(super) const DEFAULT_MIN_INSYNC_REPLICAS: u32 = 1;

impl Topic {
    /// The replication scene's topic.
    pub fn replicated(replication_factor: u32, min_isr: u32, unclean: bool) -> Self {
        Topic {
            name: "orders",
            partitions: 1,
            replication_factor,
            configs: vec![
                TopicConfig {
                    name: "min.insync.replicas",
                    value: min_isr.to_string(),
                    changed: min_isr != DEFAULT_MIN_INSYNC_REPLICAS,
                },
                TopicConfig {
                    name: "unclean.leader.election.enable",
                    value: unclean.to_string(),
                    changed: unclean,
                },
            ],
        }
    }

    /// The pipeline's topic: each partition has a leader and one follower
    /// (scenes/pipeline/model/run.rs, the failover).
    pub fn pipeline(partitions: u32, unclean: bool) -> Self {
        Topic {
            name: "orders",
            partitions,
            replication_factor: 2,
            configs: vec![TopicConfig {
                name: "unclean.leader.election.enable",
                value: unclean.to_string(),
                changed: unclean,
            }],
        }
    }

    fn rf_changed(&self) -> bool {
        self.replication_factor != DEFAULT_REPLICATION_FACTOR
    }
}

/// Writes `createTopic`, the function the producer calls before it sends,
/// and names the call in `b.admin_call`. Each call's signature is the
/// pinned library's: franz-go pkg/kadm/topics.go (`Client.CreateTopic`),
/// sarama admin.go (`ClusterAdmin.CreateTopic`, `TopicDetail`), kafka-go
/// createtopics.go (`Client.CreateTopics`, `TopicConfig.ConfigEntries`),
/// confluent-kafka-go kafka/adminapi.go (`AdminClient.CreateTopics`,
/// `TopicSpecification.Config`), Java `Admin.createTopics`, `NewTopic.configs`.
pub(crate) fn create_topic(b: &mut Builder, t: &Topic) {
    let (n, rf) = (t.partitions, t.replication_factor);
    let width = t.configs.iter().map(|c| c.name.len()).max().unwrap_or(0) + 3;
    let pad = |name: &str| " ".repeat(width - name.len() - 2);
    b.note(GoLensMsg::TopicSettingsNote);
    match b.client {
        GoClient::FranzGo => {
            b.import("context");
            b.import("github.com/twmb/franz-go/pkg/kadm");
            b.l("func createTopic(cl *kgo.Client) {");
            b.l("\tconfigs := map[string]*string{");
            for c in &t.configs {
                b.line(
                    &format!(
                        "\t\t\"{}\":{}kadm.StringPtr(\"{}\"),",
                        c.name,
                        pad(c.name),
                        c.value
                    ),
                    c.changed,
                );
            }
            b.l("\t}");
            b.line(&format!("\tif _, err := kadm.NewClient(cl).CreateTopic(context.Background(), {n}, {rf}, configs, \"{}\"); err != nil {{", t.name), t.rf_changed());
        }
        GoClient::Sarama => {
            b.l("func createTopic(cfg *sarama.Config) {");
            b.l("\tadmin, err := sarama.NewClusterAdmin([]string{\"localhost:9092\"}, cfg)");
            b.l("\tif err != nil {");
            b.l("\t\tpanic(err)");
            b.l("\t}");
            b.l("\tdefer admin.Close()");
            b.l("\tptr := func(s string) *string { return &s }");
            b.l("\tdetail := &sarama.TopicDetail{");
            b.l(&format!("\t\tNumPartitions:     {n},"));
            b.line(&format!("\t\tReplicationFactor: {rf},"), t.rf_changed());
            b.l("\t\tConfigEntries: map[string]*string{");
            for c in &t.configs {
                b.line(
                    &format!("\t\t\t\"{}\":{}ptr(\"{}\"),", c.name, pad(c.name), c.value),
                    c.changed,
                );
            }
            b.l("\t\t},");
            b.l("\t}");
            b.l(&format!(
                "\tif err := admin.CreateTopic(\"{}\", detail, false); err != nil {{",
                t.name
            ));
        }
        GoClient::KafkaGo => {
            b.import("context");
            b.l("func createTopic() {");
            b.l("\tadmin := &kafka.Client{Addr: kafka.TCP(\"localhost:9092\")}");
            b.l("\ttopic := kafka.TopicConfig{");
            b.l(&format!("\t\tTopic:             \"{}\",", t.name));
            b.l(&format!("\t\tNumPartitions:     {n},"));
            b.line(&format!("\t\tReplicationFactor: {rf},"), t.rf_changed());
            b.l("\t\tConfigEntries: []kafka.ConfigEntry{");
            for c in &t.configs {
                b.line(
                    &format!(
                        "\t\t\t{{ConfigName: \"{}\", ConfigValue: \"{}\"}},",
                        c.name, c.value
                    ),
                    c.changed,
                );
            }
            b.l("\t\t},");
            b.l("\t}");
            b.l("\tresp, err := admin.CreateTopics(context.Background(), &kafka.CreateTopicsRequest{Topics: []kafka.TopicConfig{topic}})");
            b.l("\tif err == nil {");
            inner_note(b, GoLensMsg::KafkaGoTopicErrorInTheAnswer);
            b.l(&format!("\t\terr = resp.Errors[\"{}\"]", t.name));
            b.l("\t}");
            b.l("\tif err != nil {");
        }
        GoClient::ConfluentKafkaGo => {
            b.import("context");
            b.l("func createTopic() {");
            b.l("\tadmin, err := kafka.NewAdminClient(&kafka.ConfigMap{\"bootstrap.servers\": \"localhost:9092\"})");
            b.l("\tif err != nil {");
            b.l("\t\tpanic(err)");
            b.l("\t}");
            b.l("\tdefer admin.Close()");
            b.l("\ttopic := kafka.TopicSpecification{");
            b.l(&format!("\t\tTopic:             \"{}\",", t.name));
            b.l(&format!("\t\tNumPartitions:     {n},"));
            b.line(&format!("\t\tReplicationFactor: {rf},"), t.rf_changed());
            b.l("\t\tConfig: map[string]string{");
            for c in &t.configs {
                b.line(
                    &format!("\t\t\t\"{}\":{}\"{}\",", c.name, pad(c.name), c.value),
                    c.changed,
                );
            }
            b.l("\t\t},");
            b.l("\t}");
            b.l("\tresults, err := admin.CreateTopics(context.Background(), []kafka.TopicSpecification{topic})");
            b.l("\tif err == nil && results[0].Error.Code() != kafka.ErrNoError {");
            inner_note(b, GoLensMsg::LibrdkafkaTopicErrorInTheAnswer);
            b.l("\t\terr = results[0].Error");
            b.l("\t}");
            b.l("\tif err != nil {");
        }
        GoClient::Java => {
            b.import("java.util.List");
            b.import("java.util.Map");
            b.import("org.apache.kafka.clients.admin.Admin");
            b.import("org.apache.kafka.clients.admin.AdminClientConfig");
            b.import("org.apache.kafka.clients.admin.NewTopic");
            b.l("try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\"))) {");
            b.line(
                &format!(
                    "    NewTopic topic = new NewTopic(\"{}\", {n}, (short) {rf}).configs(Map.of(",
                    t.name
                ),
                t.rf_changed(),
            );
            let last = t.configs.len().saturating_sub(1);
            for (i, c) in t.configs.iter().enumerate() {
                let comma = if i == last { "" } else { "," };
                b.line(
                    &format!("            \"{}\", \"{}\"{comma}", c.name, c.value),
                    c.changed,
                );
            }
            b.l("    ));");
            b.l("    admin.createTopics(List.of(topic)).all().get();");
            b.l("}");
            return;
        }
    }
    b.end_admin_helper("createTopic");
}

/// A note inside an admin helper's error check, two tabs in.
fn inner_note(b: &mut Builder, msg: GoLensMsg) {
    b.indent(2);
    b.note(msg);
    b.indent(-2);
}
