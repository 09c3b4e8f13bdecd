//! The build, the browser tests and the bench read their list of scenes
//! from the registry's lines in src/scenes/mod.rs (build/lib.mjs
//! `registeredScenes`); read that way, the lines must name every scene the
//! app has, in the menu's order, or a new scene would go untested in the
//! browser.

use kafka_ordering_lab::params::SceneId;

/// Each registry line as build/lib.mjs reads it: `Variant, field, "id",
/// "scene-…", model;`, the id being the third item.
fn registered(source: &str) -> Vec<&str> {
    let start = source
        .find("macro_rules! for_each_scene")
        .expect("src/scenes/mod.rs has for_each_scene!");
    let body = &source[start..];
    let body = &body[..body.find("\n}").unwrap_or(body.len())];
    body.lines()
        .filter_map(|line| {
            let items: Vec<&str> = line.trim().splitn(5, ", ").collect();
            match items.as_slice() {
                [variant, field, id, feature, _]
                    if variant.starts_with(|c: char| c.is_ascii_uppercase())
                        && field.starts_with(|c: char| c.is_ascii_lowercase())
                        && feature.starts_with("\"scene-") =>
                {
                    Some(id.trim_matches('"'))
                }
                _ => None,
            }
        })
        .collect()
}

#[test]
fn the_browser_tests_list_every_scene_in_the_menus_order() {
    let listed = registered(include_str!("../src/scenes/mod.rs"));
    let app: Vec<&str> = SceneId::ALL.iter().map(|s| s.id()).collect();
    assert_eq!(listed, app);
    let lib = include_str!("../build/lib.mjs");
    assert!(
        lib.contains("export const SCENES = registeredScenes("),
        "build/lib.mjs reads the registry"
    );
}

/// The build's pre-render (build/prerender.mjs) picks the narrow copy
/// of a page below the app's own phone threshold, and pre-renders the
/// lesson's first step at the app's lesson page: the two sides must agree,
/// or a phone would get the wide copy and see it jump.
#[test]
fn the_prerender_agrees_with_the_app_on_the_phone_width_and_the_lesson_page() {
    let script = include_str!("../build/prerender.mjs");
    let narrow = format!(
        "const NARROW_BELOW_PX = {};",
        kafka_ordering_lab::widgets::layout::NARROW_BELOW_PX
    );
    assert!(script.contains(&narrow), "prerender.mjs lacks `{narrow}`");
    let lesson = format!(
        "{{ dir: '{}', query: 'lesson={}' }}",
        kafka_ordering_lab::params::LESSON_PAGE,
        kafka_ordering_lab::lesson::STEPS[0].id
    );
    assert!(script.contains(&lesson), "prerender.mjs lacks `{lesson}`");
}
