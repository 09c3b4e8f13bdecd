//! The challenge levels' words: the bar's fixed strings, each goal's
//! figure, and what is wrong with a level file.

use crate::i18n::Lang;
use crate::i18n::{catalogue, t};
use crate::levels::{FormatError, FormatErrorKind, Goal, Metric, Miss, Op, ProgressCodeError};
use crate::params::param_issue;
use crate::scenes::producer::model::FailReason;

catalogue! {
    /// Fixed strings of the level bar and the level map, with the map's
    /// links to the author kit.
    LevelMsg {
        Goals => ("Цели", "Goals"),
        GoalsNote => ("Каждая цель проверяется в 20 прогонах; seed каждого из них (число, от которого зависит весь прогон) взят из постоянного списка.", "Each goal is checked on 20 seeds from a fixed list: each seed is a run of its own."),
        FailedSeeds => ("Почему не выполнено, по прогонам:", "Why it fails, seed by seed:"),
        MissRefused => ("с такими настройками клиент не создаётся", "the client refuses these settings"),
        NextHint => ("Показать подсказку", "Show a hint"),
        NoMoreHints => ("Подсказок больше нет.", "No more hints."),
        Controls => ("Что можно менять", "What you may change"),
        Locked => ("Закреплено уровнем", "Fixed by this level"),
        LockedWhy => ("Эту настройку уровень менять не даёт: задачу нужно решить остальными.", "The level fixes this setting: solve the task with the others."),
        SceneLocked => ("Настройки сцены ниже только показывают её состояние; в уровне их меняют на панели выше.", "The scene's own settings below only show the state: in a level, change them in the panel above."),
        Map => ("Карта уровней", "Level map"),
        Done => ("пройден", "solved"),
        ResetProgress => ("Сбросить прогресс", "Reset progress"),
        ProgressCode => ("Код прогресса", "Progress code"),
        ProgressCodeNote => ("Код хранит пройденные уровни. Вставьте его на другой странице с этими уровнями — и они отметятся и там.", "The code carries your solved levels: paste it on another page with these levels, and they are ticked there too."),
        ProgressCodeNone => ("Пройденных уровней пока нет: код появится, когда вы пройдёте первый.", "No level is solved yet: the code appears when you solve one."),
        CopyCode => ("Скопировать код", "Copy the code"),
        PasteCode => ("Код с другой страницы", "A code from another page"),
        ApplyCode => ("Применить код", "Apply the code"),
        CodeApplied => ("Код применён: пройденные в нём уровни отмечены на карте.", "The code is applied: the levels it holds are ticked on the map."),
        NoStorage => ("На этой странице прогресс не сохраняется: прежде чем уйти, скопируйте код.", "Progress is not kept on this page: copy the code before you leave."),
        SiteStorage => ("Здесь прогресс хранится только для этого сайта курса; на другую страницу его перенесёт код.", "Progress here is kept for this course site only; the code carries it to another page."),
        CodeEmpty => ("Вставьте код прогресса в поле.", "Paste a progress code into the field."),
        CodeNotACode => ("Это не код прогресса.", "This is not a progress code."),
        CodeVersion => ("Этот код сделан более новой версией приложения, и здесь его не прочитать.", "This code comes from a newer version of the app, and this page cannot read it."),
        CodeCharacter => ("В коде есть знак, которого в кодах не бывает: проверьте, не скопировалось ли лишнее.", "The code holds a character no code has: check that nothing else was copied with it."),
        CodeChecksum => ("Код не сходится с контрольной суммой: в нём опечатка или он скопирован не целиком.", "The code does not match its checksum: it has a typo, or it was not copied whole."),
        CodeMalformed => ("Код повреждён: пройденные уровни из него не прочитать.", "The code is damaged: its solved levels cannot be read."),
        CodeUnchanged => ("Прогресс не изменился.", "Progress is unchanged."),
        Restart => ("Начать уровень заново", "Restart the level"),
        NextLevel => ("Следующий уровень →", "Next level →"),
        NoSuchLevel => ("Такого уровня нет. Выберите уровень на карте.", "There is no such level. Pick one on the map."),
        Levels => ("Уровни", "Levels"),
        Refused => ("С такими настройками клиент не создаётся, поэтому ни одна цель не выполнена.", "The client is not created with these settings: no goal is met."),
        KitMake => ("Сделать уровень из этой ссылки", "Make a level from this link"),
        KitPreview => ("Предпросмотр файла уровня", "Preview a level file"),
        KitAuthor => ("Автору уровней", "For level authors"),
        KitElsewhere => ("Инструменты автора уровней есть только в полной версии лаборатории:", "The level author's kit is only in the lab's full version:"),
        LevelElsewhere => ("Уровень открывается на своей странице:", "The level opens on its own page:"),
    }
}

// The author kit's own words: the kit is only in the bundle with every
// scene (src/ui/level_kit.rs), so a scene's bundle carries none of them.
// Its links on the level map (KitMake, KitPreview, KitAuthor) stay above.
#[cfg(feature = "all-scenes")]
catalogue! {
    /// Fixed strings of the level author kit: the maker and the preview.
    KitMsg {
        KitMakeNote => ("Уровень начнётся с текущего состояния сцены. Отметьте, какие настройки можно будет менять, и выберите цели: файл ниже заполнится сам. Решение, неверное решение и тексты допишите вручную и проверьте файл в предпросмотре.", "The start is the current state. Tick what may change and choose the goals; the file below writes itself. Add the solution, a wrong solution and the texts, then check it in the preview."),
        KitUnlock => ("Открыть для изменения", "Unlock"),
        KitGoals => ("Цели", "Goals"),
        KitFile => ("Файл уровня", "Level file"),
        KitPreviewNote => ("Вставьте файл уровня: предпросмотр покажет уровень или объяснит, что в файле не так.", "Paste a level file: the preview shows the level, or says what is wrong with the file."),
        KitValid => ("Файл верный.", "The file is valid."),
        KitInvalid => ("Файл неверный:", "The file is invalid:"),
        KitCheck => ("Проверить старт и решения во всех прогонах", "Check the start and the solutions on the seeds"),
        KitStart => ("Старт", "Start"),
        KitSolution => ("Решение", "Solution"),
        KitWrong => ("Неверное решение", "Wrong solution"),
        KitStartOk => ("на старте хотя бы одна цель не выполнена — так и должно быть", "the start fails at least one goal, as it should"),
        KitStartBad => ("на старте все цели уже выполнены: решать нечего", "the start already meets every goal: there is nothing to solve"),
        KitSolutionOk => ("выполняет все цели во всех прогонах", "meets every goal on every seed"),
        KitSolutionBad => ("в части прогонов не выполняет цели", "fails goals on some seeds"),
        KitWrongOk => ("не выполняет цели — так и должно быть", "fails, as it should"),
        KitWrongBad => ("выполняет все цели, значит, оно не неверное", "meets every goal: it is not a wrong solution"),
        KitOpen => ("Открыть старт", "Open the start"),
    }
}

fn metric_name(lang: Lang, m: Metric) -> &'static str {
    let ru = lang.is_ru();
    match m {
        Metric::Violations => {
            if ru {
                "нарушения порядка по ключу"
            } else {
                "per-key order violations"
            }
        }
        Metric::Duplicates => {
            if ru {
                "применено дважды"
            } else {
                "duplicates applied"
            }
        }
        Metric::Lost => {
            if ru {
                "потеряно сообщений"
            } else {
                "records lost"
            }
        }
        Metric::AckedLost => {
            if ru {
                "потеряно подтверждённых сообщений"
            } else {
                "acknowledged records lost"
            }
        }
        Metric::Throughput => {
            if ru {
                "сообщений в секунду"
            } else {
                "records per second"
            }
        }
        Metric::PausedMs => {
            if ru {
                "простой партиций, мс (сколько партиции стояли без читателя, в сумме)"
            } else {
                "partitions idle, ms (each partition × the time nobody read it)"
            }
        }
        Metric::DoneMs => {
            if ru {
                "время до обработки всех сообщений, мс"
            } else {
                "every record handled by, ms"
            }
        }
    }
}

/// Why a pasted progress code was refused.
pub fn progress_code_error(lang: Lang, e: ProgressCodeError) -> &'static str {
    use ProgressCodeError::*;
    t(
        lang,
        match e {
            Empty => LevelMsg::CodeEmpty,
            NotACode => LevelMsg::CodeNotACode,
            UnknownVersion => LevelMsg::CodeVersion,
            BadCharacter => LevelMsg::CodeCharacter,
            Checksum => LevelMsg::CodeChecksum,
            Malformed => LevelMsg::CodeMalformed,
        },
    )
}

/// A metric as the author kit's list names it.
pub fn level_metric(lang: Lang, m: Metric) -> &'static str {
    metric_name(lang, m)
}

/// A goal as the checklist shows it: "per-key order violations = 0".
pub fn level_goal(lang: Lang, goal: &Goal) -> String {
    let op = match goal.op {
        Op::Equals => "=",
        Op::AtMost => "≤",
        Op::AtLeast => "≥",
    };
    format!(
        "{} {op} {}",
        metric_name(lang, goal.metric),
        crate::i18n::number(lang, goal.value)
    )
}

/// Why a goal failed: one line for each different outcome, after the
/// seeds it came on, in the order the seeds were checked, with the range of
/// figures the runs measured. "42, 1, 2: records lost — 40 to 45 (the
/// producer gave up: delivery.timeout.ms expired)".
pub fn level_misses(lang: Lang, metric: Metric, misses: &[Miss]) -> Vec<String> {
    // Per outcome: whether the client ran, why records were given up, the
    // seeds, and the least and most measured.
    type Outcome = (bool, Option<FailReason>, Vec<String>, u64, u64);
    let mut outcomes: Vec<Outcome> = Vec::new();
    for m in misses {
        let value = m.measured.unwrap_or_default();
        let seed = m.seed.to_string();
        match outcomes
            .iter_mut()
            .find(|o| (o.0, o.1) == (m.measured.is_some(), m.gave_up))
        {
            Some(o) => {
                o.2.push(seed);
                o.3 = o.3.min(value);
                o.4 = o.4.max(value);
            }
            None => outcomes.push((m.measured.is_some(), m.gave_up, vec![seed], value, value)),
        }
    }
    let ru = lang.is_ru();
    outcomes
        .into_iter()
        .map(|(ran, gave_up, seeds, least, most)| {
            let figure = if least == most {
                crate::i18n::number(lang, least)
            } else if ru {
                format!(
                    "от {} до {}",
                    crate::i18n::number(lang, least),
                    crate::i18n::number(lang, most)
                )
            } else {
                format!(
                    "{} to {}",
                    crate::i18n::number(lang, least),
                    crate::i18n::number(lang, most)
                )
            };
            let what = if ran {
                format!("{} — {figure}", metric_name(lang, metric))
            } else {
                t(lang, LevelMsg::MissRefused).to_owned()
            };
            let why = gave_up.map(|g| {
                if ru {
                    format!(
                        " (продюсер прекратил попытки: {})",
                        crate::scenes::producer::text::fail_reason(lang, g)
                    )
                } else {
                    format!(
                        " (the producer gave up: {})",
                        crate::scenes::producer::text::fail_reason(lang, g)
                    )
                }
            });
            format!("{}: {what}{}", seeds.join(", "), why.unwrap_or_default())
        })
        .collect()
}

/// What is wrong with a level file, with its line.
pub fn level_format_error(lang: Lang, e: &FormatError) -> String {
    use FormatErrorKind::*;
    let ru = lang.is_ru();
    let section = |s: &str| {
        if s.is_empty() {
            if ru {
                "в начале файла".to_owned()
            } else {
                "at the top of the file".to_owned()
            }
        } else if ru {
            format!("в разделе [{s}]")
        } else {
            format!("in section [{s}]")
        }
    };
    let what = match (&e.kind, ru) {
        (Empty, true) => "файл пуст: в нём только пустые строки и комментарии".to_owned(),
        (Empty, false) => "the file is empty: only blank lines and comments".to_owned(),
        (UnknownSection(s), true) => format!("раздела [{s}] нет: ожидались [ru] или [en]"),
        (UnknownSection(s), false) => format!("there is no section [{s}]: expected [ru] or [en]"),
        (RepeatedSection(s), true) => format!("раздел [{s}] уже был"),
        (RepeatedSection(s), false) => format!("section [{s}] appears twice"),
        (NotKeyValue, true) => {
            "ожидалась строка вида «ключ = значение», [раздел] или комментарий с #".to_owned()
        }
        (NotKeyValue, false) => {
            "expected a line “key = value”, a [section] or a # comment".to_owned()
        }
        (UnknownKey { key, section: s }, true) => format!("ключа «{key}» {} не бывает", section(s)),
        (UnknownKey { key, section: s }, false) => {
            format!("no key “{key}” is taken {}", section(s))
        }
        (RepeatedKey(k), true) => format!("«{k}» задан второй раз, а задаётся один"),
        (RepeatedKey(k), false) => format!("“{k}” is given twice; it is taken once"),
        (EmptyValue(k), true) => format!("у «{k}» нет значения после «=»"),
        (EmptyValue(k), false) => format!("“{k}” has no value after “=”"),
        (MissingKey { key, section: s }, true) => format!("нет «{key}» {}", section(s)),
        (MissingKey { key, section: s }, false) => format!("“{key}” is missing {}", section(s)),
        (MissingSection(s), true) => format!("нет раздела [{s}]"),
        (MissingSection(s), false) => format!("section [{s}] is missing"),
        (BadPar(v), true) => format!("par (норма уровня): «{v}» — не целое число"),
        (BadPar(v), false) => format!("par: “{v}” is not a whole number"),
        (BadGoal(v), true) => {
            format!("цель «{v}»: ожидалось «МЕТРИКА ОП ЧИСЛО», ОП — =, <= или >=")
        }
        (BadGoal(v), false) => {
            format!("goal “{v}”: expected “METRIC OP NUMBER”, OP one of =, <=, >=")
        }
        (UnknownMetric(m), _) => {
            let list = Metric::ALL
                .iter()
                .map(|m| m.id())
                .collect::<Vec<_>>()
                .join(", ");
            if ru {
                format!("метрики «{m}» нет; есть {list}")
            } else {
                format!("there is no metric “{m}”; there are {list}")
            }
        }
        (HintCounts { ru: r, en }, true) => {
            format!("подсказок в [ru] {r}, а в [en] {en}: их должно быть поровну")
        }
        (HintCounts { ru: r, en }, false) => {
            format!("[ru] has {r} hints and [en] {en}: they must match")
        }
        (StartNoScene, true) => "в ссылке start нет scene=".to_owned(),
        (StartNoScene, false) => "the start link names no scene=".to_owned(),
        (StartNested(n), true) => format!("ссылка start не может задавать {n}="),
        (StartNested(n), false) => format!("the start link may not set {n}="),
        (StartIssue(i), true) => format!("ссылка start: {}", param_issue(lang, i)),
        (StartIssue(i), false) => format!("the start link: {}", param_issue(lang, i)),
        (UnlockUnknown { name, scene }, true) => format!(
            "unlock: у сцены «{}» нет настройки прогона «{name}»",
            scene.title(lang)
        ),
        (UnlockUnknown { name, scene }, false) => format!(
            "unlock: the scene “{}” has no run setting “{name}”",
            scene.title(lang)
        ),
        (NotMeasured { metric, scene }, true) => format!(
            "сцена «{}» не измеряет «{}»",
            scene.title(lang),
            metric.id()
        ),
        (NotMeasured { metric, scene }, false) => format!(
            "the scene “{}” does not measure “{}”",
            scene.title(lang),
            metric.id()
        ),
        (SolutionIssue(i), true) => format!("решение: {}", param_issue(lang, i)),
        (SolutionIssue(i), false) => format!("the solution: {}", param_issue(lang, i)),
        (SolutionLocked(n), true) => {
            format!(
                "решение меняет «{n}», а уровень не открывает эту настройку (добавьте её в unlock)"
            )
        }
        (SolutionLocked(n), false) => format!(
            "the solution changes “{n}”, which the level does not unlock (add it to unlock)"
        ),
    };
    match (e.line, ru) {
        (0, _) => what,
        (n, true) => format!("Строка {n}: {what}"),
        (n, false) => format!("Line {n}: {what}"),
    }
}
