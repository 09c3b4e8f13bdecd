//! The share group scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{number, wide};
use crate::i18n::Lang;

crate::i18n::numbered! {
    pub fn summary_share(lang, group: usize => Amount, share: usize => Amount, pool: usize => Amount) {
        let (g, s, p) = (number(lang, wide(group)), number(lang, wide(share)), number(lang, wide(pool)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("нарушений порядка: группа консьюмеров — {g}, share-группа — {s}, пул воркеров — {p}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("order violations: consumer group {g}, share group {s}, worker pool {p}"),
        }
    }
}
