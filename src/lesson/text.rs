//! The guided lesson's words: its fixed strings, and each step's narration
//! and question, which its scene's folder holds, in Russian and English.

use crate::i18n::catalogue;
use crate::i18n::Lang;
pub use crate::scenes::LessonText;

catalogue! {
    /// Fixed strings of the guided lesson.
    LessonMsg {
        Title => ("Урок по главе", "The chapter, step by step"),
        Prev => ("← Назад", "← Back"),
        Next => ("Дальше →", "Next →"),
        AnswerFirst => ("Сначала ответьте на вопрос, а потом сцена покажет, что произошло.", "Answer first; then the scene shows what happened."),
        Right => ("Верно.", "Right."),
        Wrong => ("Не совсем.", "Not quite."),
        Start => ("Пройти главу по шагам", "Walk through the chapter"),
    }
}

/// The words of the step at `position` (1-based, in lesson order): part
/// P of its scene's steps, the one its link opens, so its words are that
/// scene's ([`crate::scenes::Scene::lesson`]). A step's id (`S.P`) names
/// the chapter's section, which two scenes may share (the RabbitMQ
/// comparison and the share group); links keep naming a step by its id
/// when a scene is added. A step of a scene this bundle does not carry is
/// empty, and never shown in it: the page's loader starts the step's own
/// scene's bundle.
pub fn lesson_text(lang: Lang, position: u32) -> LessonText {
    let empty = || LessonText {
        narration: "",
        question: None,
    };
    let Some(step) = crate::lesson::step(position) else {
        return empty();
    };
    let scene = crate::lesson::scene_of(step);
    let before = &crate::lesson::STEPS[..position as usize - 1];
    let part = 1 + before
        .iter()
        .filter(|s| crate::lesson::scene_of(s) == scene)
        .count() as u32;
    scene
        .and_then(|scene| scene.lesson(part, lang))
        .unwrap_or_else(empty)
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
