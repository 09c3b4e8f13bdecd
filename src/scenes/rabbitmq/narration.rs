//! The RabbitMQ scene's narration: what the latest step did on either
//! side, in the queue's words for RabbitMQ (queue, message, consumer, ack)
//! and in Kafka's for Kafka (partition, offset), in Russian and English.

use crate::i18n::Lang;
use crate::i18n::{event_name, number, plural_en, plural_ru};
use crate::scenes::rabbitmq::model::{
    order_key, Delivery, Message, RabbitCaption, RabbitNarration, Remedy, MESSAGES, PREFETCH,
};

/// A consumer as the panels name it, numbered from 1.
fn consumer(c: u32) -> String {
    format!("consumer-{}", c + 1)
}

/// "message #6 (order-3 · Paid)", numbered from 1 as the findings are.
fn message(lang: Lang, m: Message) -> String {
    let event = event_name(lang, m.event.step());
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "сообщение №{} ({} · {event})",
            m.index + 1,
            order_key(m.order)
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "message #{} ({} · {event})",
            m.index + 1,
            order_key(m.order)
        ),
    }
}

/// "#3, #5", "№3, №5": messages already in a consumer's hands.
fn numbers(lang: Lang, list: &[u32]) -> String {
    let sign = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => "№",
        #[cfg(feature = "lang-en")]
        Lang::En => "#",
    };
    list.iter()
        .map(|m| format!("{sign}{}", m + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "4 unacknowledged messages", "4 неподтверждённых сообщения".
fn unacked(lang: Lang) -> String {
    let n = PREFETCH as u64;
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "{} {}",
            number(lang, n),
            plural_ru(
                n,
                "неподтверждённое сообщение",
                "неподтверждённых сообщения",
                "неподтверждённых сообщений"
            )
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "{} {}",
            number(lang, n),
            plural_en(n, "unacknowledged message", "unacknowledged messages")
        ),
    }
}

pub fn rabbitmq_narration(lang: Lang, n: &RabbitNarration) -> String {
    match &n.intro {
        Some(intro) => format!(
            "{} {}",
            rabbitmq_caption(lang, intro),
            rabbitmq_caption(lang, &n.step)
        ),
        None => rabbitmq_caption(lang, &n.step),
    }
}

/// What the whole run showed, once every message is handled: how many
/// orders each side broke, and why.
pub fn rabbitmq_verdict(lang: Lang, rabbit: usize, kafka: usize) -> String {
    let count = |n: usize| {
        let n = n as u64;
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{} {}",
                number(lang, n),
                plural_ru(
                    n,
                    "нарушение порядка",
                    "нарушения порядка",
                    "нарушений порядка"
                )
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{} {}",
                number(lang, n),
                plural_en(n, "order violation", "order violations")
            ),
        }
    };
    let why = match (lang, rabbit > 0, kafka > 0) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, true, false) => " В очереди события одного заказа достаются разным консьюмерам или возвращаются в неё и отстают, а в Kafka все события заказа лежат в одной партиции, и её по порядку offset'ов читает один консьюмер группы.",
        #[cfg(feature = "lang-en")]
        (Lang::En, true, false) => " On the queue, one order's events go to different consumers or come back to it and fall behind; in Kafka all of an order's events are in one partition, which one consumer of the group reads in offset order.",
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, false, false) => " Обе стороны сохранили порядок каждого заказа.",
        #[cfg(feature = "lang-en")]
        (Lang::En, false, false) => " Both sides kept every order's events in order.",
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, _, true) => " Порядок сломан и в Kafka: посмотрите в списке нарушений, на каком offset'е.",
        #[cfg(feature = "lang-en")]
        (Lang::En, _, true) => " Kafka broke an order too: the list of violations names the offset.",
    };
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "Все сообщения обработаны. RabbitMQ: {}; Kafka: {}.{why}",
            count(rabbit),
            count(kafka)
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "Every message is handled. RabbitMQ: {}; Kafka: {}.{why}",
            count(rabbit),
            count(kafka)
        ),
    }
}

pub fn rabbitmq_caption(lang: Lang, c: &RabbitCaption) -> String {
    match c {
        RabbitCaption::Intro {
            consumers,
            remedy,
            requeue,
        } => intro(lang, *consumers, *remedy, *requeue),
        RabbitCaption::Published {
            message: m,
            remedy,
            queue,
            delivery,
            partition,
            offset,
        } => {
            let rabbit = published(lang, *m, *remedy, *queue, delivery);
            let reader = consumer(*partition);
            match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!(
                    "Опубликовано {}. RabbitMQ: {rabbit}. Kafka: оно записано в партицию {partition} под offset {offset}, и читает её только {reader}.",
                    message(lang, *m)
                ),
                #[cfg(feature = "lang-en")]
                Lang::En => format!(
                    "Published {}. RabbitMQ: {rabbit}. Kafka: it was appended to partition {partition} at offset {offset}, which only {reader} reads.",
                    message(lang, *m)
                ),
            }
        }
        RabbitCaption::Acked {
            consumer: c,
            message: m,
            redelivered,
            broke,
        } => acked(lang, *c, *m, *redelivered, *broke),
        RabbitCaption::Nacked {
            consumer: c,
            message: m,
            requeued,
        } => {
            let then = match (requeued, lang) {
                #[cfg(feature = "lang-ru")]
                (Delivery::Consumer { consumer: k, behind }, Lang::Ru) if !behind.is_empty() => format!(
                    "снова доставлено консьюмеру {} — за {}, которые он уже держит: их он обработает раньше",
                    consumer(*k),
                    numbers(lang, behind)
                ),
                #[cfg(feature = "lang-en")]
                (Delivery::Consumer { consumer: k, behind }, Lang::En) if !behind.is_empty() => format!(
                    "was delivered again to {}, behind {}, which it already holds: those are handled first",
                    consumer(*k),
                    numbers(lang, behind)
                ),
                #[cfg(feature = "lang-ru")]
                (Delivery::Consumer { consumer: k, .. }, Lang::Ru) => {
                    format!("снова доставлено консьюмеру {}, и он сразу берётся за него", consumer(*k))
                }
                #[cfg(feature = "lang-en")]
                (Delivery::Consumer { consumer: k, .. }, Lang::En) => {
                    format!("was delivered again to {}, which starts on it at once", consumer(*k))
                }
                #[cfg(feature = "lang-ru")]
                (Delivery::Queued, Lang::Ru) => {
                    "ждёт там, пока в чьём-нибудь окне prefetch не освободится место".to_owned()
                }
                #[cfg(feature = "lang-en")]
                (Delivery::Queued, Lang::En) => "waits there until a prefetch window has room".to_owned(),
            };
            match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!(
                    "RabbitMQ: {} не смог обработать {} и вернул его через basic.nack с requeue=true. Оно встало в голову очереди и {then}.",
                    consumer(*c),
                    message(lang, *m)
                ),
                #[cfg(feature = "lang-en")]
                Lang::En => format!(
                    "RabbitMQ: {} failed on {} and nacked it with requeue=true. It went back to the head of the queue and {then}.",
                    consumer(*c),
                    message(lang, *m)
                ),
            }
        }
        RabbitCaption::KafkaHandled {
            consumer: c,
            offset,
            message: m,
        } => {
            let key = order_key(m.order);
            match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!(
                    "Kafka: {} обработал offset {offset} партиции {c} ({key} · {}). Он читает партицию по порядку offset'ов, а все события {key} лежат в ней, поэтому их порядок сохраняется.",
                    consumer(*c),
                    event_name(lang, m.event.step())
                ),
                #[cfg(feature = "lang-en")]
                Lang::En => format!(
                    "Kafka: {} handled offset {offset} of partition {c} ({key} · {}). It reads its partition in offset order, and all of {key}'s events are in it, so they stay in order.",
                    consumer(*c),
                    event_name(lang, m.event.step())
                ),
            }
        }
        RabbitCaption::KafkaRetried {
            consumer: c,
            offset,
            message: m,
        } => {
            let key = order_key(m.order);
            match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!(
                    "Kafka: {} не смог обработать offset {offset} партиции {c} ({key} · {}) и обрабатывает его снова, на том же offset'е. Следующие offset'ы ждут, и порядок {key} сохраняется.",
                    consumer(*c),
                    event_name(lang, m.event.step())
                ),
                #[cfg(feature = "lang-en")]
                Lang::En => format!(
                    "Kafka: {} failed on offset {offset} of partition {c} ({key} · {}) and handles it again, at the same offset. The offsets after it wait, so {key} keeps its order.",
                    consumer(*c),
                    event_name(lang, m.event.step())
                ),
            }
        }
    }
}

fn intro(lang: Lang, consumers: u32, remedy: Remedy, requeue: bool) -> String {
    let n = u64::from(MESSAGES);
    let events = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "{} {}",
            number(lang, n),
            plural_ru(n, "событие", "события", "событий")
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{} {}", number(lang, n), plural_en(n, "event", "events")),
    };
    let how = match (remedy, lang) {
        #[cfg(feature = "lang-ru")]
        (Remedy::None, Lang::Ru) if consumers == 1 => "В RabbitMQ очередь читает один консьюмер, в Kafka — один консьюмер единственную партицию.",
        #[cfg(feature = "lang-en")]
        (Remedy::None, Lang::En) if consumers == 1 => "In RabbitMQ one consumer reads the queue; in Kafka one consumer reads the only partition.",
        #[cfg(feature = "lang-ru")]
        (Remedy::None, Lang::Ru) => "В RabbitMQ консьюмеры конкурируют за сообщения одной очереди, и она раздаёт их по кругу; в Kafka каждый консьюмер владеет своей партицией.",
        #[cfg(feature = "lang-en")]
        (Remedy::None, Lang::En) => "In RabbitMQ the consumers compete for the messages of one queue, which hands them out in turn; in Kafka each consumer owns a partition.",
        #[cfg(feature = "lang-ru")]
        (Remedy::SingleActiveConsumer, Lang::Ru) => "В RabbitMQ у очереди один активный консьюмер (single active consumer), consumer-1, остальные ждут; в Kafka каждый консьюмер владеет своей партицией.",
        #[cfg(feature = "lang-en")]
        (Remedy::SingleActiveConsumer, Lang::En) => "In RabbitMQ the queue has a single active consumer, consumer-1, and the others wait; in Kafka each consumer owns a partition.",
        #[cfg(feature = "lang-ru")]
        (Remedy::ConsistentHash, Lang::Ru) => "В RabbitMQ consistent-hash exchange направляет каждый заказ по ключу в одну из очередей, по одной на консьюмера; в Kafka каждый консьюмер владеет своей партицией.",
        #[cfg(feature = "lang-en")]
        (Remedy::ConsistentHash, Lang::En) => "In RabbitMQ a consistent-hash exchange routes each order by its key to one of the queues, one per consumer; in Kafka each consumer owns a partition.",
    };
    let fails = match (requeue, lang) {
        (false, _) => "",
        #[cfg(feature = "lang-ru")]
        (true, Lang::Ru) => " Одно сообщение один раз не обработается и вернётся в очередь через basic.nack с requeue=true.",
        #[cfg(feature = "lang-en")]
        (true, Lang::En) => " One message fails once and goes back to the queue with basic.nack, requeue=true.",
    };
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "Нажмите ▶ или →: одни и те же {events} заказов публикуются в очередь RabbitMQ и в топик Kafka, консьюмеров на каждой стороне — {consumers}. {how} Очередь выдаёт консьюмеру сообщения заранее, до подтверждения, но не больше {PREFETCH} сразу: это его окно prefetch (basic.qos).{fails} Следите за счётчиком нарушений порядка на обеих сторонах."
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "Press ▶ or →: the same {events} of orders are published to a RabbitMQ queue and to a Kafka topic, with {consumers} {} on each side. {how}{fails} Watch the order violations on both sides.",
            plural_en(consumers.into(), "consumer", "consumers")
        ),
    }
}

/// The RabbitMQ half of a publish: which queue, and which consumer got it.
fn published(
    lang: Lang,
    m: Message,
    remedy: Remedy,
    queue: Option<u32>,
    delivery: &Delivery,
) -> String {
    let key = order_key(m.order);
    let routed = queue.map(|q| match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "consistent-hash exchange по ключу {key} направил его в очередь {}",
            q + 1
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "the consistent-hash exchange routed it by its key {key} to queue {}",
            q + 1
        ),
    });
    let window = unacked(lang);
    let delivered = match (delivery, lang) {
        #[cfg(feature = "lang-ru")]
        (Delivery::Consumer { consumer: c, behind }, Lang::Ru) => {
            let to = format!("очередь сразу доставила его консьюмеру {}", consumer(*c));
            match (behind.is_empty(), remedy) {
                (false, _) => format!("{to}, и там оно ждёт за {}", numbers(lang, behind)),
                (true, Remedy::None) => format!("{to}: в его окне prefetch было место"),
                (true, _) => format!("{to}, и он сразу берётся за него"),
            }
        }
        #[cfg(feature = "lang-en")]
        (Delivery::Consumer { consumer: c, behind }, Lang::En) => {
            let to = format!("the queue delivered it at once to {}", consumer(*c));
            match (behind.is_empty(), remedy) {
                (false, _) => format!("{to}, where it waits behind {}", numbers(lang, behind)),
                (true, Remedy::None) => format!("{to}, which had room in its prefetch window"),
                (true, _) => format!("{to}, which starts on it right away"),
            }
        }
        #[cfg(feature = "lang-ru")]
        (Delivery::Queued, Lang::Ru) => match remedy {
            Remedy::SingleActiveConsumer => format!("оно ждёт в очереди, потому что у consumer-1, единственного активного консьюмера, уже {window} (basic.qos)"),
            _ => format!("оно ждёт в очереди, потому что у каждого консьюмера, которому его можно отдать, уже {window} (basic.qos)"),
        },
        #[cfg(feature = "lang-en")]
        (Delivery::Queued, Lang::En) => match remedy {
            Remedy::SingleActiveConsumer => format!("it waits in the queue, as consumer-1, the single active consumer, already holds {window} (basic.qos)"),
            _ => format!("it waits in the queue, as every consumer allowed to take it already holds {window} (basic.qos)"),
        },
    };
    match routed {
        Some(r) => format!("{r}; {delivered}"),
        None => delivered,
    }
}

fn acked(
    lang: Lang,
    c: u32,
    m: Message,
    redelivered: bool,
    broke: Option<(u32, u32, u32)>,
) -> String {
    let key = order_key(m.order);
    let mut out = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "RabbitMQ: {} обработал {} и подтвердил его (basic.ack): в окне prefetch освободилось место.",
            consumer(c),
            message(lang, m)
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "RabbitMQ: {} handled {} and acked it (basic.ack), freeing a slot in its prefetch window.",
            consumer(c),
            message(lang, m)
        ),
    };
    if redelivered {
        out.push_str(match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => " Это возвращённое в очередь сообщение, со второй доставки.",
            #[cfg(feature = "lang-en")]
            Lang::En => " This is the requeued message, on its second delivery.",
        });
    }
    if let Some((step, by, seen)) = broke {
        let later = event_name(lang, step);
        let why = match (redelivered, by == c, lang) {
            #[cfg(feature = "lang-ru")]
            (true, _, Lang::Ru) => "requeue поставил это сообщение за ним",
            #[cfg(feature = "lang-en")]
            (true, _, Lang::En) => "the requeue put this message behind it",
            #[cfg(feature = "lang-ru")]
            (false, false, Lang::Ru) => "конкурирующий консьюмер оказался быстрее",
            #[cfg(feature = "lang-en")]
            (false, false, Lang::En) => "a competing consumer was faster",
            #[cfg(feature = "lang-ru")]
            (false, true, Lang::Ru) => "консьюмер получил его раньше",
            #[cfg(feature = "lang-en")]
            (false, true, Lang::En) => "the consumer got it first",
        };
        out.push_str(&match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                " Но более позднее событие {key}, {later}, уже обработано ({}, сообщение №{}): {why}, и порядок {key} нарушен.",
                consumer(by),
                seen + 1
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                " But {key}'s later event {later} was handled already ({}, message #{}): {why}, and {key} is out of order.",
                consumer(by),
                seen + 1
            ),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::sim::record::OrderEvent;

    fn msg(index: u32, order: u32, step: usize) -> Message {
        Message {
            index,
            order,
            event: OrderEvent::ALL[step - 1],
        }
    }

    #[test]
    fn the_verdict_counts_each_side_and_says_why() {
        assert_eq!(
            rabbitmq_verdict(Lang::Ru, 7, 0)
                .split(" В очереди")
                .next()
                .unwrap(),
            "Все сообщения обработаны. RabbitMQ: 7 нарушений порядка; Kafka: 0 нарушений порядка."
        );
        assert!(rabbitmq_verdict(Lang::Ru, 21, 0).contains("RabbitMQ: 21 нарушение порядка;"));
        assert!(rabbitmq_verdict(Lang::Ru, 2, 0).contains("RabbitMQ: 2 нарушения порядка;"));
        assert!(rabbitmq_verdict(Lang::En, 1, 0)
            .contains("RabbitMQ: 1 order violation; Kafka: 0 order violations."));
        assert!(rabbitmq_verdict(Lang::En, 0, 0)
            .ends_with("Both sides kept every order's events in order."));
        for (r, k) in [(7, 0), (0, 0), (2, 1)] {
            assert!(has_cyrillic(&rabbitmq_verdict(Lang::Ru, r, k)));
            assert!(!has_cyrillic(&rabbitmq_verdict(Lang::En, r, k)));
        }
    }

    fn every_caption() -> Vec<RabbitCaption> {
        use RabbitCaption::*;
        let m = msg(5, 3, 2);
        let to = |consumer, behind: Vec<u32>| Delivery::Consumer { consumer, behind };
        let mut all = Vec::new();
        for remedy in Remedy::ALL {
            for (consumers, requeue) in [(1, false), (3, true)] {
                all.push(Intro {
                    consumers,
                    remedy,
                    requeue,
                });
            }
            for delivery in [to(1, vec![]), to(1, vec![2, 4]), Delivery::Queued] {
                all.push(Published {
                    message: m,
                    remedy,
                    queue: (remedy == Remedy::ConsistentHash).then_some(1),
                    delivery,
                    partition: 2,
                    offset: 4,
                });
            }
        }
        for (redelivered, broke) in [
            (false, None),
            (false, Some((3, 0, 7))),
            (false, Some((3, 1, 7))),
            (true, Some((3, 1, 7))),
        ] {
            all.push(Acked {
                consumer: 1,
                message: m,
                redelivered,
                broke,
            });
        }
        for requeued in [to(0, vec![6, 7, 8]), to(2, vec![]), Delivery::Queued] {
            all.push(Nacked {
                consumer: 0,
                message: m,
                requeued,
            });
        }
        all.push(KafkaHandled {
            consumer: 2,
            offset: 4,
            message: m,
        });
        all.push(KafkaRetried {
            consumer: 2,
            offset: 4,
            message: m,
        });
        all
    }

    #[test]
    fn every_caption_speaks_both_languages() {
        for c in every_caption() {
            let (ru, en) = (
                rabbitmq_caption(Lang::Ru, &c),
                rabbitmq_caption(Lang::En, &c),
            );
            assert!(has_cyrillic(&ru), "{ru}");
            assert!(!has_cyrillic(&en), "{en}");
            for text in [&ru, &en] {
                assert!(text.ends_with('.'), "{text}");
                assert!(!text.contains("  ") && !text.contains(" ."), "{text}");
            }
        }
    }

    #[test]
    fn each_side_speaks_its_own_vocabulary() {
        for c in every_caption() {
            let en = rabbitmq_caption(Lang::En, &c);
            match c {
                RabbitCaption::Acked { .. } | RabbitCaption::Nacked { .. } => {
                    assert!(
                        en.starts_with("RabbitMQ: ") && en.contains("message #6"),
                        "{en}"
                    );
                    assert!(!en.contains("offset") && !en.contains("partition"), "{en}");
                }
                RabbitCaption::KafkaHandled { .. } | RabbitCaption::KafkaRetried { .. } => {
                    assert!(
                        en.starts_with("Kafka: ") && en.contains("offset 4 of partition 2"),
                        "{en}"
                    );
                    assert!(!en.contains("message") && !en.contains("queue"), "{en}");
                }
                _ => {}
            }
        }
    }

    #[test]
    fn the_steps_read_as_sentences_with_their_numbers() {
        let published = RabbitCaption::Published {
            message: msg(3, 2, 2),
            remedy: Remedy::None,
            queue: None,
            delivery: Delivery::Consumer {
                consumer: 0,
                behind: vec![0],
            },
            partition: 0,
            offset: 3,
        };
        assert_eq!(
            rabbitmq_caption(Lang::En, &published),
            "Published message #4 (order-2 · Paid). RabbitMQ: the queue delivered it at once to consumer-1, where it waits behind #1. Kafka: it was appended to partition 0 at offset 3, which only consumer-1 reads."
        );
        assert_eq!(
            rabbitmq_caption(Lang::Ru, &published),
            "Опубликовано сообщение №4 (order-2 · Paid). RabbitMQ: очередь сразу доставила его консьюмеру consumer-1, и там оно ждёт за №1. Kafka: оно записано в партицию 0 под offset 3, и читает её только consumer-1."
        );
        let broke = RabbitCaption::Acked {
            consumer: 2,
            message: msg(2, 2, 1),
            redelivered: false,
            broke: Some((2, 0, 3)),
        };
        assert_eq!(
            rabbitmq_caption(Lang::En, &broke),
            "RabbitMQ: consumer-3 handled message #3 (order-2 · Created) and acked it (basic.ack), freeing a slot in its prefetch window. But order-2's later event Paid was handled already (consumer-1, message #4): a competing consumer was faster, and order-2 is out of order."
        );
        let nacked = RabbitCaption::Nacked {
            consumer: 0,
            message: msg(10, 4, 1),
            requeued: Delivery::Consumer {
                consumer: 0,
                behind: vec![11, 12, 13],
            },
        };
        assert_eq!(
            rabbitmq_caption(Lang::Ru, &nacked),
            "RabbitMQ: consumer-1 не смог обработать сообщение №11 (order-4 · Created) и вернул его через basic.nack с requeue=true. Оно встало в голову очереди и снова доставлено консьюмеру consumer-1 — за №12, №13, №14, которые он уже держит: их он обработает раньше."
        );
        let retried = RabbitCaption::KafkaRetried {
            consumer: 2,
            offset: 0,
            message: msg(10, 4, 1),
        };
        assert_eq!(
            rabbitmq_caption(Lang::En, &retried),
            "Kafka: consumer-3 failed on offset 0 of partition 2 (order-4 · Created) and handles it again, at the same offset. The offsets after it wait, so order-4 keeps its order."
        );
    }

    #[test]
    fn at_0_ms_the_intro_leads_the_step() {
        let n = RabbitNarration {
            intro: Some(RabbitCaption::Intro {
                consumers: 3,
                remedy: Remedy::None,
                requeue: false,
            }),
            step: RabbitCaption::KafkaHandled {
                consumer: 2,
                offset: 4,
                message: msg(5, 3, 2),
            },
        };
        let ru = rabbitmq_narration(Lang::Ru, &n);
        assert!(ru.starts_with("Нажмите ▶ или →:"), "{ru}");
        assert!(ru.ends_with("на обеих сторонах. Kafka: consumer-3 обработал offset 4 партиции 2 (order-3 · Paid). Он читает партицию по порядку offset'ов, а все события order-3 лежат в ней, поэтому их порядок сохраняется."), "{ru}");
        assert_eq!(
            rabbitmq_narration(
                Lang::En,
                &RabbitNarration {
                    intro: None,
                    step: n.step.clone()
                }
            ),
            rabbitmq_caption(Lang::En, &n.step)
        );
    }

    #[test]
    fn counts_agree_with_their_words() {
        let intro = |consumers, lang| {
            rabbitmq_caption(
                lang,
                &RabbitCaption::Intro {
                    consumers,
                    remedy: Remedy::None,
                    requeue: false,
                },
            )
        };
        assert!(
            intro(1, Lang::En)
                .contains("with 1 consumer on each side. In RabbitMQ one consumer reads the queue"),
            "{}",
            intro(1, Lang::En)
        );
        assert!(
            intro(3, Lang::En).contains("the same 48 events of orders"),
            "{}",
            intro(3, Lang::En)
        );
        assert!(
            intro(3, Lang::En).contains("with 3 consumers on each side"),
            "{}",
            intro(3, Lang::En)
        );
        assert!(
            intro(3, Lang::Ru).contains("одни и те же 48 событий заказов"),
            "{}",
            intro(3, Lang::Ru)
        );
        assert!(
            intro(3, Lang::Ru).contains("консьюмеров на каждой стороне — 3."),
            "{}",
            intro(3, Lang::Ru)
        );
        let queued = RabbitCaption::Published {
            message: msg(17, 6, 1),
            remedy: Remedy::None,
            queue: None,
            delivery: Delivery::Queued,
            partition: 0,
            offset: 8,
        };
        assert!(rabbitmq_caption(Lang::Ru, &queued)
            .contains("уже 4 неподтверждённых сообщения (basic.qos)"));
        assert!(rabbitmq_caption(Lang::En, &queued)
            .contains("already holds 4 unacknowledged messages (basic.qos)"));
    }
}
