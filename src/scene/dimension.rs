//! Which dimension a scene file is: 2D unless it says `dimension: 3`.
//!
//! The field is found by a small scanner over the top level of the file (skipping strings and
//! comments), so the choice needs no second parse. A 2D scene may say `dimension: 2`: the
//! field is blanked out with spaces (every other character keeps its line and column) and the
//! rest is read as a 2D scene. Any other value is read as a 3D scene, whose loader reports a
//! wrong dimension at its position. The 2D-only loader ([`parse_scene`], for callers that want
//! a 2D scene) reports a 3D scene at its `dimension` field.

use std::ops::Range;
use std::path::Path;

use super::file::{parse_ron, read_scene_text};
use super::mesh::{MeshFiles, load_meshes, mesh_paths};
use super::{Scene, Scene3, SceneError, parse_scene};

/// A scene of either dimension; it is written as the scene it holds.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum AnyScene {
    Two(Scene),
    Three(Scene3),
}

impl AnyScene {
    pub fn name(&self) -> &str {
        match self {
            AnyScene::Two(s) => &s.name,
            AnyScene::Three(s) => &s.name,
        }
    }

    /// The files besides the scene file at `scene_file` that make up the scene (a 3D scene's
    /// meshes), so a watch can follow them too.
    pub fn mesh_paths(&self, scene_file: &Path) -> Vec<std::path::PathBuf> {
        match self {
            AnyScene::Two(_) => Vec::new(),
            AnyScene::Three(s) => mesh_paths(s, scene_file),
        }
    }
}

/// Parses and checks a 2D or 3D scene; `file` names it in errors and is where mesh paths are
/// resolved from (see [`parse_any_scene_with`]).
pub fn parse_any_scene(text: &str, file: &str) -> Result<AnyScene, SceneError> {
    parse_any_scene_with(text, file, MeshFiles::beside(file))
}

/// Parses and checks a 2D or 3D scene, reading the meshes it names from `meshes`.
pub fn parse_any_scene_with(
    text: &str,
    file: &str,
    meshes: MeshFiles,
) -> Result<AnyScene, SceneError> {
    match dimension_field(text) {
        Some((value, _)) if value != 2 => {
            let mut scene: Scene3 = parse_ron(text, file)?;
            load_meshes(&mut scene, text, file, meshes)?;
            Ok(AnyScene::Three(scene))
        }
        _ => parse_scene(text, file).map(AnyScene::Two),
    }
}

/// Parses a 2D scene: `dimension: 2` is blanked out, another dimension is an error at its
/// place (the 2D app cannot show a 3D scene; the command line can trace it).
pub(crate) fn parse_2d(text: &str, file: &str) -> Result<Scene, SceneError> {
    match dimension_field(text) {
        None => parse_ron(text, file),
        Some((2, range)) => {
            let mut blanked = text.to_string();
            blanked.replace_range(range.clone(), &" ".repeat(range.len()));
            parse_ron(&blanked, file)
        }
        Some((value, range)) => {
            let before = &text[..range.start];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            Err(SceneError {
                file: file.to_string(),
                position: Some((line, column)),
                source_line: text.lines().nth(line - 1).map(str::to_string),
                message: format!(
                    "expected a 2D scene, found dimension {value}: this reader takes 2D scenes \
                     only; `load_any_scene` (the app, `gjkviz trace`) reads both"
                ),
            })
        }
    }
}

/// Reads, parses and checks a 2D or 3D scene file.
pub fn load_any_scene(path: &Path) -> Result<AnyScene, SceneError> {
    let name = path.display().to_string();
    parse_any_scene(&read_scene_text(path, &name)?, &name)
}

/// The value of a top-level `dimension: N` field (u32::MAX when N is not a number) and the
/// byte range of the field with its trailing comma.
fn dimension_field(text: &str) -> Option<(u32, Range<usize>)> {
    const NAME: &str = "dimension";
    let bytes = text.as_bytes();
    let mut depth = 0i32;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => i = skip_string(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth -= 1;
                i += 1;
            }
            // Compared as bytes: `i` walks bytes, so it may stand inside a character.
            _ if depth == 1
                && bytes[i..].starts_with(NAME.as_bytes())
                && (i == 0 || !is_ident(bytes[i - 1]))
                && !bytes.get(i + NAME.len()).is_some_and(|&b| is_ident(b)) =>
            {
                let start = i;
                let mut j = skip_space(bytes, i + NAME.len());
                if bytes.get(j) != Some(&b':') {
                    i += NAME.len();
                    continue;
                }
                j = skip_space(bytes, j + 1);
                let digits = j;
                while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
                let value = text[digits..j].parse().unwrap_or(u32::MAX);
                let after = skip_space(bytes, j);
                let end = if bytes.get(after) == Some(&b',') {
                    after + 1
                } else {
                    j
                };
                return Some((value, start..end));
            }
            _ => i += 1,
        }
    }
    None
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

fn skip_space(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The index after the string literal starting at `i` (a `"`).
fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_top_level_field_only() {
        let text = "(name: \"dimension: 3\", // dimension: 3\n a: (dimension: 3), dimension : 2 ,)";
        let (value, range) = dimension_field(text).unwrap();
        assert_eq!(value, 2);
        assert_eq!(&text[range], "dimension : 2 ,");
        assert_eq!(dimension_field("(name: \"x\")"), None);
        assert_eq!(dimension_field("(dimension: x)").unwrap().0, u32::MAX);
    }

    /// A character of several bytes outside a string (a quote lost in editing leaves a
    /// description's "−" in the open) is stepped over, not cut in two.
    #[test]
    fn steps_over_characters_of_several_bytes_outside_strings() {
        let text = "(name: \"a\", b: −1 – é, dimension: 3)";
        let (value, range) = dimension_field(text).unwrap();
        assert_eq!((value, &text[range]), (3, "dimension: 3"));
        assert_eq!(dimension_field("(x: −−)"), None);
    }
}
