//! The app's state in the URL: parsing, validation and the shareable query.
//!
//! Every parameter is checked. A bad value never stops the app: it falls
//! back to a default (or is clamped into range) and leaves a [`ParamIssue`]
//! that the page shows, translated, naming the parameter.

mod chrome;
pub(crate) mod codec;
pub mod declare;
mod lens;
mod link;
mod part;
mod path;
mod scene;
#[cfg(test)]
mod tests;
mod text;

pub use chrome::{ChromePiece, Hidden};
pub use codec::{clamp_to, encode_component, parse_in, percent_encode};

use crate::sim::clients::GoClient;
use crate::sim::ModelParams;
pub use lens::{lens_tab, GO_CLIENT};
pub(crate) use link::keep_view;
pub use link::{elsewhere_link, preset_link, scene_link, to_query};
pub use part::{part_param, Part};
pub use path::{
    builder_path, is_builder_page, language_link, page_path, page_query, EMBED_PAGE, LESSON_PAGE,
};
pub use text::param_issue;

use codec::{parse_flag, parse_number, quote};
use declare::{find, Kind, Value};

pub use scene::{questions_built_in, LessonStep, SceneId, SceneLink, LESSON};

use crate::i18n::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// The course diagrams' dark palette.
    #[default]
    Dark,
    Light,
    /// Whichever the reader's system asks for (`prefers-color-scheme`): a
    /// frame on a course page then matches a light page or a dark one.
    Auto,
}

impl Theme {
    pub fn code(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
            Theme::Auto => "auto",
        }
    }

    /// The palette drawn, given whether the system asks for a light one.
    pub fn shown(self, prefers_light: bool) -> Theme {
        match self {
            Theme::Auto if prefers_light => Theme::Light,
            Theme::Auto => Theme::Dark,
            theme => theme,
        }
    }
}

pub const DEFAULT_SEED: u64 = 42;
macro_rules! define_app_params {
    ($($variant:ident, $field:ident, $id:literal, $feature:literal, $model:ty;)*) => {
        /// Everything a link carries: the state every scene shares, and one
        /// field per registered scene with that scene's own parameters
        /// (named by its registry line, typed by its model's
        /// [`ModelParams`]). A link sets only the open scene's.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct AppParams {
            pub scene: SceneId,
            pub lang: Lang,
            pub theme: Theme,
            pub seed: u64,
            /// Simulated milliseconds to open at; `None` opens at the
            /// scene's own moment.
            pub t: Option<u64>,
            /// With `t`: how many of the events due at `t` have happened,
            /// when a step stopped between them; `None`, all.
            pub t_events: Option<u32>,
            /// `embed=1`: no app chrome, for iframes in course pages.
            pub embed: bool,
            /// `hide=`: the pieces of the page's chrome left out of a frame.
            pub hide: Hidden,
            /// The part of the scene shown alone ([`AppParams::shown_part`]).
            pub part: Option<Part>,
            /// The guided lesson's step (1-based), when following it.
            pub lesson: Option<u32>,
            /// The challenge level (1-based) being played.
            pub level: Option<u32>,
            /// The level author's kit, when open.
            pub level_kit: Option<LevelKit>,
            /// The Go client lens: the tab shown.
            pub go_client: GoClient,
            $(pub $field: <$model as ModelParams>::Params,)*
        }

        impl Default for AppParams {
            fn default() -> Self {
                AppParams {
                    scene: SceneId::Log,
                    lang: Lang::default(),
                    theme: Theme::default(),
                    seed: DEFAULT_SEED,
                    t: None,
                    t_events: None,
                    embed: false,
                    hide: Hidden::default(),
                    part: None,
                    lesson: None,
                    level: None,
                    level_kit: None,
                    go_client: GoClient::FranzGo,
                    $($field: Default::default(),)*
                }
            }
        }

        impl AppParams {
            /// What the simulation depends on: the scene, the seed and each
            /// scene's parameters that its run reads ([`ModelParams::run_part`]),
            /// with every parameter of the view at its default. When this
            /// changes the run is rebuilt; otherwise only the view changes.
            pub fn sim_config(&self) -> AppParams {
                AppParams {
                    scene: self.scene,
                    seed: self.seed,
                    $($field: <$model as ModelParams>::run_part(&self.$field),)*
                    ..AppParams::default()
                }
            }
        }
    };
}

crate::for_each_scene!(define_app_params);

/// The level author's kit: a level file made from the page's state, or
/// a pasted one previewed and checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKit {
    Make,
    Preview,
}

impl LevelKit {
    pub const ALL: [LevelKit; 2] = [LevelKit::Make, LevelKit::Preview];

    pub fn id(self) -> &'static str {
        match self {
            LevelKit::Make => "make",
            LevelKit::Preview => "preview",
        }
    }

    pub fn from_id(id: &str) -> Option<LevelKit> {
        LevelKit::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// The moment on screen, as a link names it: the simulated millisecond,
/// and how many of its events have happened when a step stopped between
/// two of them (`None`: all).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moment {
    pub t: u64,
    pub events: Option<u32>,
}

impl AppParams {
    /// These parameters at `moment`: the link to exactly what is on
    /// screen, the same state whether it was stepped to or opened.
    pub fn at(&self, moment: Moment) -> AppParams {
        AppParams {
            t: Some(moment.t),
            t_events: moment.events,
            ..self.clone()
        }
    }
}

/// Something wrong with the URL, and what was done instead.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParamIssue {
    UnknownScene {
        value: String,
    },
    /// The key was cut to `used` bytes.
    KeyTooLong {
        bytes: usize,
        used: usize,
    },
    NotANumber {
        name: &'static str,
        value: String,
    },
    OutOfRange {
        name: &'static str,
        value: String,
        used: u64,
    },
    BadChoice {
        name: &'static str,
        value: String,
        choices: String,
    },
    Repeated {
        name: String,
    },
    UnknownParam {
        name: String,
    },
    /// A fault name from before the truth pass, opened as the real fault
    /// nearest to it ([`crate::scenes::producer::model::presets::RENAMED_FAULTS`]).
    FaultRenamed {
        old: &'static str,
        new: &'static str,
    },
}

/// A query's pairs (with or without the leading `?`), as `URLSearchParams`
/// reads them: `+` is a space, a bad `%` escape stays as it is, bad UTF-8
/// becomes U+FFFD.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect()
}

/// Reads a scene's link (with or without the leading `?`): its scene, the
/// stage that scene starts from, then the link's parameters. A lesson step
/// or a level the link names is noted, not opened: the app opens them
/// (src/route.rs, `open_link`).
pub fn parse_query(query: &str) -> (AppParams, Vec<ParamIssue>) {
    parse_pairs(&query_pairs(query), &[])
}

/// Reads a link's `pairs` over `underlay`, the pairs of what the link opens
/// (a lesson step's): the scene and the preset are the link's, else the
/// underlay's; the underlay's pairs are the app's own and are applied
/// silently, and a bad one among the link's then leaves the underlay's
/// value, not the default, so the link the app writes back opens the same
/// state.
pub fn parse_pairs(
    pairs: &[(String, String)],
    underlay: &[(String, String)],
) -> (AppParams, Vec<ParamIssue>) {
    let mut params = AppParams::default();
    let mut issues = Vec::new();
    let first = |from: &[(String, String)], wanted: &str| {
        from.iter()
            .find(|(n, _)| n == wanted)
            .map(|(_, v)| v.clone())
    };
    let wanted = |name: &str| first(pairs, name).or_else(|| first(underlay, name));
    // Each scene declares its own parameters (a group's partitions have a
    // range of their own), and a preset sets the stage that the link's own
    // parameters then adjust: so scene and preset are read first.
    if let Some(scene) = wanted("scene").as_deref().and_then(SceneId::from_id) {
        params.scene = scene;
    }
    // A scene may start from its own stage (a group's partitions and
    // actions, the producer's preset), which the link's parameters adjust.
    let scene = params.scene;
    scene.link_start(&mut params, wanted("preset").as_deref());
    // The underlay's pairs are the app's too. A link that opens a step in
    // another scene keeps only what that scene declares, silently.
    for (name, value) in underlay {
        apply(&mut params, name, value, &mut Vec::new());
    }
    apply_once(&mut params, pairs, &mut issues);
    (params, issues)
}

/// Applies a link's own pairs on top of `params`, each as its scene
/// declares it: a name given again is an issue, and its first value counts.
pub fn apply_once<'a>(
    params: &mut AppParams,
    pairs: impl IntoIterator<Item = &'a (String, String)>,
    issues: &mut Vec<ParamIssue>,
) {
    let mut seen: Vec<&str> = Vec::new();
    for (name, value) in pairs {
        if seen.contains(&name.as_str()) {
            issues.push(ParamIssue::Repeated { name: quote(name) });
            continue;
        }
        seen.push(name);
        apply(params, name, value, issues);
    }
}

/// Applies a query's pairs (a level's solution, a pinned setting) on top
/// of `params`, each as its scene declares it; the messages they give.
pub fn apply_pairs(params: &mut AppParams, query: &str) -> Vec<ParamIssue> {
    let mut issues = Vec::new();
    for (name, value) in form_urlencoded::parse(query.trim_start_matches('?').as_bytes()) {
        apply(params, &name, &value, &mut issues);
    }
    issues
}

/// Applies one parameter as its scene declares it, or notes why it could
/// not be.
pub(crate) fn apply(params: &mut AppParams, name: &str, value: &str, issues: &mut Vec<ParamIssue>) {
    let Some(param) = find(params.scene, name) else {
        issues.push(ParamIssue::UnknownParam { name: quote(name) });
        return;
    };
    let accepted = match &param.kind {
        Kind::Number(range) => match parse_number(param.name, value, range.clone(), issues) {
            Some(n) => (param.set)(params, Value::Number(n)),
            None => return,
        },
        Kind::Flag => match parse_flag(param.name, value, issues) {
            Some(b) => (param.set)(params, Value::Flag(b)),
            None => return,
        },
        Kind::Text {
            max_bytes: Some(max),
            ..
        } if value.len() > *max => {
            let mut end = *max;
            while !value.is_char_boundary(end) {
                end -= 1;
            }
            issues.push(ParamIssue::KeyTooLong {
                bytes: value.len(),
                used: end,
            });
            (param.set)(params, Value::Text(&value[..end]))
        }
        Kind::Choice(_) | Kind::Text { .. } => (param.set)(params, Value::Text(value)),
    };
    if accepted && param.name == "faults" {
        issues.extend(
            crate::scenes::producer::model::presets::renamed_faults(value)
                .into_iter()
                .map(|(old, new)| ParamIssue::FaultRenamed { old, new }),
        );
    }
    if !accepted {
        issues.push(if param.name == "scene" {
            ParamIssue::UnknownScene {
                value: quote(value),
            }
        } else {
            ParamIssue::BadChoice {
                name: param.name,
                value: quote(value),
                choices: param.choices_text(),
            }
        });
    }
}
