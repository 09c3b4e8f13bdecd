//! The group scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{
    n_of, number, plural_en, plural_ru, seconds, wide, GENERATIONS, MEMBERS,
};
use crate::i18n::Lang;
use crate::sim::SimTime;

crate::i18n::numbered! {
    pub fn generation_line(lang, number: u32 => Id, at: SimTime => Time, moved: &[u32] => CountedIds, revoked: &[u32] => CountedIds) {
        let list = |ids: &[u32]| ids.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        // A list of ids agrees with how many it names, not with its last
        // digit: "партиции 0, 1, …, 20" is plural though there are 21.
        let (one, one_revoked) = (moved.len() == 1, revoked.len() == 1);
        let (n, r) = (wide(moved.len()), wide(revoked.len()));
        let moved = match (lang, moved.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {}", if one { "переехала партиция" } else { "переехали партиции" }, list(moved)),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} moved", plural_en(n, "partition", "partitions"), list(moved)),
        };
        let revoked = match (lang, revoked.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {}: {}", if one_revoked { "отозвана партиция" } else { "отозваны партиции" }, list(revoked), if one_revoked { "нового владельца она получит в следующем поколении" } else { "новых владельцев они получат в следующем поколении" }),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} revoked, to be given out in the next generation", plural_en(r, "partition", "partitions"), list(revoked)),
        };
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Поколение {number} началось на {}{moved}{revoked}", seconds(lang, at)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Generation {number} from {}{moved}{revoked}", seconds(lang, at)),
        }
    }

    pub fn epoch_line(lang, epoch: u32 => Id, at: SimTime => Time, taken: &[u32] => CountedIds, revoked: &[u32] => CountedIds) {
        let list = |ids: &[u32]| ids.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
        let (one, one_revoked) = (taken.len() == 1, revoked.len() == 1);
        let (n, r) = (wide(taken.len()), wide(revoked.len()));
        let taken = match (lang, taken.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {}", if one { "новому владельцу ушла партиция" } else { "новым владельцам ушли партиции" }, list(taken)),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} taken by a new owner", plural_en(n, "partition", "partitions"), list(taken)),
        };
        let revoked = match (lang, revoked.is_empty()) {
            (_, true) => String::new(),
            #[cfg(feature = "lang-ru")]
            (Lang::Ru, false) => format!("; {} {}: до heartbeat'а нового владельца {}", if one_revoked { "освобождена партиция" } else { "освобождены партиции" }, list(revoked), if one_revoked { "она свободна" } else { "они свободны" }),
            #[cfg(feature = "lang-en")]
            (Lang::En, false) => format!("; {} {} let go, nobody's until the new owner's heartbeat", plural_en(r, "partition", "partitions"), list(revoked)),
        };
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Эпоха группы {epoch} началась на {}{taken}{revoked}", seconds(lang, at)),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Group epoch {epoch}, {}{taken}{revoked}", seconds(lang, at)),
        }
    }

    pub fn members_hidden(lang, active: usize => Amount, gone: usize => Amount) {
        let (active, gone) = (number(lang, wide(active)), number(lang, wide(gone)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("Не показаны: активных — {active}, ушедших — {gone}."),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("Not shown: {active} active, {gone} gone."),
        }
    }

    pub fn summary_group(lang, members: usize => Count, generations: usize => Count, duplicates: usize => Count) {
        let d = wide(duplicates);
        let repeats = match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("{} {}", number(lang, d), plural_ru(d, "повторная обработка", "повторные обработки", "повторных обработок")),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("{} {}", number(lang, d), plural_en(d, "repeated side effect", "repeated side effects")),
        };
        format!("{}, {}, {repeats}", n_of(lang, wide(members), &MEMBERS), n_of(lang, wide(generations), &GENERATIONS))
    }
}
