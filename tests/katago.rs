//! The KataGo client against the real engine (KataGo v1.18.1 and the b10c384 network from the
//! katrain 1.20.0 wheel, on the CPU through PoCL), on the public set's real games. Not part of
//! `cargo test` (it needs the engine installed): `make test-katago` installs it with
//! packaging/install-katago.sh and runs these with KATAGO_PROGRAM, KATAGO_MODEL and KATAGO_CONFIG
//! set. Without them every test here fails and says how to install.

use std::path::{Path, PathBuf};
use std::time::Duration;

use go_arbiter::accuracy::{recorded_margin, sgf_files};
use go_arbiter::katago::{Engine, KataGoError, Position, Settings};
use go_arbiter::scoring::{Marks, count_game};

fn settings() -> Settings {
    let var = |name: &str| match std::env::var_os(name) {
        Some(v) => PathBuf::from(v),
        None => panic!("{name} is not set: run `make test-katago` (packaging/install-katago.sh installs KataGo)"),
    };
    Settings {
        program: var("KATAGO_PROGRAM"),
        model: Some(var("KATAGO_MODEL")),
        config: Some(var("KATAGO_CONFIG")),
        start_within: Duration::from_secs(300),
        answer_within: Duration::from_secs(60),
    }
}

fn public_set(size: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/sgf/ogs-lemonsqueeze")
        .join(size);
    sgf_files(&[dir], &["bad".to_string()])
}

/// The recorded margin and the one counted with the dead stones `engine` gives the file at `path`
/// (with its moves, or its final position as setup stones).
fn margins(engine: &mut Engine, path: &Path, setup_only: bool) -> Option<(f64, f64)> {
    let game = go_arbiter::sgf::read_file(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let recorded = recorded_margin(&game.info.result)?;
    let position = match setup_only {
        true => Position::of_board(game.board(), game.to_move(), &game.rules),
        false => Position::of_game(&game),
    };
    let guess = engine
        .guess_record(game.board(), &position, game.to_move())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut marks = Marks::new(game.board());
    marks.set_dead(game.board(), &guess.dead());
    let counted = count_game(&game, &marks, [0, 0]).ok()?.margin.points();
    Some((recorded, counted))
}

/// How many of `files` KataGo's dead stones count to their recorded margin, of how many.
fn exact(files: &[PathBuf], setup_only: bool) -> (usize, usize) {
    let mut engine = Engine::start(&settings()).unwrap_or_else(|e| panic!("{e}"));
    let results: Vec<(f64, f64)> = files
        .iter()
        .filter_map(|f| margins(&mut engine, f, setup_only))
        .collect();
    let right = results.iter().filter(|(r, c)| (r - c).abs() < 1e-6).count();
    (right, results.len())
}

#[test]
fn the_real_katago_reads_finished_9x9_games_with_their_moves_into_dead_stones_that_count_to_the_result() {
    let files: Vec<PathBuf> = public_set("9x9").into_iter().take(40).collect();
    let (right, of) = exact(&files, false);
    assert!(of >= 35, "{of} games with a counted result");
    // KataGo misses 1 game in 384 on the whole set (`make katago-accuracy`).
    assert!(right + 1 >= of, "{right} of {of} exact");
}

#[test]
fn the_real_katago_reads_19x19_games_with_their_moves_into_dead_stones_that_count_to_the_result() {
    let files: Vec<PathBuf> = public_set("19x19").into_iter().take(10).collect();
    let (right, of) = exact(&files, false);
    assert!(of >= 8, "{of} games with a counted result");
    assert!(right + 1 >= of, "{right} of {of} exact");
}

#[test]
fn the_real_katago_answers_final_positions_given_as_setup_stones_without_moves() {
    let files: Vec<PathBuf> = public_set("9x9").into_iter().skip(40).take(20).collect();
    let (right, of) = exact(&files, true);
    assert!(of >= 15, "{of} games with a counted result");
    assert!(right + 2 >= of, "{right} of {of} exact");
}

#[test]
fn a_move_katago_refuses_is_asked_again_as_the_final_position() {
    let mut engine = Engine::start(&settings()).unwrap_or_else(|e| panic!("{e}"));
    let path = &public_set("9x9")[0];
    let game = go_arbiter::sgf::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    let mut record = Position::of_game(&game);
    // The first move played twice on the same point: illegal for KataGo.
    let first = record.moves[0];
    record.moves.insert(1, first);
    let refused = engine.guess(game.board(), &record);
    assert!(matches!(refused, Err(KataGoError::Refused { .. })), "{refused:?}");
    let guess = engine.guess_record(game.board(), &record, game.to_move());
    let from_board = engine.guess(
        game.board(),
        &Position::of_board(game.board(), game.to_move(), &game.rules),
    );
    assert_eq!(guess.ok().map(|g| g.dead()), from_board.ok().map(|g| g.dead()));
}

#[test]
fn a_missing_network_file_is_katago_stopping_in_its_own_words() {
    let mut settings = settings();
    settings.model = Some(PathBuf::from("/nonexistent/network.bin.gz"));
    match Engine::start(&settings) {
        Err(KataGoError::Crashed { stderr, .. }) => {
            assert!(
                stderr.iter().any(|l| l.contains("/nonexistent/network.bin.gz")),
                "{stderr:?}"
            );
        }
        Err(e) => panic!("not a crash: {e}"),
        Ok(_) => panic!("KataGo started without its network"),
    }
}

#[test]
fn an_answer_limit_shorter_than_one_network_evaluation_is_a_time_out() {
    let mut settings = settings();
    settings.answer_within = Duration::from_micros(1);
    let mut engine = Engine::start(&settings).unwrap_or_else(|e| panic!("{e}"));
    let path = &public_set("19x19")[0];
    let game = go_arbiter::sgf::read_file(path).unwrap_or_else(|e| panic!("{e}"));
    match engine.guess(game.board(), &Position::of_game(&game)) {
        Err(KataGoError::TimedOut { what, .. }) => assert_eq!(what, "answer"),
        other => panic!("not a time-out: {:?}", other.map(|g| g.dead())),
    }
}
