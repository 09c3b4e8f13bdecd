//! The RabbitMQ comparison scene's messages with numbers in them, each declared
//! with the kind of every number (`i18n::numbered!`): the catalogue test
//! renders each with many numbers in both languages, through the registry.

use crate::i18n::format::{number, wide};
use crate::i18n::Lang;

crate::i18n::numbered! {
    pub fn summary_rabbitmq(lang, rabbit: usize => Amount, kafka: usize => Amount) {
        let (r, k) = (number(lang, wide(rabbit)), number(lang, wide(kafka)));
        match lang {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => format!("нарушений порядка: RabbitMQ — {r}, Kafka — {k}"),
            #[cfg(feature = "lang-en")]
            Lang::En => format!("order violations: RabbitMQ {r}, Kafka {k}"),
        }
    }
}
