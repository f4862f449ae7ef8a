//! The chief arbiter's passphrase hashed and checked on a worker thread (argon2 is slow on
//! purpose, a fraction of a second, and the window never waits for it): the action waits with
//! its table until the answer comes, the gate (`session::chief::Gate`) counts the answer, and the
//! action is then given to its table or refused there.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;

use super::Workstation;
use crate::session::chief::{self, ChiefError};
use crate::session::{Change, Role, TableId};
use crate::ui::i18n::Text;
use crate::ui::i18n::errors::chief_error;
use crate::ui::table::Command;

/// A passphrase job under way.
pub enum ChiefJob {
    /// The passphrase typed with `command` at `table` is being checked.
    Check {
        table: TableId,
        command: Command,
        answer: Receiver<Result<bool, ChiefError>>,
    },
    /// The passphrase being set is being hashed.
    Set {
        answer: Receiver<Result<String, ChiefError>>,
    },
}

impl Workstation {
    /// Runs `work` on a worker thread; its answer wakes the window.
    fn chief_worker<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Receiver<T> {
        let (send, answer) = mpsc::channel();
        let repaint = self.files.repaint.clone();
        let spawned = std::thread::Builder::new()
            .name("chief-passphrase".to_string())
            .spawn(move || {
                let _ = send.send(work());
                if let Some(ctx) = repaint {
                    ctx.request_repaint();
                }
            });
        // Without a thread the receiver says so at once (disconnected): the job is refused.
        drop(spawned);
        answer
    }

    /// Starts checking `passphrase` for `command` at `table`; `Err` with the words to show there
    /// when no check is started (the gate waits, no passphrase is set, a check is under way).
    pub(super) fn check_chief(
        &mut self,
        table: TableId,
        command: &Command,
        passphrase: String,
        now: Duration,
    ) -> Result<(), String> {
        let lang = self.lang();
        if self.chief_job.is_some() {
            return Err(Text::CheckingPassphrase.tr(lang).to_string());
        }
        let phc = self.session.trust.chief.clone().ok_or(ChiefError::NotSet);
        let phc = phc
            .and_then(|phc| self.chief_gate.open_at(now).map(|()| phc))
            .map_err(|e| chief_error(&e, lang))?;
        let answer = self.chief_worker(move || chief::matches(&phc, &passphrase));
        self.chief_job = Some(ChiefJob::Check {
            table,
            command: command.clone(),
            answer,
        });
        Ok(())
    }

    /// Starts hashing the passphrase being set (a salt from the system's generator).
    pub(super) fn set_chief_passphrase(&mut self, passphrase: String) {
        let hasher = self.chief_hasher.clone();
        let answer = self.chief_worker(move || {
            let mut salt = [0u8; 16];
            getrandom::fill(&mut salt)
                .map_err(|e| ChiefError::Hashing(e.to_string()))
                .and_then(|()| hasher.hash(&passphrase, salt))
        });
        self.chief_job = Some(ChiefJob::Set { answer });
    }

    /// The answer of the job under way, when it has come: the action given to its table or
    /// refused there, the hash recorded.
    pub(super) fn chief_answers(&mut self, now: Duration) {
        let lang = self.lang();
        match self.chief_job.take() {
            None => {}
            Some(ChiefJob::Check { table, command, answer }) => match answer.try_recv() {
                Err(TryRecvError::Empty) => self.chief_job = Some(ChiefJob::Check { table, command, answer }),
                result => {
                    let verdict = result
                        .unwrap_or_else(|_| Err(ChiefError::Hashing("the checking thread stopped".to_string())))
                        .and_then(|matched| self.chief_gate.settle(matched, now));
                    match verdict {
                        Ok(()) => {
                            if let Some(l) = self.live_mut(table) {
                                let t = l.now(now);
                                l.table.apply(command, t);
                            }
                            self.sync(table);
                        }
                        Err(e) => {
                            if let Some(l) = self.live_mut(table) {
                                l.table.message = Some(chief_error(&e, lang));
                            }
                        }
                    }
                }
            },
            Some(ChiefJob::Set { answer }) => match answer.try_recv() {
                Err(TryRecvError::Empty) => self.chief_job = Some(ChiefJob::Set { answer }),
                Ok(Ok(phc)) => {
                    self.record(Role::ChiefArbiter, None, Change::ChiefPassphrase { phc });
                }
                Ok(Err(e)) => self.notify(chief_error(&e, lang), true),
                Err(TryRecvError::Disconnected) => {
                    let e = ChiefError::Hashing("the hashing thread stopped".to_string());
                    self.notify(chief_error(&e, lang), true);
                }
            },
        }
    }

    /// A passphrase is being hashed or checked.
    pub fn chief_busy(&self) -> bool {
        self.chief_job.is_some()
    }
}
