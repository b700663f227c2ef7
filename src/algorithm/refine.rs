//! Refinement of the depth and normal after EPA on a curved pair (and of the distance and
//! normal after GJK distance: see [`refine_separation`]).
//!
//! The depth of overlapping shapes is the smallest value over unit normals n of the support
//! function h(n) = s(n) · n of A − B (s(n) its support point along n). EPA approaches it from
//! below with a polygon inscribed in A − B, one edge at a time. When the origin lies near the
//! centre of a curve (concentric circles, a circle around a point) every edge is nearly as close
//! as the closest, so EPA must refine the whole curve and stops at its iteration limit short of
//! the depth. And where it does converge, its edge's normal is only as good as the square root
//! of the tolerance, since the gap shrinks with the square of the edge's angle. Refinement
//! minimises h directly over the normal, starting from EPA's last normal (bepu's
//! `DepthRefiner` does the same in 3D), to the rounding of the coordinates.
//!
//! In 2D the normal is an angle θ from EPA's normal n₀: n(θ) = n₀ cos θ + t₀ sin θ, with tangent
//! t(θ) = left_perp(n(θ)). Differentiating h(θ) = s(θ) · n(θ) (the envelope theorem: s(θ) maximises
//! p · n(θ), so its own change does not count) gives
//!
//!   h′(θ) = s(θ) · t(θ),
//!
//! the offset of the support point from the line through the origin along n. The depth's normal
//! is where that offset changes sign from negative to positive: the support point lies on the
//! normal's line and h is at a minimum. Refinement brackets that sign change around n₀ and
//! closes it with the search the 3D refinement shares ([`super::slope_search`]).

use glam::DVec2;

use super::contact::ONE_POINT;
use super::distance::Separation;
use super::epa::Penetration;
use super::settings::Settings;
use super::simplex::support;
use super::slope_search::{
    ANGLE_RESOLUTION, HEIGHT_ROUNDING_ULPS, Measured, find_slope_sign_change, keep_steadiest,
};
use crate::geometry::{SupportMap, left_perp, unit};
use crate::trace::{Check, CheckKind, Event, Phase, Recorder, SimplexVertex, Step, Termination};

/// Offsets below this many units in the last place of the support point's coordinates are
/// rounding: the point lies on the normal's line as far as f64 can tell.
const OFFSET_ROUNDING_ULPS: f64 = 16.0;

/// One evaluation of the support function along a normal.
#[derive(Clone, Copy)]
struct Sample {
    normal: DVec2,
    support: SimplexVertex,
    /// h(θ) = s · n: an upper bound of the depth.
    height: f64,
    /// h′(θ) = s · t: the support point's offset from the normal's line.
    offset: f64,
}

/// The normal refinement settled on.
struct Refined {
    best: Sample,
    /// Where `best` settled on a flat side of A − B (its support point off the normal's line,
    /// at one end of the side), the last support point found on the other side of the jump:
    /// the side's other end. The contact lies between the two.
    other_end: Option<Sample>,
    iterations: u32,
    /// The search ended at the iteration limit rather than on a settled normal.
    at_limit: bool,
}

impl Refined {
    /// The contact: the answer's support point, or where the answer settled on a flat side of
    /// A − B, the point of it the origin projects to, h n, with the points of A and B there.
    ///
    /// The side is one shape's straight side against the other's corner or curve, or two
    /// straight sides. Across the side's normal the support point jumps from one end of the
    /// side to the other: the shape with the corner or curve gives the same point at both
    /// ends (to the curve's turn over the bracket, radius × angle), the other one the ends of
    /// its side. That shape's point is the contact, and the other contact is it moved by h n.
    /// Where both shapes' points jump (parallel sides), any point of their overlap is a
    /// contact: the projection's weights between the ends give one.
    fn contact(&self) -> SimplexVertex {
        let s = self.best;
        let Some(o) = self.other_end else {
            return s.support;
        };
        let along = s.normal * s.height;
        let moved_a = (s.support.a - o.support.a).length();
        let moved_b = (s.support.b - o.support.b).length();
        let (a, b) = if moved_a <= ONE_POINT * moved_b {
            (s.support.a, s.support.a - along)
        } else if moved_b <= ONE_POINT * moved_a {
            (s.support.b + along, s.support.b)
        } else {
            // h n lies where the offset from the normal's line passes zero between the ends.
            // Weighing by the offsets, not by projecting the origin onto the segment, keeps
            // ends a hair apart on a curve well-conditioned: there the segment's own tilt,
            // rounding, would be divided by its squared length (contacts 8.8e-10 off).
            let tangent = left_perp(s.normal);
            let (from, to) = (s.support.point.dot(tangent), o.support.point.dot(tangent));
            let t = if from == to {
                0.0
            } else {
                (from / (from - to)).clamp(0.0, 1.0)
            };
            (
                s.support.a.lerp(o.support.a, t),
                s.support.b.lerp(o.support.b, t),
            )
        };
        SimplexVertex { point: along, a, b }
    }
}

/// Refines `epa`'s answer: the depth is the smallest height, which EPA's closest edge (its
/// depth) bounds from below.
pub(crate) fn refine_penetration<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    epa: &Penetration,
    rec: &mut R,
) -> Penetration
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let lower_bound = epa.depth;
    let refined = minimise_height(
        a,
        b,
        settings,
        epa.normal,
        |upper| [lower_bound, upper],
        rec,
    );
    let best = refined.best;
    // EPA's own verdict stands where it converged: refinement only sharpened the normal, and the
    // depth it reports lies between EPA's bounds. A search that swept half a turn downhill
    // without the offset changing sign (which a convex A − B around the origin does not allow)
    // also leaves the best normal found.
    let converged = epa.termination == Termination::Converged;
    let termination = if converged {
        Termination::Converged
    } else if refined.at_limit {
        Termination::MaxIterations
    } else {
        Termination::Refined
    };
    let contact = refined.contact();
    Penetration {
        depth: best.height.max(0.0),
        normal: best.normal,
        start: contact,
        end: contact,
        iterations: epa.iterations,
        termination,
        bounds: (!converged).then_some([lower_bound, best.height]),
        refinement_iterations: refined.iterations,
    }
}

/// Refines the distance phase's answer on separated shapes. A − B then lies beyond the origin
/// and the smallest height is negative: minus the distance, at the normal from A toward B (for
/// every other normal, −h is a smaller lower bound of the distance). The distance phase's |v|
/// bounds it from above, and its best support plane, `proven`, from below.
pub(crate) fn refine_separation<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    found: &Separation,
    proven: f64,
    rec: &mut R,
) -> (Separation, u32)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let upper_bound = found.distance;
    // Each step's bracket starts from the better of the two lower bounds known by then: the
    // distance phase's last support plane, along the normal refinement starts from, need not
    // be its best.
    let refined = minimise_height(
        a,
        b,
        settings,
        found.normal,
        |height| [(-height).max(proven).max(0.0), upper_bound],
        rec,
    );
    let best = refined.best;
    let contact = refined.contact();
    let separation = Separation {
        distance: (-best.height).max(0.0),
        normal: best.normal,
        on_a: contact.a,
        on_b: contact.b,
    };
    (separation, refined.iterations)
}

/// Turns the normal from `n0` to where the height of A − B is smallest, recording each
/// evaluation with the bounds `bounds` makes of the smallest height so far.
fn minimise_height<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    n0: DVec2,
    bounds: impl Fn(f64) -> [f64; 2],
    rec: &mut R,
) -> Refined
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let t0 = left_perp(n0);
    let sample = |angle: f64| {
        let normal = unit(n0 * angle.cos() + t0 * angle.sin());
        let support = support(a, b, normal);
        Sample {
            normal,
            support,
            height: support.point.dot(normal),
            offset: support.point.dot(left_perp(normal)),
        }
    };
    let rounding = Rounding::new(a, b);
    // Whether a sample's height is the lowest's, as far as rounding tells.
    let level = |s: &Sample, lowest: &Sample| {
        s.height <= lowest.height + rounding.height(&[s.support, lowest.support])
    };
    let mut iteration = 0;
    let mut best: Option<Sample> = None;
    // Of the samples level with `best`, the one whose offset is smallest ([`keep_steadiest`]).
    let mut steadiest_so_far: Option<Sample> = None;
    let mut last: Option<Sample> = None;
    let mut last_event = Event::RefinedNormal;
    // The latest sample with a negative offset and with a positive one: across a flat side's
    // normal, the side's two ends.
    let mut latest: [Option<Sample>; 2] = [None; 2];
    // Records the evaluation and says whether the search is over. `side`: a point of a flat
    // side of A − B in the search's coordinates (along n₀ and t₀), whose normal is being tried.
    let mut evaluate = |angle: f64, bracket_width: f64, side: Option<[f64; 2]>, rec: &mut R| {
        iteration += 1;
        let s = sample(angle);
        if best.is_none_or(|b| s.height < b.height) {
            best = Some(s);
        }
        if let Some(b) = &best {
            keep_steadiest(
                &mut steadiest_so_far,
                &s,
                b,
                |x| level(x, b),
                |x| x.offset.abs(),
            );
        }
        let tolerance = rounding.offset(&s.support);
        let on_line = s.offset.abs() <= tolerance;
        // Nothing of A − B beyond the side's line: this is its normal.
        let (sin, cos) = angle.sin_cos();
        let on_side = side.is_some_and(|w| s.height <= w[0] * cos + w[1] * sin + tolerance);
        let narrow = bracket_width <= ANGLE_RESOLUTION;
        let out_of_iterations = iteration >= settings.max_iterations;
        let event = if on_line || on_side || narrow {
            Event::Converged
        } else if out_of_iterations {
            Event::MaxIterations
        } else {
            Event::RefinedNormal
        };
        last_event = event;
        last = Some(s);
        latest[usize::from(s.offset > 0.0)] = Some(s);
        let smallest = best.map_or(s.height, |b| b.height);
        rec.record(|| Step {
            direction: Some(s.normal),
            support: Some(s.support),
            check: Some(Check {
                kind: CheckKind::NormalOffset,
                value: s.offset,
                reference: 0.0,
                difference: s.offset,
                tolerance,
                passed: on_line,
            }),
            bounds: Some(bounds(smallest)),
            ..Step::new(Phase::Refinement, iteration, &[], event)
        });
        (s, event != Event::RefinedNormal)
    };
    let measured = |s: &Sample| Measured {
        slope: s.offset,
        witness: [s.support.point.dot(n0), s.support.point.dot(t0)],
    };

    let (first, done) = evaluate(0.0, f64::INFINITY, None, rec);
    if !done {
        find_slope_sign_change(measured(&first), |angle, width, side| {
            let (s, done) = evaluate(angle, width, side, rec);
            (!done).then(|| measured(&s))
        });
    }
    // Where the search settled, its last normal is the answer, and otherwise the lowest height
    // found, also where the search settled on a higher minimum than a height it passed (a
    // bracket that reached past the nearest minimum into another's): as in 3D, refinement never
    // answers worse than what it measured. But near a smooth minimum the heights differ by less
    // than their rounding, so the lowest is picked by noise, and a flat side's normal can be
    // confirmed there by its height alone, at a chord a hair long: a normal level with them
    // whose support point lies on its line to the heights' rounding (the steadiest) is the
    // answer instead. On a true flat side no level normal has one but at the side's end, where
    // it is as good.
    let answer = match (last, best) {
        (Some(last), Some(lowest)) if last_event == Event::Converged && level(&last, &lowest) => {
            last
        }
        (_, lowest) => lowest.unwrap_or(first),
    };
    let best = match steadiest_so_far {
        Some(s)
            if s.offset.abs() < answer.offset.abs()
                && s.offset.abs() <= rounding.height(&[s.support]) =>
        {
            s
        }
        _ => answer,
    };
    // Off the normal's line the answer may be one end of a flat side: its other end is the
    // latest support point with the other sign of offset, if that is a support point along
    // the answer's normal as well (within the heights' rounding).
    let on_line = best.offset.abs() <= rounding.offset(&best.support);
    let other_end = latest[usize::from(best.offset <= 0.0)].filter(|o| {
        !on_line
            && o.support.point.dot(best.normal)
                >= best.height - rounding.height(&[o.support, best.support])
    });
    Refined {
        best,
        other_end,
        iterations: iteration,
        at_limit: last_event == Event::MaxIterations,
    }
}

/// The rounding of the world coordinates the support points were computed from. A shape's
/// point is its centre plus an offset, so it carries the rounding of the larger of the two: a
/// contact near the origin between shapes centred farther out is no finer than their centres.
struct Rounding {
    centres: f64,
}

impl Rounding {
    fn new<A: SupportMap + ?Sized, B: SupportMap + ?Sized>(a: &A, b: &B) -> Self {
        let centres = a
            .centre()
            .abs()
            .max_element()
            .max(b.centre().abs().max_element());
        Rounding { centres }
    }

    /// The offset below which the support point counts as on the normal's line.
    fn offset(&self, s: &SimplexVertex) -> f64 {
        OFFSET_ROUNDING_ULPS * f64::EPSILON * self.magnitude(std::slice::from_ref(s))
    }

    /// How far apart two heights computed from these support points may lie by rounding alone.
    fn height(&self, supports: &[SimplexVertex]) -> f64 {
        HEIGHT_ROUNDING_ULPS * f64::EPSILON * self.magnitude(supports)
    }

    /// The largest coordinate of the shapes' centres and of the points of A and B the support
    /// points came from.
    fn magnitude(&self, supports: &[SimplexVertex]) -> f64 {
        supports.iter().fold(self.centres, |m, s| {
            m.max(s.a.abs().max_element()).max(s.b.abs().max_element())
        })
    }
}
