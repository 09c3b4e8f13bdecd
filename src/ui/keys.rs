//! The global keyboard shortcuts, and which focused elements keep their
//! keys. Deciding is a pure function of the key and what has focus, tested
//! on the host; only `focus_of` reads the page.

use crate::widgets::player::PlayerAction;
#[cfg(feature = "ui")]
use web_sys::Element;

/// What has focus, as far as the shortcuts are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A field that takes typed text or moves with the arrows: every key,
    /// `?` and Space included, is its own.
    Field,
    /// A control that Space activates: a button, a link, a summary.
    Control,
    /// A frame that scrolls sideways (a wide table on a phone): the left
    /// and right arrows scroll it.
    Scroller,
    /// Anything else: the page, a figure, the help dialog's frame.
    Page,
}

/// Elements whose keys are their own: a typed `?` must land in the field,
/// and the arrows must move the caret, the slider or the selection.
const FIELDS: &str = "input, textarea, select, \
    [contenteditable]:not([contenteditable='false']), \
    [role='textbox'], [role='searchbox'], [role='combobox'], [role='slider'], \
    [role='spinbutton'], [role='listbox'], [role='radiogroup'], [role='tablist']";

/// Elements that Space presses, clicks or toggles.
const CONTROLS: &str = "button, a[href], summary, \
    [role='button'], [role='link'], [role='checkbox'], [role='switch'], \
    [role='menuitem'], [role='tab'], [role='option'], [role='radio']";

/// Frames that scroll sideways, focusable so a keyboard can scroll them.
const SCROLLERS: &str = ".table-scroll";

/// What kind of element `target` (a key event's target) is. `closest`
/// also catches a child of a control or of an editable region.
#[cfg(feature = "ui")]
pub fn focus_of(target: Option<&Element>) -> Focus {
    let within = |el: &Element, selector: &str| matches!(el.closest(selector), Ok(Some(_)));
    match target {
        Some(el) if within(el, FIELDS) => Focus::Field,
        Some(el) if within(el, CONTROLS) => Focus::Control,
        Some(el) if within(el, SCROLLERS) => Focus::Scroller,
        _ => Focus::Page,
    }
}

/// What a key press does to the app.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shortcut {
    Player(PlayerAction),
    ToggleHelp,
    CloseHelp,
}

/// The shortcut for `key` pressed on `focus`, if any. `modified` is Ctrl,
/// Alt or Meta held: those combinations belong to the browser and the
/// system. Shift is not a modifier here, since `?` needs it on most layouts.
pub fn shortcut(key: &str, modified: bool, focus: Focus, help_open: bool) -> Option<Shortcut> {
    if modified || focus == Focus::Field {
        return None;
    }
    match key {
        "Escape" if help_open => Some(Shortcut::CloseHelp),
        "?" => Some(Shortcut::ToggleHelp),
        // A focused button, link or summary is pressed by Space, as
        // everywhere else on the web; play and pause wait for focus to
        // leave it.
        " " if focus == Focus::Control => None,
        " " => Some(Shortcut::Player(PlayerAction::TogglePlay)),
        "ArrowRight" | "ArrowLeft" if focus == Focus::Scroller => None,
        "ArrowRight" => Some(Shortcut::Player(PlayerAction::StepForward)),
        "ArrowLeft" => Some(Shortcut::Player(PlayerAction::StepBack)),
        "Home" => Some(Shortcut::Player(PlayerAction::Reset)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL_FOCUS: [Focus; 4] = [Focus::Field, Focus::Control, Focus::Scroller, Focus::Page];

    #[test]
    fn a_field_keeps_every_key() {
        for key in [" ", "?", "ArrowLeft", "ArrowRight", "Home", "Escape", "a"] {
            for help_open in [false, true] {
                assert_eq!(
                    shortcut(key, false, Focus::Field, help_open),
                    None,
                    "{key:?}"
                );
            }
        }
    }

    #[test]
    fn space_presses_a_focused_control_and_plays_elsewhere() {
        assert_eq!(shortcut(" ", false, Focus::Control, false), None);
        assert_eq!(
            shortcut(" ", false, Focus::Page, false),
            Some(Shortcut::Player(PlayerAction::TogglePlay))
        );
    }

    #[test]
    fn enter_is_never_taken() {
        for focus in ALL_FOCUS {
            assert_eq!(shortcut("Enter", false, focus, false), None);
        }
    }

    #[test]
    fn help_opens_with_a_question_mark_and_closes_with_escape() {
        for focus in [Focus::Control, Focus::Page] {
            assert_eq!(
                shortcut("?", false, focus, false),
                Some(Shortcut::ToggleHelp)
            );
            assert_eq!(
                shortcut("?", false, focus, true),
                Some(Shortcut::ToggleHelp)
            );
            assert_eq!(
                shortcut("Escape", false, focus, true),
                Some(Shortcut::CloseHelp)
            );
            assert_eq!(shortcut("Escape", false, focus, false), None);
        }
    }

    #[test]
    fn steps_work_from_a_focused_button_too() {
        assert_eq!(
            shortcut("ArrowRight", false, Focus::Control, false),
            Some(Shortcut::Player(PlayerAction::StepForward))
        );
        assert_eq!(
            shortcut("Home", false, Focus::Page, false),
            Some(Shortcut::Player(PlayerAction::Reset))
        );
    }

    #[test]
    fn a_focused_sideways_scroller_keeps_its_arrows_only() {
        for key in ["ArrowLeft", "ArrowRight"] {
            assert_eq!(
                shortcut(key, false, Focus::Scroller, false),
                None,
                "{key:?}"
            );
        }
        assert_eq!(
            shortcut(" ", false, Focus::Scroller, false),
            Some(Shortcut::Player(PlayerAction::TogglePlay))
        );
        assert_eq!(
            shortcut("Home", false, Focus::Scroller, false),
            Some(Shortcut::Player(PlayerAction::Reset))
        );
        assert_eq!(
            shortcut("?", false, Focus::Scroller, false),
            Some(Shortcut::ToggleHelp)
        );
    }

    #[test]
    fn browser_combinations_are_left_alone() {
        for key in [" ", "?", "ArrowLeft", "Home", "Escape"] {
            for focus in ALL_FOCUS {
                assert_eq!(shortcut(key, true, focus, true), None, "{key:?}");
            }
        }
    }
}
