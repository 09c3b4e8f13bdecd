//! The replication scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{n_of, number, plural_en, plural_ru, wide, ACKED_RECORDS, RECORDS};
use crate::i18n::Lang;

crate::i18n::numbered! {
    /// A replica's log, as a screen reader names its list.
    pub fn replica_log(lang, broker: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("лог брокера {broker}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("broker {broker}'s log"),
        }
    }

    pub fn broker_name(lang, id: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("брокер {id}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("broker {id}"),
        }
    }

    /// Beside the high watermark while the ISR is below `min.insync.replicas`.
    pub fn isr_below_min(lang, isr: &[u32] => CountedIds, min: u32 => Amount) {
        let n = isr.len() as u64;
        let ids: Vec<String> = isr.iter().map(u32::to_string).collect();
        let ids = ids.join(", ");
        let min = number(lang, min.into());
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("В ISR только {} {ids} — меньше, чем min.insync.replicas = {min}.", if n == 1 { "брокер" } else { "брокеры" }),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The ISR holds only {} {ids}, fewer than min.insync.replicas = {min}.", if n == 1 { "broker" } else { "brokers" }),
        }
    }

    /// Over the acknowledged records the partition's log no longer holds.
    pub fn acked_records_lost(lang, n: usize => Count) {
        let n = wide(n);
        let what = n_of(lang, n, &ACKED_RECORDS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "⚠ {} {what}: продюсер получил на {} подтверждение, но в логе партиции {} больше нет. Живые реплики при этом совпадают друг с другом: по одному их сравнению потерю не заметить.",
                plural_ru(n, "Потеряно", "Потеряны", "Потеряно"),
                plural_ru(n, "него", "них", "них"),
                plural_ru(n, "его", "их", "их")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "⚠ {what} lost: the producer was told {} written, but the partition's log no longer holds {}. The live replicas still agree with each other: comparing them alone would not show the loss.",
                plural_en(n, "it was", "they were"),
                plural_en(n, "it", "them")
            ),
        }
    }

    pub fn summary_replication(lang, leader: Option<u32> => Id, epoch: u32 => Id, hw: u64 => Id, isr: &[u32] => Ids, lost: usize => Count) {
        let isr: Vec<String> = isr.iter().map(u32::to_string).collect();
        // An empty ISR is said, not left as a blank after the colon.
        let isr = match (isr.is_empty(), lang) {
            #[cfg(feature = "lang-ru")]
            (true, Lang::Ru) => "пуст".to_owned(),
            #[cfg(feature = "lang-en")]
            (true, Lang::En) => "empty".to_owned(),
            (false, _) => isr.join(", "),
        };
        let n = wide(lost);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => {
                let l = leader.map_or_else(|| "нет".to_owned(), |l| format!("брокер {l}"));
                format!("лидер — {l}, эпоха лидера {epoch}, high watermark {hw}, ISR: {isr}, {} {}", plural_ru(n, "потеряно", "потеряны", "потеряно"), n_of(lang, n, &RECORDS))
            }
            #[cfg(feature = "lang-en")]
            Lang::En => {
                let l = leader.map_or_else(|| "none".to_owned(), |l| format!("broker {l}"));
                format!("leader {l}, epoch {epoch}, high watermark {hw}, ISR: {isr}, {} lost", n_of(lang, n, &RECORDS))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_reads_as_a_sentence_with_no_leader_and_an_empty_isr() {
        for lang in [Lang::Ru, Lang::En] {
            let text = summary_replication(lang, None, 2, 7, &[], 0);
            assert!(!text.contains(": ,") && !text.contains("— ,"), "{text}");
        }
    }
}
