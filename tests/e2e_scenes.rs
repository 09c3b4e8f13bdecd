//! The build, the browser tests and the bench read their list of scenes
//! from build/lib.mjs; it must name every scene the app has, in the menu's
//! order, or a new scene would go untested in the browser.

use kafka_ordering_lab::params::SceneId;

#[test]
fn the_browser_tests_list_every_scene_in_the_menus_order() {
    let lib = include_str!("../build/lib.mjs");
    let line = lib
        .lines()
        .find(|l| l.starts_with("export const SCENES = ["))
        .expect("build/lib.mjs exports SCENES");
    let listed: Vec<&str> = line
        .trim_start_matches("export const SCENES = [")
        .trim_end_matches("];")
        .split(',')
        .map(|s| s.trim().trim_matches('\''))
        .collect();
    let app: Vec<&str> = SceneId::ALL.iter().map(|s| s.id()).collect();
    assert_eq!(listed, app);
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
