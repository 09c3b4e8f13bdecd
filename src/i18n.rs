//! The typed RU/EN catalogue: every string the UI shows comes from here.
//!
//! Fixed strings are [`Msg`] variants, so a missing translation is a compile
//! error. Strings with numbers in them are functions of their arguments.

use crate::params::{Lang, ParamIssue, SceneId};
use crate::sim::checker::{FindingKind, Violation};
use crate::sim::scenes::log::LogCaption;
use crate::sim::SimTime;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    ScenesMenu,
    Play,
    Pause,
    StepForward,
    StepBack,
    Reset,
    Timeline,
    Speed,
    SwitchLanguage,
    LightTheme,
    DarkTheme,
    KeyboardHint,
    ParamProblemsTitle,
    Dismiss,
    Producer,
    Consumer,
    AllSent,
    ToSend,
    PartitionTitle,
    ActiveSegment,
    LogEndOffset,
    Position,
    CommittedOffset,
    NotCommitted,
    LegendLogEndOffset,
    LegendPosition,
    LegendCommitted,
    Segments,
    OrderViolations,
    NoViolations,
    ConsumerWaiting,
    ConsumerDone,
    SegmentBytesHelp,
    IndexFile,
    Processed,
    Fetched,
    Unread,
    Processing,
    CommittedShort,
    ReadsInOrder,
}

pub fn t(lang: Lang, msg: Msg) -> &'static str {
    use Msg::*;
    match lang {
        Lang::Ru => match msg {
            ScenesMenu => "Сцены",
            Play => "Пуск",
            Pause => "Пауза",
            StepForward => "Шаг вперёд",
            StepBack => "Шаг назад",
            Reset => "В начало",
            Timeline => "Время симуляции",
            Speed => "Скорость",
            SwitchLanguage => "Switch to English",
            LightTheme => "Светлая тема",
            DarkTheme => "Тёмная тема",
            KeyboardHint => "Пробел — пуск или пауза · ← → — шаг · Home — в начало",
            ParamProblemsTitle => "Часть параметров ссылки не распознана, вместо них взяты значения по умолчанию:",
            Dismiss => "Скрыть",
            Producer => "Продюсер",
            Consumer => "Консьюмер",
            AllSent => "всё отправлено",
            ToSend => "ждут отправки",
            PartitionTitle => "Топик orders, партиция 0: файлы сегментов",
            ActiveSegment => "активный",
            LogEndOffset => "Log end offset",
            Position => "Позиция",
            CommittedOffset => "Закоммиченный offset",
            NotCommitted => "—",
            LegendLogEndOffset => "offset, который получит следующая запись",
            LegendPosition => "следующий offset, который заберёт poll()",
            LegendCommitted => "откуда группа продолжит после перезапуска: последний обработанный + 1",
            Segments => "Сегментов",
            OrderViolations => "Нарушений порядка",
            NoViolations => "✓ Порядок по каждому ключу сохранён",
            ConsumerWaiting => "ждёт в poll()",
            ConsumerDone => "всё прочитано",
            SegmentBytesHelp => "Когда очередная запись не помещается в активный сегмент, брокер закрывает его и открывает новый файл, названный по первому offset'у. В Kafka по умолчанию это 1 ГиБ; здесь — сотни байт, чтобы смена сегмента была видна.",
            IndexFile => "разреженный индекс: offset → позиция в файле",
            Processed => "обработана",
            Fetched => "получена poll(), ждёт обработки",
            Unread => "ещё не прочитана",
            Processing => "обрабатывается",
            CommittedShort => "коммит",
            ReadsInOrder => "читает строго по порядку: 0 → 1 → 2 → …",
        },
        Lang::En => match msg {
            ScenesMenu => "Scenes",
            Play => "Play",
            Pause => "Pause",
            StepForward => "Step forward",
            StepBack => "Step back",
            Reset => "Reset",
            Timeline => "Simulation time",
            Speed => "Speed",
            SwitchLanguage => "Переключить на русский",
            LightTheme => "Light theme",
            DarkTheme => "Dark theme",
            KeyboardHint => "Space play or pause · ← → step · Home reset",
            ParamProblemsTitle => "Some link parameters were not understood; defaults are used instead:",
            Dismiss => "Dismiss",
            Producer => "Producer",
            Consumer => "Consumer",
            AllSent => "all sent",
            ToSend => "waiting to be sent",
            PartitionTitle => "Topic orders, partition 0: segment files",
            ActiveSegment => "active",
            LogEndOffset => "Log end offset",
            Position => "Position",
            CommittedOffset => "Committed offset",
            NotCommitted => "—",
            LegendLogEndOffset => "the offset the next record will get",
            LegendPosition => "the next offset poll() will fetch",
            LegendCommitted => "where the group resumes after a restart: last processed + 1",
            Segments => "Segments",
            OrderViolations => "Order violations",
            NoViolations => "✓ Every key is still in order",
            ConsumerWaiting => "waiting in poll()",
            ConsumerDone => "read everything",
            SegmentBytesHelp => "When the next record does not fit in the active segment, the broker closes it and opens a new file named after its first offset. Kafka's default is 1 GiB; here it is a few hundred bytes so you can watch segments roll.",
            IndexFile => "sparse index: offset → position in the file",
            Processed => "processed",
            Fetched => "fetched by poll(), not processed yet",
            Unread => "not read yet",
            Processing => "being processed",
            CommittedShort => "committed",
            ReadsInOrder => "reads strictly in order: 0 → 1 → 2 → …",
        },
    }
}

pub fn scene_title(lang: Lang, scene: SceneId) -> &'static str {
    match (lang, scene) {
        (Lang::Ru, SceneId::Log) => "Партиция — это append-only лог",
        (Lang::En, SceneId::Log) => "A partition is an append-only log",
    }
}

pub fn scene_lede(lang: Lang, scene: SceneId) -> &'static str {
    match (lang, scene) {
        (Lang::Ru, SceneId::Log) => "Продюсер пишет события заказов в партицию 0. Брокер только дописывает: каждая запись встаёт в конец лога и получает следующий offset, а записанное уже не меняется. Консьюмер читает строго по возрастанию offset'ов, поэтому события одного заказа он видит в том порядке, в каком они записаны.",
        (Lang::En, SceneId::Log) => "A producer writes order events to partition 0. The broker only ever appends: each record goes to the end of the log and gets the next offset, and nothing written changes again. The consumer reads strictly in offset order, so it sees each order's events in the order they were written.",
    }
}

/// `1.500 s` / `1,500 с`.
pub fn seconds(lang: Lang, t: SimTime) -> String {
    let ms = t.as_millis();
    match lang {
        Lang::Ru => format!("{},{:03} с", ms / 1000, ms % 1000),
        Lang::En => format!("{}.{:03} s", ms / 1000, ms % 1000),
    }
}

pub fn time_of(lang: Lang, now: SimTime, end: SimTime) -> String {
    match lang {
        Lang::Ru => format!("{} из {}", seconds(lang, now), seconds(lang, end)),
        Lang::En => format!("{} of {}", seconds(lang, now), seconds(lang, end)),
    }
}

/// Speed as shown beside its slider, e.g. `0.1×`, `2.5×`.
pub fn speed(lang: Lang, factor: f64) -> String {
    let text = if factor < 1.0 {
        format!("{factor:.2}")
    } else {
        format!("{factor:.1}")
    };
    match lang {
        Lang::Ru => format!("{}×", text.replace('.', ",")),
        Lang::En => format!("{text}×"),
    }
}

pub fn param_issue(lang: Lang, issue: &ParamIssue) -> String {
    let fallback = scene_title(lang, SceneId::Log);
    match (lang, issue) {
        (Lang::Ru, ParamIssue::UnknownScene { value }) => {
            format!("scene: сцены «{value}» нет, открыта «{fallback}».")
        }
        (Lang::En, ParamIssue::UnknownScene { value }) => {
            format!("scene: there is no scene “{value}”; showing “{fallback}”.")
        }
        (Lang::Ru, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: «{value}» — не число, взято значение по умолчанию.")
        }
        (Lang::En, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: “{value}” is not a number; using the default.")
        }
        (Lang::Ru, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} — вне допустимых границ, взято {used}.")
        }
        (Lang::En, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} is out of range; using {used}.")
        }
        (
            Lang::Ru,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!(
                "{name}: «{value}» не подходит (можно: {choices}), взято значение по умолчанию."
            )
        }
        (
            Lang::En,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!("{name}: “{value}” is not one of {choices}; using the default.")
        }
        (Lang::Ru, ParamIssue::Repeated { name }) => {
            format!("{name}: параметр указан несколько раз, учтено первое значение.")
        }
        (Lang::En, ParamIssue::Repeated { name }) => {
            format!("{name}: given more than once; the first value is used.")
        }
        (Lang::Ru, ParamIssue::UnknownParam { name }) => {
            format!("«{name}»: такого параметра нет, он пропущен.")
        }
        (Lang::En, ParamIssue::UnknownParam { name }) => {
            format!("“{name}”: no such parameter; ignored.")
        }
    }
}

pub fn log_caption(lang: Lang, caption: LogCaption, segment_bytes: u32) -> String {
    use LogCaption::*;
    let key = |order: u32| format!("order-{order}");
    match (lang, caption) {
        (Lang::Ru, Intro) => "Нажмите ▶ или →: продюсер начнёт отправлять события заказа #42 (Created → Paid → Shipped → Delivered) в партицию 0, а затем события заказов #43 и #44.".into(),
        (Lang::En, Intro) => "Press ▶ or →: the producer starts sending order #42's events (Created → Paid → Shipped → Delivered) to partition 0, then the events of orders #43 and #44.".into(),
        (Lang::Ru, Sent { order, event }) => format!(
            "Продюсер отправил {} · {} в партицию 0; запрос идёт к брокеру.",
            key(order),
            event.value()
        ),
        (Lang::En, Sent { order, event }) => format!(
            "The producer sent {} · {} to partition 0; the request is on its way to the broker.",
            key(order),
            event.value()
        ),
        (lang, Appended { offset, log_end_offset, rolled_full_segment_bytes }) => {
            let roll = rolled_full_segment_bytes.map(|bytes| {
                let name = format!("{offset:020}.log");
                match lang {
                    Lang::Ru => format!("Запись не поместилась в активный сегмент ({bytes} из {segment_bytes} байт занято), поэтому брокер начал новый файл {name}, названный по её offset'у. "),
                    Lang::En => format!("The record did not fit in the active segment ({bytes} of {segment_bytes} bytes used), so the broker rolled a new file, {name}, named after its offset. "),
                }
            });
            let main = match lang {
                Lang::Ru => format!("Брокер дописал запись в конец лога под offset {offset}. Log end offset теперь {log_end_offset}: его получит следующая запись."),
                Lang::En => format!("The broker appended the record at offset {offset}. The log end offset is now {log_end_offset}, the offset the next record will get."),
            };
            format!("{}{main}", roll.unwrap_or_default())
        }
        (Lang::Ru, Polled { from, to, position }) => format!(
            "Консьюмер вызвал poll() и получил offset'ы {from}–{to}. Позиция сдвинулась на {position}, а закоммиченный offset остался прежним: записи ещё не обработаны."
        ),
        (Lang::En, Polled { from, to, position }) => format!(
            "The consumer called poll() and got offsets {from}–{to}. Its position moved to {position}, but the committed offset stayed put: nothing is processed yet."
        ),
        (Lang::Ru, PolledNothing { position }) => format!(
            "poll() ничего не вернул: позиция {position} равна log end offset. Консьюмер ждёт новых записей."
        ),
        (Lang::En, PolledNothing { position }) => format!(
            "poll() returned nothing: position {position} is the log end offset. The consumer waits for new records."
        ),
        (Lang::Ru, Processed { offset, order, event }) => format!(
            "Консьюмер обработал offset {offset} ({} · {}). Он идёт строго по порядку: offset {} не может обогнать этот.",
            key(order),
            event.value(),
            offset + 1
        ),
        (Lang::En, Processed { offset, order, event }) => format!(
            "The consumer processed offset {offset} ({} · {}). It goes strictly in order: offset {} cannot overtake this one.",
            key(order),
            event.value(),
            offset + 1
        ),
        (Lang::Ru, Committed { committed }) => format!(
            "Консьюмер закоммитил offset {committed} — номер следующей записи для чтения. После перезапуска группа продолжит с него."
        ),
        (Lang::En, Committed { committed }) => format!(
            "The consumer committed offset {committed}, the next record to read. After a restart the group resumes there."
        ),
        (Lang::Ru, Finished { committed }) => format!(
            "Всё прочитано и закоммичено (offset {committed}). События каждого заказа обработаны в том порядке, в каком записаны: одна партиция — один упорядоченный лог."
        ),
        (Lang::En, Finished { committed }) => format!(
            "Everything is read and committed (offset {committed}). Each order's events were handled in the order they were written: one partition is one ordered log."
        ),
    }
}

pub fn violation(lang: Lang, v: &Violation) -> String {
    match (lang, v.kind) {
        (
            Lang::Ru,
            FindingKind::Reorder {
                seen_step,
                seen_offset,
            },
        ) => format!(
            "⚠ {}: шаг {} (offset {}) пришёл после шага {} (offset {seen_offset})",
            v.key, v.step, v.offset, seen_step
        ),
        (
            Lang::En,
            FindingKind::Reorder {
                seen_step,
                seen_offset,
            },
        ) => format!(
            "⚠ {}: step {} (offset {}) came after step {} (offset {seen_offset})",
            v.key, v.step, v.offset, seen_step
        ),
        (Lang::Ru, FindingKind::Duplicate { first_offset }) => format!(
            "⚠ {}: шаг {} повторился (offset {}, впервые offset {first_offset})",
            v.key, v.step, v.offset
        ),
        (Lang::En, FindingKind::Duplicate { first_offset }) => format!(
            "⚠ {}: step {} seen again (offset {}, first at offset {first_offset})",
            v.key, v.step, v.offset
        ),
    }
}

pub fn processing(lang: Lang, offset: u64) -> String {
    match lang {
        Lang::Ru => format!("обрабатывает offset {offset}"),
        Lang::En => format!("processing offset {offset}"),
    }
}

pub fn next_to_send(lang: Lang, key: &str, value: &str) -> String {
    match lang {
        Lang::Ru => format!("следующая: {key} · {value}"),
        Lang::En => format!("next: {key} · {value}"),
    }
}

pub fn segment_fill(lang: Lang, used: u32, limit: u32) -> String {
    match lang {
        Lang::Ru => format!("{used} / {limit} байт"),
        Lang::En => format!("{used} / {limit} bytes"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::record::OrderEvent;

    const ALL_MSGS: [Msg; 40] = [
        Msg::ScenesMenu,
        Msg::Play,
        Msg::Pause,
        Msg::StepForward,
        Msg::StepBack,
        Msg::Reset,
        Msg::Timeline,
        Msg::Speed,
        Msg::SwitchLanguage,
        Msg::LightTheme,
        Msg::DarkTheme,
        Msg::KeyboardHint,
        Msg::ParamProblemsTitle,
        Msg::Dismiss,
        Msg::Producer,
        Msg::Consumer,
        Msg::AllSent,
        Msg::ToSend,
        Msg::PartitionTitle,
        Msg::ActiveSegment,
        Msg::LogEndOffset,
        Msg::Position,
        Msg::CommittedOffset,
        Msg::NotCommitted,
        Msg::LegendLogEndOffset,
        Msg::LegendPosition,
        Msg::LegendCommitted,
        Msg::Segments,
        Msg::OrderViolations,
        Msg::NoViolations,
        Msg::ConsumerWaiting,
        Msg::ConsumerDone,
        Msg::SegmentBytesHelp,
        Msg::IndexFile,
        Msg::Processed,
        Msg::Fetched,
        Msg::Unread,
        Msg::Processing,
        Msg::CommittedShort,
        Msg::ReadsInOrder,
    ];

    fn has_cyrillic(s: &str) -> bool {
        s.chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
    }

    #[test]
    fn every_message_exists_in_both_languages() {
        for msg in ALL_MSGS {
            let (ru, en) = (t(Lang::Ru, msg), t(Lang::En, msg));
            assert!(!ru.is_empty() && !en.is_empty(), "{msg:?}");
            // Terms that Kafka itself names stay the same in both languages;
            // everything else must really be translated.
            let same_ok = matches!(msg, Msg::LogEndOffset | Msg::NotCommitted);
            assert!(same_ok || ru != en, "{msg:?} is not translated");
            // The language switch is labelled in the language it switches to.
            if msg != Msg::SwitchLanguage && !same_ok {
                assert!(has_cyrillic(ru), "{msg:?} RU has no Russian: {ru}");
                assert!(!has_cyrillic(en), "{msg:?} EN has Russian: {en}");
            }
        }
    }

    #[test]
    fn captions_carry_their_numbers() {
        let c = LogCaption::Appended {
            offset: 4,
            log_end_offset: 5,
            rolled_full_segment_bytes: Some(331),
        };
        for lang in [Lang::Ru, Lang::En] {
            let text = log_caption(lang, c, 350);
            assert!(text.contains("00000000000000000004.log"), "{text}");
            assert!(text.contains("331") && text.contains("350") && text.contains('5'));
        }
        let sent = LogCaption::Sent {
            order: 42,
            event: OrderEvent::Paid,
        };
        assert!(log_caption(Lang::En, sent, 350).contains("order-42 · Paid"));
        assert!(has_cyrillic(&log_caption(Lang::Ru, sent, 350)));
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(seconds(Lang::En, SimTime(1500)), "1.500 s");
        assert_eq!(seconds(Lang::Ru, SimTime(1500)), "1,500 с");
        assert_eq!(speed(Lang::En, 0.1), "0.10×");
        assert_eq!(speed(Lang::Ru, 2.5), "2,5×");
    }

    #[test]
    fn issues_name_the_parameter_in_both_languages() {
        let issue = ParamIssue::NotANumber {
            name: "seed",
            value: "abc".into(),
        };
        for lang in [Lang::Ru, Lang::En] {
            let text = param_issue(lang, &issue);
            assert!(text.contains("seed") && text.contains("abc"), "{text}");
        }
    }
}
