//! Headless tests (egui_kittest) of the merge window: another workstation's confirmed result
//! taken through File > Merge results…, one audit entry, the live table showing it; a conflict
//! listed and nothing changed.

#![allow(clippy::expect_used)]

use std::time::Duration;

use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::{Change, Role, Session, Signer, Stamp, Store, TableId};
use crate::ui::i18n::{Lang, Msg, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::WsCommand;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::{Driven, scratch, seated, settle, wait_files, ws, ws_mut};

const TABLE: TableId = TableId { round: 1, table: 1 };

/// `session` with table 1's result set and signed by both players and its arbiter.
fn confirmed_there(mut session: Session, result: GameResult) -> Session {
    let at = Stamp::new("11:00", "Board 2 arbiter", Role::Arbiter);
    let set = Change::Result {
        table: TABLE,
        result: Some(result),
    };
    session.apply(&at, &set).expect("result");
    for signer in Signer::ALL {
        let sign = Change::Confirm {
            table: TABLE,
            signer,
            name: format!("{signer:?}"),
        };
        session.apply(&at, &sign).expect("signature");
    }
    session
}

fn write(dir: &std::path::Path, name: &str, session: &Session) -> std::path::PathBuf {
    let path = dir.join(name);
    Store::create(&path, session)
        .expect("create")
        .close(session)
        .expect("close");
    path
}

fn merge_from(h: &mut egui_kittest::Harness<'static, Driven>, path: &std::path::Path) {
    ws_mut(h).apply(
        WsCommand::File(Request::MergeFrom, Some(path.to_path_buf())),
        Duration::ZERO,
    );
    wait_files(h);
}

#[test]
fn a_confirmed_result_from_another_workstation_is_taken_with_one_audit_entry_and_shown_at_the_table() {
    let dir = scratch("merge-take");
    let mut h = seated(Settings::default());
    let lang = ws(&h).lang();
    // The menu offers it.
    h.get_by_label(Text::File.tr(lang)).click();
    h.run();
    h.get_by_label(Text::MergeResults.tr(lang));
    h.get_by_label(Text::File.tr(lang)).click();
    h.run();

    let resign = GameResult::win(Color::White, Reason::Resignation);
    let there = confirmed_there(ws(&h).session.clone(), resign);
    let path = write(&dir, "board-2.ron", &there);
    merge_from(&mut h, &path);
    let offer = ws(&h).merge_offer.as_ref().expect("the merge window is open");
    assert_eq!(offer.taken(), 1);
    let line = Msg::MergeFinding(&offer.findings[0]).text(lang);
    assert!(line.contains("taken"), "{line}");
    h.get_by_label(&line);

    let trail = ws(&h).session.audit.len();
    h.get_by_label(&Msg::MergeTake(1).text(lang)).click();
    settle(&mut h);
    let w = ws(&h);
    assert!(w.merge_offer.is_none(), "the window closed");
    let stored = &w.session.table(TABLE).expect("table").game;
    assert_eq!(stored.result, Some(resign));
    assert!(stored.is_confirmed());
    assert_eq!(w.session.audit.len(), trail + 1, "one audit entry for the table taken");
    let entry = w.session.audit.last().expect("entry");
    assert!(entry.what.contains("taken from board-2.ron"), "{}", entry.what);
    let live = w.live(TABLE).expect("live");
    let shown = live
        .table
        .counting
        .as_ref()
        .and_then(|c| c.confirmed.as_ref())
        .map(|c| c.result);
    assert_eq!(shown, Some(resign), "the live table shows the taken result");
}

#[test]
fn a_conflict_is_listed_in_both_languages_and_closing_changes_nothing() {
    let dir = scratch("merge-conflict");
    let mut h = seated(Settings::default());
    let base = ws(&h).session.clone();
    let ours = GameResult::win(Color::Black, Reason::Resignation);
    let theirs = GameResult::win(Color::White, Reason::Time);
    let path = write(&dir, "board-3.ron", &confirmed_there(base.clone(), theirs));
    // Ours confirmed first, through the same merge (as if from a first workstation).
    let first = write(&dir, "board-1.ron", &confirmed_there(base, ours));
    merge_from(&mut h, &first);
    h.get_by_label(&Msg::MergeTake(1).text(Lang::En)).click();
    settle(&mut h);

    ws_mut(&mut h).apply(WsCommand::SetLang(Lang::Zh), Duration::ZERO);
    h.run();
    merge_from(&mut h, &path);
    let offer = ws(&h).merge_offer.clone().expect("the merge window is open");
    assert_eq!((offer.taken(), offer.conflicts()), (0, 1));
    let line = Msg::MergeFinding(&offer.findings[0]).text(Lang::Zh);
    assert!(line.contains("冲突"), "{line}");
    h.get_by_label(&line);
    h.get_by_label(Text::MergeNothingToTake.tr(Lang::Zh));
    h.get_by_label(Text::MergeConflictsHint.tr(Lang::Zh));
    let trail = ws(&h).session.audit.len();
    h.get_by_label(Text::Close.tr(Lang::Zh)).click();
    h.run();
    let w = ws(&h);
    assert!(w.merge_offer.is_none());
    assert_eq!(w.session.audit.len(), trail);
    assert_eq!(w.session.table(TABLE).expect("table").game.result, Some(ours));
}

#[test]
fn a_file_of_another_event_is_refused_with_a_notice_naming_it() {
    let dir = scratch("merge-other");
    let mut h = seated(Settings::default());
    let mut other = ws(&h).session.clone();
    let mut event = other.event.clone();
    event.name = "Another Cup".to_string();
    other
        .apply(
            &Stamp::new("08:00", "Organiser", Role::Organiser),
            &Change::Event(event),
        )
        .expect("event");
    let path = write(&dir, "other.ron", &other);
    merge_from(&mut h, &path);
    let w = ws(&h);
    assert!(w.merge_offer.is_none());
    let notice = w.notices.last().expect("a notice");
    assert!(notice.error && notice.text.contains("Another Cup"), "{notice:?}");
}
