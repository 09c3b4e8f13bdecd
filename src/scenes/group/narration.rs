//! The group scene's narration: what the latest step did to the group's
//! partitions and offsets, and why it matters, in Russian and English.

use crate::i18n::format::RECORDS;
use crate::i18n::Lang;
use crate::i18n::{event_name, millis, number, plural_en, plural_ru, seconds};
use crate::scenes::group::model::{
    ActionKind, CommitMode, GroupCaption, GroupNarration, Reader, RecordAt, Reread, REBALANCE_MS,
    SESSION_TIMEOUT_MS,
};
use crate::sim::SimTime;

/// At most this many runs of repeated offsets are spelled out in the recap.
const SHOWN_RUNS: usize = 4;

/// "a, b and c", "a, b и c".
fn and_list(lang: Lang, items: &[String]) -> String {
    let and = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => " и ",
        #[cfg(feature = "lang-en")]
        Lang::En => " and ",
    };
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{}{and}{last}", rest.join(", ")),
    }
}

fn ids(list: &[u32]) -> String {
    list.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A record as the scene's other panels name it: its offset, partition,
/// order and event.
fn record(lang: Lang, r: RecordAt) -> String {
    let event = event_name(lang, r.event.step());
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!(
            "offset {} партиции {} (order-{} · {event})",
            r.offset, r.partition, r.order
        ),
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "offset {} of partition {} (order-{} · {event})",
            r.offset, r.partition, r.order
        ),
    }
}

/// "offset 7", "offsets 5–7": a run of one partition's offsets.
fn run(lang: Lang, first: u64, last: u64) -> String {
    match (lang, first == last) {
        (_, true) => format!("offset {first}"),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, false) => format!("offset'ы {first}–{last}"),
        #[cfg(feature = "lang-en")]
        (Lang::En, false) => format!("offsets {first}–{last}"),
    }
}

/// What a poll returned: "offsets 5–7 of partition 0 and offset 3 of
/// partition 1".
fn fetched(lang: Lang, f: &[(u32, u64, u64)]) -> String {
    let parts: Vec<String> = f
        .iter()
        .map(|&(p, from, to)| match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} партиции {p}", run(lang, from, to - 1)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} of partition {p}", run(lang, from, to - 1)),
        })
        .collect();
    and_list(lang, &parts)
}

/// What a commit wrote: "offset 5 for partition 0 and offset 3 for
/// partition 1".
fn commits(lang: Lang, c: &[(u32, u64)]) -> String {
    let parts: Vec<String> = c
        .iter()
        .map(|&(p, o)| match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("offset {o} для партиции {p}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("offset {o} for partition {p}"),
        })
        .collect();
    and_list(lang, &parts)
}

/// "partition 2", "partitions 2, 3", in the nominative.
fn partitions(lang: Lang, list: &[u32]) -> String {
    match (lang, list.len() == 1) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, true) => format!("партиция {}", ids(list)),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, false) => format!("партиции {}", ids(list)),
        #[cfg(feature = "lang-en")]
        (Lang::En, true) => format!("partition {}", ids(list)),
        #[cfg(feature = "lang-en")]
        (Lang::En, false) => format!("partitions {}", ids(list)),
    }
}

/// Why a commit names the offset it does, for one offset or several.
fn why_the_offset(lang: Lang, several: bool) -> &'static str {
    match (lang, several) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, false) => {
            "это последний обработанный offset + 1, то есть offset, с которого консьюмер продолжит чтение"
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, true) => {
            "каждый из них — последний обработанный offset + 1, то есть offset, с которого консьюмер продолжит чтение"
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, false) => "the last processed offset + 1, that is the next record to read",
        #[cfg(feature = "lang-en")]
        (Lang::En, true) => {
            "each is the last processed offset + 1, that is the next record to read"
        }
    }
}

pub fn group_narration(lang: Lang, n: &GroupNarration) -> String {
    let mut out = n
        .intro
        .as_ref()
        .map(|intro| format!("{} ", group_caption(lang, intro)))
        .unwrap_or_default();
    out.push_str(&group_caption(lang, &n.step));
    if let Some(r) = &n.reread {
        out.push(' ');
        out.push_str(&reread(lang, r));
    }
    out
}

/// The recap of what has been handled twice so far, and why.
fn reread(lang: Lang, r: &Reread) -> String {
    let runs: Vec<String> = r
        .runs
        .iter()
        .take(SHOWN_RUNS)
        .map(|&(p, first, last)| match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} партиции {p}", run(lang, first, last)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} of partition {p}", run(lang, first, last)),
        })
        .collect();
    let list = match (r.runs.len() > SHOWN_RUNS, lang) {
        (false, _) => and_list(lang, &runs),
        #[cfg(feature = "lang-ru")]
        (true, Lang::Ru) => format!("{} и другие", runs.join(", ")),
        #[cfg(feature = "lang-en")]
        (true, Lang::En) => format!("{} and more", runs.join(", ")),
    };
    let n = r.count as u64;
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => {
            // «Сообщение» is neuter: «обработано 1 сообщение», «обработаны 2».
            let verb = plural_ru(n, "обработано", "обработаны", "обработано");
            let them = if n == 1 { "его" } else { "их" };
            format!(
                "Дважды {verb} {} {}: {list}. Упавший участник обработал {them}, но не успел закоммитить, и новый владелец партиции перечитал {them} с закоммиченного offset'а.",
                number(lang, n),
                RECORDS.word(lang, n)
            )
        }
        #[cfg(feature = "lang-en")]
        Lang::En => {
            let (verb, them) = if n == 1 {
                ("was", "it")
            } else {
                ("were", "them")
            };
            format!(
                "{} {} {verb} processed twice: {list}. A member that crashed had processed {them} without committing, so the partition's new owner re-read {them} from the committed offset.",
                number(lang, n),
                plural_en(n, "record", "records")
            )
        }
    }
}

fn intro(lang: Lang, next: Option<&crate::scenes::group::model::MemberAction>) -> String {
    let first = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => "Нажмите ▶ или →: каждый участник вызывает poll() на своих партициях, обрабатывает сообщения по одному и коммитит offset'ы, то есть сохраняет в группе, с какого места продолжать чтение. Следите за столбцами «Позиция» и «Закоммичено»: то, что между ними, уже получено, но ещё не закоммичено.",
        #[cfg(feature = "lang-en")]
        Lang::En => "Press ▶ or →: each member calls poll() on its partitions, processes the records one by one and commits offsets. Watch the Position and Committed columns: what lies between them has been fetched but not committed yet.",
    };
    let Some(a) = next else {
        return first.to_owned();
    };
    let at = seconds(lang, a.at);
    let then = match (&a.kind, lang) {
        #[cfg(feature = "lang-ru")]
        (ActionKind::Add, Lang::Ru) => format!("на {at} в группу вступит новый участник"),
        #[cfg(feature = "lang-en")]
        (ActionKind::Add, Lang::En) => format!("a new member joins at {at}"),
        #[cfg(feature = "lang-ru")]
        (ActionKind::Remove(m), Lang::Ru) => format!("на {at} {m} штатно выйдет из группы"),
        #[cfg(feature = "lang-en")]
        (ActionKind::Remove(m), Lang::En) => format!("{m} leaves cleanly at {at}"),
        #[cfg(feature = "lang-ru")]
        (ActionKind::Crash(m), Lang::Ru) => format!("на {at} {m} упадёт"),
        #[cfg(feature = "lang-en")]
        (ActionKind::Crash(m), Lang::En) => format!("{m} crashes at {at}"),
    };
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{first} По сценарию этой ссылки {then}."),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{first} On this link, {then}."),
    }
}

pub fn group_caption(lang: Lang, c: &GroupCaption) -> String {
    let ru = lang.is_ru();
    match c {
        GroupCaption::Intro { next } => intro(lang, next.as_ref()),
        GroupCaption::Produced {
            partition,
            offset,
            reader,
        } => {
            let who = match (reader, ru) {
                (Reader::Member(m), true) => format!(", и {m} заберёт его следующим вызовом poll()"),
                (Reader::Member(m), false) => format!("{m} fetches it with its next poll()"),
                (Reader::OwnerDown(m), true) => format!(
                    ", но владелец партиции {m} упал, и читать её некому, пока группа этого не заметит"
                ),
                (Reader::OwnerDown(m), false) => format!(
                    "but its owner {m} is down, and nobody reads it until the group notices"
                ),
                (Reader::Paused, true) => {
                    ", но партиция на паузе до конца ребалансировки, и её пока никто не читает".to_owned()
                }
                (Reader::Paused, false) => {
                    "the partition is paused for the rebalance, so nobody reads it yet".to_owned()
                }
            };
            if ru {
                format!("Продюсер дописал в партицию {partition} сообщение с offset {offset}{who}.")
            } else {
                format!("The producer appended offset {offset} to partition {partition}; {who}.")
            }
        }
        GroupCaption::Polled {
            member,
            committed,
            fetched: got,
            owned,
            paused,
            starts,
            next_auto_commit,
        } => polled(lang, member, committed, got, owned, *paused, *starts, *next_auto_commit),
        GroupCaption::Took { member, record: r } => {
            if ru {
                format!(
                    "{member} берётся за следующее сообщение из тех, что вернул его последний poll(): {}.",
                    record(lang, *r)
                )
            } else {
                format!(
                    "{member} starts on the next record its last poll() returned: {}.",
                    record(lang, *r)
                )
            }
        }
        GroupCaption::Processed {
            member,
            record: r,
            committed,
            commit_sync,
            commit,
        } => processed(lang, member, *r, *committed, commit_sync, *commit),
        GroupCaption::Reprocessed {
            member,
            record: r,
            from,
        } => {
            let p = r.partition;
            if ru {
                format!(
                    "{member} обработал {} второй раз. Прежний владелец успел обработать это сообщение до падения, но не закоммитил его, поэтому {member} начал партицию {p} с закоммиченного offset'а {from}, и всё, что прежний владелец обработал после этого offset'а, обрабатывается заново.",
                    record(lang, *r)
                )
            } else {
                format!(
                    "{member} processed {} a second time. Its former owner processed it before crashing but never committed it, and {member} resumed partition {p} at the committed offset, {from}: every record processed from there up to the crash is processed again.",
                    record(lang, *r)
                )
            }
        }
        GroupCaption::Skipped { member, record: r } => {
            if ru {
                format!(
                    "{member} снова получил {} и пропустил это сообщение: идемпотентный обработчик уже помнит его идентификатор, и побочный эффект не повторяется.",
                    record(lang, *r)
                )
            } else {
                format!(
                    "{member} got {} again and skipped it: the idempotent handler already holds its id, so the side effect does not repeat.",
                    record(lang, *r)
                )
            }
        }
        GroupCaption::Dropped { member, crashed } => match (crashed, ru) {
            (true, true) => format!(
                "{member} упал посреди обработки сообщения: обработка так и не завершится, и offset этого сообщения не закоммичен."
            ),
            (true, false) => format!(
                "{member} crashed in the middle of a record: its processing never finishes, and its offset is not committed."
            ),
            (false, true) => format!(
                "{member} вышел из группы, не закончив обработку сообщения: следующий владелец партиции прочитает его заново с закоммиченного offset'а."
            ),
            (false, false) => format!(
                "{member} left before it finished its record: the partition's next owner reads it from the committed offset."
            ),
        },
        GroupCaption::Crashed { member, partitions: ps } => crashed(lang, member, ps),
        GroupCaption::Expired { member, consumer } => match (consumer, ru) {
            (false, true) => format!("Истёк session.timeout.ms, а heartbeat от {member} так и не пришёл. Координатор группы — брокер, который ведёт её участников, — исключает {member} из группы и запускает ребалансировку."),
            (false, false) => format!("session.timeout.ms passed without a heartbeat from {member}: the coordinator removes it from the group and starts a rebalance."),
            (true, true) => format!("Сессия {member} истекла: heartbeat от него так и не пришёл, и брокер исключил его из группы. Брокер повышает эпоху группы (номер, который растёт при каждом изменении группы) и считает новое целевое назначение. Партиции {member} свободны сразу, отзывать их не нужно: другие участники заберут их на своих heartbeat'ах и продолжат с закоммиченного offset'а."),
            (true, false) => format!("{member}'s session expired without heartbeats: the broker fences it, bumps the group epoch and computes a new target assignment. Its partitions are free at once, with no revocation; the others take them on their heartbeats and go on from the committed offset."),
        },
        GroupCaption::Joined { member, consumer } => match (consumer, ru) {
            (false, true) => format!("{member} вступил в группу. Координатор группы (брокер, который ведёт её участников) запускает ребалансировку, чтобы выдать новому участнику партиции."),
            (false, false) => format!("{member} joined the group: the coordinator starts a rebalance to give it partitions."),
            (true, true) => format!("{member} запускается. Первым heartbeat'ом (так называется периодический запрос участника к брокеру) он вступит в группу, и брокер посчитает новое целевое назначение. Остальные участники при этом не останавливаются."),
            (true, false) => format!("{member} starts; its first heartbeat joins the group, and the broker computes a new target assignment. Nobody else stops."),
        },
        GroupCaption::Left { member, committed, consumer } => {
            let out = match (committed.is_empty(), ru) {
                (true, true) => "партиций у него не было".to_owned(),
                (true, false) => "it owned no partition".to_owned(),
                (false, true) => format!("перед выходом он закоммитил {}", commits(lang, committed)),
                (false, false) => format!("on its way out it committed {}", commits(lang, committed)),
            };
            match (consumer, ru) {
                (false, true) => format!("{member} штатно вышел из группы: {out}. Ребалансировка начинается сразу, и ждать, пока истечёт session.timeout.ms, не нужно."),
                (false, false) => format!("{member} left cleanly: {out}. The group rebalances at once, without waiting for session.timeout.ms."),
                (true, true) => format!("{member} штатно вышел из группы: {out}. Прощальный heartbeat сразу освобождает его партиции, и брокер считает новое целевое назначение."),
                (true, false) => format!("{member} left cleanly: {out}. Its leave heartbeat frees its partitions at once, and the broker computes a new target assignment."),
            }
        }
        GroupCaption::Ignored { member } => {
            if ru {
                format!("Ссылка просит {member} выйти из группы или упасть, но среди работающих участников его нет, так что ничего не происходит.")
            } else {
                format!("The link asks {member} to leave or crash, but it is not an active member of the group: nothing happens.")
            }
        }
        GroupCaption::RebalanceStarted { assignor, commits } => {
            let wait = millis(lang, REBALANCE_MS);
            let a = assignor.id();
            match (assignor.cooperative(), *commits, ru) {
                (false, _, true) => format!("Начинается ребалансировка по классическому протоколу, eager ({a}): каждый участник коммитит обработанное, отдаёт все свои партиции и стоит, пока через {wait} не придёт новое назначение."),
                (false, _, false) => format!("The group rebalances with the classic protocol, eager ({a}): every member commits what it processed, gives back all its partitions and stops until the new assignment arrives in {wait}."),
                (true, first, true) => format!("Начинается ребалансировка по классическому протоколу, cooperative ({a}): участники{} продолжают обрабатывать свои партиции, пока готовится новое назначение ({wait}).", if first { ", закоммитив обработанное," } else { "" }),
                (true, first, false) => format!("The group rebalances with the classic protocol, cooperative ({a}): members{} keep processing the partitions they own while the new assignment is worked out ({wait}).", if first { ", having committed what they processed," } else { "" }),
            }
        }
        GroupCaption::Rebalanced {
            generation,
            assignor,
            moved,
            revoked,
        } => rebalanced(lang, *generation, assignor.id(), moved, revoked),
        GroupCaption::Reconciled {
            member,
            epoch,
            assignor,
            joined,
            revoked,
            assigned,
            waiting,
        } => reconciled(
            lang,
            &Heartbeat {
                member,
                epoch: *epoch,
                assignor: assignor.id(),
                joined: *joined,
                revoked,
                assigned,
                waiting,
            },
        ),
    }
}

#[allow(clippy::too_many_arguments)]
fn polled(
    lang: Lang,
    member: &str,
    committed: &[(u32, u64)],
    got: &[(u32, u64, u64)],
    owned: &[u32],
    paused: bool,
    starts: Option<RecordAt>,
    next_auto_commit: Option<SimTime>,
) -> String {
    let ru = lang.is_ru();
    let empty = match (owned.is_empty(), paused, ru) {
        (_, true, true) => "его партиции на паузе, пока идёт ребалансировка".to_owned(),
        (_, true, false) => "its partitions are paused while the group rebalances".to_owned(),
        (true, false, true) => "у него нет партиций".to_owned(),
        (true, false, false) => "it owns no partition".to_owned(),
        (false, false, true) => format!("в {} он уже прочитал всё", partitions_prep(owned)),
        (false, false, false) => format!(
            "it has read everything in {} so far",
            partitions(lang, owned)
        ),
    };
    // After the commit's sentence "it" could be poll(): name the member.
    let who = if committed.is_empty() {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "он",
            #[cfg(feature = "lang-en")]
            Lang::En => "it",
        }
    } else {
        member
    };
    let start = starts.map(|r| match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{who} начинает с {}", record(lang, r)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{who} starts on {}", record(lang, r)),
    });
    let mut out = if committed.is_empty() {
        match (got.is_empty(), ru) {
            (true, true) => format!("{member} вызвал poll() и ничего не получил: {empty}."),
            (true, false) => format!("{member} called poll() and got nothing: {empty}."),
            (false, true) => format!("{member} вызвал poll() и получил {}", fetched(lang, got)),
            (false, false) => format!("{member} called poll() and got {}", fetched(lang, got)),
        }
    } else {
        let first = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{member} вызвал poll(). Подошло время автокоммита, и poll() сначала закоммитил {}: {}.",
                commits(lang, committed),
                why_the_offset(lang, committed.len() > 1)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{member} called poll(). An auto commit was due, so poll() first committed {}: {}.",
                commits(lang, committed),
                why_the_offset(lang, committed.len() > 1)
            ),
        };
        match (got.is_empty(), ru) {
            (true, true) => format!("{first} Новых сообщений нет: {empty}."),
            (true, false) => format!("{first} Nothing new came back: {empty}."),
            (false, true) => format!("{first} Затем poll() вернул {}", fetched(lang, got)),
            (false, false) => format!("{first} Then it returned {}", fetched(lang, got)),
        }
    };
    if !got.is_empty() {
        if let Some(start) = start {
            out.push_str(&format!("; {start}"));
        }
        out.push('.');
        // Auto commit only: when the records just fetched get committed,
        // the earliest, and what a crash before it costs.
        if let (true, Some(at)) = (committed.is_empty(), next_auto_commit) {
            out.push_str(&match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!(" Следующий автокоммит будет не раньше {}: его сделает первый poll() после этого момента.", seconds(lang, at)),
                #[cfg(feature = "lang-en")]
                Lang::En => format!(" The next auto commit comes no sooner than {}, with the first poll() after that.", seconds(lang, at)),
            });
        }
    }
    out
}

/// "партиции 2", "партициях 2, 3": after "в".
fn partitions_prep(list: &[u32]) -> String {
    if list.len() == 1 {
        format!("партиции {}", ids(list))
    } else {
        format!("партициях {}", ids(list))
    }
}

fn processed(
    lang: Lang,
    member: &str,
    r: RecordAt,
    committed: u64,
    commit_sync: &[(u32, u64)],
    commit: CommitMode,
) -> String {
    let (p, o) = (r.partition, r.offset);
    let first = match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("{member} обработал {}.", record(lang, r)),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("{member} processed {}.", record(lang, r)),
    };
    let then = if !commit_sync.is_empty() {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Это было последнее сообщение батча, поэтому он вызвал commitSync() и закоммитил {}: {}.",
                commits(lang, commit_sync),
                why_the_offset(lang, commit_sync.len() > 1)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "That was the last record of its batch, so it called commitSync() and committed {}: {}.",
                commits(lang, commit_sync),
                why_the_offset(lang, commit_sync.len() > 1)
            ),
        }
    } else if committed > o {
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => {
                format!("Закоммиченный offset партиции {p} уже {committed}, так что после падения это сообщение не будет обработано заново.")
            }
            #[cfg(feature = "lang-en")]
            Lang::En => {
                format!("Partition {p}'s committed offset, {committed}, already covers it.")
            }
        }
    } else {
        let until = match (commit, lang) {
            #[cfg(feature = "lang-ru")]
            (CommitMode::Auto, Lang::Ru) => "до следующего автокоммита",
            #[cfg(feature = "lang-en")]
            (CommitMode::Auto, Lang::En) => "before the next auto commit",
            #[cfg(feature = "lang-ru")]
            (CommitMode::Manual, Lang::Ru) => "до commitSync() после батча",
            #[cfg(feature = "lang-en")]
            (CommitMode::Manual, Lang::En) => "before the commitSync() after the batch",
        };
        let repeat = run(lang, committed, o);
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Закоммиченный offset партиции {p} всё ещё {committed}: если {member} упадёт {until}, {repeat} партиции {p} придётся обработать заново."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Partition {p}'s committed offset is still {committed}: if {member} crashed {until}, {repeat} of partition {p} would be processed again."),
        }
    };
    format!("{first} {then}")
}

fn crashed(lang: Lang, member: &str, ps: &[(u32, u64, u64)]) -> String {
    if ps.is_empty() {
        return match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => {
                format!("{member} упал. Партиций у него не было, так что никакие сообщения его не ждут.")
            }
            #[cfg(feature = "lang-en")]
            Lang::En => {
                format!("{member} crashed. It owned no partition, so no records wait for it.")
            }
        };
    }
    let list: Vec<u32> = ps.iter().map(|&(p, _, _)| p).collect();
    let timeout = seconds(lang, SimTime(SESSION_TIMEOUT_MS));
    let each: Vec<String> = ps
        .iter()
        .map(|&(p, committed, upto)| match (upto > committed, lang) {
            #[cfg(feature = "lang-ru")]
            (true, Lang::Ru) if upto - committed == 1 => format!(
                "партицию {p} — с {committed}, поэтому offset {committed} партиции {p}, уже обработанный, но не закоммиченный, будет обработан дважды"
            ),
            #[cfg(feature = "lang-ru")]
            (true, Lang::Ru) => format!(
                "партицию {p} — с {committed}, поэтому {} партиции {p}, уже обработанные, но не закоммиченные, будут обработаны дважды",
                run(lang, committed, upto - 1)
            ),
            #[cfg(feature = "lang-en")]
            (true, Lang::En) => format!(
                "partition {p} at {committed}, so {} of partition {p}, processed but not committed, will be processed twice",
                run(lang, committed, upto - 1)
            ),
            #[cfg(feature = "lang-ru")]
            (false, Lang::Ru) => format!("партицию {p} — с {committed}, а после него ничего не обработано"),
            #[cfg(feature = "lang-en")]
            (false, Lang::En) => format!("partition {p} at {committed}, with nothing processed past it"),
        })
        .collect();
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => {
            let whom = if list.len() == 1 { "Партицию" } else { "Партиции" };
            format!(
                "{member} упал. {whom} {} пока никто не читает: группа заметит падение, только когда истечёт session.timeout.ms ({timeout}) — столько она ждёт от участника heartbeat, сигнала «я жив». Новый владелец продолжит с закоммиченного offset'а: {}.",
                ids(&list),
                each.join("; ")
            )
        }
        #[cfg(feature = "lang-en")]
        Lang::En => format!(
            "{member} crashed. Nobody reads {} until session.timeout.ms ({timeout}) passes and the group notices. The next owner resumes at the committed offset: {}.",
            partitions(lang, &list),
            each.join("; ")
        ),
    }
}

/// A consumer-protocol heartbeat, as its caption tells it: the member, the
/// group's epoch and the broker's assignor, whether the member just joined,
/// and what it gave up, took (from which committed offset) and still waits
/// for (and from whom).
struct Heartbeat<'a> {
    member: &'a str,
    epoch: u32,
    assignor: &'a str,
    joined: bool,
    revoked: &'a [u32],
    assigned: &'a [(u32, u64)],
    waiting: &'a [(u32, String)],
}

/// A consumer-protocol heartbeat: what the member gave up, took and
/// still waits for, at the group's epoch.
fn reconciled(lang: Lang, heartbeat: &Heartbeat<'_>) -> String {
    if lang.is_ru() {
        return reconciled_ru(lang, heartbeat);
    }
    let mut parts = Vec::new();
    let h = heartbeat;
    if h.joined {
        parts.push(format!(
            "it joins the group, the group epoch is now {}, and the broker's {} assignor computed a new target",
            h.epoch, h.assignor
        ));
    }
    if !h.revoked.is_empty() {
        parts.push(format!(
            "gives up partitions {}, having committed what it processed; it keeps reading the rest",
            ids(h.revoked)
        ));
    }
    if !h.assigned.is_empty() {
        let each: Vec<String> = h
            .assigned
            .iter()
            .map(|(p, c)| format!("{p} (from offset {c})"))
            .collect();
        parts.push(format!(
            "takes the free partitions {}",
            and_list(lang, &each)
        ));
    }
    if !h.waiting.is_empty() {
        let each: Vec<String> = h
            .waiting
            .iter()
            .map(|(p, o)| format!("{p} (held by {o})"))
            .collect();
        parts.push(format!("waits for {} to be let go", and_list(lang, &each)));
    }
    if parts.is_empty() {
        return format!(
            "{} heartbeats: its assignment matches the target (epoch {}).",
            h.member, h.epoch
        );
    }
    format!("{} heartbeats: {}.", h.member, parts.join("; "))
}

/// The same heartbeat in Russian, a sentence for each thing the member did:
/// the member is named once and then is «он».
fn reconciled_ru(lang: Lang, heartbeat: &Heartbeat<'_>) -> String {
    let Heartbeat {
        member,
        epoch,
        assignor,
        joined,
        revoked,
        assigned,
        waiting,
    } = *heartbeat;
    let nothing = revoked.is_empty() && assigned.is_empty() && waiting.is_empty();
    let mut out = match (joined, nothing) {
        (true, _) => format!("{member} прислал первый heartbeat и вступил в группу. Эпоха группы (номер, который растёт при каждом изменении группы) теперь {epoch}, и стратегия {assignor} на брокере посчитала новое целевое назначение."),
        (false, true) => {
            return format!("{member} прислал heartbeat: его назначение уже совпадает с целевым (эпоха группы {epoch}).")
        }
        (false, false) => format!("{member} прислал heartbeat."),
    };
    if !revoked.is_empty() {
        let which = match revoked.len() {
            1 => format!("партицию {}", ids(revoked)),
            _ => format!("партиции {}", ids(revoked)),
        };
        out.push_str(&format!(
            " Он отдаёт {which}, закоммитив обработанное, а остальные свои партиции читает дальше."
        ));
    }
    if !assigned.is_empty() {
        let each: Vec<String> = assigned
            .iter()
            .map(|(p, c)| format!("{p} (с offset'а {c})"))
            .collect();
        let free = if assigned.len() == 1 {
            "свободную партицию"
        } else {
            "свободные партиции"
        };
        out.push_str(&format!(" Он берёт {free} {}.", and_list(lang, &each)));
    }
    match waiting {
        [] => {}
        [(p, o)] => out.push_str(&format!(" Он ждёт, пока {o} отпустит партицию {p}.")),
        _ => {
            let each: Vec<String> = waiting
                .iter()
                .map(|(p, o)| format!("{p} (у {o})"))
                .collect();
            out.push_str(&format!(
                " Он ждёт, пока освободятся партиции {}.",
                and_list(lang, &each)
            ));
        }
    }
    out
}

fn rebalanced(
    lang: Lang,
    generation: u32,
    assignor: &str,
    moved: &[(u32, Option<String>, String, u64)],
    revoked: &[(u32, String)],
) -> String {
    let ru = lang.is_ru();
    let mut parts = Vec::new();
    if !moved.is_empty() {
        let each: Vec<String> = moved
            .iter()
            .map(|(p, from, to, _)| match (from, ru) {
                (Some(f), true) => format!("партицию {p} от {f} к {to}"),
                (Some(f), false) => format!("partition {p} from {f} to {to}"),
                (None, true) => format!("партицию {p} к {to}"),
                (None, false) => format!("partition {p} to {to}"),
            })
            .collect();
        let at: Vec<String> = moved
            .iter()
            .map(|(p, _, _, c)| match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!("партицию {p} — с {c}"),
                #[cfg(feature = "lang-en")]
                Lang::En => format!("{c} on partition {p}"),
            })
            .collect();
        parts.push(match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "Стратегия {assignor} передала {}. Новый владелец начинает партицию с её закоммиченного offset'а: {}",
                and_list(lang, &each),
                and_list(lang, &at)
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{assignor} moved {}. A new owner starts at the partition's committed offset: {}",
                and_list(lang, &each),
                and_list(lang, &at)
            ),
        });
    }
    if !revoked.is_empty() {
        let each: Vec<String> = revoked
            .iter()
            .map(|(p, from)| match lang {
                #[cfg(feature = "lang-ru")]
                Lang::Ru => format!("партицию {p} у {from}"),
                #[cfg(feature = "lang-en")]
                Lang::En => format!("partition {p} from {from}"),
            })
            .collect();
        let one = revoked.len() == 1;
        parts.push(match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!(
                "{} {}: в этом поколении у {} нет владельца, и группа сразу начинает ещё одну ребалансировку, чтобы отдать {} новому владельцу",
                // After the moves the assignor is already named, so «она» stands for it.
                if moved.is_empty() {
                    format!("Стратегия {assignor} сначала отозвала")
                } else {
                    "А ещё она пока только отозвала".to_owned()
                },
                and_list(lang, &each),
                if one { "неё" } else { "них" },
                if one { "её" } else { "их" }
            ),
            #[cfg(feature = "lang-en")]
            Lang::En => format!(
                "{assignor} first revoked {}: nobody owns {} in this generation, and the group rebalances again at once to hand {} to the new owner",
                and_list(lang, &each),
                if one { "it" } else { "them" },
                if one { "it" } else { "them" }
            ),
        });
    }
    if parts.is_empty() {
        parts.push(match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Стратегия {assignor} оставила все партиции у прежних владельцев"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{assignor} kept every partition with its owner"),
        });
    }
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => {
            // The first rebalance's generation is where a learner meets the word.
            let what = if generation == 2 {
                " — так называется новая раскладка партиций после ребалансировки"
            } else {
                ""
            };
            format!(
                "Началось поколение {generation}{what}. {}.",
                parts.join(". ")
            )
        }
        #[cfg(feature = "lang-en")]
        Lang::En => format!("Generation {generation}: {}.", parts.join(". ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::catalogue_tests::has_cyrillic;
    use crate::scenes::group::model::MemberAction;
    use crate::sim::assignor::Assignor;

    fn r(partition: u32, offset: u64) -> RecordAt {
        let (order, event) = crate::scenes::group::model::record_of(partition, offset);
        RecordAt {
            partition,
            offset,
            order,
            event,
        }
    }

    fn every_caption() -> Vec<GroupCaption> {
        use GroupCaption::*;
        let m = || "consumer-2".to_owned();
        vec![
            Intro { next: None },
            Intro {
                next: Some(MemberAction {
                    at: SimTime(2500),
                    kind: ActionKind::Crash(m()),
                }),
            },
            Intro {
                next: Some(MemberAction {
                    at: SimTime(2000),
                    kind: ActionKind::Add,
                }),
            },
            Intro {
                next: Some(MemberAction {
                    at: SimTime(2000),
                    kind: ActionKind::Remove(m()),
                }),
            },
            Produced {
                partition: 2,
                offset: 7,
                reader: Reader::Member(m()),
            },
            Produced {
                partition: 2,
                offset: 7,
                reader: Reader::OwnerDown(m()),
            },
            Produced {
                partition: 2,
                offset: 7,
                reader: Reader::Paused,
            },
            Polled {
                member: m(),
                committed: vec![],
                fetched: vec![(2, 5, 8), (3, 4, 5)],
                owned: vec![2, 3],
                paused: false,
                starts: Some(r(2, 5)),
                next_auto_commit: Some(SimTime(2000)),
            },
            Polled {
                member: m(),
                committed: vec![(2, 5), (3, 4)],
                fetched: vec![],
                owned: vec![2, 3],
                paused: false,
                starts: None,
                next_auto_commit: None,
            },
            Polled {
                member: m(),
                committed: vec![(2, 5)],
                fetched: vec![(2, 5, 6)],
                owned: vec![2],
                paused: false,
                starts: Some(r(2, 5)),
                next_auto_commit: None,
            },
            Polled {
                member: m(),
                committed: vec![],
                fetched: vec![],
                owned: vec![],
                paused: true,
                starts: None,
                next_auto_commit: None,
            },
            Polled {
                member: m(),
                committed: vec![],
                fetched: vec![],
                owned: vec![],
                paused: false,
                starts: None,
                next_auto_commit: None,
            },
            Took {
                member: m(),
                record: r(2, 6),
            },
            Processed {
                member: m(),
                record: r(2, 6),
                committed: 4,
                commit_sync: vec![],
                commit: CommitMode::Auto,
            },
            Processed {
                member: m(),
                record: r(2, 6),
                committed: 6,
                commit_sync: vec![],
                commit: CommitMode::Manual,
            },
            Processed {
                member: m(),
                record: r(2, 6),
                committed: 7,
                commit_sync: vec![(2, 7), (3, 5)],
                commit: CommitMode::Manual,
            },
            Processed {
                member: m(),
                record: r(2, 6),
                committed: 9,
                commit_sync: vec![],
                commit: CommitMode::Auto,
            },
            Reprocessed {
                member: m(),
                record: r(3, 15),
                from: 14,
            },
            Skipped {
                member: m(),
                record: r(3, 15),
            },
            Dropped {
                member: m(),
                crashed: true,
            },
            Dropped {
                member: m(),
                crashed: false,
            },
            Crashed {
                member: m(),
                partitions: vec![],
            },
            Crashed {
                member: m(),
                partitions: vec![(2, 14, 16)],
            },
            Crashed {
                member: m(),
                partitions: vec![(2, 14, 15), (3, 14, 14)],
            },
            Expired {
                member: m(),
                consumer: false,
            },
            Expired {
                member: m(),
                consumer: true,
            },
            Joined {
                member: m(),
                consumer: false,
            },
            Joined {
                member: m(),
                consumer: true,
            },
            Left {
                member: m(),
                committed: vec![],
                consumer: false,
            },
            Left {
                member: m(),
                committed: vec![(2, 9)],
                consumer: true,
            },
            Reconciled {
                member: m(),
                epoch: 3,
                assignor: crate::sim::assignor::ServerAssignor::Uniform,
                joined: true,
                revoked: vec![],
                assigned: vec![],
                waiting: vec![(2, "consumer-1".into())],
            },
            Reconciled {
                member: m(),
                epoch: 4,
                assignor: crate::sim::assignor::ServerAssignor::Range,
                joined: false,
                revoked: vec![2, 5],
                assigned: vec![(1, 14)],
                waiting: vec![],
            },
            Reconciled {
                member: m(),
                epoch: 4,
                assignor: crate::sim::assignor::ServerAssignor::Uniform,
                joined: false,
                revoked: vec![],
                assigned: vec![],
                waiting: vec![],
            },
            Ignored { member: m() },
            RebalanceStarted {
                assignor: Assignor::Range,
                commits: true,
            },
            RebalanceStarted {
                assignor: Assignor::CooperativeSticky,
                commits: true,
            },
            RebalanceStarted {
                assignor: Assignor::CooperativeSticky,
                commits: false,
            },
            Rebalanced {
                generation: 2,
                assignor: Assignor::Range,
                moved: vec![],
                revoked: vec![],
            },
            Rebalanced {
                generation: 2,
                assignor: Assignor::Range,
                moved: vec![
                    (2, Some(m()), "consumer-1".into(), 14),
                    (5, None, "consumer-4".into(), 3),
                ],
                revoked: vec![],
            },
            Rebalanced {
                generation: 3,
                assignor: Assignor::CooperativeSticky,
                moved: vec![],
                revoked: vec![(5, "consumer-3".into())],
            },
            Rebalanced {
                generation: 3,
                assignor: Assignor::CooperativeSticky,
                moved: vec![(1, Some(m()), "consumer-1".into(), 2)],
                revoked: vec![(4, "consumer-3".into()), (5, "consumer-3".into())],
            },
        ]
    }

    #[test]
    fn every_caption_speaks_both_languages() {
        let recaps = [
            None,
            Some(Reread {
                count: 1,
                runs: vec![(3, 14, 14)],
            }),
            Some(Reread {
                count: 30,
                runs: (0..6).map(|p| (p, 10, 14)).collect(),
            }),
        ];
        for step in every_caption() {
            for reread in recaps.clone() {
                let n = GroupNarration {
                    intro: None,
                    step: step.clone(),
                    reread,
                };
                let (ru, en) = (group_narration(Lang::Ru, &n), group_narration(Lang::En, &n));
                assert!(has_cyrillic(&ru), "{ru}");
                assert!(!has_cyrillic(&en), "{en}");
                assert_ne!(ru, en);
                for text in [&ru, &en] {
                    assert!(text.ends_with('.'), "{text}");
                    assert!(!text.contains("  ") && !text.contains(" ."), "{text}");
                }
            }
        }
    }

    #[test]
    fn the_steps_read_as_sentences_with_their_numbers() {
        let say = |lang, c: GroupCaption| group_caption(lang, &c);
        assert_eq!(
            say(
                Lang::En,
                GroupCaption::Processed {
                    member: "consumer-1".into(),
                    record: r(0, 17),
                    committed: 14,
                    commit_sync: vec![],
                    commit: CommitMode::Auto,
                }
            ),
            "consumer-1 processed offset 17 of partition 0 (order-4 · Paid). Partition 0's committed offset is still 14: if consumer-1 crashed before the next auto commit, offsets 14–17 of partition 0 would be processed again."
        );
        assert_eq!(
            say(
                Lang::Ru,
                GroupCaption::Processed {
                    member: "consumer-1".into(),
                    record: r(0, 14),
                    committed: 14,
                    commit_sync: vec![],
                    commit: CommitMode::Auto,
                }
            ),
            "consumer-1 обработал offset 14 партиции 0 (order-3 · Shipped). Закоммиченный offset партиции 0 всё ещё 14: если consumer-1 упадёт до следующего автокоммита, offset 14 партиции 0 придётся обработать заново."
        );
        assert_eq!(
            say(
                Lang::En,
                GroupCaption::Processed {
                    member: "consumer-1".into(),
                    record: r(0, 6),
                    committed: 7,
                    commit_sync: vec![(0, 7)],
                    commit: CommitMode::Manual,
                }
            ),
            "consumer-1 processed offset 6 of partition 0 (order-1 · Shipped). That was the last record of its batch, so it called commitSync() and committed offset 7 for partition 0: the last processed offset + 1, that is the next record to read."
        );
        assert_eq!(
            say(
                Lang::En,
                GroupCaption::Crashed {
                    member: "consumer-2".into(),
                    partitions: vec![(2, 14, 16), (3, 14, 14)],
                }
            ),
            "consumer-2 crashed. Nobody reads partitions 2, 3 until session.timeout.ms (1\u{a0}s) passes and the group notices. The next owner resumes at the committed offset: partition 2 at 14, so offsets 14–15 of partition 2, processed but not committed, will be processed twice; partition 3 at 14, with nothing processed past it."
        );
        assert_eq!(
            say(
                Lang::Ru,
                GroupCaption::Crashed {
                    member: "consumer-2".into(),
                    partitions: vec![(2, 14, 15)],
                }
            ),
            "consumer-2 упал. Партицию 2 пока никто не читает: группа заметит падение, только когда истечёт session.timeout.ms (1\u{a0}с) — столько она ждёт от участника heartbeat, сигнала «я жив». Новый владелец продолжит с закоммиченного offset'а: партицию 2 — с 14, поэтому offset 14 партиции 2, уже обработанный, но не закоммиченный, будет обработан дважды."
        );
        assert_eq!(
            say(
                Lang::En,
                GroupCaption::Rebalanced {
                    generation: 3,
                    assignor: Assignor::CooperativeSticky,
                    moved: vec![],
                    revoked: vec![(5, "consumer-3".into())],
                }
            ),
            "Generation 3: cooperative-sticky first revoked partition 5 from consumer-3: nobody owns it in this generation, and the group rebalances again at once to hand it to the new owner."
        );
        assert_eq!(
            say(
                Lang::En,
                GroupCaption::Polled {
                    member: "consumer-3".into(),
                    committed: vec![(4, 7), (5, 6)],
                    fetched: vec![(5, 6, 7)],
                    owned: vec![4, 5],
                    paused: false,
                    starts: Some(r(5, 6)),
                    next_auto_commit: None,
                }
            ),
            "consumer-3 called poll(). An auto commit was due, so poll() first committed offset 7 for partition 4 and offset 6 for partition 5: each is the last processed offset + 1, that is the next record to read. Then it returned offset 6 of partition 5; consumer-3 starts on offset 6 of partition 5 (order-5001 · Shipped)."
        );
    }

    #[test]
    fn at_0_ms_the_intro_leads_the_step() {
        let n = GroupNarration {
            intro: Some(GroupCaption::Intro { next: None }),
            step: GroupCaption::Produced {
                partition: 0,
                offset: 0,
                reader: Reader::Member("consumer-1".into()),
            },
            reread: None,
        };
        let en = group_narration(Lang::En, &n);
        assert!(
            en.starts_with("Press ▶ or →: each member calls poll()"),
            "{en}"
        );
        assert!(en.ends_with("fetched but not committed yet. The producer appended offset 0 to partition 0; consumer-1 fetches it with its next poll()."), "{en}");
    }

    #[test]
    fn the_recap_agrees_with_its_count_in_russian() {
        let recap = |count: usize| {
            reread(
                Lang::Ru,
                &Reread {
                    count,
                    runs: vec![(2, 14, 15)],
                },
            )
        };
        assert!(recap(1).starts_with("Дважды обработано 1 сообщение: offset'ы 14–15 партиции 2. Упавший участник обработал его,"), "{}", recap(1));
        assert!(
            recap(2).starts_with("Дважды обработаны 2 сообщения:"),
            "{}",
            recap(2)
        );
        assert!(recap(4).contains("обработал их,"), "{}", recap(4));
        assert!(
            recap(5).starts_with("Дважды обработано 5 сообщений:"),
            "{}",
            recap(5)
        );
        assert!(
            recap(11).starts_with("Дважды обработано 11 сообщений:"),
            "{}",
            recap(11)
        );
        assert!(
            recap(21).starts_with("Дважды обработано 21 сообщение:"),
            "{}",
            recap(21)
        );
        assert!(
            recap(22).starts_with("Дважды обработаны 22 сообщения:"),
            "{}",
            recap(22)
        );
        let en = |count| {
            reread(
                Lang::En,
                &Reread {
                    count,
                    runs: vec![(3, 14, 14)],
                },
            )
        };
        assert!(
            en(1).starts_with("1 record was processed twice: offset 14 of partition 3."),
            "{}",
            en(1)
        );
        assert!(
            en(2).starts_with("2 records were processed twice:"),
            "{}",
            en(2)
        );
        // Past four runs the list is cut short.
        let long = reread(
            Lang::En,
            &Reread {
                count: 12,
                runs: (0..6).map(|p| (p, 3, 4)).collect(),
            },
        );
        assert!(
            long.contains(
                "offsets 3–4 of partition 2, offsets 3–4 of partition 3 and more. A member"
            ),
            "{long}"
        );
    }

    #[test]
    fn the_opening_frame_of_the_default_link_explains_the_repeats() {
        let n = GroupNarration {
            intro: None,
            step: GroupCaption::Took {
                member: "consumer-3".into(),
                record: r(3, 23),
            },
            reread: Some(Reread {
                count: 4,
                runs: vec![(2, 14, 15), (3, 14, 15)],
            }),
        };
        assert_eq!(
            group_narration(Lang::En, &n),
            "consumer-3 starts on the next record its last poll() returned: offset 23 of partition 3 (order-3005 · Delivered). 4 records were processed twice: offsets 14–15 of partition 2 and offsets 14–15 of partition 3. A member that crashed had processed them without committing, so the partition's new owner re-read them from the committed offset."
        );
        assert_eq!(
            group_narration(Lang::Ru, &n),
            "consumer-3 берётся за следующее сообщение из тех, что вернул его последний poll(): offset 23 партиции 3 (order-3005 · Delivered). Дважды обработаны 4 сообщения: offset'ы 14–15 партиции 2 и offset'ы 14–15 партиции 3. Упавший участник обработал их, но не успел закоммитить, и новый владелец партиции перечитал их с закоммиченного offset'а."
        );
    }
}
