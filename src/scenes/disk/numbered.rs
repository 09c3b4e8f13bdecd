//! The disk scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{decimal, n_of, number, plural_en, plural_ru, HITS, MISSES};
use crate::i18n::Lang;

crate::i18n::numbered! {
    /// Throughput of a disk, in decimal megabytes a second.
    pub fn megabytes_per_second(lang, bytes_per_s: f64 => Ratio) {
        let mb = decimal(lang, bytes_per_s / 1e6, 0);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("≈ {mb}\u{a0}МБ/с"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("≈ {mb} MB/s"),
        }
    }

    /// How many times slower random reads are than sequential ones.
    pub fn times_slower(lang, times: u64 => Count) {
        let n = number(lang, times);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("в {n} {} медленнее", plural_ru(times, "раз", "раза", "раз")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{n} {} slower", plural_en(times, "time", "times")),
        }
    }

    /// A page of a segment file in the page-cache strip.
    pub fn page_name(lang, page: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("страница {page}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("page {page}"),
        }
    }

    pub fn summary_disk(lang, hits: u32 => Count, misses: u32 => Count) {
        let hits = n_of(lang, hits, &HITS);
        let misses = n_of(lang, misses, &MISSES);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{hits} в кеш, {misses}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{hits}, {misses}"),
        }
    }
}
