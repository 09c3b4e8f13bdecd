//! wasm-bindgen tests: the real app mounted in headless Chromium.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use kafka_ordering_lab::ui::{show_panic_overlay, App, AppProps};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::Element;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// Mounts the app into a fresh element and waits until it says it is ready.
async fn mount(query: &str) -> Element {
    let root = document().create_element("div").expect("div");
    document()
        .body()
        .expect("body")
        .append_child(&root)
        .expect("appended");
    yew::Renderer::<App>::with_root_and_props(
        root.clone(),
        AppProps {
            query: query.to_owned().into(),
        },
    )
    .render();
    for _ in 0..200 {
        if root
            .query_selector("[data-testid=scene][data-ready=true]")
            .ok()
            .flatten()
            .is_some()
        {
            return root;
        }
        TimeoutFuture::new(10).await;
    }
    panic!("the scene never became ready for {query}");
}

fn attr_all(root: &Element, selector: &str, attr: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).expect("valid selector");
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| wasm_bindgen::JsCast::dyn_into::<Element>(n).ok())
        .filter_map(|e| e.get_attribute(attr))
        .collect()
}

#[wasm_bindgen_test]
async fn a_deep_link_opens_at_its_time_with_offsets_in_order() {
    let root = mount("?scene=log&lang=en&seed=42&t=4000").await;
    let scene = root.query_selector("[data-testid=scene]").unwrap().unwrap();
    assert_eq!(scene.get_attribute("data-scene").as_deref(), Some("log"));
    assert_eq!(
        scene.get_attribute("data-sim-time").as_deref(),
        Some("4000")
    );
    // tests/golden/log-seed-42.trace: by 4000 ms the records of sends 0..=4 are appended.
    let offsets = attr_all(&root, "[data-testid=record]", "data-offset");
    assert_eq!(offsets, vec!["0", "1", "2", "3", "4"]);
    let steps = attr_all(&root, "[data-testid=record]", "data-step");
    assert_eq!(steps[..4], ["1", "2", "3", "4"]);
    let files = attr_all(&root, "[data-testid=segment]", "data-file");
    assert_eq!(
        files,
        vec!["00000000000000000000.log", "00000000000000000004.log"]
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn bad_parameters_show_a_translated_message_and_defaults() {
    let root = mount("?scene=nonsense&seed=abc&lang=en").await;
    let message = root
        .query_selector("[data-testid=param-message]")
        .unwrap()
        .expect("a message about the bad parameters");
    let text = message.text_content().unwrap_or_default();
    assert!(text.contains("nonsense") && text.contains("seed"), "{text}");
    let scene = root.query_selector("[data-testid=scene]").unwrap().unwrap();
    assert_eq!(scene.get_attribute("data-scene").as_deref(), Some("log"));
    root.remove();
}

#[wasm_bindgen_test]
fn the_panic_overlay_shows_text_not_markup() {
    show_panic_overlay("<img src=x onerror=alert(1)> went wrong");
    let overlay = document()
        .get_element_by_id("panic-overlay")
        .expect("overlay shown");
    let pre = overlay
        .query_selector("pre")
        .unwrap()
        .expect("message block");
    assert_eq!(
        pre.text_content().as_deref(),
        Some("<img src=x onerror=alert(1)> went wrong")
    );
    assert!(overlay.query_selector("img").unwrap().is_none());
    overlay.remove();
}
