//! A session opened read-only because another process has it open for writing
//! (`session::lock`): shown as it was read, every change refused with a notice (`Place::ReadOnly`).

use std::path::PathBuf;

use super::{Place, Workstation};
use crate::session::store::Loaded;
use crate::ui::i18n::Msg;

impl Workstation {
    /// Shows `loaded` read-only: no saver, no downtime charged (the writer's window keeps its
    /// clocks), the notice naming the process that writes the file.
    pub(super) fn opened_read_only(&mut self, path: PathBuf, pid: Option<u32>, program: &str, loaded: Loaded) {
        self.close_place();
        self.notify(Msg::OpenedReadOnly(&path, pid, program).text(self.lang()), true);
        self.session = loaded.session;
        self.place = Place::ReadOnly { path };
        self.selected = None;
        self.rebuild(&[]);
    }
}
