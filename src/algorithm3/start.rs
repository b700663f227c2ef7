//! EPA's start: GJK's simplex, which holds the origin, grown into a tetrahedron.
//!
//! GJK often ends before it has four points: touching shapes put the origin on a vertex, an
//! edge or a face of the simplex. Each missing point is the support point in a direction that
//! leaves the simplex's span: for a point, the six axis directions; for a segment, the four
//! directions ±t1, ±t2 perpendicular to it (t1 by the least-significant-component rule, so
//! the choice is deterministic); for a triangle, its two normals. The first support point that
//! is off the span (by more than rounding) is kept. Because the origin lies on the old simplex
//! and the old simplex is a face or edge of the new one, the new one holds the origin too:
//! no step can lose it. If no direction leaves the span, A − B itself is flat.
//!
//! A GJK simplex that is itself degenerate (a flat tetrahedron, a triangle without area) is
//! first cut down to the feature that holds the origin.

use glam::DVec3;

use super::contact::least_significant_perpendicular;
use super::difference::Difference;
use super::simplex::{Simplex, is_flat};
use crate::geometry3::SupportMap3;
use crate::trace::{Phase, Recorder};
use crate::trace3::{Event3, Step3};

/// A point closer than this fraction of the simplex's size to its line or plane is on it:
/// rounding alone puts points up to ~1e-16 of the size off.
const OFF_SPAN: f64 = 1e-10;

const AXES: [DVec3; 6] = [
    DVec3::X,
    DVec3::NEG_X,
    DVec3::Y,
    DVec3::NEG_Y,
    DVec3::Z,
    DVec3::NEG_Z,
];

/// Grows `simplex` into four independent points holding the origin; false when it cannot be
/// grown (A − B is flat: it lies in the simplex's span).
pub(crate) fn grow_to_tetrahedron<A, B, R>(
    pair: &mut Difference<A, B>,
    simplex: &mut Simplex,
    recorder: &mut R,
) -> bool
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let points = simplex.points.map(|v| v.w);
    if simplex.len < 4 || is_flat(points) {
        simplex.reduce();
    }
    while simplex.len < 4 {
        let p = simplex.points.map(|v| v.w);
        let scale = simplex.magnitude().max(f64::MIN_POSITIVE);
        let (directions, count): ([DVec3; 6], usize) = match simplex.len {
            1 => (AXES, 6),
            2 => {
                let u = p[1] - p[0];
                let t1 = least_significant_perpendicular(u);
                let t2 = u.normalize_or_zero().cross(t1);
                ([t1, -t1, t2, -t2, DVec3::ZERO, DVec3::ZERO], 4)
            }
            _ => {
                let n = (p[1] - p[0]).cross(p[2] - p[0]).normalize_or_zero();
                (
                    [n, -n, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO],
                    2,
                )
            }
        };
        let mut grown = false;
        for &d in &directions[..count] {
            let s = pair.support(d);
            let off = off_span(&p[..simplex.len], s.w);
            let kept = off > OFF_SPAN * scale.max(s.w.length());
            if kept {
                simplex.push(s);
            }
            recorder.record(|| Step3 {
                direction: Some(d),
                support: Some(pair.world(&s)),
                simplex: simplex.ids(),
                ..Step3::new(Phase::Epa, 0, Event3::BlowUp)
            });
            if kept {
                grown = true;
                break;
            }
        }
        if !grown {
            return false;
        }
    }
    true
}

/// Distance of `s` from the line or plane of the first one, two or three points.
fn off_span(points: &[DVec3], s: DVec3) -> f64 {
    match points {
        [p] => (s - *p).length(),
        [p, q] => (s - *p).cross((*q - *p).normalize_or_zero()).length(),
        [p, q, r, ..] => (q - p).cross(r - p).normalize_or_zero().dot(s - *p).abs(),
        [] => s.length(),
    }
}
