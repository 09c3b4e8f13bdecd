//! The pipeline scene's words: each moment of the run, each finding and
//! its stage, the presets and the fixes, in Russian and English.

use super::numbered::pipeline_topic_grew;
use super::text::PipelineMsg;
use crate::i18n::Lang;
use crate::i18n::{event_name, t};
use crate::scenes::pipeline::model::{
    member_name, Cause, Change, Finding, FindingKind, Outcome, Pipeline, Preset, Stage, Step,
};

pub fn stage_name(lang: Lang, stage: Stage) -> &'static str {
    t(
        lang,
        match stage {
            Stage::Application => PipelineMsg::LaneApplication,
            Stage::Producer => PipelineMsg::LaneProducer,
            Stage::Partitioner => PipelineMsg::LanePartitioner,
            Stage::Topic => PipelineMsg::LaneTopic,
            Stage::Group => PipelineMsg::LaneGroup,
            Stage::Handler => PipelineMsg::LaneHandler,
            Stage::Sink => PipelineMsg::LaneSink,
        },
    )
}

pub fn cause_name(lang: Lang, cause: Cause) -> &'static str {
    t(
        lang,
        match cause {
            Cause::ProducerRetry => PipelineMsg::CauseProducerRetry,
            Cause::Keyless => PipelineMsg::CauseKeyless,
            Cause::HashMismatch => PipelineMsg::CauseHashMismatch,
            Cause::PartitionIncrease => PipelineMsg::CausePartitionIncrease,
            Cause::GoroutinePerMessage => PipelineMsg::CauseGoroutine,
            Cause::RebalanceWithoutCommit => PipelineMsg::CauseRebalance,
            Cause::UncleanElection => PipelineMsg::CauseUnclean,
        },
    )
}

/// Why this finding happened, in a sentence a learner can follow.
pub fn cause_why(lang: Lang, f: &Finding) -> &'static str {
    t(
        lang,
        match (f.cause, f.kind) {
            (Cause::ProducerRetry, FindingKind::Duplicate) => PipelineMsg::WhyProducerDuplicate,
            (Cause::ProducerRetry, _) => PipelineMsg::WhyProducerRetry,
            (Cause::Keyless, _) => PipelineMsg::WhyKeyless,
            (Cause::HashMismatch, _) => PipelineMsg::WhyHashMismatch,
            (Cause::PartitionIncrease, _) => PipelineMsg::WhyPartitionIncrease,
            (Cause::GoroutinePerMessage, _) => PipelineMsg::WhyGoroutine,
            (Cause::RebalanceWithoutCommit, _) => PipelineMsg::WhyRebalance,
            (Cause::UncleanElection, _) => PipelineMsg::WhyUnclean,
        },
    )
}

/// One finding in a line: what the database met, and whom to blame.
pub fn finding_line(lang: Lang, f: &Finding, first_step: u32, second_step: u32) -> String {
    let (a, b) = (event_name(lang, first_step), event_name(lang, second_step));
    let what = match (f.kind, lang) {
        #[cfg(feature = "lang-ru")]
        (FindingKind::Reorder, Lang::Ru) => format!("событие {a} пришло в базу раньше {b}"),
        #[cfg(feature = "lang-en")]
        (FindingKind::Reorder, Lang::En) => format!("{a} reached the database before {b}"),
        #[cfg(feature = "lang-ru")]
        (FindingKind::Duplicate, Lang::Ru) => format!("событие {a} применено дважды"),
        #[cfg(feature = "lang-en")]
        (FindingKind::Duplicate, Lang::En) => format!("{a} was applied twice"),
        #[cfg(feature = "lang-ru")]
        (FindingKind::Loss, Lang::Ru) => {
            format!("событие {b} потеряно, и {a} его так и не дождалось")
        }
        #[cfg(feature = "lang-en")]
        (FindingKind::Loss, Lang::En) => format!("{b} was lost; {a} never saw it"),
    };
    let stage = stage_name(lang, f.stage());
    let cause = cause_name(lang, f.cause);
    match lang {
        #[cfg(feature = "lang-ru")]
        Lang::Ru => format!("⚠ {}: {what}. Этап: «{stage}» — {cause}.", f.key),
        #[cfg(feature = "lang-en")]
        Lang::En => format!("⚠ {}: {what}. Stage: {stage}, {cause}.", f.key),
    }
}

pub fn preset_label(lang: Lang, p: Preset) -> &'static str {
    t(
        lang,
        match p {
            Preset::Happy => PipelineMsg::PresetHappy,
            Preset::ProducerRetry => PipelineMsg::PresetProducerRetry,
            Preset::Keyless => PipelineMsg::PresetKeyless,
            Preset::HashMismatch => PipelineMsg::PresetHashMismatch,
            Preset::PartitionIncrease => PipelineMsg::PresetPartitionIncrease,
            Preset::GoroutinePerMessage => PipelineMsg::PresetGoroutine,
            Preset::Rebalance => PipelineMsg::PresetRebalance,
            Preset::UncleanElection => PipelineMsg::PresetUnclean,
        },
    )
}

/// What the preset sets and what to watch; the learner's own settings
/// get a line on how to read the scene.
pub fn preset_story(lang: Lang, p: Option<Preset>) -> &'static str {
    t(
        lang,
        match p {
            None => PipelineMsg::StoryCustom,
            Some(Preset::Happy) => PipelineMsg::StoryHappy,
            Some(Preset::ProducerRetry) => PipelineMsg::StoryProducerRetry,
            Some(Preset::Keyless) => PipelineMsg::StoryKeyless,
            Some(Preset::HashMismatch) => PipelineMsg::StoryHashMismatch,
            Some(Preset::PartitionIncrease) => PipelineMsg::StoryPartitionIncrease,
            Some(Preset::GoroutinePerMessage) => PipelineMsg::StoryGoroutine,
            Some(Preset::Rebalance) => PipelineMsg::StoryRebalance,
            Some(Preset::UncleanElection) => PipelineMsg::StoryUnclean,
        },
    )
}

pub fn change_label(lang: Lang, c: Change) -> &'static str {
    t(
        lang,
        match c {
            Change::Idempotence => PipelineMsg::ChangeIdempotence,
            Change::OneInFlight => PipelineMsg::ChangeOneInFlight,
            Change::KeyByOrder => PipelineMsg::ChangeKeyByOrder,
            Change::WarehouseLikeCheckout => PipelineMsg::ChangeWarehouseLikeCheckout,
            Change::CheckoutLikeWarehouse => PipelineMsg::ChangeCheckoutLikeWarehouse,
            Change::JavaClient => PipelineMsg::ChangeJavaClient,
            Change::FranzGoClient => PipelineMsg::ChangeFranzGoClient,
            Change::NoGrowth => PipelineMsg::ChangeNoGrowth,
            Change::KeyedPool => PipelineMsg::ChangeKeyedPool,
            Change::Sequential => PipelineMsg::ChangeSequential,
            Change::Dedupe => PipelineMsg::ChangeDedupe,
            Change::CommitProcessed => PipelineMsg::ChangeCommitProcessed,
            Change::NoUnclean => PipelineMsg::ChangeNoUnclean,
        },
    )
}

/// What the latest moment did, in a sentence or two.
pub fn pipeline_caption(lang: Lang, s: &Pipeline) -> String {
    let ru = lang.is_ru();
    let c = s.caption();
    let run = &s.run;
    let named = |record: u32| {
        let r = &run.records[record as usize];
        format!("order-{} · {}", r.order, event_name(lang, r.step))
    };
    let Some(step) = c.step else {
        return if ru {
            "Нажмите ▶ или →: каждое событие заказа пройдёт путь от приложения до базы, а проверка назовёт этап, на котором сломался порядок."
        } else {
            "Press ▶ or →: each order event travels from the application to the database, and the checker names the stage where order broke."
        }
        .to_owned();
    };
    match step {
        Step::Sent { record } => {
            let r = &run.records[record as usize];
            let service = r.service.id();
            let client = r.service.client(&run.config).id();
            let how = match (r.spread, ru) {
                (true, true) => " — не по ключу, а по правилу клиента для сообщений без ключа",
                (true, false) => ", not by the key but by the client's rule for keyless records",
                (false, _) => "",
            };
            if ru {
                format!("{service} отправил {}; партиционер {client} выбрал партицию {}{how}.", named(record), r.partition)
            } else {
                format!("{service} sent {}; the {client} partitioner picked partition {}{how}.", named(record), r.partition)
            }
        }
        Step::Appended { entry } => {
            let e = &run.log[entry as usize];
            let retry = match (e.attempt > 1, ru) {
                (true, true) => format!(" — с попытки {}, после ошибки", e.attempt),
                (true, false) => format!(", on attempt {}, after an error", e.attempt),
                (false, _) => String::new(),
            };
            let lost = match (e.truncated, ru) {
                (true, true) => " Фолловер это сообщение ещё не скопировал.",
                (true, false) => " The follower has not copied it yet.",
                (false, _) => "",
            };
            if ru {
                format!("Брокер записал {} в партицию {} под offset {}{retry}.{lost}", named(e.record), e.partition, e.offset)
            } else {
                format!("The broker wrote {} to partition {} at offset {}{retry}.{lost}", named(e.record), e.partition, e.offset)
            }
        }
        Step::Consumed { delivery } => {
            let d = &run.deliveries[delivery as usize];
            let e = &run.log[d.entry as usize];
            let to = match (d.worker, run.config.handler, ru) {
                (Some(w), _, true) => format!("воркеру {w}"),
                (Some(w), _, false) => format!("worker {w}"),
                (None, crate::scenes::workers::model::Mode::PerMessage, true) => "новой горутине".to_owned(),
                (None, crate::scenes::workers::model::Mode::PerMessage, false) => "a new goroutine".to_owned(),
                (None, _, true) => "единственной горутине обработчика".to_owned(),
                (None, _, false) => "the handler's one goroutine".to_owned(),
            };
            let member = member_name(d.member);
            if ru {
                format!("{member} прочитал {} (партиция {}, offset {}) и передал {to}.", named(e.record), e.partition, e.offset)
            } else {
                format!("{member} fetched {} (partition {}, offset {}) and handed it to {to}.", named(e.record), e.partition, e.offset)
            }
        }
        Step::Handled { delivery } => {
            let d = &run.deliveries[delivery as usize];
            let e = &run.log[d.entry as usize];
            let r = &run.records[e.record as usize];
            let before = event_name(lang, r.step.saturating_sub(1).max(1));
            let mut text = match (d.outcome, ru) {
                (Outcome::Applied, true) => format!("База применила {}.", named(e.record)),
                (Outcome::Applied, false) => format!("The database applied {}.", named(e.record)),
                (Outcome::Refused, true) => format!("База отказалась применять {}: событие {before} этого заказа ещё не пришло.", named(e.record)),
                (Outcome::Refused, false) => format!("The database refused {}: the order's {before} has not arrived yet.", named(e.record)),
                (Outcome::AppliedAgain, true) => format!("База применила {} второй раз.", named(e.record)),
                (Outcome::AppliedAgain, false) => format!("The database applied {} a second time.", named(e.record)),
                (Outcome::Skipped, true) => format!("База узнала повтор {} и пропустила его.", named(e.record)),
                (Outcome::Skipped, false) => format!("The database recognised {} as a repeat and skipped it.", named(e.record)),
                (Outcome::Abandoned, true) => format!("{} упал, не закончив {}.", member_name(d.member), named(e.record)),
                (Outcome::Abandoned, false) => format!("{} crashed before it finished {}.", member_name(d.member), named(e.record)),
            };
            if let Some(cause) = c.broke {
                let stage = stage_name(lang, cause.stage());
                let name = cause_name(lang, cause);
                text += &if ru {
                    format!(" Порядок сломан; виноват этап «{stage}»: {name}.")
                } else {
                    format!(" Order is broken; the {stage} stage is to blame: {name}.")
                };
            }
            text
        }
        Step::TopicGrows => {
            pipeline_topic_grew(lang, run.growth.map_or(0, |g| g.to))
        }
        Step::ProducersSeeGrowth => {
            let to = run.growth.map_or(0, |g| g.to);
            if ru {
                format!("Продюсеры обновили метаданные: hash(key) % {to}, и у части ключей теперь другая партиция.")
            } else {
                format!("The producers refreshed their metadata: hash(key) % {to}, and some keys now have another partition.")
            }
        }
        Step::LeaderFails => match (run.config.unclean, ru) {
            (true, true) => "Лидер партиции 0 упал. Фолловер вне ISR, но unclean.leader.election.enable=true, поэтому лидером станет он — без последних сообщений.",
            (true, false) => "Partition 0's leader died. The follower is out of the ISR, but unclean.leader.election.enable=true: it will lead without the latest records.",
            (false, true) => "Лидер партиции 0 упал. Подходящего кандидата из ISR нет, и партиция недоступна, пока старый лидер не вернётся.",
            (false, false) => "Partition 0's leader died. There is no clean candidate: the partition is offline until the old leader comes back.",
        }
        .to_owned(),
        Step::LeaderBack => match (run.config.unclean, ru) {
            (true, true) => "У партиции 0 новый лидер. Сообщения, которых у него не было, потеряны, а их offset'ы достанутся новым сообщениям.",
            (true, false) => "Partition 0 has a new leader. The records it lacked are lost, and new records take their offsets.",
            (false, true) => "Старый лидер вернулся со своим логом: ничего не потеряно, но сообщениям пришлось подождать.",
            (false, false) => "The old leader is back with its log: nothing is lost, but the records waited.",
        }
        .to_owned(),
        Step::MemberCrashes => if ru {
            "consumer-1 упал. Группа заметит это только тогда, когда истечёт session.timeout.ms."
        } else {
            "consumer-1 crashed. The group notices only when session.timeout.ms expires."
        }
        .to_owned(),
        Step::Rebalanced { generation } => {
            let g = &run.generations[generation as usize];
            let owners: Vec<String> = g
                .owners
                .iter()
                .enumerate()
                .map(|(p, o)| format!("{p}→{}", o.map_or("—".to_owned(), member_name)))
                .collect();
            if ru {
                format!("Ребалансировка, поколение группы {generation} (номер раскладки партиций, растёт с каждой ребалансировкой): {}. Новый владелец партиции начинает с закоммиченного offset'а.", owners.join(", "))
            } else {
                format!("Rebalance, generation {generation}: {}. A new owner starts from the committed offset.", owners.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Sim;

    fn cyrillic(s: &str) -> bool {
        s.chars().any(|c| matches!(c, 'а'..='я' | 'А'..='Я'))
    }

    #[test]
    fn every_moment_of_every_preset_speaks_both_languages() {
        for preset in Preset::ALL {
            let mut sim = Sim::new(Pipeline::new(preset.config()), 3);
            let (ru, en) = (
                pipeline_caption(Lang::Ru, sim.model()),
                pipeline_caption(Lang::En, sim.model()),
            );
            assert!(cyrillic(&ru) && !cyrillic(&en));
            while sim.step() {
                let (ru, en) = (
                    pipeline_caption(Lang::Ru, sim.model()),
                    pipeline_caption(Lang::En, sim.model()),
                );
                assert!(cyrillic(&ru), "{preset:?}: {ru}");
                assert!(!cyrillic(&en), "{preset:?}: {en}");
            }
        }
    }

    #[test]
    fn the_moment_a_finding_completes_names_its_stage() {
        let mut sim = Sim::new(Pipeline::new(Preset::GoroutinePerMessage.config()), 1);
        let mut named = false;
        while sim.step() {
            if sim.model().caption().broke.is_some() {
                let en = pipeline_caption(Lang::En, sim.model());
                assert!(
                    en.contains("the Handler stage is to blame: a goroutine per message"),
                    "{en}"
                );
                named = true;
            }
        }
        assert!(named);
    }

    #[test]
    fn a_finding_reads_as_a_sentence() {
        let run = crate::scenes::pipeline::model::run_seed(&Preset::ProducerRetry.config(), 3);
        let f = &run.findings[0];
        let steps = f.witness.map(|w| run.records[w.record as usize].step);
        let en = finding_line(Lang::En, f, steps[0], steps[1]);
        assert!(
            en.contains("reached the database before")
                && en.contains("Stage: Producer, a producer retry."),
            "{en}"
        );
        let ru = finding_line(Lang::Ru, f, steps[0], steps[1]);
        assert!(ru.contains("Этап: «Продюсер» — повтор продюсера."), "{ru}");
    }
}
