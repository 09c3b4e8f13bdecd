use super::*;
use crate::scenes::disk::model::Device;
use crate::scenes::group::model::ActionKind;
use crate::scenes::log::model::LogSceneConfig;
use crate::scenes::log::model::SEGMENT_BYTES_RANGE;
use crate::scenes::producer::model::presets::ProducerPreset;
use crate::scenes::repartition::model::Strategy;
use crate::scenes::repartition::model::ORDERS;
use crate::scenes::routing::model::{
    PlacementChoice, RoutingParams, BATCH_SIZE_RANGE, DEFAULT_LINGER_MS, MAX_KEY_BYTES,
    PARTITIONS_RANGE,
};
use crate::scenes::workers::model::{Mode, WorkerHash};
use crate::sim::assignor::Assignor;
use crate::sim::keyless::KeylessStrategy;
use crate::sim::producer::Acks;

#[test]
fn defaults_with_an_empty_query() {
    assert_eq!(parse_query(""), (AppParams::default(), vec![]));
    assert_eq!(parse_query("?"), (AppParams::default(), vec![]));
    assert_eq!(AppParams::default().lang, Lang::Ru);
}

#[test]
fn reads_every_parameter() {
    let (p, issues) =
        parse_query("?scene=log&lang=en&seed=7&t=1500&embed=1&theme=light&segment-bytes=500");
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        p,
        AppParams {
            scene: SceneId::Log,
            lang: Lang::En,
            theme: Theme::Light,
            seed: 7,
            t: Some(1500),
            embed: true,
            log: LogSceneConfig { segment_bytes: 500 },
            ..AppParams::default()
        }
    );
}

#[test]
fn round_trips_through_to_query() {
    let p = AppParams {
        lang: Lang::En,
        seed: 123,
        t: Some(42),
        embed: true,
        theme: Theme::Light,
        log: LogSceneConfig { segment_bytes: 777 },
        ..AppParams::default()
    };
    assert_eq!(parse_query(&to_query(&p)), (p, vec![]));
}

#[test]
fn routing_parameters_round_trip_with_any_key() {
    for key in [
        "",
        "order-42",
        "<img src=x onerror=alert(1)>",
        "ключ 🔑",
        "a&b=c+d%",
        &"x".repeat(10_000),
    ] {
        for placement in PlacementChoice::ALL {
            let p = AppParams {
                scene: SceneId::Routing,
                routing: RoutingParams {
                    key: key.to_owned(),
                    key_null: key.is_empty(),
                    partitions: 7,
                    keyless: KeylessStrategy::Sticky,
                    batch_size: 300,
                    linger_ms: 0,
                    placement,
                    explicit_partition: 9,
                    histogram_keys: 100_000,
                    ..RoutingParams::default()
                },
                t: Some(99),
                ..AppParams::default()
            };
            let (back, issues) = parse_query(&to_query(&p));
            assert!(issues.is_empty(), "{issues:?}");
            let mut expected = p.clone();
            if placement != PlacementChoice::Explicit {
                expected.routing.explicit_partition = 0;
            }
            assert_eq!(back, expected);
        }
    }
}

#[test]
fn routing_parameters_are_validated() {
    let (p, issues) = parse_query(
        "scene=routing&partitions=0&keyless=random&batch-size=1&linger-ms=x&keys=1000000",
    );
    assert_eq!(p.routing.partitions, 1);
    assert_eq!(p.routing.keyless, KeylessStrategy::UniformSticky);
    assert_eq!(p.routing.batch_size, *BATCH_SIZE_RANGE.start());
    assert_eq!(p.routing.linger_ms, DEFAULT_LINGER_MS);
    assert_eq!(p.routing.histogram_keys, 100_000);
    assert_eq!(issues.len(), 5);
    let long = "й".repeat(MAX_KEY_BYTES);
    let (p, issues) = parse_query(&format!("scene=routing&key={}", encode_component(&long)));
    assert_eq!(p.routing.key.len(), MAX_KEY_BYTES);
    assert!(matches!(issues[0], ParamIssue::KeyTooLong { .. }));
}

#[test]
fn replication_rabbitmq_and_disk_parameters_round_trip() {
    let (p, issues) = parse_query(
        "scene=replication&acks=1&min-isr=3&unclean=1&replica-actions=slow%3A3%40500,crash:1@2000",
    );
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        (
            p.replication.acks,
            p.replication.min_isr,
            p.replication.unclean,
            p.replication.actions.len()
        ),
        (Acks::Leader, 3, true, 2)
    );
    assert_eq!(parse_query(&to_query(&p)).0, p);
    let (p, issues) = parse_query("scene=rabbitmq&consumers=8&remedy=consistent-hash");
    assert!(issues.is_empty());
    assert_eq!(parse_query(&to_query(&p)).0, p);
    let (p, issues) = parse_query("scene=disk&device=nvme&record-bytes=4096&streams=16");
    assert!(issues.is_empty());
    assert_eq!(p.disk.cost, Device::Nvme.defaults());
    assert_eq!(parse_query(&to_query(&p)).0, p);
    for bad in ["crash:4@1", "boom:1@1", "crash:1@x"] {
        let (_, issues) = parse_query(&format!("scene=replication&replica-actions={bad}"));
        assert!(
            matches!(
                &issues[..],
                [ParamIssue::BadChoice {
                    name: "replica-actions",
                    ..
                }]
            ),
            "{bad}: {issues:?}"
        );
    }
}

#[test]
fn group_parameters_round_trip() {
    let (p, issues) = parse_query("scene=group&partitions=7&members=12&assignor=cooperative-sticky&commit=manual&idempotent=1&actions=add%401200,crash%3Aconsumer-2%402500,remove:consumer-10@4000");
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        (p.group.partitions, p.group.members, p.group.assignor),
        (7, 12, Assignor::CooperativeSticky)
    );
    assert_eq!(p.group.actions.len(), 3);
    assert_eq!(
        p.group.actions[1].kind,
        ActionKind::Crash("consumer-2".into())
    );
    assert_eq!(parse_query(&to_query(&p)).0, p);
    let (p, _) = parse_query("scene=group");
    assert_eq!(p.group.partitions, 6);
    for bad in ["explode@5", "crash:@5", "add@x", "crash:<b>@1", "add"] {
        let query = format!("scene=group&actions={}", encode_component(bad));
        let (_, issues) = parse_query(&query);
        assert!(
            matches!(
                &issues[..],
                [ParamIssue::BadChoice {
                    name: "actions",
                    ..
                }]
            ),
            "{bad}: {issues:?}"
        );
    }
}

#[test]
fn workers_parameters_round_trip() {
    let (p, issues) = parse_query(
        "scene=workers&mode=per-message&workers=64&hash=xxhash&processing-ms=25&skew=90",
    );
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(p.workers.mode, Mode::PerMessage);
    assert_eq!(
        (p.workers.workers, p.workers.hash),
        (64, WorkerHash::XxHash64)
    );
    assert_eq!(parse_query(&to_query(&p)).0, p);
    let (p, issues) = parse_query("scene=workers&mode=threads&workers=0&skew=100");
    assert_eq!(
        (p.workers.mode, p.workers.workers, p.workers.skew_pct),
        (Mode::KeyedPool, 1, 90)
    );
    assert_eq!(issues.len(), 3);
}

#[test]
fn repartition_parameters_round_trip() {
    let (p, issues) = parse_query("scene=repartition&from=3&to=64&strategy=new-topic&order=7");
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(
        (
            p.repartition.from,
            p.repartition.to,
            p.repartition.strategy,
            p.repartition.focus_order
        ),
        (3, 64, Strategy::NewTopic, Some(7))
    );
    assert_eq!(parse_query(&to_query(&p)).0, p);
    let (p, issues) = parse_query("scene=repartition&from=0&to=65&strategy=magic&order=99");
    assert_eq!(
        (p.repartition.from, p.repartition.to, p.repartition.strategy),
        (1, 64, Strategy::Naive)
    );
    assert_eq!(p.repartition.focus_order, Some(ORDERS));
    assert_eq!(issues.len(), 4);
}

#[test]
fn bad_values_fall_back_and_are_named() {
    let (p, issues) = parse_query("?scene=nonsense&seed=abc");
    assert_eq!(p, AppParams::default());
    assert_eq!(
        issues,
        vec![
            ParamIssue::UnknownScene {
                value: "nonsense".into()
            },
            ParamIssue::NotANumber {
                name: "seed",
                value: "abc".into()
            },
        ]
    );
}

#[test]
fn numbers_are_clamped_with_a_message() {
    let (p, issues) = parse_query("segment-bytes=5&t=-3&seed=99999999999999999999999");
    assert_eq!(p.log.segment_bytes, *SEGMENT_BYTES_RANGE.start());
    assert_eq!(p.t, Some(0));
    assert_eq!(p.seed, u64::MAX);
    assert_eq!(issues.len(), 3);
    assert!(issues
        .iter()
        .all(|i| matches!(i, ParamIssue::OutOfRange { .. })));
    let (p, _) = parse_query("segment-bytes=99999");
    assert_eq!(p.log.segment_bytes, *SEGMENT_BYTES_RANGE.end());
}

#[test]
fn unknown_repeated_and_malformed_parameters_are_reported() {
    let (p, issues) = parse_query("lang=en&lang=ru&foo=1&lang2&embed=yes&theme=%ZZ");
    assert_eq!(p.lang, Lang::En);
    assert!(!p.embed);
    assert_eq!(
        issues,
        vec![
            ParamIssue::Repeated {
                name: "lang".into()
            },
            ParamIssue::UnknownParam { name: "foo".into() },
            ParamIssue::UnknownParam {
                name: "lang2".into()
            },
            ParamIssue::BadChoice {
                name: "embed",
                value: "yes".into(),
                choices: "1, 0".into()
            },
            ParamIssue::BadChoice {
                name: "theme",
                value: "%ZZ".into(),
                choices: "dark, light, auto".into()
            },
        ]
    );
}

#[test]
fn long_values_are_quoted_short() {
    let long = "x".repeat(10_000);
    let (_, issues) = parse_query(&format!("scene={long}"));
    match &issues[0] {
        ParamIssue::UnknownScene { value } => assert_eq!(value.chars().count(), 41),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn decoding_matches_url_search_params() {
    let key = |raw: &str| {
        parse_query(&format!("?scene=routing&key={raw}"))
            .0
            .routing
            .key
    };
    assert_eq!(key("a+b%20c"), "a b c");
    assert_eq!(key("%F0%9F%90%9B"), "🐛");
    assert_eq!(key("100%"), "100%");
    assert_eq!(key("%4"), "%4");
    assert_eq!(key("%C3"), "\u{fffd}");
    assert_eq!(key("%3Cscript%3E"), "<script>");
    assert_eq!(key("a=b"), "a=b");
    assert_eq!(encode_component("a b/ü"), "a+b%2F%C3%BC");
    for s in ["", "order-42", "<img src=x>", "ключ 🔑", "a&b=c"] {
        assert_eq!(key(&encode_component(s)), s);
    }
}

#[test]
fn random_garbage_never_panics_and_always_yields_valid_params() {
    let mut rng = crate::sim::rng::Rng::new(1);
    let alphabet: Vec<char> = "=&?%+-09azAZ_.~ 🔑ключ\u{0}\u{fffd}<>\"'#/"
        .chars()
        .collect();
    for _ in 0..10_000 {
        let len = rng.below(60) as usize;
        let q: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        let (p, _) = parse_query(&q);
        assert!(SEGMENT_BYTES_RANGE.contains(&p.log.segment_bytes));
        assert!(PARTITIONS_RANGE.contains(&p.routing.partitions));
        assert!(p.routing.key.len() <= MAX_KEY_BYTES);
        let (again, issues) = parse_query(&to_query(&p));
        assert_eq!(again, p, "query {q:?}");
        assert!(issues.is_empty());
    }
}

#[test]
fn a_group_reads_its_partitions_with_its_own_range() {
    let (p, issues) = parse_query("?scene=group&partitions=50");
    assert_eq!(p.group.partitions, 32);
    assert_eq!(
        issues,
        vec![ParamIssue::OutOfRange {
            name: "partitions",
            value: "50".into(),
            used: 32
        }]
    );
    assert!(to_query(&p).contains("&partitions=32&"));
    let (p, issues) = parse_query("?scene=routing&partitions=50");
    assert_eq!((p.routing.partitions, issues), (50, vec![]));
}

#[test]
fn a_parameter_another_scene_declares_is_not_this_scenes() {
    let (p, issues) = parse_query("?scene=log&members=5");
    assert_eq!(p, parse_query("?scene=log").0);
    assert_eq!(
        issues,
        vec![ParamIssue::UnknownParam {
            name: "members".into()
        }]
    );
}

/// The valid values of `param` a test tries: a number's bounds, every
/// choice, both flags, a text's example.
fn samples(param: &declare::Param) -> Vec<String> {
    match &param.kind {
        Kind::Number(r) => vec![r.start().to_string(), r.end().to_string()],
        Kind::Choice(ids) => ids.iter().map(|id| id.to_string()).collect(),
        Kind::Flag => vec!["1".into(), "0".into()],
        Kind::Text { example, .. } => vec![(*example).to_owned()],
    }
}

fn value_of<'a>(param: &declare::Param, text: &'a str) -> Value<'a> {
    match param.kind {
        Kind::Number(_) => Value::Number(text.parse().unwrap()),
        Kind::Flag => Value::Flag(text == "1"),
        _ => Value::Text(text),
    }
}

#[test]
fn the_declaration_agrees_with_the_parser_the_links_and_sim_config() {
    for scene in SceneId::ALL {
        let base = parse_query(&format!("?scene={}", scene.id())).0;
        let mut names = Vec::new();
        for param in declare::scene_params(scene) {
            let name = param.name;
            assert!(!names.contains(&name), "{name} twice in {scene:?}");
            names.push(name);
            // The declared default is what a link without the parameter
            // opens (the scene's own default is the one without `scene`).
            let shared = declare::SHARED.iter().any(|p| std::ptr::eq(*p, param));
            let origin = if shared {
                AppParams::default()
            } else {
                base.clone()
            };
            match (param.get)(&origin) {
                Some(v) => assert_eq!(v, param.default, "{scene:?} {name}"),
                None if param.default.is_empty() => {}
                None => {
                    let q = format!("{}&{name}={}", to_query(&origin), param.default);
                    assert_eq!(parse_query(&q), (origin.clone(), vec![]), "{q}");
                }
            }
            // Every sample is accepted, and changing the parameter rebuilds
            // the run exactly when it is declared to.
            let mut changed_any = false;
            for v in samples(param) {
                let mut changed = base.clone();
                assert!((param.set)(&mut changed, value_of(param, &v)), "{name}={v}");
                if changed != base {
                    changed_any = true;
                    assert_eq!(
                        changed.sim_config() != base.sim_config(),
                        param.run,
                        "{scene:?} {name}={v}"
                    );
                }
            }
            assert!(changed_any, "{scene:?} {name}");
        }
    }
}

#[test]
fn every_link_keeps_the_view_and_opens_what_it_names() {
    let view = "&lang=en&theme=light&embed=1";
    let (here, _) = parse_query(&format!("?scene=routing&lesson=3&partitions=50{view}"));
    for scene in SceneId::ALL {
        let link = scene_link(&here, scene);
        let (there, issues) = parse_query(&link);
        assert!(issues.is_empty(), "{link}: {issues:?}");
        assert_eq!(
            (
                there.scene,
                there.lang,
                there.theme,
                there.embed,
                there.lesson
            ),
            (scene, Lang::En, Theme::Light, true, None),
            "{link}"
        );
    }
    for preset in ProducerPreset::ALL {
        let link = preset_link(&here, preset);
        let short = format!("?scene=producer&preset={}{view}", preset.id());
        assert_eq!(parse_query(&link), parse_query(&short), "{link}");
    }
}

#[test]
fn clamp_to_keeps_a_value_in_its_range_and_never_panics() {
    assert_eq!(clamp_to(5u64, &(1..=10)), 5);
    assert_eq!(clamp_to(0u64, &(1..=10)), 1);
    assert_eq!(clamp_to(u64::MAX, &(1..=10)), 10);
    assert_eq!(clamp_to(7u32, &(7..=7)), 7);
    // Where `Ord::clamp` would panic, a range the wrong way round gives
    // its end.
    let (high, low) = (10u32, 1u32);
    assert_eq!(clamp_to(3, &(high..=low)), low);
}

/// The menu opens another scene as a link naming only that scene does, at
/// the stage that makes its point (the group's crash, the replication
/// scene's failure, the producer's catastrophe), keeping the seed, the lens
/// tab and the view; not with the empty actions and safe settings the page
/// holds for scenes it does not show.
#[test]
fn the_menu_opens_every_other_scene_at_its_start() {
    let view = "&lang=en&theme=light&embed=1&seed=7&client=sarama";
    let (here, issues) = parse_query(&format!("?scene=routing&partitions=5{view}"));
    assert!(issues.is_empty(), "{issues:?}");
    for scene in SceneId::ALL {
        let (there, issues) = parse_query(&scene_link(&here, scene));
        assert!(issues.is_empty(), "{scene:?}: {issues:?}");
        if scene == SceneId::Routing {
            assert_eq!(there.routing.partitions, 5);
            continue;
        }
        let (start, _) = parse_query(&format!(
            "?scene={}&lang=en&theme=light&embed=1&seed=7",
            scene.id()
        ));
        // The lens tab is the page's where the scene has the lens's tabs
        // (below); the pipeline's `client` is a stage's, and starts as its
        // own.
        let there = AppParams {
            go_client: start.go_client,
            ..there
        };
        assert_eq!(there, start, "{scene:?}");
    }
    let (group, _) = parse_query(&scene_link(&here, SceneId::Group));
    assert!(!group.group.actions.is_empty(), "the group's crash");
    assert_eq!(group.go_client, GoClient::Sarama);
    let (producer, _) = parse_query(&scene_link(&here, SceneId::Producer));
    assert_eq!(producer.producer.preset, Some(ProducerPreset::Catastrophe));
}

/// Every scene names its heaviest links, each under a name of its own, and
/// each opens its scene without a message: the benchmarks play them.
#[test]
fn every_scene_declares_heaviest_links_that_open_it() {
    let mut names = Vec::new();
    for scene in SceneId::ALL {
        assert!(!scene.heaviest().is_empty(), "{scene:?}");
        for &(name, link) in scene.heaviest() {
            let (p, issues) = parse_query(link);
            assert!(issues.is_empty(), "{link}: {issues:?}");
            assert_eq!(p.scene, scene, "{link}");
            names.push(name);
        }
    }
    let all = names.len();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), all, "a name twice");
}

#[test]
fn theme_auto_is_kept_in_the_link_and_draws_the_systems_palette() {
    let (p, issues) = parse_query("?scene=log&theme=auto");
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(p.theme, Theme::Auto);
    assert!(to_query(&p).contains("theme=auto"), "{}", to_query(&p));
    assert_eq!(Theme::Auto.shown(true), Theme::Light);
    assert_eq!(Theme::Auto.shown(false), Theme::Dark);
    // A palette the link names is drawn whatever the system asks for.
    assert_eq!(Theme::Dark.shown(true), Theme::Dark);
    assert_eq!(Theme::Light.shown(false), Theme::Light);
}
