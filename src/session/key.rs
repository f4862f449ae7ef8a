//! The chain key: a secret made when the event is created and kept outside the session file
//! (in the chief arbiter's settings folder), with which the head of the audit chain and every
//! journal line are sealed (HMAC-SHA256) and each confirmed result's verification code is made.
//! A file edited without the key keeps a hash chain anyone can recompute, but not its seals.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};
use thiserror::Error;

/// The secret. Its bytes come from the edge (the operating system's generator, in the shell).
#[derive(Clone, PartialEq, Eq)]
pub struct ChainKey([u8; 32]);

impl std::fmt::Debug for ChainKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChainKey({})", self.id())
    }
}

/// What a key file starts with.
const HEADER: &str = "go-arbiter chain key 1";

/// A key file that does not read, or a key folder that cannot be used.
#[derive(Debug, Error)]
pub enum KeyError {
    #[error("{}: {source}", .path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error("{}: not a go-arbiter chain key file (it starts with \"{HEADER}\" and 64 hex digits)", .path.display())]
    NotAKey { path: PathBuf },
    #[error("the key for this session ({id}) is not in {}", .dir.display())]
    Missing { id: String, dir: PathBuf },
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl ChainKey {
    pub fn from_bytes(bytes: [u8; 32]) -> ChainKey {
        ChainKey(bytes)
    }

    /// The key's public name (16 hex digits), written in the session file: which key seals it.
    pub fn id(&self) -> String {
        let mut h = Sha256::new();
        h.update(b"go-arbiter chain key id\n");
        h.update(self.0);
        hex(&h.finalize()[..8])
    }

    /// HMAC-SHA256 of `text` under this key.
    pub fn mac(&self, text: &[u8]) -> [u8; 32] {
        // A key of any length is accepted by HMAC; 32 bytes cannot fail.
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.0) else {
            return [0; 32];
        };
        mac.update(text);
        mac.finalize().into_bytes().into()
    }

    /// The key file's text.
    pub fn to_text(&self) -> String {
        format!("{HEADER}\n{}\n{}\n", self.id(), hex(&self.0))
    }

    /// Reads a key file's text (`path` only names it in the error).
    pub fn parse(text: &str, path: &Path) -> Result<ChainKey, KeyError> {
        let bad = || KeyError::NotAKey {
            path: path.to_path_buf(),
        };
        let mut lines = text.lines().map(str::trim);
        if lines.next() != Some(HEADER) {
            return Err(bad());
        }
        let digits = lines.find(|l| l.len() == 64).ok_or_else(bad)?;
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = digits
                .get(2 * i..2 * i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .ok_or_else(bad)?;
        }
        Ok(ChainKey(bytes))
    }

    /// Reads a key file.
    pub fn read(path: &Path) -> Result<ChainKey, KeyError> {
        let text = fs::read_to_string(path).map_err(|source| KeyError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        ChainKey::parse(&text, path)
    }

    /// Writes the key file at `path` (a temporary file renamed: never half a key).
    pub fn write(&self, path: &Path) -> Result<(), KeyError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| KeyError::Io { path, source }
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(io(dir))?;
        }
        let tmp = path.with_extension("key.tmp");
        fs::write(&tmp, self.to_text()).map_err(io(&tmp))?;
        fs::rename(&tmp, path).map_err(io(path))
    }
}

/// The file of key `id` in the folder `dir` (the chief arbiter's settings folder, `keys/`).
pub fn key_path(dir: &Path, id: &str) -> PathBuf {
    dir.join("keys").join(format!("{id}.key"))
}

/// Finds key `id` in the folder `dir`.
pub fn find(dir: &Path, id: &str) -> Result<ChainKey, KeyError> {
    let path = key_path(dir, id);
    match ChainKey::read(&path) {
        Err(KeyError::Io { source, .. }) if source.kind() == io::ErrorKind::NotFound => Err(KeyError::Missing {
            id: id.to_string(),
            dir: dir.join("keys"),
        }),
        other => other,
    }
}

/// Keeps `key` in the folder `dir`; returns its file.
pub fn keep(dir: &Path, key: &ChainKey) -> Result<PathBuf, KeyError> {
    let path = key_path(dir, &key.id());
    key.write(&path)?;
    Ok(path)
}

/// The seal of audit entry `seq` with hash `hash`: the key's MAC of both, 32 hex digits. The
/// head's seal in the snapshot and each journal line's seal vouch for the chain up to them.
pub fn seal(key: &ChainKey, seq: u64, hash: &str) -> String {
    hex(&key.mac(format!("seal\n{seq}\n{hash}").as_bytes())[..16])
}

/// Crockford's base 32 (no I, L, O, U): read aloud and typed back without doubt.
const CODE_DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A verification code: the first 50 bits of `digest` as ten base-32 digits, `XXXXX-XXXXX`.
pub fn code_text(digest: &[u8]) -> String {
    let mut bits: u64 = 0;
    for b in digest.iter().take(8) {
        bits = (bits << 8) | u64::from(*b);
    }
    let mut out = String::with_capacity(11);
    for i in 0..10 {
        if i == 5 {
            out.push('-');
        }
        let digit = (bits >> (64 - 5 * (i + 1))) & 31;
        out.push(char::from(CODE_DIGITS[digit as usize]));
    }
    out
}

/// A code as typed: upper case, without spaces or dashes, O read as 0 and I, L as 1.
pub fn normalise_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect()
}
