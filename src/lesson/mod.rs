//! The guided lesson: the chapter's sections in order, each a link into a
//! scene with narration, and some with a question to answer before the
//! scene runs on.

mod text;
pub use text::{lesson_text, LessonMsg, LessonText};

/// One step: the scene it opens, and its question, if it asks one.
pub use crate::params::LessonStep;

/// The chapter's sections in order, one scene each (each scene declares
/// its steps, `SceneLink::LESSON`); the producer's section has two parts.
pub use crate::params::LESSON as STEPS;

/// Step `n` (1-based, in lesson order).
pub fn step(n: u32) -> Option<&'static LessonStep> {
    STEPS.get((n as usize).checked_sub(1)?)
}

/// The scene a step opens: the one its link names.
pub fn scene_of(step: &LessonStep) -> Option<crate::params::SceneId> {
    pairs(step)
        .find(|(name, _)| name == "scene")
        .and_then(|(_, id)| crate::params::SceneId::from_id(&id))
}

/// The step's query pairs, to open it.
pub fn pairs(step: &LessonStep) -> impl Iterator<Item = (String, String)> {
    form_urlencoded::parse(step.query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::declare::{lesson_position, LESSON_LEGACY, LESSON_STEPS, LESSON_STEP_IDS};

    /// The link names the steps by the ids the link's parameters declare,
    /// and each older number by a step there is.
    #[test]
    fn the_steps_are_the_ones_links_name() {
        let ids: Vec<&str> = STEPS.iter().map(|s| s.id).collect();
        assert_eq!(ids, LESSON_STEP_IDS);
        assert_eq!(LESSON_STEPS.len(), STEPS.len() + LESSON_LEGACY.len());
        for id in LESSON_LEGACY {
            assert!(ids.contains(&id), "{id}");
        }
    }
    use crate::params::parse_query;

    #[test]
    fn every_step_opens_its_scene_without_a_message() {
        for (i, s) in STEPS.iter().enumerate() {
            let (params, issues) = parse_query(&format!("?{}&lesson={}", s.query, s.id));
            assert!(issues.is_empty(), "step {}: {issues:?}", s.id);
            assert_eq!(params.lesson, Some(i as u32 + 1));
        }
        let past = STEPS.len() as u32 + 1;
        assert!(step(0).is_none() && step(past).is_none() && step(1).is_some());
    }

    /// Steps come in the chapter's order: sections never go back, the
    /// steps of one scene are one section, and every scene has a step.
    /// A section may hold two scenes (RabbitMQ's comparison, then the
    /// share group), so a scene added later keeps the ids links use.
    #[test]
    fn the_steps_follow_the_chapters_sections_and_scenes() {
        let mut last = 0;
        let mut section_of = std::collections::HashMap::new();
        for s in &STEPS {
            let (section, _) = s.id.split_once('.').expect("S.P");
            let section: u32 = section.parse().expect("a section number");
            assert!(section >= last, "{} comes after section {last}", s.id);
            last = section;
            let scene = scene_of(s).expect("a scene");
            assert_eq!(
                *section_of.entry(scene).or_insert(section),
                section,
                "{}",
                s.id
            );
        }
        assert_eq!(section_of.len(), crate::params::SceneId::ALL.len());
        let scenes: Vec<_> = STEPS.iter().filter_map(scene_of).collect();
        let mut in_order = scenes.clone();
        in_order.dedup();
        assert_eq!(
            in_order.len(),
            crate::params::SceneId::ALL.len(),
            "one run of steps per scene"
        );
    }

    #[test]
    fn old_step_numbers_open_what_they_opened() {
        // lesson=3 was the catastrophe, lesson=8 the RabbitMQ comparison.
        assert_eq!(
            lesson_position("3").and_then(step).map(|s| s.id),
            Some("4.1")
        );
        assert_eq!(
            lesson_position("4").and_then(step).map(|s| s.id),
            Some("4.2")
        );
        assert_eq!(
            lesson_position("8").and_then(step).map(|s| s.id),
            Some("9.1")
        );
        assert_eq!(
            lesson_position("3.1").and_then(step).map(|s| s.id),
            Some("3.1")
        );
        assert_eq!(lesson_position("9"), None);
        assert_eq!(lesson_position("4.3"), None);
    }
}
