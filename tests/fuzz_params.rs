//! The URL parser against every declared parameter of every scene: bad
//! numbers, numbers out of range, bad choices, repeated names, huge values
//! and percent-escapes that are not UTF-8 each give one message naming the
//! parameter, and the clamped value is what the scene's model gets. Then
//! 10,000 random links thrown at the parser and at every scene's
//! constructor: nothing panics, and each link yields a valid state or the
//! scene's own clear error (a producer `ConfigException`).

use kafka_ordering_lab::params::declare::{scene_params, Kind, Param};
use kafka_ordering_lab::params::{encode_component, to_query, AppParams, ParamIssue, SceneId};
use kafka_ordering_lab::scenes::routing::model::MAX_KEY_BYTES;
// The links as the app opens them: a lesson step or a level among the
// random parameters opens its scene, as in the browser.
use kafka_ordering_lab::route::open_link;
use kafka_ordering_lab::scenes::Scene;
use kafka_ordering_lab::sim::rng::Rng;
use kafka_ordering_lab::sim::Sim;

/// Every declared name, each once, and a name no scene declares.
fn names() -> Vec<&'static str> {
    let mut names: Vec<&str> = SceneId::ALL
        .into_iter()
        .flat_map(scene_params)
        .map(|p| p.name)
        .collect();
    names.sort_unstable();
    names.dedup();
    names.push("bogus");
    names
}

/// Values that are valid somewhere: each parameter's bounds, choices and
/// examples, and a few that are valid nowhere.
fn values() -> Vec<String> {
    let mut values: Vec<String> = SceneId::ALL
        .into_iter()
        .flat_map(scene_params)
        .flat_map(samples)
        .collect();
    values.extend(
        [
            "-1",
            "99999999999999999999999",
            "abc",
            "",
            "%ZZ",
            "%FF%FE",
            "🔑ключ",
            "<img src=x onerror=alert(1)>",
        ]
        .map(String::from),
    );
    values.sort_unstable();
    values.dedup();
    values
}

/// Valid values of `param`: a number's bounds, every choice, both flags, a
/// text's example.
fn samples(param: &Param) -> Vec<String> {
    match &param.kind {
        Kind::Number(r) => vec![r.start().to_string(), r.end().to_string()],
        Kind::Choice(ids) => ids.iter().map(|id| id.to_string()).collect(),
        Kind::Flag => vec!["1".into(), "0".into()],
        Kind::Text { example, .. } => vec![encode_component(example)],
    }
}

fn pick<'a, T>(rng: &mut Rng, from: &'a [T]) -> &'a T {
    &from[rng.below(from.len() as u64) as usize]
}

fn query(rng: &mut Rng, names: &[&str], values: &[String]) -> String {
    // Half the links name their scene first, so each scene's own
    // parameters are read as that scene declares them.
    let mut q = if rng.below(2) == 0 {
        format!("?scene={}&", pick(rng, &SceneId::ALL).id())
    } else {
        String::from("?")
    };
    for _ in 0..rng.below(8) {
        let name = pick(rng, names);
        let value = match rng.below(6) {
            0 => "x".repeat(rng.below(3000) as usize),
            1 => rng.next_u64().to_string(),
            _ => pick(rng, values).clone(),
        };
        q.push_str(&format!("{name}={value}&"));
    }
    q
}

/// Builds the scene's model as the app does (`Scene::build`) and runs a few
/// hundred events, enough to reach its first decisions; `false` when the
/// scene refuses its settings, as Kafka would.
fn run<S: Scene>(p: &AppParams) -> bool {
    let Ok(model) = S::build(p) else {
        return false;
    };
    let mut sim = Sim::new(model, p.seed);
    for _ in 0..300 {
        if !sim.step() {
            break;
        }
    }
    true
}

/// [`run`] for the link's scene, whichever the registry has.
fn build(p: &AppParams) -> bool {
    macro_rules! dispatch {
        ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
            match p.scene {
                $(SceneId::$variant => run::<$model>(p),)*
            }
        };
    }
    kafka_ordering_lab::for_each_scene!(dispatch)
}

/// The name a message is about, if it names one.
fn issue_name(issue: &ParamIssue) -> Option<&str> {
    match issue {
        ParamIssue::UnknownScene { .. } => Some("scene"),
        ParamIssue::KeyTooLong { .. } => Some("key"),
        ParamIssue::NotANumber { name, .. }
        | ParamIssue::OutOfRange { name, .. }
        | ParamIssue::BadChoice { name, .. } => Some(name),
        ParamIssue::Repeated { name } | ParamIssue::UnknownParam { name } => Some(name),
        ParamIssue::FaultRenamed { .. } => Some("faults"),
    }
}

/// The bad values of `param`, each with the value the parser is to use
/// instead: `None` keeps what the link would have without it.
fn bad_values(param: &Param) -> Vec<(String, Option<String>)> {
    let not_utf8 = "%FF%FE%C3".to_owned();
    match &param.kind {
        Kind::Number(r) => {
            let (lo, hi) = (*r.start(), *r.end());
            let mut bad = vec![
                ("abc".to_owned(), None),
                ("".to_owned(), None),
                ("1.5".to_owned(), None),
                (not_utf8, None),
                ("-1".to_owned(), Some(lo.to_string())),
                ("99999999999999999999999".to_owned(), Some(hi.to_string())),
            ];
            if hi < u64::MAX {
                bad.push(((hi + 1).to_string(), Some(hi.to_string())));
                bad.push((u64::MAX.to_string(), Some(hi.to_string())));
            }
            if lo > 0 {
                bad.push(((lo - 1).to_string(), Some(lo.to_string())));
                bad.push(("0".to_owned(), Some(lo.to_string())));
            }
            bad
        }
        Kind::Choice(_) | Kind::Flag => vec![
            ("bogus".to_owned(), None),
            ("".to_owned(), None),
            ("%ZZ".to_owned(), None),
            (not_utf8, None),
            ("x".repeat(10_000), None),
        ],
        Kind::Text {
            max_bytes: Some(max),
            ..
        } => vec![("y".repeat(max + 10), Some("y".repeat(*max)))],
        Kind::Text { .. } => vec![
            ("boom@x".to_owned(), None),
            ("%ZZ".to_owned(), None),
            (not_utf8, None),
            ("x".repeat(10_000), None),
        ],
    }
}

#[test]
fn every_declared_parameter_of_every_scene_is_checked_clamped_and_used() {
    let mut checked = 0;
    for scene in SceneId::ALL {
        let base = format!("?scene={}", scene.id());
        let (without, issues) = open_link(&base);
        assert!(issues.is_empty(), "{base}: {issues:?}");
        for param in scene_params(scene) {
            let name = param.name;
            // The scene is what this loop varies; its bad values open the log.
            let origin = if name == "scene" { "?" } else { base.as_str() };
            for (bad, used) in bad_values(param) {
                let q = format!("{origin}&{name}={bad}");
                let (p, issues) = open_link(&q);
                assert_eq!(issues.len(), 1, "{q}: {issues:?}");
                assert_eq!(issue_name(&issues[0]), Some(name), "{q}: {issues:?}");
                // The state is the one the link with the value used (or
                // with none) opens: the model gets what the field shows.
                let expected = match &used {
                    Some(v) => {
                        let (e, issues) = open_link(&format!("{origin}&{name}={v}"));
                        assert!(issues.is_empty(), "{name}={v}: {issues:?}");
                        assert_eq!(
                            (param.get)(&p).as_deref(),
                            (param.get)(&e).as_deref(),
                            "{q}"
                        );
                        e
                    }
                    None if name == "scene" => open_link("").0,
                    None => without.clone(),
                };
                assert_eq!(p, expected, "{q}");
                if let ParamIssue::OutOfRange { used: n, .. } = &issues[0] {
                    assert_eq!(Some(n.to_string()), used, "{q}");
                }
                build(&p);
                checked += 1;
            }
            let valid = samples(param);
            for v in &valid {
                let q = format!("{origin}&{name}={v}");
                let (p, issues) = open_link(&q);
                assert!(issues.is_empty(), "{q}: {issues:?}");
                // Its link reads back to itself (a view value the scene does
                // not use, such as a partition nobody asked for, is left out).
                let link = to_query(&p);
                let (again, issues) = open_link(&link);
                assert!(issues.is_empty(), "{link}: {issues:?}");
                assert_eq!(to_query(&again), link, "{q}");
                build(&p);
            }
            // Repeated: the first value is used, and the second named.
            let (first, second) = (&valid[0], valid.last().unwrap_or(&valid[0]));
            let q = format!("{origin}&{name}={first}&{name}={second}");
            let (p, issues) = open_link(&q);
            assert_eq!(
                issues,
                vec![ParamIssue::Repeated { name: name.into() }],
                "{q}"
            );
            assert_eq!(p, open_link(&format!("{origin}&{name}={first}")).0, "{q}");
        }
    }
    // Every scene declares at least the shared seven, plus its own.
    assert!(checked > 300, "{checked}");
    assert_eq!(MAX_KEY_BYTES, 100_000);
}

#[test]
fn random_links_never_panic_and_always_build_a_scene_or_a_clear_error() {
    let (names, values) = (names(), values());
    let mut rng = Rng::new(2026);
    let mut refused = 0;
    for _ in 0..10_000 {
        let q = query(&mut rng, &names, &values);
        let (p, _issues) = open_link(&q);
        // The link the app writes back for this scene reads back to itself,
        // with no message: a shared link is a fixed point.
        let link = to_query(&p);
        let (again, issues) = open_link(&link);
        assert_eq!(to_query(&again), link, "{q}");
        assert_eq!(again.scene, p.scene);
        assert!(issues.is_empty(), "{q}: {issues:?}");
        if !build(&p) {
            refused += 1;
        }
    }
    // Some random producer settings are ones Kafka itself refuses.
    assert!(refused > 0);
}
