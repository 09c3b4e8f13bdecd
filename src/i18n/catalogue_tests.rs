//! The catalogue's words and numbers: every message with numbers in it is
//! rendered with each argument at 0, 1, 2, 5, 11, 21, 22, 25 and 101 in
//! turn, in both languages, and no Russian text may carry English words
//! beyond Kafka's own names.

use super::format::{number, plural_en, plural_ru};
use super::numbered::{Arg, Numbered, NUMBERED};
use crate::i18n::Lang;

/// The shared catalogue's numbered messages, and the Go lens's; each
/// scene's are its folder's, and src/catalogues.rs puts every one through
/// the same checks.
pub(crate) fn shared_numbered() -> Vec<&'static Numbered> {
    NUMBERED
        .iter()
        .chain(super::numbered::golens::NUMBERED)
        .collect()
}

const NUMBERS: [u64; 9] = [0, 1, 2, 5, 11, 21, 22, 25, 101];
/// What the other arguments hold while one of them varies.
const OTHERS: u64 = 7;
/// Wide enough to be grouped, and not a round number.
const WIDE: u64 = 146_484;

/// Kafka's own names, which Russian text keeps as they are: terms of the
/// protocol and the APIs, and proper names of products and algorithms.
const KAFKA_PHRASES: &[&str] = &[
    "log end offset",
    // The command that raises a cluster's feature levels.
    "kafka-features upgrade",
    "high watermark",
    "jump consistent hash",
    "jump hash",
];
const KAFKA_WORDS: &[&str] = &[
    "offset",
    "Kafka",
    "RabbitMQ",
    "Java",
    "key",
    "abs",
    "murmur2",
    "ISR",
    "earliest",
    "latest",
    "TimeoutException",
    // The member's request to the coordinator, which Russian keeps.
    "heartbeat",
    // KIP-932's group type, which Russian keeps ("share-группа").
    "share",
    "Share",
];

/// The Go lens's code words, kept as the libraries spell them in Russian
/// text too: the clients' options, types and functions, the source files
/// and symbols each default was read in, config values, topic names and
/// the one-letter names of its formulas (`h % n`).
const CODE_NAMES: &[&str] = &[
    "acks",
    "arm",
    "AtStart",
    "autocommitInterval",
    "Balancer",
    "balancers",
    "CommitInterval",
    "CONFORMANCE.md",
    "Config.Validate",
    "CONFIGURATION.md",
    "consistent_random",
    "Consumer.Group.Rebalance.GroupStrategies",
    "Consumer.Offsets.AutoCommit.Interval",
    "Consumer.Offsets.Initial",
    "ConsumerConfig",
    "consumerGroupSession.MarkMessage",
    "context",
    "CooperativeStickyAssignor",
    "CooperativeStickyBalancer",
    "CRC-32",
    "CreatePartitionsResponse.Errors",
    "CreatePartitionsResponses.Error",
    "CreateTopicsResponse.Errors",
    "defaultCfg",
    "DefaultPartitioner",
    "Delivered",
    "err",
    "FetchMessage",
    "FirstOffset",
    "Flush",
    "Flush.Bytes",
    "Flush.Frequency",
    "Flush.Messages",
    "franz-go",
    "Go",
    "h",
    "h.Sum32",
    "hashPartitioner",
    "int",
    "int32",
    "Integer.remainderUnsigned",
    "kadm",
    "kafka.Murmur2Balancer",
    "kgo",
    "explicit",
    "KafkaShareConsumer",
    "Record.Ack",
    "Ack",
    "kgo.ShareGroup",
    "KafkaConsumer",
    "rd_kafka_conf_finalize",
    "NewConsumer",
    "Preview",
    "confluent-kafka-go",
    "kgo.ServerSideBalancer",
    "manage848",
    "RangeBalancer",
    "largest",
    "librdkafka",
    "ManualPartitioner",
    "MarkMessage",
    "MaxAttempts",
    "MaxProduceRequestsInflightPerBroker",
    "Message.Partition",
    "metadataMinAge",
    "Murmur2Balancer",
    "n",
    "Net.MaxOpenRequests",
    "NewConfig",
    "NewHashPartitioner",
    "NewMurmur2Partitioner",
    "NewOffset",
    "newPartitionProducer",
    "NewReader",
    "nil",
    "null",
    "OffsetNewest",
    "orders",
    "orders-v2",
    "partitioner",
    "partitionMuter",
    "partitions",
    "pkg",
    "PollFetches",
    "Producer.Idempotent",
    "Producer.Len",
    "Producer.Retry.Backoff",
    "Producer.Retry.Max",
    "ProducerBatchMaxBytes",
    "ProducerConfig",
    "randomPartitioner",
    "Range",
    "range",
    "RangeAssignor",
    "rd_kafka_update_app_pos",
    "read-only",
    "ReaderConfig.StartOffset",
    "ReadMessage",
    "readyToFlush",
    "Record.Partition",
    "RequireNone",
    "resetBatchDrainIdx",
    "retryBackoff",
    "Retry.Max",
    "Return.Successes",
    "RoundRobin",
    "roundrobin",
    "sarama",
    "SaramaCompatHasher",
    "SendMessages",
    "Shipped",
    "startOffset",
    "String.hashCode",
    "SyncProducer",
    "TopicResult",
    "uint32",
    "uint64",
    "UniformBytesPartitioner",
    "validate",
    "verifyProducerConfig",
    "WaitForAll",
    "WriteMessages",
    "Writer.balancer",
    "Writer.maxAttempts",
    "Writer.RequiredAcks",
    "xxHash",
];

fn render(msg: &Numbered, lang: Lang, arg: usize, n: u64) -> String {
    let mut values = vec![OTHERS; msg.args.len()];
    values[arg] = n;
    (msg.render)(lang, &values)
}

/// The text without its numbers: two renderings with the same shape say
/// the same words. A decimal mark goes with its number, as a time writes
/// one only when it has a fraction ("1 с", "1,5 с").
fn shape(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(|c| c.is_ascii_digit());
    chars
        .iter()
        .enumerate()
        .filter(|&(i, c)| {
            let mark = (*c == ',' || *c == '.') && i > 0 && digit(i - 1) && digit(i + 1);
            !(c.is_ascii_digit() || mark)
        })
        .map(|(_, c)| c)
        .collect::<String>()
        .replace(", ", "")
}

fn form(lang: Lang, n: u64) -> &'static str {
    match lang {
        Lang::Ru => plural_ru(n, "one", "few", "many"),
        Lang::En => plural_en(n, "one", "other"),
    }
}

/// Latin words left in Russian text once Kafka's own names are set aside:
/// config names (`request.timeout.ms`), file names, error codes
/// (`NOT_ENOUGH_REPLICAS`), record keys (`order-7`) and hex constants.
pub(crate) fn english_words(text: &str) -> Vec<String> {
    let mut text = text.to_owned();
    for phrase in KAFKA_PHRASES {
        text = text.replace(phrase, " ");
    }
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "._-".contains(c)))
        .map(|w| w.trim_matches(|c| c == '.' || c == '-'))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .filter(|w| {
            !(KAFKA_WORDS.contains(w)
                || CODE_NAMES.contains(w)
                || (w.contains('.') && !w.chars().any(|c| c.is_ascii_uppercase()))
                || w.chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
                || w.starts_with("order-")
                || w.starts_with("0x"))
        })
        .map(str::to_owned)
        .collect()
}

pub(crate) fn has_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{400}'..='\u{4ff}').contains(&c))
}

/// Every rendering the test makes: message, argument, language, value, text.
fn renderings<'a>(
    all: &'a [&'static Numbered],
) -> impl Iterator<Item = (&'static Numbered, usize, Lang, u64, String)> + 'a {
    all.iter().copied().flat_map(|msg| {
        (0..msg.args.len()).flat_map(move |arg| {
            [Lang::Ru, Lang::En].into_iter().flat_map(move |lang| {
                NUMBERS
                    .into_iter()
                    .chain([WIDE])
                    .map(move |n| (msg, arg, lang, n, render(msg, lang, arg, n)))
            })
        })
    })
}

#[test]
fn every_numbered_message_agrees_with_each_of_its_numbers() {
    agrees_with_each_of_its_numbers(&shared_numbered());
}

/// Each message of `all` with each of its arguments at many numbers, in
/// both languages: the words agree with the number, and only they change.
pub(crate) fn agrees_with_each_of_its_numbers(all: &[&'static Numbered]) {
    for &msg in all {
        for (arg, &(name, kind)) in msg.args.iter().enumerate() {
            for lang in [Lang::Ru, Lang::En] {
                let at = |n| render(msg, lang, arg, n);
                let what = |n| format!("{}({name} = {n}), {lang:?}: {}", msg.name, at(n));
                let agrees = matches!(kind, Arg::Count | Arg::CountedIds);
                // An empty list may well be said differently, or not at all.
                let list = matches!(kind, Arg::Ids | Arg::CountedIds);
                let numbers = NUMBERS.into_iter().filter(|&n| n > 0 || !list);
                if kind != Arg::Text {
                    for a in numbers.clone() {
                        for b in numbers.clone() {
                            // Numbers of one form say the same words; with
                            // nothing agreeing, every number does.
                            // A list agrees with how many it names: one,
                            // or more than one, whatever the last digit.
                            let same = if kind == Arg::CountedIds {
                                (a == 1) == (b == 1)
                            } else {
                                form(lang, a) == form(lang, b)
                            };
                            if !agrees || same {
                                assert_eq!(
                                    shape(&at(a)),
                                    shape(&at(b)),
                                    "{} vs {}",
                                    what(a),
                                    what(b)
                                );
                            }
                        }
                    }
                }
                // A count that something agrees with changes a word
                // somewhere among 1, 2 and 5 ("1 байт, 2 байта, 5 байт").
                if agrees {
                    let (one, few, many) = (shape(&at(1)), shape(&at(2)), shape(&at(5)));
                    assert!(
                        one != many || few != many,
                        "{} reads like {}",
                        what(2),
                        what(5)
                    );
                }
                let wide = at(WIDE);
                match kind {
                    Arg::Count | Arg::Amount => {
                        assert!(wide.contains(&number(lang, WIDE)), "{}", what(WIDE));
                    }
                    // An identifier may be shown off by one ("offsets
                    // 0–146483"), but never grouped like an amount.
                    Arg::Id => assert!(wide.contains("14648"), "{}", what(WIDE)),
                    Arg::Time => {
                        let mark = if lang.is_ru() { "146,484" } else { "146.484" };
                        assert!(wide.contains(mark), "{}", what(WIDE));
                    }
                    Arg::Share | Arg::Ratio | Arg::Ids | Arg::CountedIds | Arg::Text => {}
                }
            }
        }
    }
}

#[test]
fn every_numbered_message_follows_the_glossary() {
    follow_the_glossary(&shared_numbered());
}

/// Each message of `all` rendered in Russian at many numbers, a wide one
/// among them, against the glossary's rules: the words it rules out, and
/// how numbers are written. An identifier (an offset, a partition) is plain
/// digits, as [`super::number`] says, so only a quantity must be grouped.
pub(crate) fn follow_the_glossary(all: &[&'static Numbered]) {
    let rules = super::glossary::ruled_out();
    // Each message's fault once, with the first rendering that shows it.
    let mut report = std::collections::BTreeMap::new();
    for (msg, arg, lang, n, text) in renderings(all) {
        let quantity = matches!(msg.args[arg].1, Arg::Count | Arg::Amount);
        for fault in super::glossary::faults(&text, &rules) {
            if lang == Lang::Ru && (quantity || !fault.ends_with(" ungrouped")) {
                report
                    .entry((msg.name, fault))
                    .or_insert_with(|| format!("({n}): {text}"));
            }
        }
    }
    let report: Vec<String> = report
        .into_iter()
        .map(|((name, fault), example)| format!("{name}: {fault} {example}"))
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn russian_numbers_and_words_stay_russian() {
    stay_russian(&shared_numbered());
}

/// Every rendering of `all` in Russian has no English words beyond Kafka's
/// names, and no decimal point; in English, no Russian.
pub(crate) fn stay_russian(all: &[&'static Numbered]) {
    for (msg, arg, lang, n, text) in renderings(all) {
        let what = || format!("{}({} = {n}), {lang:?}: {text}", msg.name, msg.args[arg].0);
        match lang {
            Lang::Ru => {
                assert_eq!(english_words(&text), Vec::<String>::new(), "{}", what());
                let chars: Vec<char> = text.chars().collect();
                let point = chars
                    .windows(3)
                    .any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit());
                assert!(!point, "a decimal point in Russian: {}", what());
            }
            Lang::En => assert!(!has_cyrillic(&text), "{}", what()),
        }
    }
}

#[test]
fn every_numbered_message_is_tested() {
    declared_once_with_numbers(&shared_numbered());
}

/// No message of `all` is declared twice, and each has a number.
pub(crate) fn declared_once_with_numbers(all: &[&'static Numbered]) {
    let mut names: Vec<&str> = all.iter().map(|m| m.name).collect();
    let declared = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), declared, "a message is declared twice");
    assert!(
        all.iter().all(|m| !m.args.is_empty()),
        "a message without numbers"
    );
}

/// Latin words the fixed Russian strings keep on purpose: keys of the
/// keyboard, record values and keys of the scenes' data, code and config
/// values (`acks=all`, `go process(msg)`, `h = seed ^ …`), the names Kafka
/// and RabbitMQ give their partitioners, protocols and features, and tools.
pub(crate) const FIXED_NAMES: &[&str] = &[
    "Esc",
    // The chapter's own words for the log (the log scene's title).
    "append-only",
    // Kafka's issue tracker names its bugs so.
    "KAFKA-15591",
    // The exception KafkaProducer throws for a bad configuration.
    "ConfigException",
    // The producer's buffer of batches, by its class's name.
    "RecordAccumulator",
    // The HTML element a course page embeds a scene with, and the
    // libraries course sites already size their frames with (the embed
    // builder).
    "iframe",
    "iframe-resizer",
    // A producer config name without a dot.
    "retries",
    "Home",
    "Created",
    "Paid",
    "orders",
    "orders-1",
    "eu",
    "us",
    "asia",
    "acks",
    "all",
    "true",
    "false",
    "null",
    "int",
    "h",
    "seed",
    "hash",
    "go",
    "process",
    "msg",
    "poll",
    "send",
    "commitSync",
    "Log",
    "end",
    "Offset",
    "round-robin",
    "sticky",
    "uniform",
    "eager",
    "cooperative",
    "single",
    "active",
    "consumer",
    "consistent-hash",
    "exchange",
    "erlang",
    "phash2",
    "requeue",
    "mermaid",
    "UTF-8",
    "read-ahead",
    "KIP-966",
    "KIP-1030",
    // `group.protocol`'s classic value and its two requests.
    "classic",
    "JoinGroup",
    "SyncGroup",
    // KIP-932 and KIP-848, the request a share consumer fetches with, and the usual
    // name of a record that fails every time.
    "KIP-932",
    "KIP-848",
    "ShareFetch",
    "poison",
    "pill",
    // The pipeline's two services, their clients and the names in them.
    "checkout",
    "warehouse",
    "Shipped",
    "Delivered",
    "Writer",
    "RoundRobin",
    "kafka-go",
    "sarama",
    "FNV-1a",
    // The workers' two key hashes, and Go's package of the first
    // (`hash/fnv`).
    "fnv",
    "xxHash64",
    "customer-N",
    "consumer-1",
];
