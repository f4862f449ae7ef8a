//! The merge window (File > Merge results from another workstation…): what the other file brings,
//! table by table (taken, already here, conflicts for the chief arbiter, not confirmed), and one
//! button that takes the confirmed results (`WsCommand::Merge(true)`); the plan itself is the
//! session engine's (`session::merge`).

use egui::{Color32, RichText};

use crate::scoring::GameResult;
use crate::session::merge::{Conflict, Finding, Plan};

use crate::ui::i18n::{Lang, Msg, Text, table_id};
use crate::ui::workstation::WsCommand;

/// One finding in `lang`: the table, and what the merge does with it.
pub fn finding_text(finding: &Finding, lang: Lang) -> String {
    let re = |r: &Option<GameResult>| match (r, lang) {
        (Some(r), Lang::En) => r.english(),
        (Some(r), Lang::Zh) => r.chinese(),
        (None, Lang::En) => "no result".to_string(),
        (None, Lang::Zh) => "无结果".to_string(),
    };
    let id = table_id(finding.table(), lang);
    let en = lang == Lang::En;
    match finding {
        Finding::Take { result, replaces, .. } => {
            let result = re(&Some(*result));
            let replaced = match (replaces, en) {
                (Some(old), true) => format!(" (replaces our unconfirmed {})", re(old)),
                (Some(old), false) => format!("（替换本台尚未确认的{}）", re(old)),
                (None, _) => String::new(),
            };
            match en {
                true => format!("{id}: taken, {result}, confirmed there{replaced}"),
                false => format!("{id}：采用，{result}，对方已确认{replaced}"),
            }
        }
        Finding::Agree { result, .. } => match en {
            true => format!("{id}: already {} here", re(&Some(*result))),
            false => format!("{id}：本台已是{}", re(&Some(*result))),
        },
        Finding::Conflict {
            why: Conflict::Results { ours, theirs },
            ..
        } => match en {
            true => format!(
                "{id}: CONFLICT: confirmed here as {}, there as {}",
                re(ours),
                re(theirs)
            ),
            false => format!("{id}：冲突：本台确认为{}，对方确认为{}", re(ours), re(theirs)),
        },
        Finding::Conflict {
            why: Conflict::Players { ours, theirs },
            ..
        } => match en {
            true => format!(
                "{id}: CONFLICT: {} v {} here, {} v {} there",
                ours[0], ours[1], theirs[0], theirs[1]
            ),
            false => format!(
                "{id}：冲突：本台是{}对{}，对方是{}对{}",
                ours[0], ours[1], theirs[0], theirs[1]
            ),
        },
        Finding::NotConfirmed { result: None, .. } => match en {
            true => format!("{id}: no result there"),
            false => format!("{id}：对方没有结果"),
        },
        Finding::NotConfirmed { result, .. } => match en {
            true => format!("{id}: not taken: {} is not confirmed there", re(result)),
            false => format!("{id}：未采用：对方的{}尚未确认", re(result)),
        },
    }
}

/// The merge window while a plan waits for the arbiter's answer.
pub fn window(ctx: &egui::Context, offer: Option<&Plan>, lang: Lang) -> Option<WsCommand> {
    let plan = offer?;
    let mut open = true;
    let mut answer = None;
    egui::Window::new(Msg::MergeFrom(&plan.source).text(lang))
        .id(egui::Id::unique("merge_results"))
        .open(&mut open)
        .collapsible(false)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                for finding in &plan.findings {
                    let text = finding_text(finding, lang);
                    let line = match finding {
                        Finding::Conflict { .. } => RichText::new(text).color(Color32::from_rgb(230, 80, 60)),
                        Finding::Take { .. } => RichText::new(text).strong(),
                        _ => RichText::new(text),
                    };
                    ui.label(line);
                }
            });
            if plan.conflicts() > 0 {
                ui.label(RichText::new(Text::MergeConflictsHint.tr(lang)).small());
            }
            ui.separator();
            ui.horizontal(|ui| {
                if plan.taken() > 0 {
                    if ui.button(Msg::MergeTake(plan.taken()).text(lang)).clicked() {
                        answer = Some(true);
                    }
                } else {
                    ui.label(Text::MergeNothingToTake.tr(lang));
                }
                if ui.button(Text::Close.tr(lang)).clicked() {
                    answer = Some(false);
                }
            });
        });
    let take = match answer {
        Some(take) => take,
        None if !open => false,
        None => return None,
    };
    ctx.request_repaint();
    Some(WsCommand::Merge(take))
}
