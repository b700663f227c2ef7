//! Kinks of A − B's support function: a probe across one, and steps along one by the secant
//! of its slopes.

use glam::DVec3;

use super::{Sample, Search};
use crate::algorithm::slope_search::ANGLE_RESOLUTION;
use crate::geometry3::SupportMap3;
use crate::trace::Recorder;
use crate::trace3::{Event3, Step3};

/// How far (radians) the probe after a search along a kink turns the normal across it. A search
/// closes its bracket to [`ANGLE_RESOLUTION`], so a kink it ended on lies about that far away;
/// and turned this little, the support point on this side stays within rounding of the height
/// (it sinks by the angle times the two sides' distance, some 2 ulps of the size), so the two
/// combine into the gradient ([`Sample::gradient`]). Twice that gave answers up to 3.6e-15 worse
/// on the bench's pairs.
const KINK_PROBE_ANGLE: f64 = ANGLE_RESOLUTION;

/// Longest step along a kink (radians) the secant of its slopes may take: beyond it the
/// slope's straight line is a guess, not a measurement.
const KINK_STEP_MAX: f64 = std::f64::consts::FRAC_PI_8;

/// How many times the angle between its two points the secant along a kink may reach; a longer
/// step is cut to that. Where the slopes hardly differ, a straight edge of a flat face running
/// into the face's normal, the secant reached 6e7 times it, 0.36 rad past the face, and the
/// search took 100 evaluations to come back. On a kink that curves the step is a few times
/// that (at most 52 over the refinement tests' pairs under five seeds), but where refinement
/// meets the kink close to its lowest point, 270 times (a ball inside a cone): refused, not
/// cut, that step left the search to creep along the kink, 1,000 evaluations.
const KINK_SECANT_REACH: f64 = 256.0;

/// The cosine between two directions across kinks above which they are one kink's.
const KINK_SAME_EDGE: f64 = 0.9;

impl<A, B, R, F> Search<'_, '_, A, B, R, F>
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
    F: Fn(f64) -> [f64; 2],
{
    /// After a search along a kink's edge: where it ended on the kink itself, the support
    /// points on both sides put the normal's line between them. One evaluation a hair across
    /// the edge, toward the other side, finds the other side's point and settles the normal.
    fn probe_across_the_kink(&mut self, at: &Sample, edge: DVec3) -> Option<Sample> {
        // The edge's line passes between the two sides' offsets, near the origin: the other side
        // lies across the origin from this side's offset.
        let e = edge.reject_from(at.normal).normalize_or_zero();
        let side = at.support.w.dot(e);
        if self.over() || e == DVec3::ZERO || side == 0.0 {
            return None;
        }
        let normal = (at.normal - e * (side.signum() * KINK_PROBE_ANGLE)).normalize();
        self.probe = Some(Event3::KinkProbe);
        let probed = self.evaluate(normal, 0.0, f64::INFINITY, std::slice::from_ref(at));
        Some(probed)
    }

    /// After a move along a kink that ended at `end`: where `end` lies on the kink itself, it
    /// is returned; where it lies a hair beside it (a great circle follows a straight kink, a
    /// capsule's side, to rounding), a probe across finds the other side; where it lies farther
    /// (a kink that curves, a cone's apex, leaves the great circle), a search downhill across
    /// it lands back on it. A search from there has two points on the kink to step by.
    pub(super) fn back_onto_the_kink(&mut self, end: Sample, edge: DVec3) -> Sample {
        if end.across.is_some() {
            return end;
        }
        match self.probe_across_the_kink(&end, edge) {
            Some(probed) if probed.across.is_some() => probed,
            _ => self.search_across_the_kink(end),
        }
    }

    /// A search downhill from `beside`, a point beside a kink: its offset points across it.
    fn search_across_the_kink(&mut self, beside: Sample) -> Sample {
        let across = (-beside.gradient)
            .reject_from(beside.normal)
            .normalize_or_zero();
        if self.over() || across == DVec3::ZERO {
            return beside;
        }
        self.line_search(&beside, across).0
    }

    /// A step along a kink from `start`, on it, by `angle` along the tangent `u`: the great
    /// circle leaves a kink that curves (a cone's apex, whose normals end on a small circle), so
    /// one evaluation there lands beside the kink, and a search downhill from it, across the
    /// kink, lands back on it, near where the height along it is smallest. A line search along
    /// the tangent itself would stop where leaving the kink costs more than following it gains,
    /// ever shorter steps as the slope along the kink fades.
    pub(super) fn step_along_the_kink(&mut self, start: &Sample, u: DVec3, angle: f64) -> Sample {
        let (sin, cos) = angle.sin_cos();
        self.probe = Some(Event3::KinkStep);
        let normal = start.normal * cos + u * sin;
        let beside = self.evaluate(normal, 0.0, f64::INFINITY, &[]);
        self.search_across_the_kink(beside)
    }
}

/// The angle along the unit tangent `u` at `start` where the height along the kink is smallest,
/// by the secant of the slopes along it at `start` and at `before`, the point the last search
/// on the same kink ended on. Both lie on the kink (their gradients are the slopes along it,
/// [`Sample::gradient`]). A step beyond [`KINK_SECANT_REACH`] times their angle apart is cut
/// to that. None where they are not on one kink or the secant does not lead downhill from
/// `start` within [`KINK_STEP_MAX`].
pub(super) fn kink_secant_angle(start: &Sample, before: &Sample, u: DVec3) -> Option<f64> {
    let (across, across_before) = (start.across?, before.across?);
    // The same kink: the directions across it agree (a cone's apex circle turns them slowly).
    if across.normalize().dot(across_before.normalize()).abs() < KINK_SAME_EDGE {
        return None;
    }
    let behind = before.normal.dot(u).atan2(before.normal.dot(start.normal));
    let (slope, slope_before) = (start.gradient.dot(u), before.gradient.dot(u));
    let angle = slope * behind / (slope - slope_before);
    let downhill = angle * slope < 0.0;
    // A finite angle has a finite `behind`, so the clamp's bounds are ordered numbers.
    let reach = KINK_SECANT_REACH * behind.abs();
    (angle.is_finite() && downhill && angle.abs() <= KINK_STEP_MAX)
        .then(|| angle.clamp(-reach, reach))
}

/// A search direction at a kink, made exactly parallel to the kink's edge (perpendicular to
/// `across`). Downhill there is minus the point nearest the origin on the segment between the
/// two support points' offsets, already perpendicular to their difference in exact arithmetic;
/// but it is a small difference of large offsets, and its rounding, relative to its own length,
/// tilts a search along it off the edge, where every step crosses the kink and the bracket
/// creeps back toward the start. A cycle's chord may come from off the kink altogether.
pub(super) fn along_the_kink(downhill: DVec3, across: Option<DVec3>) -> DVec3 {
    // `across` is never zero: `nearest_to_origin` gives it only for a segment of some length.
    across.map_or(downhill, |e| downhill.reject_from(e))
}
