//! The routing scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{
    decimal, millis, n_of, number, plural_ru, wide, BYTES, PARTITIONS, VIOLATIONS, WORDS,
};
use crate::i18n::Lang;

crate::i18n::numbered! {
    pub fn abs_differs(lang, abs: i64 => Id, masked: u32 => Id, partitions: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("abs(murmur2) % {partitions} = {abs}, а Kafka берёт (murmur2 & 0x7fffffff) % {partitions} = {masked}. Клиент с abs() отправил бы этот ключ в другую партицию и сломал бы порядок по ключу."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("abs(murmur2) % {partitions} = {abs}, but Kafka takes (murmur2 & 0x7fffffff) % {partitions} = {masked}. A client using abs() would send this key elsewhere and break per-key order."),
        }
    }

    pub fn decided_region(lang, region: &str => Text, partition: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Решил свой партиционер: регион {region} → партиция {partition}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The custom partitioner decided: region {region} → partition {partition}."),
        }
    }

    /// `KafkaProducer.waitOnMetadata`: `send()` waits for metadata with the
    /// partition, in case the topic has grown, then fails.
    pub fn missing_partition(lang, partition: u32 => Id, partitions: u32 => Count, max_block_ms: u64 => Amount) {
        let last = partitions.saturating_sub(1);
        let message = crate::sim::partitioner::missing_partition_timeout("orders", partition, partitions, max_block_ms);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Партиции {partition} нет: в топике {} (0…{last}). Java-продюсер откажет не сразу: он будет ждать метаданных с этой партицией (вдруг топик вырос) в течение max.block.ms, то есть {}, и только потом отправка сообщения завершится ошибкой TimeoutException.", n_of(lang, partitions, &PARTITIONS), millis(lang, max_block_ms)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("There is no partition {partition}: the topic has {} (0…{last}). The Java producer does not fail at once: send() waits max.block.ms ({}) for metadata with that partition, in case the topic has grown, and only then fails the record with a TimeoutException: \"{message}\"", n_of(lang, partitions, &PARTITIONS), millis(lang, max_block_ms)),
        }
    }

    pub fn skipped_words(lang, n: usize => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("… {} {} …", plural_ru(wide(n), "пропущено ещё", "пропущены ещё", "пропущено ещё"), n_of(lang, wide(n), &WORDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("… {} more skipped …", n_of(lang, wide(n), &WORDS)),
        }
    }

    pub fn more_bytes(lang, n: usize => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("… и ещё {}", n_of(lang, wide(n), &BYTES)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("… and {} more", n_of(lang, wide(n), &BYTES)),
        }
    }

    pub fn byte_count(lang, n: usize => Count) {
        n_of(lang, wide(n), &BYTES)
    }

    pub fn histogram_summary(lang, min: u32 => Amount, max: u32 => Amount, skew: f64 => Ratio) {
        let (min, max, skew) = (number(lang, min.into()), number(lang, max.into()), decimal(lang, skew, 3));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("меньше всего {min}, больше всего {max}; перекос (максимум / среднее) = {skew}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("fewest {min}, most {max}; skew (max / mean) = {skew}"),
        }
    }

    pub fn consumer_speed(lang, client: &str => Text, ms: u64 => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{client} · ~{} на сообщение", millis(lang, ms)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{client} · ~{} a record", millis(lang, ms)),
        }
    }

    pub fn summary_routing(lang, partition: Option<u32> => Id, partitions: u32 => Amount, violations: usize => Count) {
        let v = n_of(lang, wide(violations), &VIOLATIONS);
        let n = number(lang, partitions.into());
        match (lang, partition) {
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, Some(p)) => format!("ключ → партиция {p} из {n}; в потоке {v}"),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, None) => format!("партицию выбирает стратегия без ключа; в потоке {v}"),
            #[cfg(feature = "lang-en")]
            (Lang::En, Some(p)) => format!("key → partition {p} of {n}; {v} in the stream"),
            #[cfg(feature = "lang-en")]
            (Lang::En, None) => format!("the keyless strategy picks the partition; {v} in the stream"),
        }
    }
}
