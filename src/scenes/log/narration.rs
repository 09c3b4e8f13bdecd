//! The log scene's narration: what each step of the run says, in the
//! learner's language.

use super::model::LogCaption;
use super::numbered::segment_rolled;
use crate::i18n::Lang;

/// What the step that `caption` names says; `segment_bytes` is the link's
/// `segment.bytes`, which a rolled segment is measured against.
pub fn log_caption(lang: Lang, caption: LogCaption, segment_bytes: u32) -> String {
    use LogCaption::*;
    let key = |order: u32| format!("order-{order}");
    match (lang, caption) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Intro) => "Нажмите ▶ или →: продюсер начнёт отправлять события заказа #42 (Created → Paid → Shipped → Delivered) в партицию 0, а затем события заказов #43 и #44.".into(),
        #[cfg(feature = "lang-en")]
        (Lang::En, Intro) => "Press ▶ or →: the producer starts sending order #42's events (Created → Paid → Shipped → Delivered) to partition 0, then the events of orders #43 and #44.".into(),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Sent { order, event }) => format!(
            "Продюсер отправил {} · {} в партицию 0, и запрос идёт к брокеру.",
            key(order),
            event.value()
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, Sent { order, event }) => format!(
            "The producer sent {} · {} to partition 0; the request is on its way to the broker.",
            key(order),
            event.value()
        ),
        (lang, Appended { offset, log_end_offset, rolled_full_segment_bytes }) => {
            let roll = rolled_full_segment_bytes
                .map(|bytes| segment_rolled(lang, bytes, segment_bytes, offset));
            let main = match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!("Брокер дописал сообщение в конец лога, оно получило offset {offset}. Log end offset теперь {log_end_offset}: этот offset получит следующее сообщение."),
                #[cfg(feature = "lang-en")]
                Lang::En => format!("The broker appended the record at offset {offset}. The log end offset is now {log_end_offset}, the offset the next record will get."),
            };
            format!("{}{main}", roll.unwrap_or_default())
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Polled { from, to, position }) => format!(
            "Консьюмер вызвал poll() и получил {}. Позиция теперь {position}, а закоммиченный offset остался прежним: ничего ещё не обработано.",
            if from == to { format!("offset {from}") } else { format!("offset'ы {from}–{to}") }
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, Polled { from, to, position }) => format!(
            "The consumer called poll() and got {}. Its position is now {position}, but the committed offset stayed put: nothing is processed yet.",
            if from == to { format!("offset {from}") } else { format!("offsets {from}–{to}") }
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, PolledNothing { position }) => format!(
            "poll() ничего не вернул: позиция {position} равна log end offset. Консьюмер ждёт новых сообщений."
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, PolledNothing { position }) => format!(
            "poll() returned nothing: position {position} is the log end offset. The consumer waits for new records."
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Processed { offset, order, event }) => format!(
            "Консьюмер обработал offset {offset} ({} · {}). Он идёт строго по порядку, поэтому offset {} не обгонит этот.",
            key(order),
            event.value(),
            offset + 1
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, Processed { offset, order, event }) => format!(
            "The consumer processed offset {offset} ({} · {}). It goes strictly in order: offset {} cannot overtake this one.",
            key(order),
            event.value(),
            offset + 1
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Committed { committed }) => format!(
            "Консьюмер закоммитил offset {committed} — offset следующего сообщения, которое он прочитает. После перезапуска группа продолжит с него."
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, Committed { committed }) => format!(
            "The consumer committed offset {committed}, the next record to read. After a restart the group resumes there."
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, Finished { committed }) => format!(
            "Всё прочитано и закоммичено (offset {committed}). События каждого заказа обработаны в том порядке, в каком записаны: одна партиция — один упорядоченный лог."
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, Finished { committed }) => format!(
            "Everything is read and committed (offset {committed}). Each order's events were handled in the order they were written: one partition is one ordered log."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::sim::record::OrderEvent;

    #[test]
    fn captions_read_as_sentences_at_the_edges() {
        for lang in [Lang::Ru, Lang::En] {
            let one = log_caption(
                lang,
                LogCaption::Polled {
                    from: 5,
                    to: 5,
                    position: 6,
                },
                350,
            );
            assert!(one.contains("offset 5") && !one.contains("5–5"), "{one}");
            assert!(one.contains('6'), "{one}");
        }
        assert!(log_caption(
            Lang::Ru,
            LogCaption::Polled {
                from: 2,
                to: 4,
                position: 5
            },
            350
        )
        .contains("Позиция теперь 5"));
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
}
