use super::*;
use crate::params::{parse_query, ChromePiece, Hidden, ParamIssue, Theme};

#[test]
fn every_part_a_scene_declares_has_a_name_in_both_languages() {
    for scene in SceneId::ALL {
        for &id in parts(scene) {
            for lang in [Lang::Ru, Lang::En] {
                let name = part_name(lang, id);
                assert_ne!(
                    name,
                    crate::i18n::t(lang, BuilderMsg::Part),
                    "{scene:?} {id}"
                );
            }
        }
        assert_eq!(parts(scene).last(), Some(&"all"), "{scene:?}");
    }
}

/// The frame's link opens what the builder shows: embedded, with the part,
/// the theme and the chrome chosen; the default part is left out, so a
/// scene page's pre-rendered copy matches it.
#[test]
fn a_framed_link_opens_the_chosen_state_and_leaves_out_the_default_part() {
    let (mut state, _) = parse_query("?scene=group&partitions=6&lang=en");
    state.level_kit = Some(crate::params::LevelKit::Make);
    let default = framed(&state, parts(SceneId::Group)[0]);
    assert_eq!(
        default.level_kit, None,
        "the author's kit stays out of a frame"
    );
    assert_eq!(default.part, None);
    assert!(default.embed);
    let mut chosen = framed(&state, "timeline");
    chosen.theme = Theme::Auto;
    chosen.hide = Hidden::default().with(ChromePiece::Title, true);
    let src = frame_src("https://course.example/kafka-lab/", &chosen);
    assert!(
        src.starts_with("https://course.example/kafka-lab/en/group/?scene=group&lang=en&"),
        "{src}"
    );
    let query = src.split_once('?').unwrap().1;
    let (opened, issues) = open_link(&page_query("en/group/", query));
    assert!(issues.is_empty(), "{issues:?}");
    assert_eq!(opened, chosen);
    assert_eq!(opened.shown_part().id(), "timeline");
    assert!(
        query.contains("hide=title") && query.contains("theme=auto"),
        "{query}"
    );
    // `all` is written: a frame's default is its first part.
    assert_eq!(framed(&state, "all").part, Some(Part::All));
    // A part the scene does not have leaves the default.
    assert_eq!(framed(&state, "trace").part, None);
}

#[test]
fn a_pasted_link_opens_its_state_whatever_the_host_and_base() {
    for text in [
        "https://someone.github.io/kafka-lab/en/group/?partitions=6",
        "  http://127.0.0.1:8080/en/group/?partitions=6#top ",
        "/en/group/?partitions=6",
        "?scene=group&lang=en&partitions=6",
        "https://host/kafka-lab/embed/?scene=group&lang=en&partitions=6",
    ] {
        let (p, issues) =
            read_link(text, "https://host/kafka-lab/").unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(
            (p.scene, p.lang, p.group.partitions),
            (SceneId::Group, Lang::En, 6),
            "{text}"
        );
        assert!(issues.is_empty(), "{text}: {issues:?}");
    }
    // The lab's own root opens the log, as `/` does; any root with a
    // query that names what to open is one of the lab's.
    let (p, _) = read_link("https://host/kafka-lab/", "https://host/kafka-lab/").unwrap();
    assert_eq!(p.scene, SceneId::Log);
    let (p, _) = read_link("https://host/kafka-lab/en/", "https://host/kafka-lab/").unwrap();
    assert_eq!((p.scene, p.lang), (SceneId::Log, Lang::En));
    // A path without its host, under this base.
    let (p, _) = read_link("/kafka-lab/en/", "https://host/kafka-lab/").unwrap();
    assert_eq!(p.lang, Lang::En);
    let (p, _) = read_link("https://elsewhere/lab/?level=3", "https://host/kafka-lab/").unwrap();
    assert_eq!(p.level, Some(3));
    let (p, _) = read_link(
        "https://host/kafka-lab/en/group/index.html?partitions=6",
        "https://host/",
    )
    .unwrap();
    assert_eq!(
        (p.scene, p.lang, p.group.partitions),
        (SceneId::Group, Lang::En, 6)
    );
    // A bad value opens with its message, as the app would.
    let (p, issues) = read_link("https://host/routing/?partitions=abc", "https://host/").unwrap();
    assert_eq!(p.scene, SceneId::Routing);
    assert!(matches!(
        &issues[..],
        [ParamIssue::NotANumber {
            name: "partitions",
            ..
        }]
    ));
}

#[test]
fn text_that_is_no_link_of_the_lab_is_refused() {
    for text in [
        "",
        "hello",
        "group",
        "https://example.com/blog/post",
        // A course page's own address, pasted by mistake.
        "https://example.com/",
        "https://example.com",
        "https://stepik.org/course/123/",
        "https://example.com/en/",
        "/",
        "/blog/",
        "javascript://x",
        "ftp//x",
        "://x/?scene=log",
    ] {
        assert_eq!(
            read_link(text, "https://host/kafka-lab/").map(|_| ()),
            Err(LinkError::NotALink),
            "{text:?}"
        );
        // The lab at a host's root: another site's root is still refused.
        if text != "/" {
            assert_eq!(
                read_link(text, "https://host/").map(|_| ()),
                Err(LinkError::NotALink),
                "{text:?} with the lab at a root"
            );
        }
    }
}

/// The snippet is a frame and the resize listener, its attributes escaped,
/// with the sandbox's permissions, in the author's language.
#[test]
fn the_snippet_carries_the_frame_its_height_and_the_resize_script() {
    let src = "https://h/kafka-lab/group/?scene=group&lang=ru&embed=1&key=a\"b";
    for lang in [Lang::Ru, Lang::En] {
        let code = snippet(lang, src, "Группа <консьюмеров>", 812);
        assert!(code.contains(r#"src="https://h/kafka-lab/group/?scene=group&amp;lang=ru&amp;embed=1&amp;key=a&quot;b""#), "{code}");
        assert!(
            code.contains(r#"title="Группа &lt;консьюмеров&gt;""#),
            "{code}"
        );
        assert!(code.contains(r#"height="812""#));
        assert!(code.contains("kafka-lab:resize") && code.contains("${data.height}px"));
        assert!(code.contains(r#"sandbox="allow-scripts allow-same-origin allow-popups"#));
        assert_eq!(code.contains("сообщает свою высоту"), lang == Lang::Ru);
    }
}
