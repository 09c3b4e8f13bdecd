//! Golden event traces for the producer presets, loaded from their data
//! files exactly as a link opens them.
//!
//! Regenerate deliberately with `WRITE_GOLDEN=1 cargo test --test
//! producer_presets` and review the diff: these traces pin what each
//! preset's link shows.

use kafka_ordering_lab::params::parse_query;
use kafka_ordering_lab::scenes::producer::model::ProducerScene;
use kafka_ordering_lab::sim::Sim;

fn trace(preset: &str) -> String {
    let (params, issues) = parse_query(&format!("?scene=producer&preset={preset}"));
    assert!(issues.is_empty(), "{preset}: {issues:?}");
    let scene = ProducerScene::new(params.producer.scene_config()).expect("the preset is valid");
    let mut sim = Sim::new(scene, params.seed);
    let mut out = String::new();
    while sim.step() {
        let (t, e) = sim.last_event().expect("an event was applied");
        out.push_str(&format!("{} {e:?}\n", t.as_millis()));
    }
    let log: Vec<String> = sim
        .model()
        .log
        .records()
        .map(|r| format!("{}:{}:{}", r.offset, r.entity, r.event.value()))
        .collect();
    out.push_str(&format!("log {}\n", log.join(" ")));
    out
}

fn check(preset: &str) {
    let path = format!(
        "{}/tests/golden/producer-{preset}.trace",
        env!("CARGO_MANIFEST_DIR")
    );
    let actual = trace(preset);
    if std::env::var_os("WRITE_GOLDEN").is_some() {
        std::fs::write(&path, &actual).expect("golden written");
    }
    let golden = std::fs::read_to_string(&path).expect("golden trace exists");
    assert_eq!(actual, golden, "{preset}");
}

#[test]
fn catastrophe() {
    check("catastrophe");
    assert!(trace("catastrophe").ends_with("log 100:order-42:Paid 101:order-42:Created\n"));
}

#[test]
fn idempotent() {
    check("idempotent");
    assert!(trace("idempotent").ends_with("log 100:order-42:Created 101:order-42:Paid\n"));
}

#[test]
fn inflight_1() {
    check("inflight-1");
    assert!(trace("inflight-1").ends_with("log 100:order-42:Created 101:order-42:Paid\n"));
}

#[test]
fn lost_ack() {
    check("lost-ack");
    assert!(trace("lost-ack")
        .ends_with("log 100:order-42:Created 101:order-42:Paid 102:order-42:Created\n"));
}

#[test]
fn new_producer() {
    check("new-producer");
    assert!(trace("new-producer").ends_with("log 100:order-42:Paid\n"));
}

/// A valid link can ask for a storm: a 10 ms request timeout makes every
/// batch go out again and again, and without idempotence each resend is
/// appended to the log once more. The run must stop early, say so, and keep
/// its copies of the world within the timeline's budget instead of taking
/// the tab's memory.
#[test]
fn a_link_that_floods_the_log_stops_early_within_the_memory_budget() {
    use kafka_ordering_lab::sim::history::{
        HORIZON, SNAPSHOT_BUDGET_BYTES, SNAPSHOT_EVERY, WORLD_BUDGET_BYTES,
    };
    use kafka_ordering_lab::sim::{Model, Timeline};
    let (params, _) = parse_query(
        "?scene=producer&preset=chaos&workload=stream-5000&max-in-flight=10&chaos=500\
         &request-timeout-ms=10&retry-backoff-ms=0&delivery-timeout-ms=600000",
    );
    let scene = ProducerScene::new(params.producer.scene_config()).expect("a valid producer");
    let mut timeline = Timeline::new(Sim::new(scene, params.seed), HORIZON, SNAPSHOT_EVERY);
    assert!(timeline.cut_short());
    assert!(timeline.end() < HORIZON);
    timeline.seek(timeline.end());
    let world = timeline.current().model().footprint();
    // The world that stopped the run is just past the budget, not far past it.
    assert!(
        world > WORLD_BUDGET_BYTES && world < 2 * WORLD_BUDGET_BYTES,
        "{world}"
    );
    let copies = timeline.snapshot_count();
    assert!(copies >= 2);
    // Evenly spaced copies of a growing world hold about half the last one
    // each; together they must fit the budget.
    assert!(
        copies * world / 2 <= SNAPSHOT_BUDGET_BYTES + world,
        "{copies} copies of ~{world} bytes"
    );
}
