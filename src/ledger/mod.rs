//! The penalty ledger: offences and sanctions per rule edition, incidents, consequences.
