//! The workstation: a session with its tables live, the sidebar's commands, and saving off the UI thread.
