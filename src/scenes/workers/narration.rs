//! The workers scene's narration: what the latest step did, and what it
//! means for each order, in Russian and English.

use crate::i18n::event_name;
use crate::i18n::Lang;
use crate::scenes::workers::model::{Mode, WorkersCaption};

pub fn workers_caption(lang: Lang, c: WorkersCaption) -> String {
    let ru = lang.is_ru();
    match c {
        WorkersCaption::Intro => if ru {
            "Нажмите ▶ или →: консьюмер вызывает poll() и раздаёт полученные сообщения на обработку, а проверка порядка следит, в каком порядке заканчивается обработка событий каждого заказа."
        } else {
            "Press ▶ or →: the consumer calls poll() and hands the partition's records out to be handled, and the order check watches in which order each order's events finish."
        }
        .to_owned(),
        WorkersCaption::Polled { last, mode } => {
            let how = match (mode, ru) {
                (Mode::Sequential, true) => "одна горутина берёт их по очереди, в порядке offset'ов",
                (Mode::Sequential, false) => "one goroutine takes them one by one, in offset order",
                (Mode::PerMessage, true) => "на каждое запускается своя горутина, и все они работают одновременно",
                (Mode::PerMessage, false) => "each gets a goroutine of its own, and all of them run at once",
                (Mode::KeyedPool, true) => "каждое уходит в канал воркера с номером hash(key) % W, так что события одного заказа попадают к одному воркеру",
                (Mode::KeyedPool, false) => "each goes to the channel of worker hash(key) % W, so one order's events reach one worker",
            };
            if ru {
                format!("poll() вернул сообщения до offset {last}; {how}.")
            } else {
                format!("poll() returned the records up to offset {last}; {how}.")
            }
        }
        WorkersCaption::Finished { offset, order, step, worker, broke } => {
            let event = event_name(lang, step);
            let who = match (worker, ru) {
                (Some(w), true) => format!("Воркер {w} обработал"),
                (Some(w), false) => format!("Worker {w} finished"),
                (None, true) => "Обработан".to_owned(),
                (None, false) => "Finished".to_owned(),
            };
            let after = match (broke, ru) {
                (true, true) => " — раньше одного из предыдущих событий того же заказа: порядок нарушен.",
                (true, false) => ", before an earlier event of the same order: its order is broken.",
                (false, true) => ".",
                (false, false) => ".",
            };
            format!("{who} offset {offset}: order-{order} · {event}{after}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_caption_speaks_both_languages() {
        let all = [
            WorkersCaption::Intro,
            WorkersCaption::Polled {
                last: 49,
                mode: Mode::PerMessage,
            },
            WorkersCaption::Polled {
                last: 49,
                mode: Mode::KeyedPool,
            },
            WorkersCaption::Finished {
                offset: 7,
                order: 3,
                step: 2,
                worker: Some(4),
                broke: true,
            },
            WorkersCaption::Finished {
                offset: 7,
                order: 3,
                step: 9,
                worker: None,
                broke: false,
            },
        ];
        for c in all {
            let (ru, en) = (workers_caption(Lang::Ru, c), workers_caption(Lang::En, c));
            assert!(ru.chars().any(|ch| matches!(ch, 'а'..='я')), "{ru}");
            assert!(!en.chars().any(|ch| matches!(ch, 'а'..='я')), "{en}");
        }
        let broke = WorkersCaption::Finished {
            offset: 7,
            order: 3,
            step: 2,
            worker: Some(4),
            broke: true,
        };
        assert!(workers_caption(Lang::En, broke)
            .contains("Worker 4 finished offset 7: order-3 · Paid, before an earlier event"));
        let ninth = WorkersCaption::Finished {
            offset: 7,
            order: 3,
            step: 9,
            worker: None,
            broke: false,
        };
        assert!(workers_caption(Lang::Ru, ninth).contains("событие 9"));
    }
}
