//! The guided lesson's words: its fixed strings, and each step's narration
//! and question, which its scene's folder holds, in Russian and English.

use crate::i18n::catalogue;
use crate::i18n::Lang;
use crate::params::SceneId;
pub use crate::scenes::LessonText;

catalogue! {
    /// Fixed strings of the guided lesson.
    LessonMsg {
        Title => ("Урок по главе", "The chapter, step by step"),
        Prev => ("← Назад", "← Back"),
        Next => ("Дальше →", "Next →"),
        AnswerFirst => ("Сначала ответьте — потом сцена покажет, что было.", "Answer first; then the scene shows what happened."),
        Right => ("Верно.", "Right."),
        Wrong => ("Не совсем.", "Not quite."),
        Start => ("Пройти главу по шагам", "Walk through the chapter"),
    }
}

/// The words of the step at `position` (1-based, in lesson order). Step
/// `S.P` is part P of the chapter's section S, which is scene S (in the
/// registry's order, as a test of the lesson checks), and its words are
/// that scene's ([`crate::scenes::Scene::lesson`]); a step of a scene this
/// bundle does not carry is empty, and never shown in it: the page's
/// loader starts the step's own scene's bundle.
pub fn lesson_text(lang: Lang, position: u32) -> LessonText {
    let empty = || LessonText {
        narration: "",
        question: None,
    };
    let Some((section, part)) = crate::lesson::step(position).and_then(|s| s.id.split_once('.'))
    else {
        return empty();
    };
    let scene = section
        .parse::<usize>()
        .ok()
        .and_then(|s| SceneId::ALL.get(s.checked_sub(1)?));
    match (scene, part.parse::<u32>()) {
        (Some(scene), Ok(part)) => scene.lesson(part, lang).unwrap_or_else(empty),
        _ => empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::i18n::t;

    #[test]
    fn every_lesson_step_speaks_both_languages_and_asks_what_it_checks() {
        for &msg in LessonMsg::ALL {
            assert!(
                has_cyrillic(t(Lang::Ru, msg)) && !has_cyrillic(t(Lang::En, msg)),
                "{msg:?}"
            );
        }
        for (i, step) in super::super::STEPS.iter().enumerate() {
            let n = i as u32 + 1;
            let (ru, en) = (lesson_text(Lang::Ru, n), lesson_text(Lang::En, n));
            assert!(has_cyrillic(ru.narration) && !has_cyrillic(en.narration));
            assert_eq!(ru.question.is_some(), step.answer.is_some(), "step {n}");
            assert_eq!(en.question.is_some(), step.answer.is_some(), "step {n}");
        }
    }
}
