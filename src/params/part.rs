//! `part=`: one part of a scene shown alone, so that a course page can
//! embed a compact frame. Each scene declares the parts it has; the first
//! one it lists is what an embedded frame shows when the link names none.

use super::declare::{find, Kind, Param, Value};
use super::AppParams;

/// A part of a scene. Most scenes have a figure, with its narration, and
/// the settings and numbers around it; some have a panel of their own.
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
    /// Producer: the request-by-request sequence diagram.
    Diagram,
    /// Producer and repartition: the side-by-side comparison of settings
    /// or strategies.
    Compare,
    /// Repartition: which keys move to another partition.
    Keys,
    /// Workers: throughput by number of workers.
    Chart,
    /// Group: which member owned which partition, over time.
    Timeline,
    /// Routing: the key's bytes, murmur2 step by step, and its partition.
    Trace,
    /// Routing: what each Go client computes for the key.
    Clients,
    /// Routing: how a thousand keys spread over the partitions.
    Histogram,
    /// Routing: a burst of records, keyed or not, lane by lane.
    Stream,
    /// The Go client lens: the code for what is on screen, per client.
    Go,
    /// Routing: which keys move when a service switches client.
    Switch,
}

impl Part {
    const ALL: [Part; 15] = [
        Part::All,
        Part::Figure,
        Part::Settings,
        Part::Numbers,
        Part::Diagram,
        Part::Compare,
        Part::Keys,
        Part::Chart,
        Part::Timeline,
        Part::Trace,
        Part::Clients,
        Part::Histogram,
        Part::Stream,
        Part::Go,
        Part::Switch,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Part::All => "all",
            Part::Figure => "figure",
            Part::Settings => "settings",
            Part::Numbers => "numbers",
            Part::Diagram => "diagram",
            Part::Compare => "compare",
            Part::Keys => "keys",
            Part::Chart => "chart",
            Part::Timeline => "timeline",
            Part::Trace => "trace",
            Part::Clients => "clients",
            Part::Histogram => "histogram",
            Part::Stream => "stream",
            Part::Go => "go",
            Part::Switch => "switch",
        }
    }

    pub fn from_id(id: &str) -> Option<Part> {
        Self::ALL.into_iter().find(|p| p.id() == id)
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
    let part = v.text().and_then(Part::from_id);
    match part {
        Some(part) if scene_parts(p).contains(&part.id()) => {
            p.part = Some(part);
            true
        }
        _ => false,
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
            None if self.embed && self.lesson.is_none() => scene_parts(self)
                .first()
                .and_then(|id| Part::from_id(id))
                .unwrap_or(Part::All),
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
                assert!(Part::from_id(id).is_some(), "{scene:?}: {id}");
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
        assert_eq!(routing.shown_part(), Part::Trace);
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
