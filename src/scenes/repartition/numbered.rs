//! The repartition scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use super::model::{Refusal, OLD_TOPIC};
use crate::i18n::format::{
    millis, n_of, n_of_gen, number, plural_en, plural_ru, seconds, wide, KEYS, PARTITIONS, RECORDS,
    VIOLATIONS,
};
use crate::i18n::Lang;
use crate::sim::SimTime;

crate::i18n::numbered! {
    /// A consumer as a lane shows it: its id and its mean time per record.
    pub fn consumer_lane(lang, client: &str => Text, ms: u64 => Amount) {
        format!("{client} ~{}", millis(lang, ms))
    }

    pub fn summary_repartition(lang, from: u32 => Amount, to: u32 => Amount, violations: usize => Count) {
        let (f, t) = (number(lang, from.into()), number(lang, to.into()));
        let v = n_of(lang, wide(violations), &VIOLATIONS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("партиций было {f}, стало {t}; {v}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("partitions: {f}, then {t}; {v}"),
        }
    }

    /// The typed keys under the change: what Kafka's remainder moves, the
    /// least share any hash must move on average, and what jump consistent
    /// hash moves of these few keys, which may be more than the remainder.
    pub fn moved_share(lang, moved: usize => Count, total: usize => Count, jump: usize => Count, least_pct: usize => Amount) {
        let pct = |n: usize| (n * 100).checked_div(total).unwrap_or(0);
        let (m, least) = (number(lang, wide(moved)), number(lang, wide(least_pct)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{} {m} из {} ({}%). Меньше {least}% ключей в среднем не сдвинет никакой хеш: столько ключей обязано сменить партицию. У jump consistent hash (хеша, который при росте числа партиций в среднем переносит только эту неизбежную долю) здесь {} {} ({}%); чем больше ключей, тем ближе он к этому минимуму.",
                plural_ru(wide(moved), "Переезжает", "Переезжают", "Переезжают"),
                n_of_gen(lang, wide(total), &KEYS),
                pct(moved),
                plural_ru(wide(jump), "переезжает", "переезжают", "переезжают"),
                n_of(lang, wide(jump), &KEYS),
                pct(jump),
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{m} of {} {} ({}%). On average no hash moves fewer than {least}% of the keys: that many must change partition. Jump consistent hash moves {} here ({}%); over many keys it comes close to that least share.",
                n_of(lang, wide(total), &KEYS),
                plural_en(wide(moved), "moves", "move"),
                pct(moved),
                n_of(lang, wide(jump), &KEYS),
                pct(jump),
            ),
        }
    }

    pub fn moved_share_many(lang, keys: usize => Count, moved: usize => Share, jump: usize => Share, least_pct: usize => Amount) {
        let pct = |n: usize| n * 100 / keys.max(1);
        let least = number(lang, wide(least_pct));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Для {}: Kafka — {}%, jump hash — {}%, меньше нельзя — {least}%.", n_of_gen(lang, wide(keys), &KEYS), pct(moved), pct(jump)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Over {}: Kafka {}%, jump hash {}%, the least possible {least}%.", n_of(lang, wide(keys), &KEYS), pct(moved), pct(jump)),
        }
    }

    /// `ReplicationControlManager.createPartitions` on a smaller count.
    pub fn refused_not_an_increase(lang, partitions: u32 => Count, asked: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Kafka отказывает: INVALID_PARTITIONS. У топика уже {}, а {asked} — не увеличение: число партиций можно только увеличить. Всё остаётся как было: в топике {}, и каждый ключ в своей партиции. Чтобы партиций стало меньше, нужен новый топик (способ «новый топик, старый дочитать до конца»).",
                n_of(lang, partitions, &PARTITIONS),
                n_of(lang, partitions, &PARTITIONS),
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "Kafka refuses: INVALID_PARTITIONS, \"{}\" A partition count can only grow. The topic keeps its {}, and every key stays in its partition. To have fewer partitions, make a new topic (the new-topic way).",
                Refusal::NotAnIncrease { partitions, asked }.kafka_message(OLD_TOPIC),
                n_of(lang, partitions, &PARTITIONS),
            ),
        }
    }

    /// `ReplicationControlManager.createPartitions` on the same count.
    pub fn refused_already_has(lang, partitions: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Kafka отказывает: INVALID_PARTITIONS. У топика уже {}. Ничего не меняется, и ни один ключ не переезжает.", n_of(lang, partitions, &PARTITIONS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Kafka refuses: INVALID_PARTITIONS, \"{}\" The topic keeps its {}: nothing changes, and no key moves.", Refusal::AlreadyHas { partitions }.kafka_message(OLD_TOPIC), n_of(lang, partitions, &PARTITIONS)),
        }
    }

    pub fn window_producer(lang, at: SimTime => Time, from: u32 => Amount, to: u32 => Amount) {
        let (from, to) = (number(lang, from.into()), number(lang, to.into()));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{}: продюсер обновил метаданные (он делает это раз в metadata.max.age.ms: здесь 0,5\u{a0}с, в Kafka 5\u{a0}мин) и с этого момента считает партицию как хеш ключа % {to}, а до этого считал % {from}.", seconds(lang, at)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{}: the producer refreshes its metadata (every metadata.max.age.ms: 0.5 s here, 5 min in Kafka) and from then on computes the partition as hash % {to}; before, as hash % {from}.", seconds(lang, at)),
        }
    }

    pub fn window_group(lang, at: SimTime => Time, reset: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{}: лидер группы тоже обновил метаданные; после ребалансировки группа читает новые партиции с auto.offset.reset={reset}, потому что закоммиченных offset'ов там ещё нет.", seconds(lang, at)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{}: the group's leader has refreshed too; after a rebalance the group reads the new partitions from auto.offset.reset={reset}, since nothing is committed there.", seconds(lang, at)),
        }
    }

    pub fn table_size(lang, now: usize => Amount, max: u32 => Amount) {
        let (now, max) = (number(lang, wide(now)), number(lang, max.into()));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Сейчас в таблице {now}, максимум был {max}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{now} in the table now; at most {max}."),
        }
    }

    pub fn pause_cost(lang, ms: u64 => Amount, buffered: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Продюсеры стояли {}; в буфере копилось до {}.", millis(lang, ms), n_of_gen(lang, buffered, &RECORDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Producers waited {}; up to {} {} buffered.", millis(lang, ms), n_of(lang, buffered, &RECORDS), plural_en(buffered.into(), "was", "were")),
        }
    }

    pub fn new_topic_at(lang, t: SimTime => Time, partitions: u32 => Amount) {
        let n = number(lang, partitions.into());
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("В {} создаётся новый топик с числом партиций {n}, и продюсеры приостанавливают отправку.", seconds(lang, t)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("At {} a new topic is created with a partition count of {n}, and the producers pause.", seconds(lang, t)),
        }
    }

    pub fn change_at(lang, t: SimTime => Time) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Число партиций меняется в {}: у брокера новые партиции появляются сразу, клиенты видят их позже.", seconds(lang, t)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The partition count changes at {}: the broker has the new partitions at once, the clients see them later.", seconds(lang, t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jump_hash_is_never_called_the_minimum_of_a_few_keys() {
        // 13 of 24 keys under jump hash against 11 under the remainder: on
        // so few keys it can move more, so the text must not call it ideal.
        for lang in [Lang::Ru, Lang::En] {
            let text = moved_share(lang, 11, 24, 13, 50).to_lowercase();
            for word in [
                "ideal",
                "идеальн",
                "minimal remap",
                "минимальное перераспределение",
            ] {
                assert!(!text.contains(word), "{text}");
            }
            assert!(text.contains("50%"), "{text}");
        }
    }
}
