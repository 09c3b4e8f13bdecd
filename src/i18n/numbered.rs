//! The catalogue's messages with numbers in them.
//!
//! Each is declared through [`numbered!`], which says for every argument
//! what kind of number it is. The macro also lists every message for the
//! catalogue test, which renders each one with many numbers in both
//! languages and checks the agreement: a message added here that glues a
//! count to a fixed word fails it.

use super::format::{
    decimal, millis, n_of, n_of_gen, number, plural_en, plural_ru, seconds, wide, BYTES,
    EMPTY_PARTITIONS, EVENTS, KEYS, PARTITIONS, RECORDS, SEEDS, SETTINGS,
};
use crate::i18n::Lang;
use crate::sim::SimTime;

/// What an argument of a numbered message is, which says what the
/// catalogue test expects of the text around it.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A quantity a noun or verb agrees with: the text differs between 1
    /// and 5, and the number is grouped ("146 484").
    Count,
    /// A quantity with no word agreeing with it (a unit, a label before
    /// it): grouped, and the text is otherwise the same for every value.
    Amount,
    /// An amount shown only as a percentage of another.
    Share,
    /// An identifier (offset, partition, batch): written as plain digits.
    Id,
    /// A list of identifiers, the same text whatever its length.
    Ids,
    /// A list of identifiers whose length a word agrees with: one, or more
    /// than one (21 partitions are "партиции", not "партиция").
    CountedIds,
    /// Simulated time, written with the language's decimal mark.
    Time,
    /// A fraction, written with the language's decimal mark.
    Ratio,
    /// Not a number: the test leaves it alone.
    Text,
}

/// One numbered message as the catalogue test sees it.
#[cfg(test)]
pub struct Numbered {
    pub name: &'static str,
    pub args: &'static [(&'static str, Arg)],
    /// Renders the message with each argument built from its value.
    pub render: fn(Lang, &[u64]) -> String,
}

/// Builds an argument of a numbered message from a test value.
#[cfg(test)]
pub trait Probe {
    fn probe(n: u64) -> Self;
}

#[cfg(test)]
mod probe {
    use super::Probe;
    use crate::sim::SimTime;

    macro_rules! probe_int {
        ($($t:ty),*) => { $(impl Probe for $t { fn probe(n: u64) -> Self { n as $t } })* };
    }
    probe_int!(u32, u64, usize, i64);

    impl Probe for f64 {
        fn probe(n: u64) -> Self {
            n as f64 / 8.0
        }
    }
    impl Probe for SimTime {
        fn probe(n: u64) -> Self {
            SimTime(n)
        }
    }
    impl<T: Probe> Probe for Option<T> {
        fn probe(n: u64) -> Self {
            Some(T::probe(n))
        }
    }
    /// Text arguments are names and keys: punctuation only, so they add no
    /// words of either language to what is checked.
    impl Probe for &str {
        fn probe(_: u64) -> Self {
            "…"
        }
    }
    static IDS: [u32; 128] = {
        let mut ids = [0; 128];
        let mut i = 0;
        while i < ids.len() {
            ids[i] = i as u32;
            i += 1;
        }
        ids
    };
    /// A list of `n` identifiers (at most 128).
    impl Probe for &[u32] {
        fn probe(n: u64) -> Self {
            &IDS[..(n as usize).min(IDS.len())]
        }
    }
}

macro_rules! numbered {
    ($(
        $(#[$doc:meta])*
        pub fn $name:ident($lang:ident $(, $arg:ident: $ty:ty => $kind:ident)* $(,)?) $body:block
    )*) => {
        $(
            $(#[$doc])*
            pub fn $name($lang: $crate::i18n::Lang $(, $arg: $ty)*) -> String $body
        )*

        /// Every numbered message, for the catalogue test.
        #[cfg(test)]
        pub(crate) const NUMBERED: &[$crate::i18n::Numbered] = &[$(
            $crate::i18n::Numbered {
                name: stringify!($name),
                args: &[$((stringify!($arg), $crate::i18n::Arg::$kind)),*],
                render: |lang, values| {
                    let mut values = values.iter().copied();
                    $name(lang $(, <$ty as $crate::i18n::Probe>::probe(values.next().unwrap_or(0)))*)
                },
            },
        )*];
    };
}

/// A scene's numbered messages are declared the same way, in its folder
/// (`src/scenes/<scene>/numbered.rs`), and tested through the registry.
pub(crate) use numbered;

numbered! {
    /// A lesson step by its `S.P` id, and where it is in the lesson.
    pub fn step_of(lang, id: &str => Text, position: u32 => Id, total: usize => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Шаг {id} · {position} из {}", number(lang, wide(total))),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Step {id} · {position} of {}", number(lang, wide(total))),
        }
    }

    pub fn time_of(lang, now: SimTime => Time, end: SimTime => Time) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} из {}", seconds(lang, now), seconds(lang, end)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} of {}", seconds(lang, now), seconds(lang, end)),
        }
    }

    /// Said beside a run that stopped before its end because the link's
    /// settings made more events, or a bigger world, than the lab keeps.
    pub fn run_cut_short(lang, end: SimTime => Time, events: u64 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "С этими настройками событий слишком много: прогон остановлен на {} после {}, чтобы страница не зависла. Чтобы увидеть всё, уменьшите нагрузку — например, увеличьте request.timeout.ms.",
                seconds(lang, end),
                n_of_gen(lang, events, &EVENTS)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "These settings make too much work: the run stops at {} after {}, so the page stays responsive. Ease the load (a longer request.timeout.ms, say) to see all of it.",
                seconds(lang, end),
                n_of(lang, events, &EVENTS)
            ),
        }
    }

    /// Speed as shown beside its slider, e.g. `0,1×`, `2.5×`.
    pub fn speed(lang, factor: f64 => Ratio) {
        let decimals = if factor < 1.0 { 2 } else { 1 };
        format!("{}×", decimal(lang, factor, decimals))
    }

    /// What one wall second shows of Kafka's time, beside the speed;
    /// `kafka` is a [`super::format::duration`].
    pub fn pace(lang, kafka: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("1\u{a0}с здесь = {kafka} в Kafka"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("1\u{a0}s here = {kafka} in Kafka"),
        }
    }

    pub fn key_too_long(lang, bytes: usize => Count, used: usize => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "key: ключ из {} слишком длинный, {} {}.",
                n_of_gen(lang, wide(bytes), &BYTES),
                plural_ru(wide(used), "взят первый", "взяты первые", "взяты первые"),
                n_of(lang, wide(used), &BYTES)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "key: a key of {} is too long; the first {} {} used.",
                n_of(lang, wide(bytes), &BYTES),
                n_of(lang, wide(used), &BYTES),
                plural_en(wide(used), "is", "are")
            ),
        }
    }

    pub fn records_per_second(lang, n: u64 => Count) {
        let per_second = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "с",
            #[cfg(feature = "lang-en")]
            Lang::En => "s",
        };
        format!("{}/{}", n_of(lang, n, &RECORDS), per_second)
    }

    /// A number typed into a form outside its range, and what is used.
    pub fn clamped_to(lang, typed: u64 => Id, min: u32 => Id, max: u32 => Id, used: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{typed} — вне границ {min}–{max}, взято {used}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{typed} is outside {min}–{max}; using {used}."),
        }
    }

    /// What the routing and repartition lanes say for partitions not drawn.
    pub fn more_empty_partitions(lang, n: usize => Count) {
        format!("+ {}", n_of(lang, wide(n), &EMPTY_PARTITIONS))
    }

    pub fn worker_name(lang, i: usize => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("воркер {i}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("worker {i}"),
        }
    }

    pub fn twice(lang, order: u32 => Id, event: &str => Text, partition: u32 => Id, offset: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("⚠ order-{order} {event} (партиция {partition}, offset {offset}) обработан дважды"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("⚠ order-{order} {event} (partition {partition}, offset {offset}) handled twice"),
        }
    }

    pub fn processing(lang, offset: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("обрабатывает offset {offset}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("processing offset {offset}"),
        }
    }

    pub fn earlier_hidden(lang, n: usize => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("…и ещё раньше: {}", number(lang, wide(n))),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("…and {} earlier", number(lang, wide(n))),
        }
    }

    /// A goal's seeds that failed, of all checked.
    pub fn level_seeds_failed(lang, failed: usize => Count, seeds: usize => Amount) {
        let s = number(lang, wide(seeds));
        match lang {
            // «Прогон» in the prepositional case, which the shared noun lacks:
            // «не выполнено в 2 прогонах из 20».
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "не выполнено в {} {} из {s}",
                number(lang, wide(failed)),
                plural_ru(wide(failed), "прогоне", "прогонах", "прогонах")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("fails on {} of {s}", n_of(lang, wide(failed), &SEEDS)),
        }
    }

    /// A goal that held on every seed checked.
    pub fn level_seeds_met(lang, seeds: usize => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "выполнено во всех {} {}",
                number(lang, wide(seeds)),
                plural_ru(wide(seeds), "прогоне", "прогонах", "прогонах")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("holds on all {}", n_of(lang, wide(seeds), &SEEDS)),
        }
    }

    /// The check under way.
    pub fn level_checking(lang, done: usize => Amount, seeds: usize => Count) {
        let d = number(lang, wide(done));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Проверено {d} из {}…", n_of_gen(lang, wide(seeds), &SEEDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{d} of {} checked…", n_of(lang, wide(seeds), &SEEDS)),
        }
    }

    /// Settings changed from the start, against the level's par.
    pub fn level_changes(lang, changes: usize => Count, par: u32 => Amount) {
        let c = n_of(lang, wide(changes), &SETTINGS);
        let p = number(lang, u64::from(par));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {c}; норма уровня — {p}", plural_ru(wide(changes), "Изменена", "Изменены", "Изменено")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{c} changed; par {p}"),
        }
    }

    /// A level by its number.
    pub fn level_number(lang, n: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Уровень {n}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Level {n}"),
        }
    }

    /// The level's verdict once every goal holds on every seed.
    pub fn level_complete(lang, n: u32 => Id, changes: usize => Count, par: u32 => Amount) {
        let c = n_of(lang, wide(changes), &SETTINGS);
        let p = number(lang, u64::from(par));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Уровень {n} пройден: {} {c}, норма уровня — {p}.", plural_ru(wide(changes), "изменена", "изменены", "изменено")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Level {n} solved: {c} changed, par {p}."),
        }
    }

    /// A hint's place among the level's hints.
    pub fn level_hint_of(lang, i: usize => Id, total: usize => Amount) {
        let t = number(lang, wide(total));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Подсказка {i} из {t}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Hint {i} of {t}"),
        }
    }
}

/// The Go client lens's messages, in a file of their own.
pub(crate) mod golens;
pub use golens::*;
