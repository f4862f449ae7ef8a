//! A round's results table and the standings with their tie-breaks and warnings per player.
