//! The algorithm's settings, as scene files store them so a saved case reproduces exactly.

use glam::DVec2;
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::geometry::{SupportMap, in_supported_range, range_message};

/// Default tolerance of the EPA edge gap and the distance duality gap, in scene units.
pub const DEFAULT_TOLERANCE: f64 = 1e-9;
/// Default limit on the iterations of each phase (GJK, distance, EPA). Polygon pairs need a
/// handful. EPA on a curved difference whose arc centre lies at ρ from the origin refines about
/// √(R/ρ) edges per quartering of the gap (R the arc's radius), so near-concentric circles need
/// hundreds: 1000 reaches the default tolerance down to ρ/R ≈ 2e-4 and costs nothing when a run
/// ends sooner.
pub const DEFAULT_MAX_ITERATIONS: u32 = 1000;
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
    /// From A's centre to B's: from the centre of A − B toward the origin, so the first support
    /// point lies on the side of A − B that faces the origin. On separated shapes that is the
    /// side the closest point is on, and distance needs about one support point fewer.
    TowardOrigin,
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

/// How the depth of overlapping shapes is found once GJK has seen them overlap.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum PenetrationMethod {
    /// The expanding polytope algorithm: exact up to the tolerance.
    #[default]
    Epa,
    /// The smallest depth of A − B over `directions` evenly spaced directions, plus the shapes'
    /// edge normals and the centre-to-centre direction. Exact for polygon pairs (their edge
    /// normals include the answer); within R·sin(π/directions) above the truth for curved ones,
    /// R being the largest |p| over A − B.
    Sampling { directions: u32 },
    /// Shrink both shapes (a circle or capsule by its own radius, to its centre or segment; any
    /// other shape by `margin`), measure the distance d between the cores with GJK distance, and
    /// report m_A + m_B − d. Exact for circles and capsules; polygons lose their
    /// corners when shrunk, so the answer can fall short near corners.
    CoreShapes { margin: f64 },
}

/// Fewest directions sampling accepts: fewer cannot bracket a direction on every side.
pub const SAMPLING_DIRECTIONS_MIN: u32 = 3;
/// Most directions sampling accepts: each is one step of the trace.
pub const SAMPLING_DIRECTIONS_MAX: u32 = 100_000;

/// Tolerance, iteration limit and the choices above. Every field has a default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    pub tolerance: f64,
    pub max_iterations: u32,
    pub initial_direction: InitialDirection,
    pub edge_normal: EdgeNormal,
    pub penetration: PenetrationMethod,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tolerance: DEFAULT_TOLERANCE,
            max_iterations: DEFAULT_MAX_ITERATIONS,
            initial_direction: InitialDirection::PlusX,
            edge_normal: EdgeNormal::Winding,
            penetration: PenetrationMethod::Epa,
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
        if !in_supported_range(self.tolerance) {
            return fail("tolerance", range_message(self.tolerance));
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
        match self.penetration {
            PenetrationMethod::Epa => {}
            PenetrationMethod::Sampling { directions } => {
                if !(SAMPLING_DIRECTIONS_MIN..=SAMPLING_DIRECTIONS_MAX).contains(&directions) {
                    return fail(
                        "penetration",
                        format!(
                            "Sampling directions must be between {SAMPLING_DIRECTIONS_MIN} and \
                             {SAMPLING_DIRECTIONS_MAX}, found {directions}"
                        ),
                    );
                }
            }
            PenetrationMethod::CoreShapes { margin } => {
                if !margin.is_finite() || margin <= 0.0 {
                    return fail(
                        "penetration",
                        format!("CoreShapes margin must be a finite number > 0, found {margin}"),
                    );
                }
                if !in_supported_range(margin) {
                    return fail(
                        "penetration",
                        format!("CoreShapes margin {}", range_message(margin)),
                    );
                }
            }
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
            InitialDirection::TowardOrigin => b.centre() - a.centre(),
            InitialDirection::Custom(d) => d,
        };
        if d.is_finite() && d != DVec2::ZERO {
            d
        } else {
            DVec2::X
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Body, ConvexBody, Shape};

    /// Each first direction on a pair whose centres are known: A's at (1, 2), B's at (4, −2).
    #[test]
    fn each_first_direction_points_where_its_name_says() {
        let square = |at| {
            let shape = Shape::Box {
                half_extents: DVec2::ONE,
            };
            ConvexBody::new(&Body::new(shape, at, 0.3))
        };
        let (a, b) = (square(DVec2::new(1.0, 2.0)), square(DVec2::new(4.0, -2.0)));
        let first = |initial_direction| {
            Settings {
                initial_direction,
                ..Settings::default()
            }
            .first_direction(&a, &b)
        };
        assert_eq!(first(InitialDirection::PlusX), DVec2::X);
        assert_eq!(
            first(InitialDirection::CentreToCentre),
            DVec2::new(-3.0, 4.0)
        );
        assert_eq!(first(InitialDirection::TowardOrigin), DVec2::new(3.0, -4.0));
        let custom = DVec2::new(0.0, 2.0);
        assert_eq!(first(InitialDirection::Custom(custom)), custom);
        assert_eq!(first(InitialDirection::Custom(DVec2::ZERO)), DVec2::X);
    }
}
