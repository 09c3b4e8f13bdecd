//! The typed RU/EN catalogue: every string the UI shows comes from here.
//!
//! Fixed strings are [`Msg`] variants, so a missing translation is a compile
//! error. Strings with numbers in them are functions of their arguments.

use crate::params::{Lang, ParamIssue, SceneId};
use crate::sim::checker::{FindingKind, Position, Violation};
use crate::sim::producer::ConfigError;
use crate::sim::record::OrderEvent;
use crate::sim::scenes::log::LogCaption;
use crate::sim::scenes::producer::{ErrorCode, FailReason, Fault, FaultKind, Outage, SeqKind};
use crate::sim::SimTime;

#[cfg(test)]
mod catalogue_tests;
mod format;
mod numbered;

pub use format::{
    count, count_gen, decimal, fixed, genitive_ru, millis, number, plural_en, plural_ru, seconds,
    Noun, NBSP,
};
pub use numbered::*;

// Each scene's catalogue lives in its folder; they are named here too, so
// the catalogue's tests and shared text can reach every message.
pub use crate::scenes::disk::text::DiskMsg;
pub use crate::scenes::group::text::GroupMsg;
pub use crate::scenes::log::text::LogMsg;
pub use crate::scenes::producer::text::ProducerMsg;
pub use crate::scenes::rabbitmq::text::RabbitMsg;
pub use crate::scenes::repartition::text::RepartitionMsg;
pub use crate::scenes::replication::text::ReplicationMsg;
pub use crate::scenes::routing::text::RoutingMsg;
pub use crate::scenes::workers::text::WorkersMsg;

/// A fixed message of some catalogue, in either language.
pub trait Text: Copy {
    fn text(self, lang: Lang) -> &'static str;
}

/// The one lookup for every fixed message, whichever scene's catalogue it
/// belongs to.
pub fn t<M: Text>(lang: Lang, msg: M) -> &'static str {
    msg.text(lang)
}

/// Declares a catalogue: an enum of messages, `ALL` to iterate them, and
/// its [`Text`]. Russian and English sit side by side, and a message
/// without both cannot be written.
macro_rules! catalogue {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => ($ru:expr, $en:expr),)* }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
        }

        impl $crate::i18n::Text for $name {
            fn text(self, lang: $crate::params::Lang) -> &'static str {
                match (lang, self) {
                    $(
                        ($crate::params::Lang::Ru, $name::$variant) => $ru,
                        ($crate::params::Lang::En, $name::$variant) => $en,
                    )*
                }
            }
        }
    };
}
pub(crate) use catalogue;

catalogue! {
    /// Fixed strings of the app shell, and the few every scene shares.
    Msg {
        ScenesMenu => ("Сцены", "Scenes"),
        ShareLink => ("Ссылка на это состояние", "Link to this state"),
        Shortcuts => ("Клавиши", "Keyboard shortcuts"),
        KeySpace => ("Пробел — пуск или пауза", "Space: play or pause"),
        KeyArrows => ("← и → — на одно событие назад или вперёд", "← and →: one event back or forward"),
        KeyHome => ("Home — в начало", "Home: back to the start"),
        KeyHelp => ("? — эта подсказка, Esc — закрыть", "?: this help, Esc: close it"),
        KeysInFields => ("В поле ввода клавиши работают как обычно, а пробел на кнопке нажимает её", "In a text field keys work as usual, and Space on a button presses it"),
        Close => ("Закрыть", "Close"),
        CopyLink => ("Скопировать ссылку", "Copy link"),
        ExportSvg => ("Сохранить как SVG", "Save as SVG"),
        ExportPng => ("Сохранить как PNG", "Save as PNG"),
        ExportMermaid => ("Скачать mermaid-текст диаграммы", "Download the diagram as mermaid"),
        Play => ("Пуск", "Play"),
        Pause => ("Пауза", "Pause"),
        StepForward => ("Шаг вперёд", "Step forward"),
        StepBack => ("Шаг назад", "Step back"),
        Reset => ("В начало", "Reset"),
        Timeline => ("Время симуляции", "Simulation time"),
        Speed => ("Скорость", "Speed"),
        SwitchLanguage => ("Switch to English", "Переключить на русский"),
        LightTheme => ("Светлая тема", "Light theme"),
        DarkTheme => ("Тёмная тема", "Dark theme"),
        KeyboardHint => ("Пробел — пуск или пауза · ← → — шаг · Home — в начало", "Space play or pause · ← → step · Home reset"),
        ParamProblemsTitle => ("Часть параметров ссылки не распознана, вместо них взяты значения по умолчанию:", "Some link parameters were not understood; defaults are used instead:"),
        Dismiss => ("Скрыть", "Dismiss"),
        LogEndOffset => ("Log end offset", "Log end offset"),
        NotCommitted => ("—", "—"),
        OrderViolations => ("Нарушений порядка", "Order violations"),
        NoViolations => ("✓ Порядок по каждому ключу сохранён", "✓ Every key is still in order"),
    }
}

catalogue! {
    /// Fixed strings of the guided lesson.
    LessonMsg {
        Title => ("Урок по главе", "The chapter, step by step"),
        Prev => ("← Назад", "← Back"),
        Next => ("Дальше →", "Next →"),
        AnswerFirst => ("Сначала ответьте — потом сцена покажет, что было.", "Answer first; then the scene shows what happened."),
        Right => ("Верно.", "Right."),
        Wrong => ("Не совсем.", "Not quite."),
        Start => ("Пройти главу по шагам", "Walk through the chapter"),
    }
}

/// A lesson step's words: narration, and its question with three choices
/// and the explanation shown after answering.
pub struct LessonText {
    pub narration: &'static str,
    pub question: Option<(&'static str, [&'static str; 3], &'static str)>,
}

pub fn lesson_text(lang: Lang, step: u32) -> LessonText {
    let ru = lang == Lang::Ru;
    let (narration, question) = match step {
        1 => (
            if ru {
                "Партиция — это лог: записи только дописываются и получают следующий offset, консьюмер читает по порядку. Проиграйте или шагайте стрелками."
            } else {
                "A partition is a log: records are only appended and get the next offset, and the consumer reads in order. Play it or step with the arrows."
            },
            None,
        ),
        2 => (
            if ru {
                "Реплики копируют лог лидера в его порядке. Уроните лидера: новый лидер из ISR хранит те же offset'ы, расхождений нет."
            } else {
                "Replicas copy the leader's log in its order. Crash the leader: the new leader from the ISR holds the same offsets, with no difference."
            },
            None,
        ),
        3 => (
            if ru {
                "Пять запросов в полёте, без идемпотентности. Батч 1 (Created) потерялся, батч 2 (Paid) уже записан под offset 100."
            } else {
                "Five requests in flight, no idempotence. Batch 1 (Created) was lost; batch 2 (Paid) is already written at offset 100."
            },
            Some(if ru {
                ("Продюсер повторит батч 1. Куда он ляжет?", ["перед Paid, под offset 99", "после Paid, под offset 101", "никуда, он потерян"], "Лог только дописывается: повтор встанет в конец, под 101. Заказ «оплачен» раньше, чем «создан».")
            } else {
                ("The producer will retry batch 1. Where will it land?", ["before Paid, at offset 99", "after Paid, at offset 101", "nowhere, it is lost"], "The log only appends: the retry goes to the end, at 101. The order is 'paid' before it is 'created'.")
            }),
        ),
        4 => (
            if ru {
                "То же самое, но enable.idempotence=true: у каждого батча номер последовательности."
            } else {
                "The same, with enable.idempotence=true: every batch carries a sequence number."
            },
            Some(if ru {
                ("Что брокер сделает с батчем 2, пока батча 1 нет?", ["запишет под offset 100", "откажет: OUT_OF_ORDER_SEQUENCE_NUMBER", "молча выбросит"], "Брокер ждёт номер «последний + 1». Батч 2 идёт не по порядку — отказ, и продюсер повторит оба батча по порядку номеров.")
            } else {
                ("What will the broker do with batch 2 while batch 1 is missing?", ["write it at offset 100", "refuse it: OUT_OF_ORDER_SEQUENCE_NUMBER", "drop it silently"], "The broker expects 'last + 1'. Batch 2 is out of sequence, so it is refused, and the producer resends both in sequence order.")
            }),
        ),
        5 => (
            if ru {
                "Через мгновение топик вырастет с 3 до 4 партиций, а продюсер сразу начнёт считать партицию по новому числу."
            } else {
                "In a moment the topic grows from 3 to 4 partitions, and the producer routes with the new count at once."
            },
            Some(if ru {
                ("Сломается ли порядок хотя бы одного заказа?", ["да", "нет, порядок внутри ключа гарантирован", "только если добавить консьюмеров"], "Ключ переезжает: ранние события ждут в загруженной старой партиции, поздние сразу обрабатывает новая. Порядок ломается без единой ошибки.")
            } else {
                ("Will at least one order be handled out of order?", ["yes", "no, order within a key is guaranteed", "only if consumers are added"], "The key moves: its early events wait in a busy old partition while a new one handles the later ones at once. Order breaks without a single error.")
            }),
        ),
        6 => (
            if ru {
                "consumer-2 упадёт через 100 мс, между автокоммитами."
            } else {
                "consumer-2 crashes in 100 ms, between auto-commits."
            },
            Some(if ru {
                ("Что будет с записями, которые он обработал после последнего коммита?", ["они потеряны", "новый владелец обработает их ещё раз", "ничего, они учтены"], "Новый владелец начнёт с закоммиченного offset'а: всё обработанное после него случится дважды. Отсюда идемпотентные обработчики.")
            } else {
                ("What happens to the records it handled since its last commit?", ["they are lost", "the new owner handles them again", "nothing, they count"], "The new owner starts from the committed offset, so everything handled after it happens twice. Hence idempotent handlers.")
            }),
        ),
        7 => (
            if ru {
                "Go-консьюмер запускает go process(msg) на каждую запись."
            } else {
                "The Go consumer starts go process(msg) for every record."
            },
            Some(if ru {
                ("Сохранится ли порядок событий внутри заказа?", ["да, записи идут по offset'ам", "нет, горутины заканчивают в любом порядке", "только при GOMAXPROCS=1"], "Горутины работают параллельно и заканчивают вразнобой. Порядок по ключу сохраняет пул воркеров по hash(key) % W.")
            } else {
                ("Will each order's events keep their order?", ["yes, records come in offset order", "no, goroutines finish in any order", "only with GOMAXPROCS=1"], "Goroutines run in parallel and finish in any order. A worker pool keyed by hash(key) % W keeps per-key order.")
            }),
        ),
        _ => (
            if ru {
                "В RabbitMQ конкурирующие консьюмеры ломают порядок; в Kafka конкуренция идёт за партиции. Это конец урока."
            } else {
                "In RabbitMQ competing consumers break order; in Kafka they compete for partitions. That is the end of the lesson."
            },
            None,
        ),
    };
    LessonText {
        narration,
        question,
    }
}

/// A short text summary of a scene's state, for screen readers.
pub enum Summary {
    Log {
        leo: u64,
        position: u64,
        committed: Option<u64>,
        segments: usize,
    },
    Replication {
        leader: Option<u32>,
        epoch: u32,
        hw: u64,
        isr: Vec<u32>,
        lost: usize,
    },
    Routing {
        partition: Option<u32>,
        partitions: u32,
        violations: usize,
    },
    Producer {
        sent: u32,
        retries: u32,
        reorders: usize,
        duplicates: usize,
    },
    Repartition {
        from: u32,
        to: u32,
        violations: usize,
    },
    Group {
        members: usize,
        generations: usize,
        duplicates: usize,
    },
    Workers {
        handled: u32,
        total: u32,
        violations: usize,
        low_watermark: u64,
    },
    Disk {
        hits: u32,
        misses: u32,
    },
    RabbitMq {
        rabbit: usize,
        kafka: usize,
    },
    Refused,
}

pub fn summary(lang: Lang, now: SimTime, s: &Summary) -> String {
    let body = match s {
        &Summary::Log {
            leo,
            position,
            committed,
            segments,
        } => summary_log(lang, leo, position, committed, segments),
        Summary::Replication {
            leader,
            epoch,
            hw,
            isr,
            lost,
        } => summary_replication(lang, *leader, *epoch, *hw, isr, *lost),
        &Summary::Routing {
            partition,
            partitions,
            violations,
        } => summary_routing(lang, partition, partitions, violations),
        &Summary::Producer {
            sent,
            retries,
            reorders,
            duplicates,
        } => summary_producer(lang, sent, retries, reorders, duplicates),
        &Summary::Repartition {
            from,
            to,
            violations,
        } => summary_repartition(lang, from, to, violations),
        &Summary::Group {
            members,
            generations,
            duplicates,
        } => summary_group(lang, members, generations, duplicates),
        &Summary::Workers {
            handled,
            total,
            violations,
            low_watermark,
        } => summary_workers(lang, handled, total, violations, low_watermark),
        &Summary::Disk { hits, misses } => summary_disk(lang, hits, misses),
        &Summary::RabbitMq { rabbit, kafka } => summary_rabbitmq(lang, rabbit, kafka),
        Summary::Refused => match lang {
            Lang::Ru => "продюсер не создан: настройки отвергнуты".to_owned(),
            Lang::En => "the producer was not created: settings refused".to_owned(),
        },
    };
    format!("{}: {body}", seconds(lang, now))
}

pub fn scene_title(lang: Lang, scene: SceneId) -> &'static str {
    match (lang, scene) {
        (Lang::Ru, SceneId::Log) => "Партиция — это append-only лог",
        (Lang::En, SceneId::Log) => "A partition is an append-only log",
        (Lang::Ru, SceneId::Routing) => "Ключ решает порядок",
        (Lang::En, SceneId::Routing) => "Keys decide order",
        (Lang::Ru, SceneId::Producer) => "Продюсер сам ломает порядок",
        (Lang::En, SceneId::Producer) => "The producer reorders its own records",
        (Lang::Ru, SceneId::Repartition) => "Ловушка: добавили партиции",
        (Lang::En, SceneId::Repartition) => "The trap of adding partitions",
        (Lang::Ru, SceneId::Replication) => "Реплики хранят те же offset'ы",
        (Lang::En, SceneId::Replication) => "Replicas keep the same offsets",
        (Lang::Ru, SceneId::Disk) => "Почему лог быстрый: последовательный ввод-вывод",
        (Lang::En, SceneId::Disk) => "Why a log is fast: sequential I/O",
        (Lang::Ru, SceneId::RabbitMq) => "RabbitMQ и Kafka: кто с кем конкурирует",
        (Lang::En, SceneId::RabbitMq) => "RabbitMQ and Kafka: who competes for what",
        (Lang::Ru, SceneId::Group) => "Группа консьюмеров и ребалансировки",
        (Lang::En, SceneId::Group) => "A consumer group and its rebalances",
        (Lang::Ru, SceneId::Workers) => "Порядок внутри Go-консьюмера",
        (Lang::En, SceneId::Workers) => "Order inside a Go consumer",
    }
}

pub fn scene_lede(lang: Lang, scene: SceneId) -> &'static str {
    match (lang, scene) {
        (Lang::Ru, SceneId::Log) => "Продюсер пишет события заказов в партицию 0. Брокер только дописывает: каждая запись встаёт в конец лога и получает следующий offset, а записанное уже не меняется. Консьюмер читает строго по возрастанию offset'ов, поэтому события одного заказа он видит в том порядке, в каком они записаны.",
        (Lang::En, SceneId::Log) => "A producer writes order events to partition 0. The broker only ever appends: each record goes to the end of the log and gets the next offset, and nothing written changes again. The consumer reads strictly in offset order, so it sees each order's events in the order they were written.",
        (Lang::Ru, SceneId::Routing) => "Порядок есть только внутри партиции, поэтому всё решает, в какую партицию попадёт запись. Java-продюсер берёт murmur2 от байтов ключа и делит по модулю на число партиций: одинаковый ключ — одна партиция — один порядок. Запись без ключа раскладывается по партициям, и порядок событий одного заказа теряется.",
        (Lang::En, SceneId::Routing) => "Order exists only inside a partition, so everything depends on which partition a record goes to. The Java producer takes murmur2 of the key's bytes modulo the partition count: same key, same partition, one order. A record with no key is spread over partitions, and one order's events lose their order.",
        (Lang::Ru, SceneId::Producer) => "Порядок может сломаться ещё до диска брокера. Продюсер держит несколько запросов в полёте; если первый потерялся, а второй дошёл, повтор первого запишется после второго. Посмотрите, как это происходит и как это лечат идемпотентность и один запрос в полёте.",
        (Lang::En, SceneId::Producer) => "Order can break before a byte reaches the broker's disk. A producer keeps several requests in flight; if the first is lost and the second arrives, the first one's retry is written after the second. Watch it happen, and watch idempotence or a single request in flight prevent it.",
        (Lang::Ru, SceneId::Repartition) => "Партиция ключа — это hash(key) % число партиций. Стоит числу измениться, и у большинства ключей меняется партиция: история заказа разрывается между старой и новой, и порядок ломается без единой ошибки в коде. Ниже — что переезжает и два безопасных способа миграции.",
        (Lang::En, SceneId::Repartition) => "A key's partition is hash(key) % partition count. Change the count and most keys change partition: an order's history is split between the old one and the new one, and order breaks with no bug in anyone's code. Below: what moves, and two safe ways to migrate.",
        (Lang::Ru, SceneId::Replication) => "Партиция живёт на трёх брокерах. Фолловеры копируют лог лидера в его порядке, поэтому запись с offset'ом N одна и та же везде. Консьюмеры видят только записи ниже high watermark — то, что есть у всех реплик из ISR. Уроните лидера и сравните реплики.",
        (Lang::En, SceneId::Replication) => "The partition lives on three brokers. Followers copy the leader's log in its order, so the record at offset N is the same everywhere. Consumers see only records below the high watermark, which every in-sync replica has. Crash the leader and compare the replicas.",
        (Lang::Ru, SceneId::Disk) => "Лог только дописывается в конец файла-сегмента, поэтому диск пишет подряд, без поиска. Консьюмер читает вперёд, и ядро заранее подгружает следующие страницы в кеш. Сравните с записью тех же данных вразброс.",
        (Lang::En, SceneId::Disk) => "A log is only ever appended to the end of its segment file, so the disk writes without seeking. A consumer reads forward, and the kernel loads the next pages into the cache ahead of it. Compare with writing the same records all over the place.",
        (Lang::Ru, SceneId::RabbitMq) => "Один и тот же поток событий заказов, две модели конкуренции. Слева — очередь RabbitMQ с конкурирующими консьюмерами, справа — топик Kafka с тем же числом партиций и группой консьюмеров.",
        (Lang::En, SceneId::RabbitMq) => "One stream of order events, two models of competition. On the left, a RabbitMQ queue with competing consumers; on the right, a Kafka topic with as many partitions and a consumer group.",
        (Lang::Ru, SceneId::Group) => "Группа делит партиции топика: у каждой партиции в каждом поколении один владелец, поэтому её записи обрабатываются по порядку. Добавьте участника, уберите или уроните его и посмотрите, что переезжает, сколько все стоят и что обрабатывается второй раз после падения.",
        (Lang::En, SceneId::Group) => "A group shares a topic's partitions: in each generation a partition has one owner, so its records are handled in order. Add a member, remove one or crash one, and see what moves, how long everyone waits, and what is handled twice after a crash.",
        (Lang::Ru, SceneId::Workers) => "Одна партиция, один цикл опроса, а дальше выбор Go-разработчика: обрабатывать по одной, запускать горутину на каждое сообщение или раздавать записи воркерам по хешу ключа. Здесь видно, что каждый вариант делает с порядком, скоростью и коммитом offset'ов.",
        (Lang::En, SceneId::Workers) => "One partition, one poll loop, and then the Go developer's choice: handle records one by one, start a goroutine per message, or hand records to workers by the key's hash. Here you see what each does to order, speed and offset commits.",
    }
}

pub fn param_issue(lang: Lang, issue: &ParamIssue) -> String {
    let fallback = scene_title(lang, SceneId::Log);
    match (lang, issue) {
        (Lang::Ru, ParamIssue::UnknownScene { value }) => {
            format!("scene: сцены «{value}» нет, открыта «{fallback}».")
        }
        (Lang::En, ParamIssue::UnknownScene { value }) => {
            format!("scene: there is no scene “{value}”; showing “{fallback}”.")
        }
        (_, &ParamIssue::KeyTooLong { bytes, used }) => key_too_long(lang, bytes, used),
        (Lang::Ru, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: «{value}» — не число, взято значение по умолчанию.")
        }
        (Lang::En, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: “{value}” is not a number; using the default.")
        }
        (Lang::Ru, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} — вне допустимых границ, взято {used}.")
        }
        (Lang::En, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} is out of range; using {used}.")
        }
        (
            Lang::Ru,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!(
                "{name}: «{value}» не подходит (можно: {choices}), взято значение по умолчанию."
            )
        }
        (
            Lang::En,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!("{name}: “{value}” is not one of {choices}; using the default.")
        }
        (Lang::Ru, ParamIssue::Repeated { name }) => {
            format!("{name}: параметр указан несколько раз, учтено первое значение.")
        }
        (Lang::En, ParamIssue::Repeated { name }) => {
            format!("{name}: given more than once; the first value is used.")
        }
        (Lang::Ru, ParamIssue::UnknownParam { name }) => {
            format!("«{name}»: такого параметра нет, он пропущен.")
        }
        (Lang::En, ParamIssue::UnknownParam { name }) => {
            format!("“{name}”: no such parameter; ignored.")
        }
    }
}

pub fn log_caption(lang: Lang, caption: LogCaption, segment_bytes: u32) -> String {
    use LogCaption::*;
    let key = |order: u32| format!("order-{order}");
    match (lang, caption) {
        (Lang::Ru, Intro) => "Нажмите ▶ или →: продюсер начнёт отправлять события заказа #42 (Created → Paid → Shipped → Delivered) в партицию 0, а затем события заказов #43 и #44.".into(),
        (Lang::En, Intro) => "Press ▶ or →: the producer starts sending order #42's events (Created → Paid → Shipped → Delivered) to partition 0, then the events of orders #43 and #44.".into(),
        (Lang::Ru, Sent { order, event }) => format!(
            "Продюсер отправил {} · {} в партицию 0; запрос идёт к брокеру.",
            key(order),
            event.value()
        ),
        (Lang::En, Sent { order, event }) => format!(
            "The producer sent {} · {} to partition 0; the request is on its way to the broker.",
            key(order),
            event.value()
        ),
        (lang, Appended { offset, log_end_offset, rolled_full_segment_bytes }) => {
            let roll = rolled_full_segment_bytes
                .map(|bytes| segment_rolled(lang, bytes, segment_bytes, offset));
            let main = match lang {
                Lang::Ru => format!("Брокер дописал запись в конец лога под offset {offset}. Log end offset теперь {log_end_offset}: его получит следующая запись."),
                Lang::En => format!("The broker appended the record at offset {offset}. The log end offset is now {log_end_offset}, the offset the next record will get."),
            };
            format!("{}{main}", roll.unwrap_or_default())
        }
        (Lang::Ru, Polled { from, to, position }) => format!(
            "Консьюмер вызвал poll() и получил offset'ы {from}–{to}. Позиция сдвинулась на {position}, а закоммиченный offset остался прежним: записи ещё не обработаны."
        ),
        (Lang::En, Polled { from, to, position }) => format!(
            "The consumer called poll() and got offsets {from}–{to}. Its position moved to {position}, but the committed offset stayed put: nothing is processed yet."
        ),
        (Lang::Ru, PolledNothing { position }) => format!(
            "poll() ничего не вернул: позиция {position} равна log end offset. Консьюмер ждёт новых записей."
        ),
        (Lang::En, PolledNothing { position }) => format!(
            "poll() returned nothing: position {position} is the log end offset. The consumer waits for new records."
        ),
        (Lang::Ru, Processed { offset, order, event }) => format!(
            "Консьюмер обработал offset {offset} ({} · {}). Он идёт строго по порядку: offset {} не может обогнать этот.",
            key(order),
            event.value(),
            offset + 1
        ),
        (Lang::En, Processed { offset, order, event }) => format!(
            "The consumer processed offset {offset} ({} · {}). It goes strictly in order: offset {} cannot overtake this one.",
            key(order),
            event.value(),
            offset + 1
        ),
        (Lang::Ru, Committed { committed }) => format!(
            "Консьюмер закоммитил offset {committed} — номер следующей записи для чтения. После перезапуска группа продолжит с него."
        ),
        (Lang::En, Committed { committed }) => format!(
            "The consumer committed offset {committed}, the next record to read. After a restart the group resumes there."
        ),
        (Lang::Ru, Finished { committed }) => format!(
            "Всё прочитано и закоммичено (offset {committed}). События каждого заказа обработаны в том порядке, в каком записаны: одна партиция — один упорядоченный лог."
        ),
        (Lang::En, Finished { committed }) => format!(
            "Everything is read and committed (offset {committed}). Each order's events were handled in the order they were written: one partition is one ordered log."
        ),
    }
}

/// A step's name when it is one of an order's, else its number.
fn step_name(step: u32) -> String {
    OrderEvent::ALL
        .get((step as usize).wrapping_sub(1))
        .map_or_else(|| step.to_string(), |e| e.value().to_owned())
}

fn at(lang: Lang, p: Position) -> String {
    match lang {
        Lang::Ru => format!("партиция {}, offset {}", p.partition, p.offset),
        Lang::En => format!("partition {}, offset {}", p.partition, p.offset),
    }
}

pub fn violation(lang: Lang, v: &Violation) -> String {
    let step = step_name(v.step);
    let here = at(lang, v.position);
    match (lang, v.kind) {
        (Lang::Ru, FindingKind::Reorder { seen_step, seen_at }) => format!(
            "⚠ {}: {step} ({here}) — после {} ({})",
            v.key,
            step_name(seen_step),
            at(lang, seen_at)
        ),
        (Lang::En, FindingKind::Reorder { seen_step, seen_at }) => format!(
            "⚠ {}: {step} ({here}) came after {} ({})",
            v.key,
            step_name(seen_step),
            at(lang, seen_at)
        ),
        (Lang::Ru, FindingKind::Duplicate { first_at }) => format!(
            "⚠ {}: {step} повторно ({here}; впервые: {})",
            v.key,
            at(lang, first_at)
        ),
        (Lang::En, FindingKind::Duplicate { first_at }) => format!(
            "⚠ {}: {step} again ({here}; first: {})",
            v.key,
            at(lang, first_at)
        ),
    }
}

pub fn config_error(lang: Lang, e: ConfigError) -> String {
    match (lang, e) {
        (Lang::Ru, ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight }) => format!("ConfigException: при enable.idempotence=true max.in.flight.requests.per.connection должно быть не больше 5, а задано {max_in_flight}. Брокер помнит только 5 последних батчей продюсера: при большем числе он не отличит повтор от нового батча."),
        (Lang::En, ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight }) => format!("ConfigException: with enable.idempotence=true, max.in.flight.requests.per.connection must be at most 5, not {max_in_flight}. The broker remembers only a producer's last 5 batches; with more it could not tell a retry from a new batch."),
        (Lang::Ru, ConfigError::IdempotenceNeedsRetries) => "ConfigException: идемпотентному продюсеру нужны повторы: retries не может быть 0.".to_owned(),
        (Lang::En, ConfigError::IdempotenceNeedsRetries) => "ConfigException: an idempotent producer needs retries: retries cannot be 0.".to_owned(),
        (Lang::Ru, ConfigError::IdempotenceNeedsAcksAll) => "ConfigException: идемпотентному продюсеру нужен acks=all, иначе гарантия не держится.".to_owned(),
        (Lang::En, ConfigError::IdempotenceNeedsAcksAll) => "ConfigException: an idempotent producer needs acks=all, or the guarantee does not hold.".to_owned(),
        (Lang::Ru, ConfigError::DeliveryTimeoutTooShort { delivery_timeout_ms, at_least }) => format!("ConfigException: delivery.timeout.ms ({delivery_timeout_ms}) должен быть не меньше linger.ms + request.timeout.ms ({at_least})."),
        (Lang::En, ConfigError::DeliveryTimeoutTooShort { delivery_timeout_ms, at_least }) => format!("ConfigException: delivery.timeout.ms ({delivery_timeout_ms}) must be at least linger.ms + request.timeout.ms ({at_least})."),
        (Lang::Ru, ConfigError::MaxInFlightZero) => "ConfigException: max.in.flight.requests.per.connection должно быть не меньше 1.".to_owned(),
        (Lang::En, ConfigError::MaxInFlightZero) => "ConfigException: max.in.flight.requests.per.connection must be at least 1.".to_owned(),
    }
}

/// One line of the sequence diagram, as its arrow's label.
pub fn seq_label(lang: Lang, kind: SeqKind, records: &str) -> String {
    let ru = lang == Lang::Ru;
    match kind {
        SeqKind::Send {
            batch,
            attempt,
            base_seq,
        } => {
            let seq = base_seq.map(|s| format!(", seq {s}")).unwrap_or_default();
            let retry = if attempt > 1 {
                if ru {
                    format!(" (повтор {})", attempt - 1)
                } else {
                    format!(" (retry {})", attempt - 1)
                }
            } else {
                String::new()
            };
            if ru {
                format!("Батч {batch}{retry}: {records}{seq}")
            } else {
                format!("Batch {batch}{retry}: {records}{seq}")
            }
        }
        SeqKind::RequestLost { batch, .. } => {
            if ru {
                format!("батч {batch} потерян в сети")
            } else {
                format!("batch {batch} lost on the network")
            }
        }
        SeqKind::Append {
            batch,
            first_offset,
            last_offset,
        } => {
            let at = if first_offset == last_offset {
                format!("{first_offset}")
            } else {
                format!("{first_offset}–{last_offset}")
            };
            if ru {
                format!("запись батча {batch}: offset {at}")
            } else {
                format!("write batch {batch}: offset {at}")
            }
        }
        SeqKind::Duplicate { batch, base_offset } => {
            if ru {
                format!("батч {batch} уже есть (offset {base_offset}): не пишем")
            } else {
                format!("batch {batch} already here (offset {base_offset}): not written")
            }
        }
        SeqKind::Ack {
            batch,
            base_offset,
            duplicate,
        } => {
            let dup = if duplicate {
                " · DUPLICATE_SEQUENCE_NUMBER"
            } else {
                ""
            };
            if ru {
                format!("ACK батча {batch}: offset {base_offset}{dup}")
            } else {
                format!("ACK batch {batch}: offset {base_offset}{dup}")
            }
        }
        SeqKind::Error { batch, code } => {
            if ru {
                format!("батч {batch}: {} ({})", code.name(), code.code())
            } else {
                format!("batch {batch}: {} ({})", code.name(), code.code())
            }
        }
        SeqKind::ResponseLost { batch } => {
            if ru {
                format!("ответ на батч {batch} потерян")
            } else {
                format!("answer for batch {batch} lost")
            }
        }
        SeqKind::Timeout { batch } => {
            if ru {
                format!("батч {batch}: истёк request.timeout.ms, соединение закрыто")
            } else {
                format!("batch {batch}: request.timeout.ms expired, connection closed")
            }
        }
        SeqKind::Disconnected { batch } => {
            if ru {
                format!("батч {batch}: сорвался вместе с соединением")
            } else {
                format!("batch {batch}: failed with the connection")
            }
        }
        SeqKind::LateAnswerIgnored { batch } => {
            if ru {
                format!("поздний ответ на батч {batch} уже никто не ждёт")
            } else {
                format!("a late answer for batch {batch}: nobody waits for it")
            }
        }
        SeqKind::Retry { batch, attempt } => {
            if ru {
                format!("повтор батча {batch} (попытка {attempt})")
            } else {
                format!("retry batch {batch} (attempt {attempt})")
            }
        }
        SeqKind::Resolved { batch } => {
            if ru {
                format!("батч {batch} записан: брокер подтвердил следующий номер")
            } else {
                format!("batch {batch} was written: the broker acknowledged a later sequence")
            }
        }
        SeqKind::Failed { batch, reason } => {
            let why = match (reason, ru) {
                (FailReason::RetriesExhausted, true) => "кончились повторы".to_owned(),
                (FailReason::RetriesExhausted, false) => "retries exhausted".to_owned(),
                (FailReason::DeliveryTimeout, true) => "истёк delivery.timeout.ms".to_owned(),
                (FailReason::DeliveryTimeout, false) => "delivery.timeout.ms expired".to_owned(),
                (FailReason::Fatal(code), _) => code.name().to_owned(),
            };
            if ru {
                format!("батч {batch} не доставлен: {why}")
            } else {
                format!("batch {batch} not delivered: {why}")
            }
        }
        SeqKind::BrokerDown => {
            if ru {
                "лидер партиции недоступен".to_owned()
            } else {
                "the partition leader is unavailable".to_owned()
            }
        }
        SeqKind::BrokerUp => {
            if ru {
                "лидер снова доступен".to_owned()
            } else {
                "the leader is back".to_owned()
            }
        }
    }
}

/// What the latest line of the diagram means, for the narration.
pub fn seq_explain(lang: Lang, kind: SeqKind, idempotent: bool) -> &'static str {
    let ru = lang == Lang::Ru;
    match kind {
        SeqKind::Send { attempt: 1, .. } => {
            if ru {
                "Продюсер отправил батч и, не дожидаясь ответа, может отправлять следующие — до max.in.flight запросов."
            } else {
                "The producer sent a batch and, without waiting for the answer, may send more, up to max.in.flight requests."
            }
        }
        SeqKind::Send { .. } => {
            if ru {
                "Повторная отправка. Если за это время брокер уже записал более поздний батч, повтор встанет в лог после него."
            } else {
                "A resend. If the broker has written a later batch meanwhile, this one lands after it in the log."
            }
        }
        SeqKind::RequestLost { .. } => {
            if ru {
                "Запрос пропал в сети. Продюсер узнает об этом только по таймауту."
            } else {
                "The request vanished on the network. The producer only finds out when its timeout expires."
            }
        }
        SeqKind::Append { .. } => {
            if ru {
                "Брокер дописал батч в конец лога: offset'ы даются в порядке прихода, а не отправки."
            } else {
                "The broker appended the batch to the log: offsets follow arrival order, not send order."
            }
        }
        SeqKind::Duplicate { .. } => {
            if ru {
                "Этот батч (тот же PID и номера) брокер уже записал: он отвечает исходным offset'ом и не пишет второй раз."
            } else {
                "The broker already wrote this batch (same PID and sequence numbers): it answers with the original offset and does not write it again."
            }
        }
        SeqKind::Ack {
            duplicate: true, ..
        } => {
            if ru {
                "Продюсер получил подтверждение: дубликата в логе нет."
            } else {
                "The producer has its acknowledgement, and the log holds no duplicate."
            }
        }
        SeqKind::Ack { .. } => {
            if ru {
                "Продюсер получил подтверждение с offset'ом записи."
            } else {
                "The producer got the acknowledgement with the record's offset."
            }
        }
        SeqKind::Error {
            code: ErrorCode::OutOfOrderSequenceNumber,
            ..
        } => {
            if ru {
                "Номер последовательности не следует за последним записанным: брокер отказал, чтобы не нарушить порядок. Продюсер повторит батчи по порядку номеров."
            } else {
                "The sequence number does not follow the last one written: the broker refused, to keep order. The producer will resend the batches in sequence order."
            }
        }
        SeqKind::Error { .. } => {
            if ru {
                "Брокер сейчас не лидер партиции. Ошибка временная, продюсер повторит."
            } else {
                "The broker is not the partition's leader right now. The error is retriable; the producer will retry."
            }
        }
        SeqKind::ResponseLost { .. } => {
            if ru {
                "Запись сделана, но ответ пропал. Продюсер не знает, что всё получилось, и повторит."
            } else {
                "The write happened but the answer vanished. The producer does not know it worked, and will retry."
            }
        }
        SeqKind::Timeout { .. } => {
            if ru {
                "Ответа нет дольше request.timeout.ms: клиент закрывает соединение, и все запросы на нём считаются неудавшимися."
            } else {
                "No answer within request.timeout.ms: the client closes the connection, and every request on it counts as failed."
            }
        }
        SeqKind::Disconnected { .. } => {
            if ru {
                "Этот запрос сорвался вместе с закрытым соединением и будет повторён."
            } else {
                "This request failed with the closed connection and will be retried."
            }
        }
        SeqKind::LateAnswerIgnored { .. } => {
            if ru {
                "Ответ пришёл, когда продюсер уже сдался: он его не учитывает."
            } else {
                "The answer arrived after the producer gave up: it is ignored."
            }
        }
        SeqKind::Retry { .. } => {
            if idempotent {
                if ru {
                    "Повтор встаёт в очередь по номеру последовательности и уйдёт один, когда в полёте ничего нет."
                } else {
                    "The retry takes its place in sequence order and goes alone once nothing else is in flight."
                }
            } else if ru {
                "Повтор встаёт в голову очереди. Но всё, что уже ушло раньше, может быть записано до него."
            } else {
                "The retry goes to the head of the queue. But whatever was already sent may be written before it."
            }
        }
        SeqKind::Resolved { .. } => {
            if ru {
                "Брокер принимает номера только по порядку; раз подтверждён более поздний, этот батч тоже записан."
            } else {
                "The broker accepts sequences only in order; since a later one was acknowledged, this batch was written too."
            }
        }
        SeqKind::Failed { .. } => {
            if ru {
                "Продюсер сдался: записи батча не доставлены, приложение получит ошибку в callback."
            } else {
                "The producer gave up: the batch's records are not delivered, and the application gets the error in its callback."
            }
        }
        SeqKind::BrokerDown => {
            if ru {
                "Лидер партиции недоступен (например, идут выборы лидера)."
            } else {
                "The partition leader is unavailable (a leader election, say)."
            }
        }
        SeqKind::BrokerUp => {
            if ru {
                "Лидер снова принимает запросы."
            } else {
                "The leader accepts requests again."
            }
        }
    }
}

/// The diagram as mermaid text, in the chapter's format: lifelines,
/// `autonumber`, and one line per event; `label` words each line.
pub fn mermaid(lang: Lang, max_in_flight: u32, lines: &[(SeqKind, String)]) -> String {
    let (p, b) = match lang {
        Lang::Ru => (
            format!("Продюсер (max.in.flight={max_in_flight})"),
            "Брокер (Партиция 1)",
        ),
        Lang::En => (
            format!("Producer (max.in.flight={max_in_flight})"),
            "Broker (Partition 1)",
        ),
    };
    let mut out = format!(
        "sequenceDiagram\n    autonumber\n    participant P as {p}\n    participant B as {b}\n"
    );
    for (kind, label) in lines {
        // Mermaid ends a message at a newline or a semicolon.
        let label = label.replace([';', '\n'], ",");
        out.push_str(&format!(
            "    {}: {label}\n",
            crate::sim::scenes::producer::mermaid_arrow(*kind)
        ));
    }
    out
}

pub fn interventions_list(lang: Lang, faults: &[Fault], outages: &[Outage]) -> Vec<String> {
    let mut out: Vec<String> = faults
        .iter()
        .map(|f| {
            let what = match f.kind {
                FaultKind::LoseRequest => t(lang, ProducerMsg::LoseRequest).to_owned(),
                FaultKind::LoseResponse => t(lang, ProducerMsg::LoseResponse).to_owned(),
                FaultKind::Delay { ms } => delay_by(lang, ms),
            };
            fault_line(lang, f.batch, f.attempt, &what)
        })
        .collect();
    out.extend(outages.iter().map(|o| outage_line(lang, o.at, o.ms)));
    out
}

pub fn next_to_send(lang: Lang, key: &str, value: &str) -> String {
    match lang {
        Lang::Ru => format!("следующая: {key} · {value}"),
        Lang::En => format!("next: {key} · {value}"),
    }
}

// Long lists: what is drawn in full, and how the rest is summed up.

catalogue! {
    /// Notes under the density strips that stand for the rows not drawn,
    /// and what stands for a list that changes too fast to use.
    WindowMsg {
        LogStripNote => ("Полоса — весь лог: чем выше красный столбик, тем больше в этом месте записей не по порядку или дублей; рамка — строки, показанные выше.",
            "The strip is the whole log: the taller a red bar, the more records out of order or duplicated at that point; the frame marks the rows drawn above."),
        DiagramStripNote => ("Полоса — вся диаграмма во времени: высота — сколько было сообщений; высокий красный столбик — там терялись запросы или ответы, были ошибки или таймауты; рамка — строки, показанные ниже.",
            "The strip is the whole diagram over time: height is how many messages; a tall red bar means requests or answers were lost, or errors and timeouts happened, at that point; the frame marks the lines drawn below."),
        LogStripLabel => ("Весь лог: где записи не по порядку или дубли", "The whole log: where records are out of order or duplicated"),
        DiagramStripLabel => ("Вся диаграмма: сообщения, потери и ошибки во времени", "The whole diagram: messages, losses and errors over time"),
        PauseToInterfere => ("Идёт воспроизведение: поставьте на паузу, чтобы выбрать запрос в сети и вмешаться.", "Playing: pause to pick a request on the wire and interfere with it."),
    }
}

#[cfg(test)]
mod window_tests {
    use super::*;

    fn has_cyrillic(s: &str) -> bool {
        s.chars()
            .any(|c| matches!(c, 'а'..='я' | 'А'..='Я' | 'ё' | 'Ё'))
    }

    #[test]
    fn window_strings_exist_in_both_languages_and_carry_their_numbers() {
        for &msg in WindowMsg::ALL {
            assert!(has_cyrillic(t(Lang::Ru, msg)), "{msg:?}");
            assert!(!has_cyrillic(t(Lang::En, msg)), "{msg:?}");
        }
        for lang in [Lang::Ru, Lang::En] {
            let texts = [
                records_window(lang, 2000, 14),
                lines_window(lang, 7001, 16),
                earlier_hidden(lang, 93),
                members_hidden(lang, 40, 7),
            ];
            for (text, numbers) in
                texts
                    .iter()
                    .zip([&["2000", "14"][..], &["7001", "16"], &["93"], &["40", "7"]])
            {
                assert_eq!(has_cyrillic(text), lang == Lang::Ru, "{text}");
                for n in numbers {
                    assert!(text.contains(n), "{text} lacks {n}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_agrees_with_rust_formatting_away_from_exact_ties() {
        let mut rng = crate::sim::rng::Rng::new(7);
        for i in 0..20_000 {
            let magnitude = [1.0, 10.0, 1000.0, 1e6][i % 4];
            let v = (rng.next_u64() as f64 / u64::MAX as f64 - 0.5) * 2.0 * magnitude;
            for decimals in 0..4 {
                let ours = fixed(v, decimals);
                let rust = format!("{v:.prec$}", prec = decimals as usize);
                let scaled = v * 10_f64.powi(decimals as i32);
                // At an exact half the two may round different ways; both are
                // within half a unit in the last place, as the next check says.
                if (scaled.abs().fract() - 0.5).abs() > 1e-6 {
                    // Rust keeps the sign of a negative zero ("-0.0"); we don't.
                    let unsigned = rust.trim_start_matches('-');
                    let rust = if unsigned.chars().all(|c| c == '0' || c == '.') {
                        unsigned.to_owned()
                    } else {
                        rust.clone()
                    };
                    assert_eq!(ours, rust, "{v} to {decimals}");
                }
                let back: f64 = ours.parse().unwrap();
                assert!(
                    (back - v).abs() <= 0.5 / 10_f64.powi(decimals as i32) + 1e-9,
                    "{v} to {decimals}: {ours}"
                );
            }
        }
        assert_eq!(fixed(2.5, 1), "2.5");
        assert_eq!(fixed(0.1, 2), "0.10");
        assert_eq!(fixed(-1.23456, 3), "-1.235");
        assert_eq!(fixed(360.0, 0), "360");
        assert_eq!(fixed(f64::NAN, 1), "0");
    }

    fn has_cyrillic(s: &str) -> bool {
        s.chars()
            .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
    }

    #[test]
    fn every_message_exists_in_both_languages() {
        for &msg in Msg::ALL {
            let (ru, en) = (t(Lang::Ru, msg), t(Lang::En, msg));
            assert!(!ru.is_empty() && !en.is_empty(), "{msg:?}");
            // Terms that Kafka itself names stay the same in both languages;
            // everything else must really be translated.
            let same_ok = matches!(msg, Msg::LogEndOffset | Msg::NotCommitted);
            assert!(same_ok || ru != en, "{msg:?} is not translated");
            // The language switch is labelled in the language it switches to.
            if msg != Msg::SwitchLanguage && !same_ok {
                assert!(has_cyrillic(ru), "{msg:?} RU has no Russian: {ru}");
                assert!(!has_cyrillic(en), "{msg:?} EN has Russian: {en}");
            }
        }
    }

    /// Every message of a scene's catalogue is really translated: Russian
    /// in RU, none in EN, and the two differ. Kafka's own names (`kept`)
    /// may read the same in both.
    fn translated<M: Text + std::fmt::Debug>(all: &[M], kept: &[&str]) {
        for &msg in all {
            let (ru, en) = (t(Lang::Ru, msg), t(Lang::En, msg));
            assert!(!has_cyrillic(en), "{msg:?} EN has Russian: {en}");
            if kept.contains(&format!("{msg:?}").as_str()) {
                continue;
            }
            assert!(ru != en, "{msg:?} is not translated");
            assert!(has_cyrillic(ru), "{msg:?} RU has no Russian: {ru}");
        }
    }

    #[test]
    fn every_scene_message_exists_in_both_languages() {
        translated(LogMsg::ALL, &[]);
        translated(ReplicationMsg::ALL, &["StatNotEnough"]);
        translated(RoutingMsg::ALL, &[]);
        translated(ProducerMsg::ALL, &[]);
        translated(RepartitionMsg::ALL, &[]);
        translated(GroupMsg::ALL, &[]);
        translated(WorkersMsg::ALL, &[]);
        translated(DiskMsg::ALL, &[]);
        translated(RabbitMsg::ALL, &[]);
    }

    #[test]
    fn every_lesson_step_speaks_both_languages_and_asks_what_it_checks() {
        for &msg in LessonMsg::ALL {
            assert!(
                has_cyrillic(t(Lang::Ru, msg)) && !has_cyrillic(t(Lang::En, msg)),
                "{msg:?}"
            );
        }
        for (i, step) in crate::lesson::STEPS.iter().enumerate() {
            let n = i as u32 + 1;
            let (ru, en) = (lesson_text(Lang::Ru, n), lesson_text(Lang::En, n));
            assert!(has_cyrillic(ru.narration) && !has_cyrillic(en.narration));
            assert_eq!(ru.question.is_some(), step.answer.is_some(), "step {n}");
            assert_eq!(en.question.is_some(), step.answer.is_some(), "step {n}");
        }
    }

    #[test]
    fn mermaid_follows_the_chapters_format() {
        let lines = vec![
            (
                SeqKind::Send {
                    batch: 1,
                    attempt: 1,
                    base_seq: None,
                },
                "Batch 1: order-42 Created".to_owned(),
            ),
            (
                SeqKind::Append {
                    batch: 2,
                    first_offset: 100,
                    last_offset: 100,
                },
                "write batch 2: offset 100".to_owned(),
            ),
            (
                SeqKind::Ack {
                    batch: 2,
                    base_offset: 100,
                    duplicate: false,
                },
                "ACK; batch 2".to_owned(),
            ),
            (SeqKind::Timeout { batch: 1 }, "timeout".to_owned()),
        ];
        let text = mermaid(Lang::En, 5, &lines);
        assert_eq!(
            text,
            "sequenceDiagram\n    autonumber\n    participant P as Producer (max.in.flight=5)\n    participant B as Broker (Partition 1)\n    P->>B: Batch 1: order-42 Created\n    B->>B: write batch 2: offset 100\n    B-->>P: ACK, batch 2\n    Note over P: timeout\n"
        );
        assert!(mermaid(Lang::Ru, 5, &lines).contains("participant P as Продюсер"));
    }

    #[test]
    fn config_errors_and_diagram_lines_are_translated() {
        let e = ConfigError::IdempotenceNeedsAtMostFiveInFlight { max_in_flight: 6 };
        assert!(config_error(Lang::En, e).contains("at most 5"));
        assert!(has_cyrillic(&config_error(Lang::Ru, e)));
        let k = SeqKind::Error {
            batch: 2,
            code: ErrorCode::OutOfOrderSequenceNumber,
        };
        assert_eq!(
            seq_label(Lang::En, k, ""),
            "batch 2: OUT_OF_ORDER_SEQUENCE_NUMBER (45)"
        );
        for lang in [Lang::Ru, Lang::En] {
            assert!(!seq_explain(lang, k, true).is_empty());
        }
    }

    #[test]
    fn captions_carry_their_numbers() {
        let c = LogCaption::Appended {
            offset: 4,
            log_end_offset: 5,
            rolled_full_segment_bytes: Some(331),
        };
        for lang in [Lang::Ru, Lang::En] {
            let text = log_caption(lang, c, 350);
            assert!(text.contains("00000000000000000004.log"), "{text}");
            assert!(text.contains("331") && text.contains("350") && text.contains('5'));
        }
        let sent = LogCaption::Sent {
            order: 42,
            event: OrderEvent::Paid,
        };
        assert!(log_caption(Lang::En, sent, 350).contains("order-42 · Paid"));
        assert!(has_cyrillic(&log_caption(Lang::Ru, sent, 350)));
    }

    #[test]
    fn violations_name_both_steps_and_where_they_were() {
        let v = Violation {
            observer: crate::sim::checker::Observer::Group {
                group_id: "order-service".into(),
            },
            key: "order-42".into(),
            step: 1,
            position: Position::new(1, 101),
            at: SimTime(9),
            kind: FindingKind::Reorder {
                seen_step: 2,
                seen_at: Position::new(1, 100),
            },
        };
        assert_eq!(
            violation(Lang::En, &v),
            "⚠ order-42: Created (partition 1, offset 101) came after Paid (partition 1, offset 100)"
        );
        assert!(has_cyrillic(&violation(Lang::Ru, &v)));
    }

    #[test]
    fn numbers_follow_the_language() {
        assert_eq!(seconds(Lang::En, SimTime(1500)), "1.500\u{a0}s");
        assert_eq!(seconds(Lang::Ru, SimTime(1500)), "1,500\u{a0}с");
        assert_eq!(speed(Lang::En, 0.1), "0.10×");
        assert_eq!(speed(Lang::Ru, 2.5), "2,5×");
    }

    #[test]
    fn issues_name_the_parameter_in_both_languages() {
        let issue = ParamIssue::NotANumber {
            name: "seed",
            value: "abc".into(),
        };
        for lang in [Lang::Ru, Lang::En] {
            let text = param_issue(lang, &issue);
            assert!(text.contains("seed") && text.contains("abc"), "{text}");
        }
    }
}
