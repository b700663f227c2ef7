//! The 3D algorithm's settings. Tolerance, iteration limit and penetration method are the 2D
//! ones (same types, same ranges, checked by the same code); the first direction is 3D and the
//! 2D-only `edge_normal` does not exist here, so a 3D scene that names it is an error.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use crate::algorithm::{PenetrationMethod, Settings, SettingsError};
use crate::geometry3::SupportMap3;

/// How GJK picks its first search direction in 3D.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum InitialDirection3 {
    /// Always (1, 0, 0).
    #[default]
    PlusX,
    /// From B's centre to A's centre, the centre of A − B.
    CentreToCentre,
    /// From A's centre to B's, toward the origin: the first support point is on the side of
    /// A − B that faces it (see the 2D `InitialDirection::TowardOrigin`).
    TowardOrigin,
    /// A direction of the user's choice (any length but zero).
    Custom(DVec3),
}

/// Tolerance, iteration limit, first direction and penetration method. Every field has a
/// default (the 2D defaults).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings3 {
    pub tolerance: f64,
    pub max_iterations: u32,
    pub initial_direction: InitialDirection3,
    pub penetration: PenetrationMethod,
}

impl Default for Settings3 {
    fn default() -> Self {
        let shared = Settings::default();
        Settings3 {
            tolerance: shared.tolerance,
            max_iterations: shared.max_iterations,
            initial_direction: InitialDirection3::PlusX,
            penetration: shared.penetration,
        }
    }
}

impl Settings3 {
    /// The same checks as 2D for the shared fields, then the 3D direction.
    pub fn validate(&self) -> Result<(), SettingsError> {
        Settings {
            tolerance: self.tolerance,
            max_iterations: self.max_iterations,
            penetration: self.penetration,
            ..Settings::default()
        }
        .validate()?;
        match self.initial_direction {
            InitialDirection3::Custom(d) if !d.is_finite() || d == DVec3::ZERO => {
                Err(SettingsError {
                    field: "initial_direction",
                    message: format!(
                        "must be finite and not zero, found ({}, {}, {})",
                        d.x, d.y, d.z
                    ),
                })
            }
            _ => Ok(()),
        }
    }

    /// The first search direction for this pair; never zero.
    // Inlined: out of line, the direction came back through memory, stored in other pieces than
    // the run read it in, and the first search waited for the stores (separated box pairs 0.57
    // -> 0.53 of parry's time, thirty-fifth round).
    #[inline(always)]
    pub(crate) fn first_direction<A, B>(&self, a: &A, b: &B) -> DVec3
    where
        A: SupportMap3 + ?Sized,
        B: SupportMap3 + ?Sized,
    {
        let d = match self.initial_direction {
            InitialDirection3::PlusX => DVec3::X,
            InitialDirection3::CentreToCentre => a.centre() - b.centre(),
            InitialDirection3::TowardOrigin => b.centre() - a.centre(),
            InitialDirection3::Custom(d) => d,
        };
        crate::geometry3::usable_direction(d)
    }
}
