//! Refinement of the depth and normal after 3D EPA on a curved pair, and of the distance and
//! normal after 3D GJK distance (the 2D refinement is [`crate::algorithm`]'s; both share the
//! search along an angle, [`crate::algorithm::slope_search`]).
//!
//! The depth of overlapping shapes is the smallest value over unit normals n of the support
//! function h(n) = s(n) · n of A − B (apart, that smallest value is minus the distance). EPA
//! approaches it from below with planar faces inscribed in A − B. When the origin lies near the
//! centre of a curve (concentric spheres, a sphere around a point) every face is nearly as close
//! as the closest and EPA stops at its iteration limit short of the depth; where it converges,
//! its face normal is only as good as the square root of the tolerance. Refinement minimises h
//! over the unit sphere directly, from EPA's (or the distance phase's) normal, to the rounding
//! of the coordinates (bepu's `DepthRefiner` does the same).
//!
//! Frame: world axes, A − B relative to the bodies' positions ([`Difference`]). The search
//! itself is [`super::normal_search`]; the contact points of its answer,
//! [`super::refined_contacts`].

use super::contact::Penetration;
use super::difference::{Difference, Vertex, effective_tolerance};
use super::distance::Separation;
use super::normal_search::{Refined, Search, turned};
use super::refined_contacts::{face_under, refined_contact_points, witness_reach};
use super::settings::Settings3;
use crate::geometry3::SupportMap3;
use crate::trace::{Recorder, Termination};
use crate::trace3::Step3;

/// Refines `epa`'s answer: the depth is the smallest height, which EPA's closest face (its
/// depth) bounds from below.
pub(crate) fn refine_penetration<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    epa: &Penetration,
    rec: &mut R,
) -> Penetration
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let lower = epa.depth;
    // A converged EPA's closest face lies on A − B: where that is flat, its corners are
    // corners of the flat face (where it is curved they lie too close together to count).
    let converged = epa.termination == Termination::Converged;
    let triangle = epa.triangle.filter(|_| converged);
    let refined =
        Search::new(settings, |upper| [lower, upper], pair, rec).run(epa.normal, triangle);
    let s = refined.answer;
    // EPA's own verdict stands where it converged: the depth lies within the tolerance it honoured
    // above its face's distance. Refinement's height bounds it from above; its normal replaces
    // EPA's where that bound lies inside EPA's bracket. Where it could not turn the normal at all
    // (EPA's face lies on a flat part of A − B) or stopped above the bracket (at a corner of
    // A − B's normal map, which it approaches only slowly), EPA's normal stays, with its depth and
    // contact points from the face's barycentric weights, or the height and contact points of the
    // flat face refinement found under it, whose corners it found again exactly.
    let corners = epa.triangle.as_ref().map_or(&[][..], |t| &t[..]);
    let sharper = s.height <= lower + bracket_width(settings, &refined, corners, lower);
    if converged && !(sharper && turned(epa.normal, s.normal)) {
        let (depth, (contact_a, contact_b)) = match face_under(pair, &refined, epa.normal) {
            Some(contacts) => (s.height.max(0.0), contacts),
            None => (epa.depth, (epa.contact_a, epa.contact_b)),
        };
        return Penetration {
            depth,
            refinement_iterations: refined.iterations,
            contact_a,
            contact_b,
            ..*epa
        };
    }
    let termination = if converged {
        Termination::Converged
    } else if refined.at_limit {
        Termination::MaxIterations
    } else {
        Termination::Refined
    };
    let reach = converged.then(|| witness_reach(settings.tolerance, &s));
    let earlier = (epa.contact_a, epa.contact_b);
    let (contact_a, contact_b) = refined_contact_points(pair, &refined, earlier, reach);
    Penetration {
        depth: s.height.max(0.0),
        normal: s.normal,
        contact_a,
        contact_b,
        iterations: epa.iterations,
        termination,
        bounds: (!converged).then_some([lower, s.height]),
        refinement_iterations: refined.iterations,
        triangle: None,
    }
}

/// Refines the distance phase's answer on separated shapes. A − B then lies beyond the origin
/// and the smallest height is negative: minus the distance, at the normal from A toward B (for
/// every other normal, −h is a smaller lower bound of the distance). The distance phase's |v|
/// bounds it from above, and its best support plane, `proven`, from below.
pub(crate) fn refine_separation<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    found: &Separation,
    proven: f64,
    feature: &[Vertex],
    converged: bool,
    rec: &mut R,
) -> (Separation, u32)
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let upper = found.distance;
    let triangle = triangle_of(feature).filter(|_| converged);
    // Each step's bracket starts from the better of the two lower bounds known by then.
    let bounds = |height: f64| [(-height).max(proven).max(0.0), upper];
    let refined = Search::new(settings, bounds, pair, rec).run(found.normal, triangle);
    let s = refined.answer;
    // The distance phase brackets the distance between its best support plane, `proven`, and
    // its |v|, within the tolerance of each other once it converged; refinement's −h is a lower
    // bound. Its answer replaces the distance phase's only where that bound is no lower than
    // `proven` (to the height's rounding) and the normal turned (a height that is not negative
    // would say the shapes touch, which the separating plane rules out). A search that settled
    // on a kink short of the smallest height (a cone's rim against an ellipsoid: 4e-10 below a
    // plane the distance phase had measured) answers a distance already ruled out. A distance
    // phase that stopped short (a repeated support point, as rounding stalls it on shapes far
    // larger than the tolerance) has no bracket from above: a refined bound not above its |v|
    // replaces it.
    let sharper = -s.height >= proven - s.tolerance
        && (converged || -s.height <= upper + bracket_width(settings, &refined, feature, upper));
    if !(sharper && s.height < 0.0 && turned(found.normal, s.normal)) {
        let (distance, (contact_a, contact_b)) = match face_under(pair, &refined, found.normal) {
            Some(contacts) => ((-s.height).max(0.0), contacts),
            None => (found.distance, (found.contact_a, found.contact_b)),
        };
        let kept = Separation {
            distance,
            contact_a,
            contact_b,
            ..*found
        };
        return (kept, refined.iterations);
    }
    let reach = converged.then(|| witness_reach(settings.tolerance, &s));
    let earlier = (found.contact_a, found.contact_b);
    let (contact_a, contact_b) = refined_contact_points(pair, &refined, earlier, reach);
    let separation = Separation {
        distance: (-s.height).max(0.0),
        contact_a,
        contact_b,
        normal: s.normal,
    };
    (separation, refined.iterations)
}

/// The points of A − B at the corners of the earlier phase's final feature, when that is a
/// triangle: where it converged on a flat face of A − B, corners of that face.
fn triangle_of(feature: &[Vertex]) -> Option<[Vertex; 3]> {
    <[Vertex; 3]>::try_from(feature).ok()
}

/// How far refinement's height may lie past the earlier phase's answer and still be inside
/// that phase's bracket: the tolerance the phase honoured ([`effective_tolerance`]), plus the
/// rounding of the height itself. The honoured tolerance is the one asked for, or on shapes far
/// larger than it, the rounding floor at the size of what the phase's last check compared. That
/// check's support point lay along the phase's answer, where refinement began, next to the
/// corners of its final `feature`; its `answer` (depth or distance) counts as well. Without the
/// height's rounding, an EPA that converged with its gap at the floor (two balls 1e6 across)
/// kept its own answer over refinement's, its normal 2e-8 rad off and its depth 1e-13 low.
fn bracket_width(settings: &Settings3, refined: &Refined, feature: &[Vertex], answer: f64) -> f64 {
    let corners = feature.iter().map(|v| v.w.length()).fold(0.0, f64::max);
    let magnitude = refined.start_magnitude.max(corners).max(answer.abs());
    effective_tolerance(settings.tolerance, magnitude) + refined.answer.tolerance
}
