//! Native file dialogs (rfd) on a worker thread; when no dialog service exists, the app says so.
