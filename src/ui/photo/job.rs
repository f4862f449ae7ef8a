//! The photo screen's work off the UI thread: the photo chosen (rfd's dialog awaited, or a typed
//! path), read from disk, hashed (SHA-256), decoded, copied beside the session, then the board
//! found and read (`crate::photo`); a re-read after the corners moved. The thread sends each step
//! back and asks for a frame; the window polls, never waits.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Instant;

use crate::photo::{Photo, PhotoError, Pt, Reading};
use crate::ui::workstation::files::Chosen;

/// Why the job gave no photo.
#[derive(Clone, Debug, PartialEq)]
pub enum JobError {
    /// The file could not be read.
    Read { path: String, message: String },
    /// The reader's refusal (not an image, no board, the board cut, ...).
    Photo(PhotoError),
    /// No file dialog service: a path is typed instead.
    NoDialog,
    /// The thread ended before its last step.
    Stopped,
}

/// A photo opened: where from, its hash, where it is kept, and its pixels.
#[derive(Clone)]
pub struct Opened {
    pub path: PathBuf,
    pub sha256: String,
    /// What the record names: the copy beside the session (relative to its folder), or the path
    /// opened when there is no session file.
    pub file: String,
    /// Copied beside the session (else: `file` is where it was opened).
    pub copied: bool,
    /// Why the copy failed, if it did.
    pub not_kept: Option<String>,
    pub photo: Arc<Photo>,
    /// The working pixels for the window's texture.
    pub image: Arc<egui::ColorImage>,
}

/// One step of the job.
pub enum Step {
    Opened(Box<Opened>),
    /// The board read (corners found or given), or why not.
    Read(Result<Reading, JobError>),
    Failed(JobError),
    Cancelled,
    /// A photo shown again (the one the table's record keeps), not read.
    Shown(Box<Opened>),
}

/// Where the photo goes beside the session file: its folder, and the name the record gives it
/// relative to the session's folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keep {
    pub folder: PathBuf,
    /// `day-photos`, for `day.ron`.
    pub sub: String,
}

impl Keep {
    /// Photos of the session file `session` go to `<its folder>/<its name>-photos/`.
    pub fn beside(session: &Path) -> Keep {
        let stem = session
            .file_stem()
            .map_or_else(|| "session".to_string(), |s| s.to_string_lossy().into_owned());
        Keep {
            folder: session.parent().map(Path::to_path_buf).unwrap_or_default(),
            sub: format!("{stem}-photos"),
        }
    }
}

/// A job under way.
pub struct PhotoJob {
    rx: Receiver<Step>,
    pub finished: bool,
}

/// The SHA-256 of `bytes` in hexadecimal.
pub fn sha256_hex(bytes: &[u8]) -> String {
    crate::tournament::source::sha256_hex(bytes)
}

/// The working photo as an image for the window.
pub fn color_image(photo: &Photo) -> egui::ColorImage {
    let mut pixels = Vec::with_capacity(photo.width * photo.height);
    for y in 0..photo.height {
        for x in 0..photo.width {
            let [r, g, b] = photo.pixel(x, y);
            pixels.push(egui::Color32::from_rgb(r as u8, g as u8, b as u8));
        }
    }
    egui::ColorImage::new([photo.width, photo.height], pixels)
}

/// Copies `bytes` to `keep`'s folder as `<sha256>.<ext>` (through a temporary file synced, then
/// renamed into place; a copy already there is kept); the record's name for it.
fn keep_copy(keep: &Keep, sha256: &str, ext: &str, bytes: &[u8]) -> Result<String, String> {
    let name = format!("{sha256}.{ext}");
    let dir = keep.folder.join(&keep.sub);
    let path = dir.join(&name);
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    if !path.exists() {
        std::fs::create_dir_all(&dir).map_err(io)?;
        let tmp = dir.join(format!("{name}.tmp"));
        // Whole on disk before it takes its name: a crash leaves a stray .tmp, never a torn copy.
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        std::io::Write::write_all(&mut file, bytes).map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&tmp, &path).map_err(io)?;
    }
    Ok(format!("{}/{name}", keep.sub))
}

/// Opens the photo at `path`: read, hashed, decoded, kept.
fn open(path: PathBuf, keep: Option<&Keep>) -> Result<Opened, JobError> {
    let bytes = std::fs::read(&path).map_err(|e| JobError::Read {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    let sha256 = sha256_hex(&bytes);
    let photo = Photo::decode(&bytes).map_err(JobError::Photo)?;
    let ext = path
        .extension()
        .map_or_else(|| "img".to_string(), |e| e.to_string_lossy().to_lowercase());
    let (file, copied, not_kept) = match keep.map(|k| keep_copy(k, &sha256, &ext, &bytes)) {
        Some(Ok(file)) => (file, true, None),
        Some(Err(why)) => (path.display().to_string(), false, Some(why)),
        None => (path.display().to_string(), false, None),
    };
    let image = Arc::new(color_image(&photo));
    Ok(Opened {
        path,
        sha256,
        file,
        copied,
        not_kept,
        photo: Arc::new(photo),
        image,
    })
}

/// Reads the board of `size` in `photo`, with `corners` (the photo's pixels) or found.
fn read(photo: &Photo, size: usize, corners: Option<[Pt; 4]>) -> Result<Reading, JobError> {
    crate::photo::read_photo(photo, size, corners).map_err(JobError::Photo)
}

impl PhotoJob {
    fn spawn(repaint: Option<egui::Context>, work: impl FnOnce(&dyn Fn(Step) -> bool) + Send + 'static) -> PhotoJob {
        let (tx, rx) = mpsc::channel();
        let spawned = std::thread::Builder::new().name("photo".to_string()).spawn(move || {
            let send = |step: Step| {
                let sent = tx.send(step).is_ok();
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
                sent
            };
            work(&send);
        });
        PhotoJob {
            rx,
            finished: spawned.is_err(),
        }
    }

    /// Opens a photo (`path` typed, or chosen in a dialog titled `title` starting in `folder`)
    /// and reads its `size` board, with `corners` or found.
    pub fn open(
        path: Option<PathBuf>,
        dialog: (String, Option<PathBuf>),
        size: usize,
        corners: Option<[Pt; 4]>,
        keep: Option<Keep>,
        repaint: Option<egui::Context>,
    ) -> PhotoJob {
        let chosen = match path {
            Some(path) => Chosen::Path(path),
            None => {
                let (title, folder) = dialog;
                let mut d = rfd::AsyncFileDialog::new()
                    .set_title(title)
                    .add_filter("JPEG, PNG", &["jpg", "jpeg", "png", "JPG", "JPEG", "PNG"]);
                if let Some(folder) = folder {
                    d = d.set_directory(folder);
                }
                Chosen::Dialog(Box::pin(d.pick_file()), Instant::now())
            }
        };
        PhotoJob::spawn(repaint, move |send| {
            let path = match chosen.wait() {
                Ok(Some(path)) => path,
                Ok(None) => {
                    send(Step::Cancelled);
                    return;
                }
                Err(()) => {
                    send(Step::Failed(JobError::NoDialog));
                    return;
                }
            };
            match open(path, keep.as_ref()) {
                Ok(opened) => {
                    let photo = Arc::clone(&opened.photo);
                    if send(Step::Opened(Box::new(opened))) {
                        send(Step::Read(read(&photo, size, corners)));
                    }
                }
                Err(e) => {
                    send(Step::Failed(e));
                }
            }
        })
    }

    /// Shows the photo kept at `path` again (decoded, not read: the table's record has its
    /// reading).
    pub fn show(path: PathBuf, repaint: Option<egui::Context>) -> PhotoJob {
        PhotoJob::spawn(repaint, move |send| {
            send(match open(path, None) {
                Ok(opened) => Step::Shown(Box::new(opened)),
                Err(e) => Step::Failed(e),
            });
        })
    }

    /// Reads `photo`'s `size` board again with `corners` (the photo's pixels).
    pub fn reread(
        photo: Arc<Photo>,
        size: usize,
        corners: Option<[Pt; 4]>,
        repaint: Option<egui::Context>,
    ) -> PhotoJob {
        PhotoJob::spawn(repaint, move |send| {
            send(Step::Read(read(&photo, size, corners)));
        })
    }

    /// The steps done since the last poll (a thread that ended early says `Stopped`).
    pub fn poll(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        while !self.finished {
            match self.rx.try_recv() {
                Ok(step) => {
                    self.finished = !matches!(step, Step::Opened(_));
                    steps.push(step);
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    steps.push(Step::Failed(JobError::Stopped));
                    self.finished = true;
                }
            }
        }
        steps
    }
}
