//! Window tests of the organiser's files (egui_kittest): File > Import OpenGotha tournament…
//! asking which round, the import's report in both languages (tables left alone on a second
//! import), players from a CSV, and the results written into an OpenGotha copy; the file jobs run
//! on threads of their own.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::board::Color;
use crate::scoring::{GameResult, Reason};
use crate::session::{Change, Role, Signer, Stamp, TableId};
use crate::ui::i18n::{Lang, Text};
use crate::ui::settings::Settings;
use crate::ui::workstation::files::Request;
use crate::ui::workstation::harness::*;
use crate::ui::workstation::{FileAction, TournamentCommand, Workstation, WsCommand};

fn tournoi() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/opengotha/Tournoi_de_Juvisy.xml")
}

fn window(lang: Lang) -> Harness<'static, Driven> {
    let settings = Settings {
        lang,
        ..Settings::default()
    };
    harness_with(Workstation::new(settings, WALL))
}

/// A command given to the workstation; a file job's spinner turns until `wait_files`.
fn send(h: &mut Harness<'static, Driven>, command: WsCommand) {
    ws_mut(h).apply(command, Duration::ZERO);
    h.step();
}

/// File > Import OpenGotha tournament… with the file given, then the round question answered.
fn import_round(h: &mut Harness<'static, Driven>, lang: Lang, round: u32) {
    send(h, WsCommand::File(Request::ImportOpenGotha, Some(tournoi())));
    wait_files(h);
    assert!(ws(h).tournament.asking.is_some(), "the round is asked");
    send(h, WsCommand::Tournament(TournamentCommand::ChooseRound(round)));
    h.run();
    h.get_by_label(Text::ImportWhichRound.tr(lang));
    h.get_by_label(Text::ImportThisRound.tr(lang)).click();
    h.run();
}

#[test]
fn the_file_menu_offers_the_organisers_files_and_the_copy_only_after_an_import() {
    let mut h = window(Lang::En);
    h.get_by_label(Text::File.tr(Lang::En)).click();
    h.run();
    for text in [
        Text::ImportOpenGotha,
        Text::ImportPlayersCsv,
        Text::ExportOpenGothaCopy,
        Text::ExportAga,
    ] {
        h.get_by_label(text.tr(Lang::En));
    }
    assert!(
        ws(&h).request(FileAction::ExportOpenGothaCopy).is_none(),
        "nothing imported yet"
    );
    assert!(ws(&h).request(FileAction::ImportOpenGotha).is_some());
}

#[test]
fn an_imported_round_becomes_live_tables_and_its_report_is_shown() {
    let mut h = window(Lang::En);
    import_round(&mut h, Lang::En, 1);
    assert_eq!(ws(&h).session.round(1).map(|r| r.tables.len()), Some(9));
    assert_eq!(ws(&h).live.len(), 9, "every new table is live");
    assert_eq!(ws(&h).session.players.len(), 19);
    // In the report window and in the notice.
    let shown = |h: &Harness<'static, Driven>, text: &str| h.query_all_by_label_contains(text).count();
    assert_eq!(shown(&h, "round 1 imported: 9 tables added, 0 updated"), 2);
    assert_eq!(shown(&h, "time control from the file: japanese:60m+1x30s"), 2);
    h.get_by_label(Text::CloseReport.tr(Lang::En)).click();
    h.run();
    assert!(ws(&h).tournament.report.is_none());
}

#[test]
fn a_second_import_lists_the_tables_left_alone_in_chinese_too() {
    let mut h = window(Lang::Zh);
    import_round(&mut h, Lang::Zh, 1);
    send(&mut h, WsCommand::Tournament(TournamentCommand::CloseReport));
    // The round offered next is the first the session does not have.
    send(&mut h, WsCommand::File(Request::ImportOpenGotha, Some(tournoi())));
    wait_files(&mut h);
    assert_eq!(ws(&h).tournament.asking.as_ref().map(|a| a.round), Some(2));
    send(&mut h, WsCommand::Tournament(TournamentCommand::CancelImport));
    // The clock of table 4 is started at the table: its game has begun.
    let t4 = TableId { round: 1, table: 4 };
    ws_mut(&mut h).selected = Some(t4);
    send(&mut h, WsCommand::Table(crate::ui::table::Command::StartClock));
    h.step();
    assert!(
        crate::tournament::started(ws(&h).session.table(t4).unwrap()),
        "the clock started"
    );
    let entries = ws(&h).session.audit.len();
    import_round(&mut h, Lang::Zh, 1);
    let added: Vec<String> = ws(&h).session.audit[entries..].iter().map(|e| e.what.clone()).collect();
    assert_eq!(
        ws(&h).session.audit.len(),
        entries,
        "nothing changed, nothing recorded: {added:?}"
    );
    let shown = |text: &str| h.query_all_by_label_contains(text).count();
    assert_eq!(shown("第1轮已导入：新增0台，更新0台"), 2);
    assert_eq!(shown("未改动的台次（已开始或已有结果）：4"), 2);
    assert_eq!(
        ws(&h).session.round(1).map(|r| r.tables.len()),
        Some(9),
        "no table twice"
    );
}

#[test]
fn players_come_in_from_a_csv_and_the_notice_says_how_many() {
    let dir = scratch("players-csv");
    let path = dir.join("players.csv");
    std::fs::write(
        &path,
        "\u{feff}name;rank;club;country\r\n\"Smith, John\";3d;Bath;GB\r\n高传德;1d;;CN\r\n",
    )
    .unwrap();
    let mut h = window(Lang::En);
    send(&mut h, WsCommand::File(Request::ImportPlayersCsv, Some(path)));
    wait_files(&mut h);
    let names: Vec<&str> = ws(&h).session.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Smith, John", "高传德"]);
    assert!(
        ws(&h)
            .notices
            .iter()
            .any(|n| n.text == "players imported: 2 added, 0 updated"),
        "{:?}",
        ws(&h).notices.iter().map(|n| &n.text).collect::<Vec<_>>()
    );
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "name,rank\nAnn,strong\n").unwrap();
    send(&mut h, WsCommand::File(Request::ImportPlayersCsv, Some(bad)));
    wait_files(&mut h);
    let last = ws(&h).notices.last().map(|n| n.text.clone()).unwrap_or_default();
    assert!(last.contains("line 2, column rank: `strong` is not a rank"), "{last}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_results_go_into_an_opengotha_copy_from_the_file_menu() {
    let dir = scratch("opengotha-copy");
    let mut h = window(Lang::En);
    import_round(&mut h, Lang::En, 1);
    let t3 = TableId { round: 1, table: 3 };
    let stamp = Stamp::new("10:00", "arbiter", Role::Arbiter);
    let result = GameResult::win(Color::White, Reason::Time);
    let s = &mut ws_mut(&mut h).session;
    s.apply(
        &stamp,
        &Change::Result {
            table: t3,
            result: Some(result),
        },
    )
    .unwrap();
    for signer in Signer::ALL {
        let name = format!("{signer:?}");
        s.apply(
            &stamp,
            &Change::Confirm {
                table: t3,
                signer,
                name,
            },
        )
        .unwrap();
    }
    let request = ws(&h)
        .request(FileAction::ExportOpenGothaCopy)
        .expect("offered after the import");
    let out = dir.join("TournoiChinois-results.xml");
    send(&mut h, WsCommand::File(request, Some(out.clone())));
    wait_files(&mut h);
    let copy = std::fs::read_to_string(&out).unwrap();
    let file = crate::tournament::opengotha::read(&copy).unwrap();
    let game = file.games.iter().find(|g| g.table == 3).unwrap();
    assert_eq!(game.result, "RESULT_WHITEWINS");
    let last = ws(&h).notices.last().map(|n| n.text.clone()).unwrap_or_default();
    assert!(last.contains("1 confirmed results written"), "{last}");
    // The AGA file is refused: no player has an AGA id.
    let request = ws(&h).request(FileAction::ExportAga).unwrap();
    send(&mut h, WsCommand::File(request, Some(dir.join("aga.txt"))));
    wait_files(&mut h);
    let last = ws(&h).notices.last().map(|n| n.text.clone()).unwrap_or_default();
    assert!(last.contains("the AGA results need every player's AGA id"), "{last}");
    assert!(!dir.join("aga.txt").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_round_of_chinese_players_is_drawn_with_every_name_in_the_sidebar() {
    // OpenGotha's own sample with Chinese names (璐 and 婷 among them, GB2312 level 2): every
    // glyph must be in the bundled font, or egui has nothing to draw them with.
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/opengotha/TournoiChinois.xml");
    let mut h = window(Lang::Zh);
    send(&mut h, WsCommand::File(Request::ImportOpenGotha, Some(file)));
    wait_files(&mut h);
    send(&mut h, WsCommand::Tournament(TournamentCommand::ChooseRound(1)));
    h.run();
    h.get_by_label(Text::ImportThisRound.tr(Lang::Zh)).click();
    h.run();
    let names: Vec<String> = ws(&h).session.players.iter().map(|p| p.name.clone()).collect();
    assert!(names.iter().any(|n| n.contains('璐')), "{names:?}");
    let cjk = crate::export::slip::CJK_FONT.len();
    assert!(
        cjk > 1_000_000,
        "the CJK subset with GB2312 level 2 is bundled ({cjk} bytes)"
    );
    for name in &names {
        h.query_all_by_label_contains(name).next();
    }
}
