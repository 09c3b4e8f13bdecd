//! The guided lesson's words: its fixed strings, and each step's narration
//! and question, in Russian and English.

use crate::i18n::catalogue;
use crate::i18n::Lang;
use crate::params::SceneId;

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

/// The words of the step at `position` (1-based, in lesson order). Each
/// step's words are its scene's (step `S.P` is scene S's), so a scene's
/// own bundle carries only its steps'.
pub fn lesson_text(lang: Lang, position: u32) -> LessonText {
    let ru = lang.is_ru();
    let id = crate::lesson::step(position).map_or("", |s| s.id);
    let (narration, question) = match id {
        "1.1" if SceneId::Log.built_in() => (
            if ru {
                "Партиция — это лог: записи только дописываются и получают следующий offset, консьюмер читает по порядку. Проиграйте или шагайте стрелками."
            } else {
                "A partition is a log: records are only appended and get the next offset, and the consumer reads in order. Play it or step with the arrows."
            },
            None,
        ),
        "2.1" if SceneId::Replication.built_in() => (
            if ru {
                "Реплики копируют лог лидера в его порядке. Уроните лидера: новый лидер из ISR хранит те же offset'ы, расхождений нет."
            } else {
                "Replicas copy the leader's log in its order. Crash the leader: the new leader from the ISR holds the same offsets, with no difference."
            },
            None,
        ),
        "3.1" if SceneId::Routing.built_in() => (
            if ru {
                "Порядок есть только внутри партиции, поэтому всё решает, куда ляжет запись. Java-продюсер берёт murmur2 от байтов ключа по модулю числа партиций: у одного ключа одна партиция. Поменяйте ключ или число партиций и посмотрите, кто из Go-клиентов с Java не согласен."
            } else {
                "Order exists only inside a partition, so everything depends on where a record lands. The Java producer takes murmur2 of the key's bytes modulo the partition count: one key, one partition. Change the key or the partition count and see which Go clients disagree with Java."
            },
            None,
        ),
        "4.1" if SceneId::Producer.built_in() => (
            if ru {
                "Пять запросов в полёте, без идемпотентности. Батч 1 (Created) пришёл повреждённым, и брокер ответил CORRUPT_MESSAGE; батч 2 (Paid) уже в пути и ляжет под offset 100."
            } else {
                "Five requests in flight, no idempotence. Batch 1 (Created) arrived damaged and the broker answered CORRUPT_MESSAGE; batch 2 (Paid) is already on its way and will land at offset 100."
            },
            Some(if ru {
                ("Продюсер повторит батч 1. Куда он ляжет?", ["перед Paid, под offset 99", "после Paid, под offset 101", "никуда, он потерян"], "Лог только дописывается: повтор встанет в конец, под 101. Заказ «оплачен» раньше, чем «создан».")
            } else {
                ("The producer will retry batch 1. Where will it land?", ["before Paid, at offset 99", "after Paid, at offset 101", "nowhere, it is lost"], "The log only appends: the retry goes to the end, at 101. The order is 'paid' before it is 'created'.")
            }),
        ),
        "4.2" if SceneId::Producer.built_in() => (
            if ru {
                "То же самое, но enable.idempotence=true, и брокер этого продюсера знает: offset'ы 0–99 он записал сам, с номерами 0–99. У батча 1 номер 100, у батча 2 — 101."
            } else {
                "The same, with enable.idempotence=true, and the broker knows this producer: it wrote offsets 0–99 itself, with sequences 0–99. Batch 1 carries sequence 100, batch 2 sequence 101."
            },
            Some(if ru {
                ("Что брокер сделает с батчем 2, пока батча 1 нет?", ["запишет под offset 100", "откажет: OUT_OF_ORDER_SEQUENCE_NUMBER", "молча выбросит"], "Брокер знает продюсера и ждёт номер 100, «последний + 1». Номер 101 не по порядку — отказ, и продюсер повторит оба батча по порядку номеров. Продюсера, которого брокер не видел, он принял бы с любого номера: смотрите сценарий «Новый продюсер».")
            } else {
                ("What will the broker do with batch 2 while batch 1 is missing?", ["write it at offset 100", "refuse it: OUT_OF_ORDER_SEQUENCE_NUMBER", "drop it silently"], "The broker knows this producer and expects 100, 'last + 1'. 101 is out of sequence, so it is refused, and the producer resends both in sequence order. A producer the broker has never seen it would accept at any sequence: see the “A new producer” preset.")
            }),
        ),
        "5.1" if SceneId::Repartition.built_in() => (
            if ru {
                "Через мгновение топик вырастет с 3 до 4 партиций. Продюсер узнает об этом при ближайшем обновлении метаданных и начнёт считать партицию по новому числу."
            } else {
                "In a moment the topic grows from 3 to 4 partitions. The producer learns of it at its next metadata refresh, and then routes with the new count."
            },
            Some(if ru {
                ("Сломается ли порядок хотя бы одного заказа?", ["да", "нет, порядок внутри ключа гарантирован", "только если добавить консьюмеров"], "Ключ переезжает: ранние события ждут в загруженной старой партиции, поздние сразу обрабатывает новая. Порядок ломается без единой ошибки.")
            } else {
                ("Will at least one order be handled out of order?", ["yes", "no, order within a key is guaranteed", "only if consumers are added"], "The key moves: its early events wait in a busy old partition while a new one handles the later ones at once. Order breaks without a single error.")
            }),
        ),
        "6.1" if SceneId::Group.built_in() => (
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
        "7.1" if SceneId::Workers.built_in() => (
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
        "8.1" if SceneId::Disk.built_in() => (
            if ru {
                "Kafka быстра не вопреки логу, а благодаря ему: запись — это дописывание в конец файла, а чтение по порядку идёт подряд и попадает в кэш страниц. Сравните последовательное чтение со случайным на диске и на NVMe."
            } else {
                "Kafka is fast because of the log, not despite it: a write appends to the end of a file, and an in-order read runs straight through and hits the page cache. Compare sequential and random reads on a disk and on NVMe."
            },
            None,
        ),
        "9.1" if SceneId::RabbitMq.built_in() => (
            if ru {
                "В RabbitMQ конкурирующие консьюмеры ломают порядок; в Kafka конкуренция идёт за партиции."
            } else {
                "In RabbitMQ competing consumers break order; in Kafka they compete for partitions."
            },
            None,
        ),
        "10.1" if SceneId::Pipeline.built_in() => (
            if ru {
                "Итог главы: весь путь сервиса заказов сразу. Продюсер здесь без идемпотентности, пять запросов в полёте, и сеть иногда портит запросы. Проиграйте и посмотрите, что найдёт проверка. Это конец урока."
            } else {
                "The chapter summed up: an order service's whole path at once. The producer here has no idempotence, five requests in flight, and the wire now and then damages a request. Play it and see what the checker finds. That is the end of the lesson."
            },
            Some(if ru {
                ("На каком этапе сломается порядок заказов?", ["у продюсера: повтор ляжет после следующего батча", "в партиционере: ключ разведёт события", "в обработчике: горутины закончат вразнобой"], "Ключ и обработчик здесь правильные; порядок ломает повтор неидемпотентного продюсера. Проверка покажет две записи, их путь и исправление: enable.idempotence=true.")
            } else {
                ("At which stage will the orders' order break?", ["the producer: a retry lands after the next batch", "the partitioner: the key splits the events", "the handler: goroutines finish in any order"], "The key and the handler are right here; a retry of a producer without idempotence breaks the order. The checker shows the two records, their path and the fix: enable.idempotence=true.")
            }),
        ),
        // A step of a scene this bundle does not carry is never shown in
        // it: the page's loader starts the step's own scene's bundle.
        _ => ("", None),
    };
    LessonText {
        narration,
        question,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::i18n::t;

    #[test]
    fn every_lesson_step_speaks_both_languages_and_asks_what_it_checks() {
        for &msg in LessonMsg::ALL {
            assert!(
                has_cyrillic(t(Lang::Ru, msg)) && !has_cyrillic(t(Lang::En, msg)),
                "{msg:?}"
            );
        }
        for (i, step) in super::super::STEPS.iter().enumerate() {
            let n = i as u32 + 1;
            let (ru, en) = (lesson_text(Lang::Ru, n), lesson_text(Lang::En, n));
            assert!(has_cyrillic(ru.narration) && !has_cyrillic(en.narration));
            assert_eq!(ru.question.is_some(), step.answer.is_some(), "step {n}");
            assert_eq!(en.question.is_some(), step.answer.is_some(), "step {n}");
        }
    }
}
