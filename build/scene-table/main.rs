//! Prints, as JSON, which scene each kind of address opens that does not
//! name its scene outright: a level's, and a lesson step's (by the step's
//! id and by the numbers older links used). The page's loader
//! (build/pages.mjs) reads it to start the bundle that carries the
//! scene the app will open; the app itself is the source, so the two
//! cannot drift apart. The browser tests (tests/e2e/harness.mjs,
//! `sceneTable`) read the rest from it too, each scene's as its registry
//! line gives it: which scenes have a Go lens, each scene's parts, the
//! lesson's steps in order, and each scene's heaviest links. The scene
//! pages' placing script (build/prerender.mjs) reads the pieces of chrome
//! a link may hide.
//!
//! Usage: `cargo run -q --example scene-table > FILE`

use kafka_ordering_lab::golens::has_lens;
use kafka_ordering_lab::levels;
use kafka_ordering_lab::params::declare::Kind;
use kafka_ordering_lab::params::declare::LESSON_LEGACY;
use kafka_ordering_lab::params::{AppParams, ChromePiece, SceneId};
use kafka_ordering_lab::{lesson, route::open_link};
use serde_json::{json, Map, Value};

fn scene_of(query: &str) -> Value {
    Value::from(open_link(query).0.scene.id())
}

fn main() {
    let mut level_scenes = Map::new();
    for id in levels::LEVEL_IDS {
        level_scenes.insert(id.to_owned(), scene_of(&format!("?level={id}")));
    }
    // A step by its id, then the numbers `lesson=1` … `lesson=8` that
    // links from before name: each as the app reads it.
    let mut lesson_scenes = Map::new();
    let numbers = (1..=LESSON_LEGACY.len()).map(|n| n.to_string());
    for id in lesson::STEPS.iter().map(|s| s.id.to_owned()).chain(numbers) {
        lesson_scenes.insert(id.clone(), scene_of(&format!("?lesson={id}")));
    }
    // Each scene's parts, as its `part` parameter declares them (the
    // embedded default first), but `all`.
    let mut parts = Map::new();
    for scene in SceneId::ALL {
        let ids: Vec<&str> = scene
            .params()
            .iter()
            .find(|p| p.name == "part")
            .map(|p| match p.kind {
                Kind::Choice(ids) => ids.iter().copied().filter(|&id| id != "all").collect(),
                _ => Vec::new(),
            })
            .unwrap_or_default();
        parts.insert(scene.id().to_owned(), json!(ids));
    }
    let table = json!({
        "scenes": SceneId::ALL.iter().map(|s| s.id()).collect::<Vec<_>>(),
        "lens": SceneId::ALL.into_iter().filter(|&s| has_lens(s)).map(|s| s.id()).collect::<Vec<_>>(),
        "parts": parts,
        "steps": lesson::STEPS.iter().map(|s| s.id).collect::<Vec<_>>(),
        "heaviest": SceneId::ALL
            .into_iter()
            .flat_map(|s| s.heaviest())
            .map(|(name, query)| json!({ "name": name, "query": query }))
            .collect::<Vec<_>>(),
        "default": AppParams::default().scene.id(),
        "levels": level_scenes,
        "lessons": lesson_scenes,
        // The step the lesson's own page opens (src/params/path.rs).
        "first_step": lesson::STEPS[0].id,
        // The pieces `hide=` names (src/params/chrome.rs), which a scene
        // page's placing script hides on its copy (build/prerender.mjs).
        "chrome": ChromePiece::ALL.map(ChromePiece::id),
    });
    println!("{table}");
}
