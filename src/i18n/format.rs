//! Numbers as each language writes them, and the words that agree with
//! them: "1 сообщение, 2 сообщения, 5 сообщений", "1 record, 2 records".
//!
//! Every catalogue message that puts a count next to a noun goes through
//! [`count`] (or [`count_gen`] after "до", "из", "от"), so the agreement
//! rule lives in one place and the catalogue test can check it.

use super::fixed::fixed;
use crate::i18n::Lang;
use crate::sim::SimTime;

/// Russian's three counting forms: `one` for 1, 21, 101 …; `few` for 2–4,
/// 22–24 …; `many` for 0, 5–20, 25 … (11–14 count as `many`).
pub fn plural_ru<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (1, m) if m != 11 => one,
        (2..=4, m) if !(12..=14).contains(&m) => few,
        _ => many,
    }
}

/// The genitive a count takes after "до", "из", "от": singular when the
/// number ends in 1 (but not 11), plural otherwise ("до 21 сообщения", "до 2
/// сообщений", "из 5 партиций").
pub fn genitive_ru<'a>(n: u64, singular: &'a str, plural: &'a str) -> &'a str {
    if n % 10 == 1 && n % 100 != 11 {
        singular
    } else {
        plural
    }
}

/// English: singular for exactly one, plural for everything else, zero too.
pub fn plural_en<'a>(n: u64, one: &'a str, other: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        other
    }
}

/// A countable word in every form the catalogue needs.
pub struct Noun {
    /// Russian nominative after 1, 2–4 and 5+: сообщение, сообщения, сообщений.
    pub ru: [&'static str; 3],
    /// Russian genitive singular, after "до 1", "из 21": сообщения. The
    /// genitive plural is always the third form of `ru`.
    pub ru_gen: &'static str,
    /// English singular and plural.
    pub en: [&'static str; 2],
}

impl Noun {
    /// The word alone, agreeing with `n` (nominative in Russian).
    pub fn word(&self, lang: Lang, n: u64) -> &'static str {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => plural_ru(n, self.ru[0], self.ru[1], self.ru[2]),
            #[cfg(feature = "lang-en")]
            Lang::En => plural_en(n, self.en[0], self.en[1]),
        }
    }

    /// The word alone, in the genitive that "до", "из", "от" ask for.
    pub fn word_gen(&self, lang: Lang, n: u64) -> &'static str {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => genitive_ru(n, self.ru_gen, self.ru[2]),
            #[cfg(feature = "lang-en")]
            Lang::En => plural_en(n, self.en[0], self.en[1]),
        }
    }
}

macro_rules! nouns {
    ($($name:ident => [$one:literal, $few:literal, $many:literal; $gen:literal], [$en1:literal, $en2:literal],)*) => {
        $(pub const $name: Noun = Noun { ru: [$one, $few, $many], ru_gen: $gen, en: [$en1, $en2] };)*
    };
}

nouns! {
    BYTES => ["байт", "байта", "байт"; "байта"], ["byte", "bytes"],
    RECORDS => ["сообщение", "сообщения", "сообщений"; "сообщения"], ["record", "records"],
    // After 2–4 a neuter noun's adjective takes the genitive plural: "два
    // подтверждённых сообщения".
    ACKED_RECORDS => ["подтверждённое сообщение", "подтверждённых сообщения", "подтверждённых сообщений"; "подтверждённого сообщения"], ["acknowledged record", "acknowledged records"],
    PARTITIONS => ["партиция", "партиции", "партиций"; "партиции"], ["partition", "partitions"],
    EMPTY_PARTITIONS => ["пустая партиция", "пустые партиции", "пустых партиций"; "пустой партиции"], ["empty partition", "empty partitions"],
    SEGMENTS => ["сегмент", "сегмента", "сегментов"; "сегмента"], ["segment", "segments"],
    RETRIES => ["повтор", "повтора", "повторов"; "повтора"], ["retry", "retries"],
    REORDERS => ["перестановка", "перестановки", "перестановок"; "перестановки"], ["reorder", "reorders"],
    DUPLICATES => ["дубликат", "дубликата", "дубликатов"; "дубликата"], ["duplicate", "duplicates"],
    VIOLATIONS => ["нарушение порядка", "нарушения порядка", "нарушений порядка"; "нарушения порядка"], ["order violation", "order violations"],
    WORDS => ["слово", "слова", "слов"; "слова"], ["word", "words"],
    KEYS => ["ключ", "ключа", "ключей"; "ключа"], ["key", "keys"],
    ORDERS => ["заказ", "заказа", "заказов"; "заказа"], ["order", "orders"],
    EVENTS => ["событие", "события", "событий"; "события"], ["event", "events"],
    MEMBERS => ["участник", "участника", "участников"; "участника"], ["member", "members"],
    GENERATIONS => ["поколение", "поколения", "поколений"; "поколения"], ["generation", "generations"],
    HITS => ["попадание", "попадания", "попаданий"; "попадания"], ["cache hit", "cache hits"],
    MISSES => ["промах", "промаха", "промахов"; "промаха"], ["miss", "misses"],
    RUNS => ["запуск", "запуска", "запусков"; "запуска"], ["run", "runs"],
    // Each seed is one run of the scene; the glossary keeps "seed" for the
    // link's parameter.
    SEEDS => ["прогон", "прогона", "прогонов"; "прогона"], ["seed", "seeds"],
    SETTINGS => ["настройка", "настройки", "настроек"; "настройки"], ["setting", "settings"],
}

/// `n` and its noun: "2 сообщения", "2 records".
pub fn count(lang: Lang, n: u64, noun: &Noun) -> String {
    format!("{} {}", number(lang, n), noun.word(lang, n))
}

/// `n` and its noun in the genitive, for after "до", "из", "от":
/// "21 сообщения", "5 сообщений".
pub fn count_gen(lang: Lang, n: u64, noun: &Noun) -> String {
    format!("{} {}", number(lang, n), noun.word_gen(lang, n))
}

/// No-break space: Russian's thousands separator, and what keeps a number
/// on the same line as its unit.
pub const NBSP: char = '\u{a0}';

/// A whole number as the language writes it: "146 484" (with a no-break
/// space) and "146,484". Four-digit numbers stay whole ("2000"), as both
/// Russian typography and SI style write them, and so do offsets and other
/// identifiers, which are not meant to be read as amounts.
pub fn number(lang: Lang, n: u64) -> String {
    let digits = n.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let sep = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => NBSP,
        #[cfg(feature = "lang-en")]
        Lang::En => ',',
    };
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 2);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(sep);
        }
        out.push(d);
    }
    out
}

/// `v` with `decimals` digits after the decimal mark: "0,3", "146 484,5"
/// in Russian, "0.3", "146,484.5" in English.
pub fn decimal(lang: Lang, v: f64, decimals: u32) -> String {
    let text = fixed(v, decimals);
    let (sign, unsigned) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.as_str()),
    };
    let (whole, frac) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let whole = number(lang, whole.parse().unwrap_or(0));
    if frac.is_empty() {
        return format!("{sign}{whole}");
    }
    let mark = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => ',',
        #[cfg(feature = "lang-en")]
        Lang::En => '.',
    };
    format!("{sign}{whole}{mark}{frac}")
}

/// Simulated time to the millisecond, written as a person writes it:
/// "1 с", "0,3 с", "2,5 с", "1,25 с" ("1,000 с" reads as a thousand).
pub fn seconds(lang: Lang, t: SimTime) -> String {
    let ms = t.as_millis();
    let (mark, unit) = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => (',', "с"),
        #[cfg(feature = "lang-en")]
        Lang::En => ('.', "s"),
    };
    let whole = number(lang, ms / 1000);
    let frac = format!("{:03}", ms % 1000);
    match frac.trim_end_matches('0') {
        "" => format!("{whole}{NBSP}{unit}"),
        frac => format!("{whole}{mark}{frac}{NBSP}{unit}"),
    }
}

/// Milliseconds, a unit that does not inflect: "200 мс", "200 ms".
pub fn millis(lang: Lang, ms: u64) -> String {
    let unit = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => "мс",
        #[cfg(feature = "lang-en")]
        Lang::En => "ms",
    };
    format!("{}{NBSP}{unit}", number(lang, ms))
}

/// A span of simulated time that may fall between whole milliseconds:
/// seconds from a second up, milliseconds below, with a tenth only where
/// the value has one ("2,5 мс", "1 s", "12,5 с").
pub fn duration(lang: Lang, ms: f64) -> String {
    let (value, seconds) = if ms >= 1000.0 {
        (ms / 1000.0, true)
    } else {
        (ms, false)
    };
    // Whether a tenth shows, read from the exact formatter rather than
    // float rounding and `%`, which bring libm's code into every bundle.
    let decimals = u32::from(!fixed(value, 1).ends_with(".0"));
    let unit = match (lang, seconds) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, true) => "с",
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, false) => "мс",
        #[cfg(feature = "lang-en")]
        (Lang::En, true) => "s",
        #[cfg(feature = "lang-en")]
        (Lang::En, false) => "ms",
    };
    format!("{}{NBSP}{unit}", decimal(lang, value, decimals))
}

/// A count of `noun` as a whole number of any width.
pub fn n_of(lang: Lang, n: impl Into<u64>, noun: &Noun) -> String {
    count(lang, n.into(), noun)
}

/// Like [`n_of`], for after "до", "из", "от" and "после".
pub fn n_of_gen(lang: Lang, n: impl Into<u64>, noun: &Noun) -> String {
    count_gen(lang, n.into(), noun)
}

pub fn wide(n: usize) -> u64 {
    n as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_in_the_unit_that_fits() {
        assert_eq!(duration(Lang::Ru, 25.0), "25\u{a0}мс");
        assert_eq!(duration(Lang::Ru, 2.5), "2,5\u{a0}мс");
        assert_eq!(duration(Lang::En, 1000.0), "1\u{a0}s");
        assert_eq!(duration(Lang::En, 10_000.0), "10\u{a0}s");
        assert_eq!(duration(Lang::Ru, 1258.9), "1,3\u{a0}с");
        assert_eq!(duration(Lang::En, 99.999), "100\u{a0}ms");
    }

    #[test]
    fn russian_plural_follows_the_last_two_digits() {
        let form = |n| plural_ru(n, "one", "few", "many");
        for n in [1, 21, 31, 101, 121, 1001] {
            assert_eq!(form(n), "one", "{n}");
        }
        for n in [2, 3, 4, 22, 24, 102, 1003] {
            assert_eq!(form(n), "few", "{n}");
        }
        for n in [
            0, 5, 9, 10, 11, 12, 13, 14, 15, 20, 25, 100, 111, 112, 114, 1011,
        ] {
            assert_eq!(form(n), "many", "{n}");
        }
    }

    #[test]
    fn russian_genitive_after_prepositions() {
        let rec = |n| format!("до {}", count_gen(Lang::Ru, n, &RECORDS));
        assert_eq!(rec(1), "до 1 сообщения");
        assert_eq!(rec(21), "до 21 сообщения");
        assert_eq!(rec(2), "до 2 сообщений");
        assert_eq!(rec(5), "до 5 сообщений");
        assert_eq!(rec(11), "до 11 сообщений");
        assert_eq!(rec(111), "до 111 сообщений");
        assert_eq!(
            format!("из {}", count_gen(Lang::Ru, 2, &PARTITIONS)),
            "из 2 партиций"
        );
        assert_eq!(count_gen(Lang::En, 1, &PARTITIONS), "1 partition");
    }

    #[test]
    fn counts_agree_in_both_languages() {
        assert_eq!(count(Lang::Ru, 2, &BYTES), "2 байта");
        assert_eq!(count(Lang::Ru, 5, &BYTES), "5 байт");
        assert_eq!(count(Lang::Ru, 59, &EMPTY_PARTITIONS), "59 пустых партиций");
        assert_eq!(count(Lang::Ru, 1, &SEGMENTS), "1 сегмент");
        assert_eq!(count(Lang::Ru, 22, &RETRIES), "22 повтора");
        assert_eq!(count(Lang::En, 1, &SEGMENTS), "1 segment");
        assert_eq!(count(Lang::En, 1, &RETRIES), "1 retry");
        assert_eq!(count(Lang::En, 0, &RETRIES), "0 retries");
        assert_eq!(count(Lang::En, 21, &RECORDS), "21 records");
    }

    #[test]
    fn numbers_are_grouped_from_five_digits() {
        assert_eq!(number(Lang::Ru, 146_484), "146\u{a0}484");
        assert_eq!(number(Lang::En, 146_484), "146,484");
        assert_eq!(number(Lang::Ru, 2000), "2000");
        assert_eq!(number(Lang::En, 10_000), "10,000");
        assert_eq!(number(Lang::En, 2_147_483_647), "2,147,483,647");
        assert_eq!(number(Lang::Ru, 0), "0");
        assert_eq!(count(Lang::Ru, 146_484, &RECORDS), "146\u{a0}484 сообщения");
        assert_eq!(
            count(Lang::Ru, 2, &ACKED_RECORDS),
            "2 подтверждённых сообщения"
        );
    }

    #[test]
    fn decimals_use_the_languages_mark() {
        assert_eq!(decimal(Lang::Ru, 0.3, 1), "0,3");
        assert_eq!(decimal(Lang::En, 0.3, 1), "0.3");
        assert_eq!(decimal(Lang::Ru, 146_484.46, 1), "146\u{a0}484,5");
        assert_eq!(decimal(Lang::En, 146_484.46, 1), "146,484.5");
        assert_eq!(decimal(Lang::Ru, -1.25, 2), "-1,25");
        assert_eq!(decimal(Lang::En, 7.6, 0), "8");
        assert_eq!(seconds(Lang::Ru, SimTime(300)), "0,3\u{a0}с");
        assert_eq!(seconds(Lang::Ru, SimTime(1000)), "1\u{a0}с");
        assert_eq!(seconds(Lang::Ru, SimTime(2500)), "2,5\u{a0}с");
        assert_eq!(seconds(Lang::Ru, SimTime(1250)), "1,25\u{a0}с");
        assert_eq!(seconds(Lang::Ru, SimTime(1001)), "1,001\u{a0}с");
        assert_eq!(seconds(Lang::Ru, SimTime::ZERO), "0\u{a0}с");
        assert_eq!(seconds(Lang::En, SimTime(61_500)), "61.5\u{a0}s");
        assert_eq!(millis(Lang::Ru, 200), "200\u{a0}мс");
        assert_eq!(millis(Lang::En, 30_000), "30,000\u{a0}ms");
    }
}
