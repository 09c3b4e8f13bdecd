//! The guided lesson: the chapter's sections in order, each a link into a
//! scene with narration, and some with a question to answer before the
//! scene runs on.

mod text;
pub use text::{lesson_text, LessonMsg, LessonText};

/// One step: the scene it opens, and its question, if it asks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// `S.P`: part P of the chapter's section S, which is scene S.
    pub id: &'static str,
    /// Link parameters of the scene at the moment the step starts: before
    /// anything that would give its question's answer away.
    pub query: &'static str,
    /// Index of the right answer among the question's choices.
    pub answer: Option<usize>,
}

/// The chapter's sections in order, one scene each; the producer's section
/// has two parts.
pub const STEPS: [LessonStep; 11] = [
    LessonStep {
        id: "1.1",
        query: "scene=log&t=5350",
        answer: None,
    },
    LessonStep {
        id: "2.1",
        // No failover yet: the step asks the learner to crash the leader.
        query: "scene=replication&acks=all&min-isr=2&replica-actions=&t=2000",
        answer: None,
    },
    LessonStep {
        id: "3.1",
        query: "scene=routing&key=order-42&partitions=6",
        answer: None,
    },
    LessonStep {
        id: "4.1",
        query: "scene=producer&preset=catastrophe&t=15",
        answer: Some(1),
    },
    LessonStep {
        id: "4.2",
        query: "scene=producer&preset=idempotent&t=15",
        answer: Some(1),
    },
    LessonStep {
        id: "5.1",
        query: "scene=repartition&from=3&to=4&strategy=naive&t=500",
        answer: Some(0),
    },
    LessonStep {
        id: "6.1",
        query: "scene=group&actions=crash%3Aconsumer-2%402500&t=2400",
        answer: Some(1),
    },
    LessonStep {
        id: "7.1",
        query: "scene=workers&mode=per-message&t=0",
        answer: Some(1),
    },
    LessonStep {
        id: "8.1",
        query: "scene=disk",
        answer: None,
    },
    LessonStep {
        id: "9.1",
        query: "scene=rabbitmq&consumers=3",
        answer: None,
    },
    LessonStep {
        id: "10.1",
        // The whole path, broken at the producer, before the sink has met
        // the finding: the question asks where the order broke.
        query: "scene=pipeline&idempotence=0&seed=43&t=0",
        answer: Some(0),
    },
];

/// Step `n` (1-based, in lesson order).
pub fn step(n: u32) -> Option<&'static LessonStep> {
    STEPS.get((n as usize).checked_sub(1)?)
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
        assert!(step(0).is_none() && step(12).is_none() && step(1).is_some());
    }

    #[test]
    fn the_steps_follow_the_chapters_sections_and_scenes() {
        for s in &STEPS {
            let (section, _) = s.id.split_once('.').expect("S.P");
            let (params, _) = parse_query(&format!("?{}", s.query));
            let scene = crate::params::SceneId::ALL
                .iter()
                .position(|&x| x == params.scene)
                .expect("a scene");
            assert_eq!(section, (scene + 1).to_string(), "{}", s.id);
        }
        let sections: std::collections::BTreeSet<&str> = STEPS
            .iter()
            .map(|s| s.id.split('.').next().unwrap_or(""))
            .collect();
        assert_eq!(sections.len(), crate::params::SceneId::ALL.len());
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
