//! The repartition scene's narration: where each event went and by which
//! rule, who sees the new partitions when, and what that does to each
//! order's order, in Russian and English.

use crate::i18n::Lang;
use crate::i18n::{
    count, count_gen, event_name, millis, number, plural_ru, seconds, EVENTS, ORDERS, PARTITIONS,
    RECORDS,
};
use crate::scenes::repartition::model::{
    order_key, Placement, Refusal, RepartitionCaption, Strategy, OLD_TOPIC, ORDERS as RUN_ORDERS,
};
use crate::sim::consumer::OffsetReset;
use crate::sim::record::OrderEvent;
use crate::sim::SimTime;

fn name(event: OrderEvent, lang: Lang) -> String {
    event_name(lang, event.step())
}

fn place(topic: &str, partition: u32) -> String {
    format!("{topic}-{partition}")
}

fn replay(lang: Lang) -> &'static str {
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => " Вернитесь в начало и нажимайте →, чтобы пройти по шагам.",
        #[cfg(feature = "lang-en")]
        Lang::En => " Rewind to the start and press → to go through it step by step.",
    }
}

/// The partitions a change adds: "3", "3–5".
fn added(from: u32, to: u32) -> String {
    if to.saturating_sub(from) > 1 {
        format!("{from}–{}", to - 1)
    } else {
        from.to_string()
    }
}

fn intro(lang: Lang, from: u32, to: u32, strategy: Strategy, at: SimTime) -> String {
    let orders = count(lang, u64::from(RUN_ORDERS), &ORDERS);
    let at = seconds(lang, at);
    let ru = lang.is_ru();
    let topic = if ru {
        format!(
            "в топике из {}",
            count_gen(lang, u64::from(from), &PARTITIONS)
        )
    } else {
        format!(
            "in a topic of {}",
            count(lang, u64::from(from), &PARTITIONS)
        )
    };
    let change = match (strategy, to > from, ru) {
        (Strategy::NewTopic, _, true) => format!(
            "В {at} их переносят в новый топик, orders-v2, из {}.",
            count_gen(lang, u64::from(to), &PARTITIONS)
        ),
        (Strategy::NewTopic, _, false) => format!(
            "At {at} they move to a new topic, orders-v2, of {}.",
            count(lang, u64::from(to), &PARTITIONS)
        ),
        (_, false, true) => {
            format!("В {at} у топика просят число партиций {to} вместо {from} — на месте, без нового топика.")
        }
        (_, false, false) => {
            format!("At {at} the topic is asked for {to} instead of {from}, in place.")
        }
        (Strategy::Naive, true, true) => format!("В {at} партиций становится {to}, сразу, в лоб."),
        (Strategy::Naive, true, false) => {
            format!("At {at} it grows to {to} partitions, at once (the naive way).")
        }
        (Strategy::TwoPhase, true, true) => {
            format!("В {at} партиций становится {to}, с двухфазной миграцией.")
        }
        (Strategy::TwoPhase, true, false) => {
            format!("At {at} it grows to {to} partitions, with a two-phase migration.")
        }
    };
    if ru {
        format!("Нажмите ▶ или →: {orders} проходят Created → Paid → Shipped → Delivered с ключом — номером заказа — {topic}. {change} Следите, куда после смены попадают поздние события заказа и не обрабатываются ли они раньше ранних.")
    } else {
        format!("Press ▶ or →: {orders} go through Created → Paid → Shipped → Delivered, keyed by order id, {topic}. {change} Watch where an order's later events land after the change, and whether they are handled before its earlier ones.")
    }
}

fn produced(
    lang: Lang,
    (order, event): (u32, OrderEvent),
    (topic, partition, offset): (&str, u32, u64),
    hash: u32,
    modulo: u32,
    placement: Placement,
    earlier: Option<(OrderEvent, &'static str, u32)>,
) -> String {
    let ru = lang.is_ru();
    let head = format!(
        "{} · {} → {}, offset {offset}",
        order_key(order),
        name(event, lang),
        place(topic, partition)
    );
    let rule = format!("{hash} % {modulo} = {partition}");
    // Russian says the remainder in words, as «1890122214 % 4» reads as a
    // percentage, and groups the hash's digits.
    let rest = format!(
        "хеш ключа {} при делении на {modulo} даёт остаток {partition}",
        number(lang, u64::from(hash))
    );
    let why = match (placement, ru) {
        (Placement::Old { broker_has: None }, true) => format!(": {rest}."),
        (Placement::Old { broker_has: None }, false) => format!(": the key's hash {rule}."),
        (Placement::Old { broker_has: Some(to) }, true) => format!(": {rest}. У брокера партиций уже {to}, но продюсер ещё не обновил метаданные и делит на {modulo}."),
        (Placement::Old { broker_has: Some(to) }, false) => format!(": the key's hash {rule}. The broker has {to} partitions already, but the producer has not refreshed its metadata and still divides by {modulo}."),
        (Placement::New, true) => format!(": продюсер теперь делит на новое число: {rest}."),
        (Placement::New, false) => format!(": the producer now computes {rule}."),
        (Placement::Pinned { pinned, released }, _) => {
            let n = count(lang, u64::from(pinned), &ORDERS);
            match (released, ru) {
                (false, true) => format!(": заказ уже шёл во время смены, и таблица закрепила его за старой партицией ({rest}); в таблице {n}."),
                (false, false) => format!(": the order was under way at the change, so the table pins it to its old partition ({rule}); {n} in the table."),
                (true, true) => format!(": заказ закреплён за старой партицией ({rest}), и это его последнее событие, поэтому заказ уходит из таблицы; в ней теперь {n}."),
                (true, false) => format!(": the order is pinned to its old partition ({rule}), and this is its last event, so it leaves the table; {n} in it now."),
            }
        }
        (Placement::NewOrder, true) => format!(": заказ начался после смены и идёт по новому правилу ({rest}); туда же пойдут все его события."),
        (Placement::NewOrder, false) => format!(": the order began after the change and follows the new rule, {rule}; all its events go there."),
        (Placement::NewTopic, true) => format!(": в новом топике {rest}."),
        (Placement::NewTopic, false) => format!(": in the new topic, {rule}."),
    };
    let changed = !matches!(placement, Placement::Old { .. });
    let after = match earlier {
        // Before the change every event of an order follows its key.
        Some(_) if !changed => String::new(),
        None => String::new(),
        Some((before, t, p)) => {
            let (b, n) = (name(before, lang), name(event, lang));
            let there = place(t, p);
            match ((t, p) == (topic, partition), t != topic, ru) {
                (true, _, true) => format!(" {b} этого заказа в той же партиции: порядок цел."),
                (true, _, false) => format!(" This order's {b} is in the same partition: the order holds."),
                (false, true, true) => format!(" {b} этого заказа — в {there}, а группа уже дочитала {OLD_TOPIC} до конца: порядок цел."),
                (false, true, false) => format!(" This order's {b} is in {there}, and the group has read {OLD_TOPIC} to its end: the order holds."),
                (false, false, true) => format!(" {b} этого заказа — в {there}, другой партиции со своим консьюмером: {n} может быть обработан раньше {b}."),
                (false, false, false) => format!(" This order's {b} is in {there}, another partition with its own consumer: {n} may be handled before {b}."),
            }
        }
    };
    format!("{head}{why}{after}")
}

pub fn repartition_caption(lang: Lang, c: RepartitionCaption) -> String {
    use RepartitionCaption::*;
    let ru = lang.is_ru();
    match c {
        Intro {
            from,
            to,
            strategy,
            change_at,
        } => intro(lang, from, to, strategy, change_at),
        Produced {
            order,
            event,
            topic,
            partition,
            offset,
            hash,
            modulo,
            placement,
            earlier,
        } => produced(
            lang,
            (order, event),
            (topic, partition, offset),
            hash,
            modulo,
            placement,
            earlier,
        ),
        Buffered {
            order,
            event,
            buffered,
        } => {
            let n = count(lang, u64::from(buffered), &RECORDS);
            if ru {
                format!("{} · {} ждёт в буфере продюсера (теперь в нём {n}): продюсеры приостановили отправку, пока группа не дочитает {OLD_TOPIC} до конца.", order_key(order), name(event, lang))
            } else {
                format!("{} · {} waits in the producer's buffer ({n} now): the producers are paused until the group has read {OLD_TOPIC} to its end.", order_key(order), name(event, lang))
            }
        }
        Grown {
            from,
            to,
            producer_at,
            group_at,
        } => {
            let (p, g) = (seconds(lang, producer_at), seconds(lang, group_at));
            let new = added(from, to);
            match (to.saturating_sub(from) > 1, ru) {
                (false, true) => format!("Контроллер добавил в {OLD_TOPIC} партицию {new}: теперь их {to}. Продюсер увидит её при обновлении метаданных в {p}, группа — после своего обновления и ребалансировки (перераспределения партиций между консьюмерами) в {g}; до тех пор оба работают как раньше."),
                (true, true) => format!("Контроллер добавил в {OLD_TOPIC} партиции {new}: теперь их {to}. Продюсер увидит их при обновлении метаданных в {p}, группа — после своего обновления и ребалансировки (перераспределения партиций между консьюмерами) в {g}; до тех пор оба работают как раньше."),
                (false, false) => format!("The controller added partition {new} to {OLD_TOPIC}: it has {to} now. The producer sees it at its metadata refresh at {p}, the group after its own refresh and a rebalance at {g}; until then both go on as before."),
                (true, false) => format!("The controller added partitions {new} to {OLD_TOPIC}: it has {to} now. The producer sees them at its metadata refresh at {p}, the group after its own refresh and a rebalance at {g}; until then both go on as before."),
            }
        }
        Created { to } => {
            if ru {
                format!("Создан топик orders-v2 из {}, и группа подписалась на него. Продюсеры приостанавливают отправку и копят сообщения в буфере, пока группа не дочитает {OLD_TOPIC} до конца.", count_gen(lang, u64::from(to), &PARTITIONS))
            } else {
                format!("The topic orders-v2 was created with {}, and the group subscribed to it. The producers pause and buffer their records until the group has read {OLD_TOPIC} to its end.", count(lang, u64::from(to), &PARTITIONS))
            }
        }
        Refused(Refusal::AlreadyHas { partitions }) => {
            super::numbered::refused_already_has(lang, partitions)
        }
        Refused(Refusal::NotAnIncrease { partitions, asked }) => {
            super::numbered::refused_not_an_increase(lang, partitions, asked)
        }
        ProducerSaw {
            from,
            to,
            pinned: None,
        } => {
            if ru {
                format!("Продюсер обновил метаданные и узнал, что партиций теперь {to}. С этого момента он считает хеш % {to} вместо % {from}: ключ, у которого остаток изменился, отправит следующие события своего заказа в другую партицию.")
            } else {
                format!("The producer refreshed its metadata and sees {to} partitions. From now on it computes hash % {to} instead of % {from}: a key whose remainder changed sends its order's next events to another partition.")
            }
        }
        ProducerSaw {
            to,
            pinned: Some(n),
            ..
        } => {
            let n = count(lang, u64::from(n), &ORDERS);
            if ru {
                format!("Продюсер обновил метаданные и узнал, что партиций теперь {to}. Новые заказы пойдут по хешу % {to}, а те, что уже идут, закреплены в таблице за старыми партициями до своего завершения (в таблице {n}).")
            } else {
                format!("The producer refreshed its metadata and sees {to} partitions. New orders go by hash % {to}; the orders under way are pinned to their old partitions in a table until they finish ({n} in it).")
            }
        }
        GroupSaw {
            from,
            to,
            reset,
            skipped,
        } => {
            let new = added(from, to);
            let several = to.saturating_sub(from) > 1;
            let given = match (several, ru) {
                (false, true) => format!("Ребалансировка отдала группе новую партицию {new}"),
                (true, true) => format!("Ребалансировка отдала группе новые партиции {new}"),
                (false, false) => format!("The group's rebalance hands it the new partition {new}"),
                (true, false) => format!("The group's rebalance hands it the new partitions {new}"),
            };
            let n = count(lang, u64::from(skipped), &RECORDS);
            // The pronoun follows the count: level 6 adds three partitions.
            match (reset, skipped, ru) {
                (OffsetReset::Earliest, _, true) => format!("{given}: с auto.offset.reset=earliest {} с первого сообщения, и ничего из записанного туда не пропадёт.", if several { "они читаются" } else { "она читается" }),
                (OffsetReset::Earliest, _, false) => format!("{given}: with auto.offset.reset=earliest {}, so nothing written there is missed.", if several { "each is read from its first record" } else { "it is read from its first record" }),
                (OffsetReset::Latest, 0, true) => format!("{given}: с auto.offset.reset=latest чтение начинается с конца лога; туда ещё ничего не записано, и ничего не пропадёт."),
                (OffsetReset::Latest, 0, false) => format!("{given}: with auto.offset.reset=latest reading starts at the log end; nothing was written there yet, so nothing is missed."),
                (OffsetReset::Latest, _, true) => format!("{given}: с auto.offset.reset=latest чтение начинается с конца лога, и всё, что продюсер успел туда записать ({n}), не прочтёт никто."),
                (OffsetReset::Latest, _, false) => format!("{given}: with auto.offset.reset=latest reading starts at the log end, so whatever the producer wrote there before ({n}) is never read."),
            }
        }
        Switched { flushed, paused_ms } => {
            let (n, pause) = (
                count(lang, u64::from(flushed), &RECORDS),
                seconds(lang, SimTime(paused_ms)),
            );
            if ru {
                format!("{OLD_TOPIC} дочитан до конца: продюсеры переключаются на orders-v2 и отправляют накопленное ({n}). Пауза длилась {pause} — такова цена сохранённого порядка.")
            } else {
                format!("{OLD_TOPIC} is read to its end: the producers switch to orders-v2 and send what they held ({n}). The pause lasted {pause}: that is the price of keeping order.")
            }
        }
        Idle {
            consumer,
            topic,
            partition,
            again_ms,
        } => {
            let again = millis(lang, again_ms);
            if ru {
                format!("consumer-{consumer} опросил {}: новых сообщений нет. Следующий опрос через {again}.", place(topic, partition))
            } else {
                format!(
                    "consumer-{consumer} polled {}: nothing new. It polls again in {again}.",
                    place(topic, partition)
                )
            }
        }
        Taken {
            consumer,
            topic,
            partition,
            offset,
            order,
            event,
            about_ms,
        } => {
            let (from, what, about) = (
                place(topic, partition),
                format!("{} · {}", order_key(order), name(event, lang)),
                millis(lang, about_ms),
            );
            if ru {
                format!("consumer-{consumer} взял из {from} offset {offset}: {what}. На одно сообщение у него уходит около {about}.")
            } else {
                format!("consumer-{consumer} took offset {offset} of {from}: {what}. It spends about {about} on a record.")
            }
        }
        Handled {
            consumer,
            topic,
            partition,
            offset,
            order,
            event,
            after,
        } => {
            let key = order_key(order);
            let what = format!(
                "{key} · {} ({}, offset {offset})",
                name(event, lang),
                place(topic, partition)
            );
            match (after, ru) {
                (None, true) => format!("consumer-{consumer} обработал {what} — по порядку: более поздние события {key} ещё не обработаны."),
                (None, false) => format!("consumer-{consumer} handled {what} in order: no later event of {key} has been handled yet."),
                (Some((later, by, t, p)), true) => format!("⚠ consumer-{consumer} обработал {what}, а consumer-{by} уже обработал {} этого заказа из {}: порядок {key} нарушен.", name(later, lang), place(t, p)),
                (Some((later, by, t, p)), false) => format!("⚠ consumer-{consumer} handled {what}, but consumer-{by} had already handled this order's {} from {}: the sequence of {key} is broken.", name(later, lang), place(t, p)),
            }
        }
        Finished { reorders, skipped } => {
            let broke = count(lang, reorders as u64, &EVENTS);
            let all = match (skipped > 0, ru) {
                (false, true) => "Всё обработано",
                (true, true) => "Всё прочитанное обработано",
                (false, false) => "Everything is handled",
                (true, false) => "Everything read is handled",
            };
            let text = match (reorders, ru) {
                (0, true) => {
                    format!("{all}, события каждого заказа — в том порядке, в каком записаны.")
                }
                (0, false) => format!("{all}, each order's events in the order they were written."),
                (_, true) => format!(
                    "{all}, но {broke} {} раньше одного из предыдущих событий своего заказа.",
                    plural_ru(reorders as u64, "обработано", "обработаны", "обработано")
                ),
                (_, false) => format!(
                    "{all}, but {broke} {} handled before an earlier event of their order.",
                    if reorders == 1 { "was" } else { "were" }
                ),
            };
            let lost = match (skipped, ru) {
                (0, _) => String::new(),
                (n, true) => format!(
                    " Из-за auto.offset.reset=latest в новых партициях {} {}: их не прочтёт никто.",
                    plural_ru(u64::from(n), "пропущено", "пропущены", "пропущено"),
                    count(lang, u64::from(n), &RECORDS)
                ),
                (n, false) => format!(" auto.offset.reset=latest skipped {} on the new partitions: nobody will ever read them.", count(lang, u64::from(n), &RECORDS)),
            };
            format!("{text}{lost}{}", replay(lang))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;

    fn produced_at(
        placement: Placement,
        earlier: Option<(OrderEvent, &'static str, u32)>,
    ) -> RepartitionCaption {
        RepartitionCaption::Produced {
            order: 11,
            event: OrderEvent::Shipped,
            topic: OLD_TOPIC,
            partition: 2,
            offset: 11,
            hash: 1_890_122_214,
            modulo: 4,
            placement,
            earlier,
        }
    }

    fn all() -> Vec<RepartitionCaption> {
        use RepartitionCaption::*;
        let mut all = vec![
            Grown {
                from: 3,
                to: 4,
                producer_at: SimTime(700),
                group_at: SimTime(1000),
            },
            Grown {
                from: 3,
                to: 6,
                producer_at: SimTime(700),
                group_at: SimTime(1000),
            },
            Created { to: 4 },
            Refused(Refusal::AlreadyHas { partitions: 3 }),
            Refused(Refusal::NotAnIncrease {
                partitions: 6,
                asked: 3,
            }),
            ProducerSaw {
                from: 3,
                to: 4,
                pinned: None,
            },
            ProducerSaw {
                from: 3,
                to: 4,
                pinned: Some(13),
            },
            Switched {
                flushed: 61,
                paused_ms: 790,
            },
            Buffered {
                order: 2,
                event: OrderEvent::Delivered,
                buffered: 1,
            },
            Idle {
                consumer: 2,
                topic: OLD_TOPIC,
                partition: 1,
                again_ms: 30,
            },
            Taken {
                consumer: 4,
                topic: OLD_TOPIC,
                partition: 3,
                offset: 0,
                order: 12,
                event: OrderEvent::Shipped,
                about_ms: 15,
            },
            Handled {
                consumer: 4,
                topic: OLD_TOPIC,
                partition: 3,
                offset: 0,
                order: 12,
                event: OrderEvent::Shipped,
                after: None,
            },
            Handled {
                consumer: 2,
                topic: OLD_TOPIC,
                partition: 1,
                offset: 11,
                order: 12,
                event: OrderEvent::Paid,
                after: Some((OrderEvent::Delivered, 4, OLD_TOPIC, 3)),
            },
        ];
        for strategy in Strategy::ALL {
            for (from, to) in [(3, 4), (3, 1)] {
                all.push(Intro {
                    from,
                    to,
                    strategy,
                    change_at: SimTime(600),
                });
            }
        }
        for reset in [OffsetReset::Earliest, OffsetReset::Latest] {
            for skipped in [0, 7] {
                for to in [4, 6] {
                    all.push(GroupSaw {
                        from: 3,
                        to,
                        reset,
                        skipped,
                    });
                }
            }
        }
        for reorders in [0, 1, 2] {
            for skipped in [0, 7] {
                all.push(Finished { reorders, skipped });
            }
        }
        for placement in [
            Placement::Old { broker_has: None },
            Placement::Old {
                broker_has: Some(4),
            },
            Placement::New,
            Placement::Pinned {
                pinned: 13,
                released: false,
            },
            Placement::Pinned {
                pinned: 12,
                released: true,
            },
            Placement::NewOrder,
            Placement::NewTopic,
        ] {
            for earlier in [
                None,
                Some((OrderEvent::Paid, OLD_TOPIC, 0)),
                Some((OrderEvent::Paid, OLD_TOPIC, 2)),
            ] {
                all.push(produced_at(placement, earlier));
            }
        }
        all
    }

    #[test]
    fn every_caption_speaks_both_languages() {
        for c in all() {
            let (ru, en) = (
                repartition_caption(Lang::Ru, c),
                repartition_caption(Lang::En, c),
            );
            assert!(has_cyrillic(&ru), "{ru}");
            assert!(!has_cyrillic(&en), "{en}");
            assert!(!ru.contains("  ") && !en.contains("  "), "{ru} / {en}");
        }
    }

    #[test]
    fn a_moved_key_is_told_where_its_order_split() {
        let naive = produced_at(Placement::New, Some((OrderEvent::Paid, OLD_TOPIC, 0)));
        assert_eq!(
            repartition_caption(Lang::En, naive),
            "order-11 · Shipped → orders-2, offset 11: the producer now computes 1890122214 % 4 = 2. This order's Paid is in orders-0, another partition with its own consumer: Shipped may be handled before Paid."
        );
        assert_eq!(
            repartition_caption(Lang::Ru, naive),
            "order-11 · Shipped → orders-2, offset 11: продюсер теперь делит на новое число: хеш ключа 1\u{a0}890\u{a0}122\u{a0}214 при делении на 4 даёт остаток 2. Paid этого заказа — в orders-0, другой партиции со своим консьюмером: Shipped может быть обработан раньше Paid."
        );
        let stale = RepartitionCaption::Produced {
            order: 17,
            event: OrderEvent::Created,
            topic: OLD_TOPIC,
            partition: 0,
            offset: 17,
            hash: 1_568_318_961,
            modulo: 3,
            placement: Placement::Old {
                broker_has: Some(4),
            },
            earlier: None,
        };
        assert_eq!(
            repartition_caption(Lang::En, stale),
            "order-17 · Created → orders-0, offset 17: the key's hash 1568318961 % 3 = 0. The broker has 4 partitions already, but the producer has not refreshed its metadata and still divides by 3."
        );
    }

    #[test]
    fn counts_agree_with_their_words_in_russian() {
        let finished = |reorders, skipped| {
            repartition_caption(Lang::Ru, RepartitionCaption::Finished { reorders, skipped })
        };
        assert!(finished(1, 0).starts_with("Всё обработано, но 1 событие обработано раньше"));
        assert!(finished(2, 0).starts_with("Всё обработано, но 2 события обработаны раньше"));
        assert!(finished(0, 7).contains("в новых партициях пропущено 7 сообщений"));
        assert!(finished(0, 1).contains("в новых партициях пропущено 1 сообщение"));
        assert!(finished(0, 3).contains("в новых партициях пропущены 3 сообщения"));
        let switched = |flushed| {
            repartition_caption(
                Lang::Ru,
                RepartitionCaption::Switched {
                    flushed,
                    paused_ms: 790,
                },
            )
        };
        assert!(switched(61).contains("(61 сообщение)"));
        assert!(switched(3).contains("(3 сообщения)"));
        assert!(switched(3).contains("Пауза длилась 0,79\u{a0}с"));
        let pinned = |n| {
            repartition_caption(
                Lang::Ru,
                RepartitionCaption::ProducerSaw {
                    from: 3,
                    to: 4,
                    pinned: Some(n),
                },
            )
        };
        assert!(pinned(1).ends_with("(в таблице 1 заказ)."));
        assert!(pinned(13).ends_with("(в таблице 13 заказов)."));
        assert!(repartition_caption(
            Lang::En,
            RepartitionCaption::ProducerSaw {
                from: 3,
                to: 4,
                pinned: Some(1)
            }
        )
        .ends_with("(1 order in it)."));
        let intro = repartition_caption(
            Lang::Ru,
            RepartitionCaption::Intro {
                from: 1,
                to: 4,
                strategy: Strategy::NewTopic,
                change_at: SimTime(600),
            },
        );
        assert!(intro.contains("24 заказа проходят"));
        assert!(intro.contains("в топике из 1 партиции."));
        assert!(intro.contains("orders-v2, из 4 партиций."));
    }
}
