//! The replication scene's narration: what the latest step did and why,
//! in Russian and English.

use crate::i18n::Lang;
use crate::scenes::replication::model::{ElectionKind, ReplicationCaption};
use crate::sim::producer::Acks;

pub fn replication_caption(lang: Lang, c: ReplicationCaption) -> String {
    use ReplicationCaption::*;
    let ru = lang.is_ru();
    match c {
        Intro => if ru {
            "Нажмите ▶ или →: продюсер пишет события заказов лидеру партиции, а фолловеры копируют его лог в том же порядке. Метка eN у сообщения — эпоха лидера, который его записал: этот номер растёт при каждой смене лидера."
        } else {
            "Press ▶ or →: the producer writes order events to the partition's leader, and the followers copy its log in the same order."
        }
        .to_owned(),
        Written { order, event, leader, offset, acks } => {
            let who = match (acks, ru) {
                (Acks::All, true) => "ответ придёт, когда сообщение будет у всех реплик ISR (acks=all)",
                (Acks::All, false) => "the answer comes once every ISR replica has it (acks=all)",
                (Acks::Leader, true) => "лидер ответил сразу, не дожидаясь фолловеров (acks=1)",
                (Acks::Leader, false) => "the leader answered at once, without waiting for the followers (acks=1)",
                (Acks::None, true) => "ответа не будет (acks=0)",
                (Acks::None, false) => "no answer will come (acks=0)",
            };
            if ru {
                format!("Лидер, брокер {leader}, записал #{order} {} под offset {offset}; {who}.", event.value())
            } else {
                format!("Broker {leader}, the leader, wrote #{order} {} at offset {offset}; {who}.", event.value())
            }
        }
        Refused { order, event, isr, min_isr } => if ru {
            format!("Сообщение #{order} {} отклонено с NOT_ENOUGH_REPLICAS: реплик в ISR — {isr}, а min.insync.replicas = {min_isr}. Лидер никуда его не записал.", event.value())
        } else {
            format!("#{order} {} was refused with NOT_ENOUGH_REPLICAS: the ISR holds {isr}, and min.insync.replicas is {min_isr}. The leader wrote it nowhere.", event.value())
        },
        NoLeader { order, event } => if ru {
            format!("Сообщение #{order} {} некуда записать: у партиции нет лидера.", event.value())
        } else {
            format!("#{order} {} has nowhere to go: the partition has no leader.", event.value())
        },
        Fetched { broker, leo, hw } => if ru {
            format!("Брокер {broker} забрал у лидера всё до offset {leo}. High watermark — {hw}: консьюмеры видят сообщения ниже него.")
        } else {
            format!("Broker {broker} fetched everything from the leader up to offset {leo}. The high watermark is {hw}: consumers see the records below it.")
        },
        Crashed { broker, leader, epoch, election } => {
            let how = match (election, ru) {
                (Some(ElectionKind::Elr), true) => " из ELR",
                (Some(ElectionKind::Elr), false) => " from the ELR",
                (Some(ElectionKind::Unclean), true) => ", выбранный вне ISR (unclean.leader.election.enable)",
                (Some(ElectionKind::Unclean), false) => " from outside the ISR (unclean election): committed records may be lost",
                _ => "",
            };
            // A leader from the ISR or the ELR holds everything committed.
            let same = !matches!(election, Some(ElectionKind::Unclean));
            let same = match (same, ru) {
                (true, true) => "; всё, что ниже high watermark, у него есть",
                (true, false) => ", holding everything committed",
                (false, true) => "; сообщения, уже подтверждённые ISR, могут пропасть",
                (false, false) => "",
            };
            match (leader, ru) {
                (Some(l), true) => format!("Брокер {broker} упал. Лидер — брокер {l}{how}, эпоха лидера {epoch}{same}."),
                (Some(l), false) => format!("Broker {broker} went down. Broker {l} leads{how}, in leader epoch {epoch}{same}."),
                (None, true) => format!("Брокер {broker} упал, и вести партицию некому: она недоступна."),
                (None, false) => format!("Broker {broker} went down, and no replica may lead: the partition is offline."),
            }
        }
        Slowed { broker } => if ru {
            format!("Брокер {broker} замедлился и редко забирает сообщения у лидера: если отстанет дольше replica.lag.time.max.ms, выйдет из ISR.")
        } else {
            format!("Broker {broker} slowed down and fetches rarely: lagging longer than replica.lag.time.max.ms, it leaves the ISR.")
        },
        Healed { broker } => if ru {
            format!("Брокер {broker} снова работает в полную силу и догонит лидера.")
        } else {
            format!("Broker {broker} runs at full speed again and will catch up with the leader.")
        },
        TimedOut { order, event } => if ru {
            format!("Запрос с #{order} {} ждал дольше request.timeout.ms: high watermark так и не дошёл до этого сообщения. Продюсер считает его неудачным, хотя в логе лидера оно есть.", event.value())
        } else {
            format!("The request with #{order} {} waited longer than request.timeout.ms: the high watermark never reached it. The producer counts it as failed, though the leader's log holds it.", event.value())
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::record::OrderEvent;

    #[test]
    fn every_caption_speaks_both_languages_with_its_numbers() {
        let all = [
            ReplicationCaption::Intro,
            ReplicationCaption::Written {
                order: 3,
                event: OrderEvent::Paid,
                leader: 2,
                offset: 9,
                acks: Acks::All,
            },
            ReplicationCaption::Refused {
                order: 3,
                event: OrderEvent::Paid,
                isr: 1,
                min_isr: 2,
            },
            ReplicationCaption::NoLeader {
                order: 3,
                event: OrderEvent::Paid,
            },
            ReplicationCaption::Fetched {
                broker: 3,
                leo: 12,
                hw: 11,
            },
            ReplicationCaption::Crashed {
                broker: 1,
                leader: Some(2),
                epoch: 1,
                election: Some(ElectionKind::Elr),
            },
            ReplicationCaption::Crashed {
                broker: 1,
                leader: None,
                epoch: 1,
                election: Some(ElectionKind::Offline),
            },
            ReplicationCaption::Slowed { broker: 3 },
            ReplicationCaption::Healed { broker: 3 },
            ReplicationCaption::TimedOut {
                order: 3,
                event: OrderEvent::Paid,
            },
        ];
        for c in all {
            let (ru, en) = (
                replication_caption(Lang::Ru, c),
                replication_caption(Lang::En, c),
            );
            assert!(ru.chars().any(|ch| matches!(ch, 'а'..='я')), "{ru}");
            assert!(!en.chars().any(|ch| matches!(ch, 'а'..='я')), "{en}");
            assert_ne!(ru, en);
        }
        let written = ReplicationCaption::Written {
            order: 3,
            event: OrderEvent::Paid,
            leader: 2,
            offset: 9,
            acks: Acks::Leader,
        };
        assert!(replication_caption(Lang::En, written).contains("offset 9"));
    }
}
