//! The typed RU/EN catalogue: every string the UI shows comes from here.
//!
//! Fixed strings are [`Msg`] variants, so a missing translation is a compile
//! error. Strings with numbers in them are functions of their arguments.

use crate::sim::checker::{FindingKind, Position, Violation};
use crate::sim::record::OrderEvent;
use crate::sim::SimTime;

#[cfg(test)]
pub(crate) mod catalogue_tests;
mod fixed;
pub(crate) mod format;
pub mod glossary;
#[cfg(test)]
pub(crate) mod glossary_tests;
mod lang;
mod numbered;

pub use fixed::fixed;
pub use format::{
    count, count_gen, decimal, duration, genitive_ru, millis, number, plural_en, plural_ru,
    seconds, Noun, BYTES, EVENTS, NBSP, ORDERS, PARTITIONS, RECORDS,
};
pub use lang::Lang;
pub use numbered::*;

/// A fixed message of some catalogue, in either language.
pub trait Text: Copy {
    fn text(self, lang: Lang) -> &'static str;
}

/// The one lookup for every fixed message, whichever scene's catalogue it
/// belongs to.
pub fn t<M: Text>(lang: Lang, msg: M) -> &'static str {
    msg.text(lang)
}

/// Declares a catalogue: an enum of messages, `ALL` to iterate them, and
/// its [`Text`]. Russian and English sit side by side, and a message
/// without both cannot be written.
macro_rules! catalogue {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => ($ru:expr, $en:expr),)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant,)*
        }

        impl $name {
            // The words' tests read a catalogue through `ALL`; a catalogue
            // of one message (a scene's title, or its lede) is read through
            // its scene's trait instead.
            #[allow(dead_code)]
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
        }

        impl $crate::i18n::Text for $name {
            fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                match (lang, self) {
                    $(
                        #[cfg(feature = "lang-ru")]
                        ($crate::i18n::Lang::Ru, $name::$variant) => $ru,
                        #[cfg(feature = "lang-en")]
                        ($crate::i18n::Lang::En, $name::$variant) => $en,
                    )*
                }
            }
        }
    };
}
pub(crate) use catalogue;

catalogue! {
    /// Fixed strings of the app shell, and the few every scene shares.
    Msg {
        ScenesMenu => ("Сцены", "Scenes"),
        ShareLink => ("Ссылка на это состояние", "Link to this state"),
        Shortcuts => ("Клавиши", "Keyboard shortcuts"),
        KeySpace => ("Пробел — пуск или пауза", "Space: play or pause"),
        KeyArrows => ("← и → — на одно событие назад или вперёд", "← and →: one event back or forward"),
        KeyHome => ("Home — в начало", "Home: back to the start"),
        KeyHelp => ("? — эта подсказка, Esc — закрыть", "?: this help, Esc: close it"),
        KeysInFields => ("В поле ввода клавиши работают как обычно, а пробел на кнопке нажимает её", "In a text field keys work as usual, and Space on a button presses it"),
        Close => ("Закрыть", "Close"),
        CopyLink => ("Скопировать ссылку", "Copy link"),
        SceneSettings => ("Настройки сцены", "Scene settings"),
        WholeScene => ("Вся сцена ↗", "The whole scene ↗"),
        WholeSceneTitle => ("Открыть сцену целиком, с настройками и числами, в новой вкладке", "Open the whole scene, with its settings and numbers, in a new tab"),
        EmbedBuilder => ("Встроить в курс", "Embed in a course"),
        EmbedBuilderTitle => ("Собрать код iframe для страницы курса с этим состоянием сцены", "Build the iframe code for a course page from this state of the scene"),
        ExportSvg => ("Сохранить как SVG", "Save as SVG"),
        ExportPng => ("Сохранить как PNG", "Save as PNG"),
        ExportMermaid => ("Скачать mermaid-текст диаграммы", "Download the diagram as mermaid"),
        Play => ("Пуск", "Play"),
        Pause => ("Пауза", "Pause"),
        StepForward => ("Шаг вперёд", "Step forward"),
        StepBack => ("Шаг назад", "Step back"),
        Reset => ("В начало", "Reset"),
        Timeline => ("Время симуляции", "Simulation time"),
        Speed => ("Скорость", "Speed"),
        SwitchLanguage => ("Switch to English", "Переключить на русский"),
        LightTheme => ("Светлая тема", "Light theme"),
        DarkTheme => ("Тёмная тема", "Dark theme"),
        KeyboardHint => ("Пробел — пуск или пауза · ← → — шаг · Home — в начало", "Space play or pause · ← → step · Home reset"),
        ParamProblemsTitle => ("Часть параметров ссылки не распознана, вместо них взяты значения по умолчанию:", "Some link parameters were not understood; defaults are used instead:"),
        Dismiss => ("Скрыть", "Dismiss"),
        LogEndOffset => ("Log end offset", "Log end offset"),
        NotCommitted => ("—", "—"),
        OrderViolations => ("Нарушений порядка", "Order violations"),
        NoViolations => ("✓ Порядок по каждому ключу сохранён", "✓ Every key is still in order"),
        SceneLoading => ("Сцена загружается…", "The scene is loading…"),
        LedeMore => ("подробнее", "more"),
        LedeLess => ("свернуть", "less"),
        SceneLoadFailed => ("Сцена не загрузилась. Проверьте соединение и обновите страницу.", "The scene did not load. Check the connection and reload the page."),
        SceneElsewhere => ("Эта сцена открывается на своей странице:", "This scene opens on its own page:"),
    }
}

/// A scene's state in words, for screen readers: the moment, then what
/// the scene says of itself (each scene's `Scene::summary`).
pub fn summary(lang: Lang, now: SimTime, body: &str) -> String {
    format!("{}: {body}", seconds(lang, now))
}

/// The summary of a scene this page's bundle does not carry: it opens on
/// its own page, named by its title in the page's language.
pub fn summary_elsewhere(lang: Lang, title: &str) -> String {
    format!("{} {title}", t(lang, Msg::SceneElsewhere))
}

/// The summary of a scene whose settings the client refused.
pub fn summary_refused(lang: Lang) -> &'static str {
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => "продюсер не создан: настройки отвергнуты",
        #[cfg(feature = "lang-en")]
        Lang::En => "the producer was not created: settings refused",
    }
}

/// A lede's opening, shown above the figure, and the rest, which folds:
/// the figure must start on the first screen of a phone. The opening is
/// its first sentence, or two where the first is too short to say much.
pub fn split_lede(lede: &str) -> (&str, &str) {
    // Byte by byte: ". " is ASCII, so every match is a char boundary, and
    // a char is a byte that does not continue one.
    let chars_before = |i: usize| {
        lede.as_bytes()[..i]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count()
    };
    let end = lede
        .as_bytes()
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w == b". ")
        .map(|(i, _)| i)
        .find(|&i| chars_before(i) >= 40);
    match end {
        Some(i) => (&lede[..=i], lede[i + 2..].trim_start()),
        None => (lede, ""),
    }
}

/// An order's step by its event's name; a step past the four events (the
/// workers scene numbers every event of an order) as "event N".
pub fn event_name(lang: Lang, step: u32) -> String {
    match (OrderEvent::ALL.get((step as usize).wrapping_sub(1)), lang) {
        (Some(e), _) => e.value().to_owned(),
        #[cfg(feature = "lang-ru")]
        (None, Lang::Ru) => format!("событие {step}"),
        #[cfg(feature = "lang-en")]
        (None, Lang::En) => format!("event {step}"),
    }
}

/// What a finding's [`Position`] means in a scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A partition and an offset in it.
    Partition,
    /// One partition, so the offset alone.
    Offset,
    /// A consumer and the message it handled, numbered in publish order.
    ConsumerMessage,
}

fn at(lang: Lang, p: Position, place: Place) -> String {
    match (place, lang) {
        #[cfg(feature = "lang-ru")]
        (Place::Partition, Lang::Ru) => format!("партиция {}, offset {}", p.partition, p.offset),
        #[cfg(feature = "lang-en")]
        (Place::Partition, Lang::En) => format!("partition {}, offset {}", p.partition, p.offset),
        (Place::Offset, _) => format!("offset {}", p.offset),
        #[cfg(feature = "lang-ru")]
        (Place::ConsumerMessage, Lang::Ru) => {
            format!("консьюмер {}, сообщение №{}", p.partition + 1, p.offset + 1)
        }
        #[cfg(feature = "lang-en")]
        (Place::ConsumerMessage, Lang::En) => {
            format!("consumer {}, message #{}", p.partition + 1, p.offset + 1)
        }
    }
}

/// An order whose history misses an earlier event that never arrived.
pub fn gap_line(lang: Lang, key: &str, missing: u32) -> String {
    let step = event_name(lang, missing);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => {
            format!("⚠ {key}: {step} так и не попал в лог, а более поздние события там есть")
        }
        #[cfg(feature = "lang-en")]
        Lang::En => format!("⚠ {key}: {step} never reached the log, though later events did"),
    }
}

pub fn violation_at(lang: Lang, v: &Violation, place: Place) -> String {
    let step = event_name(lang, v.step);
    let here = at(lang, v.position, place);
    let at = |p| at(lang, p, place);
    match (lang, v.kind) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, FindingKind::Reorder { seen_step, seen_at }) => format!(
            "⚠ {}: {step} ({here}) — после {} ({})",
            v.key,
            event_name(lang, seen_step),
            at(seen_at)
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, FindingKind::Reorder { seen_step, seen_at }) => format!(
            "⚠ {}: {step} ({here}) came after {} ({})",
            v.key,
            event_name(lang, seen_step),
            at(seen_at)
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, FindingKind::Duplicate { first_at }) => format!(
            "⚠ {}: {step} повторно ({here}; впервые: {})",
            v.key,
            at(first_at)
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, FindingKind::Duplicate { first_at }) => format!(
            "⚠ {}: {step} again ({here}; first: {})",
            v.key,
            at(first_at)
        ),
    }
}

pub fn next_to_send(lang: Lang, key: &str, value: &str) -> String {
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("следующая: {key} · {value}"),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("next: {key} · {value}"),
    }
}

// Long lists: what is drawn in full, and how the rest is summed up.

catalogue! {
    /// Notes under the density strips that stand for the rows not drawn,
    /// and what stands for a list that changes too fast to use.
    WindowMsg {
        LogStripNote => ("Полоса — весь лог: чем выше красный столбик, тем больше в этом месте сообщений не по порядку или дублей; рамка отмечает строки, показанные выше.",
            "The strip is the whole log: the taller a red bar, the more records out of order or duplicated at that point; the frame marks the rows drawn above."),
        DiagramStripNote => ("Полоса — вся диаграмма во времени: чем выше столбик, тем больше там запросов и ответов; красный столбик — там терялись запросы или ответы, случались ошибки или таймауты; рамка отмечает строки, показанные ниже.",
            "The strip is the whole diagram over time: the taller a bar, the more requests and responses at that point; a red bar means requests or responses were lost, or errors and timeouts happened, there; the frame marks the lines drawn below."),
        LogStripLabel => ("Весь лог: где сообщения не по порядку или дублируются", "The whole log: where records are out of order or duplicated"),
        DiagramStripLabel => ("Вся диаграмма: запросы, потери и ошибки во времени", "The whole diagram: requests, losses and errors over time"),
        PauseToInterfere => ("Идёт воспроизведение: поставьте на паузу, чтобы выбрать запрос в сети и вмешаться.", "Playing: pause to pick a request on the wire and interfere with it."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_cyrillic(s: &str) -> bool {
        s.chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
    }

    #[test]
    fn every_message_exists_in_both_languages() {
        for &msg in Msg::ALL {
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
    fn violations_name_both_steps_and_where_they_were() {
        let v = Violation {
            observer: crate::sim::checker::Observer::Group {
                group_id: "order-service".into(),
            },
            key: "order-42".into(),
            step: 1,
            position: Position::new(1, 101),
            at: SimTime(9),
            kind: FindingKind::Reorder {
                seen_step: 2,
                seen_at: Position::new(1, 100),
            },
        };
        assert_eq!(
            violation_at(Lang::En, &v, Place::Partition),
            "⚠ order-42: Created (partition 1, offset 101) came after Paid (partition 1, offset 100)"
        );
        assert!(has_cyrillic(&violation_at(Lang::Ru, &v, Place::Partition)));
        // A queue has consumers and messages; a single-partition scene
        // names the offset alone; an order's fifth event has no name.
        let queue = violation_at(Lang::Ru, &v, Place::ConsumerMessage);
        assert!(
            queue.contains("консьюмер 2, сообщение №102") && !queue.contains("партиция"),
            "{queue}"
        );
        let fifth = Violation {
            step: 9,
            ..v.clone()
        };
        let text = violation_at(Lang::Ru, &fifth, Place::Offset);
        assert!(
            text.contains("событие 9 (offset 101) — после Paid (offset 100)"),
            "{text}"
        );
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(seconds(Lang::En, SimTime(1500)), "1.5\u{a0}s");
        assert_eq!(seconds(Lang::Ru, SimTime(1500)), "1,5\u{a0}с");
        assert_eq!(speed(Lang::En, 0.1), "0.10×");
        assert_eq!(speed(Lang::Ru, 2.5), "2,5×");
    }
}
