//! Komi as the window writes and reads it: in stones with a fraction for area counting ("3 3/4
//! stones", "3又3/4子"), in points for territory counting ("6.5 points", "6.5目"); the event form's
//! field reads either, never rounded.

use crate::rules::{Counting, Preset};
use crate::scoring::Quarters;
use crate::ui::i18n::Lang;

/// The words the komi field reads after a number of stones ("3 3/4 stones", "3又3/4子").
const STONE_UNITS: [&str; 3] = ["stones", "stone", "子"];
/// The words the komi field reads after a number of points ("7.5 points", "7.5目").
const POINT_UNITS: [&str; 4] = ["points", "point", "pts", "目"];

/// A komi in the unit its rules count in, with the unit: "3 3/4 stones" ("3又3/4子") for area
/// counting, "6.5 points" ("6.5目") for territory counting.
pub fn komi_text(komi: Quarters, rules: Preset, lang: Lang) -> String {
    match (rules.rules().counting, lang) {
        (Counting::Area, Lang::En) => format!("{} {}", komi.stones_text(), STONE_UNITS[0]),
        (Counting::Area, Lang::Zh) => format!("{}{}", komi.stones_text_zh(), STONE_UNITS[2]),
        (Counting::Territory, Lang::En) => format!("{} {}", komi.points_decimal(), POINT_UNITS[0]),
        (Counting::Territory, Lang::Zh) => format!("{}{}", komi.points_decimal(), POINT_UNITS[3]),
    }
}

/// Reads a komi as an arbiter writes it: in stones with a fraction ("3 3/4", "3又3/4") or a unit
/// ("4 stones", "4子"), else in points ("7.5", "6.5 points", "7.5目"); an optional leading 贴.
/// `None` unless it is a whole or half point (a whole number of quarter stones): never rounded.
pub fn parse_komi(text: &str) -> Option<Quarters> {
    let text = text.trim().trim_start_matches('贴').trim().to_lowercase();
    let without = |units: &[&str]| units.iter().find_map(|u| text.strip_suffix(u)).map(str::trim);
    if let Some(stones) = without(&STONE_UNITS) {
        return Quarters::parse_stones(stones);
    }
    let points = match without(&POINT_UNITS) {
        Some(points) => points,
        None if text.contains('/') => return Quarters::parse_stones(&text),
        None => text.as_str(),
    };
    // Read as if stones, then halved: n points are 2n quarters, n stones 4n.
    let as_stones = Quarters::parse_stones(points)?;
    (as_stones.0 % 2 == 0).then_some(Quarters(as_stones.0 / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_reads_in_stones_or_points_and_is_never_rounded() {
        for (typed, quarters) in [
            ("3 3/4", 15),
            ("3又3/4", 15),
            ("贴3又3/4子", 15),
            ("4 stones", 16),
            ("4子", 16),
            ("7.5", 15),
            ("7.5 points", 15),
            ("6.5目", 13),
            ("7 1/2 points", 15),
            ("0", 0),
            ("-1/2", -2),
        ] {
            assert_eq!(parse_komi(typed), Some(Quarters(quarters)), "{typed}");
        }
        for typed in [
            "",
            "seven",
            "7.3",
            "7.25",
            "7 1/4 points",
            "stones",
            "nan",
            "inf",
            "1e999",
        ] {
            assert_eq!(parse_komi(typed), None, "{typed}");
        }
    }

    #[test]
    fn the_komi_shown_reads_back_the_same_for_every_preset() {
        for preset in Preset::ALL {
            let komi = Quarters::from_points_f64(preset.rules().komi).unwrap_or_default();
            for lang in [Lang::En, Lang::Zh] {
                let text = komi_text(komi, preset, lang);
                assert_eq!(parse_komi(&text), Some(komi), "{preset} {lang:?}: {text}");
            }
        }
    }
}
