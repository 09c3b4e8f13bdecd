//! Scene pages: each scene has an address of its own (`log/`, `en/log/`,
//! and `lesson/` for the lesson's first step), so that a static host serves
//! the HTML pre-rendered for it (build/prerender.mjs) and the figure
//! shows before the wasm arrives. The path stands for query parameters;
//! the link's own query wins where both say something.

use super::{encode_component, SceneId};

/// The page path a scene, or the lesson's first step, is pre-rendered at,
/// relative to the app's base, in `lang` (Russian at the root, English
/// under `en/`); `None` is the lesson's first step ([`LESSON_PAGE`]).
pub fn page_path(scene: Option<SceneId>, lang: super::Lang) -> String {
    page_path_in(scene, lang.code())
}

/// [`page_path`] for a language by its code, which a one-language bundle
/// may not carry as a [`super::Lang`].
fn page_path_in(scene: Option<SceneId>, code: &str) -> String {
    let page = scene.map_or(LESSON_PAGE, SceneId::id);
    format!("{}{page}/", language_prefix(code))
}

/// The address of the same state in the language `code`, relative to the
/// app's base, from the page's `path` (also relative) and its link's
/// `query`: on a scene's or the lesson's page, that page in the other
/// language, so a static host serves its pre-rendered figure; on the
/// embed builder's page, the other language's builder (a bundle carries
/// one language); on any other path the same path. The query keeps every parameter, with its
/// `lang` set to `code`, since the query wins over the path.
pub fn language_link(path: &str, query: &str, code: &str) -> String {
    let page = path_pairs(path)
        .into_iter()
        .find(|(name, _)| *name == "scene" || *name == "lesson");
    let path = match page {
        Some(("scene", id)) => page_path_in(SceneId::from_id(&id), code),
        Some(_) => page_path_in(None, code),
        None if is_builder_page(path) => builder_path_in(code),
        None => path.to_owned(),
    };
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut pairs: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .filter(|(name, _)| name != "lang")
        .collect();
    pairs.insert(0, ("lang".to_owned(), code.to_owned()));
    let query: String = form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    format!("{path}?{query}")
}

/// The lesson's first step's page, beside the scenes' pages.
pub const LESSON_PAGE: &str = "lesson";

/// The embed builder's page (src/ui/builder.rs): `embed/`, `en/embed/`.
/// Its query is the link the author embeds.
pub const EMBED_PAGE: &str = "embed";

/// The embed builder's page in `lang`, relative to the app's base.
pub fn builder_path(lang: super::Lang) -> String {
    builder_path_in(lang.code())
}

fn builder_path_in(code: &str) -> String {
    format!("{}{EMBED_PAGE}/", language_prefix(code))
}

/// Where a language's pages are: Russian at the root, English under `en/`.
fn language_prefix(code: &str) -> &'static str {
    if code == "en" {
        "en/"
    } else {
        ""
    }
}

/// Whether a page path (relative to the app's base) is the embed
/// builder's.
pub fn is_builder_page(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    matches!(parts[..], [EMBED_PAGE] | ["en", EMBED_PAGE])
}

/// What a page path (relative to the app's base: `en/log/`) says, as the
/// query pairs it stands for. A path that names no page (the root, or
/// `index.html`) says nothing.
fn path_pairs(path: &str) -> Vec<(&'static str, String)> {
    let mut parts = path.split('/').filter(|p| !p.is_empty());
    let mut pairs = Vec::new();
    let mut page = parts.next();
    if page == Some("en") {
        pairs.push(("lang", "en".to_owned()));
        page = parts.next();
    }
    let page = match page {
        // The builder's page says only its language: its query is the
        // link it embeds.
        Some(EMBED_PAGE) if parts.next().is_none() => return pairs,
        Some(LESSON_PAGE) => ("lesson", super::declare::LESSON_STEP_IDS[0].to_owned()),
        Some(id) => match SceneId::from_id(id) {
            Some(scene) => ("scene", scene.id().to_owned()),
            None => return Vec::new(),
        },
        None => return pairs,
    };
    // A path with more after the page is not one of ours.
    if parts.next().is_some() {
        return Vec::new();
    }
    pairs.push(page);
    pairs
}

/// The query the app reads on a page at `path` with the link's `query`:
/// the path's parameters first, each left out where the query has its
/// own. The query's `scene` or `lesson` replaces the page's (either sets
/// up the scene), its `lang` the page's language: so `log/?scene=routing`
/// opens routing, as the link asks, and old `?scene=` links at the root
/// open as they always did.
pub fn page_query(path: &str, query: &str) -> String {
    let query = query.strip_prefix('?').unwrap_or(query);
    let names: Vec<String> = form_urlencoded::parse(query.as_bytes())
        .map(|(n, _)| n.into_owned())
        .collect();
    let has = |n: &str| names.iter().any(|m| m == n);
    let mut out = String::from("?");
    for (name, value) in path_pairs(path) {
        let replaced = match name {
            "scene" | "lesson" => has("scene") || has("lesson"),
            _ => has(name),
        };
        if replaced {
            continue;
        }
        if out.len() > 1 {
            out.push('&');
        }
        out.push_str(name);
        out.push('=');
        out.push_str(&encode_component(&value));
    }
    if !query.is_empty() {
        if out.len() > 1 {
            out.push('&');
        }
        out.push_str(query);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::params::parse_query;

    #[test]
    fn every_scene_page_opens_its_scene_in_its_language() {
        for scene in SceneId::ALL {
            for lang in [Lang::Ru, Lang::En] {
                let path = page_path(Some(scene), lang);
                let (params, issues) = parse_query(&page_query(&path, ""));
                assert_eq!((params.scene, params.lang), (scene, lang), "{path}");
                assert!(issues.is_empty(), "{path}: {issues:?}");
            }
        }
        assert_eq!(page_path(Some(SceneId::Log), Lang::En), "en/log/");
        assert_eq!(page_path(Some(SceneId::Log), Lang::Ru), "log/");
    }

    #[test]
    fn the_lesson_page_opens_its_first_step() {
        for lang in [Lang::Ru, Lang::En] {
            let path = page_path(None, lang);
            let (params, issues) = parse_query(&page_query(&path, ""));
            assert_eq!(params.lesson, Some(1), "{path}");
            assert_eq!(params.lang, lang);
            assert_eq!(params.scene, SceneId::Log);
            assert!(issues.is_empty(), "{issues:?}");
        }
    }

    #[test]
    fn the_query_wins_over_the_path() {
        let (p, issues) = parse_query(&page_query("log/", "?scene=routing&partitions=5"));
        assert_eq!(
            (p.scene, p.routing.partitions, p.lang),
            (SceneId::Routing, 5, Lang::Ru)
        );
        assert!(issues.is_empty(), "{issues:?}");
        let (p, _) = parse_query(&page_query("en/log/", "?lang=ru"));
        assert_eq!((p.scene, p.lang), (SceneId::Log, Lang::Ru));
        let (p, _) = parse_query(&page_query("lesson/", "?scene=disk"));
        assert_eq!((p.scene, p.lesson), (SceneId::Disk, None));
        // The page's own parameters are kept beside the query's others.
        let (p, issues) = parse_query(&page_query("en/group/", "?embed=1&theme=light"));
        assert_eq!((p.scene, p.lang, p.embed), (SceneId::Group, Lang::En, true));
        assert!(issues.is_empty(), "{issues:?}");
    }

    #[test]
    fn the_language_link_keeps_the_state_and_moves_to_the_other_page() {
        let (link, query) = (
            "?scene=routing&lang=ru&partitions=5&key=a+b",
            "partitions=5",
        );
        let moved = language_link("routing/", link, "en");
        assert!(moved.starts_with("en/routing/?lang=en&"), "{moved}");
        let (p, issues) = parse_query(&page_query(
            "en/routing/",
            moved.split_once('?').map_or("", |(_, q)| q),
        ));
        assert_eq!(
            (
                p.scene,
                p.lang,
                p.routing.partitions,
                p.routing.key.as_str()
            ),
            (SceneId::Routing, Lang::En, 5, "a b")
        );
        assert!(issues.is_empty(), "{issues:?}");
        assert!(moved.contains(query), "{moved}");
        assert_eq!(
            language_link("en/lesson/", "?lesson=3.2&lang=en", "ru"),
            "lesson/?lang=ru&lesson=3.2"
        );
        // A page the path does not name (the root, a level's link) stays
        // where it is; the query's language decides.
        assert_eq!(
            language_link("", "?level=4&lang=ru", "en"),
            "?lang=en&level=4"
        );
        assert_eq!(
            language_link("index.html", "?scene=disk", "en"),
            "index.html?lang=en&scene=disk"
        );
        // From an English page, the way back is its Russian page.
        assert_eq!(language_link("en/log/", "?lang=en", "ru"), "log/?lang=ru");
        // The builder's page moves to the builder's page.
        assert_eq!(
            language_link("embed/", "?scene=group&lang=ru", "en"),
            "en/embed/?lang=en&scene=group"
        );
        assert_eq!(
            language_link("en/embed/", "?lang=en", "ru"),
            "embed/?lang=ru"
        );
    }

    #[test]
    fn the_builder_page_says_its_language_and_its_query_the_rest() {
        for lang in [Lang::Ru, Lang::En] {
            let path = builder_path(lang);
            assert!(is_builder_page(&path), "{path}");
            let (p, issues) = parse_query(&page_query(&path, "?scene=group&part=timeline"));
            assert_eq!((p.scene, p.lang), (SceneId::Group, lang), "{path}");
            assert!(issues.is_empty(), "{issues:?}");
        }
        for path in ["", "embed/x/", "ru/embed/", "en/log/", "embedded/"] {
            assert!(!is_builder_page(path), "{path}");
        }
    }

    #[test]
    fn a_path_that_is_no_page_says_nothing() {
        for path in [
            "",
            "/",
            "index.html",
            "nope/",
            "en/nope/",
            "log/extra/",
            "ru/log/",
        ] {
            assert_eq!(page_query(path, "?scene=disk"), "?scene=disk", "{path}");
            assert_eq!(page_query(path, ""), "?", "{path}");
        }
        // English at the root of the English pages.
        assert_eq!(page_query("en/", ""), "?lang=en");
    }
}
