//! CSV out, written by the csv crate (RFC 4180: comma-separated, CRLF line ends, fields with commas, quotes or line breaks quoted, quotes doubled): the results per round, and the rows of the standings.

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

/// Rows as CSV text, written by the csv crate: comma-separated, CRLF line ends, a field with a
/// comma, a quote or a line break quoted and its quotes doubled (RFC 4180). Rows may differ in
/// length. Writing to memory does not fail; were it to, the error says so.
pub fn text<R, F>(rows: R) -> Result<String, ExportError>
where
    R: IntoIterator,
    R::Item: IntoIterator<Item = F>,
    F: AsRef<[u8]>,
{
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .flexible(true)
        .from_writer(Vec::new());
    let failed = |message: String| ExportError::Io {
        path: "the CSV text in memory".to_string(),
        message,
    };
    for row in rows {
        w.write_record(row).map_err(|e| failed(e.to_string()))?;
    }
    let bytes = w.into_inner().map_err(|e| failed(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| failed(e.to_string()))
}

/// Every table's result, round by round: the SGF RE value and the result in words (empty
/// when no result is recorded), each player's warnings in that game, its handicap and komi.
pub fn results(session: &Session) -> Result<String, ExportError> {
    let mut rows = vec![HEADER.map(String::from).to_vec()];
    for (id, table) in session.tables() {
        let black = player(session, table.black)?;
        let white = player(session, table.white)?;
        let result = table.game.result;
        let [bw, ww] = table.game.ledger.warnings();
        rows.push(vec![
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
        ]);
    }
    text(rows)
}
