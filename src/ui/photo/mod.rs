//! The photo screen of a table (issue 21): a photo of the physical board opened, its board found
//! and read off the UI thread (`job`), the four corners dragged, the read position drawn over the
//! photo and beside it with the unsure points ringed, points corrected by a click, then "Count"
//! puts the position on the table as setup stones and opens its counting screen. The photo's
//! file, SHA-256, corners, read position and every correction go into the session through
//! `Change::Photo` and `Change::PhotoPoint` (audited). `view` draws it; the library
//! (`crate::photo`) does the reading.

pub mod job;
#[cfg(test)]
mod tests;
pub mod view;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::board::{Color, Point};
use crate::photo::{Pt, Reading, UNSURE};
use crate::session::photo::{PhotoRecord, rows};
use crate::session::{Change, Role, TableId};
use crate::ui::i18n::photo::{self as words, PhotoText};
use crate::ui::table::Command;
use crate::ui::workstation::{Place, View, Workstation};

use job::{JobError, Keep, Opened, PhotoJob, Step};

/// The key that opens the photo screen of the selected table.
pub const KEY: egui::Key = egui::Key::F6;

/// What the photo screen asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum PhotoCommand {
    /// The screen opened for the selected table (the menu, `KEY`).
    Show,
    /// Back to the table.
    Close,
    /// A photo opened: a typed path, or through the dialog (`None`); with its corners given (the
    /// photo's pixels) or found.
    Open(Option<PathBuf>, Option<[Pt; 4]>),
    /// The board size asked: 9, 13 or 19 (read again when a photo is open).
    Size(usize),
    /// A corner (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left) dragged to a point of
    /// the photo (its pixels); read again when `done`.
    Corner(usize, Pt, bool),
    /// Read again with the corners as they stand (after no board was found).
    ReadCorners,
    /// A point of the read position cycled: empty, black, white.
    Point(Point),
    /// The position put on the table and counted.
    Count,
}

/// What the screen says under its buttons.
#[derive(Clone, Debug, PartialEq)]
pub enum Note {
    Error(JobError),
    /// A refusal or a line already in the window's language.
    Said(String),
}

/// The photo screen of one table.
pub struct PhotoScreen {
    pub table: TableId,
    /// The board size asked (the table's by default).
    pub size: usize,
    /// The path typed (when there is no dialog, or by choice).
    pub typed: String,
    /// The photo open, if any.
    pub opened: Option<Opened>,
    /// The corners drawn (the photo's pixels, top-left, top-right, bottom-right, bottom-left).
    pub corners: Option<[Pt; 4]>,
    /// The last reading (its confidences mark the unsure points).
    pub reading: Option<Reading>,
    /// No board was found: the corners are asked for.
    pub asking_corners: bool,
    pub note: Option<Note>,
    pub job: Option<PhotoJob>,
    /// The photo's texture, made on the UI thread from `opened.image`.
    pub texture: Option<egui::TextureHandle>,
}

impl PhotoScreen {
    pub fn new(table: TableId, size: usize) -> PhotoScreen {
        PhotoScreen {
            table,
            size,
            typed: String::new(),
            opened: None,
            corners: None,
            reading: None,
            asking_corners: false,
            note: None,
            job: None,
            texture: None,
        }
    }

    /// A read is under way.
    pub fn busy(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.finished)
    }

    /// The points read with less than `UNSURE` confidence, row by row from the top.
    pub fn unsure(&self) -> Vec<Point> {
        let Some(r) = &self.reading else { return Vec::new() };
        let n = r.size;
        r.points
            .iter()
            .enumerate()
            .filter(|(_, p)| p.confidence < UNSURE)
            .map(|(i, _)| Point::new((i % n) as u8, (i / n) as u8))
            .collect()
    }
}

/// Corners inside a photo of `width` x `height` for the arbiter to drag when none were found:
/// a square-ish quadrilateral at a fifth from each side.
pub fn default_corners(width: f64, height: f64) -> [Pt; 4] {
    let (x0, x1, y0, y1) = (width * 0.2, width * 0.8, height * 0.2, height * 0.8);
    [Pt::new(x0, y0), Pt::new(x1, y0), Pt::new(x1, y1), Pt::new(x0, y1)]
}

/// The next sign of a point when it is clicked: empty, black, white, empty.
pub fn cycled(stone: Option<Color>) -> Option<Color> {
    match stone {
        None => Some(Color::Black),
        Some(Color::Black) => Some(Color::White),
        Some(Color::White) => None,
    }
}

impl Workstation {
    /// The photo record of the screen's table, when it is of the photo open (or no photo is open).
    pub fn photo_record(&self) -> Option<&PhotoRecord> {
        let screen = self.photo.as_ref()?;
        let record = self.session.table(screen.table)?.game.photo.as_ref()?;
        match &screen.opened {
            Some(o) if o.sha256 != record.sha256 => None,
            _ => Some(record),
        }
    }

    /// The photo screen's command.
    pub fn photo_command(&mut self, command: PhotoCommand, now: Duration) {
        let lang = self.lang();
        if let PhotoCommand::Show = command {
            let Some(id) = self.selected else {
                self.notify(PhotoText::NoTable.tr(lang), true);
                return;
            };
            if self.photo.as_ref().is_none_or(|s| s.table != id) {
                let size = self.live(id).map_or(19, |l| usize::from(l.table.game.size()));
                let size = if [9, 13, 19].contains(&size) { size } else { 19 };
                let mut screen = PhotoScreen::new(id, size);
                // The photo the table's record keeps is shown again, with its corners.
                if let Some(kept) = self.kept_photo(id) {
                    screen.job = Some(PhotoJob::show(kept, self.files.repaint.clone()));
                }
                self.photo = Some(screen);
            }
            self.view = View::Photo;
            return;
        }
        let repaint = self.files.repaint.clone();
        let keep = match &self.place {
            Place::File { path, .. } => Some(Keep::beside(path)),
            _ => None,
        };
        let folder = self.settings.last_folder.clone();
        let Some(screen) = self.photo.as_mut() else { return };
        match command {
            PhotoCommand::Show => {}
            PhotoCommand::Close => self.view = View::Table,
            PhotoCommand::Open(path, corners) => {
                screen.note = None;
                screen.asking_corners = false;
                let title = PhotoText::OpenPhoto.tr(lang).to_string();
                screen.job = Some(PhotoJob::open(
                    path,
                    (title, folder),
                    screen.size,
                    corners,
                    keep,
                    repaint,
                ));
            }
            PhotoCommand::Size(size) => {
                screen.size = size;
                screen.reading = None;
                if let Some(o) = &screen.opened {
                    let photo = Arc::clone(&o.photo);
                    screen.job = Some(PhotoJob::reread(photo, size, screen.corners, repaint));
                }
            }
            PhotoCommand::Corner(i, p, done) => {
                if let Some(c) = screen.corners.as_mut().and_then(|c| c.get_mut(i)) {
                    *c = p;
                }
                if done && !screen.asking_corners {
                    self.photo_reread();
                }
            }
            PhotoCommand::ReadCorners => self.photo_reread(),
            PhotoCommand::Point(p) => self.photo_correct(p),
            PhotoCommand::Count => self.photo_count(now),
        }
    }

    /// Where the photo of table `id`'s record is kept: beside the session file (a relative name),
    /// or where it was opened; `None` when the table has no photo or the file is gone.
    fn kept_photo(&self, id: TableId) -> Option<PathBuf> {
        let record = self.session.table(id)?.game.photo.as_ref()?;
        let file = PathBuf::from(&record.file);
        let path = match (&self.place, file.is_relative()) {
            (Place::File { path, .. } | Place::ReadOnly { path }, true) => path.parent()?.join(file),
            _ => file,
        };
        path.is_file().then_some(path)
    }

    /// Reads the open photo again with the corners drawn.
    fn photo_reread(&mut self) {
        let repaint = self.files.repaint.clone();
        let Some(screen) = self.photo.as_mut() else { return };
        let (Some(o), Some(corners)) = (&screen.opened, screen.corners) else {
            return;
        };
        screen.note = None;
        screen.job = Some(PhotoJob::reread(
            Arc::clone(&o.photo),
            screen.size,
            Some(corners),
            repaint,
        ));
    }

    /// Once per frame: the photo job's steps.
    pub fn photo_poll(&mut self) {
        let Some(screen) = self.photo.as_mut() else { return };
        let Some(job) = screen.job.as_mut() else { return };
        let steps = job.poll();
        for step in steps {
            self.photo_step(step);
        }
    }

    fn photo_step(&mut self, step: Step) {
        let lang = self.lang();
        let Some(screen) = self.photo.as_mut() else { return };
        match step {
            Step::Opened(opened) => {
                if let Some(folder) = opened.path.parent().filter(|f| !f.as_os_str().is_empty()) {
                    self.settings.last_folder = Some(folder.to_path_buf());
                }
                screen.texture = None;
                screen.reading = None;
                screen.corners = None;
                screen.note = opened
                    .not_kept
                    .as_deref()
                    .map(|why| Note::Said(words::not_kept(why, lang)));
                screen.opened = Some(*opened);
            }
            Step::Read(Ok(reading)) => {
                screen.corners = Some(reading.corners);
                screen.asking_corners = false;
                self.photo_read(reading);
            }
            Step::Read(Err(e)) => {
                use crate::photo::PhotoError::{BadCorners, BoardCut, NoBoard};
                if matches!(e, JobError::Photo(NoBoard | BoardCut | BadCorners)) {
                    screen.asking_corners = true;
                    if screen.corners.is_none()
                        && let Some(o) = &screen.opened
                    {
                        let (w, h) = o.photo.original;
                        screen.corners = Some(default_corners(f64::from(w), f64::from(h)));
                    }
                }
                screen.note = Some(Note::Error(e));
            }
            Step::Failed(e) => screen.note = Some(Note::Error(e)),
            Step::Cancelled => {}
            Step::Shown(mut opened) => {
                let record = self.session.table(screen.table).and_then(|t| t.game.photo.as_ref());
                if let Some(r) = record.filter(|r| r.sha256 == opened.sha256) {
                    screen.size = usize::from(r.size);
                    screen.corners = Some(r.corners.map(|(x, y)| Pt::new(x, y)));
                    screen.texture = None;
                    opened.file = r.file.clone();
                    opened.copied = std::path::Path::new(&r.file).is_relative();
                    screen.opened = Some(*opened);
                }
            }
        }
    }

    /// A reading arrived: recorded (`Change::Photo`) with the corrections the table's record of
    /// the same photo carries.
    fn photo_read(&mut self, reading: Reading) {
        let Some(screen) = self.photo.as_mut() else { return };
        let Some(o) = &screen.opened else { return };
        let id = screen.table;
        let size = reading.size as u8;
        let kept = self
            .session
            .table(id)
            .and_then(|t| t.game.photo.as_ref())
            .filter(|r| r.sha256 == o.sha256 && r.size == size)
            .map(|r| r.corrections.clone())
            .unwrap_or_default();
        let record = PhotoRecord {
            file: o.file.clone(),
            sha256: o.sha256.clone(),
            size,
            corners: reading.corners.map(|p| (round1(p.x), round1(p.y))),
            found: reading.found,
            read: rows(size, &reading.stones()),
            corrections: kept,
        };
        screen.reading = Some(reading);
        self.record(
            Role::Arbiter,
            None,
            Change::Photo {
                table: id,
                photo: Box::new(record),
            },
        );
    }

    /// A point of the read position cycled, recorded as a correction (`Change::PhotoPoint`).
    fn photo_correct(&mut self, p: Point) {
        let Some(record) = self.photo_record() else { return };
        let Some(table) = self.photo.as_ref().map(|s| s.table) else {
            return;
        };
        if record.on_board(p).is_err() {
            return;
        }
        let index = usize::from(p.row) * usize::from(record.size) + usize::from(p.col);
        let now = record.stones().get(index).copied().flatten();
        self.record(
            Role::Arbiter,
            None,
            Change::PhotoPoint {
                table,
                point: p,
                stone: cycled(now),
            },
        );
    }

    /// "Count": the position (the read with its corrections) put on the table as setup stones
    /// (one setup node, no moves; a table with no moves on another size gets a new record of the
    /// photo's size), then the table's counting screen opens on it. Under territory rules a
    /// notice says that prisoners cannot be seen in a photo.
    fn photo_count(&mut self, now: Duration) {
        let lang = self.lang();
        let Some(record) = self.photo_record().cloned() else {
            return;
        };
        let Some(id) = self.photo.as_ref().map(|s| s.table) else {
            return;
        };
        if self.session.table(id).is_some_and(|t| t.game.is_confirmed()) {
            self.notify(PhotoText::Locked.tr(lang), true);
            return;
        }
        let Some(live) = self.live_mut(id) else { return };
        let t = live.now(now);
        let put = put_on_table(&mut live.table, &record, t, lang);
        let (sgf, counts, territory) = match put {
            Ok(done) => done,
            Err(refused) => {
                self.notify(refused, true);
                return;
            }
        };
        let note = format!(
            "the position of photo {} as setup stones ({} black, {} white)",
            record.sha256.get(..12).unwrap_or(&record.sha256),
            counts[0],
            counts[1]
        );
        if !self.record(Role::Arbiter, None, Change::Record { table: id, sgf, note }) {
            self.sync(id);
            return;
        }
        if let Some(live) = self.live_mut(id) {
            live.table.apply(Command::EnterCounting, t);
        }
        self.sync(id);
        self.notify(words::counted(id, counts, lang), false);
        if territory {
            self.notify(PhotoText::Prisoners.tr(lang), false);
        }
        self.selected = Some(id);
        self.view = View::Table;
    }
}

/// Puts `record`'s position on `table` as setup stones at its record's end (a table with no
/// moves on another size gets a new record of the photo's size, its players and rules kept): the
/// record's SGF, the stones of each colour, and whether the rules count territory. Refused in
/// words: a record with moves on another size.
fn put_on_table(
    table: &mut crate::ui::table::Table,
    record: &PhotoRecord,
    t: Duration,
    lang: crate::ui::i18n::Lang,
) -> Result<(String, [usize; 2], bool), String> {
    if table.counting.is_some() {
        table.apply(Command::LeaveCounting, t);
    }
    let game = &mut table.game;
    game.goto_main_line_end();
    if game.size() != record.size {
        if !game.moves().is_empty() {
            return Err(words::size_differs(game.size(), record.size, lang));
        }
        let preset = game.preset.unwrap_or(crate::rules::Preset::Chinese2002);
        let mut fresh = crate::game::Game::new(record.size, preset).map_err(|e| e.to_string())?;
        fresh.info = game.info.clone();
        fresh.rules = game.rules.clone();
        *game = fresh;
    }
    let stones = record.stones();
    let n = usize::from(record.size);
    for (i, stone) in stones.iter().enumerate() {
        let p = Point::new((i % n) as u8, (i / n) as u8);
        if game.board().get(p) != *stone {
            // The point is on the board: an edit there cannot fail.
            let _ = game.edit(p, *stone);
        }
    }
    let counts = [Color::Black, Color::White].map(|c| stones.iter().filter(|s| **s == Some(c)).count());
    let territory = game.rules.counting == crate::rules::Counting::Territory;
    Ok((crate::sgf::write_string(game), counts, territory))
}

/// A pixel coordinate kept to a tenth.
fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}
