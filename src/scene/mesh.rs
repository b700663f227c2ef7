//! Meshes a 3D scene names: `Mesh(path: "rock.obj")` reads a Wavefront OBJ (with the `tobj`
//! crate) and keeps its vertices, whose convex hull is the shape.
//!
//! Paths are relative to the scene file. A scene on disk reads them from its directory; a
//! bundled scene reads them from the meshes embedded beside it ([`BUNDLED_MESHES`]), so the
//! app finds them whatever directory it runs from. A broken OBJ gets an error at its own file
//! and line; a missing one, at the path in the scene file.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use glam::DVec3;

use super::bundled::BUNDLED_MESHES;
use super::text_file::{MESH_FILE, read_text};
use super::{Scene3, SceneError};
use crate::geometry::{in_supported_range, range_message};
use crate::geometry3::{MESH_VERTICES_MAX, Shape3, hull_of};

/// Where a scene's mesh paths are read from.
#[derive(Clone, Copy, Debug)]
pub enum MeshFiles<'a> {
    /// Files on disk, relative to this directory (the scene file's).
    Directory(&'a Path),
    /// The embedded meshes, relative to this folder of `scenes/` (the bundled scene's).
    Bundled(&'a str),
}

impl<'a> MeshFiles<'a> {
    /// Meshes beside the scene file `file` (a path, as the user named it).
    pub fn beside(file: &'a str) -> Self {
        MeshFiles::Directory(Path::new(file).parent().unwrap_or(Path::new("")))
    }

    /// The name `path` resolves to: a file path, or the bundled file's name in `scenes/`.
    fn resolve(&self, path: &str) -> String {
        match self {
            MeshFiles::Directory(dir) => dir.join(path).display().to_string(),
            MeshFiles::Bundled(folder) => Path::new(folder).join(path).display().to_string(),
        }
    }

    /// The text of the mesh at `path`, or why it cannot be read.
    fn read(&self, path: &str) -> Result<String, String> {
        let name = self.resolve(path);
        match self {
            MeshFiles::Directory(_) => {
                read_text(Path::new(&name), MESH_FILE).map_err(|e| e.to_string())
            }
            MeshFiles::Bundled(_) => BUNDLED_MESHES
                .iter()
                .find(|m| m.file == name)
                .map(|m| m.text.to_string())
                .ok_or_else(|| "no bundled mesh has this name".to_string()),
        }
    }
}

/// Makes a scene whose meshes are read `from` somewhere ready to be saved as `new_file`: each
/// mesh path comes to name the same OBJ from the new file's directory — relative when the OBJ
/// lies in or below it, absolute otherwise — and a bundled mesh, which exists only inside the
/// binary, is written beside the new file (unless a file of that name is there already).
pub fn move_meshes(scene: &mut Scene3, from: MeshFiles, new_file: &Path) -> Result<(), SceneError> {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let new_dir = absolute(new_file.parent().unwrap_or(Path::new("")));
    for body in [&mut scene.a, &mut scene.b] {
        let Shape3::Mesh { path, .. } = &mut body.shape else {
            continue;
        };
        match from {
            MeshFiles::Directory(dir) => {
                let obj = absolute(&dir.join(&*path));
                let named = obj.strip_prefix(&new_dir).unwrap_or(&obj);
                *path = named.display().to_string();
            }
            MeshFiles::Bundled(_) => {
                let target = new_dir.join(&*path);
                if !target.exists() {
                    let text = from
                        .read(path)
                        .map_err(|e| SceneError::new(&from.resolve(path), e))?;
                    super::write_atomically(&target, text.as_bytes())?;
                }
            }
        }
    }
    Ok(())
}

/// Fills the vertices of every `Mesh` of the scene from its OBJ file.
pub(super) fn load_meshes(
    scene: &mut Scene3,
    text: &str,
    file: &str,
    files: MeshFiles,
) -> Result<(), SceneError> {
    for (label, body) in [("a", &mut scene.a), ("b", &mut scene.b)] {
        let Shape3::Mesh {
            path,
            vertices,
            file_vertices,
        } = &mut body.shape
        else {
            continue;
        };
        let at = path_position(text, path);
        let obj_name = files.resolve(path);
        let obj = files.read(path).map_err(|e| SceneError {
            file: file.to_string(),
            position: at,
            source_line: at.and_then(|(line, _)| text.lines().nth(line - 1).map(str::to_string)),
            message: format!("shape {label} (Mesh): path: cannot read {obj_name}: {e}"),
        })?;
        let points = parse_obj(&obj, &obj_name).map_err(|mut e| {
            let place = at.map_or(String::new(), |(l, c)| format!(":{l}:{c}"));
            e.message = format!("{} (the mesh of shape {label}, {file}{place})", e.message);
            e
        })?;
        *file_vertices = points.len();
        *vertices = hull_of(&points).vertices;
    }
    Ok(())
}

/// The line and column of the first string literal holding `path` in the scene text.
fn path_position(text: &str, path: &str) -> Option<(usize, usize)> {
    let literal = format!("{path:?}");
    let start = text.find(&literal)?;
    let before = &text[..start];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Some((line, column))
}

/// The distinct vertices of an OBJ's faces (and points and lines), in the order tobj gives
/// them; `name` names the file in errors.
pub fn parse_obj(text: &str, name: &str) -> Result<Vec<DVec3>, SceneError> {
    check_vertex_numbers(text, name)?;
    let positions = match read_positions(text) {
        Ok(p) => p,
        Err(e) => {
            // tobj does not say where it stopped: the shortest prefix of lines it rejects ends
            // at the offending line (a valid OBJ's prefix of whole lines is valid, as every
            // element refers only to the vertices above it).
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            let (mut good, mut bad) = (0, lines.len());
            while bad - good > 1 {
                let mid = (good + bad) / 2;
                if read_positions(&lines[..mid].concat()).is_ok() {
                    good = mid;
                } else {
                    bad = mid;
                }
            }
            return Err(SceneError {
                file: name.to_string(),
                position: Some((bad.max(1), 1)),
                source_line: lines.get(bad.max(1) - 1).map(|l| l.trim_end().to_string()),
                message: format!("{} (tobj: {e})", expected(&e)),
            });
        }
    };
    let mut seen = HashSet::new();
    let vertices: Vec<DVec3> = positions
        .chunks_exact(3)
        .map(|c| DVec3::new(c[0], c[1], c[2]))
        .filter(|v| seen.insert(v.to_array().map(f64::to_bits)))
        .collect();
    if vertices.is_empty() {
        return Err(SceneError::new(
            name,
            "no faces: a mesh's shape is the hull of the vertices its faces use (`f 1 2 3`), \
             and this file has none",
        ));
    }
    if vertices.len() > MESH_VERTICES_MAX {
        return Err(SceneError::new(
            name,
            format!(
                "{} vertices: a mesh may have at most {MESH_VERTICES_MAX}",
                vertices.len()
            ),
        ));
    }
    Ok(vertices)
}

/// The vertex positions of every model of the OBJ, three numbers each. Material libraries are
/// not read: a shape needs only positions.
fn read_positions(text: &str) -> Result<Vec<f64>, tobj::LoadError> {
    let options = tobj::LoadOptions::default();
    let (models, _materials) = tobj::load_obj_buf(&mut text.as_bytes(), &options, |_| {
        Err(tobj::LoadError::OpenFileFailed)
    })?;
    Ok(models.into_iter().flat_map(|m| m.mesh.positions).collect())
}

/// A vertex line whose numbers parse but are not finite or out of the supported range is an
/// error at its line (tobj accepts `inf` and `NaN` as numbers).
fn check_vertex_numbers(text: &str, name: &str) -> Result<(), SceneError> {
    for (i, line) in text.lines().enumerate() {
        let mut words = line.split_whitespace();
        if words.next() != Some("v") {
            continue;
        }
        for word in words.take(3) {
            let Ok(x) = word.parse::<f64>() else { continue };
            let problem = if !x.is_finite() {
                format!("a vertex coordinate must be a finite number, found {x}")
            } else if !in_supported_range(x) {
                format!("a vertex coordinate {}", range_message(x))
            } else {
                continue;
            };
            let column = line.find(word).map_or(1, |b| line[..b].chars().count() + 1);
            return Err(SceneError {
                file: name.to_string(),
                position: Some((i + 1, column)),
                source_line: Some(line.to_string()),
                message: problem,
            });
        }
    }
    Ok(())
}

/// What the OBJ line should have held, for tobj's error.
fn expected(e: &tobj::LoadError) -> &'static str {
    use tobj::LoadError as E;
    match e {
        E::PositionParseError => "expected a vertex position: `v x y z` with three numbers",
        E::ScalingByZeroError => "a vertex's weight w (the fourth number) must not be 0",
        E::NormalParseError => "expected a normal: `vn x y z` with three numbers",
        E::TexcoordParseError => "expected a texture coordinate: `vt u v` with numbers",
        E::ColorParseError => "expected a vertex colour: three numbers after the position",
        E::FaceParseError | E::InvalidPolygon => {
            "expected a face: `f` and vertex numbers (`f 1 2 3`, or `f 1/1/1 2/2/2 3/3/3`)"
        }
        E::FaceVertexOutOfBounds => "a face names a vertex number no `v` line above defines",
        E::FaceTexCoordOutOfBounds => "a face names a texture coordinate no `vt` line defines",
        E::FaceNormalOutOfBounds => "a face names a normal no `vn` line defines",
        E::UnrecognizedCharacter => "an unrecognised character for an OBJ file",
        _ => "the OBJ cannot be read",
    }
}

/// The mesh files a scene at `scene_file` reads, to watch them with it.
pub fn mesh_paths(scene: &Scene3, scene_file: &Path) -> Vec<PathBuf> {
    let dir = scene_file.parent().unwrap_or(Path::new(""));
    let mut paths: Vec<PathBuf> = Vec::new();
    for body in [&scene.a, &scene.b] {
        if let Shape3::Mesh { path, .. } = &body.shape {
            let p = dir.join(path);
            if !paths.contains(&p) {
                paths.push(p);
            }
        }
    }
    paths
}
