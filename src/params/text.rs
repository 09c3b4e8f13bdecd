//! The link's issues in words: what the app says of a parameter it could
//! not use, and what it used instead.

use super::ParamIssue;
use crate::i18n::{key_too_long, Lang};

/// An issue of the link, as the banner over the scene lists it. A link
/// naming no known scene opens the chapter's first, whose title is then
/// the page's heading.
pub fn param_issue(lang: Lang, issue: &ParamIssue) -> String {
    match (lang, issue) {
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::UnknownScene { value }) => {
            format!("scene: сцены «{value}» нет, открыта первая сцена главы.")
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::UnknownScene { value }) => {
            format!("scene: there is no scene “{value}”; showing the chapter's first scene.")
        }
        (_, &ParamIssue::KeyTooLong { bytes, used }) => key_too_long(lang, bytes, used),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: «{value}» — не число, взято значение по умолчанию.")
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::NotANumber { name, value }) => {
            format!("{name}: “{value}” is not a number; using the default.")
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} — вне допустимых границ, взято {used}.")
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::OutOfRange { name, value, used }) => {
            format!("{name}: {value} is out of range; using {used}.")
        }
        #[cfg(feature = "lang-ru")]
        (
            Lang::Ru,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!(
                "{name}: «{value}» не подходит (можно: {choices}), взято значение по умолчанию."
            )
        }
        #[cfg(feature = "lang-en")]
        (
            Lang::En,
            ParamIssue::BadChoice {
                name,
                value,
                choices,
            },
        ) => {
            format!("{name}: “{value}” is not one of {choices}; using the default.")
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::Repeated { name }) => {
            format!("{name}: параметр указан несколько раз, учтено первое значение.")
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::Repeated { name }) => {
            format!("{name}: given more than once; the first value is used.")
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::UnknownParam { name }) => {
            format!("«{name}»: такого параметра нет, он пропущен.")
        }
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::UnknownParam { name }) => {
            format!("“{name}”: no such parameter; ignored.")
        }
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::FaultRenamed { old: "lose-request", new }) => format!(
            "faults: «lose-request» показан как «{new}»: на одном TCP-соединении запрос не может пропасть, пока следующие доходят, поэтому брокер отказывает батчу с CORRUPT_MESSAGE."
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::FaultRenamed { old: "lose-request", new }) => format!(
            "faults: “lose-request” is shown as “{new}”: on one TCP connection a request cannot vanish while later ones arrive, so the broker refuses the batch with CORRUPT_MESSAGE instead."
        ),
        #[cfg(feature = "lang-ru")]
        (Lang::Ru, ParamIssue::FaultRenamed { old, new }) => format!(
            "faults: «{old}» показан как «{new}»: ответ пропадает только вместе с соединением, а с ним срываются и все запросы, которые ещё были в полёте."
        ),
        #[cfg(feature = "lang-en")]
        (Lang::En, ParamIssue::FaultRenamed { old, new }) => format!(
            "faults: “{old}” is shown as “{new}”: an answer is lost only with its connection, and every request still on its way fails with it."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issues_name_the_parameter_in_both_languages() {
        let issue = ParamIssue::NotANumber {
            name: "seed",
            value: "abc".into(),
        };
        for lang in [Lang::Ru, Lang::En] {
            let text = param_issue(lang, &issue);
            assert!(text.contains("seed") && text.contains("abc"), "{text}");
        }
    }
}
