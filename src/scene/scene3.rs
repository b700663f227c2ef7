//! 3D scene files: `dimension: 3`, two [`Body3`]s and [`Settings3`], in RON, loaded with the
//! same positioned errors as 2D scenes ([`super::file::parse_ron`]).

use serde::{Deserialize, Deserializer, Serialize};

use super::known_version;
use crate::algorithm3::{Settings3, trace};
use crate::geometry3::{Body3, ConvexBody3, Shape3};
use crate::trace3::Trace3;

/// The `dimension` a 3D scene declares.
pub const DIMENSION_3D: u32 = 3;

/// A pair of 3D shapes and the settings to run the algorithm with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene3 {
    #[serde(default = "super::current_version", deserialize_with = "known_version")]
    pub version: u32,
    #[serde(deserialize_with = "three")]
    pub dimension: u32,
    pub name: String,
    /// What the scene shows, in a paragraph; optional.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    #[serde(deserialize_with = "valid_body_a")]
    pub a: Body3,
    #[serde(deserialize_with = "valid_body_b")]
    pub b: Body3,
    #[serde(default, deserialize_with = "valid_settings")]
    pub settings: Settings3,
}

impl Scene3 {
    /// Both bodies placed in the world.
    pub fn bodies(&self) -> (ConvexBody3, ConvexBody3) {
        (ConvexBody3::new(&self.a), ConvexBody3::new(&self.b))
    }

    /// What the scene's meshes are, one line per mesh body, for the user to see where its
    /// shape comes from: "b: mesh rock.obj: 162 vertices, convex hull of 98".
    pub fn mesh_notes(&self) -> Vec<String> {
        [("a", &self.a), ("b", &self.b)]
            .into_iter()
            .filter(|(_, body)| matches!(body.shape, Shape3::Mesh { .. }))
            .map(|(label, body)| format!("{label}: {}", body.shape.description()))
            .collect()
    }

    /// Runs the algorithm on the scene and records every step.
    pub fn trace(&self) -> Trace3 {
        let (a, b) = self.bodies();
        trace(&a, &b, &self.settings)
    }
}

fn three<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v == DIMENSION_3D {
        Ok(v)
    } else {
        Err(serde::de::Error::custom(format!(
            "dimension must be 2 (a 2D scene, the default) or 3, found {v}"
        )))
    }
}

fn valid_body_a<'de, D: Deserializer<'de>>(d: D) -> Result<Body3, D::Error> {
    valid_body(d, "a")
}

fn valid_body_b<'de, D: Deserializer<'de>>(d: D) -> Result<Body3, D::Error> {
    valid_body(d, "b")
}

/// A body that passed [`Body3::validate`]; errors name the body and its shape kind.
fn valid_body<'de, D: Deserializer<'de>>(d: D, label: &str) -> Result<Body3, D::Error> {
    let body = Body3::deserialize(d)?;
    body.validate().map_err(|e| {
        serde::de::Error::custom(format!("shape {label} ({}): {e}", body.shape.kind()))
    })?;
    Ok(body)
}

fn valid_settings<'de, D: Deserializer<'de>>(d: D) -> Result<Settings3, D::Error> {
    let settings = Settings3::deserialize(d)?;
    settings.validate().map_err(serde::de::Error::custom)?;
    Ok(settings)
}
