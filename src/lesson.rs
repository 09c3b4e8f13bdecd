//! The guided lesson: the chapter's sections in order, each a link into a
//! scene with narration, and some with a question to answer before the
//! scene runs on.

/// One step: the scene it opens, and its question, if it asks one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// Link parameters of the scene at the moment the step starts.
    pub query: &'static str,
    /// Index of the right answer among the question's choices.
    pub answer: Option<usize>,
}

pub const STEPS: [LessonStep; 8] = [
    LessonStep {
        query: "scene=log&t=5350",
        answer: None,
    },
    LessonStep {
        query: "scene=replication&acks=all&min-isr=2&t=2000",
        answer: None,
    },
    LessonStep {
        query: "scene=producer&preset=catastrophe&t=30",
        answer: Some(1),
    },
    LessonStep {
        query: "scene=producer&preset=idempotent&t=30",
        answer: Some(1),
    },
    LessonStep {
        query: "scene=repartition&from=3&to=4&strategy=naive&t=500",
        answer: Some(0),
    },
    LessonStep {
        query: "scene=group&actions=crash%3Aconsumer-2%402500&t=2400",
        answer: Some(1),
    },
    LessonStep {
        query: "scene=workers&mode=per-message&t=0",
        answer: Some(1),
    },
    LessonStep {
        query: "scene=rabbitmq&consumers=3",
        answer: None,
    },
];

/// Step `n` (1-based).
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
    use crate::params::parse_query;

    #[test]
    fn every_step_opens_its_scene_without_a_message() {
        for (i, s) in STEPS.iter().enumerate() {
            let (params, issues) = parse_query(&format!("?{}&lesson={}", s.query, i + 1));
            assert!(issues.is_empty(), "step {}: {issues:?}", i + 1);
            assert_eq!(params.lesson, Some(i as u32 + 1));
        }
        assert!(step(0).is_none() && step(9).is_none() && step(1).is_some());
    }
}
