//! What the window shows of saving (`session::saver`): the saver's events as notices (once when
//! saving fails, once when it works again), how many changes are held unsaved, and the saver
//! started so that its events repaint the window.

use super::{Place, Workstation};
use crate::session::Store;
use crate::session::saver::{SaveEvent, Saver};
use crate::ui::i18n::Msg;

impl Workstation {
    /// Starts the saving thread for `store`; its events wake the window.
    pub(super) fn spawn_saver(&self, store: Store) -> Saver {
        let repaint = self.files.repaint.clone();
        Saver::spawn_waking(
            store,
            Box::new(move || {
                if let Some(ctx) = &repaint {
                    ctx.request_repaint();
                }
            }),
        )
    }

    /// The saver's events since the last frame, as notices.
    pub(super) fn saver_events(&mut self) {
        let Place::File { saver, path } = &self.place else {
            return;
        };
        let lang = self.lang();
        let notices: Vec<(String, bool)> = saver
            .events()
            .into_iter()
            .map(|event| match event {
                SaveEvent::Failed(e) => (Msg::SavingFailed(path, &e).text(lang), true),
                SaveEvent::SavedAgain => (Msg::SavedAgain(path).text(lang), false),
                SaveEvent::JournalRewritten(n) => (Msg::JournalRewritten(path, n).text(lang), true),
            })
            .collect();
        for (text, error) in notices {
            self.notify(text, error);
        }
    }

    /// Tries to save at once what is held: a snapshot holds every change.
    pub fn retry_saving(&self) {
        if let Place::File { saver, .. } = &self.place {
            saver.snapshot(&self.session);
        }
    }

    /// How many changes are held unsaved because saving fails (`None` while saving works; a
    /// change in flight for a few milliseconds is not counted as held).
    pub fn unsaved(&self) -> Option<u64> {
        match &self.place {
            Place::File { saver, .. } if saver.failing() => Some(saver.held()),
            _ => None,
        }
    }
}
