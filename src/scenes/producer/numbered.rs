//! The producer scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{
    millis, n_of, number, plural_en, plural_ru, seconds, wide, DUPLICATES, RECORDS, REORDERS,
    RETRIES,
};
use crate::i18n::Lang;
use crate::sim::SimTime;

crate::i18n::numbered! {
    pub fn delay_by(lang, ms: u32 => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("задержать на {}", millis(lang, ms.into())),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("delay by {}", millis(lang, ms.into())),
        }
    }

    pub fn fault_line(lang, batch: u32 => Id, attempt: u32 => Id, what: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("батч {batch}, попытка {attempt}: {what}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("batch {batch}, attempt {attempt}: {what}"),
        }
    }

    pub fn outage_line(lang, at: SimTime => Time, ms: u32 => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("брокер недоступен с {} на {}", seconds(lang, at), millis(lang, ms.into())),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("broker unavailable from {} for {}", seconds(lang, at), millis(lang, ms.into())),
        }
    }

    /// A request chip that died with its broken connection.
    pub fn request_lost(lang, batch: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("✕ #{batch} потерян"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("✕ #{batch} lost"),
        }
    }

    /// An answer that died with its broken connection.
    pub fn answer_lost(lang, batch: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("✕ ответ #{batch}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("✕ answer #{batch}"),
        }
    }

    pub fn request_label(lang, batch: u32 => Id, attempt: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Батч {batch}, попытка {attempt}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Batch {batch}, attempt {attempt}"),
        }
    }

    pub fn earlier_offsets(lang, start: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("offset'ы 0–{}: ранние сообщения", start.saturating_sub(1)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("offsets 0–{}: earlier records", start.saturating_sub(1)),
        }
    }

    pub fn records_window(lang, total: usize => Amount, shown: usize => Count) {
        let (total, n) = (number(lang, wide(total)), wide(shown));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Сообщений в логе: {total}, подробно {} {}.", plural_ru(n, "показано последнее", "показаны последние", "показаны последние"), number(lang, n)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Records in the log: {total}; the last {} {} drawn in full.", number(lang, n), plural_en(n, "is", "are")),
        }
    }

    pub fn lines_window(lang, total: usize => Amount, shown: usize => Count) {
        let (total, n) = (number(lang, wide(total)), wide(shown));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Строк в диаграмме: {total}, подробно {} {}.", plural_ru(n, "показана последняя", "показаны последние", "показаны последние"), number(lang, n)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Messages in the diagram: {total}; the last {} {} drawn in full.", number(lang, n), plural_en(n, "is", "are")),
        }
    }

    pub fn summary_producer(lang, sent: u32 => Count, retries: u32 => Count, reorders: usize => Count, duplicates: usize => Count, lost: u32 => Count) {
        let sent_n = n_of(lang, sent, &RECORDS);
        let rest = [
            n_of(lang, retries, &RETRIES),
            n_of(lang, wide(reorders), &REORDERS),
            n_of(lang, wide(duplicates), &DUPLICATES),
        ]
        .join(", ");
        let lost_n = n_of(lang, lost, &RECORDS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{} {sent_n}, {rest}; {} {lost_n}",
                plural_ru(sent.into(), "отправлено", "отправлены", "отправлено"),
                plural_ru(lost.into(), "потеряно", "потеряны", "потеряно")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{sent_n} sent, {rest}; {lost_n} lost"),
        }
    }
}
