//! The session sidebar: rounds, tables with players, state and both clocks live; players and ranks.
