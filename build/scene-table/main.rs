//! Prints, as JSON, which scene each kind of address opens that does not
//! name its scene outright: a level's, and a lesson step's (by the step's
//! id and by the numbers older links used). The page's loader
//! (build/pages.mjs) reads it to start the bundle that carries the
//! scene the app will open; the app itself is the source, so the two
//! cannot drift apart.
//!
//! Usage: `cargo run -q --example scene-table > FILE`

use kafka_ordering_lab::levels;
use kafka_ordering_lab::params::declare::LESSON_LEGACY;
use kafka_ordering_lab::params::{AppParams, SceneId};
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
    let table = json!({
        "scenes": SceneId::ALL.iter().map(|s| s.id()).collect::<Vec<_>>(),
        "default": AppParams::default().scene.id(),
        "levels": level_scenes,
        "lessons": lesson_scenes,
        // The step the lesson's own page opens (src/params/path.rs).
        "first_step": lesson::STEPS[0].id,
    });
    println!("{table}");
}
