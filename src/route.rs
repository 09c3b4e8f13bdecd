//! How the app opens a link: a level or a lesson step sets up its own
//! scene, and the link's own parameters follow. This sits above the lesson
//! and the levels, which it opens; the link's parameters (src/params) read
//! a scene's link alone.

use crate::params::{
    apply_once, keep_view, parse_pairs, parse_query, query_pairs, to_query, AppParams, ParamIssue,
};

/// Reads the link the app was opened with (with or without the leading
/// `?`), and the issues its parameters had.
pub fn open_link(query: &str) -> (AppParams, Vec<ParamIssue>) {
    let pairs = query_pairs(query);
    let first = |wanted: &str| {
        pairs
            .iter()
            .find(|(n, _)| n == wanted)
            .map(|(_, v)| v.as_str())
    };
    // A level opens its own start, whatever scene the link names; the
    // link's other parameters follow, and a locked one is put back.
    if let Some(n) = first("level").and_then(|v| v.parse::<u32>().ok()) {
        if let Some(level) = crate::levels::builtin(n) {
            return open_level(level.start.clone(), Some(&level), &pairs);
        }
        // A level of a scene this bundle leaves out, which it only lists:
        // its scene is then shown as elsewhere (src/ui/scene_host.rs), with a
        // link to this state, where the bundle with that scene opens the
        // level and puts back what it locks.
        if let Some(listed) = crate::levels::listed(n) {
            return open_level(parse_query(&listed.start).0, None, &pairs);
        }
    }
    // A lesson step sets up its scene, unless the link names another.
    let step: Vec<(String, String)> = first("lesson")
        .and_then(crate::params::declare::lesson_position)
        .and_then(crate::lesson::step)
        .map(|step| {
            crate::lesson::pairs(step)
                .filter(|(n, _)| n != "scene" || first(n).is_none())
                .collect()
        })
        .unwrap_or_default();
    parse_pairs(&pairs, &step)
}

/// A level's state: its start, the link's other parameters on it, and
/// what the level locks put back.
fn open_level(
    start: AppParams,
    level: Option<&crate::levels::Level>,
    pairs: &[(String, String)],
) -> (AppParams, Vec<ParamIssue>) {
    let mut params = start;
    let mut issues = Vec::new();
    apply_once(
        &mut params,
        pairs.iter().filter(|(n, _)| n != "scene"),
        &mut issues,
    );
    match level {
        Some(level) => (level.pin(&params), issues),
        None => (params, issues),
    }
}

/// The lesson step's link, with this page's view. The step sets up its own
/// scene, seed included: its question is about that run.
pub fn lesson_link(params: &AppParams, step: u32) -> Option<String> {
    let s = crate::lesson::step(step)?;
    let (state, _) = parse_query(&format!("?{}&lesson={}", s.query, s.id));
    Some(to_query(&keep_view(state, params)))
}

/// Level `n`'s link from its start, with this page's view.
pub fn level_link(params: &AppParams, n: u32) -> Option<String> {
    crate::levels::listed(n)?;
    let (state, _) = open_link(&format!("?level={n}"));
    Some(to_query(&keep_view(state, params)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::levels::{builtin, changed};
    use crate::params::{page_query, to_query, SceneId};

    /// A lesson step's link keeps the page's view and opens the step's
    /// own stage.
    #[test]
    fn every_lesson_link_keeps_the_view_and_opens_its_step() {
        let view = "&lang=en&theme=light&embed=1";
        let (here, _) = open_link(&format!("?scene=routing&lesson=3&partitions=50{view}"));
        for step in 1..=crate::lesson::STEPS.len() as u32 {
            let link = lesson_link(&here, step).unwrap();
            let s = &crate::lesson::STEPS[step as usize - 1];
            let short = format!("?{}&lesson={}{view}", s.query, s.id);
            assert_eq!(open_link(&link), open_link(&short), "{link}");
            assert!(link.contains("&theme=light"), "{link}");
        }
        assert_eq!(
            lesson_link(&here, crate::lesson::STEPS.len() as u32 + 1),
            None
        );
    }

    #[test]
    fn old_step_numbers_open_what_they_opened() {
        // lesson=3 was the catastrophe.
        let (params, issues) = open_link("?lesson=3");
        assert!(issues.is_empty());
        assert_eq!(params.scene, SceneId::Producer);
    }

    /// A lesson step named in the query wins over the scene of the page's
    /// path.
    #[test]
    fn a_step_in_the_query_wins_over_the_path() {
        let (p, _) = open_link(&page_query("en/routing/", "?lesson=2.1"));
        assert_eq!(
            (p.scene, p.lesson, p.lang),
            (SceneId::Replication, Some(2), Lang::En)
        );
    }

    #[test]
    fn a_link_opens_a_level_and_cannot_change_what_it_locks() {
        let (p, issues) = open_link("?level=8&mode=keyed-pool&processing-ms=1&lang=en&scene=log");
        assert!(issues.is_empty(), "{issues:?}");
        let l = builtin(8).expect("level 8");
        assert_eq!(p.scene, SceneId::Workers);
        assert_eq!(p.level, Some(8));
        assert_eq!(p.lang, Lang::En);
        assert_eq!(
            p.workers.processing_ms, l.start.workers.processing_ms,
            "locked"
        );
        assert_eq!(changed(&l.start, &p), ["mode"]);
        // What the app writes back opens the same state.
        let (again, _) = open_link(&to_query(&p));
        assert_eq!(again, p);
        let (bad, issues) = open_link("?level=99");
        assert_eq!(bad.level, None);
        assert!(matches!(
            &issues[..],
            [ParamIssue::BadChoice { name: "level", .. }]
        ));
    }

    #[test]
    fn a_level_only_listed_opens_on_its_start_with_the_link_the_whole_level_writes() {
        // A bundle without the level's scene has only its listing
        // (build.rs): its state shows that scene as elsewhere, and the link
        // it writes is the one the level itself gives, so the bundle with
        // the scene opens the same state.
        for n in 1..=crate::levels::count() {
            for extra in ["", "&lang=en&theme=light", "&embed=1&hide=title,share"] {
                let link = format!("?level={n}{extra}&scene=log");
                let (whole, whole_issues) = open_link(&link);
                let listed = crate::levels::listed(n).expect("listed");
                let (only_listed, issues) =
                    open_level(parse_query(&listed.start).0, None, &query_pairs(&link));
                assert_eq!(to_query(&only_listed), to_query(&whole), "{link}");
                assert_eq!(issues, whole_issues, "{link}");
                assert_eq!(only_listed.level, Some(n), "{link}");
                assert_eq!(only_listed.scene, whole.scene, "{link}");
            }
        }
    }

    #[test]
    fn a_level_in_a_bundle_without_its_scene_links_to_the_level_as_it_is() {
        let (here, _) = open_link("?level=10&warehouse-client=java&lang=en&t=3000");
        let link = crate::params::elsewhere_link(&here, here.scene);
        let (there, issues) = open_link(&link);
        assert!(issues.is_empty(), "{link}: {issues:?}");
        assert_eq!(
            (there.level, there.scene),
            (Some(10), SceneId::Pipeline),
            "{link}"
        );
        assert!(link.contains("&warehouse-client=java&"), "{link}");
        assert_eq!(to_query(&there), link);
        assert_eq!(there.lang, Lang::En, "{link}");
        // From its start, as the scene menu opens a scene.
        assert_eq!(there.t, None, "{link}");
        // Out of a level, the scene's own link, which names no level.
        let (scene, _) = open_link("?scene=pipeline&warehouse-client=java");
        assert_eq!(
            crate::params::elsewhere_link(&scene, SceneId::Pipeline),
            crate::params::scene_link(&scene, SceneId::Pipeline)
        );
    }

    #[test]
    fn the_scene_menu_leaves_the_level() {
        let (p, _) = open_link("?level=3&lang=en");
        let link = crate::params::scene_link(&p, SceneId::Group);
        let (q, issues) = open_link(&link);
        assert!(issues.is_empty());
        assert_eq!((q.scene, q.level, q.lang), (SceneId::Group, None, Lang::En));
        let (r, _) = open_link(&level_link(&p, 4).expect("level 4"));
        assert_eq!(
            (r.level, r.lang, r.scene),
            (Some(4), Lang::En, SceneId::Producer)
        );
        let past = crate::params::declare::LEVEL_IDS.len() as u32 + 1;
        assert!(level_link(&p, past).is_none());
    }
}
