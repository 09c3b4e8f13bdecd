//! Every catalogue of the app, read whole: the shared words' (i18n), each
//! registered scene's (through the registry, so a new scene needs no line
//! here), the lesson's, the levels' and the Go lens's. It sits above them
//! all, as nothing below the app may know every catalogue.

use crate::builder::BuilderMsg;
use crate::golens::text::{GoLensMsg, GoLensPanelMsg, SwitchMsg};
use crate::i18n::catalogue_tests::{
    agrees_with_each_of_its_numbers, declared_once_with_numbers, english_words,
    follow_the_glossary, shared_numbered, stay_russian, FIXED_NAMES,
};
use crate::i18n::{t, Lang, Msg, Numbered, Text, WindowMsg};
use crate::lesson::LessonMsg;
use crate::levels::{KitMsg, LevelMsg};
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
        .chain(russian(GoLensPanelMsg::ALL))
        .chain(russian(SwitchMsg::ALL))
        .chain(russian(LevelMsg::ALL))
        .chain(russian(KitMsg::ALL))
        .chain(russian(BuilderMsg::ALL))
        .collect();
    for (name, text) in ru {
        let words: Vec<String> = english_words(text)
            .into_iter()
            .filter(|w| !FIXED_NAMES.contains(&w.as_str()))
            .collect();
        assert_eq!(words, Vec::<String>::new(), "{name}: {text}");
    }
}

/// Every registered scene's numbered messages (through the registry, so a
/// new scene's are tested without a line here), with the shared ones, put
/// through the checks the shared catalogue's pass: each agrees with each of
/// its numbers in both languages, Russian stays Russian, and no name is
/// declared twice anywhere.
fn every_numbered() -> Vec<&'static Numbered> {
    let mut all = shared_numbered();
    for scene in SceneId::ALL {
        assert!(
            !scene.numbered().is_empty(),
            "{scene:?} has no numbered words"
        );
        all.extend(scene.numbered());
    }
    all
}

#[test]
fn every_scenes_numbered_message_agrees_with_each_of_its_numbers() {
    agrees_with_each_of_its_numbers(&every_numbered());
}

#[test]
fn every_scenes_numbered_russian_stays_russian() {
    stay_russian(&every_numbered());
}

#[test]
fn every_scenes_numbered_message_follows_the_glossary() {
    follow_the_glossary(&every_numbered());
}

#[test]
fn no_numbered_message_is_declared_twice_anywhere() {
    declared_once_with_numbers(&every_numbered());
}

/// The examples the words' issues gave, from the shared catalogue and the
/// scenes' own.
#[test]
fn the_issues_examples_read_right() {
    use crate::i18n::{more_empty_partitions, records_per_second, speed};
    use crate::scenes::disk::numbered::megabytes_per_second;
    use crate::scenes::group::numbered::generation_line;
    use crate::scenes::log::numbered::summary_log;
    use crate::scenes::producer::numbered::{request_lost, summary_producer};
    use crate::scenes::repartition::numbered::pause_cost;
    use crate::scenes::replication::numbered::broker_name;
    use crate::scenes::routing::numbered::byte_count;
    use crate::scenes::workers::numbered::crash_summary;
    assert_eq!(byte_count(Lang::Ru, 2), "2 байта");
    assert_eq!(more_empty_partitions(Lang::Ru, 59), "+ 59 пустых партиций");
    assert_eq!(
        pause_cost(Lang::Ru, 300, 61),
        "Продюсеры стояли 300\u{a0}мс; в буфере копилось до 61 сообщения."
    );
    assert_eq!(
        records_per_second(Lang::Ru, 146_484),
        "146\u{a0}484 сообщения/с"
    );
    assert!(crash_summary(Lang::Ru, 5, 33, 40, 7)
        .contains("33 уже обработанных сообщения придётся обработать ещё раз"));
    assert!(summary_log(Lang::En, 3, 2, Some(1), 1).ends_with("1 segment"));
    assert!(summary_producer(Lang::En, 2, 1, 0, 0, 1).contains("1 retry,"));
    assert_eq!(broker_name(Lang::Ru, 1), "брокер 1");
    assert_eq!(request_lost(Lang::Ru, 1), "✕ #1 потерян");
    assert_eq!(megabytes_per_second(Lang::Ru, 2.5e8), "≈ 250\u{a0}МБ/с");
    assert_eq!(speed(Lang::Ru, 0.3), "0,30×");
    assert_eq!(
        generation_line(Lang::Ru, 2, crate::sim::SimTime(300), &[4], &[]),
        "Поколение 2 началось на 0,3\u{a0}с; переехала партиция 4"
    );
    assert_eq!(
        generation_line(Lang::Ru, 3, crate::sim::SimTime(300), &[], &[2, 5]),
        "Поколение 3 началось на 0,3\u{a0}с; отозваны партиции 2, 5: новых владельцев они получат в следующем поколении"
    );
    // Twenty-one partitions are a list, plural, whatever the last digit.
    let all: Vec<u32> = (0..21).collect();
    assert!(
        generation_line(Lang::Ru, 4, crate::sim::SimTime(300), &all, &all)
            .contains("; переехали партиции 0, 1, 2")
    );
    assert!(
        generation_line(Lang::Ru, 4, crate::sim::SimTime(300), &[], &all)
            .ends_with(", 20: новых владельцев они получат в следующем поколении")
    );
}

/// The words over a long list's window: the shared ones and the scenes'.
#[test]
fn window_strings_exist_in_both_languages_and_carry_their_numbers() {
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::i18n::earlier_hidden;
    use crate::scenes::group::numbered::members_hidden;
    use crate::scenes::producer::numbered::{lines_window, records_window};
    for &msg in WindowMsg::ALL {
        assert!(has_cyrillic(t(Lang::Ru, msg)), "{msg:?}");
        assert!(!has_cyrillic(t(Lang::En, msg)), "{msg:?}");
    }
    for lang in [Lang::Ru, Lang::En] {
        let texts = [
            records_window(lang, 2000, 14),
            lines_window(lang, 7001, 16),
            earlier_hidden(lang, 93),
            members_hidden(lang, 40, 7),
        ];
        for (text, numbers) in
            texts
                .iter()
                .zip([&["2000", "14"][..], &["7001", "16"], &["93"], &["40", "7"]])
        {
            assert_eq!(has_cyrillic(text), lang.is_ru(), "{text}");
            for n in numbers {
                assert!(text.contains(n), "{text} lacks {n}");
            }
        }
    }
}
