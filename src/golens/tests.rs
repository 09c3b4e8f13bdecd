use super::partitioners::JAVA_COMPATIBLE;
use super::*;
use crate::params::parse_query;
use crate::sim::clients::{Client, KeyedRoute};

fn lens(query: &str, client: GoClient) -> Snippet {
    let (p, issues) = parse_query(query);
    assert!(issues.is_empty(), "{query}: {issues:?}");
    snippet(&p, client).unwrap_or_else(|| panic!("{query}: no lens"))
}

fn changed(s: &Snippet) -> Vec<&str> {
    s.lines
        .iter()
        .filter(|l| l.changed)
        .map(|l| l.text.trim())
        .collect()
}

#[test]
fn every_lens_scene_has_a_tab_per_client_naming_the_pinned_version() {
    for scene in SceneId::ALL {
        let (p, _) = parse_query(&format!("?scene={}", scene.id()));
        for client in GoClient::ALL {
            let s = snippet(&p, client);
            assert_eq!(s.is_some(), has_lens(scene), "{scene:?}");
            let Some(s) = s else { continue };
            assert!(s.lines[0]
                .text
                .starts_with(&format!("// {}", client.version())));
            let code = s.code();
            if client.is_go() {
                assert!(code.contains("\npackage main\n"), "{scene:?} {client:?}");
                assert!(code.contains("func main() {"), "{scene:?} {client:?}");
            } else {
                assert!(code.contains("public class Main {"), "{scene:?}");
            }
        }
    }
    assert_eq!(GoClient::from_id("kafka-go"), Some(GoClient::KafkaGo));
    assert_eq!(GoClient::from_id("librdkafka"), None);
}

#[test]
fn keyed_routing_marks_the_java_compatible_option_and_warns_where_the_default_breaks_order() {
    let q = "?scene=routing&key=order-42&partitions=3&lang=en";
    let franz = lens(q, GoClient::FranzGo);
    assert!(changed(&franz).is_empty(), "{:?}", changed(&franz));
    assert!(franz.warnings.is_empty());
    let sarama = lens(q, GoClient::Sarama);
    assert!(changed(&sarama).contains(&"cfg.Producer.Partitioner = sarama.NewMurmur2Partitioner"));
    let kafka_go = lens(q, GoClient::KafkaGo);
    assert!(changed(&kafka_go).contains(&"Balancer: kafka.Murmur2Balancer{},"));
    assert_eq!(kafka_go.warnings.len(), 1);
    assert_eq!(kafka_go.warnings[0].severity, Severity::BreaksOrder);
    let confluent = lens(q, GoClient::ConfluentKafkaGo);
    assert!(changed(&confluent).contains(&"\"partitioner\": \"murmur2_random\","));
    // An empty key is hashed by Java but scattered by consistent_random.
    let empty = lens("?scene=routing&key=&lang=en", GoClient::ConfluentKafkaGo);
    assert_eq!(empty.warnings[0].severity, Severity::BreaksOrder);
    // Keyless, kafka-go's default is what the scene asks for.
    let keyless = lens(
        "?scene=routing&key-null=1&keyless=round-robin&lang=en",
        GoClient::KafkaGo,
    );
    assert!(keyless
        .warnings
        .iter()
        .all(|w| w.severity != Severity::BreaksOrder));
    assert!(!keyless.code().contains("Murmur2Balancer"));
}

#[test]
fn a_setting_changes_the_code() {
    let a = lens(
        "?scene=routing&key=order-42&partitions=3",
        GoClient::FranzGo,
    )
    .code();
    let b = lens("?scene=routing&key=order-7&partitions=5", GoClient::FranzGo).code();
    assert_ne!(a, b);
    assert!(b.contains("\"order-7\" → партиция"), "{b}");
    let g1 = lens("?scene=group&assignor=range", GoClient::FranzGo);
    let g2 = lens("?scene=group&assignor=roundrobin", GoClient::FranzGo);
    assert!(changed(&g1).contains(&"kgo.Balancers(kgo.RangeBalancer()),"));
    assert!(changed(&g2).contains(&"kgo.Balancers(kgo.RoundRobinBalancer()),"));
    let w = lens("?scene=workers&workers=5", GoClient::Sarama).code();
    assert!(w.contains("NewKeyedWorkerPool(5, 64)"), "{w}");
    assert!(w.contains("h.Sum32()%uint32(len(p.queues))"));
}

#[test]
fn the_producer_lens_says_what_each_library_cannot_do() {
    let q = "?scene=producer&preset=idempotent&lang=en";
    let kafka_go = lens(q, GoClient::KafkaGo);
    assert!(kafka_go
        .warnings
        .iter()
        .any(|w| w.severity == Severity::Cannot && w.text.contains("no idempotent producer")));
    let sarama = lens(q, GoClient::Sarama);
    let c = changed(&sarama);
    assert!(c.contains(&"cfg.Producer.Idempotent = true"), "{c:?}");
    assert!(c.contains(&"cfg.Net.MaxOpenRequests = 1"));
    // Without those lines sarama keeps the order all the same: one batch
    // per partition in flight since v1.48 (area lens-retry runs it).
    assert!(!sarama
        .warnings
        .iter()
        .any(|w| w.severity == Severity::BreaksOrder));
    let sarama = lens(
        "?scene=producer&preset=catastrophe&lang=en",
        GoClient::Sarama,
    );
    assert!(sarama
        .warnings
        .iter()
        .any(|w| w.severity == Severity::Note && w.text.contains("one batch per partition")));
    // franz-go is idempotent by default: no line for it.
    let franz = lens(q, GoClient::FranzGo);
    assert!(!franz.code().contains("DisableIdempotentWrite"));
    let catastrophe = lens("?scene=producer&preset=catastrophe", GoClient::FranzGo);
    assert!(changed(&catastrophe).contains(&"kgo.DisableIdempotentWrite(),"));
    // The catastrophe is the Java producer's: kafka-go's tab says it keeps
    // this order, and what it costs instead.
    let kafka_go = lens(
        "?scene=producer&preset=catastrophe&lang=en",
        GoClient::KafkaGo,
    );
    assert!(
        kafka_go
            .warnings
            .iter()
            .any(|w| w.severity == Severity::Note
                && w.text.contains("kafka-go does not")
                && w.text.contains("writes the batch twice")),
        "{:?}",
        kafka_go.warnings
    );
    assert!(!kafka_go
        .warnings
        .iter()
        .any(|w| w.severity == Severity::BreaksOrder));
}

#[test]
fn replication_names_the_acks_defaults_that_lose_records() {
    let kafka_go = lens("?scene=replication&acks=all&lang=en", GoClient::KafkaGo);
    assert!(changed(&kafka_go).contains(&"RequiredAcks: kafka.RequireAll,"));
    assert!(kafka_go.warnings[0].text.contains("RequireNone"));
    assert_eq!(kafka_go.warnings[0].severity, Severity::LosesRecords);
    let one = lens("?scene=replication&acks=1&lang=en", GoClient::Sarama);
    assert!(one.warnings.is_empty(), "{:?}", one.warnings);
    let franz = lens("?scene=replication&acks=1", GoClient::FranzGo);
    assert!(changed(&franz).contains(&"kgo.DisableIdempotentWrite(),"));
    assert!(franz
        .code()
        .contains("\"min.insync.replicas\":            kadm.StringPtr(\"2\"),"));
}

#[test]
fn the_signed_worker_form_differs_for_a_key_the_model_finds() {
    use crate::scenes::workers::model::WorkerHash;
    let ex = signed_worker_example(WorkerHash::Fnv1a, 8).expect("a key");
    let h = crate::sim::partitioner::fnv1a_32(ex.key.as_bytes());
    assert_eq!(ex.hash, u64::from(h));
    assert!(
        h >= 1 << 31,
        "only a hash with the high bit set turns negative"
    );
    assert_eq!(ex.clean, u64::from(h % 8));
    assert_eq!(ex.signed, u64::from((h as i32 % 8).unsigned_abs()));
    assert_ne!(ex.signed, ex.clean);
    assert_eq!(ex.int_bits, 32);
    // The scene's own worker is the clean form.
    assert_eq!(
        ex.clean,
        u64::from(WorkerHash::Fnv1a.worker(ex.key.as_bytes(), 8))
    );
    let xx = signed_worker_example(WorkerHash::XxHash64, 8).expect("a key");
    assert_eq!(xx.int_bits, 64);
    assert_eq!(signed_worker_example(WorkerHash::Fnv1a, 1), None);
    let ru = consumer::signed_note(Lang::Ru, WorkerHash::Fnv1a, 8);
    let en = consumer::signed_note(Lang::En, WorkerHash::Fnv1a, 8);
    assert!(ru.contains(&ex.key) && en.contains(&ex.key));
    assert!(en.contains("h.Sum32() % uint32(n)"));
}

/// The lens's Java-compatible partitioners are the ones the conformance
/// suite runs on a real broker, and checks against `Client::keyed_route`.
#[test]
fn the_routing_options_are_the_conformance_suites() {
    let harness = include_str!("../../tests/kafka/go/producers.go");
    for (client, conformance, option) in JAVA_COMPATIBLE {
        let entry = harness
            .lines()
            .find(|l| {
                l.trim_start()
                    .starts_with(&format!("\"{}\":", conformance.id()))
            })
            .unwrap_or_else(|| panic!("no harness client {}", conformance.id()));
        let spelled = option
            .replace("kafka.", "kafkago.")
            .replace("\"partitioner\": ", "");
        assert!(
            entry.contains(&spelled) || option.is_empty(),
            "{entry} lacks {spelled}"
        );
        let (p, _) = parse_query("?scene=routing&key=order-42");
        let code = snippet(&p, client).map(|s| s.code()).unwrap_or_default();
        assert!(code.contains(option), "{client:?}: {code}");
        // And the snippet's comment names the partition that client computes.
        let KeyedRoute::Partition(q) = conformance.keyed_route(b"order-42", 3) else {
            panic!("{conformance:?} does not hash");
        };
        assert!(code.contains(&format!("→ партиция {q} из 3")), "{code}");
    }
}

#[test]
fn keys_are_quoted_as_go_and_java_read_them() {
    assert_eq!(go_quote("order-42"), "\"order-42\"");
    assert_eq!(go_quote("a\"b\\c\n\u{0}"), "\"a\\\"b\\\\c\\n\\x00\"");
    assert_eq!(go_quote("ключ 🔑\u{feff}"), "\"ключ 🔑\\ufeff\"");
    assert_eq!(java_quote("a\"\u{1}"), "\"a\\\"\\001\"");
}

#[test]
fn blank_lines_between_declarations_are_kept() {
    let code = lens("?scene=workers&mode=keyed-pool", GoClient::FranzGo).code();
    assert!(code.contains("}\n\nfunc NewKeyedWorkerPool("), "{code}");
}

fn pipeline(query: &str, client: GoClient) -> Snippet {
    lens(&format!("?scene=pipeline&lang=en&{query}"), client)
}

fn warned(s: &Snippet, severity: Severity, part: &str) -> bool {
    s.warnings
        .iter()
        .any(|w| w.severity == severity && w.text.contains(part))
}

/// The conformance client that a pipeline tab's partitioner is: the
/// library's default unless the tab writes one of its options.
fn written_partitioner(s: &Snippet) -> Client {
    let code = s.code();
    let options = [
        ("SaramaCompatHasher(fnv32a)", Client::Sarama),
        ("kgo.RoundRobinPartitioner()", Client::KafkaGo),
        ("sarama.NewMurmur2Partitioner", Client::SaramaMurmur2),
        ("sarama.NewRoundRobinPartitioner", Client::KafkaGo),
        ("kafka.Murmur2Balancer{}", Client::KafkaGoMurmur2),
        ("&kafka.Hash{}", Client::KafkaGoHash),
        ("murmur2_random", Client::ConfluentMurmur2Random),
        ("RoundRobinPartitioner.class", Client::KafkaGo),
    ];
    options
        .into_iter()
        .find(|(o, _)| code.contains(o))
        .map(|(_, c)| c)
        .unwrap_or(partitioners::default_client(s.client))
}

#[test]
fn every_pipeline_preset_is_a_program_of_a_producer_and_a_group() {
    use crate::scenes::pipeline::model::Preset;
    for preset in Preset::ALL {
        let params = AppParams {
            scene: SceneId::Pipeline,
            pipeline: preset.config(),
            ..AppParams::default()
        };
        for client in GoClient::ALL {
            let code = snippet(&params, client).expect("a lens").code();
            if client.is_go() {
                for f in ["func produce() {", "func consume() {", "func main() {"] {
                    assert!(code.contains(f), "{preset:?} {client:?}: {f}");
                }
                assert!(code.contains("func handle(key, value []byte) {"));
            } else {
                assert!(code.contains("    static void produce() throws Exception {"));
                assert!(code.contains("    static void consume() throws Exception {"));
                assert!(code.contains("    public static void main(String[] args)"));
            }
        }
    }
}

#[test]
fn each_pipeline_tab_places_keys_as_the_scenes_client_does_or_says_it_cannot() {
    for scene_client in ["java", "franz-go", "sarama", "kafka-go"] {
        let q = format!("client={scene_client}&warehouse-client={scene_client}&partitions=5");
        let (p, _) = parse_query(&format!("?scene=pipeline&{q}"));
        let wanted = p.pipeline.client;
        for tab in GoClient::ALL {
            let s = pipeline(&q, tab);
            let written = written_partitioner(&s);
            let same = (1..=500).all(|i| {
                let key = format!("order-{i}");
                written.keyed_route(key.as_bytes(), 5) == wanted.keyed_route(key.as_bytes(), 5)
            });
            let cannot = warned(&s, Severity::Cannot, "places keys as");
            assert!(
                same != cannot,
                "{scene_client} in {tab:?}: writes {written:?}, {:?}",
                s.warnings
            );
            // The option is marked; a library default is not written.
            if written != partitioners::default_client(tab) {
                assert!(s.lines.iter().any(|l| l.changed
                    && (l.text.contains("Partitioner")
                        || l.text.contains("Balancer:")
                        || l.text.contains("partitioner"))));
            }
        }
    }
}

#[test]
fn the_pipeline_lens_warns_where_the_scene_or_a_default_breaks_the_order() {
    // The happy path: only kafka-go's default would break it.
    let happy = pipeline("", GoClient::KafkaGo);
    assert!(changed(&happy).contains(&"Balancer: kafka.Murmur2Balancer{},"));
    assert!(warned(&happy, Severity::BreaksOrder, "RoundRobin"));
    let franz = pipeline("", GoClient::FranzGo);
    assert!(franz
        .warnings
        .iter()
        .all(|w| w.severity != Severity::BreaksOrder));
    // kafka-go's default in the scene: every tab says so.
    for tab in GoClient::ALL {
        let keyless = pipeline("client=kafka-go&warehouse-client=kafka-go", tab);
        assert!(
            warned(&keyless, Severity::BreaksOrder, "RoundRobin"),
            "{tab:?}"
        );
    }
    let keyless = pipeline(
        "client=kafka-go&warehouse-client=kafka-go",
        GoClient::KafkaGo,
    );
    assert!(!keyless.code().contains("Balancer:"));
    // The hash mismatch names the warehouse's compatible option.
    let mismatch = pipeline("warehouse-client=sarama", GoClient::FranzGo);
    assert!(warned(
        &mismatch,
        Severity::BreaksOrder,
        "sarama.NewMurmur2Partitioner"
    ));
    let null = pipeline("key-by=none", GoClient::Sarama);
    assert!(warned(&null, Severity::BreaksOrder, "null key"));
    assert!(!null.code().contains("Key:"));
    let retry = pipeline("idempotence=0&max-in-flight=3", GoClient::FranzGo);
    assert!(warned(
        &retry,
        Severity::BreaksOrder,
        "max.in.flight.requests.per.connection = 3"
    ));
    assert!(changed(&retry).contains(&"kgo.DisableIdempotentWrite(),"));
    assert!(changed(&retry).contains(&"kgo.MaxProduceRequestsInflightPerBroker(3),"));
    let grow = pipeline("grow-to=4", GoClient::Java);
    assert!(warned(&grow, Severity::BreaksOrder, "from 3 to 4"));
    let goroutine = pipeline("handler=per-message", GoClient::Sarama);
    assert!(warned(
        &goroutine,
        Severity::BreaksOrder,
        "goroutine per record"
    ));
    assert!(changed(&goroutine).contains(&"go handle(r.Key, r.Value)"));
    // kafka-go cannot be idempotent, as the scene's producer is.
    assert!(warned(&happy, Severity::Cannot, "idempotent"));
}

#[test]
fn the_pipeline_group_has_the_scenes_assignor_commit_pool_and_handler() {
    let s = pipeline(
        "assignor=cooperative-sticky&commit=processed&handler=keyed-pool&workers=7&dedupe=1",
        GoClient::Sarama,
    );
    let code = s.code();
    assert!(code.contains("sarama.NewBalanceStrategyCooperativeSticky()"));
    assert!(code.contains("pool := NewKeyedWorkerPool(7, 64)"));
    assert!(code.contains("h := fnv.New32a()"));
    assert!(code.contains("\ts.Commit()"));
    // The pool's workers share what the handler has applied.
    assert!(code.contains("\tmu.Lock()"));
    let auto = pipeline("commit=auto&handler=sequential&dedupe=0", GoClient::FranzGo);
    let code = auto.code();
    assert!(!code.contains("DisableAutoCommit"));
    assert!(!code.contains("applied"));
    assert!(code.contains("\t\t\thandle(r.Key, r.Value)"));
    // The lens tab has its own name here: `client=` is the checkout's.
    let (p, issues) = parse_query("?scene=pipeline&client=sarama&go-client=kafka-go");
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(p.go_client, GoClient::KafkaGo);
    assert_eq!(p.pipeline.client, Client::Sarama);
}

#[test]
fn replication_creates_the_topic_with_the_scenes_factor_and_configs() {
    let marked = |s: &Snippet, part: &str| {
        s.lines
            .iter()
            .find(|l| l.text.contains(part))
            .unwrap_or_else(|| panic!("{:?}: no line with {part}\n{}", s.client, s.code()))
            .changed
    };
    for (query, isr, unclean) in [
        ("min-isr=2&unclean=0", "2", "false"),
        ("min-isr=1&unclean=1", "1", "true"),
        ("min-isr=3&unclean=1", "3", "true"),
    ] {
        for client in GoClient::ALL {
            let s = lens(&format!("?scene=replication&lang=en&{query}"), client);
            let code = s.code();
            let (isr_line, unclean_line, rf_line) = match client {
                GoClient::FranzGo => (
                    format!("\"min.insync.replicas\":            kadm.StringPtr(\"{isr}\"),"),
                    format!("\"unclean.leader.election.enable\": kadm.StringPtr(\"{unclean}\"),"),
                    "CreateTopic(context.Background(), 1, 3, configs, \"orders\")".to_owned(),
                ),
                GoClient::Sarama => (
                    format!("\"min.insync.replicas\":            ptr(\"{isr}\"),"),
                    format!("\"unclean.leader.election.enable\": ptr(\"{unclean}\"),"),
                    "ReplicationFactor: 3,".to_owned(),
                ),
                GoClient::KafkaGo => (
                    format!("{{ConfigName: \"min.insync.replicas\", ConfigValue: \"{isr}\"}},"),
                    format!("{{ConfigName: \"unclean.leader.election.enable\", ConfigValue: \"{unclean}\"}},"),
                    "ReplicationFactor: 3,".to_owned(),
                ),
                GoClient::ConfluentKafkaGo => (
                    format!("\"min.insync.replicas\":            \"{isr}\","),
                    format!("\"unclean.leader.election.enable\": \"{unclean}\","),
                    "ReplicationFactor: 3,".to_owned(),
                ),
                GoClient::Java => (
                    format!("\"min.insync.replicas\", \"{isr}\","),
                    format!("\"unclean.leader.election.enable\", \"{unclean}\""),
                    "new NewTopic(\"orders\", 1, (short) 3)".to_owned(),
                ),
            };
            // Marked where the broker's default (1, false, factor 1) differs.
            assert_eq!(marked(&s, &isr_line), isr != "1", "{client:?} {query}");
            assert_eq!(
                marked(&s, &unclean_line),
                unclean == "true",
                "{client:?} {query}"
            );
            assert!(marked(&s, &rf_line), "{client:?}");
            if client.is_go() {
                // Defined once, called once the client exists.
                assert_eq!(
                    code.matches("createTopic(").count(),
                    2,
                    "{client:?}\n{code}"
                );
            } else {
                assert!(code.contains("admin.createTopics(List.of(topic)).all().get();"));
            }
            assert!(!code.contains("not the client's:"), "the old comment");
        }
    }
}

/// The two-phase table a tab's code writes: key → old partition.
fn written_table(s: &Snippet) -> Vec<(String, u32)> {
    s.lines
        .iter()
        .filter_map(|l| {
            let t = l.text.trim();
            let (key, old) = if s.client == GoClient::Java {
                let inner = t.strip_prefix("Map.entry(\"")?.trim_end_matches(',');
                let inner = inner.strip_suffix(')')?;
                inner.split_once("\", ")?
            } else {
                let (k, v) = t.strip_prefix('"')?.split_once("\":")?;
                (k, v.trim().strip_suffix(',')?)
            };
            key.starts_with("order-")
                .then(|| (key.to_owned(), old.parse().ok()))
                .and_then(|(k, v)| Some((k, v?)))
        })
        .collect()
}

#[test]
fn the_two_phase_table_pins_exactly_the_moving_orders_to_their_old_partition() {
    use crate::scenes::repartition::model::{key_hash, order_key, ORDERS};
    let murmur2_fallback = [
        (
            GoClient::FranzGo,
            "kgo.StickyKeyPartitioner(nil).ForTopic(topic)",
        ),
        (GoClient::Sarama, "sarama.NewMurmur2Partitioner(topic)"),
        (GoClient::KafkaGo, "b.murmur2.Balance(msg, partitions...)"),
        (
            GoClient::ConfluentKafkaGo,
            "\"partitioner\": \"murmur2_random\",",
        ),
        (
            GoClient::Java,
            "BuiltInPartitioner.partitionForKey(keyBytes, n)",
        ),
    ];
    for (from, to) in [(3, 4), (2, 6), (4, 4), (1, 3), (5, 16)] {
        for client in GoClient::ALL {
            let s = lens(
                &format!("?scene=repartition&strategy=two-phase&from={from}&to={to}&lang=en"),
                client,
            );
            let table = written_table(&s);
            for order in 1..=ORDERS {
                let (key, h) = (order_key(order), key_hash(order));
                let entry = table.iter().find(|(k, _)| *k == key).map(|(_, p)| *p);
                // Listed exactly when the remainder changes, at the old one.
                assert_eq!(entry.is_some(), h % from != h % to, "{client:?} {key}");
                // While its old partition drains, the routing function
                // keeps every order of the scene where the model pins it.
                assert_eq!(entry.unwrap_or(h % to), h % from, "{client:?} {key}");
            }
            let fallback = murmur2_fallback
                .iter()
                .find(|(c, _)| *c == client)
                .map(|(_, f)| *f)
                .unwrap_or_default();
            assert!(s.code().contains(fallback), "{client:?}\n{}", s.code());
            assert!(
                s.code().contains("twoPhasePartition("),
                "{client:?}: the loop or the hook consults the table"
            );
            assert!(!s.code().contains("not shown here"));
        }
    }
}

/// The region list a tab's code writes, in its order.
fn written_regions(s: &Snippet) -> Vec<String> {
    let code = s.code();
    let (open, close) = if s.client == GoClient::Java {
        ("REGIONS = List.of(", ");")
    } else {
        ("var regions = []string{", "}")
    };
    let start = code
        .find(open)
        .map(|i| i + open.len())
        .expect("the region list");
    let list = &code[start..start + code[start..].find(close).expect("its end")];
    list.split(", ")
        .map(|r| r.trim_matches('"').to_owned())
        .collect()
}

/// What the snippet's rule computes: the region's index in `regions`
/// modulo `n` for `REGION/…`, else the hook's fallback, murmur2.
fn snippet_region_partition(regions: &[String], key: &[u8], n: u32) -> u32 {
    use crate::sim::partitioner::{partition_for_key, KeyHasher};
    let placed = key
        .iter()
        .position(|&b| b == b'/')
        .and_then(|slash| regions.iter().position(|r| r.as_bytes() == &key[..slash]));
    match placed {
        Some(i) => i as u32 % n,
        None => partition_for_key(KeyHasher::Murmur2, key, n),
    }
}

#[test]
fn the_region_partitioner_in_code_places_every_key_as_the_model_does() {
    use crate::sim::partitioner::{route, Placement, Route};
    let prefixes = ["eu", "us", "asia", "EU", "", "eu ", "mars", "asia/eu", "u"];
    let seps = ["/", "", "//", "-"];
    let keys: Vec<String> = (0..3000)
        .map(|i| {
            let p = prefixes[i % prefixes.len()];
            let sep = seps[i / prefixes.len() % seps.len()];
            format!("{p}{sep}order-{i}")
        })
        .collect();
    for client in GoClient::ALL {
        let s = lens(
            "?scene=routing&placement=region&key=eu%2Forder-1&lang=en",
            client,
        );
        assert!(s.warnings.is_empty(), "{client:?}: {:?}", s.warnings);
        let regions = written_regions(&s);
        assert_eq!(regions, ["eu", "us", "asia"], "{client:?}");
        let code = s.code();
        assert!(code.contains("regionPartition("), "{client:?}");
        for n in 1..=8 {
            for key in &keys {
                let model = match route(Some(key.as_bytes()), n, Placement::RegionPartitioner) {
                    Route::Region { partition, .. } | Route::Hashed { partition } => partition,
                    other => panic!("{key}: {other:?}"),
                };
                assert_eq!(
                    snippet_region_partition(&regions, key.as_bytes(), n),
                    model,
                    "{client:?} {key} of {n}"
                );
            }
        }
    }
    // The hook is installed where each client takes one.
    for (client, hook) in [
        (
            GoClient::FranzGo,
            "kgo.RecordPartitioner(regionPartitioner()),",
        ),
        (
            GoClient::Sarama,
            "cfg.Producer.Partitioner = newRegionPartitioner",
        ),
        (GoClient::KafkaGo, "Balancer: regionBalancer{},"),
        (
            GoClient::ConfluentKafkaGo,
            "if p, ok := regionPartition(key, n); ok {",
        ),
        (
            GoClient::Java,
            "props.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, RegionPartitioner.class);",
        ),
    ] {
        let s = lens(
            "?scene=routing&placement=region&key=us%2Fx&partitions=5",
            client,
        );
        assert!(changed(&s).contains(&hook), "{client:?}: {:?}", changed(&s));
        assert!(s.code().contains("\"us/x\" → "), "{client:?}");
    }
    // A null key has nothing to split: no hook, the keyless path.
    let null = lens(
        "?scene=routing&placement=region&key-null=1",
        GoClient::Sarama,
    );
    assert!(!null.code().contains("regionPartition"));
}

/// A note sits at the depth of the code it explains: a comment followed
/// by a deeper line was written before its block's indentation was set.
#[test]
fn every_note_is_indented_as_the_code_it_explains() {
    let queries = [
        "scene=routing",
        "scene=routing&placement=explicit&explicit-partition=2",
        "scene=routing&placement=region&key=eu%2Forder-1",
        "scene=producer",
        "scene=replication&acks=all&min-isr=2&unclean=1",
        "scene=repartition&to=2",
        "scene=repartition&strategy=two-phase",
        "scene=repartition&strategy=new-topic",
        "scene=group&commit=manual",
        "scene=workers&mode=keyed-pool&workers=8",
        "scene=pipeline",
        "scene=pipeline&handler=per-message",
    ];
    let depth = |l: &str| l.len() - l.trim_start().len();
    for query in queries {
        for client in GoClient::ALL {
            let code = lens(query, client).code();
            let lines: Vec<&str> = code.lines().collect();
            for w in lines.windows(2) {
                let (note, next) = (w[0], w[1].trim_start());
                if note.trim_start().starts_with("//") && !next.is_empty() && !next.starts_with('}')
                {
                    assert!(
                        depth(note) >= depth(w[1]),
                        "{query} {client:?}: {note:?} above {:?}",
                        w[1]
                    );
                }
            }
        }
    }
}

/// sarama flushes a batch when a set trigger is reached, and at once only
/// when none is set (produce_set.go, produceSet.readyToFlush); the timer
/// that ends a linger runs only for a Frequency above 0 (async_producer.go,
/// brokerProducer.run). A byte or message trigger without a Frequency
/// holds the chapter's three small records for ever: `SendMessages` hangs.
#[test]
fn no_sarama_program_sets_a_flush_trigger_without_a_frequency() {
    let mut queries: Vec<String> = crate::scenes::producer::model::presets::ProducerPreset::ALL
        .iter()
        .map(|p| format!("scene=producer&preset={}", p.id()))
        .collect();
    // A pipeline preset is a whole set of settings, each its own link.
    queries.extend(crate::scenes::pipeline::model::Preset::ALL.iter().map(|p| {
        let params = crate::params::AppParams {
            scene: crate::params::SceneId::Pipeline,
            pipeline: p.config(),
            ..crate::params::AppParams::default()
        };
        crate::params::to_query(&params)
            .trim_start_matches('?')
            .split('&')
            .filter(|pair| !pair.starts_with("lang="))
            .collect::<Vec<_>>()
            .join("&")
    }));
    for linger in [0, 5, 50] {
        queries.push(format!("scene=producer&linger-ms={linger}"));
        queries.push(format!(
            "scene=routing&key-null=1&keyless=uniform-sticky&linger-ms={linger}"
        ));
    }
    let frequency = |code: &str| {
        code.lines()
            .find_map(|l| l.trim().strip_prefix("cfg.Producer.Flush.Frequency = "))
            .map(|v| v.split_whitespace().next().unwrap_or("").to_owned())
    };
    let mut lingered = 0;
    for query in &queries {
        let s = lens(&format!("{query}&lang=en"), GoClient::Sarama);
        let code = s.code();
        if !code.contains("cfg.Producer") {
            continue;
        }
        // Statements only: the linger-0 note names the triggers it leaves out.
        let trigger = code.lines().any(|l| {
            let l = l.trim();
            !l.starts_with("//") && (l.contains("Flush.Bytes") || l.contains("Flush.Messages"))
        });
        match frequency(&code) {
            Some(n) => {
                assert!(n != "0", "{query}: Flush.Frequency = 0\n{code}");
                assert!(trigger, "{query}: a Frequency and no size\n{code}");
                lingered += 1;
            }
            None => {
                assert!(
                    !trigger,
                    "{query}: a flush trigger without a Frequency\n{code}"
                );
                assert!(
                    code.contains("sarama sends at once"),
                    "{query}: linger 0 without its note\n{code}"
                );
            }
        }
    }
    assert!(lingered > 0, "some sampled link lingers");
}

/// Each tab names the version the conformance suite runs: the Go harness's
/// go.mod and the Java harness's pom.xml, so a bump of either cannot leave
/// the lens naming the old one.
#[test]
fn each_tab_names_the_version_the_conformance_suite_runs() {
    let go_mod = include_str!("../../tests/kafka/go/go.mod");
    let pom = include_str!("../../tests/kafka/java/pom.xml");
    for client in GoClient::ALL {
        let named = client.version();
        if client.is_go() {
            let mut words = named.split_whitespace();
            let pin = format!("{} {}", words.next().unwrap(), words.next().unwrap());
            assert!(
                go_mod.lines().any(|l| l.trim() == pin),
                "{client:?} names {named}; go.mod does not require {pin}"
            );
        } else {
            let kafka = pom
                .split("<kafka.version>")
                .nth(1)
                .and_then(|rest| rest.split('<').next())
                .expect("pom.xml sets kafka.version");
            assert_eq!(named, format!("org.apache.kafka:kafka-clients {kafka}"));
        }
    }
}

/// sarama sizes a slice by `Retry.Max + 1` for each partition
/// (async_producer.go, newPartitionProducer): Java's retries 2147483647
/// made the chaos preset's program die out of memory on the real broker
/// (CONFORMANCE.md, lens-producer). The tab writes the count that fills
/// the delivery timeout instead, and says why.
#[test]
fn sarama_retries_are_a_count_that_fills_the_delivery_timeout() {
    let s = lens("scene=producer&preset=chaos&lang=en", GoClient::Sarama);
    let code = s.code();
    let written: u32 = code
        .lines()
        .find_map(|l| l.trim().strip_prefix("cfg.Producer.Retry.Max = "))
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no Retry.Max\n{code}"));
    // delivery 120 s over attempts of a 200 ms request and a 1 s backoff.
    assert_eq!(written, 100, "{code}");
    assert!(warned(
        &s,
        Severity::Cannot,
        "Retry.Max = 2147483647 cannot be written"
    ));
    // A count that fits in memory is the scene's own.
    let few = lens(
        "scene=producer&preset=catastrophe&lang=en",
        GoClient::Sarama,
    );
    assert!(
        few.code().contains("cfg.Producer.Retry.Max = 3\n"),
        "{}",
        few.code()
    );
    assert!(!warned(&few, Severity::Cannot, "cannot be written"));
}
