//! The pipeline scene's Go lens: the checkout service's producer with the scene's
//! settings and the partitioner its client implies, then the group that
//! reads the topic and hands each record to the scene's handler. Each part
//! is the producer or group lens's own writer, opened as a function of its
//! own that `main` calls.

use crate::golens::consumer::write_pipeline_group;
use crate::golens::producer::{self, order_warning, Detail, Send};
use crate::golens::topic::Topic;
use crate::golens::{compatible_option, library_name, Builder, GoClient, GoLensMsg, Severity};
use crate::i18n::{
    lens_checkout_ignores_key, lens_default_hashes_unlike, lens_no_option_like, lens_topic_grows,
    lens_warehouse_hash,
};
use crate::params::AppParams;
use crate::scenes::group::model::CommitMode;
use crate::scenes::pipeline::model::{Commit, KeyChoice, PipelineConfig};
use crate::sim::clients::Client;
use crate::sim::producer::ProducerConfig;

/// How a client's default partitioner treats a key, as the scene's clients
/// have them (sim/clients.rs, `Client::keyed_route`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Family {
    /// Java's `BuiltInPartitioner.partitionForKey`, franz-go's default.
    Murmur2,
    /// sarama's `hashPartitioner`: FNV-1a, `|int32(h) % n|`.
    SaramaFnv,
    /// kafka-go's `RoundRobin`: the key is not read.
    Ignored,
    /// librdkafka's `consistent_random`: CRC-32.
    Crc32,
}

fn family(c: Client) -> Family {
    match c {
        Client::Sarama | Client::KafkaGoHash => Family::SaramaFnv,
        Client::KafkaGo => Family::Ignored,
        Client::ConfluentKafkaGo => Family::Crc32,
        _ => Family::Murmur2,
    }
}

/// The family of a tab's library default.
fn default_family(tab: GoClient) -> Family {
    match tab {
        GoClient::Sarama => Family::SaramaFnv,
        GoClient::KafkaGo => Family::Ignored,
        GoClient::ConfluentKafkaGo => Family::Crc32,
        GoClient::FranzGo | GoClient::Java => Family::Murmur2,
    }
}

/// The option in the tab's library that places keys as `want` does, at
/// its place among the producer's settings; `Ok(None)` when the library's
/// default already does, `Err` when the library has no such option. Read in
/// each library's source: franz-go pkg/kgo/partitioner.go
/// (`StickyKeyPartitioner`, `SaramaCompatHasher`, `RoundRobinPartitioner`),
/// sarama partitioner.go, kafka-go balancer.go (`Hash`, `Murmur2Balancer`),
/// librdkafka CONFIGURATION.md (`partitioner`), Kafka's
/// `RoundRobinPartitioner`.
fn partitioner_line(b: &mut Builder, want: Family) -> Result<Option<String>, ()> {
    if want == default_family(b.client) {
        return Ok(None);
    }
    let line = match (b.client, want) {
        (GoClient::FranzGo, Family::SaramaFnv) => {
            b.import("hash/fnv");
            "kgo.RecordPartitioner(kgo.StickyKeyPartitioner(kgo.SaramaCompatHasher(fnv32a))),"
        }
        (GoClient::FranzGo, Family::Ignored) => {
            "kgo.RecordPartitioner(kgo.RoundRobinPartitioner()),"
        }
        (GoClient::Sarama, Family::Murmur2) => {
            "cfg.Producer.Partitioner = sarama.NewMurmur2Partitioner"
        }
        (GoClient::Sarama, Family::Ignored) => {
            "cfg.Producer.Partitioner = sarama.NewRoundRobinPartitioner"
        }
        (GoClient::KafkaGo, Family::Murmur2) => "Balancer: kafka.Murmur2Balancer{},",
        (GoClient::KafkaGo, Family::SaramaFnv) => "Balancer: &kafka.Hash{},",
        (GoClient::ConfluentKafkaGo, Family::Murmur2) => "\"partitioner\": \"murmur2_random\",",
        (GoClient::Java, Family::Ignored) => {
            b.import("org.apache.kafka.clients.producer.RoundRobinPartitioner");
            "props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RoundRobinPartitioner.class);"
        }
        _ => return Err(()),
    };
    Ok(Some(line.to_owned()))
}

/// The scene's client as a library name, for the warnings.
fn lib(c: Client) -> &'static str {
    library_name(c)
}

/// Writes the scene's program for the link `p` in the builder's tab.
pub(crate) fn write(b: &mut Builder, p: &AppParams) {
    b.title(GoLensMsg::PipelineTitle);
    let cfg: PipelineConfig = p.pipeline;
    // The scene scales batch.size down (pipeline::BATCH_SIZE) so that a
    // batch holds a few records on screen; the code keeps Java's default.
    let c = ProducerConfig {
        linger_ms: cfg.linger_ms,
        max_in_flight: cfg.max_in_flight,
        enable_idempotence: cfg.idempotence,
        ..ProducerConfig::default()
    };
    order_warning(b, &c);
    let key = match cfg.key {
        KeyChoice::Order => Some("order-42"),
        KeyChoice::Customer => Some("customer-3"),
        KeyChoice::None => None,
    };
    let want = family(cfg.client);
    let mut partitioner = None;
    match key {
        None => b.warn_msg(Severity::BreaksOrder, GoLensMsg::PipelineNullKey),
        Some(_) => {
            if want == Family::Ignored {
                b.warn(
                    Severity::BreaksOrder,
                    lens_checkout_ignores_key(b.lang, lib(cfg.client)),
                );
            }
            match partitioner_line(b, want) {
                Ok(line) => {
                    if line.is_some() {
                        library_default_warning(b, want);
                    }
                    partitioner = line.map(|l| (l, true));
                }
                Err(()) => b.warn(
                    Severity::Cannot,
                    lens_no_option_like(b.lang, b.client.id(), lib(cfg.client)),
                ),
            }
            if family(cfg.warehouse_client) != want {
                let fix = compatible_option(cfg.client, cfg.warehouse_client);
                b.warn(
                    Severity::BreaksOrder,
                    lens_warehouse_hash(b.lang, lib(cfg.warehouse_client), fix),
                );
            }
        }
    }
    if let Some(to) = cfg.grown() {
        b.warn(
            Severity::BreaksOrder,
            lens_topic_grows(b.lang, cfg.partitions, to),
        );
    }
    let events = ["order-42 Created", "order-42 Paid"];
    let send = Send {
        key,
        events: &events,
        partitioner,
        topic: Some(Topic::pipeline(cfg.partitions, cfg.unclean)),
        rule: None,
    };
    if partitioner_needs_fnv(&send) {
        fnv32a(b);
    }
    b.entry = "produce";
    producer::write_part(b, &c, Detail::Order, &send);
    b.l("");
    b.entry = "consume";
    let commit = match cfg.commit {
        Commit::Auto => CommitMode::Auto,
        Commit::Processed => CommitMode::Manual,
    };
    write_pipeline_group(
        b,
        cfg.assignor,
        commit,
        cfg.handler,
        cfg.workers,
        cfg.dedupe,
    );
    b.main_calls(&["produce", "consume"]);
}

/// When the tab's default would not keep the order the scene shows: kafka-go's
/// ignores the key, and a hash unlike the other service's splits an order.
fn library_default_warning(b: &mut Builder, want: Family) {
    let lib = b.client.id();
    if default_family(b.client) == Family::Ignored {
        b.warn_msg(Severity::BreaksOrder, GoLensMsg::KafkaGoDefaultIgnoresKey);
    } else if want != Family::Ignored {
        b.warn(Severity::Note, lens_default_hashes_unlike(b.lang, lib));
    }
}

fn partitioner_needs_fnv(send: &Send) -> bool {
    send.partitioner
        .as_ref()
        .is_some_and(|(l, _)| l.contains("fnv32a"))
}

/// sarama's hash, FNV-1a 32, as the function franz-go's hasher takes.
fn fnv32a(b: &mut Builder) {
    b.note(GoLensMsg::Fnv32aNote);
    b.l("func fnv32a(key []byte) uint32 {");
    b.l("\th := fnv.New32a()");
    b.l("\th.Write(key)");
    b.l("\treturn h.Sum32()");
    b.l("}");
    b.l("");
}
