//! The keyboard shortcuts help: a small non-modal dialog that takes focus
//! when it opens and hands it back when it closes, so a keyboard user is
//! not left at the top of the page.

use crate::i18n::Lang;
use crate::i18n::{t, Msg};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

/// Whether the help is open, and which element had focus before it opened.
#[derive(Default)]
pub struct Help {
    open: bool,
    return_to: Option<HtmlElement>,
}

impl Help {
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens or closes the help; returns whether that changed anything.
    /// Closing gives focus back at once, while the element is certainly
    /// still on the page and before the dialog that holds focus goes away.
    pub fn set_open(&mut self, open: bool) -> bool {
        if open == self.open {
            return false;
        }
        self.open = open;
        if open {
            self.return_to = focused_element();
        } else if let Some(el) = self.return_to.take() {
            // A scene may have re-rendered the element away meanwhile;
            // focus then stays where the browser puts it.
            if el.is_connected() {
                let _ = el.focus();
            }
        }
        true
    }
}

fn focused_element() -> Option<HtmlElement> {
    web_sys::window()?
        .document()?
        .active_element()?
        .dyn_into::<HtmlElement>()
        .ok()
}

/// Moves focus into the dialog once it is on the page.
pub fn focus_dialog(dialog: &NodeRef) {
    if let Some(el) = dialog.cast::<HtmlElement>() {
        let _ = el.focus();
    }
}

pub fn view_help(lang: Lang, dialog: NodeRef, on_close: Callback<MouseEvent>) -> Html {
    // tabindex -1: the dialog itself takes focus, so its title and list are
    // read out, and Tab goes on to its close button.
    html! {
        <div ref={dialog} class="help-dialog" role="dialog" aria-modal="false" tabindex="-1"
            aria-labelledby="help-title" aria-describedby="help-keys" data-testid="shortcuts-help">
            <h2 id="help-title">{t(lang, Msg::Shortcuts)}</h2>
            <ul id="help-keys">
                <li>{t(lang, Msg::KeySpace)}</li>
                <li>{t(lang, Msg::KeyArrows)}</li>
                <li>{t(lang, Msg::KeyHome)}</li>
                <li>{t(lang, Msg::KeyHelp)}</li>
                <li>{t(lang, Msg::KeysInFields)}</li>
            </ul>
            <button type="button" data-testid="help-close" onclick={on_close}>{t(lang, Msg::Close)}</button>
        </div>
    }
}
