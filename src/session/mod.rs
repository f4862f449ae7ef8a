//! Sessions on disk: the tournament day (event, rounds, tables, players, games), stored as RON.
