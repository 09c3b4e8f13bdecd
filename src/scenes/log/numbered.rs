//! The log scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{n_of, n_of_gen, number, wide, BYTES, SEGMENTS};
use crate::i18n::Lang;

crate::i18n::numbered! {
    pub fn summary_log(lang, leo: u64 => Id, position: u64 => Id, committed: Option<u64> => Id, segments: usize => Count) {
        let c = committed.map_or_else(|| "—".to_owned(), |c| c.to_string());
        let segments = n_of(lang, wide(segments), &SEGMENTS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("log end offset {leo}, позиция консьюмера {position}, закоммиченный offset {c}, {segments}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("log end offset {leo}, consumer position {position}, committed {c}, {segments}"),
        }
    }

    pub fn segment_fill(lang, used: u32 => Amount, limit: u32 => Count) {
        format!("{} / {}", number(lang, used.into()), n_of(lang, limit, &BYTES))
    }

    /// The first sentence of a caption when an append rolled a segment.
    pub fn segment_rolled(lang, used: u32 => Amount, limit: u32 => Count, offset: u64 => Id) {
        let name = format!("{offset:020}.log");
        let used = number(lang, used.into());
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Сообщение не поместилось в активный сегмент (занято {used} из {}), поэтому брокер начал новый файл {name}, названный по offset'у этого сообщения. ", n_of_gen(lang, limit, &BYTES)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The record did not fit in the active segment ({used} of {} used), so the broker rolled a new file, {name}, named after its offset. ", n_of(lang, limit, &BYTES)),
        }
    }
}
