//! KataGo asked on the counting screen: once per counting, on a worker thread, after the built-in
//! guess is shown. Its answer replaces the built-in suggestion while the arbiter has not touched
//! the marks; once they have, it is offered instead (a button), never put over their marks. A
//! missing or failing engine leaves the built-in guess and is told once, as a notice.

use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::katago::{self, KataGoError};
use crate::scoring::Marks;
use crate::ui::counting::{Counting, Refusal, Suggested, Suggestion};

/// Where the counting stands with KataGo.
#[derive(Debug, Default)]
pub enum EngineAsk {
    /// Not asked yet: asked when the counting is first drawn.
    #[default]
    NotAsked,
    /// Not asked: no KataGo in the settings or on PATH when the counting was first drawn (a
    /// program named later is asked by the next counting, never with a half-typed path).
    Off,
    Pending(Receiver<Result<Suggested, KataGoError>>),
    /// KataGo's suggestion is the one shown.
    Used,
    /// KataGo answered after the arbiter had changed the marks: offered, not applied.
    Offered(Suggested),
    /// KataGo gave no guess (the notice says why); the built-in guess stays.
    Failed,
}

impl Counting {
    /// Asks KataGo (`settings`; `None`: not at all) on a worker thread the first time (the first
    /// frame that draws the counting), then takes
    /// its answer when it has come: the suggestion replaced, or offered when the marks were
    /// changed meanwhile. Returns KataGo's error once, when it failed, for the window's notice.
    pub fn ask_engine(
        &mut self,
        settings: Option<&katago::Settings>,
        repaint: Option<&egui::Context>,
    ) -> Option<KataGoError> {
        if let EngineAsk::NotAsked = self.engine {
            self.engine = match settings {
                Some(settings) => self.start_engine(settings.clone(), repaint.cloned()),
                None => EngineAsk::Off,
            };
        }
        let EngineAsk::Pending(rx) = &self.engine else {
            return None;
        };
        let answer = match rx.try_recv() {
            Err(TryRecvError::Empty) => return None,
            Ok(answer) => answer,
            Err(TryRecvError::Disconnected) => Err(KataGoError::Crashed {
                status: "its thread ended without an answer".to_string(),
                stderr: Vec::new(),
            }),
        };
        match answer {
            Ok(suggested) if self.marks_untouched() => {
                self.suggestion = Suggestion::Ready(suggested);
                self.engine = EngineAsk::Used;
                None
            }
            Ok(suggested) => {
                self.engine = EngineAsk::Offered(suggested);
                None
            }
            Err(e) => {
                self.engine = EngineAsk::Failed;
                Some(e)
            }
        }
    }

    /// The arbiter takes KataGo's offered suggestion: it becomes the suggestion shown, to be
    /// accepted (or not) like any other; the marks stay as they are.
    pub fn take_engine_offer(&mut self) -> Result<(), Refusal> {
        if self.locked() {
            return Err(Refusal::Locked);
        }
        match std::mem::take(&mut self.engine) {
            EngineAsk::Offered(suggested) => {
                self.suggestion = Suggestion::Ready(suggested);
                self.accepted = false;
                self.engine = EngineAsk::Used;
                Ok(())
            }
            other => {
                self.engine = other;
                Err(Refusal::SuggestionNotReady)
            }
        }
    }

    /// No mark changed since counting began, and no suggestion accepted.
    fn marks_untouched(&self) -> bool {
        !self.accepted && self.marks == Marks::new(self.board())
    }

    fn start_engine(&self, settings: katago::Settings, repaint: Option<egui::Context>) -> EngineAsk {
        let (tx, rx) = mpsc::channel();
        let board = self.counted.board.clone();
        let record = self.record.clone();
        let to_move = self.counted.to_move;
        let spawned = std::thread::Builder::new().name("katago".to_string()).spawn(move || {
            let answer = katago::guess_once(&settings, &board, &record, to_move).map(|guess| Suggested {
                dead: guess.dead(),
                unsettled: guess.unsettled(),
            });
            let _ = tx.send(answer);
            if let Some(ctx) = repaint {
                ctx.request_repaint();
            }
        });
        match spawned {
            Ok(_) => EngineAsk::Pending(rx),
            Err(_) => EngineAsk::Failed,
        }
    }
}
