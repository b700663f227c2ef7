//! Scene files: a pair of shapes, their poses and the algorithm's settings, in RON.
//!
//! Loading never panics: every problem becomes a [`SceneError`] that names the file, the line
//! and column where they apply, and what was expected. Saving is atomic.

mod bundled;
mod dimension;
mod error;
mod file;
mod locate;
mod mesh;
mod scene3;
mod text_file;
mod watch;

pub use bundled::{
    BUNDLED_MESHES, BUNDLED_SCENES, BUNDLED_SCENES_3D, BundledMesh, BundledScene, default_scene,
};
pub use dimension::{AnyScene, load_any_scene, parse_any_scene, parse_any_scene_with};
pub use error::SceneError;
pub use file::{load_scene, parse_scene, save_scene, to_ron, write_atomically};
pub use mesh::{MeshFiles, mesh_paths, move_meshes, parse_obj};
pub use scene3::{DIMENSION_3D, Scene3};
pub use watch::FileWatch;

use serde::{Deserialize, Deserializer, Serialize};

use crate::algorithm::{Settings, trace};
use crate::geometry::{Body, ConvexBody};
use crate::trace::Trace;

/// The version this build reads and writes.
pub const SCENE_VERSION: u32 = 1;

/// A pair of shapes and the settings to run the algorithm with. `a` and `b` are the operands
/// of the Minkowski difference A − B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    #[serde(default = "current_version", deserialize_with = "known_version")]
    pub version: u32,
    pub name: String,
    /// What the scene shows, in a paragraph; optional.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(deserialize_with = "valid_body_a")]
    pub a: Body,
    #[serde(deserialize_with = "valid_body_b")]
    pub b: Body,
    #[serde(default, deserialize_with = "valid_settings")]
    pub settings: Settings,
}

impl Scene {
    /// Both bodies placed in the world.
    pub fn bodies(&self) -> (ConvexBody, ConvexBody) {
        (ConvexBody::new(&self.a), ConvexBody::new(&self.b))
    }

    /// Runs the algorithm on the scene and records every step.
    pub fn trace(&self) -> Trace {
        let (a, b) = self.bodies();
        trace(&a, &b, &self.settings)
    }
}

fn current_version() -> u32 {
    SCENE_VERSION
}

// Checking while parsing lets the parser report the line and column of a bad value.

fn known_version<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v == SCENE_VERSION {
        Ok(v)
    } else {
        Err(serde::de::Error::custom(format!(
            "unsupported scene version {v}: this build reads version {SCENE_VERSION}"
        )))
    }
}

fn valid_body_a<'de, D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
    valid_body(d, "a")
}

fn valid_body_b<'de, D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
    valid_body(d, "b")
}

/// A body that passed [`Body::validate`]; errors name the body and its shape kind.
fn valid_body<'de, D: Deserializer<'de>>(d: D, label: &str) -> Result<Body, D::Error> {
    let body = Body::deserialize(d)?;
    body.validate().map_err(|e| {
        serde::de::Error::custom(format!("shape {label} ({}): {e}", body.shape.kind()))
    })?;
    Ok(body)
}

fn valid_settings<'de, D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
    let settings = Settings::deserialize(d)?;
    settings.validate().map_err(serde::de::Error::custom)?;
    Ok(settings)
}
