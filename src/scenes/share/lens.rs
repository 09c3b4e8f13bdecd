//! The share scene's Go lens: a share group as the scene runs it, where the
//! client has one (franz-go since v1.21.0, Java's `KafkaShareConsumer`); where
//! it has none, the keyed worker pool the scene puts beside it, and a
//! warning that says so with the versions checked.

use crate::golens::consumer::{franz_poll_loop, handled, handler, GroupSettings};
use crate::golens::{Builder, GoClient, GoLensMsg, Severity};
use crate::params::AppParams;
use crate::scenes::share::model::{DEFAULT_DELIVERY_LIMIT, DEFAULT_LOCK_MS};
use crate::scenes::workers::model::{Mode, WorkerHash};

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    let missing = match b.client {
        GoClient::FranzGo => None,
        GoClient::Java => None,
        GoClient::Sarama => Some(GoLensMsg::SaramaHasNoShareGroups),
        GoClient::KafkaGo => Some(GoLensMsg::KafkaGoHasNoShareGroups),
        GoClient::ConfluentKafkaGo => Some(GoLensMsg::ConfluentHasNoShareGroups),
    };
    if let Some(msg) = missing {
        b.title(GoLensMsg::TheKeyedPoolInsteadOfAShareGroup);
        b.warn_msg(Severity::Cannot, msg);
        let g = GroupSettings::from_the_start();
        handled(
            b,
            &g,
            Mode::KeyedPool,
            p.share.consumers,
            WorkerHash::Fnv1a,
            false,
        );
        return;
    }
    b.title(GoLensMsg::AShareGroupAsTheShareScene);
    let configs = group_configs(p);
    if b.client == GoClient::Java {
        java(b, &configs);
    } else {
        franz(b, &configs);
        handler(b, false, false);
    }
}

/// The group configs the program sets once, as name and value, with
/// whether each differs from the broker's default: where a new share group
/// starts, and the scene's lock and delivery limit.
fn group_configs(p: &AppParams) -> Vec<(&'static str, String, bool)> {
    let s = &p.share;
    vec![
        ("share.auto.offset.reset", "earliest".to_owned(), true),
        (
            "share.record.lock.duration.ms",
            s.lock_ms.to_string(),
            s.lock_ms != DEFAULT_LOCK_MS,
        ),
        (
            "share.delivery.count.limit",
            s.delivery_limit.to_string(),
            s.delivery_limit != DEFAULT_DELIVERY_LIMIT,
        ),
    ]
    .into_iter()
    .filter(|c| c.2)
    .collect()
}

fn franz(b: &mut Builder, configs: &[(&'static str, String, bool)]) {
    b.import("context");
    b.import("github.com/twmb/franz-go/pkg/kerr");
    b.import("github.com/twmb/franz-go/pkg/kgo");
    b.import("github.com/twmb/franz-go/pkg/kmsg");
    // The group's configs, set once (kadm v1.20.0 has no call for a
    // group's configs; IncrementalAlterConfigs does it).
    b.note(GoLensMsg::ShareGroupStartsAtTheEnd);
    b.l("func setGroupConfigs(cl *kgo.Client) {");
    b.l("\treq := kmsg.NewPtrIncrementalAlterConfigsRequest()");
    b.l("\tres := kmsg.NewIncrementalAlterConfigsRequestResource()");
    b.l("\tres.ResourceType = kmsg.ConfigResourceTypeGroupConfig");
    b.l("\tres.ResourceName = \"orders-group\"");
    b.l("\tfor _, kv := range [][2]string{");
    for (name, value, _) in configs {
        b.c(&format!("\t\t{{\"{name}\", \"{value}\"}},"));
    }
    b.l("\t} {");
    b.l("\t\tcfg := kmsg.NewIncrementalAlterConfigsRequestResourceConfig()");
    b.l("\t\tcfg.Name = kv[0]");
    b.l("\t\tcfg.Value = kmsg.StringPtr(kv[1])");
    b.l("\t\tres.Configs = append(res.Configs, cfg)");
    b.l("\t}");
    b.l("\treq.Resources = append(req.Resources, res)");
    b.l("\tresp, err := req.RequestWith(context.Background(), cl)");
    b.l("\tif err == nil {");
    b.l("\t\terr = kerr.ErrorForCode(resp.Resources[0].ErrorCode)");
    b.l("\t}");
    b.l("\tif err != nil {");
    b.end_admin_helper("setGroupConfigs");
    b.open_func();
    b.l("cl, err := kgo.NewClient(");
    b.indent(1);
    b.l("kgo.SeedBrokers(\"localhost:9092\"),");
    b.note(GoLensMsg::FranzShareGroup);
    b.c("kgo.ShareGroup(\"orders-group\"),");
    b.l("kgo.ConsumeTopics(\"orders\"),");
    b.indent(-1);
    b.l(")");
    b.go_check();
    b.l("defer cl.Close()");
    if let Some(call) = b.admin_call.take() {
        b.l(&call);
    }
    franz_poll_loop(b);
    b.l("\t\thandle(r.Key, r.Value)");
    b.c("\t\tr.Ack(kgo.AckAccept)");
    b.l("\t})");
    b.l("}");
    b.close_func();
}

fn java(b: &mut Builder, configs: &[(&'static str, String, bool)]) {
    for i in [
        "java.time.Duration",
        "java.util.List",
        "java.util.Map",
        "java.util.Properties",
        "org.apache.kafka.clients.admin.Admin",
        "org.apache.kafka.clients.admin.AlterConfigOp",
        "org.apache.kafka.clients.admin.ConfigEntry",
        "org.apache.kafka.clients.consumer.AcknowledgeType",
        "org.apache.kafka.clients.consumer.ConsumerConfig",
        "org.apache.kafka.clients.consumer.ConsumerRecord",
        "org.apache.kafka.clients.consumer.KafkaShareConsumer",
        "org.apache.kafka.common.config.ConfigResource",
        "org.apache.kafka.common.serialization.StringDeserializer",
    ] {
        b.import(i);
    }
    b.open_func();
    b.note(GoLensMsg::ShareGroupStartsAtTheEnd);
    b.l("try (Admin admin = Admin.create(Map.<String, Object>of(\"bootstrap.servers\", \"localhost:9092\"))) {");
    b.l("    admin.incrementalAlterConfigs(Map.of(");
    b.l("        new ConfigResource(ConfigResource.Type.GROUP, \"orders-group\"),");
    let last = configs.len().saturating_sub(1);
    b.l("        List.of(");
    for (i, (name, value, _)) in configs.iter().enumerate() {
        let comma = if i == last { "" } else { "," };
        b.c(&format!(
            "            new AlterConfigOp(new ConfigEntry(\"{name}\", \"{value}\"), AlterConfigOp.OpType.SET){comma}"
        ));
    }
    b.l("        ))).all().get();");
    b.l("}");
    b.l("Properties props = new Properties();");
    b.l("props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, \"localhost:9092\");");
    b.l("props.put(ConsumerConfig.GROUP_ID_CONFIG, \"orders-group\");");
    b.l("props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);");
    b.l("props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);");
    b.note(GoLensMsg::JavaShareConsumer);
    b.c("props.put(ConsumerConfig.SHARE_ACKNOWLEDGEMENT_MODE_CONFIG, \"explicit\");");
    b.l("try (KafkaShareConsumer<String, String> consumer = new KafkaShareConsumer<>(props)) {");
    b.l("    consumer.subscribe(List.of(\"orders\"));");
    b.l("    while (true) {");
    b.l("        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(100))) {");
    b.l("            System.out.println(r.key() + \" \" + r.value());");
    b.c("            consumer.acknowledge(r, AcknowledgeType.ACCEPT);");
    b.l("        }");
    b.c("        consumer.commitSync();");
    b.l("    }");
    b.l("}");
    b.close_func();
}
