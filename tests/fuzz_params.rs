//! 10,000 random links thrown at the URL parser and at every scene's
//! constructor: nothing panics, and each link yields a valid state or the
//! scene's own clear error (a producer `ConfigException`).

use kafka_ordering_lab::params::{parse_query, to_query, SceneId};
use kafka_ordering_lab::sim::rng::Rng;
use kafka_ordering_lab::sim::scenes::{
    disk::Disk, group::Group, log::LogScene, producer::ProducerScene, rabbitmq::RabbitScene,
    repartition::Repartition, replication::Replication, routing::RoutingStream, workers::Workers,
};
use kafka_ordering_lab::sim::{Model, Sim};

const NAMES: [&str; 40] = [
    "scene",
    "lang",
    "seed",
    "t",
    "embed",
    "theme",
    "segment-bytes",
    "key",
    "key-null",
    "partitions",
    "keyless",
    "batch-size",
    "linger-ms",
    "placement",
    "explicit-partition",
    "keys",
    "preset",
    "max-in-flight",
    "retries",
    "retry-backoff-ms",
    "request-timeout-ms",
    "delivery-timeout-ms",
    "acks",
    "idempotence",
    "latency-ms",
    "jitter-ms",
    "chaos",
    "faults",
    "outages",
    "workload",
    "log-start",
    "from",
    "to",
    "strategy",
    "members",
    "assignor",
    "actions",
    "mode",
    "workers",
    "lesson",
];

const VALUES: [&str; 24] = [
    "0",
    "1",
    "2",
    "3",
    "7",
    "64",
    "65",
    "-1",
    "99999999999999999999999",
    "abc",
    "",
    "all",
    "naive",
    "producer",
    "routing",
    "group",
    "chaos",
    "1.1:lose-request",
    "crash:consumer-2@2500",
    "stream-5000",
    "keyed-pool",
    "🔑ключ",
    "%ZZ",
    "<img src=x onerror=alert(1)>",
];

fn pick<'a>(rng: &mut Rng, from: &[&'a str]) -> &'a str {
    from[rng.below(from.len() as u64) as usize]
}

fn query(rng: &mut Rng) -> String {
    let mut q = String::from("?");
    for _ in 0..rng.below(8) {
        let name = if rng.below(10) == 0 {
            "bogus"
        } else {
            pick(rng, &NAMES)
        };
        let value = match rng.below(6) {
            0 => "x".repeat(rng.below(3000) as usize),
            1 => rng.next_u64().to_string(),
            _ => pick(rng, &VALUES).to_owned(),
        };
        q.push_str(&format!("{name}={value}&"));
    }
    q
}

/// A few hundred events of a model: enough to reach its first decisions.
fn run<M: Model>(model: M, seed: u64) {
    let mut sim = Sim::new(model, seed);
    for _ in 0..300 {
        if !sim.step() {
            break;
        }
    }
}

#[test]
fn random_links_never_panic_and_always_build_a_scene_or_a_clear_error() {
    let mut rng = Rng::new(2026);
    let mut refused = 0;
    for _ in 0..10_000 {
        let q = query(&mut rng);
        let (p, _issues) = parse_query(&q);
        // The link the app writes back for this scene reads back to itself,
        // with no message: a shared link is a fixed point.
        let link = to_query(&p);
        let (again, issues) = parse_query(&link);
        assert_eq!(to_query(&again), link, "{q}");
        assert_eq!(again.scene, p.scene);
        assert!(issues.is_empty(), "{q}: {issues:?}");
        let seed = p.seed;
        match p.scene {
            SceneId::Log => run(LogScene::new(p.log_scene_config()), seed),
            SceneId::Routing => run(RoutingStream::new(p.routing_stream_config()), seed),
            SceneId::Producer => match ProducerScene::new(p.producer_scene_config()) {
                Ok(scene) => run(scene, seed),
                Err(_) => refused += 1,
            },
            SceneId::Repartition => run(Repartition::new(p.repartition_config()), seed),
            SceneId::Group => run(Group::new(p.group_config()), seed),
            SceneId::Workers => run(Workers::new(p.workers), seed),
            SceneId::Replication => run(Replication::new(p.replication_config()), seed),
            SceneId::Disk => run(Disk::default(), seed),
            SceneId::RabbitMq => run(RabbitScene::new(p.rabbit_consumers, p.remedy), seed),
        }
    }
    // Some random producer settings are ones Kafka itself refuses.
    assert!(refused > 0);
}
