//! `cargo run --example golens -- OUT_DIR`: writes every snippet the Go
//! client lens produces, for each lens scene's presets and a sample of its
//! settings, as a Go module on the conformance suite's pinned versions
//! (tests/kafka/go/go.mod and go.sum), one package per snippet, so that
//! `go vet ./...` compiles each one. Java snippets go to `java/`, beside it, each in a package of its own.
//!
//! It also writes `programs.json`, what the Go harness's `--golens-run`
//! (tests/kafka/go/golensrun.go) needs to run each distinct program once
//! against a broker: the snippets of both languages differ only in their
//! comments, so each program runs once, with the topic its scene starts
//! from.

use kafka_ordering_lab::golens::{snippet, GoClient};
use kafka_ordering_lab::params::{parse_query, to_query, AppParams, SceneId};
use kafka_ordering_lab::scenes::pipeline::model::Preset as PipelinePreset;
use kafka_ordering_lab::scenes::producer::model::presets::ProducerPreset;
use kafka_ordering_lab::scenes::repartition::model::Strategy;
use kafka_ordering_lab::sim::producer::Acks;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::Path;

/// The sampled links: each lens scene's defaults, presets and the settings
/// that change what the lens writes.
fn queries() -> Vec<String> {
    let mut q: Vec<String> = [
        "scene=routing",
        "scene=routing&key=order-7&partitions=5",
        "scene=routing&key=",
        "scene=routing&key=a%22b%5C%0A%F0%9F%94%91%00",
        "scene=routing&key-null=1&keyless=round-robin",
        "scene=routing&key-null=1&keyless=sticky&batch-size=100",
        "scene=routing&key-null=1&keyless=uniform-sticky&linger-ms=0",
        "scene=routing&placement=explicit&explicit-partition=2",
        "scene=routing&key-null=1&placement=explicit&explicit-partition=1",
        "scene=routing&placement=region&key=eu%2Forder-1",
        "scene=routing&placement=region&key=asia%2Forder-7&partitions=2",
        "scene=routing&placement=region&key=order-42",
        "scene=routing&placement=region&key-null=1",
        "scene=producer&idempotence=0&max-in-flight=1&acks=1",
        "scene=producer&acks=0&batch-size=100&retries=0",
        "scene=producer&idempotence=1&max-in-flight=5&retries=2147483647",
        "scene=replication&acks=0",
        "scene=replication&acks=1",
        "scene=replication&acks=all&min-isr=1&unclean=1",
        "scene=replication&acks=all&min-isr=3&unclean=0",
        "scene=repartition&to=2",
        "scene=repartition&strategy=two-phase&from=2&to=6",
        "scene=repartition&strategy=two-phase&from=4&to=4",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    q.extend(
        ProducerPreset::ALL
            .iter()
            .map(|p| format!("scene=producer&preset={}", p.id())),
    );
    for assignor in ["range", "roundrobin", "sticky", "cooperative-sticky"] {
        for commit in ["auto", "manual"] {
            for idempotent in ["0", "1"] {
                q.push(format!(
                    "scene=group&assignor={assignor}&commit={commit}&idempotent={idempotent}"
                ));
            }
        }
    }
    // The consumer protocol (KIP-848): each client's way to ask for it, or
    // its classic program where it has none.
    for remote in ["uniform", "range"] {
        for commit in ["auto", "manual"] {
            q.push(format!(
                "scene=group&group-protocol=consumer&remote-assignor={remote}&commit={commit}"
            ));
        }
    }
    // The share group: a program on the group's defaults and one that
    // sets the scene's lock and delivery limit as group configs.
    q.push("scene=share".to_owned());
    q.push("scene=share&partitions=2&lock-duration-ms=20000&delivery-count-limit=3".to_owned());
    for strategy in ["naive", "two-phase", "new-topic"] {
        for reset in ["earliest", "latest"] {
            q.push(format!(
                "scene=repartition&strategy={strategy}&auto-offset-reset={reset}"
            ));
        }
    }
    // The pipeline's presets are whole sets of settings, each a link.
    q.extend(PipelinePreset::ALL.iter().map(|p| {
        let params = AppParams {
            scene: SceneId::Pipeline,
            pipeline: p.config(),
            ..AppParams::default()
        };
        // `main` adds the language.
        to_query(&params)
            .trim_start_matches('?')
            .split('&')
            .filter(|pair| !pair.starts_with("lang="))
            .collect::<Vec<_>>()
            .join("&")
    }));
    for (client, warehouse) in [("sarama", "sarama"), ("franz-go", "kafka-go")] {
        for key in ["order-id", "customer-id", "none"] {
            q.push(format!(
                "scene=pipeline&client={client}&warehouse-client={warehouse}&key-by={key}"
            ));
        }
    }
    for handler in ["sequential", "per-message", "keyed-pool"] {
        for (commit, dedupe) in [("auto", "0"), ("processed", "1")] {
            q.push(format!(
                "scene=pipeline&handler={handler}&commit={commit}&dedupe={dedupe}&assignor=cooperative-sticky&idempotence=0&max-in-flight=1&linger-ms=0"
            ));
        }
    }
    q.push(
        "scene=pipeline&assignor=sticky&idempotence=0&max-in-flight=3&grow-to=6&workers=16"
            .to_owned(),
    );
    for mode in ["sequential", "per-message", "keyed-pool"] {
        for hash in ["fnv1a", "xxhash"] {
            for workers in [1, 8] {
                q.push(format!(
                    "scene=workers&mode={mode}&hash={hash}&workers={workers}"
                ));
            }
        }
    }
    q
}

fn main() -> Result<(), String> {
    let out = std::env::args().nth(1).ok_or("usage: golens OUT_DIR")?;
    let out = Path::new(&out);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let write = |path: &Path, text: &str| -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
    };
    let go_mod = std::fs::read_to_string(root.join("tests/kafka/go/go.mod"))
        .map_err(|e| format!("go.mod: {e}"))?;
    // The workers' xxHash snippet imports cespare/xxhash, which the
    // harness does not; `-mod=mod` lets go record its sum.
    let go_mod = go_mod.replacen(
        "module kafkalab/conformance",
        "module kafkalab/golens\n\nrequire github.com/cespare/xxhash/v2 v2.2.0",
        1,
    );
    write(&out.join("go.mod"), &go_mod)?;
    let go_sum = std::fs::read_to_string(root.join("tests/kafka/go/go.sum"))
        .map_err(|e| format!("go.sum: {e}"))?;
    write(&out.join("go.sum"), &go_sum)?;
    let mut seen = BTreeSet::new();
    let mut runs = BTreeSet::new();
    let mut programs: Vec<Value> = Vec::new();
    let mut written = 0;
    for (i, query) in queries().iter().enumerate() {
        for lang in ["ru", "en"] {
            let (params, issues) = parse_query(&format!("{query}&lang={lang}"));
            if !issues.is_empty() {
                return Err(format!("{query}: {issues:?}"));
            }
            for client in GoClient::ALL {
                let s = snippet(&params, client).ok_or(format!("{query}: no lens"))?;
                let code = s.code();
                if !seen.insert(code.clone()) {
                    continue;
                }
                let dir = format!("{}-{i:02}-{lang}-{}", params.scene.id(), client.id());
                let path = if client.is_go() {
                    format!("{dir}/main.go")
                } else {
                    // Every Java snippet is a class Main; a package of its
                    // own lets one javac call compile them all.
                    let package = dir.replace('-', "_");
                    format!("java/{package}/Main.java")
                };
                let text = if client.is_go() {
                    code.clone()
                } else {
                    format!("package {};\n{code}", dir.replace('-', "_"))
                };
                write(&out.join(&path), &text)?;
                written += 1;
                if runs.insert((client.id(), without_comments(&code))) {
                    programs.push(run(&params, query, client.id(), &path));
                }
            }
        }
    }
    write(
        &out.join("programs.json"),
        &serde_json::to_string_pretty(&json!({ "programs": programs }))
            .map_err(|e| e.to_string())?,
    )?;
    eprintln!(
        "golens: {written} snippets in {}, {} distinct programs",
        out.display(),
        programs.len()
    );
    Ok(())
}

/// A program without its comment lines, which are all that the two
/// languages' snippets of one link differ in.
fn without_comments(code: &str) -> String {
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// How the harness runs one program: the topic it creates for it, unless
/// the program creates its own (the replication and pipeline scenes print
/// `createTopic`); whether it is a consumer, which runs until the harness
/// has seen it handle every record of its topics; and the partitions the
/// topic must have once the program has changed its count (the
/// repartition scene's naive and two-phase migrations, in the Go tabs); a count that is
/// not an increase the controller refuses (`INVALID_PARTITIONS`), so then
/// the program must leave the count it found. A producer must have written
/// something, unless it writes with `acks=0`, which promises nothing: the
/// replication scene's program writes right after it creates the topic,
/// before the partition's leader may take a record, and nothing tells it.
fn run(params: &AppParams, query: &str, client: &str, path: &str) -> Value {
    let creates_topic = matches!(params.scene, SceneId::Replication | SceneId::Pipeline);
    let partitions = match params.scene {
        SceneId::Repartition => params.repartition.from,
        SceneId::Group => params.group.partitions,
        SceneId::Share => params.share.partitions,
        // The other programs create the topic with routing's count, the
        // lab's default.
        _ => params.routing.partitions,
    }
    .max(1);
    // The Java tab writes the count change as a note, not as code.
    let grows_to = (params.scene == SceneId::Repartition
        && params.repartition.strategy != Strategy::NewTopic
        && client != GoClient::Java.id())
    .then(|| params.repartition.to.max(params.repartition.from));
    json!({
        "name": path.trim_end_matches("/main.go").trim_end_matches("/Main.java").trim_start_matches("java/"),
        "client": client,
        "query": query,
        "path": path,
        "partitions": (!creates_topic).then_some(partitions),
        "consumes": matches!(
            params.scene,
            SceneId::Group
                | SceneId::Workers
                | SceneId::Repartition
                | SceneId::Pipeline
                | SceneId::Share
        ),
        "grows_to": grows_to,
        // The share scene's franz-go and Java programs read with a share
        // group; its other tabs print the keyed pool's consumer group.
        "share_group": params.scene == SceneId::Share
            && [GoClient::FranzGo.id(), GoClient::Java.id()].contains(&client),
        "writes": match params.scene {
            SceneId::Producer => params.producer.config.acks != Acks::None,
            SceneId::Replication => params.replication.acks != Acks::None,
            _ => true,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sampled_link_is_valid_and_covers_every_lens_scene() {
        let scenes: BTreeSet<String> = queries()
            .iter()
            .map(|q| {
                let (p, issues) = parse_query(q);
                assert!(issues.is_empty(), "{q}: {issues:?}");
                p.scene.id().to_owned()
            })
            .collect();
        assert_eq!(
            scenes.into_iter().collect::<Vec<_>>(),
            [
                "group",
                "pipeline",
                "producer",
                "repartition",
                "replication",
                "routing",
                "share",
                "workers"
            ]
        );
    }

    #[test]
    fn each_program_runs_with_what_its_scene_leaves_the_topic() {
        let run_of = |q: &str| {
            let (p, issues) = parse_query(q);
            assert!(issues.is_empty(), "{q}: {issues:?}");
            run(&p, q, "sarama", "x/main.go")
        };
        let grow = run_of("scene=repartition&from=3&to=4");
        assert_eq!(
            (&grow["partitions"], &grow["grows_to"], &grow["consumes"]),
            (&json!(3), &json!(4), &json!(true))
        );
        // Not an increase: the controller refuses, and the count stays.
        assert_eq!(
            run_of("scene=repartition&from=3&to=2")["grows_to"],
            json!(3)
        );
        let (p, _) = parse_query("scene=repartition&from=3&to=4");
        assert_eq!(run(&p, "", "java", "x/Main.java")["grows_to"], Value::Null);
        assert_eq!(
            run_of("scene=repartition&strategy=new-topic&to=2")["grows_to"],
            Value::Null
        );
        // The replication and pipeline programs create their own topic.
        assert_eq!(
            run_of("scene=replication&acks=1")["partitions"],
            Value::Null
        );
        assert_eq!(run_of("scene=pipeline")["partitions"], Value::Null);
        assert_eq!(run_of("scene=pipeline")["consumes"], json!(true));
        let routing = run_of("scene=routing&partitions=5");
        assert_eq!(
            (
                &routing["partitions"],
                &routing["consumes"],
                &routing["writes"]
            ),
            (&json!(5), &json!(false), &json!(true))
        );
        assert_eq!(run_of("scene=replication&acks=0")["writes"], json!(false));
        assert_eq!(run_of("scene=producer&acks=0")["writes"], json!(false));
    }
}
