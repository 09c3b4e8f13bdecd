//! The pipeline scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{
    millis, n_of, n_of_gen, number, plural_en, plural_ru, wide, EVENTS, PARTITIONS, RECORDS, RUNS,
};
use crate::i18n::Lang;

crate::i18n::numbered! {
pub fn pipeline_sweep(lang, broken: u64 => Amount, seeds: u64 => Count) {
    let b = number(lang, broken);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("Порядок сломан в {b} из {}", n_of_gen(lang, seeds, &RUNS)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("Broken in {b} of {}", n_of(lang, seeds, &RUNS)),
    }
}

pub fn pipeline_sweep_progress(lang, done: u64 => Amount, seeds: u64 => Count, broken: u64 => Amount) {
    let (d, b) = (number(lang, done), number(lang, broken));
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("Проверено {d} из {}, сломано {b}…", n_of_gen(lang, seeds, &RUNS)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{d} of {} checked, {b} broken…", n_of(lang, seeds, &RUNS)),
    }
}

pub fn pipeline_price(lang, before: u64 => Amount, after: u64 => Amount, latency_before: u64 => Amount, latency_after: u64 => Amount) {
    let n = |v| number(lang, v);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("Цена: {} → {} сообщений в секунду до базы, средняя задержка {} → {}", n(before), n(after), millis(lang, latency_before), millis(lang, latency_after)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("Price: {} → {} records a second to the database, mean latency {} → {}", n(before), n(after), millis(lang, latency_before), millis(lang, latency_after)),
    }
}

pub fn pipeline_partitions(lang, n: u32 => Count) {
    n_of(lang, n, &PARTITIONS)
}

pub fn pipeline_side(lang, side: &str => Text, findings: usize => Count) {
    let f = wide(findings);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{side} · {} {}", number(lang, f), plural_ru(f, "нарушение", "нарушения", "нарушений")),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{side} · {} {}", number(lang, f), plural_en(f, "finding", "findings")),
    }
}

pub fn pipeline_topic_grew(lang, to: u32 => Count) {
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("Теперь в топике {}, но продюсеры ещё берут остаток от деления хеша ключа на старое число партиций.", n_of(lang, to, &PARTITIONS)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("The topic has {} now, but the producers still take hash(key) modulo the old count.", n_of(lang, to, &PARTITIONS)),
    }
}

pub fn pipeline_moved(lang, moved: usize => Count) {
    let m = wide(moved);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{} {}", plural_ru(m, "Переместилось", "Переместились", "Переместилось"), n_of(lang, m, &RECORDS)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{} moved", n_of(lang, m, &RECORDS)),
    }
}

/// The pipeline's state: what reached the warehouse, what broke, and
/// the stage the first break happened at (in the language's words).
pub fn summary_pipeline(lang, applied: u32 => Amount, total: u32 => Count, findings: usize => Count, stage: Option<&str> => Text) {
    let a = number(lang, applied.into());
    let f = wide(findings);
    let found = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{} {}", number(lang, f), plural_ru(f, "нарушение", "нарушения", "нарушений")),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{} {}", number(lang, f), plural_en(f, "finding", "findings")),
    };
    let first = match (stage, lang) {
        (None, _) => String::new(),
        #[cfg(feature = "lang-ru")]
        (Some(stage), Lang::Ru) => format!("; первое — на этапе «{stage}»"),
        #[cfg(feature = "lang-en")]
        (Some(stage), Lang::En) => format!("; the first at the {stage} stage"),
    };
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("в базе {a} из {}, {found}{first}", n_of_gen(lang, total, &EVENTS)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{a} of {} applied, {found}{first}", n_of(lang, total, &EVENTS)),
    }
}}
