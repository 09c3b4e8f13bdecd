//! The app's languages: the bottom of the words' layer, which every
//! catalogue matches on.

/// The app's two languages. A release bundle carries one of them (the
/// `lang-ru` and `lang-en` features; the default build has both): half the
/// catalogue is text the reader never sees, and each page loads the
/// bundle of its own language (the loader in build/pages.mjs). So
/// every `match` on a `Lang` gives each language's arm its feature, and a
/// bundle's code holds only its own language's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// The course is Russian, so Russian is the default.
    #[cfg(feature = "lang-ru")]
    #[default]
    Ru,
    #[cfg(feature = "lang-en")]
    #[cfg_attr(not(feature = "lang-ru"), default)]
    En,
}

#[cfg(not(any(feature = "lang-ru", feature = "lang-en")))]
compile_error!("build at least one language: the feature lang-ru, lang-en or both");

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "ru",
            #[cfg(feature = "lang-en")]
            Lang::En => "en",
        }
    }

    /// The code of the language the switch offers, which a one-language
    /// bundle does not carry: the switch opens that language's page.
    pub fn other_code(self) -> &'static str {
        match self {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => "en",
            #[cfg(feature = "lang-en")]
            Lang::En => "ru",
        }
    }

    /// Whether this is Russian, for text chosen with `if`: in a bundle of
    /// one language it is a constant, and the other branch is left out.
    pub fn is_ru(self) -> bool {
        match self {
            #[cfg(feature = "lang-ru")]
            Lang::Ru => true,
            #[cfg(feature = "lang-en")]
            Lang::En => false,
        }
    }
}
