//! The words a ledger entry leaves in the audit trail ("incident 1: Black, phone sounds
//! (Art. 37): warning"), never a program's debug text.

use crate::lang::Lang;

use super::catalogue::Catalogue;
use super::edition::Edition;
use super::incident::{Entry, RaisedBy};
use super::offence::OffenceId;

fn offence_name(catalogue: &Catalogue, id: &OffenceId, lang: Lang) -> String {
    match (catalogue.get(id), id) {
        (Some(o), _) => o.name(lang).to_string(),
        (None, OffenceId::Local(name)) => name.clone(),
        (None, other) => format!("{other:?}"),
    }
}

fn reason(text: &str) -> String {
    match text.trim() {
        "" => String::new(),
        r => format!("; reason: {r}"),
    }
}

impl Entry {
    /// What the entry says, in the audit trail's words in `lang`.
    pub fn words(&self, edition: Edition, lang: Lang) -> String {
        let catalogue = Catalogue::standard(edition);
        if lang == Lang::Zh {
            return self.words_zh(&catalogue);
        }
        match self {
            Entry::Incident(i) => {
                let r = &i.report;
                let who = match r.bystander.trim() {
                    "" => r.player.name().to_string(),
                    name => name.to_string(),
                };
                let raised = match &r.raised_by {
                    RaisedBy::Player(c) => format!("claimed by {}", c.name()),
                    RaisedBy::Arbiter(name) => format!("seen by arbiter {name}"),
                    RaisedBy::Other(name) => format!("raised by {name}"),
                };
                format!(
                    "incident {}: {who}, {} ({}), move {}, {raised}: {}",
                    i.id.number(),
                    offence_name(&catalogue, &r.offence, lang),
                    super::offence::article_label(&i.article, lang),
                    r.move_number,
                    i.sanction.text(lang)
                )
            }
            Entry::Override(o) => format!(
                "incident {}: sanction changed to {} by {}{}",
                o.incident.number(),
                o.sanction.text(lang),
                o.by,
                reason(&o.reason)
            ),
            Entry::RefusedClaim(c) => format!(
                "claim refused: {}, {}{}",
                c.report.player.name(),
                offence_name(&catalogue, &c.report.offence, lang),
                reason(&c.reason)
            ),
            Entry::LossConfirmed(l) => format!("{} loses: confirmed by {}", l.player.name(), l.by),
            Entry::LossDeclined(l) => format!(
                "{}'s loss (incident {}) declined by {}{}",
                l.player.name(),
                l.incident.number(),
                l.by,
                reason(&l.reason)
            ),
        }
    }

    fn words_zh(&self, catalogue: &Catalogue) -> String {
        let lang = Lang::Zh;
        let side = |c: crate::board::Color| match c {
            crate::board::Color::Black => "黑方",
            crate::board::Color::White => "白方",
        };
        let reason = |text: &str| match text.trim() {
            "" => String::new(),
            r => format!("；理由：{r}"),
        };
        match self {
            Entry::Incident(i) => {
                let r = &i.report;
                let who = match r.bystander.trim() {
                    "" => side(r.player).to_string(),
                    name => name.to_string(),
                };
                let raised = match &r.raised_by {
                    RaisedBy::Player(c) => format!("{}提出", side(*c)),
                    RaisedBy::Arbiter(name) => format!("裁判{name}发现"),
                    RaisedBy::Other(name) => format!("{name}提出"),
                };
                format!(
                    "第{}号事件：{who}，{}（{}），第{}手，{raised}：{}",
                    i.id.number(),
                    offence_name(catalogue, &r.offence, lang),
                    super::offence::article_label(&i.article, lang),
                    r.move_number,
                    i.sanction.text(lang)
                )
            }
            Entry::Override(o) => format!(
                "第{}号事件：处罚由{}改为{}{}",
                o.incident.number(),
                o.by,
                o.sanction.text(lang),
                reason(&o.reason)
            ),
            Entry::RefusedClaim(c) => format!(
                "不予受理：{}，{}{}",
                side(c.report.player),
                offence_name(catalogue, &c.report.offence, lang),
                reason(&c.reason)
            ),
            Entry::LossConfirmed(l) => format!("{}判负：由{}确认", side(l.player), l.by),
            Entry::LossDeclined(l) => format!(
                "{}的判负（第{}号事件）未被{}采用{}",
                side(l.player),
                l.incident.number(),
                l.by,
                reason(&l.reason)
            ),
        }
    }
}
