//! The Go client lens's messages with numbers or names in them: its
//! warnings, the comments in the code it writes, and the switching view.
//! Library, option and key names come in as arguments: code stays as the
//! library spells it, in either language.

use super::{millis, n_of, n_of_gen, number, plural_en, plural_ru, KEYS, PARTITIONS};
use crate::i18n::Lang;

numbered! {
    /// `ReplicationControlManager.createPartitions` refuses fewer partitions.
    pub fn lens_cannot_shrink(lang, from: u32 => Id, to: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Число партиций можно только увеличить: на смену {from} → {to} брокер ответит INVALID_PARTITIONS. Поэтому программа, как и сцена, число партиций не меняет."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("A partition count can only grow: the broker answers {from} → {to} with INVALID_PARTITIONS. So the program leaves it as it is, as the scene does."),
        }
    }

    pub fn lens_no_strategy(lang, lib: &str => Text, strategy: &str => Text, has: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("В {lib} нет стратегии {strategy}: есть только {has}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{lib} has no {strategy} strategy, only {has}."),
        }
    }

    pub fn lens_new_topic_note(lang, topic: &str => Text, to: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("новый топик {topic} из {}; продюсеры переходят на него, когда старый топик дочитан", n_of_gen(lang, to, &PARTITIONS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("a new topic {topic} of {}; producers switch once the old one is drained", n_of(lang, to, &PARTITIONS)),
        }
    }

    pub fn lens_grow_note(lang, topic: &str => Text, from: u32 => Id, to: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{topic}: партиций было {from}, станет {to}; ключи с h % {from} ≠ h % {to} переезжают"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{topic}: from {from} to {to} partitions; keys with h % {from} ≠ h % {to} move"),
        }
    }

    /// Both forms agree with a single worker.
    pub fn lens_signed_one_worker(lang, form: &str => Text, clean: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("С одним воркером {form} и {clean} оба дают 0."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("With one worker {form} and {clean} both give 0."),
        }
    }

    /// The chapter's signed worker index against the unsigned one, for a
    /// key where they differ on a 32-bit int (FNV-1a's hash fits a 64-bit one).
    pub fn lens_signed_note_32(lang, form: &str => Text, clean: &str => Text, key: &str => Text, hash: u64 => Amount, signed: u64 => Id, unsigned: u64 => Id) {
        // A hash is a value the reader compares, grouped as an amount.
        let hash = number(lang, hash);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Код главы приводит хеш к int, берёт {form} и меняет знак у отрицательного. На 32-битной платформе (GOARCH=386, arm), где int — 32 бита, хеш {hash} ключа {key} становится отрицательным, и номер воркера получается {signed}, а не {unsigned}: в другой сборке ключ попадёт к другому воркеру. {clean} остаётся беззнаковым: индекс всегда в [0, n), без ветки и без смены знака."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The chapter's code converts the hash to int, takes {form} and negates a negative result. On a 32-bit platform (GOARCH=386, arm), where int is 32 bits, key {key}'s hash {hash} turns negative, and the worker comes out {signed} instead of {unsigned}: another build sends the key to another worker. {clean} stays unsigned: the index is always in [0, n), with no branch and no negation."),
        }
    }

    /// The same for xxHash64, whose hash does not fit any int.
    pub fn lens_signed_note_64(lang, form: &str => Text, clean: &str => Text, key: &str => Text, hash: u64 => Amount, signed: u64 => Id, unsigned: u64 => Id) {
        // A hash is a value the reader compares, grouped as an amount.
        let hash = number(lang, hash);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Код главы приводит хеш к int, берёт {form} и меняет знак у отрицательного. На любой платформе uint64 не помещается в int: хеш {hash} ключа {key} становится отрицательным, и номер воркера получается {signed}, а не {unsigned}: в другой сборке ключ попадёт к другому воркеру. {clean} остаётся беззнаковым: индекс всегда в [0, n), без ветки и без смены знака."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The chapter's code converts the hash to int, takes {form} and negates a negative result. On every platform a uint64 does not fit an int: key {key}'s hash {hash} turns negative, and the worker comes out {signed} instead of {unsigned}: another build sends the key to another worker. {clean} stays unsigned: the index is always in [0, n), with no branch and no negation."),
        }
    }

    /// The pipeline's producer may reorder on a retry.
    pub fn lens_retry_reorders(lang, in_flight: u32 => Amount) {
        let n = number(lang, u64::from(in_flight));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Без идемпотентности и с max.in.flight.requests.per.connection = {n} повтор батча может лечь в лог после следующего батча — именно так в сцене ломается порядок."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Without idempotence and with max.in.flight.requests.per.connection = {n}, a retried batch can land after the next one: this is how the scene's order breaks."),
        }
    }

    pub fn lens_checkout_ignores_key(lang, lib: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Сервис оформления заказов в сцене пишет через {lib}: его балансировщик по умолчанию, RoundRobin, не смотрит на ключ, и события заказа расходятся по партициям. kafka.Murmur2Balancer{{}} держит их вместе."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The scene's checkout service writes with {lib}: its default RoundRobin balancer does not read the key, so an order's events spread over partitions. kafka.Murmur2Balancer{{}} keeps them together."),
        }
    }

    pub fn lens_no_option_like(lang, lib: &str => Text, like: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("У {lib} нет опции, которая раскладывает ключи как партиционер {like} по умолчанию; здесь оставлен партиционер библиотеки."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{lib} has no option that places keys as {like}'s default partitioner does; this keeps the library's own."),
        }
    }

    /// The warehouse service hashes unlike the checkout service.
    pub fn lens_warehouse_hash(lang, lib: &str => Text, fix: Option<&str> => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Сервис склада (Shipped, Delivered) пишет через {lib}, чей партиционер кладёт тот же ключ в другую партицию: поздние события заказа обгоняют ранние.{}",
                fix.map(|o| format!(" В его коде нужен {o}.")).unwrap_or_default()
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "The warehouse service (Shipped, Delivered) writes with {lib}, whose partitioner puts the same key on another partition: an order's later events overtake its earlier ones.{}",
                fix.map(|o| format!(" Its code needs {o}.")).unwrap_or_default()
            ),
        }
    }

    pub fn lens_topic_grows(lang, from: u32 => Id, to: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Посреди потока топик растёт с {from} до {}: ключи, у которых h % {from} ≠ h % {to}, переезжают, пока их ранние события ещё ждут в старой партиции.", n_of_gen(lang, to, &PARTITIONS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Part way through, the topic grows from {from} to {}: keys with h % {from} ≠ h % {to} move while their earlier events still wait in the old partition.", n_of(lang, to, &PARTITIONS)),
        }
    }

    pub fn lens_default_hashes_unlike(lang, lib: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Партиционер {lib} по умолчанию хеширует иначе, чем сервисы сцены: без отмеченной строки ключ попадёт в другую партицию, и вместе с сервисами сцены события одного заказа окажутся в двух партициях."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{lib}'s default partitioner hashes unlike the scene's services: without the marked line a key lands on another partition, and beside a service of the scene one order's events end up on two partitions."),
        }
    }

    /// A library's acks default against the scene's.
    pub fn lens_default_acks(lang, lib: &str => Text, default: &str => Text, name: &str => Text, acks: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("По умолчанию {lib} ждёт acks={default} ({name}), а сцена — acks={acks}: подтверждённое сообщение может пропасть при смене лидера."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("By default {lib} waits for acks={default} ({name}), the scene for acks={acks}: an acknowledged record can be lost when the leader changes."),
        }
    }

    pub fn lens_franz_in_flight(lang, in_flight: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Идемпотентный franz-go всегда держит 5 запросов в полёте: MaxProduceRequestsInflightPerBroker({in_flight}) он отвергнет (pkg/kgo/config.go, validate)."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("An idempotent franz-go always keeps 5 requests in flight: it refuses MaxProduceRequestsInflightPerBroker({in_flight}) (pkg/kgo/config.go, validate)."),
        }
    }

    pub fn lens_franz_batch_min(lang, batch_size: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("franz-go не примет ProducerBatchMaxBytes меньше 512 (pkg/kgo/config.go, validate): задать в нём batch.size = {batch_size} нельзя."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("franz-go refuses ProducerBatchMaxBytes below 512 (pkg/kgo/config.go, validate): it cannot express batch.size {batch_size}."),
        }
    }

    /// sarama ends retries by count alone, and sizes a slice by that count.
    pub fn lens_sarama_retry_count(lang, retries: u32 => Id, written: u32 => Id, delivery_ms: u32 => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Retry.Max = {retries} задать нельзя: sarama сразу заводит для каждой партиции срез из Retry.Max + 1 уровней повтора (async_producer.go, newPartitionProducer), это гигабайты, и программа падает, не получив памяти. Здесь Retry.Max = {written}: столько повторов, каждый с таймаутом запроса и наибольшей паузой, примерно укладываются в delivery.timeout.ms, {}.", millis(lang, delivery_ms.into())),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Retry.Max = {retries} cannot be written: sarama makes a slice of Retry.Max + 1 retry levels for each partition at once (async_producer.go, newPartitionProducer), gigabytes, and the program dies out of memory. Here Retry.Max = {written}: that many retries of a request timeout and the longest backoff each fit in about delivery.timeout.ms, {}.", millis(lang, delivery_ms.into())),
        }
    }

    pub fn lens_sarama_in_flight(lang, in_flight: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Идемпотентный sarama работает только с одним запросом в полёте, значение {in_flight} задать нельзя (config.go, Config.Validate)."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("An idempotent sarama runs only one request in flight: {in_flight} cannot be expressed (config.go, Config.Validate)."),
        }
    }

    /// Where a key goes, as a warning phrases it.
    pub fn lens_to_partition(lang, partition: u32 => Id, partitions: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("в партицию {partition} из {partitions}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("to partition {partition} of {partitions}"),
        }
    }

    /// A library's default sends a key elsewhere than Java: `theirs`,
    /// `java` and `what` are the lens's own phrases.
    pub fn lens_default_sends(lang, lib: &str => Text, key: &str => Text, theirs: &str => Text, java: &str => Text, what: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("По умолчанию {lib} отправит {key} {theirs}, а Java — {java}: {what}. Отмеченная строка это исправляет."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("By default {lib} sends {key} {theirs}, Java {java}: {what}. The marked line fixes it."),
        }
    }

    /// The comment above the routing scene's record.
    pub fn lens_key_to_partition(lang, key: &str => Text, target: &str => Text, partitions: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{key} → партиция {target} из {partitions}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{key} → partition {target} of {partitions}"),
        }
    }

    pub fn lens_null_key_note(lang, partitions: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("ключ null: партицию выбирает стратегия без ключа ({})", n_of(lang, partitions, &PARTITIONS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("null key: the keyless strategy picks the partition ({})", n_of(lang, partitions, &PARTITIONS)),
        }
    }

    pub fn lens_two_phase_note(lang, from: u32 => Id, to: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("двухфазная миграция {from} → {to}: эти заказы сцены переезжают (h % {from} ≠ h % {to}, где h — murmur2 от ключа); каждый остаётся в старой партиции, пока группа её не дочитает"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("two-phase migration {from} → {to}: these of the scene's orders move (murmur2 % {from} ≠ murmur2 % {to}); each stays on its old partition until the group has drained it"),
        }
    }

    /// The switching view: how many of the keys move.
    pub fn lens_switch_summary(lang, from: &str => Text, to: &str => Text, keys: u32 => Count, partitions: u32 => Count, moved: u32 => Count) {
        let (k, p, m) = (u64::from(keys), u64::from(partitions), u64::from(moved));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{from} → {to}: из {} на {} {} {} {} в другую партицию.",
                n_of_gen(lang, keys, &KEYS),
                number(lang, p),
                plural_ru(p, "партиции", "партициях", "партициях"),
                number(lang, m),
                plural_ru(m, "переедет", "переедут", "переедут"),
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{from} → {to}: of {} on {}, {} {} to another partition.",
                n_of(lang, k, &KEYS),
                n_of(lang, p, &PARTITIONS),
                number(lang, m),
                plural_en(m, "moves", "move"),
            ),
        }
    }

    pub fn lens_switch_option(lang, lib: &str => Text, option: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Чтобы ключи остались на месте, в {lib} укажите: {option}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("To keep the keys where they were, in {lib} use: {option}"),
        }
    }

    pub fn lens_switch_no_option(lang, lib: &str => Text, from: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("В {lib} нет опции, повторяющей {from}: нужен свой партиционер."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{lib} has no option that matches {from}: it needs a custom partitioner."),
        }
    }
}
