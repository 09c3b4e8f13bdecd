//! Every catalogue of the app, read whole: the shared words' (i18n), each
//! registered scene's (through the registry, so a new scene needs no line
//! here), the lesson's, the levels' and the Go lens's. It sits above them
//! all, as nothing below the app may know every catalogue.

use crate::golens::text::GoLensMsg;
use crate::i18n::catalogue_tests::{english_words, FIXED_NAMES};
use crate::i18n::{t, Lang, Msg, Text, WindowMsg};
use crate::lesson::LessonMsg;
use crate::levels::LevelMsg;
use crate::scenes::SceneId;

/// Every message of `all` in Russian, by name.
fn russian<M: Text + std::fmt::Debug>(
    all: &[M],
) -> impl Iterator<Item = (String, &'static str)> + '_ {
    all.iter().map(|&m| (format!("{m:?}"), t(Lang::Ru, m)))
}

#[test]
fn fixed_russian_strings_keep_only_kafkas_names() {
    // The language switch is written in the language it switches to.
    let shared = russian(Msg::ALL).filter(|(name, _)| name != "SwitchLanguage");
    let scenes = SceneId::ALL
        .into_iter()
        .flat_map(|s| s.messages(Lang::Ru).0);
    let ru: Vec<(String, &str)> = shared
        .chain(scenes)
        .chain(russian(LessonMsg::ALL))
        .chain(russian(WindowMsg::ALL))
        .chain(russian(GoLensMsg::ALL))
        .chain(russian(LevelMsg::ALL))
        .collect();
    for (name, text) in ru {
        let words: Vec<String> = english_words(text)
            .into_iter()
            .filter(|w| !FIXED_NAMES.contains(&w.as_str()))
            .collect();
        assert_eq!(words, Vec::<String>::new(), "{name}: {text}");
    }
}
