//! Challenge levels: a broken setup to fix, goals the model checks on many
//! seeded variants, hints, and a par.
//!
//! A level is a text file ([`format`]) in `src/levels/`, built into the app.
//! Its start is a link's query; only its unlocked parameters may change;
//! its goals are figures the scene's model measures ([`goals`]); it ships a
//! reference solution and known wrong ones, which the tests run.

pub mod format;
pub mod goals;
pub mod progress;
#[cfg(test)]
mod strip;
#[cfg(test)]
mod tests;
pub mod text;
pub mod xapi;

use crate::i18n::Lang;
use crate::params::declare::Param;
use crate::params::{apply_pairs, parse_query, AppParams, ParamIssue, SceneId};
pub use format::{FormatError, FormatErrorKind, LevelFile, LevelText, Lines};
pub use goals::{
    check_seed, measure, misses, refuses, usual_op, variant, Goal, Metric, Miss, Op, SEEDS,
};
pub use progress::{progress_code, read_progress_code, ProgressCodeError};
use std::cell::OnceCell;
use std::rc::Rc;
#[cfg(feature = "all-scenes")]
pub use text::KitMsg;
pub use text::{
    level_format_error, level_goal, level_metric, level_misses, progress_code_error, LevelMsg,
};

/// Both lists of the built-in levels, from one list of their file names
/// and scenes (a test checks each scene against its file's start).
macro_rules! level_files {
    ($($name:literal: $scene:ident),* $(,)?) => {
        /// The built-in levels, in the chapter's order. `?level=N` opens the
        /// N-th. Each as build.rs writes it: without comments, with the
        /// sections of the languages built in (src/levels/strip.rs).
        #[cfg(test)]
        pub const FILES: [&str; 15] = [$(include_str!(concat!(env!("OUT_DIR"), "/levels/", $name))),*];
        /// What the level map and a link to a level read of each: its
        /// start, par and titles (src/levels/strip.rs `listing`), apart
        /// from the whole files, which only [`builtin`] reads.
        const LISTINGS: [&str; 15] = [$(include_str!(concat!(env!("OUT_DIR"), "/levels/listing/", $name))),*];
        /// The same files as written, with their comments and both
        /// languages, which the host tests read too.
        #[cfg(test)]
        const SOURCES: [&str; 15] = [$(include_str!($name)),*];
        /// Each level's scene, in the same order.
        #[cfg(test)]
        const SCENES: [SceneId; 15] = [$(SceneId::$scene),*];

        /// Level `i`'s file (0-based) as [`builtin`] reads it: whole
        /// where this bundle plays its scene, its listing elsewhere, so
        /// that a bundle carries no other scene's story or hints. A
        /// scene's release bundle knows the scene it plays only at the
        /// link, so each whole file is behind a call of its own
        /// (`SceneId::if_built`), not in a table made before it.
        fn file(i: usize) -> Option<&'static str> {
            let mut n = 0;
            $(
                if i == n {
                    let whole = SceneId::$scene
                        .if_built(|| include_str!(concat!(env!("OUT_DIR"), "/levels/", $name)));
                    return Some(if whole.is_empty() {
                        include_str!(concat!(env!("OUT_DIR"), "/levels/listing/", $name))
                    } else {
                        whole
                    });
                }
                n += 1;
            )*
            let _ = n;
            None
        }
    };
}
level_files!(
    "01-replication-acks.level": Replication,
    "02-replication-unclean.level": Replication,
    "03-routing-key.level": Routing,
    "04-producer-catastrophe.level": Producer,
    "05-producer-lost-ack.level": Producer,
    "06-repartition-grow.level": Repartition,
    "07-group-crash.level": Group,
    "08-workers-pool.level": Workers,
    "09-rabbitmq-order.level": RabbitMq,
    "10-pipeline-clients.level": Pipeline,
    "11-pipeline-crash.level": Pipeline,
    "12-pipeline-failover.level": Pipeline,
    "13-group-consumer-protocol.level": Group,
    "14-share-order-stream.level": Share,
    "15-share-job-queue.level": Share,
);

/// The sections a built-in level file has in this build (build.rs).
const BUILT_LANGS: &[&str] = &[
    #[cfg(feature = "lang-ru")]
    "ru",
    #[cfg(feature = "lang-en")]
    "en",
];

/// `?level=` values, from the link's vocabulary: one per level file.
pub use crate::params::declare::LEVEL_IDS;

/// The settings a level of `scene` may unlock, in the order a link writes
/// them: those the scene's run depends on. A view setting (the part shown,
/// the lens's tab) stays the learner's anyway, and the seed is the goals'.
pub fn unlockable(scene: SceneId) -> impl Iterator<Item = &'static Param> {
    scene.params().iter().copied().filter(|p| p.run)
}

/// A level whose file has been read and whose links fit its scene.
#[derive(Clone, Debug, PartialEq)]
pub struct Level {
    pub file: LevelFile,
    /// The state the level opens in.
    pub start: AppParams,
    /// The parameters the learner may change, as their scene declares them.
    pub unlocked: Vec<&'static str>,
}

fn at(line: usize, kind: FormatErrorKind) -> FormatError {
    FormatError { line, kind }
}

impl Level {
    /// Reads a level file and checks that it fits its scene: the start link
    /// opens without a message, each unlocked name is a setting of the
    /// scene's run, each goal's figure is measured there, and the solutions
    /// open without a message and change only unlocked settings.
    pub fn parse(text: &str) -> Result<Level, FormatError> {
        Self::from_file(format::parse(text)?)
    }

    /// [`Level::parse`] of a built-in file, which has the sections of the
    /// languages built in only.
    fn parse_builtin(text: &str) -> Result<Level, FormatError> {
        Self::from_file(format::parse_for(text, BUILT_LANGS)?)
    }

    fn from_file(file: LevelFile) -> Result<Level, FormatError> {
        let lines = file.lines.clone();
        let query = file.start.trim_start_matches('?');
        if !form_urlencoded::parse(query.as_bytes()).any(|(n, _)| n == "scene") {
            return Err(at(lines.start, FormatErrorKind::StartNoScene));
        }
        if let Some((n, _)) = form_urlencoded::parse(query.as_bytes())
            .find(|(n, _)| n == "level" || n == "lesson" || n == "level-kit")
        {
            return Err(at(
                lines.start,
                FormatErrorKind::StartNested(n.into_owned()),
            ));
        }
        let (start, issues) = parse_query(query);
        if let Some(issue) = issues.into_iter().next() {
            return Err(at(lines.start, FormatErrorKind::StartIssue(issue)));
        }
        let scene = start.scene;
        let mut unlocked = Vec::new();
        for name in &file.unlock {
            match unlockable(scene).find(|p| p.name == *name) {
                Some(p) => unlocked.push(p.name),
                None => {
                    return Err(at(
                        lines.unlock,
                        FormatErrorKind::UnlockUnknown {
                            name: name.clone(),
                            scene,
                        },
                    ))
                }
            }
        }
        for (goal, &line) in file.goals.iter().zip(&lines.goals) {
            if !goal.metric.measured_in(scene) {
                return Err(at(
                    line,
                    FormatErrorKind::NotMeasured {
                        metric: goal.metric,
                        scene,
                    },
                ));
            }
        }
        let level = Level {
            file,
            start,
            unlocked,
        };
        let solutions = std::iter::once((&level.file.solution, lines.solution))
            .chain(level.file.wrong.iter().zip(lines.wrong.iter().copied()));
        for (solution, line) in solutions {
            let (_, issues, locked) = level.solve_checked(solution);
            if let Some(issue) = issues.into_iter().next() {
                return Err(at(line, FormatErrorKind::SolutionIssue(issue)));
            }
            if let Some(name) = locked {
                return Err(at(line, FormatErrorKind::SolutionLocked(name.to_owned())));
            }
        }
        Ok(level)
    }

    pub fn scene(&self) -> SceneId {
        self.start.scene
    }

    pub fn text(&self, lang: Lang) -> &LevelText {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => &self.file.ru,
            #[cfg(feature = "lang-en")]
            Lang::En => &self.file.en,
        }
    }

    pub fn is_unlocked(&self, name: &str) -> bool {
        self.unlocked.contains(&name)
    }

    /// The settings of the start with a solution's pairs on top, the
    /// messages those pairs gave, and the first locked setting they changed.
    fn solve_checked(&self, pairs: &str) -> (AppParams, Vec<ParamIssue>, Option<&'static str>) {
        let mut p = self.start.clone();
        let issues = apply_pairs(&mut p, pairs);
        let locked = changed(&self.start, &p)
            .into_iter()
            .find(|n| !self.is_unlocked(n));
        (p, issues, locked)
    }

    /// The start with `pairs` (a solution's) applied.
    pub fn solve(&self, pairs: &str) -> AppParams {
        self.solve_checked(pairs).0
    }

    /// `next` with every locked setting put back as the start has it: the
    /// learner, or a link, may change only what the level unlocks. The
    /// view (language, moment, part) stays as `next` has it.
    pub fn pin(&self, next: &AppParams) -> AppParams {
        let mut out = next.clone();
        out.seed = self.start.seed;
        for p in unlockable(self.scene()) {
            if !self.is_unlocked(p.name) {
                if let Some(v) = (p.get)(&self.start) {
                    apply_pairs(
                        &mut out,
                        &format!("{}={}", p.name, crate::params::encode_component(&v)),
                    );
                }
            }
        }
        out
    }

    /// Whether each goal holds on seed `seed`'s variant of `params`.
    pub fn check(&self, params: &AppParams, seed: u64) -> Vec<bool> {
        check_seed(&self.file.goals, params, seed)
    }

    /// How each goal failed on seed `seed`'s variant of `params`, `None`
    /// where it holds.
    pub fn misses(&self, params: &AppParams, seed: u64) -> Vec<Option<Miss>> {
        misses(&self.file.goals, params, seed)
    }

    /// Every goal's failing seeds, over all of [`SEEDS`].
    pub fn failing_seeds(&self, params: &AppParams) -> Vec<Vec<u64>> {
        let mut failed = vec![Vec::new(); self.file.goals.len()];
        for seed in SEEDS {
            for (i, ok) in self.check(params, seed).into_iter().enumerate() {
                if !ok {
                    failed[i].push(seed);
                }
            }
        }
        failed
    }
}

/// The settings the learner changed: the scene's run parameters whose
/// value, as a link writes it, differs between `start` and `now`. A
/// setting changed and changed back counts as nothing; two settings
/// changed count two, however often each was touched. This is the figure
/// the par is compared with.
pub fn changed(start: &AppParams, now: &AppParams) -> Vec<&'static str> {
    if start.scene != now.scene {
        return Vec::new();
    }
    unlockable(start.scene)
        .filter(|p| (p.get)(start) != (p.get)(now))
        .map(|p| p.name)
        .collect()
}

thread_local! {
    // Each file is parsed, its solutions checked, when first asked for:
    // every scene's header links to the first level, and a reader of a
    // scene should not wait for all twelve on a slow phone.
    static BUILTIN: Vec<OnceCell<Option<Rc<Level>>>> = LISTINGS.iter().map(|_| OnceCell::new()).collect();
}

/// Built-in level `n` (1-based). The files are part of the app, and the
/// tests read every one, so none is missing here; a bundle that does not
/// open levels has none ([`built_in`]).
pub fn builtin(n: u32) -> Option<Rc<Level>> {
    if !built_in() {
        return None;
    }
    let i = (n as usize).checked_sub(1)?;
    let file = file(i)?;
    BUILTIN.with(|levels| {
        levels[i]
            .get_or_init(|| Level::parse_builtin(file).ok().map(Rc::new))
            .clone()
    })
}

/// A built-in level as the level map and a link to it read it: its start
/// (a link's query), its par and its title. Every bundle lists every
/// level; only a bundle with the level's scene has the rest of it, and
/// there [`builtin`] is the level (build.rs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    pub start: String,
    pub par: u32,
    ru: String,
    en: String,
}

impl Listed {
    pub fn title(&self, lang: Lang) -> &str {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => &self.ru,
            #[cfg(feature = "lang-en")]
            Lang::En => &self.en,
        }
    }
}

/// Level `n`'s listing (1-based), from the lines build.rs keeps of its
/// file for the map (`LISTINGS`).
pub fn listed(n: u32) -> Option<Listed> {
    read_listed(LISTINGS.get((n as usize).checked_sub(1)?)?)
}

/// Whether this bundle opens the levels: every build but a scene page's
/// release bundle, whose crate (build/bundle) says it with a flag. The
/// page's loader starts the bundle with them for a `level=` link
/// (build/pages.mjs), so a scene's page downloads none of the level's
/// cards, nor what only they reach.
pub fn built_in() -> bool {
    #[cfg(feature = "bundle-flags")]
    {
        extern "Rust" {
            // build/bundle/lib.rs. A static, not a function: fat LTO
            // reads its constant value at the link and leaves out what
            // the value makes unreachable; a function's result it did not.
            #[link_name = "kafka_lab_bundle_levels"]
            static BUNDLE_LEVELS: bool;
        }
        // SAFETY: an immutable `bool` that the bundle's crate defines.
        unsafe { BUNDLE_LEVELS }
    }
    #[cfg(not(feature = "bundle-flags"))]
    true
}

/// The listing in a level file's text: its head's `start` and `par`, and
/// each language section's `title`, as src/levels/format.rs reads them.
fn read_listed(text: &str) -> Option<Listed> {
    let mut listed = Listed::default();
    let mut section = "";
    for line in text.lines() {
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.trim();
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim();
        match (section, key.trim()) {
            ("", "start") => listed.start = value.to_owned(),
            ("", "par") => listed.par = value.parse().ok()?,
            ("ru", "title") => listed.ru = value.to_owned(),
            ("en", "title") => listed.en = value.to_owned(),
            _ => {}
        }
    }
    (!listed.start.is_empty()).then_some(listed)
}

/// How many levels there are.
pub fn count() -> u32 {
    LISTINGS.len() as u32
}

/// The `localStorage` key the learner's progress is kept under.
pub const PROGRESS_KEY: &str = "kafka-lab:levels";

/// Solved levels and the fewest changes each was solved with, as kept in
/// `localStorage`: `level:changes` pairs separated by commas. Anything
/// else in the stored text (an older or hand-edited value) is skipped.
pub fn read_progress(text: &str) -> std::collections::BTreeMap<u32, u32> {
    let pairs = text.split(',').filter_map(|pair| {
        let (level, changes) = pair.split_once(':')?;
        let level = level
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| listed(n).is_some())?;
        Some((level, changes.trim().parse::<u32>().ok()?))
    });
    // Inserted one by one, a repeated level's last pair winning as in
    // `collect`: collecting into a map sorts first, and that sort's code
    // was 4 KB of every scene's bundle.
    let mut progress = std::collections::BTreeMap::new();
    for (level, changes) in pairs {
        progress.insert(level, changes);
    }
    progress
}

/// The stored text for `progress`, read back by [`read_progress`].
pub fn write_progress(progress: &std::collections::BTreeMap<u32, u32>) -> String {
    progress
        .iter()
        .map(|(l, c)| format!("{l}:{c}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Progress after solving `level` with `changes`: the fewest changes kept.
pub fn record_solved(text: &str, level: u32, changes: u32) -> String {
    let mut p = read_progress(text);
    let best = p.entry(level).or_insert(changes);
    *best = (*best).min(changes);
    write_progress(&p)
}

/// The stored progress with a pasted code's merged in, each level with the
/// fewer changes of the two. A level this build does not have (a code
/// from a later lab) is left out, as [`read_progress`] leaves it.
pub fn apply_progress_code(text: &str, code: &str) -> Result<String, ProgressCodeError> {
    let mut theirs = read_progress_code(code)?;
    theirs.retain(|&level, _| listed(level).is_some());
    Ok(write_progress(&progress::merge_progress(
        &read_progress(text),
        &theirs,
    )))
}
