//! The workers scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{
    n_of, n_of_gen, number, plural_en, plural_ru, wide, RECORDS, VIOLATIONS,
};
use crate::i18n::Lang;

crate::i18n::numbered! {
    pub fn crash_summary(lang, lost: usize => Count, repeated: usize => Count, naive: u64 => Id, low: u64 => Id) {
        let (l, r) = (wide(lost), wide(repeated));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Наивный коммит (offset {naive}) потеряет {} {}: после перезапуска консьюмер продолжит чтение уже за ними. Коммит по нижней границе (offset {low}) ничего не потеряет, но {} {} придётся обработать ещё раз, поэтому обработчик должен быть идемпотентным.",
                number(lang, l),
                plural_ru(l, "необработанное сообщение", "необработанных сообщения", "необработанных сообщений"),
                number(lang, r),
                plural_ru(r, "уже обработанное сообщение", "уже обработанных сообщения", "уже обработанных сообщений"),
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "The naive commit (offset {naive}) loses {} {}: after a restart reading resumes past {}. The low-watermark commit (offset {low}) loses nothing, but {} already handled {} handled again, so the handler must be idempotent.",
                number(lang, l),
                plural_en(l, "unhandled record", "unhandled records"),
                plural_en(l, "it", "them"),
                n_of(lang, r, &RECORDS),
                plural_en(r, "is", "are"),
            ),
        }
    }

    pub fn summary_workers(lang, handled: u32 => Amount, total: u32 => Count, violations: usize => Count, low_watermark: u64 => Id) {
        let h = number(lang, handled.into());
        let v = n_of(lang, wide(violations), &VIOLATIONS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("обработано {h} из {}, {v}, нижняя граница коммита {low_watermark}", n_of_gen(lang, total, &RECORDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{h} of {} handled, {v}, low watermark {low_watermark}", n_of(lang, total, &RECORDS)),
        }
    }
}
