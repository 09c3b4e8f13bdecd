//! The share group scene's narration: what the latest step did, told in
//! the share group's words (acquire, lock, acknowledge, release, archive)
//! for its lane and the group's for the others, in Russian and English;
//! and each broken pair of the share group with its cause.

use crate::i18n::{event_name, seconds, Lang};
use crate::scenes::share::model::partition::Returned;
use crate::scenes::share::model::{Cause, Lane, Outcome, ShareEvent, ShareScene};
use crate::sim::checker::{FindingKind, Violation};
use crate::sim::SimTime;

/// A consumer (or a pool's worker) as the lanes name it, numbered from 1.
pub fn member_name(lane: Lane, m: u32) -> String {
    match lane {
        Lane::Pool => format!("worker-{}", m + 1),
        _ => format!("consumer-{}", m + 1),
    }
}

/// "order-3 · Paid (p0, offset 7)".
fn record(lang: Lang, s: &ShareScene, r: u32) -> String {
    let info = &s.records[r as usize];
    format!(
        "{} · {} (p{}, offset {})",
        s.key(r),
        event_name(lang, info.event.step()),
        info.partition,
        info.offset
    )
}

/// What the latest event did.
pub fn share_narration(lang: Lang, s: &ShareScene, last: Option<&(SimTime, ShareEvent)>) -> String {
    let ru = lang.is_ru();
    let Some((at, event)) = last else {
        return if ru {
            "Продюсер пишет события заказов в топик, а три дорожки читают его одновременно. Запустите сцену.".to_owned()
        } else {
            "The producer writes order events to the topic, and three lanes read it at once. Press play.".to_owned()
        };
    };
    match *event {
        ShareEvent::Produce { index } => {
            let holder = s.share.iter().position(|m| {
                m.busy.is_some_and(|(j, ..)| j.record == index)
                    || m.queue.iter().any(|j| j.record == index)
            });
            let written = record(lang, s, index);
            match (holder, ru) {
                (Some(m), true) => format!(
                    "Продюсер записал {written}. Share-группа сразу выдала это сообщение {} и заблокировала его до {}: пока блокировка действует, другие консьюмеры его не получат.",
                    member_name(Lane::Share, m as u32),
                    seconds(lang, at.plus_millis(s.params.lock_ms))
                ),
                (Some(m), false) => format!(
                    "Written: {written}. The share group handed it to {} at once, locked until {}.",
                    member_name(Lane::Share, m as u32),
                    seconds(lang, at.plus_millis(s.params.lock_ms))
                ),
                (None, true) => format!("Продюсер записал {written}. Все консьюмеры share-группы заняты, и сообщение ждёт в партиции."),
                (None, false) => format!("Written: {written}. Every share group consumer is busy: the record waits in the partition."),
            }
        }
        ShareEvent::Done { lane, member } => {
            let Some(a) = s.members(lane)[member as usize].attempts.last() else {
                return String::new();
            };
            let who = member_name(lane, member);
            let what = record(lang, s, a.job.record);
            let n = a.job.delivery;
            let limit = s.params.delivery_limit;
            let broke = s
                .checker(lane)
                .violations()
                .iter()
                .zip(&s.causes)
                .rev()
                .find(|(v, _)| v.at == *at && v.position.offset == u64::from(a.job.record))
                .map(|(v, c)| finding(lang, s, v, Some(*c)));
            let told = match (lane, a.outcome, ru) {
                (Lane::Share, Outcome::Done, true) => format!("{who} обработал {what} (доставка {n}) и подтвердит его (ACCEPT) при следующем опросе."),
                (Lane::Share, Outcome::Done, false) => format!("{who} handled {what} (delivery {n}) and will ACCEPT it with its next poll."),
                (Lane::Share, Outcome::Failed, true) => format!("{who} не справился с {what} и отпускает его (RELEASE): сообщение снова доступно и уйдёт тому, кто спросит первым."),
                (Lane::Share, Outcome::Failed, false) => format!("{who} failed {what} and RELEASEs it: the record is available again and goes to whoever asks first."),
                (Lane::Share, Outcome::GaveUp, true) => format!("{who} снова не справился с {what}. Это была доставка {n} из {limit}: брокер переводит сообщение в архив, и больше его не получит никто."),
                (Lane::Share, Outcome::GaveUp, false) => format!("{who} failed {what} again. That was delivery {n} of {limit}: the broker archives the record, and nobody gets it again."),
                (Lane::Share, Outcome::Late, true) => format!("{who} закончил {what}, но блокировка этого сообщения уже истекла: брокер отклонит подтверждение (INVALID_RECORD_STATE), а само сообщение уже досталось другому консьюмеру."),
                (Lane::Share, Outcome::Late, false) => format!("{who} finished {what}, but its lock had run out: the broker will refuse the acknowledgement (INVALID_RECORD_STATE), and the record went to another consumer."),
                (_, Outcome::Failed, true) => format!("{who} не справился с {what} и повторяет его на месте (попытка {n}), а следующие сообщения ждут."),
                (_, Outcome::Failed, false) => format!("{who} failed {what} and tries it again in place (attempt {n}): the next records wait."),
                (_, Outcome::GaveUp, true) => format!("{who} после {n} попыток сдаётся и пропускает {what}: так приложение отправило бы сообщение в DLQ."),
                (_, Outcome::GaveUp, false) => format!("{who} gives up on {what} after {n} attempts and skips it, as an application would send it to a DLQ."),
                (Lane::Group, _, true) => format!("В группе консьюмеров {who} обработал {what}."),
                (Lane::Group, _, false) => format!("In the consumer group, {who} handled {what}."),
                (_, _, true) => format!("В пуле {who} обработал {what}."),
                (_, _, false) => format!("In the pool, {who} handled {what}."),
            };
            match broke {
                Some(b) => format!("{told} {b}"),
                None => told,
            }
        }
        ShareEvent::LockTimeout { .. } => {
            let gone: Vec<String> = s
                .expired
                .iter()
                .filter(|e| e.0 == *at)
                .map(|e| {
                    format!(
                        "{} ({})",
                        record(lang, s, e.2),
                        member_name(Lane::Share, e.1)
                    )
                })
                .collect();
            let list = gone.join(", ");
            if ru {
                format!("Истекла блокировка: {list}. Сообщение снова доступно, а его счётчик доставок (сколько раз сообщение уже выдавали) не сбрасывается.")
            } else {
                format!("A lock ran out: {list}. The record is available again; its delivery count stays.")
            }
        }
    }
}

/// A broken pair, with its cause when it is the share group's.
pub fn finding(lang: Lang, s: &ShareScene, v: &Violation, cause: Option<Cause>) -> String {
    let ru = lang.is_ru();
    let info = &s.records[v.position.offset as usize];
    let here = format!("p{}, offset {}", info.partition, info.offset);
    let who = member_name(Lane::Share, v.position.partition);
    let pair = match (v.kind, ru) {
        (FindingKind::Reorder { seen_step, seen_at }, true) => format!(
            "⚠ {}: {} ({here}, {who}) — после {} ({})",
            v.key,
            event_name(lang, v.step),
            event_name(lang, seen_step),
            member_name(Lane::Share, seen_at.partition)
        ),
        (FindingKind::Reorder { seen_step, seen_at }, false) => format!(
            "⚠ {}: {} ({here}, {who}) came after {} ({})",
            v.key,
            event_name(lang, v.step),
            event_name(lang, seen_step),
            member_name(Lane::Share, seen_at.partition)
        ),
        (FindingKind::Duplicate { first_at }, true) => format!(
            "⚠ {}: {} обработан дважды ({who}, впервые — {})",
            v.key,
            event_name(lang, v.step),
            member_name(Lane::Share, first_at.partition)
        ),
        (FindingKind::Duplicate { first_at }, false) => format!(
            "⚠ {}: {} handled twice ({who}, first by {})",
            v.key,
            event_name(lang, v.step),
            member_name(Lane::Share, first_at.partition)
        ),
    };
    let why = match (cause, ru) {
        (None, _) => return pair,
        (Some(Cause::Parallel { other }), true) => format!(
            "причина: сообщения одной партиции были у двух консьюмеров сразу, и {} закончил раньше",
            member_name(Lane::Share, other)
        ),
        (Some(Cause::Parallel { other }), false) => format!(
            "cause: two consumers held the partition's records at once, and {} finished first",
            member_name(Lane::Share, other)
        ),
        (Some(Cause::Redelivered(Returned::Released)), true) => {
            "причина: сообщение отпустили (RELEASE), и оно вернулось уже после следующего события"
                .to_owned()
        }
        (Some(Cause::Redelivered(Returned::Released)), false) => {
            "cause: the record was RELEASEd and came round again after the next event".to_owned()
        }
        (Some(Cause::Redelivered(Returned::LockExpired)), true) => {
            "причина: истекла блокировка, и сообщение выдали снова уже после следующего события"
                .to_owned()
        }
        (Some(Cause::Redelivered(Returned::LockExpired)), false) => {
            "cause: its lock ran out, and it was delivered again after the next event".to_owned()
        }
        (Some(Cause::HandledTwice), true) => {
            "причина: блокировка истекла, пока первый консьюмер ещё работал".to_owned()
        }
        (Some(Cause::HandledTwice), false) => {
            "cause: its lock ran out while the first consumer was still working".to_owned()
        }
    };
    format!("{pair}; {why}")
}

/// A record a lane gave up on.
pub fn gave_up_line(lang: Lang, s: &ShareScene, lane: Lane, r: u32) -> String {
    let what = record(lang, s, r);
    let limit = s.params.delivery_limit;
    match (lane, lang.is_ru()) {
        (Lane::Share, true) => format!("✕ {what}: в архиве после {limit} доставок, более поздние события заказа обработаны без него"),
        (Lane::Share, false) => format!("✕ {what}: archived after {limit} deliveries; the order's later events were handled without it"),
        (_, true) => format!("✕ {what}: пропущено после {limit} попыток (в DLQ)"),
        (_, false) => format!("✕ {what}: skipped after {limit} attempts (to a DLQ)"),
    }
}

/// What the finished run showed.
pub fn share_verdict(lang: Lang, s: &ShareScene) -> String {
    let [g, sh, p] =
        [Lane::Group, Lane::Share, Lane::Pool].map(|l| s.checker(l).violations().len());
    if lang.is_ru() {
        format!("Итог: нарушений порядка в группе — {g}, в share-группе — {sh}, в пуле — {p}.")
    } else {
        format!("In the end: order violations in the group {g}, in the share group {sh}, in the pool {p}.")
    }
}
