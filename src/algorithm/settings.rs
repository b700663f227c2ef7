//! The algorithm's settings, as scene files store them so a saved case reproduces exactly.

use glam::DVec2;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::geometry::SupportMap;

/// Default tolerance of the EPA edge gap and the distance duality gap, in scene units.
pub const DEFAULT_TOLERANCE: f64 = 1e-9;
/// Default limit on the iterations of each phase (GJK, distance, EPA).
pub const DEFAULT_MAX_ITERATIONS: u32 = 64;
/// Highest accepted iteration limit: beyond it a run could hold the app for seconds.
pub const MAX_ITERATIONS_LIMIT: u32 = 100_000;

/// How GJK picks its first search direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum InitialDirection {
    /// Always (1, 0), as in the worked example.
    #[default]
    PlusX,
    /// From B's centre to A's centre, the centre of A − B.
    CentreToCentre,
    /// A direction of the user's choice (any length but zero).
    Custom(DVec2),
}

/// How EPA computes the outward normal of a polytope edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EdgeNormal {
    /// Perpendicular of the edge chosen by the polytope's winding: always defined.
    #[default]
    Winding,
    /// The triple product (e × o) × e: zero, hence unusable, when the origin is on the edge.
    TripleProduct,
}

/// Tolerance, iteration limit and the two choices above. Every field has a default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    pub tolerance: f64,
    pub max_iterations: u32,
    pub initial_direction: InitialDirection,
    pub edge_normal: EdgeNormal,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tolerance: DEFAULT_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            initial_direction: InitialDirection::PlusX,
            edge_normal: EdgeNormal::Winding,
        }
    }
}

/// A setting out of range; `field` names it for messages.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsError {
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "settings.{}: {}", self.field, self.message)
    }
}

impl Settings {
    pub fn validate(&self) -> Result<(), SettingsError> {
        let fail = |field, message: String| Err(SettingsError { field, message });
        if !self.tolerance.is_finite() || self.tolerance < 0.0 {
            return fail(
                "tolerance",
                format!("must be a finite number ≥ 0, found {}", self.tolerance),
            );
        }
        if self.max_iterations == 0 || self.max_iterations > MAX_ITERATIONS_LIMIT {
            return fail(
                "max_iterations",
                format!(
                    "must be between 1 and {MAX_ITERATIONS_LIMIT}, found {}",
                    self.max_iterations
                ),
            );
        }
        if let InitialDirection::Custom(d) = self.initial_direction
            && (!d.is_finite() || d == DVec2::ZERO)
        {
            return fail(
                "initial_direction",
                format!("must be finite and not zero, found ({}, {})", d.x, d.y),
            );
        }
        Ok(())
    }

    /// The first search direction for this pair; never zero.
    pub(crate) fn first_direction<A, B>(&self, a: &A, b: &B) -> DVec2
    where
        A: SupportMap + ?Sized,
        B: SupportMap + ?Sized,
    {
        let d = match self.initial_direction {
            InitialDirection::PlusX => DVec2::X,
            InitialDirection::CentreToCentre => a.centre() - b.centre(),
            InitialDirection::Custom(d) => d,
        };
        if d.is_finite() && d != DVec2::ZERO {
            d
        } else {
            DVec2::X
        }
    }
}
