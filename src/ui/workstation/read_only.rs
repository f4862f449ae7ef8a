//! A session opened read-only because another process has it open for writing
//! (`session::lock`) or its folder cannot be written (a read-only file system, no permission):
//! shown as it was read, every change refused with a notice (`Place::ReadOnly`).

use std::path::PathBuf;

use super::{Place, Workstation};
use crate::session::StoreError;
use crate::session::store::Loaded;
use crate::ui::i18n::Msg;

impl Workstation {
    /// Shows `loaded` read-only: no saver, no downtime charged (the writer's window keeps its
    /// clocks), the notice naming the process that writes the file, or why its folder cannot be
    /// written.
    pub(super) fn opened_read_only(&mut self, path: PathBuf, why: &StoreError, loaded: Loaded) {
        self.close_place();
        let notice = match why {
            StoreError::Locked { pid, program, .. } => Msg::OpenedReadOnly(&path, *pid, program),
            other => Msg::OpenedReadOnlyUnwritable(&path, other),
        };
        self.notify(notice.text(self.lang()), true);
        self.session = loaded.session;
        self.place = Place::ReadOnly { path };
        self.selected = None;
        self.rebuild(&[]);
    }
}
