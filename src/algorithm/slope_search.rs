//! The one-dimensional search both refinements share: along an angle θ, find where a slope
//! h′(θ) changes sign, i.e. where h(θ) is smallest. 2D turns the normal through its only angle
//! ([`super::refine`]); 3D turns it along great circles of the unit sphere
//! ([`crate::algorithm3`]'s refinement).
//!
//! The search starts from θ = 0, where the caller has measured the slope. Downhill is against
//! its sign. A small probe step measures how fast the slope changes there (the curvature of
//! A − B), which gives the distance to its sign change; steps of twice that, doubling, then
//! reach past it. The bracket is closed by regula falsi with the Illinois rule, which converges
//! superlinearly on smooth curves and, on a corner (where the slope jumps), still halves the
//! bracket every other step.
//!
//! The caller's `evaluate(θ, bracket_width)` measures the slope at θ, records the step and
//! returns it, or returns None when the search is over (the slope is within rounding, the
//! bracket is narrow, or the iterations are spent): the caller decides, and keeps what it found.

/// A bracket narrower than this (radians) fixes the normal to its last digits: cos and sin of
/// angles closer than this differ by a few units in the last place.
pub(crate) const ANGLE_RESOLUTION: f64 = 4.0 * f64::EPSILON;

/// The farthest the bracketing steps go from θ = 0: half a turn. Going downhill, the slope must
/// change sign before the normal has turned half-way round (h is periodic along a circle),
/// whichever side of A − B the start happened to be on.
const STEP_MAX: f64 = std::f64::consts::PI;

/// Bracketing doubles its step at most this often (from the probe to half a turn takes 22).
const BRACKET_DOUBLINGS: u32 = 64;

/// The first step away from θ = 0, which measures the curvature: small enough to stay on the
/// curve near the start, large enough that the slope's change is well above its rounding.
const PROBE_ANGLE: f64 = 1e-6;

/// A measured slope at an angle.
#[derive(Clone, Copy)]
struct Point {
    angle: f64,
    slope: f64,
}

/// Brackets the sign change of the slope next to θ = 0 (where it is `first_slope`), then closes
/// the bracket, until `evaluate` says the search is over.
pub(crate) fn find_slope_sign_change(
    first_slope: f64,
    mut evaluate: impl FnMut(f64, f64) -> Option<f64>,
) {
    let first = Point {
        angle: 0.0,
        slope: first_slope,
    };
    let mut at =
        |angle: f64, width: f64| evaluate(angle, width).map(|slope| Point { angle, slope });
    let downhill = -first.slope.signum();
    let Some(probe) = at(downhill * PROBE_ANGLE, PROBE_ANGLE) else {
        return;
    };
    let mut near = first;
    let far;
    if probe.slope.signum() != first.slope.signum() {
        far = probe;
    } else {
        let rate = (probe.slope - first.slope) / PROBE_ANGLE;
        let guess = (first.slope / rate).abs();
        let mut step = if guess.is_finite() && first.slope.abs() > probe.slope.abs() {
            (2.0 * guess).clamp(2.0 * PROBE_ANGLE, STEP_MAX)
        } else {
            2.0 * PROBE_ANGLE
        };
        near = probe;
        let mut doublings = 0;
        loop {
            let Some(p) = at(downhill * step, step) else {
                return;
            };
            if p.slope.signum() != first.slope.signum() {
                far = p;
                break;
            }
            near = p;
            doublings += 1;
            if doublings >= BRACKET_DOUBLINGS || step >= STEP_MAX {
                return;
            }
            step = (step * 2.0).min(STEP_MAX);
        }
    }
    // Regula falsi on the slope over [near, far]; the Illinois rule halves the weight of an
    // end that stays put twice, so the bracket closes from both sides.
    let (mut lo, mut hi) = if near.angle < far.angle {
        (near, far)
    } else {
        (far, near)
    };
    let (mut lo_slope, mut hi_slope) = (lo.slope, hi.slope);
    let mut kept = 0i8;
    loop {
        let width = hi.angle - lo.angle;
        let secant = (lo.angle * hi_slope - hi.angle * lo_slope) / (hi_slope - lo_slope);
        let angle = if secant.is_finite() && secant > lo.angle && secant < hi.angle {
            secant
        } else {
            0.5 * (lo.angle + hi.angle)
        };
        let Some(p) = at(angle, width) else {
            return;
        };
        if p.slope.signum() == lo.slope.signum() {
            lo = p;
            lo_slope = p.slope;
            if kept > 0 {
                hi_slope *= 0.5;
            }
            kept = 1;
        } else {
            hi = p;
            hi_slope = p.slope;
            if kept < 0 {
                lo_slope *= 0.5;
            }
            kept = -1;
        }
    }
}
