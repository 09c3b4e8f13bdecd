//! `part=`: one part of a scene shown alone, so that a course page can
//! embed a compact frame. Each scene declares the parts it has; the first
//! one it lists is what an embedded frame shows when the link names none.

use super::declare::{find, Kind, Param, Value};
use super::AppParams;

/// A part of a scene. Most scenes have a figure, with its narration, and
/// the settings and numbers around it; a scene may have parts of its own,
/// which it names (`Part::Own`) beside the list its `part` parameter
/// declares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// The whole scene, as it opens outside a frame.
    All,
    /// The moving figure and its narration: the scene's point.
    Figure,
    /// The scene's settings form.
    Settings,
    /// Counters, the legend and the findings.
    Numbers,
    /// A side-by-side comparison of settings or strategies.
    Compare,
    /// The Go client lens: the code for what is on screen, per client.
    Go,
    /// A part only its scene has, by the id its `part` parameter declares
    /// (the producer's sequence `diagram`, the routing scene's `trace`).
    Own(&'static str),
}

impl Part {
    const SHARED: [Part; 6] = [
        Part::All,
        Part::Figure,
        Part::Settings,
        Part::Numbers,
        Part::Compare,
        Part::Go,
    ];

    pub const fn id(self) -> &'static str {
        match self {
            Part::All => "all",
            Part::Figure => "figure",
            Part::Settings => "settings",
            Part::Numbers => "numbers",
            Part::Compare => "compare",
            Part::Go => "go",
            Part::Own(id) => id,
        }
    }

    /// The part `id` names among `parts`, a scene's declared list: one of
    /// the parts every scene may have, or one of its own.
    pub fn among(parts: &'static [&'static str], id: &str) -> Option<Part> {
        let id = *parts.iter().find(|&&p| p == id)?;
        Some(
            Self::SHARED
                .into_iter()
                .find(|p| p.id() == id)
                .unwrap_or(Part::Own(id)),
        )
    }
}

/// A scene's `part` parameter. `parts` lists the scene's own, the embedded
/// default first and `all` last; `doc` names them for the README (on the
/// host only, see [`Param::doc`]).
#[cfg_attr(target_arch = "wasm32", allow(unused_variables))]
pub const fn part_param(parts: &'static [&'static str], doc: &'static str) -> Param {
    Param {
        name: "part",
        kind: Kind::Choice(parts),
        run: false,
        default: "",
        #[cfg(not(target_arch = "wasm32"))]
        doc,
        label: None,
        options: &[],
        get: get_part,
        set: set_part,
    }
}

fn get_part(p: &AppParams) -> Option<String> {
    p.part.map(|part| part.id().to_owned())
}

/// Takes only a part the link's scene has: `trace` means nothing to the
/// log scene, and is refused with the list of the parts it has.
fn set_part(p: &mut AppParams, v: Value<'_>) -> bool {
    match v.text().and_then(|id| Part::among(scene_parts(p), id)) {
        Some(part) => {
            p.part = Some(part);
            true
        }
        None => false,
    }
}

fn scene_parts(p: &AppParams) -> &'static [&'static str] {
    match find(p.scene, "part").map(|param| &param.kind) {
        Some(Kind::Choice(parts)) => parts,
        _ => &[],
    }
}

impl AppParams {
    /// The part on screen: the one the link names; else, in a frame, the
    /// scene's first; else all of it. A lesson step in a frame shows the
    /// whole scene: its task may send the learner to any setting.
    pub fn shown_part(&self) -> Part {
        match self.part {
            Some(part) => part,
            None if self.embed && self.lesson.is_none() => {
                let parts = scene_parts(self);
                parts
                    .first()
                    .and_then(|id| Part::among(parts, id))
                    .unwrap_or(Part::All)
            }
            None => Part::All,
        }
    }

    /// Whether `part` is drawn: it is the part shown, or the whole scene is.
    pub fn shows(&self, part: Part) -> bool {
        let shown = self.shown_part();
        shown == Part::All || shown == part
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{parse_query, SceneId};

    #[test]
    fn every_scene_declares_its_parts_with_a_figure_first_and_all_last() {
        for scene in SceneId::ALL {
            let p = AppParams {
                scene,
                ..parse_query("").0
            };
            let parts = scene_parts(&p);
            assert!(parts.len() >= 2, "{scene:?}");
            assert_eq!(parts.last(), Some(&"all"), "{scene:?}");
            for id in parts {
                assert_eq!(Part::among(parts, id).map(Part::id), Some(*id), "{scene:?}");
            }
        }
    }

    #[test]
    fn a_frame_shows_the_first_part_unless_the_link_names_one() {
        let (framed, issues) = parse_query("?scene=log&embed=1");
        assert!(issues.is_empty());
        assert_eq!(framed.shown_part(), Part::Figure);
        assert!(framed.shows(Part::Figure) && !framed.shows(Part::Numbers));
        let (whole, _) = parse_query("?scene=log&embed=1&part=all");
        assert!(whole.shows(Part::Numbers) && whole.shows(Part::Figure));
        let (page, _) = parse_query("?scene=log");
        assert_eq!(page.shown_part(), Part::All);
        let (routing, _) = parse_query("?scene=routing&embed=1");
        assert_eq!(routing.shown_part(), Part::Own("trace"));
        let (step, _) = parse_query("?lesson=5.1&embed=1");
        assert_eq!(step.shown_part(), Part::All);
    }

    #[test]
    fn a_part_of_another_scene_is_refused_with_the_scenes_own_list() {
        let (p, issues) = parse_query("?scene=log&part=trace");
        assert_eq!(p.part, None);
        assert_eq!(issues.len(), 1, "{issues:?}");
        let message = format!("{:?}", issues[0]);
        assert!(
            message.contains("figure, settings, numbers, all"),
            "{message}"
        );
    }
}
