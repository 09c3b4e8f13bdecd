use super::*;
use crate::sim::SimTime;

fn all() -> Vec<Level> {
    FILES
        .iter()
        .enumerate()
        .map(|(i, f)| Level::parse(f).unwrap_or_else(|e| panic!("level {}: {e:?}", i + 1)))
        .collect()
}

/// Every goal's verdict on every seed: `true` when all goals hold on all.
fn meets_all(level: &Level, params: &AppParams) -> bool {
    level.failing_seeds(params).iter().all(Vec::is_empty)
}

#[test]
fn every_level_file_reads_and_the_built_ins_are_all_there() {
    let levels = all();
    assert!(levels.len() >= 12);
    assert_eq!(LEVEL_IDS.len(), levels.len());
    for (i, l) in levels.iter().enumerate() {
        assert_eq!(builtin(i as u32 + 1).as_deref(), Some(l));
        assert!(!l.unlocked.is_empty());
        assert!(l.text(Lang::Ru).hints.len() >= 2, "level {}", i + 1);
    }
    assert!(builtin(0).is_none() && builtin(count() + 1).is_none());
}

/// The levels a course page may already link to by number: the first
/// twelve. They follow the chapter; levels added later follow it among
/// themselves, after them, so no link's number changes.
const LINKED_LEVELS: usize = 12;

#[test]
fn the_levels_follow_the_chapter() {
    let order = |s: SceneId| SceneId::ALL.iter().position(|&x| x == s);
    let scenes: Vec<_> = all().iter().map(|l| order(l.scene())).collect();
    let (linked, added) = scenes.split_at(LINKED_LEVELS);
    for run in [linked, added] {
        assert!(run.windows(2).all(|w| w[0] <= w[1]), "{scenes:?}");
    }
    let distinct: std::collections::BTreeSet<_> = scenes.into_iter().collect();
    assert!(distinct.len() >= 8);
}

#[test]
fn every_start_fails_a_goal_on_some_seed() {
    for (i, l) in all().iter().enumerate() {
        let failed = l.failing_seeds(&l.start);
        assert!(
            failed.iter().any(|f| !f.is_empty()),
            "level {} starts solved",
            i + 1
        );
    }
}

#[test]
fn every_reference_solution_meets_every_goal_on_every_seed_at_par() {
    for (i, l) in all().iter().enumerate() {
        let solved = l.solve(&l.file.solution);
        let failed = l.failing_seeds(&solved);
        assert!(
            failed.iter().all(Vec::is_empty),
            "level {}: {failed:?}",
            i + 1
        );
        assert_eq!(
            changed(&l.start, &solved).len() as u32,
            l.file.par,
            "level {}",
            i + 1
        );
    }
}

#[test]
fn every_wrong_solution_fails_a_goal() {
    for (i, l) in all().iter().enumerate() {
        for w in &l.file.wrong {
            let p = l.solve(w);
            assert_ne!(p, l.start, "level {}: {w} changes nothing", i + 1);
            assert!(
                !meets_all(l, &p),
                "level {}: wrong solution {w} meets every goal",
                i + 1
            );
        }
    }
}

/// The seeds stand for different runs: a goal said to hold "on every seed"
/// is checked against runs that really differ, in every level's scene.
#[test]
fn the_seeded_variants_of_every_level_are_different_runs() {
    for (i, l) in all().iter().enumerate() {
        let digests: std::collections::BTreeSet<u64> = SEEDS
            .iter()
            .map(|&s| run_digest(&variant(&l.start, s)))
            .collect();
        assert!(
            digests.len() >= SEEDS.len() / 2,
            "level {}: {} distinct runs",
            i + 1,
            digests.len()
        );
    }
}

fn run_digest(p: &AppParams) -> u64 {
    use crate::scenes::Scene;
    fn go<S: Scene>(p: &AppParams) -> u64 {
        let mut sim = crate::sim::Sim::new(S::build(p).expect("builds"), p.seed);
        while sim.step() {}
        sim.digest()
    }
    use crate::scenes::*;
    match p.scene {
        SceneId::Replication => go::<replication::model::Replication>(p),
        SceneId::Routing => go::<routing::model::RoutingStream>(p),
        SceneId::Producer => go::<producer::model::ProducerScene>(p),
        SceneId::Repartition => go::<repartition::model::Repartition>(p),
        SceneId::Group => go::<group::model::Group>(p),
        SceneId::Workers => go::<workers::model::Workers>(p),
        SceneId::RabbitMq => go::<rabbitmq::model::RabbitScene>(p),
        SceneId::Share => go::<share::model::ShareScene>(p),
        SceneId::Pipeline => go::<pipeline::model::Pipeline>(p),
        s => panic!("no level is set in {s:?}"),
    }
}

#[test]
fn a_variant_moves_the_group_and_replication_scripts_together() {
    let (p, _) = parse_query("?scene=replication&replica-actions=slow:2@1800,crash:1@2100");
    let moved: std::collections::BTreeSet<u64> = SEEDS
        .iter()
        .map(|&s| {
            let v = variant(&p, s);
            assert_eq!(v.seed, s);
            let [a, b] = &v.replication.actions[..] else {
                panic!()
            };
            assert_eq!(
                b.at.as_millis() - a.at.as_millis(),
                300,
                "the story's gap stays"
            );
            assert!(a.at >= SimTime(1200) && a.at <= SimTime(2400));
            a.at.as_millis()
        })
        .collect();
    assert!(moved.len() > 10);
    // A scene that draws from the seed keeps its script as it is.
    let (w, _) = parse_query("?scene=workers");
    assert_eq!(variant(&w, 7).workers, w.workers);
}

#[test]
fn changes_count_distinct_settings_changed_from_the_start() {
    let l = builtin(8).expect("level 8");
    assert!(changed(&l.start, &l.start).is_empty());
    let mut p = l.start.clone();
    apply_pairs(&mut p, "mode=keyed-pool");
    assert_eq!(changed(&l.start, &p), ["mode"]);
    apply_pairs(&mut p, "workers=8&workers=9");
    assert_eq!(changed(&l.start, &p), ["mode", "workers"]);
    // Changed back: not a change.
    apply_pairs(&mut p, "mode=per-message");
    assert_eq!(changed(&l.start, &p), ["workers"]);
    // The view is no setting.
    p.lang = Lang::En;
    p.t = Some(5);
    assert_eq!(changed(&l.start, &p).len(), 1);
}

#[test]
fn goal_lines_read_and_write_back() {
    for f in FILES {
        let file = format::parse(f).expect("reads");
        let again = format::parse(&format::write(&file)).expect("reads back");
        assert_eq!(
            LevelFile {
                lines: Lines::default(),
                ..again
            },
            LevelFile {
                lines: Lines::default(),
                ..file
            }
        );
    }
}

fn error_of(text: &str) -> FormatError {
    Level::parse(text).expect_err("invalid")
}

const GOOD: &str = "start = scene=workers&mode=per-message\nunlock = mode\ngoal = violations = 0\npar = 1\nsolution = mode=keyed-pool\nwrong = mode=sequential\n[ru]\ntitle = т\nstory = с\nhint = п\n[en]\ntitle = t\nstory = s\nhint = h\n";

#[test]
fn a_bad_file_is_told_what_is_wrong_and_where() {
    assert!(Level::parse(GOOD).is_ok());
    let with = |from: &str, to: &str| error_of(&GOOD.replacen(from, to, 1));
    assert_eq!(error_of("# nothing\n\n").kind, FormatErrorKind::Empty);
    let e = with("[ru]", "[de]");
    assert_eq!(
        (e.line, e.kind),
        (7, FormatErrorKind::UnknownSection("de".into()))
    );
    let e = with("par = 1", "par 1");
    assert_eq!((e.line, e.kind), (4, FormatErrorKind::NotKeyValue));
    let e = with("par = 1", "par = one");
    assert_eq!((e.line, e.kind), (4, FormatErrorKind::BadPar("one".into())));
    let e = with("violations = 0", "violations == 0");
    assert_eq!(
        (e.line, e.kind),
        (3, FormatErrorKind::BadGoal("violations == 0".into()))
    );
    let e = with("violations = 0", "speed >= 3");
    assert_eq!(
        (e.line, e.kind),
        (3, FormatErrorKind::UnknownMetric("speed".into()))
    );
    let e = with("violations = 0", "acked-lost = 0");
    assert_eq!(
        (e.line, e.kind),
        (
            3,
            FormatErrorKind::NotMeasured {
                metric: Metric::AckedLost,
                scene: SceneId::Workers
            }
        )
    );
    let e = with("unlock = mode", "unlock = mode speed");
    assert_eq!(
        (e.line, e.kind),
        (
            2,
            FormatErrorKind::UnlockUnknown {
                name: "speed".into(),
                scene: SceneId::Workers
            }
        )
    );
    let e = with("mode=per-message\n", "mode=fast\n");
    assert_eq!(e.line, 1);
    assert!(matches!(
        e.kind,
        FormatErrorKind::StartIssue(ParamIssue::BadChoice { name: "mode", .. })
    ));
    let e = with("scene=workers&", "");
    assert_eq!((e.line, e.kind), (1, FormatErrorKind::StartNoScene));
    let e = with("mode=keyed-pool", "workers=3");
    assert_eq!(
        (e.line, e.kind),
        (5, FormatErrorKind::SolutionLocked("workers".into()))
    );
    let e = with("wrong = mode=sequential", "wrong = mode=sequential&speed=3");
    assert_eq!(e.line, 6);
    assert!(matches!(
        e.kind,
        FormatErrorKind::SolutionIssue(ParamIssue::UnknownParam { .. })
    ));
    let e = with("hint = h\n", "");
    assert_eq!(
        e.kind,
        FormatErrorKind::MissingKey {
            key: "hint".into(),
            section: "en".into()
        }
    );
    let e = with("hint = п\n", "hint = п\nhint = п2\n");
    assert_eq!(e.kind, FormatErrorKind::HintCounts { ru: 2, en: 1 });
    let e = with("solution = mode=keyed-pool\n", "");
    assert_eq!(
        e.kind,
        FormatErrorKind::MissingKey {
            key: "solution".into(),
            section: String::new()
        }
    );
    let e = with("par = 1", "par = 1\npar = 2");
    assert_eq!(
        (e.line, e.kind),
        (5, FormatErrorKind::RepeatedKey("par".into()))
    );
    let e = with("[en]", "[ru]");
    assert_eq!(
        (e.line, e.kind),
        (11, FormatErrorKind::RepeatedSection("ru".into()))
    );
    let e = with("title = t", "colour = t");
    assert_eq!(
        (e.line, e.kind),
        (
            12,
            FormatErrorKind::UnknownKey {
                key: "colour".into(),
                section: "en".into()
            }
        )
    );
    let e = with("[en]\ntitle = t\nstory = s\nhint = h\n", "");
    assert_eq!(e.kind, FormatErrorKind::MissingSection("en".into()));
    let e = with("scene=workers", "scene=workers&level=2");
    assert_eq!(e.kind, FormatErrorKind::StartNested("level".into()));
}

#[test]
fn progress_keeps_the_fewest_changes_and_skips_what_it_cannot_read() {
    assert!(read_progress("").is_empty());
    let p = record_solved("", 3, 2);
    assert_eq!(p, "3:2");
    let p = record_solved(&p, 3, 4);
    assert_eq!(p, "3:2", "a worse solve keeps the best");
    let p = record_solved(&p, 3, 1);
    let p = record_solved(&p, 1, 1);
    assert_eq!(p, "1:1,3:1");
    let read = read_progress("1:1,junk,99:1,2:x, 4 : 3");
    assert_eq!(read.into_iter().collect::<Vec<_>>(), [(1, 1), (4, 3)]);
}

#[test]
fn a_pasted_code_merges_into_the_stored_progress() {
    let code = progress_code(&std::collections::BTreeMap::from([(1, 3), (2, 0), (99, 1)]));
    // Level 1 keeps the fewer changes, level 2 is added, level 99 is not
    // one of this build's.
    assert_eq!(
        apply_progress_code("1:1,4:2", &code),
        Ok("1:1,2:0,4:2".to_owned())
    );
    assert_eq!(apply_progress_code("1:5", &code), Ok("1:3,2:0".to_owned()));
    // A code of the stored progress changes nothing.
    let stored = "3:1,7:2";
    assert_eq!(
        apply_progress_code(stored, &progress_code(&read_progress(stored))),
        Ok(stored.to_owned())
    );
    assert_eq!(
        apply_progress_code(stored, "KL1-0000"),
        Err(ProgressCodeError::Checksum)
    );
}

#[test]
fn every_level_speaks_russian_and_english() {
    let cyrillic = crate::i18n::catalogue_tests::has_cyrillic;
    for (i, l) in all().iter().enumerate() {
        let (ru, en) = (l.text(Lang::Ru), l.text(Lang::En));
        for text in std::iter::once(&ru.title)
            .chain([&ru.story])
            .chain(&ru.hints)
        {
            assert!(cyrillic(text), "level {}: {text}", i + 1);
        }
        for text in std::iter::once(&en.title)
            .chain([&en.story])
            .chain(&en.hints)
        {
            assert!(!cyrillic(text), "level {}: {text}", i + 1);
        }
        for g in &l.file.goals {
            assert!(cyrillic(&crate::levels::level_goal(Lang::Ru, g)));
            assert!(!cyrillic(&crate::levels::level_goal(Lang::En, g)));
        }
    }
}

#[test]
fn every_file_error_is_told_in_both_languages_with_its_line() {
    use FormatErrorKind::*;
    let issue = ParamIssue::UnknownParam {
        name: "\"x\"".into(),
    };
    let kinds = [
        Empty,
        UnknownSection("de".into()),
        RepeatedSection("ru".into()),
        NotKeyValue,
        UnknownKey {
            key: "k".into(),
            section: String::new(),
        },
        UnknownKey {
            key: "k".into(),
            section: "en".into(),
        },
        RepeatedKey("par".into()),
        EmptyValue("par".into()),
        MissingKey {
            key: "hint".into(),
            section: "ru".into(),
        },
        MissingSection("en".into()),
        BadPar("x".into()),
        BadGoal("x".into()),
        UnknownMetric("x".into()),
        HintCounts { ru: 1, en: 2 },
        StartNoScene,
        StartNested("level".into()),
        StartIssue(issue.clone()),
        UnlockUnknown {
            name: "x".into(),
            scene: SceneId::Workers,
        },
        NotMeasured {
            metric: Metric::Throughput,
            scene: SceneId::Group,
        },
        SolutionIssue(issue),
        SolutionLocked("x".into()),
    ];
    for kind in kinds {
        let e = FormatError { line: 7, kind };
        let (ru, en) = (
            crate::levels::level_format_error(Lang::Ru, &e),
            crate::levels::level_format_error(Lang::En, &e),
        );
        assert!(
            ru.starts_with("Строка 7: ") && en.starts_with("Line 7: "),
            "{ru} / {en}"
        );
        assert!(crate::i18n::catalogue_tests::has_cyrillic(&ru), "{ru}");
        assert!(!crate::i18n::catalogue_tests::has_cyrillic(&en), "{en}");
    }
}

#[test]
fn seeds_and_changes_agree_with_their_numbers_in_russian() {
    use crate::i18n::{level_changes, level_seeds_failed, level_seeds_met};
    assert_eq!(
        level_seeds_failed(Lang::Ru, 1, 20),
        "не выполнено в 1 прогоне из 20"
    );
    assert_eq!(
        level_seeds_failed(Lang::Ru, 2, 20),
        "не выполнено в 2 прогонах из 20"
    );
    assert_eq!(
        level_seeds_failed(Lang::Ru, 5, 20),
        "не выполнено в 5 прогонах из 20"
    );
    assert_eq!(
        level_seeds_failed(Lang::Ru, 21, 40),
        "не выполнено в 21 прогоне из 40"
    );
    assert_eq!(
        level_seeds_met(Lang::Ru, 20),
        "выполнено во всех 20 прогонах"
    );
    assert_eq!(level_seeds_failed(Lang::En, 1, 20), "fails on 1 seed of 20");
    assert_eq!(
        level_changes(Lang::Ru, 1, 1),
        "Изменена 1 настройка; норма уровня — 1"
    );
    assert_eq!(
        level_changes(Lang::Ru, 3, 1),
        "Изменены 3 настройки; норма уровня — 1"
    );
    assert_eq!(
        level_changes(Lang::Ru, 0, 2),
        "Изменено 0 настроек; норма уровня — 2"
    );
    assert_eq!(level_changes(Lang::En, 1, 2), "1 setting changed; par 2");
    assert_eq!(
        crate::i18n::level_complete(Lang::Ru, 3, 3, 1),
        "Уровень 3 пройден: изменены 3 настройки, норма уровня — 1."
    );
}

#[test]
fn settings_the_client_refuses_meet_no_goal() {
    let l = builtin(4).expect("level 4");
    let p = l.solve("idempotence=1&retries=0");
    assert!(refuses(&p), "enable.idempotence needs retries > 0");
    assert!(!refuses(&l.start));
    assert!(l.failing_seeds(&p).iter().all(|f| f.len() == SEEDS.len()));
}

/// A level's control is labelled as the scene's form labels the setting,
/// in the learner's language: every setting a level may unlock has a
/// label, Russian words in Russian and English ones in English, and no two
/// settings of one scene read alike (each control's accessible name is its
/// label).
#[test]
fn every_unlockable_setting_has_a_label_in_both_languages() {
    use crate::i18n::catalogue_tests::has_cyrillic;
    let mut labelled = 0;
    for scene in SceneId::ALL {
        let mut seen = std::collections::BTreeSet::new();
        for p in unlockable(scene) {
            let what = format!("scene {}, setting `{}`", scene.id(), p.name);
            let label = p.label.unwrap_or_else(|| panic!("{what} has no label"));
            let (ru, en) = (label(Lang::Ru), label(Lang::En));
            assert!(has_cyrillic(ru), "{what}: the Russian label {ru:?}");
            assert!(
                en.chars().any(|c| c.is_ascii_alphabetic()) && !has_cyrillic(en),
                "{what}: the English label {en:?}"
            );
            assert!(seen.insert(ru), "{what}: {ru:?} labels another setting too");
            assert!(seen.insert(en), "{what}: {en:?} labels another setting too");
            labelled += 1;
        }
    }
    // The scenes' run settings, which is what a level may unlock: the
    // list cannot have gone missing and left nothing to check.
    assert!(labelled >= 60, "{labelled} settings");
    // What the parser lets a level unlock is exactly that list: a setting
    // of the view is refused, each run setting is taken.
    for scene in SceneId::ALL {
        for p in scene.params() {
            let file = GOOD
                .replace(
                    "scene=workers&mode=per-message",
                    &format!("scene={}", scene.id()),
                )
                .replace("unlock = mode", &format!("unlock = {}", p.name));
            let refused = matches!(
                Level::parse(&file),
                Err(FormatError {
                    kind: FormatErrorKind::UnlockUnknown { .. },
                    ..
                })
            );
            assert_eq!(
                refused,
                !p.run,
                "scene {}, setting `{}`",
                scene.id(),
                p.name
            );
        }
    }
}

/// A level's choice control lists each value as the scene's form does:
/// every choice a level may unlock declares the text of each of its
/// values, in the order of its ids, as words in the learner's language or
/// as Kafka's own value, kept as it is; no two values of one setting read
/// alike. Any other setting declares none.
#[test]
fn every_unlockable_choice_declares_the_text_of_each_value() {
    use crate::params::declare::{scene_params, Kind, OptionText};
    let mut choices = 0;
    let mut words = 0;
    for scene in SceneId::ALL {
        for p in scene_params(scene) {
            let what = format!("scene {}, setting `{}`", scene.id(), p.name);
            let unlocks = unlockable(scene).any(|u| u.name == p.name);
            let declared: Vec<&str> = p.options.iter().map(|(id, _)| *id).collect();
            let Kind::Choice(ids) = &p.kind else {
                assert!(
                    declared.is_empty(),
                    "{what} is no choice, yet lists {declared:?}"
                );
                continue;
            };
            // A choice no level unlocks (the view's, the scene) may list
            // none; one that lists any lists every value.
            if !unlocks && declared.is_empty() {
                continue;
            }
            assert_eq!(declared, *ids, "{what}: the values its options name");
            for lang in [Lang::Ru, Lang::En] {
                let mut seen = std::collections::BTreeSet::new();
                for &(id, text) in p.options {
                    let shown = p.option_text(id, lang).unwrap_or_default();
                    match text {
                        OptionText::Verbatim => assert_eq!(shown, id, "{what}"),
                        // Words that only repeat the value would be the raw
                        // link value by another name.
                        OptionText::Words(_) => {
                            assert!(
                                !shown.is_empty() && shown != id,
                                "{what}: {id} reads {shown:?}"
                            );
                            words += 1;
                        }
                    }
                    assert!(seen.insert(shown), "{what}: {shown:?} names two values");
                }
            }
            if unlocks {
                choices += 1;
            }
        }
    }
    // Routing's keyless strategy, the group's assignor and commit, the
    // pipeline's six, and the rest: the list cannot have gone missing.
    assert!(choices >= 16, "{choices} choices");
    assert!(words >= 40, "{words} translated option texts");
}

#[test]
fn what_a_level_lists_is_read_from_its_listing_as_from_its_whole_file() {
    // `listed` reads the listings, so that a bundle without the levels
    // carries no level's story or hints (src/levels/mod.rs `built_in`);
    // the whole file must list the same.
    for (i, (source, listing)) in SOURCES.iter().zip(LISTINGS).enumerate() {
        let n = i + 1;
        assert_eq!(listing, strip::listing(source, BUILT_LANGS), "level {n}");
        assert!(
            listing.len() < FILES[i].len(),
            "level {n}: a listing, not the file"
        );
        let listed = listed(n as u32).unwrap_or_else(|| panic!("level {n} listed"));
        assert_eq!(Some(&listed), read_listed(FILES[i]).as_ref(), "level {n}");
        let level = builtin(n as u32).unwrap_or_else(|| panic!("level {n}"));
        assert_eq!(listed.par, level.file.par, "level {n}");
        assert_eq!(parse_query(&listed.start).0, level.start, "level {n}");
        for lang in [
            #[cfg(feature = "lang-ru")]
            Lang::Ru,
            #[cfg(feature = "lang-en")]
            Lang::En,
        ] {
            assert_eq!(listed.title(lang), level.text(lang).title, "level {n}");
        }
    }
}

#[test]
fn a_built_in_file_is_its_source_without_comments_or_the_other_language() {
    for (i, (source, built)) in SOURCES.iter().zip(FILES).enumerate() {
        let n = i + 1;
        assert_eq!(built, strip::strip(source, BUILT_LANGS), "level {n}");
        let whole = format::parse(source).unwrap_or_else(|e| panic!("level {n}: {e:?}"));
        let no_lines = |f: LevelFile| LevelFile {
            lines: Lines::default(),
            ..f
        };
        for keep in [&["ru"][..], &["en"][..], &["ru", "en"][..]] {
            let text = strip::strip(source, keep);
            assert!(
                !text
                    .lines()
                    .any(|l| l.starts_with('#') || l.trim().is_empty()),
                "level {n}"
            );
            let file = format::parse_for(&text, keep)
                .unwrap_or_else(|e| panic!("level {n} {keep:?}: {e:?}"));
            let expected = LevelFile {
                ru: if keep.contains(&"ru") {
                    whole.ru.clone()
                } else {
                    LevelText::default()
                },
                en: if keep.contains(&"en") {
                    whole.en.clone()
                } else {
                    LevelText::default()
                },
                ..whole.clone()
            };
            assert_eq!(no_lines(file), no_lines(expected), "level {n} {keep:?}");
        }
        // A file of one language is no author's file: the kit asks for both.
        for (keep, other) in [("ru", "en"), ("en", "ru")] {
            let err = format::parse(&strip::strip(source, &[keep])).expect_err("one language");
            assert_eq!(
                err.kind,
                FormatErrorKind::MissingSection(other.into()),
                "level {n}"
            );
        }
    }
}

/// A failed goal says why on each seed: level 4's tempting one-in-flight
/// fix loses records because the batches queued behind one request wait
/// past `delivery.timeout.ms`, and its retries=0 loses the damaged batch.
#[test]
fn a_failed_goal_says_why_on_each_seed() {
    use crate::scenes::producer::model::FailReason;
    let level = &all()[3];
    let lost = level
        .file
        .goals
        .iter()
        .position(|g| g.metric == Metric::Lost)
        .unwrap();
    for (wrong, reason, words) in [
        (
            "max-in-flight=1",
            FailReason::DeliveryTimeout,
            "истёк delivery.timeout.ms",
        ),
        (
            "retries=0",
            FailReason::RetriesExhausted,
            "исчерпаны повторы",
        ),
    ] {
        let p = level.solve(wrong);
        let misses: Vec<Miss> = SEEDS
            .iter()
            .map(|&seed| {
                level.misses(&p, seed)[lost]
                    .unwrap_or_else(|| panic!("{wrong}, seed {seed}: nothing lost"))
            })
            .collect();
        for (miss, seed) in misses.iter().zip(SEEDS) {
            assert_eq!(miss.seed, seed);
            assert!(miss.measured.is_some_and(|n| n > 0), "{miss:?}");
            assert_eq!(miss.gave_up, Some(reason), "{wrong}, seed {seed}");
        }
        // Seeds with the same outcome share a line, and every seed is on one.
        let lines = crate::levels::level_misses(Lang::Ru, Metric::Lost, &misses);
        assert!(lines.iter().all(|l| l.contains(words)), "{lines:?}");
        let named: usize = lines
            .iter()
            .map(|l| l.split(':').next().unwrap().split(", ").count())
            .sum();
        assert_eq!(named, SEEDS.len(), "{lines:?}");
        assert!(lines[0].starts_with("42"), "{lines:?}");
    }
}

/// What a scene says it measures (`SceneMeasures::METRICS`, which the
/// level kit and a level file's check read) is what its run gives figures
/// for: a metric declared but never set would fail every goal about it,
/// and one set but not declared could never be asked for.
#[test]
fn each_scene_measures_what_it_declares() {
    for scene in SceneId::ALL {
        let (params, issues) = parse_query(&format!("?scene={}", scene.id()));
        assert!(issues.is_empty(), "{scene:?}: {issues:?}");
        let m = measure(&params).unwrap_or_else(|| panic!("{scene:?} refuses its own default"));
        for metric in Metric::ALL {
            assert_eq!(
                m.get(metric).is_some(),
                metric.measured_in(scene),
                "{scene:?} {metric:?}"
            );
        }
    }
}

#[test]
fn a_level_of_a_scene_left_out_is_listed_as_its_whole_file_lists_it() {
    for (i, source) in SOURCES.iter().enumerate() {
        let n = i as u32 + 1;
        let level = builtin(n).expect("the tests build every scene");
        let whole = listed(n).expect("every level is listed");
        assert_eq!(whole.start, level.file.start, "level {n}");
        assert_eq!(whole.par, level.file.par, "level {n}");
        for lang in [Lang::Ru, Lang::En] {
            assert_eq!(
                whole.title(lang),
                level.text(lang).title,
                "level {n} {lang:?}"
            );
            assert!(!whole.title(lang).is_empty(), "level {n} {lang:?}");
        }
        assert_eq!(
            SCENES[i],
            level.scene(),
            "level {n}: the scene `level_files!` names for it"
        );
        // The form a bundle without the level's scene carries: the same
        // listing, and none of the story, hints, goals or solutions.
        let short = strip::listing(source, BUILT_LANGS);
        assert_eq!(read_listed(&short).as_ref(), Some(&whole), "level {n}");
        for key in ["story", "hint", "goal", "solution", "wrong", "unlock"] {
            assert!(
                !short.lines().any(|l| l.starts_with(key)),
                "level {n}: {key} in {short}"
            );
        }
        assert!(
            short.len() * 3 < strip::strip(source, BUILT_LANGS).len(),
            "level {n}: {} bytes listed",
            short.len()
        );
        // A listing is no level: only a bundle with its scene opens one.
        assert!(Level::parse_builtin(&short).is_err(), "level {n}");
    }
    assert_eq!(listed(0), None);
    assert_eq!(listed(count() + 1), None);
}
