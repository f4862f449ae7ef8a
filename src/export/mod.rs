//! Exports for the organiser: SGF with times and incidents, CSV results, standings, EGF and OpenGotha files, PNG diagram and result slip.
