//! Small forms that ask for a reason: clock corrections, lateness, adjournment, incidents.
