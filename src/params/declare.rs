//! Every link parameter, declared once by its scene: its name, what values
//! it takes, its default, whether the run depends on it, and how it reads
//! and writes [`AppParams`].
//!
//! Parsing, the share link, the forms' bounds, the URL fuzz and the
//! README's table all read this declaration, so a range written here is the
//! range everywhere. A name may be declared by several scenes with ranges
//! of their own (`partitions` is 1–64 when routing, 1–32 in a group).

use super::{AppParams, Hidden, SceneId, Theme};
use crate::i18n::Lang;
use std::ops::RangeInclusive;

/// What values a parameter takes.
pub enum Kind {
    /// A whole number; one outside the range is clamped, with a message.
    Number(RangeInclusive<u64>),
    /// One of these ids.
    Choice(&'static [&'static str]),
    /// `1` or `0` (`true` and `false` are read too).
    Flag,
    /// Text in a form of its own, named in the message for a bad value.
    /// `example` is a valid value other than the default; `max_bytes`, if
    /// set, cuts a longer value rather than refusing it.
    Text {
        form: &'static str,
        example: &'static str,
        max_bytes: Option<usize>,
    },
}

/// A checked value, handed to a parameter's setter.
#[derive(Clone, Copy, Debug)]
pub enum Value<'a> {
    /// Already within the parameter's range.
    Number(u64),
    Flag(bool),
    Text(&'a str),
}

impl Value<'_> {
    /// The declared ranges of `u32` fields fit in a `u32`.
    pub fn u32(self) -> Option<u32> {
        match self {
            Value::Number(n) => u32::try_from(n).ok(),
            _ => None,
        }
    }

    pub fn u64(self) -> Option<u64> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }

    pub fn flag(self) -> Option<bool> {
        match self {
            Value::Flag(b) => Some(b),
            _ => None,
        }
    }

    pub fn text(&self) -> Option<&str> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }
}

/// A fixed message of whichever scene's catalogue, in a language: the
/// settings of one scene may be labelled by another's words (the
/// pipeline's producer settings by the producer's).
pub type Label = fn(Lang) -> &'static str;

/// The words of a setting of `$scene` (its label, or a choice's words):
/// `t(lang, $msg)` in a bundle that has the scene, nothing in another.
/// Every bundle declares every scene's settings, as a link to another
/// scene is built from them, but only the scene's own form and its levels'
/// controls show their words; in another scene's bundle they were text no
/// reader sees (the pipeline's Russian wasm 244.1 → 242.2 KB gzip,
/// 2026-12-06, BENCHMARKS.md). `built_in` is a constant in each bundle, so
/// the build leaves the words out.
macro_rules! scene_words {
    ($scene:ident, $msg:expr) => {
        |lang| {
            if $crate::params::SceneId::$scene.built_in() {
                $crate::i18n::t(lang, $msg)
            } else {
                ""
            }
        }
    };
}
pub(crate) use scene_words;

/// How one value of a choice reads in a list of options.
#[derive(Clone, Copy)]
pub enum OptionText {
    /// The words the scene's form gives the value, in the learner's
    /// language.
    Words(Label),
    /// The value itself: Kafka's own config value (`acks=all`,
    /// `cooperative-sticky`) or a client library's name, which the scene's
    /// form shows as it is in either language.
    Verbatim,
}

pub struct Param {
    pub name: &'static str,
    pub kind: Kind,
    /// Whether the run depends on it: a change rebuilds the run, where a
    /// view parameter only changes what is shown. [`AppParams::sim_config`]
    /// agrees with this, which a test checks.
    pub run: bool,
    /// The value of a link that leaves the parameter out, as a link writes
    /// it; empty when there is none (no lesson step, no moment).
    pub default: &'static str,
    /// What it means, for the README's table (in English, as the README is).
    /// Only the host has it, where the README's table is written: in the
    /// app it would be 4 KB of English text that no reader sees.
    #[cfg(not(target_arch = "wasm32"))]
    pub doc: &'static str,
    /// What the learner reads beside the setting's control, in the
    /// learner's language: the label the scene's form gives it, which a
    /// level's control for it repeats. Every setting a level can unlock
    /// ([`crate::levels::unlockable`]) has one, as a test checks; a setting
    /// of the view, which no level unlocks, needs none.
    pub label: Option<Label>,
    /// What each value of a choice reads as in a list of options, in the
    /// order of its [`Kind::Choice`] ids: the scene's form and a level's
    /// control for the setting show the same. Every choice a level can
    /// unlock lists each of its values, as a test checks; any other kind
    /// lists none, and a choice of the view, which no level unlocks, need
    /// not.
    pub options: &'static [(&'static str, OptionText)],
    /// The value a link writes, or `None` to leave the parameter out.
    pub get: fn(&AppParams) -> Option<String>,
    /// Takes a checked value; `false` when it is not one the parameter
    /// accepts (a choice not in the list, text not in its form).
    pub set: fn(&mut AppParams, Value<'_>) -> bool,
}

impl Param {
    /// The range of a number, for a form's bounds; `0..=0` for any other
    /// kind, which no form asks for.
    pub fn range(&self) -> RangeInclusive<u32> {
        match &self.kind {
            Kind::Number(r) => {
                let narrow = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
                narrow(*r.start())..=narrow(*r.end())
            }
            _ => 0..=0,
        }
    }

    /// What value `id` of a choice reads as in `lang`, as [`Param::options`]
    /// declares it; `None` for a value it does not list.
    pub fn option_text(&self, id: &str, lang: Lang) -> Option<&'static str> {
        self.options
            .iter()
            .find(|(value, _)| *value == id)
            .map(|(value, text)| match text {
                OptionText::Words(words) => words(lang),
                OptionText::Verbatim => value,
            })
    }

    /// The accepted values, as the message for a bad one lists them.
    pub fn choices_text(&self) -> String {
        match &self.kind {
            Kind::Number(r) => format!("{}–{}", r.start(), r.end()),
            Kind::Choice(ids) => ids.join(", "),
            Kind::Flag => "1, 0".to_owned(),
            Kind::Text { form, .. } => (*form).to_owned(),
        }
    }
}

/// A `u32` range as the parser's `u64` one.
pub(crate) const fn wide(r: RangeInclusive<u32>) -> RangeInclusive<u64> {
    *r.start() as u64..=*r.end() as u64
}

/// Whether `scene` declares `name`, and how.
pub fn find(scene: SceneId, name: &str) -> Option<&'static Param> {
    scene_params(scene).find(|p| p.name == name)
}

/// The parameters of `scene`, in the order a link writes them: the scene
/// and the run's seed and moment first, the view's last.
pub fn scene_params(scene: SceneId) -> impl Iterator<Item = &'static Param> {
    HEAD.iter()
        .chain(scene.params())
        .chain(TAIL.iter())
        .copied()
}

/// Every scene's parameters, shared ones once: the scene, the run's seed
/// and moment, the lesson step and the view.
pub static SHARED: [&Param; 11] = [
    &SCENE, &LANG, &SEED, &T, &EVENTS, &LESSON, &LEVEL, &LEVEL_KIT, &THEME, &EMBED, &HIDE,
];

static HEAD: [&Param; 5] = [&SCENE, &LANG, &SEED, &T, &EVENTS];
static TAIL: [&Param; 6] = [&LESSON, &LEVEL, &LEVEL_KIT, &THEME, &EMBED, &HIDE];

pub use super::scene::{LESSON_LEGACY, LESSON_STEPS, LESSON_STEP_IDS};

/// The position (1-based) of the step a link names: `S.P`, or a number
/// from before, read as that step.
pub fn lesson_position(id: &str) -> Option<u32> {
    let id = id
        .parse::<usize>()
        .ok()
        .and_then(|n| LESSON_LEGACY.get(n.checked_sub(1)?))
        .copied()
        .unwrap_or(id);
    LESSON_STEP_IDS
        .iter()
        .position(|&s| s == id)
        .map(|i| i as u32 + 1)
}

/// `?level=` values: `1` … the number of levels (src/levels, whose files a
/// test there counts).
pub const LEVEL_IDS: [&str; 15] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15",
];

pub static SCENE: Param = Param {
    name: "scene",
    kind: Kind::Choice(&SceneId::IDS),
    run: true,
    default: "log",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the scene, in the chapter's order",
    label: None,
    options: &[],
    get: |p| Some(p.scene.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(SceneId::from_id)
            .map(|s| p.scene = s)
            .is_some()
    },
};

pub static LANG: Param = Param {
    name: "lang",
    kind: Kind::Choice(&["ru", "en"]),
    run: false,
    default: "ru",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the language",
    label: None,
    options: &[],
    get: |p| Some(p.lang.code().to_owned()),
    set: |p, v| {
        let lang = match v.text() {
            #[cfg(feature = "lang-ru")]
            Some("ru") => Lang::Ru,
            #[cfg(feature = "lang-en")]
            Some("en") => Lang::En,
            // The page's loader starts the bundle of the link's language
            // (build/pages.mjs), so a bundle meets the other one
            // only if that rule and this one part: it shows its own.
            #[cfg(not(all(feature = "lang-ru", feature = "lang-en")))]
            Some("ru" | "en") => Lang::default(),
            _ => return false,
        };
        p.lang = lang;
        true
    },
};

pub static SEED: Param = Param {
    name: "seed",
    kind: Kind::Number(0..=u64::MAX),
    run: true,
    default: "42",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the run's seed; same seed, same run",
    label: None,
    options: &[],
    get: |p| Some(p.seed.to_string()),
    set: |p, v| v.u64().map(|n| p.seed = n).is_some(),
};

pub static T: Param = Param {
    name: "t",
    // The scene clamps t to its own length once the run is known.
    kind: Kind::Number(0..=u64::MAX),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "simulated milliseconds to open at; without it, the scene's own moment",
    label: None,
    options: &[],
    get: |p| p.t.map(|t| t.to_string()),
    set: |p, v| v.u64().map(|n| p.t = Some(n)).is_some(),
};

pub static EVENTS: Param = Param {
    name: "events",
    // Several events can share a millisecond, and a step shows them one
    // at a time: `t` alone would open after all of them.
    kind: Kind::Number(wide(0..=u32::MAX)),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "with `t`, how many of the events due at that millisecond have happened, when a step stopped between them; without it, all",
    label: None,
    options: &[],
    // Only with the moment it counts in: a link that drops `t` drops it.
    get: |p| p.t.and(p.t_events).map(|n| n.to_string()),
    set: |p, v| v.u32().map(|n| p.t_events = Some(n)).is_some(),
};

pub static LESSON: Param = Param {
    name: "lesson",
    kind: Kind::Choice(&LESSON_STEPS),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the guided lesson's step (it sets up its own scene)",
    label: None,
    options: &[],
    get: |p| {
        p.lesson
            .and_then(|n| LESSON_STEP_IDS.get((n as usize).checked_sub(1)?))
            .map(|&id| id.to_owned())
    },
    set: |p, v| {
        v.text()
            .and_then(lesson_position)
            .map(|n| p.lesson = Some(n))
            .is_some()
    },
};

pub static LEVEL: Param = Param {
    name: "level",
    // A level that does not exist is not the nearest one: refused, with
    // the level map, rather than clamped.
    kind: Kind::Choice(&LEVEL_IDS),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the challenge level to play (it sets up its own scene and locks what it does not unlock)",
    label: None,
    options: &[],
    get: |p| p.level.map(|n| n.to_string()),
    set: |p, v| {
        v.text()
            .and_then(|s| LEVEL_IDS.iter().position(|&id| id == s))
            .map(|i| p.level = Some(i as u32 + 1))
            .is_some()
    },
};

pub static LEVEL_KIT: Param = Param {
    name: "level-kit",
    kind: Kind::Choice(&["make", "preview"]),
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the level author's kit: `make` writes a level file from this link, `preview` checks a pasted one",
    label: None,
    options: &[],
    get: |p| p.level_kit.map(|k| k.id().to_owned()),
    set: |p, v| {
        v.text()
            .and_then(super::LevelKit::from_id)
            .map(|k| p.level_kit = Some(k))
            .is_some()
    },
};

pub static THEME: Param = Param {
    name: "theme",
    kind: Kind::Choice(&["dark", "light", "auto"]),
    run: false,
    default: "dark",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "the palette (`dark` is the course diagrams'; `auto` follows the reader's system, light or dark, as a course page may)",
    label: None,
    options: &[],
    get: |p| (p.theme != Theme::default()).then(|| p.theme.code().to_owned()),
    set: |p, v| {
        let theme = match v.text() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            Some("auto") => Theme::Auto,
            _ => return false,
        };
        p.theme = theme;
        true
    },
};

pub static EMBED: Param = Param {
    name: "embed",
    kind: Kind::Flag,
    run: false,
    default: "0",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "`1` hides the menu, for iframes in course pages",
    label: None,
    options: &[],
    get: |p| p.embed.then(|| "1".to_owned()),
    set: |p, v| v.flag().map(|b| p.embed = b).is_some(),
};

pub static HIDE: Param = Param {
    name: "hide",
    kind: Kind::Text {
        form: "title, lede, prefs, share",
        example: "title,share",
        max_bytes: None,
    },
    run: false,
    default: "",
    #[cfg(not(target_arch = "wasm32"))]
    doc: "pieces of the page left out, comma-separated: `title` (kept for screen readers), `lede`, `prefs` (the language and theme switches), `share` (the link and export row); for frames whose course page says them itself",
    label: None,
    options: &[],
    get: |p| (!p.hide.is_empty()).then(|| p.hide.ids(",")),
    set: |p, v| {
        v.text()
            .and_then(Hidden::parse)
            .map(|h| p.hide = h)
            .is_some()
    },
};
