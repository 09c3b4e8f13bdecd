//! The browser tests and the bench read their list of scenes from
//! tests/e2e/harness.mjs; it must name every scene the app has, in the
//! menu's order, or a new scene would go untested in the browser.

use kafka_ordering_lab::params::SceneId;

#[test]
fn the_browser_tests_list_every_scene_in_the_menus_order() {
    let harness = include_str!("e2e/harness.mjs");
    let line = harness
        .lines()
        .find(|l| l.starts_with("export const SCENES = ["))
        .expect("harness.mjs exports SCENES");
    let listed: Vec<&str> = line
        .trim_start_matches("export const SCENES = [")
        .trim_end_matches("];")
        .split(',')
        .map(|s| s.trim().trim_matches('\''))
        .collect();
    let app: Vec<&str> = SceneId::ALL.iter().map(|s| s.id()).collect();
    assert_eq!(listed, app);
}
