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

/// What `lesson=1` … `lesson=8` opened before the lesson followed every
/// section: links course pages already embed keep opening the same step.
pub const LEGACY: [&str; 8] = ["1.1", "2.1", "4.1", "4.2", "5.1", "6.1", "7.1", "9.1"];

/// Step `n` (1-based, in lesson order).
pub fn step(n: u32) -> Option<&'static LessonStep> {
    STEPS.get((n as usize).checked_sub(1)?)
}

/// The position (1-based) of the step a link names: `S.P`, or a number
/// from before, read as that step.
pub fn find(id: &str) -> Option<u32> {
    let id = id
        .parse::<usize>()
        .ok()
        .and_then(|n| LEGACY.get(n.checked_sub(1)?))
        .copied()
        .unwrap_or(id);
    STEPS.iter().position(|s| s.id == id).map(|i| i as u32 + 1)
}

/// The step's query pairs, to open it.
pub fn pairs(step: &LessonStep) -> impl Iterator<Item = (String, String)> {
    form_urlencoded::parse(step.query.as_bytes())
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
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
        assert_eq!(find("3").and_then(step).map(|s| s.id), Some("4.1"));
        assert_eq!(find("4").and_then(step).map(|s| s.id), Some("4.2"));
        assert_eq!(find("8").and_then(step).map(|s| s.id), Some("9.1"));
        assert_eq!(find("3.1").and_then(step).map(|s| s.id), Some("3.1"));
        assert_eq!(find("9"), None);
        assert_eq!(find("4.3"), None);
        let (params, issues) = parse_query("?lesson=3");
        assert!(issues.is_empty());
        assert_eq!(params.scene, crate::params::SceneId::Producer);
    }
}
