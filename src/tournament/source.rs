//! The organiser's file read from disk: its text, its SHA-256 (hex), and the tournament it holds; the one error type of an import from a file.

use std::path::Path;

use sha2::{Digest, Sha256};
use thiserror::Error;

use crate::session::PairingFile;

use super::import::ImportError;
use super::opengotha::{self, OgTournament, OpenGothaError};
use super::players_csv::CsvError;

/// Why a file could not be imported.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SourceError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("{path} is not UTF-8 text")]
    NotUtf8 { path: String },
    #[error("{path}: {source}")]
    OpenGotha { path: String, source: OpenGothaError },
    #[error("{0}")]
    Import(#[from] ImportError),
    #[error("{path}: {source}")]
    Csv { path: String, source: CsvError },
}

/// The SHA-256 of `bytes`, as lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// A file's text (UTF-8), and what the session records of it.
pub fn read_text(path: &Path) -> Result<(String, PairingFile), SourceError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| SourceError::Io {
        path: shown.clone(),
        message: e.to_string(),
    })?;
    let file = PairingFile {
        path: shown.clone(),
        sha256: sha256_hex(&bytes),
    };
    let text = String::from_utf8(bytes).map_err(|_| SourceError::NotUtf8 { path: shown })?;
    Ok((text, file))
}

/// An OpenGotha file read and parsed.
pub fn read_opengotha(path: &Path) -> Result<(OgTournament, PairingFile), SourceError> {
    let (text, file) = read_text(path)?;
    let tournament = opengotha::read(&text).map_err(|source| SourceError::OpenGotha {
        path: file.path.clone(),
        source,
    })?;
    Ok((tournament, file))
}
