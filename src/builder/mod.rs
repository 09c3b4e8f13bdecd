//! The embed builder (`embed/`, `en/embed/`): a course author starts from
//! the state on screen or from any link of the lab, picks what the frame
//! shows, and copies a snippet that works on a plain HTML page. This is
//! the builder's logic, plain Rust that the host tests check; the page is
//! src/ui/builder.rs.

pub mod text;

use crate::i18n::Lang;
use crate::params::declare::{find, Kind};
use crate::params::{page_path, page_query, to_query, AppParams, Part, SceneId};
use crate::route::open_link;

pub use text::{part_name, BuilderMsg};

/// The part ids `scene` may show alone, the embedded default first and
/// `all` last, as its `part` parameter declares them.
pub fn parts(scene: SceneId) -> &'static [&'static str] {
    match find(scene, "part").map(|p| &p.kind) {
        Some(Kind::Choice(ids)) => ids,
        _ => &["all"],
    }
}

/// `params` as a frame shows them: embedded, with the part the author
/// chose, written only when it is not the frame's default. A link without
/// `part` is what a scene page pre-renders embedded, so its frame shows
/// the figure before the wasm arrives.
///
/// A lesson step embeds whole by default (its task may need any setting),
/// so for a lesson's link even the first part is written.
pub fn framed(params: &AppParams, part: &str) -> AppParams {
    let mut out = AppParams {
        embed: true,
        part: None,
        // The level author's kit is a tool of this page, not of a course's.
        level_kit: None,
        ..params.clone()
    };
    let chosen = Part::among(parts(params.scene), part);
    if chosen != Some(out.shown_part()) {
        out.part = chosen;
    }
    out
}

/// The frame's address: the scene's own page (so a static host serves its
/// pre-rendered figure) under `app_base`, the app's absolute address
/// (`https://host/kafka-lab/`), with the link's query.
pub fn frame_src(app_base: &str, params: &AppParams) -> String {
    format!(
        "{app_base}{}{}",
        page_path(Some(params.scene), params.lang),
        to_query(params)
    )
}

/// Why a pasted text opens nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not an address, or an address that names no scene, lesson step or
    /// level of the lab.
    NotALink,
}

/// The state a pasted link opens, with what its parameters got wrong:
/// a whole address (`https://host/kafka-lab/en/group/?…`), a path, or a
/// bare query. A scene's, the lesson's or the builder's page is found from
/// the end of the path, whatever host and base serve the lab. The root
/// counts only as `app_base`, this lab's own absolute base
/// (`https://host/kafka-lab/`), or with a query that names a scene, a
/// lesson step or a level: so a course page's own address, or a site's
/// home page, pasted by mistake, is refused rather than opened as the log.
pub fn read_link(
    text: &str,
    app_base: &str,
) -> Result<(AppParams, Vec<crate::params::ParamIssue>), LinkError> {
    let text = text.trim();
    let (site, path_and_query) = match text.split_once("://") {
        Some((scheme, rest)) if !scheme.is_empty() && !scheme.contains(['/', '?']) => {
            let at = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            (&text[..scheme.len() + 3 + at], &rest[at..])
        }
        _ if text.starts_with(['/', '?']) => ("", text),
        _ => return Err(LinkError::NotALink),
    };
    let path_and_query = path_and_query.split('#').next().unwrap_or("");
    let (path, query) = path_and_query
        .split_once('?')
        .unwrap_or((path_and_query, ""));
    // A static host serves `group/` as `group/index.html`.
    let path = path.strip_suffix("index.html").unwrap_or(path);
    // The base's own path, for a path pasted without its host.
    let base_path = app_base
        .split_once("://")
        .and_then(|(_, rest)| rest.find('/').map(|i| &rest[i..]))
        .unwrap_or(app_base);
    let here = if site.is_empty() {
        (path.to_owned(), base_path)
    } else {
        (format!("{site}{path}"), app_base)
    };
    let page = page_of(path);
    let named = crate::params::query_pairs(query)
        .iter()
        .any(|(n, _)| matches!(n.as_str(), "scene" | "lesson" | "level"));
    // A bare query is this page's.
    let root = (path.is_empty() && site.is_empty())
        || here.0 == here.1
        || here.0 == format!("{}en/", here.1);
    if page.is_none() && !named && !root {
        return Err(LinkError::NotALink);
    }
    // The English pages' root says English, as the loader reads it.
    let page = page.unwrap_or_else(|| {
        if path.ends_with("/en/") {
            "en/".to_owned()
        } else {
            String::new()
        }
    });
    Ok(open_link(&page_query(&page, query)))
}

/// The page a path ends in, relative to the app's base: `en/group/` of
/// `/kafka-lab/en/group/`, `embed/` of the builder's own; `None` for any
/// other path.
fn page_of(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let is_page = |s: &str| {
        SceneId::from_id(s).is_some()
            || s == crate::params::LESSON_PAGE
            || s == crate::params::EMBED_PAGE
    };
    match segments[..] {
        [.., "en", page] if is_page(page) => Some(format!("en/{page}/")),
        [.., page] if is_page(page) => Some(format!("{page}/")),
        _ => None,
    }
}

/// The code an author pastes into a course page: the frame, at the
/// `height` measured at desktop width, and the script that fits it to its
/// content on any page from then on, with a note for hosts that sandbox
/// frames. In the author's language.
pub fn snippet(lang: Lang, src: &str, title: &str, height: u32) -> String {
    let (sandbox, fits) = if lang.is_ru() {
        (
            "Если сайт курса задаёт iframe атрибут sandbox, разрешите в нём",
            "Сцена в iframe сообщает свою высоту, и скрипт подгоняет под неё iframe",
        )
    } else {
        (
            "If the course site gives the iframe a sandbox attribute, it must allow",
            "The scene in the iframe reports its height, and this script fits the iframe to it",
        )
    };
    let src = escape_attr(src);
    let title = escape_attr(title);
    format!(
        r#"<iframe class="kafka-lab" src="{src}"
  title="{title}" width="100%" height="{height}" loading="lazy"
  style="border:0" allow="clipboard-write"></iframe>
<!-- {sandbox}: sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads" -->
<script>
  // {fits}.
  addEventListener('message', (event) => {{
    const data = event.data;
    if (!data || data.type !== 'kafka-lab:resize') return;
    for (const frame of document.querySelectorAll('iframe.kafka-lab')) {{
      if (frame.contentWindow === event.source) frame.style.height = `${{data.height}}px`;
    }}
  }});
</script>
"#
    )
}

/// Text for a double-quoted HTML attribute.
fn escape_attr(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests;
