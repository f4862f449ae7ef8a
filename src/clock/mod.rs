//! The game clock: time controls as data and a two-sided clock advanced by the Duration it is given.
