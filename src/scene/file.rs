//! Reading and writing scene files.

use std::fs;
use std::io::Write;
use std::path::Path;

use serde::Serialize;

use super::text_file::{SCENE_FILE, read_text};
use super::{Scene, SceneError};

/// Parses and checks a 2D scene; `file` names it in errors.
pub fn parse_scene(text: &str, file: &str) -> Result<Scene, SceneError> {
    super::dimension::parse_2d(text, file)
}

/// Parses RON into any scene type, with errors placed at the offending value.
pub(crate) fn parse_ron<T: serde::de::DeserializeOwned>(
    text: &str,
    file: &str,
) -> Result<T, SceneError> {
    ron::from_str::<T>(text).map_err(|e| {
        let pos = e.span.start;
        let mut line_col = (pos.line.max(1), pos.col.max(1));
        if let ron::Error::Message(message) = &e.code {
            line_col = super::locate::offending_value(text, line_col, message).unwrap_or(line_col);
        }
        let (line, col) = line_col;
        SceneError {
            file: file.to_string(),
            position: Some((line, col)),
            source_line: text.lines().nth(line - 1).map(str::to_string),
            message: describe(&e.code),
        }
    })
}

/// ron's messages, made to read as "what was expected" where they do not already.
fn describe(code: &ron::Error) -> String {
    match code {
        ron::Error::Eof => "unexpected end of file: the scene is incomplete".to_string(),
        ron::Error::NoSuchStructField { found, outer, .. }
            if found == "edge_normal" && outer.as_deref() == Some("Settings3") =>
        {
            format!(
                "{other} (edge_normal is a 2D setting: a 3D polytope's faces take their normals from their winding)",
                other = code
            )
        }
        other => other.to_string(),
    }
}

/// Reads, parses and checks a scene file.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let name = path.display().to_string();
    parse_scene(&read_scene_text(path, &name)?, &name)
}

/// The text of the scene file at `path` (named `name` in errors), within [`SCENE_FILE`].
pub(crate) fn read_scene_text(path: &Path, name: &str) -> Result<String, SceneError> {
    read_text(path, SCENE_FILE)
        .map_err(|e| SceneError::new(name, format!("cannot read the file: {e}")))
}

/// The scene (a [`Scene`], a [`Scene3`](super::Scene3) or an [`AnyScene`](super::AnyScene)) as
/// pretty RON, fields in a fixed order; parsing it gives the same scene back. A mesh is written
/// as its path. An error (which no scene that passed validation should meet) is returned,
/// never written into the text, so a save cannot put it in the user's file.
pub fn to_ron<S: Serialize>(scene: &S) -> Result<String, ron::Error> {
    let config = ron::ser::PrettyConfig::new()
        .indentor("    ")
        .separate_tuple_members(false)
        .compact_arrays(false)
        .depth_limit(3);
    let mut text = ron::ser::to_string_pretty(scene, config)?;
    text.push('\n');
    Ok(text)
}

/// Writes the scene (of either dimension, as [`to_ron`]) atomically (see [`write_atomically`]).
pub fn save_scene<S: Serialize>(scene: &S, path: &Path) -> Result<(), SceneError> {
    let text = to_ron(scene).map_err(|e| {
        SceneError::new(
            &path.display().to_string(),
            format!("cannot write the scene as RON: {e}"),
        )
    })?;
    write_atomically(path, text.as_bytes())
}

/// Writes `bytes` to `path` atomically: to a temporary file beside the target, flushed to
/// disk, then renamed over it. A failure at any point leaves the old file as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), SceneError> {
    let name = path.display().to_string();
    let fail = |what: &str, e: std::io::Error| SceneError::new(&name, format!("{what}: {e}"));
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let file_name = path
        .file_name()
        .ok_or_else(|| SceneError::new(&name, "not a file name"))?;
    let temp = dir.join(format!(
        ".{}.{}.tmp",
        file_name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f =
            fs::File::create(&temp).map_err(|e| fail("cannot create a temporary file", e))?;
        f.write_all(bytes)
            .and_then(|()| f.sync_all())
            .map_err(|e| fail("cannot write the temporary file", e))?;
        fs::rename(&temp, path).map_err(|e| fail("cannot replace the file", e))
    })();
    if result.is_err() {
        // Tidying up after a failed save: the save's own error is what the user is told, and a
        // leftover temporary file beside it is harmless.
        fs::remove_file(&temp).ok();
    }
    result
}
