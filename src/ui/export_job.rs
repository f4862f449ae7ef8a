//! Exports of a round or a game run on a worker thread, with progress for the window's bar.
