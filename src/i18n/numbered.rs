//! The catalogue's messages with numbers in them.
//!
//! Each is declared through [`numbered!`], which says for every argument
//! what kind of number it is. The macro also lists every message for the
//! catalogue test, which renders each one with many numbers in both
//! languages and checks the agreement: a message added here that glues a
//! count to a fixed word fails it.

use super::format::{
    count, count_gen, decimal, millis, number, plural_en, plural_ru, seconds, Noun, ACKED_RECORDS,
    BYTES, DUPLICATES, EMPTY_PARTITIONS, EVENTS, GENERATIONS, HITS, KEYS, MEMBERS, MISSES,
    PARTITIONS, RECORDS, REORDERS, RETRIES, RUNS, SEEDS, SEGMENTS, SETTINGS, VIOLATIONS, WORDS,
};
use crate::i18n::Lang;
use crate::sim::SimTime;

/// What an argument of a numbered message is, which says what the
/// catalogue test expects of the text around it.
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arg {
    /// A quantity a noun or verb agrees with: the text differs between 1
    /// and 5, and the number is grouped ("146 484").
    Count,
    /// A quantity with no word agreeing with it (a unit, a label before
    /// it): grouped, and the text is otherwise the same for every value.
    Amount,
    /// An amount shown only as a percentage of another.
    Share,
    /// An identifier (offset, partition, batch): written as plain digits.
    Id,
    /// A list of identifiers, the same text whatever its length.
    Ids,
    /// A list of identifiers whose length a word agrees with: one, or more
    /// than one (21 partitions are "партиции", not "партиция").
    CountedIds,
    /// Simulated time, written with the language's decimal mark.
    Time,
    /// A fraction, written with the language's decimal mark.
    Ratio,
    /// Not a number: the test leaves it alone.
    Text,
}

/// One numbered message as the catalogue test sees it.
#[cfg(test)]
pub(crate) struct Numbered {
    pub name: &'static str,
    pub args: &'static [(&'static str, Arg)],
    /// Renders the message with each argument built from its value.
    pub render: fn(Lang, &[u64]) -> String,
}

/// Builds an argument of a numbered message from a test value.
#[cfg(test)]
pub(crate) trait Probe {
    fn probe(n: u64) -> Self;
}

#[cfg(test)]
mod probe {
    use super::Probe;
    use crate::sim::SimTime;

    macro_rules! probe_int {
        ($($t:ty),*) => { $(impl Probe for $t { fn probe(n: u64) -> Self { n as $t } })* };
    }
    probe_int!(u32, u64, usize, i64);

    impl Probe for f64 {
        fn probe(n: u64) -> Self {
            n as f64 / 8.0
        }
    }
    impl Probe for SimTime {
        fn probe(n: u64) -> Self {
            SimTime(n)
        }
    }
    impl<T: Probe> Probe for Option<T> {
        fn probe(n: u64) -> Self {
            Some(T::probe(n))
        }
    }
    /// Text arguments are names and keys: punctuation only, so they add no
    /// words of either language to what is checked.
    impl Probe for &str {
        fn probe(_: u64) -> Self {
            "…"
        }
    }
    static IDS: [u32; 128] = {
        let mut ids = [0; 128];
        let mut i = 0;
        while i < ids.len() {
            ids[i] = i as u32;
            i += 1;
        }
        ids
    };
    /// A list of `n` identifiers (at most 128).
    impl Probe for &[u32] {
        fn probe(n: u64) -> Self {
            &IDS[..(n as usize).min(IDS.len())]
        }
    }
}

macro_rules! numbered {
    ($(
        $(#[$doc:meta])*
        pub fn $name:ident($lang:ident $(, $arg:ident: $ty:ty => $kind:ident)* $(,)?) $body:block
    )*) => {
        $(
            $(#[$doc])*
            pub fn $name($lang: Lang $(, $arg: $ty)*) -> String $body
        )*

        /// Every numbered message, for the catalogue test.
        #[cfg(test)]
        pub(crate) const NUMBERED: &[Numbered] = &[$(
            Numbered {
                name: stringify!($name),
                args: &[$((stringify!($arg), Arg::$kind)),*],
                render: |lang, values| {
                    let mut values = values.iter().copied();
                    $name(lang $(, <$ty as Probe>::probe(values.next().unwrap_or(0)))*)
                },
            },
        )*];
    };
}

/// A count of `noun` as a whole number of any width.
fn n_of(lang: Lang, n: impl Into<u64>, noun: &Noun) -> String {
    count(lang, n.into(), noun)
}

/// Like [`n_of`], for after "до", "из", "от" and "после".
fn n_of_gen(lang: Lang, n: impl Into<u64>, noun: &Noun) -> String {
    count_gen(lang, n.into(), noun)
}

fn wide(n: usize) -> u64 {
    n as u64
}

numbered! {
    /// A lesson step by its `S.P` id, and where it is in the lesson.
    pub fn step_of(lang, id: &str => Text, position: u32 => Id, total: usize => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Шаг {id} · {position} из {}", number(lang, wide(total))),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Step {id} · {position} of {}", number(lang, wide(total))),
        }
    }

    pub fn time_of(lang, now: SimTime => Time, end: SimTime => Time) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} из {}", seconds(lang, now), seconds(lang, end)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} of {}", seconds(lang, now), seconds(lang, end)),
        }
    }

    /// Said beside a run that stopped before its end because the link's
    /// settings made more events, or a bigger world, than the lab keeps.
    pub fn run_cut_short(lang, end: SimTime => Time, events: u64 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Эти настройки порождают слишком много работы: прогон остановлен на {} после {}, чтобы страница не зависла. Ослабьте нагрузку (например, увеличьте request.timeout.ms), чтобы увидеть всё.",
                seconds(lang, end),
                n_of_gen(lang, events, &EVENTS)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "These settings make too much work: the run stops at {} after {}, so the page stays responsive. Ease the load (a longer request.timeout.ms, say) to see all of it.",
                seconds(lang, end),
                n_of(lang, events, &EVENTS)
            ),
        }
    }

    /// Speed as shown beside its slider, e.g. `0,1×`, `2.5×`.
    pub fn speed(lang, factor: f64 => Ratio) {
        let decimals = if factor < 1.0 { 2 } else { 1 };
        format!("{}×", decimal(lang, factor, decimals))
    }

    /// What one wall second shows of Kafka's time, beside the speed;
    /// `kafka` is a [`super::format::duration`].
    pub fn pace(lang, kafka: &str => Text) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("1\u{a0}с здесь = {kafka} в Kafka"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("1\u{a0}s here = {kafka} in Kafka"),
        }
    }

    pub fn key_too_long(lang, bytes: usize => Count, used: usize => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "key: ключ из {} слишком длинный, {} {}.",
                n_of_gen(lang, wide(bytes), &BYTES),
                plural_ru(wide(used), "взят первый", "взяты первые", "взяты первые"),
                n_of(lang, wide(used), &BYTES)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "key: a key of {} is too long; the first {} {} used.",
                n_of(lang, wide(bytes), &BYTES),
                n_of(lang, wide(used), &BYTES),
                plural_en(wide(used), "is", "are")
            ),
        }
    }

    /// The first sentence of a caption when an append rolled a segment.
    pub fn segment_rolled(lang, used: u32 => Amount, limit: u32 => Count, offset: u64 => Id) {
        let name = format!("{offset:020}.log");
        let used = number(lang, used.into());
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Запись не поместилась в активный сегмент (занято {used} из {}), поэтому брокер начал новый файл {name}, названный по её offset'у. ", n_of_gen(lang, limit, &BYTES)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The record did not fit in the active segment ({used} of {} used), so the broker rolled a new file, {name}, named after its offset. ", n_of(lang, limit, &BYTES)),
        }
    }

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
            Lang::Ru => format!("Партиции {partition} нет: в топике {} (0…{last}). Java-продюсер не откажет сразу: отправка будет ждать метаданных с этой партицией (вдруг топик вырос) max.block.ms, то есть {}, и только потом запись завершится ошибкой TimeoutException.", n_of(lang, partitions, &PARTITIONS), millis(lang, max_block_ms)),
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
            Lang::Ru => format!("{client} · ~{} на запись", millis(lang, ms)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{client} · ~{} a record", millis(lang, ms)),
        }
    }

    /// A consumer as a lane shows it: its id and its mean time per record.
    pub fn consumer_lane(lang, client: &str => Text, ms: u64 => Amount) {
        format!("{client} ~{}", millis(lang, ms))
    }

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

    pub fn records_per_second(lang, n: u64 => Count) {
        let per_second = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "с",
            #[cfg(feature = "lang-en")]
            Lang::En => "s",
        };
        format!("{}/{}", n_of(lang, n, &RECORDS), per_second)
    }

    /// Throughput of a disk, in decimal megabytes a second.
    pub fn megabytes_per_second(lang, bytes_per_s: f64 => Ratio) {
        let mb = decimal(lang, bytes_per_s / 1e6, 0);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("≈ {mb} МБ/с"),
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

    /// A replica's log, as a screen reader names its list.
    pub fn replica_log(lang, broker: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("лог брокера {broker}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("broker {broker}'s log"),
        }
    }

    /// A number typed into a form outside its range, and what is used.
    pub fn clamped_to(lang, typed: u64 => Id, min: u32 => Id, max: u32 => Id, used: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{typed} — вне границ {min}–{max}, взято {used}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{typed} is outside {min}–{max}; using {used}."),
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

    /// A page of a segment file in the page-cache strip.
    pub fn page_name(lang, page: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("страница {page}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("page {page}"),
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

    /// What the routing and repartition lanes say for partitions not drawn.
    pub fn more_empty_partitions(lang, n: usize => Count) {
        format!("+ {}", n_of(lang, wide(n), &EMPTY_PARTITIONS))
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
            Lang::Ru => format!("offset'ы 0–{}: записи раньше", start.saturating_sub(1)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("offsets 0–{}: earlier records", start.saturating_sub(1)),
        }
    }

    pub fn crash_summary(lang, lost: usize => Count, repeated: usize => Count, naive: u64 => Id, low: u64 => Id) {
        let (l, r) = (wide(lost), wide(repeated));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Наивный коммит (offset {naive}) потеряет {} {}: после рестарта чтение начнётся после них. Коммит по нижней границе (offset {low}) ничего не потеряет, но {} {} {} ещё раз — обработчик должен быть идемпотентным.",
                number(lang, l),
                plural_ru(l, "необработанную запись", "необработанные записи", "необработанных записей"),
                number(lang, r),
                plural_ru(r, "уже обработанная запись", "уже обработанные записи", "уже обработанных записей"),
                plural_ru(r, "будет обработана", "будут обработаны", "будут обработаны"),
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

    pub fn worker_name(lang, i: usize => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("воркер {i}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("worker {i}"),
        }
    }

    pub fn generation_line(lang, number: u32 => Id, at: SimTime => Time, moved: &[u32] => CountedIds, revoked: &[u32] => CountedIds) {
        let list = |ids: &[u32]| ids.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        // A list of ids agrees with how many it names, not with its last
        // digit: "партиции 0, 1, …, 20" is plural though there are 21.
        let (one, one_revoked) = (moved.len() == 1, revoked.len() == 1);
        let (n, r) = (wide(moved.len()), wide(revoked.len()));
        let moved = match (lang, moved.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {}", if one { "переехала партиция" } else { "переехали партиции" }, list(moved)),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} moved", plural_en(n, "partition", "partitions"), list(moved)),
        };
        let revoked = match (lang, revoked.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {} — {} получит следующее поколение", if one_revoked { "отозвана партиция" } else { "отозваны партиции" }, list(revoked), if one_revoked { "её" } else { "их" }),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} revoked, to be given out in the next generation", plural_en(r, "partition", "partitions"), list(revoked)),
        };
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Поколение {number} с {}{moved}{revoked}", seconds(lang, at)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Generation {number} from {}{moved}{revoked}", seconds(lang, at)),
        }
    }

    pub fn twice(lang, order: u32 => Id, event: &str => Text, partition: u32 => Id, offset: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("⚠ order-{order} {event} (партиция {partition}, offset {offset}) обработан дважды"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("⚠ order-{order} {event} (partition {partition}, offset {offset}) handled twice"),
        }
    }

    pub fn processing(lang, offset: u64 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("обрабатывает offset {offset}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("processing offset {offset}"),
        }
    }

    pub fn segment_fill(lang, used: u32 => Amount, limit: u32 => Count) {
        format!("{} / {}", number(lang, used.into()), n_of(lang, limit, &BYTES))
    }

    pub fn records_window(lang, total: usize => Amount, shown: usize => Count) {
        let (total, n) = (number(lang, wide(total)), wide(shown));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Записей в логе: {total}, подробно {} {}.", plural_ru(n, "показана последняя", "показаны последние", "показаны последние"), number(lang, n)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Records in the log: {total}; the last {} {} drawn in full.", number(lang, n), plural_en(n, "is", "are")),
        }
    }

    pub fn lines_window(lang, total: usize => Amount, shown: usize => Count) {
        let (total, n) = (number(lang, wide(total)), wide(shown));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Сообщений в диаграмме: {total}, подробно {} {}.", plural_ru(n, "показано последнее", "показаны последние", "показаны последние"), number(lang, n)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Messages in the diagram: {total}; the last {} {} drawn in full.", number(lang, n), plural_en(n, "is", "are")),
        }
    }

    pub fn earlier_hidden(lang, n: usize => Amount) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("…и ещё раньше: {}", number(lang, wide(n))),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("…and {} earlier", number(lang, wide(n))),
        }
    }

    pub fn members_hidden(lang, active: usize => Amount, gone: usize => Amount) {
        let (active, gone) = (number(lang, wide(active)), number(lang, wide(gone)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Не показаны: активных — {active}, ушедших — {gone}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Not shown: {active} active, {gone} gone."),
        }
    }

    pub fn summary_log(lang, leo: u64 => Id, position: u64 => Id, committed: Option<u64> => Id, segments: usize => Count) {
        let c = committed.map_or_else(|| "—".to_owned(), |c| c.to_string());
        let segments = n_of(lang, wide(segments), &SEGMENTS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("log end offset {leo}, позиция консьюмера {position}, закоммичено {c}, {segments}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("log end offset {leo}, consumer position {position}, committed {c}, {segments}"),
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
                format!("лидер — {l}, эпоха {epoch}, high watermark {hw}, ISR: {isr}, {} {}", plural_ru(n, "потеряна", "потеряны", "потеряно"), n_of(lang, n, &RECORDS))
            }
            #[cfg(feature = "lang-en")]
            Lang::En => {
                let l = leader.map_or_else(|| "none".to_owned(), |l| format!("broker {l}"));
                format!("leader {l}, epoch {epoch}, high watermark {hw}, ISR: {isr}, {} lost", n_of(lang, n, &RECORDS))
            }
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
                plural_ru(n, "Потеряна", "Потеряны", "Потеряно"),
                plural_ru(n, "неё", "них", "них"),
                plural_ru(n, "её", "их", "их")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "⚠ {what} lost: the producer was told {} written, but the partition's log no longer holds {}. The live replicas still agree with each other: comparing them alone would not show the loss.",
                plural_en(n, "it was", "they were"),
                plural_en(n, "it", "them")
            ),
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
                plural_ru(sent.into(), "отправлена", "отправлены", "отправлено"),
                plural_ru(lost.into(), "потеряна", "потеряны", "потеряно")
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{sent_n} sent, {rest}; {lost_n} lost"),
        }
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

    pub fn summary_group(lang, members: usize => Count, generations: usize => Count, duplicates: usize => Count) {
        let d = wide(duplicates);
        let repeats = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {}", number(lang, d), plural_ru(d, "повторная обработка", "повторные обработки", "повторных обработок")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} {}", number(lang, d), plural_en(d, "repeated side effect", "repeated side effects")),
        };
        format!("{}, {}, {repeats}", n_of(lang, wide(members), &MEMBERS), n_of(lang, wide(generations), &GENERATIONS))
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

    pub fn summary_pipeline(lang, applied: u32 => Amount, total: u32 => Count, findings: usize => Count) {
        let a = number(lang, applied.into());
        let f = wide(findings);
        let found = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {}", number(lang, f), plural_ru(f, "нарушение", "нарушения", "нарушений")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} {}", number(lang, f), plural_en(f, "finding", "findings")),
        };
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("в базе {a} из {}, {found}", n_of_gen(lang, total, &EVENTS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{a} of {} applied, {found}", n_of(lang, total, &EVENTS)),
        }
    }

    pub fn pipeline_sweep(lang, broken: u64 => Amount, seeds: u64 => Count) {
        let b = number(lang, broken);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Порядок сломан в {b} из {}", n_of_gen(lang, seeds, &RUNS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Broken in {b} of {}", n_of(lang, seeds, &RUNS)),
        }
    }

    pub fn pipeline_sweep_progress(lang, done: u64 => Amount, seeds: u64 => Count, broken: u64 => Amount) {
        let (d, b) = (number(lang, done), number(lang, broken));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Проверено {d} из {}, сломано {b}…", n_of_gen(lang, seeds, &RUNS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{d} of {} checked, {b} broken…", n_of(lang, seeds, &RUNS)),
        }
    }

    pub fn pipeline_price(lang, before: u64 => Amount, after: u64 => Amount, latency_before: u64 => Amount, latency_after: u64 => Amount) {
        let n = |v| number(lang, v);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Цена: {} → {} записей в секунду до базы, средняя задержка {} → {}", n(before), n(after), millis(lang, latency_before), millis(lang, latency_after)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Price: {} → {} records a second to the database, mean latency {} → {}", n(before), n(after), millis(lang, latency_before), millis(lang, latency_after)),
        }
    }

    pub fn pipeline_partitions(lang, n: u32 => Count) {
        n_of(lang, n, &PARTITIONS)
    }

    pub fn pipeline_side(lang, side: &str => Text, findings: usize => Count) {
        let f = wide(findings);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{side} · {} {}", number(lang, f), plural_ru(f, "нарушение", "нарушения", "нарушений")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{side} · {} {}", number(lang, f), plural_en(f, "finding", "findings")),
        }
    }

    pub fn pipeline_topic_grew(lang, to: u32 => Count) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Теперь в топике {}, но продюсеры ещё делят хеш ключа на старое число.", n_of(lang, to, &PARTITIONS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("The topic has {} now, but the producers still take hash(key) modulo the old count.", n_of(lang, to, &PARTITIONS)),
        }
    }

    pub fn pipeline_moved(lang, moved: usize => Count) {
        let m = wide(moved);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {}", plural_ru(m, "Переместилась", "Переместились", "Переместилось"), n_of(lang, m, &RECORDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} moved", n_of(lang, m, &RECORDS)),
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

    pub fn summary_rabbitmq(lang, rabbit: usize => Amount, kafka: usize => Amount) {
        let (r, k) = (number(lang, wide(rabbit)), number(lang, wide(kafka)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("нарушений порядка: RabbitMQ — {r}, Kafka — {k}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("order violations: RabbitMQ {r}, Kafka {k}"),
        }
    }

    /// A goal's seeds that failed, of all checked.
    pub fn level_seeds_failed(lang, failed: usize => Count, seeds: usize => Amount) {
        let (f, s) = (n_of(lang, wide(failed), &SEEDS), number(lang, wide(seeds)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("не выполнено: {f} из {s}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("fails on {f} of {s}"),
        }
    }

    /// A goal that held on every seed checked.
    pub fn level_seeds_met(lang, seeds: usize => Count) {
        let s = n_of(lang, wide(seeds), &SEEDS);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("выполнено на всех: {s}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("holds on all {s}"),
        }
    }

    /// The check under way.
    pub fn level_checking(lang, done: usize => Amount, seeds: usize => Count) {
        let d = number(lang, wide(done));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Проверено {d} из {}…", n_of_gen(lang, wide(seeds), &SEEDS)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{d} of {} checked…", n_of(lang, wide(seeds), &SEEDS)),
        }
    }

    /// Settings changed from the start, against the level's par.
    pub fn level_changes(lang, changes: usize => Count, par: u32 => Amount) {
        let c = n_of(lang, wide(changes), &SETTINGS);
        let p = number(lang, u64::from(par));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {c}; пар — {p}", plural_ru(wide(changes), "Изменена", "Изменены", "Изменено")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{c} changed; par {p}"),
        }
    }

    /// A level by its number.
    pub fn level_number(lang, n: u32 => Id) {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Уровень {n}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Level {n}"),
        }
    }

    /// The level's verdict once every goal holds on every seed.
    pub fn level_complete(lang, n: u32 => Id, changes: usize => Count, par: u32 => Amount) {
        let c = n_of(lang, wide(changes), &SETTINGS);
        let p = number(lang, u64::from(par));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Уровень {n} пройден: {} {c} при паре {p}.", plural_ru(wide(changes), "изменена", "изменены", "изменено")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Level {n} solved: {c} changed, par {p}."),
        }
    }

    /// A hint's place among the level's hints.
    pub fn level_hint_of(lang, i: usize => Id, total: usize => Amount) {
        let t = number(lang, wide(total));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Подсказка {i} из {t}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Hint {i} of {t}"),
        }
    }
}

/// The Go client lens's messages, in a file of their own.
pub(crate) mod golens;
pub use golens::*;

/// The repartition scene's messages, in a file of their own.
pub(crate) mod repartition;
pub use repartition::{
    change_at, moved_share, moved_share_many, new_topic_at, pause_cost, refused_already_has,
    refused_not_an_increase, table_size, window_group, window_producer,
};
