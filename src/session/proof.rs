//! A confirmed result's verification code: ten base-32 digits (`XXXXX-XXXXX`, 50 bits) of the
//! SHA-256 of the chain head at the confirmation (`TableGame::confirmed_at`), the table, its
//! players, the result and the record. Printed on the slip and in the exports; `check --code`
//! says whether a file still holds the very result that was confirmed. The code needs no key:
//! the head it is made from is inside the chain, which the key seals; a different result cannot
//! give the same code.

use sha2::{Digest, Sha256};

use super::key;
use super::model::{Session, Table, TableId};

/// The verification code of `table`'s confirmed result; none while it is not confirmed (or was
/// confirmed before codes existed).
pub fn result_code(id: TableId, table: &Table) -> Option<String> {
    let game = &table.game;
    if !game.is_confirmed() {
        return None;
    }
    let head = game.confirmed_at.as_deref()?;
    let result = game.result.as_ref().map_or_else(|| "none".to_string(), |r| r.sgf_re());
    let mut h = Sha256::new();
    h.update(format!(
        "go-arbiter result code\n{head}\n{}.{}\n{}\n{}\n{result}\n",
        id.round, id.table, table.black.0, table.white.0
    ));
    h.update(Sha256::digest(game.record.as_bytes()));
    Some(key::code_text(&h.finalize()))
}

/// The table whose confirmed result has verification code `code` (as typed: case, dashes and
/// spaces do not matter).
pub fn find_code(session: &Session, code: &str) -> Option<TableId> {
    let wanted = key::normalise_code(code);
    session
        .tables()
        .find(|(id, table)| result_code(*id, table).is_some_and(|c| key::normalise_code(&c) == wanted))
        .map(|(id, _)| id)
}
