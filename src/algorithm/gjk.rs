//! GJK as an intersection test, in the form the dyn4j series teaches: grow a simplex of support
//! points of A − B toward the origin until it encloses the origin (overlap) or a support point
//! fails to reach the origin (separation).

use glam::DVec2;

use super::settings::Settings;
use super::simplex::{Simplex, support};
use crate::geometry::{SupportMap, cross, left_perp, right_perp};
use crate::trace::{Check, CheckKind, Event, Phase, Recorder, SimplexVertex, Step};

/// What GJK concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The simplex encloses the origin or the origin lies on it: the shapes overlap or touch.
    Overlap,
    /// A support point did not reach the origin: the shapes are separated.
    Separated,
    /// No decision within the iteration limit, or no progress possible: let distance decide.
    Undecided,
}

pub(crate) struct GjkOutput {
    pub verdict: Verdict,
    pub simplex: Simplex,
    pub iterations: u32,
}

/// Where GJK's simplex update leaves the search.
enum Update {
    /// Search on in this direction.
    Search(DVec2, Event),
    /// The origin is inside the triangle or on the simplex.
    Overlap(Event),
}

/// The check of a new support point: did it get to (or past) the origin along the direction?
fn passes_origin(projection: f64) -> Check {
    Check {
        kind: CheckKind::PassesOrigin,
        value: projection,
        reference: 0.0,
        difference: projection,
        tolerance: 0.0,
        passed: projection >= 0.0,
    }
}

pub(crate) fn intersect<A, B, R>(a: &A, b: &B, settings: &Settings, rec: &mut R) -> GjkOutput
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let first_direction = settings.first_direction(a, b);
    let first = support(a, b, first_direction);
    let mut simplex = Simplex::one(first);
    let check = passes_origin(first.point.dot(first_direction));
    let (verdict, event, next) = if !check.passed {
        (Some(Verdict::Separated), Event::Separated, None)
    } else if first.point == DVec2::ZERO {
        (Some(Verdict::Overlap), Event::OriginOnSimplex, None)
    } else {
        (None, Event::FirstSupport, Some(-first.point))
    };
    rec.record(|| Step {
        direction: Some(first_direction),
        support: Some(first),
        inserted_at: Some(0),
        next_direction: next,
        check: Some(check),
        ..Step::new(Phase::Gjk, 0, simplex.as_slice(), event)
    });
    if let Some(verdict) = verdict {
        return GjkOutput {
            verdict,
            simplex,
            iterations: 0,
        };
    }
    let mut direction = -first.point;

    for iteration in 1..=settings.max_iterations {
        let new = support(a, b, direction);
        let check = passes_origin(new.point.dot(direction));
        let stop = if !check.passed {
            Some((Verdict::Separated, Event::Separated))
        } else if simplex.contains_point(new.point) {
            Some((Verdict::Undecided, Event::RepeatedSupport))
        } else {
            None
        };
        if let Some((verdict, event)) = stop {
            rec.record(|| Step {
                direction: Some(direction),
                support: Some(new),
                check: Some(check),
                ..Step::new(Phase::Gjk, iteration, simplex.as_slice(), event)
            });
            if verdict == Verdict::Separated {
                // The separating point is a support point like any other: the distance phase
                // starts with it rather than searching the same direction again.
                simplex.push(new);
            }
            return GjkOutput {
                verdict,
                simplex,
                iterations: iteration,
            };
        }

        simplex.push(new);
        let mut removed: Option<SimplexVertex> = None;
        let update = if simplex.len() == 2 {
            line_case(&simplex)
        } else {
            triangle_case(&mut simplex, &mut removed)
        };
        let (next, event) = match update {
            Update::Search(d, event) => (Some(d), event),
            Update::Overlap(event) => (None, event),
        };
        rec.record(|| Step {
            removed: removed.into_iter().collect(),
            direction: Some(direction),
            support: Some(new),
            inserted_at: simplex.as_slice().iter().position(|v| v.point == new.point),
            next_direction: next,
            check: Some(check),
            ..Step::new(Phase::Gjk, iteration, simplex.as_slice(), event)
        });
        match next {
            Some(d) => direction = d,
            None => {
                return GjkOutput {
                    verdict: Verdict::Overlap,
                    simplex,
                    iterations: iteration,
                };
            }
        }
    }
    GjkOutput {
        verdict: Verdict::Undecided,
        simplex,
        iterations: settings.max_iterations,
    }
}

/// Simplex [b, a], a newest: search perpendicular to the line, on the origin's side. The new
/// point passed the origin and b lies before it, so an origin on the line lies on the segment.
fn line_case(simplex: &Simplex) -> Update {
    let [b, a] = [simplex.as_slice()[0].point, simplex.as_slice()[1].point];
    let ab = b - a;
    let side = cross(ab, -a);
    if side > 0.0 {
        Update::Search(left_perp(ab), Event::LineTowardOrigin)
    } else if side < 0.0 {
        Update::Search(right_perp(ab), Event::LineTowardOrigin)
    } else {
        Update::Overlap(Event::OriginOnSimplex)
    }
}

/// Simplex [c, b, a], a newest. The origin lies on a's side of bc (a was found beyond it), so
/// only the edges through a can have the origin outside: keep that edge and search past it, or
/// the triangle encloses the origin.
fn triangle_case(simplex: &mut Simplex, removed: &mut Option<SimplexVertex>) -> Update {
    let [c, b, a] = [0, 1, 2].map(|i| simplex.as_slice()[i].point);
    let (ab, ac, ao) = (b - a, c - a, -a);
    let orientation = cross(ab, ac);
    if orientation == 0.0 {
        // Collinear points (only through rounding): keep the newest edge and go on as a line.
        *removed = Some(simplex.remove(0));
        return line_case(simplex);
    }
    // Outward normals of ab and ac: the perpendiculars that point away from the third vertex.
    let (ab_out, ac_out) = if orientation > 0.0 {
        (right_perp(ab), left_perp(ac))
    } else {
        (left_perp(ab), right_perp(ac))
    };
    if ab_out.dot(ao) > 0.0 {
        *removed = Some(simplex.remove(0));
        Update::Search(ab_out, Event::DroppedVertex)
    } else if ac_out.dot(ao) > 0.0 {
        *removed = Some(simplex.remove(1));
        Update::Search(ac_out, Event::DroppedVertex)
    } else {
        Update::Overlap(Event::EnclosedOrigin)
    }
}
