//! Reading a scene or mesh file as text, within a bound on its size.
//!
//! A file is read whole before it is parsed, so without a bound a wrong file — a video dropped
//! on the window, a multi-gigabyte OBJ export, `/dev/zero` — would fill memory before any
//! message could say what is wrong. Reading stops one byte past the bound instead. A file that
//! is not UTF-8 is refused with the line and column where its text stops being text.

use std::fmt;
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The most bytes a kind of file may hold, and the kind's name for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeLimit {
    pub bytes: u64,
    pub what: &'static str,
}

/// The largest valid scene, two polyhedra of
/// [`POLYHEDRON_POINTS_MAX`](crate::geometry3::POLYHEDRON_POINTS_MAX) points written at full
/// precision, takes under 2 MiB, so this leaves room for any comments.
pub const SCENE_FILE: SizeLimit = SizeLimit {
    bytes: 16 << 20,
    what: "a scene file",
};

/// A mesh of [`MESH_VERTICES_MAX`](crate::geometry3::MESH_VERTICES_MAX) vertices with a normal
/// and a texture coordinate each and twice as many faces takes about 30 MiB.
pub const MESH_FILE: SizeLimit = SizeLimit {
    bytes: 256 << 20,
    what: "an OBJ file",
};

/// Why a file could not be read as text.
#[derive(Debug)]
pub enum TextFileError {
    /// Opening or reading failed (missing, a directory, no permission, …).
    Io(std::io::Error),
    /// The file holds more than the limit allows.
    TooLarge(SizeLimit),
    /// The bytes stop being UTF-8 at this 1-based line and column.
    NotText {
        line: usize,
        column: usize,
        byte: u8,
    },
}

impl fmt::Display for TextFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextFileError::Io(e) => write!(f, "{e}"),
            TextFileError::TooLarge(SizeLimit { bytes, what }) => {
                let size = match bytes.trailing_zeros() {
                    20.. => format!("{} MiB", bytes >> 20),
                    _ => format!("{bytes} bytes"),
                };
                write!(f, "larger than {size}, the most {what} may hold")
            }
            TextFileError::NotText { line, column, byte } => write!(
                f,
                "not a text file: byte {byte:#04x} at line {line}, column {column} is not UTF-8"
            ),
        }
    }
}

/// The text of the file at `path`, if it is UTF-8 within `limit`.
pub fn read_text(path: &Path, limit: SizeLimit) -> Result<String, TextFileError> {
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| {
            file.take(limit.bytes.saturating_add(1))
                .read_to_end(&mut bytes)
        })
        .map_err(TextFileError::Io)?;
    if bytes.len() as u64 > limit.bytes {
        return Err(TextFileError::TooLarge(limit));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let end = e.utf8_error().valid_up_to();
        // Everything before `end` is UTF-8, so the column counts its characters.
        let text = String::from_utf8_lossy(&bytes[..end]);
        let line_start = text.rfind('\n').map_or(0, |i| i + 1);
        TextFileError::NotText {
            line: text.matches('\n').count() + 1,
            column: text[line_start..].chars().count() + 1,
            byte: bytes[end],
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("gjkviz-text-file-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    fn at_most(bytes: u64) -> SizeLimit {
        SizeLimit {
            bytes,
            what: "a test file",
        }
    }

    #[test]
    fn a_file_up_to_the_limit_is_read_and_one_byte_more_is_refused() {
        let path = written("limit", "ab\u{2212}".as_bytes()); // 5 bytes
        assert_eq!(read_text(&path, at_most(5)).unwrap(), "ab\u{2212}");
        let err = read_text(&path, at_most(4)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "larger than 4 bytes, the most a test file may hold"
        );
        std::fs::remove_file(path).unwrap();
    }

    /// The place is the first byte that is not UTF-8, counted in characters, not bytes.
    #[test]
    fn bytes_that_are_not_utf8_are_refused_with_their_place() {
        let path = written("binary", b"(\n  \xe2\x88\x92 \x89PNG");
        let err = read_text(&path, at_most(100)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "not a text file: byte 0x89 at line 2, column 5 is not UTF-8"
        );
        std::fs::remove_file(path).unwrap();
    }

    /// An endless source is cut at the limit, not read until memory runs out.
    #[cfg(unix)]
    #[test]
    fn an_endless_file_is_refused_at_the_limit() {
        let err = read_text(Path::new("/dev/zero"), at_most(1 << 20)).unwrap_err();
        assert_eq!(
            err.to_string(),
            "larger than 1 MiB, the most a test file may hold"
        );
    }
}
