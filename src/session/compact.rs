//! The compact text of the version-3 file: one line per audit entry and one line per clock
//! event, read and written here (and the audit line is what an entry's hash covers).
//!
//! - Audit line: `wall_time TAB actor TAB role TAB table TAB what TAB state [TAB said] TAB hash`
//!   (`said`, what the entry says as data, as compact RON, when it has it), role `A`
//!   (arbiter), `C` (chief arbiter) or `O` (organiser), table `-` or `round.table`; in the text
//!   fields a backslash, tab, newline and carriage return are written `\\`, `\t`, `\n`, `\r`.
//! - Clock line: the instant in seconds (`90`, or `90.000000500` with nanoseconds), a space,
//!   then `S B` (start, Black to move), `P W 12` (White pressed after move 12), `R` (resume), or
//!   any other event as its compact RON (`Pause(reason:"toilet")`).

use std::fmt::Write as _;
use std::time::Duration;

use crate::board::Color;
use crate::clock::{ClockEvent, EventKind};

use super::audit::{AuditEntry, Role, Stamp};
use super::model::TableId;

/// Appends `text` with backslash, tab, newline and carriage return escaped.
fn push_escaped(out: &mut String, text: &str) {
    if !text.contains(['\\', '\t', '\n', '\r']) {
        out.push_str(text);
        return;
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
}

fn unescape(text: &str) -> Result<String, String> {
    if !text.contains('\\') {
        return Ok(text.to_string());
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            other => return Err(format!("unknown escape `\\{}`", other.unwrap_or(' '))),
        }
    }
    Ok(out)
}

fn role_letter(role: Role) -> char {
    match role {
        Role::Arbiter => 'A',
        Role::ChiefArbiter => 'C',
        Role::Organiser => 'O',
    }
}

/// The fields of an entry that its hash covers, as written in its line (without the hash).
pub(crate) fn push_entry_body(out: &mut String, e: &AuditEntry) {
    push_escaped(out, &e.stamp.wall_time);
    out.push('\t');
    push_escaped(out, &e.stamp.actor);
    out.push('\t');
    out.push(role_letter(e.stamp.role));
    out.push('\t');
    match e.table {
        Some(t) => {
            let _ = write!(out, "{}.{}", t.round, t.table);
        }
        None => out.push('-'),
    }
    out.push('\t');
    push_escaped(out, &e.what);
    out.push('\t');
    out.push_str(&e.state);
    // What the entry says as data (`session::said`), when it has it: one more field.
    if let Some(said) = &e.said {
        out.push('\t');
        push_escaped(out, &ron::to_string(said).unwrap_or_default());
    }
}

/// One entry's line, without the newline.
pub(crate) fn push_entry_line(out: &mut String, e: &AuditEntry) {
    push_entry_body(out, e);
    out.push('\t');
    out.push_str(&e.hash);
}

/// Reads one entry's line; `seq` is its place in the trail. The error says which field.
pub(crate) fn read_entry_line(seq: u64, line: &str) -> Result<AuditEntry, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let ([wall_time, actor, role, table, what, state, hash], said) = match fields[..] {
        [a, b, c, d, e, f, hash] => ([a, b, c, d, e, f, hash], None),
        [a, b, c, d, e, f, said, hash] => ([a, b, c, d, e, f, hash], Some(said)),
        _ => {
            return Err(format!(
                "expected 7 or 8 fields separated by tabs, found {}",
                fields.len()
            ));
        }
    };
    if hash.is_empty() {
        return Err("the hash field is empty".to_string());
    }
    let said = match said {
        None => None,
        Some(text) => Some(ron::from_str(&unescape(text)?).map_err(|e| format!("what the entry says: {e}"))?),
    };
    let role = match role {
        "A" => Role::Arbiter,
        "C" => Role::ChiefArbiter,
        "O" => Role::Organiser,
        other => return Err(format!("role `{other}` is not A, C or O")),
    };
    let table = match table {
        "-" => None,
        text => {
            let bad = || format!("table `{text}` is not `-` or round.table");
            let (round, table) = text.split_once('.').ok_or_else(bad)?;
            Some(TableId {
                round: round.parse().map_err(|_| bad())?,
                table: table.parse().map_err(|_| bad())?,
            })
        }
    };
    Ok(AuditEntry {
        seq,
        stamp: Stamp {
            wall_time: unescape(wall_time)?,
            actor: unescape(actor)?,
            role,
        },
        table,
        what: unescape(what)?,
        said,
        state: state.to_string(),
        hash: hash.to_string(),
    })
}

fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'B',
        Color::White => 'W',
    }
}

fn read_color(text: &str) -> Result<Color, String> {
    match text {
        "B" => Ok(Color::Black),
        "W" => Ok(Color::White),
        other => Err(format!("`{other}` is not B or W")),
    }
}

/// One clock event's line, without the newline.
pub(crate) fn push_clock_line(out: &mut String, event: &ClockEvent) -> Result<(), String> {
    let _ = write!(out, "{}", event.at.as_secs());
    if event.at.subsec_nanos() != 0 {
        let _ = write!(out, ".{:09}", event.at.subsec_nanos());
    }
    match &event.kind {
        EventKind::Start { to_move } => {
            let _ = write!(out, " S {}", color_letter(*to_move));
        }
        EventKind::Press { player, move_number } => {
            let _ = write!(out, " P {} {move_number}", color_letter(*player));
        }
        EventKind::Resume => out.push_str(" R"),
        other => {
            out.push(' ');
            out.push_str(&ron::to_string(other).map_err(|e| e.to_string())?);
        }
    }
    Ok(())
}

fn read_instant(text: &str) -> Result<Duration, String> {
    let bad = || format!("`{text}` is not an instant in seconds");
    let (secs, nanos) = text.split_once('.').unwrap_or((text, "0"));
    let nanos: u32 = nanos.parse().map_err(|_| bad())?;
    if nanos >= 1_000_000_000 {
        return Err(bad());
    }
    Ok(Duration::new(secs.parse().map_err(|_| bad())?, nanos))
}

/// Reads one clock event's line.
pub(crate) fn read_clock_line(line: &str) -> Result<ClockEvent, String> {
    let (at, kind) = line.split_once(' ').ok_or("expected an instant and an event")?;
    let at = read_instant(at)?;
    let mut words = kind.split(' ');
    let mut word = || words.next();
    let kind = match [word(), word(), word(), word()] {
        [Some("S"), Some(color), None, None] => EventKind::Start {
            to_move: read_color(color)?,
        },
        [Some("P"), Some(color), Some(number), None] => EventKind::Press {
            player: read_color(color)?,
            move_number: number.parse().map_err(|_| format!("`{number}` is not a move number"))?,
        },
        [Some("R"), None, None, None] => EventKind::Resume,
        _ => ron::from_str(kind).map_err(|e| format!("column {}: {}", e.span.start.col, e.code))?,
    };
    Ok(ClockEvent { at, kind })
}

/// Every clock event, one line each.
pub(crate) fn clock_text(events: &[ClockEvent]) -> Result<String, String> {
    let mut out = String::with_capacity(events.len() * 12);
    for event in events {
        push_clock_line(&mut out, event)?;
        out.push('\n');
    }
    Ok(out)
}

/// Reads the clock lines back; the error names the line (from 1).
pub(crate) fn read_clock_text(text: &str) -> Result<Vec<ClockEvent>, (usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| read_clock_line(line.trim()).map_err(|e| (i + 1, e)))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;
    use crate::clock::{Clock, LatenessRule};

    const MIN: Duration = Duration::from_secs(60);

    fn read(text: &str) -> Result<Vec<ClockEvent>, String> {
        read_clock_text(text).map_err(|(line, e)| format!("line {line}: {e}"))
    }

    #[test]
    fn a_lateness_line_written_before_the_factor_reads_as_twice_the_late_time() -> Result<(), Box<dyn Error>> {
        // The line the earlier clock wrote: Black 10 minutes late, 20 deducted, no factor.
        let old = "600 Lateness(player:Black,late:(secs:600,nanos:0),limit:(secs:900,nanos:0),\
                   deducted:(secs:1200,nanos:0),forfeit:false,reason:\"late\")";
        let events = read(&format!("{old}\n600 S B\n"))?;
        assert!(matches!(events[0].kind, EventKind::Lateness { factor: 2, .. }));
        let clock = Clock::replay("chinese:60m/5".parse()?, &events)?;
        assert_eq!(clock.reading(10 * MIN).left[0].main, 35 * MIN);
        Ok(())
    }

    #[test]
    fn a_lateness_line_keeps_its_factor() -> Result<(), Box<dyn Error>> {
        let old_text = LatenessRule {
            factor: 1,
            limit: 15 * MIN,
        };
        let mut clock = Clock::new("chinese:60m/5".parse()?);
        clock.record_lateness(10 * MIN, Color::White, 10 * MIN, old_text, "late")?;
        let text = clock_text(clock.events())?;
        assert!(text.contains("factor:1"), "{text}");
        let events = read(&text)?;
        assert_eq!(events, clock.events());
        let replayed = Clock::replay(*clock.control(), &events)?;
        assert_eq!(replayed.reading(10 * MIN).left[1].main, 45 * MIN);
        Ok(())
    }
}
