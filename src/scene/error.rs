//! Errors that point at the problem: file, line, column, the offending line, and what was
//! expected.

use std::fmt;

/// A scene that could not be read, checked or written.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line and column, where the problem has a place in the text.
    pub position: Option<(usize, usize)>,
    /// The text of that line, for showing a caret under the column.
    pub source_line: Option<String>,
    pub message: String,
}

impl SceneError {
    pub fn new(file: &str, message: impl Into<String>) -> Self {
        SceneError {
            file: file.to_string(),
            position: None,
            source_line: None,
            message: message.into(),
        }
    }

    /// The error with its source line and a caret under the column, as a multi-line text.
    pub fn with_caret(&self) -> String {
        match (&self.source_line, self.position) {
            (Some(line), Some((_, col))) => {
                let pad: String = line
                    .chars()
                    .take(col.saturating_sub(1))
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                format!("{self}\n    {line}\n    {pad}^")
            }
            _ => self.to_string(),
        }
    }
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.position {
            Some((line, col)) => write!(f, "{}:{line}:{col}: {}", self.file, self.message),
            None => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for SceneError {}
