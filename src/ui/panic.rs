//! The error overlay: a panic shows a readable message instead of a frozen
//! page. It is built with plain DOM calls because Yew may be what failed.

use wasm_bindgen::JsCast;

/// Shows `message` over the page, in both languages since the failure may
/// have happened before the language was known. The text is set as text,
/// never as markup.
pub fn show_panic_overlay(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = document.body() else { return };
    let Ok(overlay) = document.create_element("div") else {
        return;
    };
    overlay.set_id("panic-overlay");
    let _ = overlay.set_attribute("role", "alert");
    let _ = overlay.set_attribute("data-testid", "panic-overlay");
    let parts = [
        ("h2", "Что-то сломалось · Something broke"),
        (
            "p",
            "Симуляция остановилась из-за внутренней ошибки. Перезагрузите страницу; если ошибка повторится, пришлите ссылку и текст ниже авторам курса. · The simulation stopped on an internal error. Reload the page; if it happens again, send the link and the text below to the course authors.",
        ),
        ("pre", message),
    ];
    for (tag, text) in parts {
        if let Ok(el) = document.create_element(tag) {
            el.set_text_content(Some(text));
            let _ = overlay.append_child(&el);
        }
    }
    if let Ok(link) = document.create_element("a") {
        let href = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .unwrap_or_default();
        let _ = link.set_attribute("href", &href);
        link.set_text_content(Some("Перезагрузить · Reload"));
        let _ = overlay.append_child(&link);
    }
    if let Ok(el) = overlay.dyn_into::<web_sys::HtmlElement>() {
        let _ = body.append_child(&el);
    }
}
