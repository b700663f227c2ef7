//! The one-dimensional search both refinements share: along an angle θ, find where a slope
//! h′(θ) changes sign, i.e. where h(θ) is smallest. 2D turns the normal through its only angle
//! ([`super::refine`]); 3D turns it along great circles of the unit sphere
//! ([`crate::algorithm3`]'s refinement).
//!
//! The search starts from θ = 0, where the caller has measured the slope. Downhill is against its
//! sign. A small probe step measures how fast the slope changes there (the curvature of A − B),
//! which gives the distance to its sign change; steps of twice that, doubling, then reach past it.
//! A step along which h rises and that may have passed more than the nearest minimum is taken back
//! (see [`LONG_STEP`]): only that minimum is bracketed. The bracket is closed by regula falsi with
//! the Illinois rule, which converges superlinearly on smooth curves; where the slope jumps (a
//! corner) it can creep from one end by doubling steps, so a bracket that two steps did not halve
//! is bisected.
//!
//! On a flat side of A − B (a polygon's edge or a polyhedron's face, rounded or not) the support
//! point jumps from one end of the side to the other as θ crosses the side's normal, and the
//! slope jumps with it: regula falsi would only halve the bracket, fifty times over. The chord
//! between the bracket's support points gives the jump away (on a smooth curve it shrinks with
//! the bracket; across a side it does not), and the side's own normal is tried next: one
//! evaluation confirms it.
//!
//! The caller's `evaluate(θ, bracket_width, side)` measures the slope at θ and where the support
//! point lies in the plane of the search, records the step and returns them, or returns None
//! when the search is over (the slope is within rounding, the bracket is narrow, the iterations
//! are spent, or — when `side` holds a point of a flat side, in the plane's coordinates — nothing
//! lies beyond that side's line): the caller decides, and keeps what it found.

/// A bracket narrower than this (radians) fixes the normal to its last digits: cos and sin of
/// angles closer than this differ by a few units in the last place.
pub(crate) const ANGLE_RESOLUTION: f64 = 4.0 * f64::EPSILON;

/// The farthest the bracketing steps go from θ = 0: half a turn. Going downhill, the slope must
/// change sign before the normal has turned half-way round (h is periodic along a circle),
/// whichever side of A − B the start happened to be on.
const STEP_MAX: f64 = std::f64::consts::PI;

/// Bracketing takes at most this many steps, doublings and steps taken back together (from
/// the probe to half a turn takes 22 doublings).
const BRACKET_STEPS: u32 = 64;

/// The first step away from θ = 0, which measures the curvature: small enough to stay on the
/// curve near the start, large enough that the slope's change is well above its rounding.
const PROBE_ANGLE: f64 = 1e-6;

/// How far outside the bracket, as a fraction of its width, a side's normal may be found and
/// still be taken for one at the bracket's end.
const SIDE_SLACK: f64 = 1e-3;

/// A chord this many times longer than a smooth curve's would be over the bracket's angle means
/// the support point jumps across a flat side.
const JUMP_FACTOR: f64 = 4.0;

/// A bracketing step longer than this (radians) may pass more than one minimum of h, where a
/// shorter one that goes past the nearest minimum (h higher than at its start, the slope's sign
/// changed) has bracketed it, as the curvature's guess means it to.
const LONG_STEP: f64 = std::f64::consts::FRAC_PI_4;

/// Heights that differ by less than this many units in the last place of the support points'
/// coordinates are equal as far as rounding tells.
pub(crate) const HEIGHT_ROUNDING_ULPS: f64 = 64.0;

/// The sample a refinement answers with, kept as it goes. Near the minimum the heights differ
/// by less than their rounding, so the lowest of them is picked by noise, while the support
/// point's offset from the normal's line, which vanishes there, still tells the normals apart.
/// Of the samples `level` with the lowest height so far (`lowest`), the one whose `offset` is
/// smallest: `kept` until now, the new sample `s`, or the lowest itself. `kept` is replaced only
/// when another is steadier (samples are large, and this runs at every evaluation).
pub(crate) fn keep_steadiest<S: Copy>(
    kept: &mut Option<S>,
    s: &S,
    lowest: &S,
    level: impl Fn(&S) -> bool,
    offset: impl Fn(&S) -> f64,
) {
    let steadier = |x: &S, y: &S| offset(x) < offset(y);
    match kept {
        Some(k) if level(k) && !(level(s) && steadier(s, k)) => {}
        _ if level(s) && steadier(s, lowest) => *kept = Some(*s),
        _ => *kept = Some(*lowest),
    }
}

/// What the caller measured at an angle: the slope, and the support point in the coordinates of
/// the search's plane (along the normal at θ = 0, and along the direction θ turns toward).
#[derive(Clone, Copy)]
pub(crate) struct Measured {
    pub slope: f64,
    pub witness: [f64; 2],
}

/// A measured slope at an angle.
#[derive(Clone, Copy)]
struct Point {
    angle: f64,
    slope: f64,
    witness: [f64; 2],
}

impl Point {
    /// The distance between this support point and `other`'s, in the plane.
    fn chord(&self, other: &Point) -> f64 {
        (other.witness[0] - self.witness[0]).hypot(other.witness[1] - self.witness[1])
    }

    /// h(θ) = s · n(θ), with n(θ) = (cos θ, sin θ) in the plane's coordinates.
    fn height(&self) -> f64 {
        let (sin, cos) = self.angle.sin_cos();
        self.witness[0] * cos + self.witness[1] * sin
    }

    /// Whether h is higher here than at `other` by more than rounding.
    fn higher_than(&self, other: &Point) -> bool {
        let magnitude = self
            .witness
            .iter()
            .chain(&other.witness)
            .fold(0.0_f64, |m, w| m.max(w.abs()));
        self.height() > other.height() + HEIGHT_ROUNDING_ULPS * f64::EPSILON * magnitude
    }
}

/// The angle, inside (lo, hi), of the normal of the side through the two support points: where
/// the side's direction c satisfies c · (cos θ, sin θ) = 0. One found just outside the bracket
/// (by [`SIDE_SLACK`] of its width: the rounding of the support points, or a curve beside the
/// side moving them) is moved inside by [`ANGLE_RESOLUTION`]: the side's normal then lies next
/// to that end, and one evaluation a hair inside closes the bracket on it, where one taken at
/// the end's own angle would only creep toward it.
fn side_angle(lo: &Point, hi: &Point) -> Option<f64> {
    let c = [hi.witness[0] - lo.witness[0], hi.witness[1] - lo.witness[1]];
    let base = (-c[0]).atan2(c[1]);
    let width = hi.angle - lo.angle;
    let slack = SIDE_SLACK * width;
    [
        base,
        base + std::f64::consts::PI,
        base - std::f64::consts::PI,
    ]
    .into_iter()
    .find(|&angle| angle > lo.angle - slack && angle < hi.angle + slack)
    .filter(|_| width > 2.0 * ANGLE_RESOLUTION)
    .map(|angle| angle.clamp(lo.angle + ANGLE_RESOLUTION, hi.angle - ANGLE_RESOLUTION))
}

/// Brackets the sign change of the slope next to θ = 0 (where it is `first_slope`), then closes
/// the bracket, until `evaluate` says the search is over.
pub(crate) fn find_slope_sign_change(
    first: Measured,
    mut evaluate: impl FnMut(f64, f64, Option<[f64; 2]>) -> Option<Measured>,
) {
    let first = Point {
        angle: 0.0,
        slope: first.slope,
        witness: first.witness,
    };
    let mut at_side = |angle: f64, width: f64, side: Option<[f64; 2]>| {
        evaluate(angle, width, side).map(|m| Point {
            angle,
            slope: m.slope,
            witness: m.witness,
        })
    };
    let mut at = |angle: f64, width: f64| at_side(angle, width, None);
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
        let mut steps = 0;
        loop {
            let Some(p) = at(downhill * step, step) else {
                return;
            };
            steps += 1;
            if steps >= BRACKET_STEPS {
                return;
            }
            let sign_changed = p.slope.signum() != first.slope.signum();
            let long = (p.angle - near.angle).abs() > LONG_STEP;
            if p.higher_than(&near) && (long || !sign_changed) {
                // h rose on the way downhill, and the step either kept the slope's sign (it
                // passed a minimum and a maximum) or was long enough to pass several: a bracket
                // there could close on another minimum, a higher one. Long steps are guessed
                // from how fast the slope changes, which a corner of A − B far along an edge
                // hides. Go on by doubling from the near end instead, and where that is what
                // overshot, by halving the step back toward it.
                let doubled = (2.0 * near.angle.abs()).max(2.0 * PROBE_ANGLE);
                step = if doubled < step {
                    doubled
                } else {
                    0.5 * (step + near.angle.abs())
                };
                continue;
            }
            if sign_changed {
                far = p;
                break;
            }
            near = p;
            if step >= STEP_MAX {
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
    // How fast the support point moves on a smooth stretch: first over the whole bracket, then
    // the least rate seen as either end moves (between its old and new place, on one side of
    // the sign change and so of the jump the bracket closes in on). A bracket that straddled a
    // jump from the start would otherwise take the jump for the curve's own rate, never see it,
    // and creep toward it by regula falsi.
    let mut chord_per_radian = lo.chord(&hi) / (hi.angle - lo.angle);
    // The bracket's width two steps back: one that two steps did not halve is bisected.
    let mut widths = [f64::INFINITY; 2];
    loop {
        let width = hi.angle - lo.angle;
        let slow = width > 0.5 * widths[0];
        widths = [widths[1], width];
        let jumps = lo.chord(&hi) > JUMP_FACTOR * chord_per_radian * width;
        let secant = (lo.angle * hi_slope - hi.angle * lo_slope) / (hi_slope - lo_slope);
        let (angle, side) = match jumps.then(|| side_angle(&lo, &hi)).flatten() {
            _ if slow => (0.5 * (lo.angle + hi.angle), None),
            Some(angle) => (angle, Some(lo.witness)),
            None if secant.is_finite() && secant > lo.angle && secant < hi.angle => (secant, None),
            None => (0.5 * (lo.angle + hi.angle), None),
        };
        let Some(p) = at_side(angle, width, side) else {
            return;
        };
        let on_lo_side = p.slope.signum() == lo.slope.signum();
        let same_side = if on_lo_side { &lo } else { &hi };
        let rate = same_side.chord(&p) / (p.angle - same_side.angle).abs();
        if rate.is_finite() {
            chord_per_radian = chord_per_radian.min(rate);
        }
        if on_lo_side {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluations until the bracket is narrower than [`ANGLE_RESOLUTION`], on a slope that
    /// jumps at `at` from −1 to a tiny `after` while the support point moves smoothly round a
    /// unit circle (so no flat side is seen).
    fn evaluations_to_close(at: f64, after: f64) -> u32 {
        let measure = |angle: f64| Measured {
            slope: if angle < at { -1.0 } else { after },
            witness: [angle.cos(), angle.sin()],
        };
        let mut count = 0;
        find_slope_sign_change(measure(0.0), |angle, width, _| {
            count += 1;
            (count < 1000 && width > ANGLE_RESOLUTION).then(|| measure(angle))
        });
        count
    }

    /// Regula falsi across a jump in the slope steps next to the end whose slope is tiny, and
    /// the Illinois rule takes dozens of halvings of the other end's weight to pull it back.
    /// Bisecting a bracket that two steps did not halve closes these in 105 to 137
    /// evaluations; without it they took 179 to 351.
    #[test]
    fn a_bracket_that_creeps_is_bisected() {
        for (at, after) in [(1.1, 1e-15), (0.7, 1e-9), (0.3, 1e-12)] {
            let count = evaluations_to_close(at, after);
            assert!(count <= 150, "jump at {at}: {count} evaluations");
        }
    }
}
