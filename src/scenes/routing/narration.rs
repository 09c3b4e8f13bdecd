//! The routing stream's narration: which partition each record went to and
//! why, what its batch did, and what that means for each order's order, in
//! Russian and English.

use crate::i18n::Lang;
use crate::i18n::{
    count, count_gen, event_name, millis, number, plural_ru, BYTES, EVENTS, PARTITIONS, RECORDS,
};
use crate::scenes::routing::model::{
    order_key, RoutingCaption, Stick, StreamKeys, StreamRoute, STREAM_LEN, STREAM_ORDERS, TOPIC,
};
use crate::sim::keyless::KeylessStrategy;

fn consumer(partition: u32) -> String {
    format!("consumer-{}", partition + 1)
}

fn lane(partition: u32) -> String {
    format!("{TOPIC}-{partition}")
}

fn strategy_name(s: KeylessStrategy) -> &'static str {
    match s {
        KeylessStrategy::RoundRobin => "round-robin",
        KeylessStrategy::Sticky => "sticky",
        KeylessStrategy::UniformSticky => "uniform sticky",
    }
}

fn intro(lang: Lang, keys: StreamKeys, partitions: u32) -> String {
    let events = count(lang, u64::from(STREAM_LEN), &EVENTS);
    let (first, last) = (STREAM_ORDERS[0], STREAM_ORDERS[STREAM_ORDERS.len() - 1]);
    let topic = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "в топик из {}",
            count_gen(lang, u64::from(partitions), &PARTITIONS)
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "into a topic of {}",
            count(lang, u64::from(partitions), &PARTITIONS)
        ),
    };
    match (keys, lang) {
        #[cfg(feature = "lang-ru")]
        (StreamKeys::OrderId, Lang::Ru) => format!("Нажмите ▶ или →: продюсер отправляет {events} заказов {first}–{last} с ключом — номером заказа — {topic}, и у каждой партиции свой консьюмер. Следите, в какую партицию уходит каждое событие и в каком порядке группа обрабатывает события каждого заказа."),
        #[cfg(feature = "lang-en")]
        (StreamKeys::OrderId, Lang::En) => format!("Press ▶ or →: the producer sends {events} of orders {first}–{last}, keyed by order id, {topic}, and each partition has a consumer of its own. Watch which partition each event goes to, and in what order the group handles each order's events."),
        #[cfg(feature = "lang-ru")]
        (StreamKeys::Null(s), Lang::Ru) => format!("Нажмите ▶ или →: продюсер отправляет {events} заказов {first}–{last} без ключа (стратегия {}) {topic}, и у каждой партиции свой консьюмер. Следите, в какую партицию уходит каждое событие и в каком порядке группа обрабатывает события каждого заказа.", strategy_name(s)),
        #[cfg(feature = "lang-en")]
        (StreamKeys::Null(s), Lang::En) => format!("Press ▶ or →: the producer sends {events} of orders {first}–{last} with a null key (the {} strategy) {topic}, and each partition has a consumer of its own. Watch which partition each event goes to, and in what order the group handles each order's events.", strategy_name(s)),
    }
}

/// Why the record went where it did: the text after "→ partition N".
fn route_why(lang: Lang, route: StreamRoute, order: u32, partition: u32) -> String {
    let ru = lang.is_ru();
    let key = order_key(order);
    let first = |ru: bool| {
        if ru {
            ": продюсер выбрал её наугад как sticky-партицию: сюда пойдут все сообщения без ключа, пока он её не сменит.".to_owned()
        } else {
            ": the producer picked it at random as the sticky partition for records without a key."
                .to_owned()
        }
    };
    match route {
        StreamRoute::Hashed { hash, partitions } => {
            if ru {
                let hash = number(lang, u64::from(hash));
                format!(": murmur2(\"{key}\") & 0x7fffffff = {hash}, остаток от деления на {partitions} — {partition}. Все события {key} попадают в эту партицию, и их по порядку обработает один консьюмер.")
            } else {
                format!(": murmur2(\"{key}\") & 0x7fffffff = {hash}, and {hash} % {partitions} = {partition}. Every {key} event gets this partition, so one consumer handles them in order.")
            }
        }
        StreamRoute::RoundRobin => {
            if ru {
                ": round-robin отдаёт каждому сообщению следующую партицию по кругу, чей бы это ни был заказ.".to_owned()
            } else {
                ": round-robin gives each record the next partition in turn, whatever order it belongs to.".to_owned()
            }
        }
        StreamRoute::Sticky(Stick::First)
        | StreamRoute::UniformSticky {
            stick: Stick::First,
            ..
        } => first(ru),
        StreamRoute::Sticky(Stick::Stayed) => {
            if ru {
                ", sticky-партиция: сообщения без ключа идут сюда, пока в её батче есть место."
                    .to_owned()
            } else {
                ", the sticky partition: records without a key keep going there while its batch has room.".to_owned()
            }
        }
        StreamRoute::Sticky(Stick::MovedFrom(b)) => {
            if ru {
                format!(": партиции {b} понадобился новый батч (прежний заполнился или уже ушёл брокеру), и продюсер перенёс sticky-партицию сюда.")
            } else {
                format!(": partition {b} needed a new batch (the last one was full or already sent), so the sticky partition moved here.")
            }
        }
        StreamRoute::UniformSticky {
            stick,
            next,
            batch_size,
        } => {
            let why = match (stick, ru) {
                (Stick::MovedFrom(b), true) => format!(": в партицию {b} ушло около batch.size байт, и продюсер выбрал новую sticky-партицию."),
                (Stick::MovedFrom(b), false) => format!(": about batch.size bytes had gone to partition {b}, so the producer picked a new sticky partition."),
                (_, true) => format!(", sticky-партиция: продюсер не сменит её, пока туда не уйдёт около batch.size = {}.", count(lang, u64::from(batch_size), &BYTES)),
                (_, false) => format!(", the sticky partition: it stays until about batch.size = {} have gone there.", count(lang, u64::from(batch_size), &BYTES)),
            };
            let then = match (next, ru) {
                (Some(q), true) => format!(" Туда ушло уже около batch.size байт, поэтому следующее сообщение пойдёт в партицию {q}."),
                (Some(q), false) => format!(" About batch.size bytes have gone there now: the next record goes to partition {q}."),
                (None, _) => String::new(),
            };
            format!("{why}{then}")
        }
    }
}

/// What the record's batch did on this step.
fn batch_line(
    lang: Lang,
    partition: u32,
    closed: Option<u32>,
    full: bool,
    waiting: Option<u32>,
    linger_ms: u32,
) -> String {
    let ru = lang.is_ru();
    let mut out = String::new();
    if let Some(n) = closed {
        let n = count(lang, u64::from(n), &RECORDS);
        out.push_str(&if ru {
            format!(" В открытом батче партиции {partition} не хватило места, поэтому тот батч ушёл брокеру ({n}), а это сообщение начинает новый.")
        } else {
            format!(" Partition {partition}'s open batch had no room for it, so that batch left for the broker ({n}), and this record starts a new one.")
        });
    }
    if full {
        out.push_str(if ru {
            " С этим сообщением батч достиг batch.size и сразу ушёл брокеру."
        } else {
            " With this record the batch reaches batch.size and leaves for the broker at once."
        });
    } else if let (Some(n), None) = (waiting, closed) {
        let (n, linger) = (
            count(lang, u64::from(n), &RECORDS),
            millis(lang, u64::from(linger_ms)),
        );
        out.push_str(&if ru {
            format!(" Сообщение ждёт в открытом батче (теперь в нём {n}), пока батч не заполнится или не истечёт linger.ms = {linger}.")
        } else {
            format!(" The record waits in the open batch ({n} now) until it fills or linger.ms = {linger} runs out.")
        });
    }
    out
}

/// For a null key: where the order's previous event went, and what that
/// means for the two.
fn order_line(lang: Lang, event: u32, partition: u32, earlier: Option<(u32, u32)>) -> String {
    let Some((before, p)) = earlier else {
        return String::new();
    };
    let (now, before) = (event_name(lang, event), event_name(lang, before));
    match (p == partition, lang) {
        #[cfg(feature = "lang-ru")]
        (true, Lang::Ru) => format!(" {before} этого заказа тоже в партиции {p}: оба сообщения обработает один консьюмер, по порядку."),
        #[cfg(feature = "lang-en")]
        (true, Lang::En) => format!(" This order's {before} is in partition {p} too, so one consumer handles the two in order."),
        #[cfg(feature = "lang-ru")]
        (false, Lang::Ru) => format!(" {before} этого заказа ушёл в партицию {p}: теперь события заказа читают два консьюмера с разной скоростью, и {now} может быть обработан раньше {before}."),
        #[cfg(feature = "lang-en")]
        (false, Lang::En) => format!(" This order's {before} went to partition {p}: two consumers at different speeds now hold the order, and {now} may be handled before {before}."),
    }
}

pub fn routing_caption(lang: Lang, c: RoutingCaption) -> String {
    let ru = lang.is_ru();
    match c {
        RoutingCaption::Intro { keys, partitions } => intro(lang, keys, partitions),
        RoutingCaption::Placed {
            order,
            event,
            partition,
            route,
            closed,
            full,
            waiting,
            linger_ms,
            earlier,
        } => {
            let head = if ru {
                format!(
                    "{} · {} → партиция {partition}",
                    order_key(order),
                    event_name(lang, event.step())
                )
            } else {
                format!(
                    "{} · {} → partition {partition}",
                    order_key(order),
                    event_name(lang, event.step())
                )
            };
            // A key keeps the order together, which the hash line says.
            let earlier = match route {
                StreamRoute::Hashed { .. } => None,
                _ => earlier.map(|(e, p)| (e.step(), p)),
            };
            format!(
                "{head}{}{}{}",
                route_why(lang, route, order, partition),
                batch_line(lang, partition, closed, full, waiting, linger_ms),
                order_line(lang, event.step(), partition, earlier)
            )
        }
        RoutingCaption::Lingered {
            partition,
            records,
            linger_ms,
        } => {
            let (n, linger) = (
                count(lang, u64::from(records), &RECORDS),
                millis(lang, u64::from(linger_ms)),
            );
            if ru {
                format!("Истёк linger.ms = {linger}, и батч партиции {partition} ушёл брокеру: в нём {n}.")
            } else {
                format!("linger.ms = {linger} ran out for partition {partition}'s batch: it left for the broker with {n}.")
            }
        }
        RoutingCaption::Stored {
            partition,
            first,
            records,
        } => {
            let n = count(lang, u64::from(records), &RECORDS);
            let last = first + u64::from(records.max(1)) - 1;
            let offsets = match (records > 1, ru) {
                (true, true) => format!("offset {first}–{last}"),
                (true, false) => format!("offsets {first}–{last}"),
                (false, _) => format!("offset {first}"),
            };
            if ru {
                format!("Брокер дописал батч в {}: {n}, {offsets}. Внутри партиции сообщения лежат в том порядке, в каком их отправили.", lane(partition))
            } else {
                format!("The broker appended a batch to {}: {n} at {offsets}. Within a partition, records keep the order they were sent in.", lane(partition))
            }
        }
        RoutingCaption::Idle {
            partition,
            done: true,
            ..
        } => {
            if ru {
                format!(
                    "{} обработал всё в {}, и больше ничего не придёт: он перестаёт опрашивать.",
                    consumer(partition),
                    lane(partition)
                )
            } else {
                format!("{} has handled everything in {}, and nothing more is coming: it stops polling.", consumer(partition), lane(partition))
            }
        }
        RoutingCaption::Idle {
            partition,
            done: false,
            again_ms,
        } => {
            let again = millis(lang, again_ms);
            if ru {
                format!(
                    "{} опросил {}: новых сообщений нет. Следующий опрос через {again}.",
                    consumer(partition),
                    lane(partition)
                )
            } else {
                format!(
                    "{} polled {}: nothing new. It polls again in {again}.",
                    consumer(partition),
                    lane(partition)
                )
            }
        }
        RoutingCaption::Taken {
            partition,
            offset,
            order,
            event,
            about_ms,
        } => {
            let (who, from, what, about) = (
                consumer(partition),
                lane(partition),
                format!("{} · {}", order_key(order), event_name(lang, event.step())),
                millis(lang, about_ms),
            );
            if ru {
                format!("{who} взял из {from} offset {offset}: {what}. На одно сообщение у него уходит около {about}.")
            } else {
                format!("{who} took offset {offset} of {from}: {what}. It spends about {about} on a record.")
            }
        }
        RoutingCaption::Handled {
            partition,
            offset,
            order,
            event,
            after,
        } => {
            let (who, key) = (consumer(partition), order_key(order));
            let what = format!(
                "{key} · {} ({}, offset {offset})",
                event_name(lang, event.step()),
                lane(partition)
            );
            match (after, ru) {
                (None, true) => format!("{who} обработал {what} — по порядку: более поздние события {key} ещё не обработаны."),
                (None, false) => format!("{who} handled {what} in order: no later event of {key} has been handled yet."),
                (Some((step, p)), true) => format!("⚠ {who} обработал {what}, а {} уже обработал {} этого заказа из {}: порядок {key} нарушен.", consumer(p), event_name(lang, step), lane(p)),
                (Some((step, p)), false) => format!("⚠ {who} handled {what}, but {} had already handled this order's {} from {}: the sequence of {key} is broken.", consumer(p), event_name(lang, step), lane(p)),
            }
        }
        RoutingCaption::Finished {
            handled,
            reorders,
            keyed,
        } => {
            let all = count(lang, u64::from(handled), &EVENTS);
            let broke = count(lang, reorders as u64, &EVENTS);
            let replay = if ru {
                " Вернитесь в начало и нажимайте →, чтобы пройти по шагам."
            } else {
                " Rewind to the start and press → to go through it step by step."
            };
            let text = match (keyed, reorders, ru) {
                (true, _, true) => format!("Все {all} обработаны, события каждого заказа — в том порядке, в каком записаны: они лежали в одной партиции, и читал их один консьюмер."),
                (true, _, false) => format!("All {all} are handled, each order's in the order it was written: an order's events sat in one partition, read by one consumer."),
                (false, 0, true) => format!("Все {all} обработаны, и на этот раз порядок каждого заказа цел, хотя без ключа его ничто не гарантирует: попробуйте другой seed."),
                (false, 0, false) => format!("All {all} are handled, and this time every order stayed in order, though without a key nothing guarantees it: try another seed."),
                (false, _, true) => format!("Все {all} обработаны, но {broke} {} раньше одного из предыдущих событий своего заказа: без ключа события заказа расходятся по партициям, а их консьюмеры работают с разной скоростью.", plural_ru(reorders as u64, "обработано", "обработаны", "обработано")),
                (false, _, false) => format!("All {all} are handled, but {broke} {} handled before an earlier event of their order: without a key, an order's events spread over partitions whose consumers run at different speeds.", if reorders == 1 { "was" } else { "were" }),
            };
            format!("{text}{replay}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::sim::record::OrderEvent;

    fn placed(route: StreamRoute) -> RoutingCaption {
        batched(route, None, false, Some(2))
    }

    fn batched(
        route: StreamRoute,
        closed: Option<u32>,
        full: bool,
        waiting: Option<u32>,
    ) -> RoutingCaption {
        RoutingCaption::Placed {
            order: 41,
            event: OrderEvent::Paid,
            partition: 2,
            route,
            closed,
            full,
            waiting,
            linger_ms: 50,
            earlier: Some((OrderEvent::Created, 0)),
        }
    }

    fn all() -> Vec<RoutingCaption> {
        let mut all = vec![
            RoutingCaption::Intro {
                keys: StreamKeys::OrderId,
                partitions: 3,
            },
            RoutingCaption::Intro {
                keys: StreamKeys::Null(KeylessStrategy::Sticky),
                partitions: 1,
            },
            RoutingCaption::Lingered {
                partition: 1,
                records: 3,
                linger_ms: 50,
            },
            RoutingCaption::Stored {
                partition: 1,
                first: 4,
                records: 3,
            },
            RoutingCaption::Stored {
                partition: 1,
                first: 4,
                records: 1,
            },
            RoutingCaption::Idle {
                partition: 1,
                done: false,
                again_ms: 50,
            },
            RoutingCaption::Idle {
                partition: 1,
                done: true,
                again_ms: 50,
            },
            RoutingCaption::Taken {
                partition: 1,
                offset: 3,
                order: 41,
                event: OrderEvent::Paid,
                about_ms: 60,
            },
            RoutingCaption::Handled {
                partition: 1,
                offset: 3,
                order: 41,
                event: OrderEvent::Paid,
                after: None,
            },
            RoutingCaption::Handled {
                partition: 0,
                offset: 2,
                order: 41,
                event: OrderEvent::Paid,
                after: Some((3, 2)),
            },
        ];
        for (keyed, reorders) in [(true, 0), (false, 0), (false, 1), (false, 3)] {
            all.push(RoutingCaption::Finished {
                handled: 20,
                reorders,
                keyed,
            });
        }
        for stick in [Stick::First, Stick::Stayed, Stick::MovedFrom(0)] {
            all.push(placed(StreamRoute::Sticky(stick)));
            for next in [None, Some(1)] {
                all.push(placed(StreamRoute::UniformSticky {
                    stick,
                    next,
                    batch_size: 128,
                }));
            }
        }
        all.push(placed(StreamRoute::RoundRobin));
        all.push(placed(StreamRoute::Hashed {
            hash: 1_180_212_348,
            partitions: 3,
        }));
        all.push(batched(StreamRoute::RoundRobin, Some(4), false, Some(1)));
        all.push(batched(StreamRoute::RoundRobin, None, true, None));
        all
    }

    #[test]
    fn every_caption_speaks_both_languages() {
        for c in all() {
            let (ru, en) = (routing_caption(Lang::Ru, c), routing_caption(Lang::En, c));
            assert!(has_cyrillic(&ru), "{ru}");
            assert!(!has_cyrillic(&en), "{en}");
            assert!(!ru.contains("  ") && !en.contains("  "), "{ru} / {en}");
        }
    }

    #[test]
    fn a_keyed_record_is_told_by_its_hash() {
        let c = placed(StreamRoute::Hashed {
            hash: 1_180_212_348,
            partitions: 3,
        });
        assert_eq!(
            routing_caption(Lang::En, c),
            "order-41 · Paid → partition 2: murmur2(\"order-41\") & 0x7fffffff = 1180212348, and 1180212348 % 3 = 2. Every order-41 event gets this partition, so one consumer handles them in order. The record waits in the open batch (2 records now) until it fills or linger.ms = 50\u{a0}ms runs out."
        );
    }

    #[test]
    fn a_null_key_says_where_the_order_split() {
        let c = placed(StreamRoute::UniformSticky {
            stick: Stick::MovedFrom(0),
            next: None,
            batch_size: 128,
        });
        assert_eq!(
            routing_caption(Lang::Ru, c),
            "order-41 · Paid → партиция 2: в партицию 0 ушло около batch.size байт, и продюсер выбрал новую sticky-партицию. Сообщение ждёт в открытом батче (теперь в нём 2 сообщения), пока батч не заполнится или не истечёт linger.ms = 50\u{a0}мс. Created этого заказа ушёл в партицию 0: теперь события заказа читают два консьюмера с разной скоростью, и Paid может быть обработан раньше Created."
        );
        let broke = RoutingCaption::Handled {
            partition: 0,
            offset: 2,
            order: 41,
            event: OrderEvent::Paid,
            after: Some((3, 2)),
        };
        assert_eq!(
            routing_caption(Lang::En, broke),
            "⚠ consumer-1 handled order-41 · Paid (orders-0, offset 2), but consumer-3 had already handled this order's Shipped from orders-2: the sequence of order-41 is broken."
        );
    }

    #[test]
    fn counts_agree_with_their_words_in_russian() {
        let lingered = |records| {
            routing_caption(
                Lang::Ru,
                RoutingCaption::Lingered {
                    partition: 1,
                    records,
                    linger_ms: 50,
                },
            )
        };
        assert!(lingered(1).ends_with("в нём 1 сообщение."));
        assert!(lingered(3).ends_with("в нём 3 сообщения."));
        assert!(lingered(5).ends_with("в нём 5 сообщений."));
        let finished = |reorders| {
            routing_caption(
                Lang::Ru,
                RoutingCaption::Finished {
                    handled: 20,
                    reorders,
                    keyed: false,
                },
            )
        };
        assert!(
            finished(1).starts_with("Все 20 событий обработаны, но 1 событие обработано раньше"),
            "{}",
            finished(1)
        );
        assert!(finished(2).contains("но 2 события обработаны раньше"));
        assert!(finished(5).contains("но 5 событий обработано раньше"));
        assert!(routing_caption(
            Lang::En,
            RoutingCaption::Finished {
                handled: 20,
                reorders: 1,
                keyed: false
            }
        )
        .contains("but 1 event was handled before"));
        let intro = |partitions| {
            routing_caption(
                Lang::Ru,
                RoutingCaption::Intro {
                    keys: StreamKeys::OrderId,
                    partitions,
                },
            )
        };
        assert!(intro(1).contains("в топик из 1 партиции,"));
        assert!(intro(3).contains("в топик из 3 партиций,"));
        assert!(routing_caption(
            Lang::En,
            RoutingCaption::Intro {
                keys: StreamKeys::OrderId,
                partitions: 1
            }
        )
        .contains("into a topic of 1 partition,"));
    }
}
