//! `Lang`: Chinese or English, the one language choice of every engine (the caller's captions and
//! voice packs, the ledger's tables and sanctions) and of the window. Uses nothing of ours.

use serde::{Deserialize, Serialize};

/// A language the program speaks and writes. Saved by its variant name (`Zh`, `En`), so settings
/// written before this type was shared still load; on the command line `zh` or `en` (also
/// `chinese`, `cn`, `english`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
pub enum Lang {
    #[value(alias = "chinese", alias = "cn")]
    Zh,
    #[value(alias = "english")]
    En,
}

#[cfg(test)]
mod tests {
    use super::Lang;
    use clap::ValueEnum;

    #[test]
    fn a_language_is_saved_by_its_variant_name_as_before() {
        for (lang, saved) in [(Lang::Zh, "Zh"), (Lang::En, "En")] {
            assert_eq!(ron::to_string(&lang).as_deref(), Ok(saved));
            assert_eq!(ron::from_str::<Lang>(saved), Ok(lang));
        }
        assert!(ron::from_str::<Lang>("Fr").is_err());
    }

    #[test]
    fn the_command_line_takes_the_short_names_and_the_words() {
        for (text, lang) in [
            ("zh", Lang::Zh),
            ("chinese", Lang::Zh),
            ("cn", Lang::Zh),
            ("en", Lang::En),
        ] {
            assert_eq!(Lang::from_str(text, false), Ok(lang), "{text}");
        }
        assert_eq!(Lang::from_str("English", true), Ok(Lang::En));
        assert!(Lang::from_str("fr", true).is_err());
    }
}
