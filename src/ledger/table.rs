//! The catalogue as a plain-text table an arbiter can pin up, in English or Chinese, with the
//! edition's warning rule and the claim rule underneath.

use super::{Catalogue, Edition, article_label};
use crate::lang::Lang;

impl Catalogue {
    /// The table: one row per offence (article, offence, sanction, conditions), columns
    /// aligned for a monospaced font (Chinese characters count two columns).
    pub fn table(&self, lang: Lang) -> String {
        let header = match lang {
            Lang::En => ["Article", "Offence", "Sanction", "Conditions"],
            Lang::Zh => ["条款", "违规行为", "判罚", "说明"],
        };
        let mut rows = vec![header.map(str::to_string)];
        for offence in &self.offences {
            rows.push([
                offence.article_label(lang),
                offence.name(lang).to_string(),
                offence.sanction.text(lang),
                offence.note(lang).to_string(),
            ]);
        }
        let mut widths = [0usize; 4];
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(display_width(cell));
            }
        }
        let mut out = String::new();
        out.push_str(self.edition.title(lang));
        out.push('\n');
        out.push('\n');
        for (n, row) in rows.iter().enumerate() {
            let cells: Vec<String> = row.iter().zip(widths).map(|(cell, w)| pad(cell, w)).collect();
            out.push_str(cells.join(" | ").trim_end());
            out.push('\n');
            if n == 0 {
                let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
                out.push_str(&rule.join("-+-"));
                out.push('\n');
            }
        }
        out.push('\n');
        out.push_str(self.edition.warning_rule(lang));
        out.push('\n');
        out.push_str(&claim_rule(self.edition, lang));
        out.push('\n');
        out
    }
}

fn claim_rule(edition: Edition, lang: Lang) -> String {
    let (article, en, zh) = match edition {
        Edition::Chinese2002 => (
            "16.3",
            "A claim about the opponent's offence must be made at once, during the game",
            "对手违规的具体申诉须在对局进行当时立即提出，逾期失效",
        ),
        Edition::ChineseOld => (
            "old 16.2",
            "Problems are raised with the arbiter during the game, in one's own time except when urgent",
            "发现问题有向裁判员提出意见的权利，除较紧迫的事件外，应在自己走棋的时间内提出",
        ),
    };
    match lang {
        Lang::En => format!("{en} ({}).", article_label(article, lang)),
        Lang::Zh => format!("{zh}（{}）。", article_label(article, lang)),
    }
}

/// Columns a string takes in a monospaced font: two for CJK and full-width characters.
pub fn display_width(text: &str) -> usize {
    text.chars().map(|c| if is_wide(c) { 2 } else { 1 }).sum()
}

fn is_wide(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{115F}'
        | '\u{2E80}'..='\u{A4CF}'
        | '\u{AC00}'..='\u{D7A3}'
        | '\u{F900}'..='\u{FAFF}'
        | '\u{FE30}'..='\u{FE4F}'
        | '\u{FF00}'..='\u{FF60}'
        | '\u{FFE0}'..='\u{FFE6}')
}

fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(fill))
}
