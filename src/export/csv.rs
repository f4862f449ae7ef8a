//! Results per round as CSV (RFC 4180: comma-separated, CRLF line ends, fields with commas, quotes or line breaks quoted, quotes doubled).

use crate::session::Session;

use super::{ExportError, player};

/// The header row of [`results`]: the handicap (0 even, 1 taking Black with no stones, 2 and
/// more stones) and the komi counted, in points, then the confirmed result's verification code
/// (`session::proof`; empty while not confirmed) close each game's row.
pub const HEADER: [&str; 13] = [
    "round",
    "table",
    "black",
    "black_rank",
    "white",
    "white_rank",
    "result",
    "result_words",
    "black_warnings",
    "white_warnings",
    "handicap",
    "komi",
    "code",
];

/// One field, quoted when it needs to be.
pub fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) || text.starts_with(' ') || text.ends_with(' ') {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// One record, its fields quoted as needed, ending in CRLF.
pub fn record<S: AsRef<str>>(fields: &[S]) -> String {
    let mut line = fields.iter().map(|f| field(f.as_ref())).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
}

/// Every table's result, round by round: the SGF RE value and the result in words (empty
/// when no result is recorded), each player's warnings in that game, its handicap and komi.
pub fn results(session: &Session) -> Result<String, ExportError> {
    let mut out = record(&HEADER);
    for (id, table) in session.tables() {
        let black = player(session, table.black)?;
        let white = player(session, table.white)?;
        let result = table.game.result;
        let [bw, ww] = table.game.ledger.warnings();
        out.push_str(&record(&[
            id.round.to_string(),
            id.table.to_string(),
            black.name.clone(),
            black.rank.to_string(),
            white.name.clone(),
            white.rank.to_string(),
            result.map(|r| r.sgf_re()).unwrap_or_default(),
            result.map(|r| r.english()).unwrap_or_default(),
            bw.to_string(),
            ww.to_string(),
            table.game.handicap.to_string(),
            table.game.komi.points_decimal(),
            crate::session::proof::result_code(id, table).unwrap_or_default(),
        ]));
    }
    Ok(out)
}
