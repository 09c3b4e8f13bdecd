//! Exports for slides: the scene as SVG or PNG, the producer's sequence
//! diagram as mermaid text.

use crate::params::percent_encode;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// The page's own stylesheets as text, so an exported figure looks as it
/// does on screen. Read from the live document rather than compiled in: the
/// CSS ships once, as a file, instead of a second time inside the wasm.
fn page_style(doc: &web_sys::Document) -> String {
    let mut css = String::new();
    let sheets = doc.style_sheets();
    for i in 0..sheets.length() {
        let Some(sheet) = sheets
            .item(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
        else {
            continue;
        };
        let Ok(rules) = sheet.css_rules() else {
            continue;
        };
        for j in 0..rules.length() {
            if let Some(rule) = rules.item(j) {
                css.push_str(&rule.css_text());
                css.push('\n');
            }
        }
    }
    css
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Saves `href` as `filename` through a temporary link.
fn save(filename: &str, href: &str) {
    let Some(doc) = document() else { return };
    let Ok(link) = doc.create_element("a") else {
        return;
    };
    let _ = link.set_attribute("href", href);
    let _ = link.set_attribute("download", filename);
    if let (Some(body), Ok(link)) = (doc.body(), link.dyn_into::<HtmlElement>()) {
        let _ = body.append_child(&link);
        link.click();
        link.remove();
    }
}

pub fn save_text(filename: &str, mime: &str, text: &str) {
    save(
        filename,
        &format!("data:{mime};charset=utf-8,{}", percent_encode(text)),
    );
}

/// The scene as a standalone SVG: its markup inside a foreignObject, with
/// the stylesheet and the theme, sized as it is on screen.
pub fn scene_svg(theme: &str) -> Option<(String, i32, i32)> {
    let doc = document()?;
    let scene: Element = doc.query_selector("[data-testid=scene]").ok()??;
    let (w, h) = (scene.client_width().max(1), scene.scroll_height().max(1));
    // XML, not HTML, serialisation: void elements closed, so the SVG parses.
    let markup = web_sys::XmlSerializer::new()
        .ok()?
        .serialize_to_string(&scene)
        .ok()?;
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <foreignObject x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\">\
         <div xmlns=\"http://www.w3.org/1999/xhtml\" class=\"app\" data-theme=\"{theme}\" style=\"min-height:0\">\
         <style>{}</style>{}</div></foreignObject></svg>",
        page_style(&doc).replace('&', "&amp;").replace('<', "&lt;"),
        markup
    );
    Some((svg, w, h))
}

pub fn export_svg(name: &str, theme: &str) {
    if let Some((svg, _, _)) = scene_svg(theme) {
        save_text(&format!("{name}.svg"), "image/svg+xml", &svg);
    }
}

/// Draws the SVG export on a canvas and saves it as PNG.
pub fn export_png(name: &str, theme: &str) {
    let Some((svg, w, h)) = scene_svg(theme) else {
        return;
    };
    let Some(doc) = document() else { return };
    let (Ok(image), Ok(canvas)) = (doc.create_element("img"), doc.create_element("canvas")) else {
        return;
    };
    let (Ok(image), Ok(canvas)) = (
        image.dyn_into::<web_sys::HtmlImageElement>(),
        canvas.dyn_into::<web_sys::HtmlCanvasElement>(),
    ) else {
        return;
    };
    canvas.set_width(w as u32);
    canvas.set_height(h as u32);
    let filename = format!("{name}.png");
    let drawn = image.clone();
    let onload = Closure::once_into_js(move || {
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
        if let Some(context) = context {
            let _ = context.draw_image_with_html_image_element(&drawn, 0.0, 0.0);
            if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                save(&filename, &url);
            }
        }
    });
    image.set_onload(Some(onload.unchecked_ref()));
    image.set_src(&format!(
        "data:image/svg+xml;charset=utf-8,{}",
        percent_encode(&svg)
    ));
}
