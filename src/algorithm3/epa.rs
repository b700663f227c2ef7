//! EPA in 3D: the depth and normal of two overlapping shapes.
//!
//! The polytope starts as a tetrahedron inside A − B holding the origin ([`super::start`]).
//! Each iteration takes its face closest to the origin, at distance d with outward normal n,
//! and asks for the support point s of A − B along n. A − B lies behind the plane s·n, and the
//! polytope lies inside A − B, so the depth is bracketed: d ≤ depth ≤ s·n. When the gap s·n − d
//! is within the tolerance, the face lies on the boundary of A − B: d is the depth, n the
//! normal, and the barycentric coordinates of the origin's projection d·n on the face, applied
//! to the face's support points of A and B, give the contact points. Otherwise the faces s sees
//! are replaced by the cone from s to their horizon ([`Polytope::expand`]).

use glam::DVec3;

use super::contact::{Penetration, least_significant_perpendicular};
use super::difference::{Difference, Vertex, effective_tolerance};
use super::polytope::{Polytope, Projection};
use super::settings::Settings3;
use super::simplex::Simplex;
use super::start::grow_to_tetrahedron;
use crate::geometry3::SupportMap3;
use crate::trace::{Check, CheckKind, Phase, Recorder, Termination};
use crate::trace3::{Bounds, ClosestFace3, Event3, Face3, Step3};

pub(crate) fn penetration<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    mut simplex: Simplex,
    recorder: &mut R,
) -> Penetration
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    if !grow_to_tetrahedron(pair, &mut simplex, recorder) {
        return flat_difference(pair, simplex, recorder);
    }
    let mut polytope = Polytope::empty();
    polytope.start_tetrahedron(simplex.points);
    recorder.record(|| Step3 {
        simplex: polytope.vertices.iter().map(|v| v.id).collect(),
        added_faces: (0..polytope.faces.len())
            .map(|f| face3(&polytope, f))
            .collect(),
        ..Step3::new(Phase::Epa, 0, Event3::StartTetrahedron)
    });
    let mut upper = f64::INFINITY;
    // The closest face seen at the largest distance: the polytope only grows, so its closest
    // distance never falls, unless rounding spoiled an expansion (a sliver face cut across
    // it). A run that then stops short answers from this face, not the spoiled one.
    let mut best = (f64::NEG_INFINITY, 0);
    for iteration in 1..=settings.max_iterations {
        let Some(closest) = polytope.closest_face() else {
            break;
        };
        let face = polytope.faces[closest];
        let (n, d) = (face.normal, face.distance);
        if d >= best.0 {
            best = (d, closest);
        }
        let s = pair.support(n);
        let reach = s.w.dot(n);
        upper = upper.min(reach);
        let gap = reach - d;
        let tolerance = effective_tolerance(settings.tolerance, s.w.length());
        let check = Check {
            kind: CheckKind::EdgeGap,
            value: reach,
            reference: d,
            difference: gap,
            tolerance,
            passed: gap <= tolerance,
        };
        let bounds = Bounds { lower: d, upper };
        let step = |event, closest_face| Step3 {
            direction: Some(n),
            support: Some(pair.world(&s)),
            check: Some(check),
            closest_face: Some(closest_face),
            bounds: Some(bounds),
            ..Step3::new(Phase::Epa, iteration, event)
        };
        let stop = if check.passed {
            Some((Event3::Converged, Termination::Converged))
        } else if polytope.repeats_vertex(s.w, gap) {
            Some((Event3::RepeatedSupport, Termination::RepeatedSupport))
        } else {
            None
        };
        if let Some((event, termination)) = stop {
            let at = polytope.projection_around(closest, tolerance);
            recorder.record(|| step(event, closest_face3(&polytope, closest, &at)));
            return answer(pair, &polytope, closest, &at, iteration, termination);
        }
        let first_new = polytope.faces.len();
        if polytope.expand(closest, s).is_err() {
            // Removed faces keep their place and corners: the best one can still answer.
            let answered = best.1;
            let at = polytope.projection_around(answered, tolerance);
            recorder.record(|| Step3 {
                bounds: Some(Bounds {
                    lower: best.0,
                    upper,
                }),
                ..step(Event3::Degenerate, closest_face3(&polytope, answered, &at))
            });
            return answer(
                pair,
                &polytope,
                answered,
                &at,
                iteration,
                Termination::Degenerate,
            );
        }
        recorder.record(|| Step3 {
            removed_faces: polytope.removed.to_vec(),
            horizon: polytope
                .horizon
                .iter()
                .map(|e| [e.start, e.end].map(|i| polytope.vertices[i as usize].id))
                .collect(),
            added_faces: (first_new..polytope.faces.len())
                .map(|f| face3(&polytope, f))
                .collect(),
            ..step(
                Event3::Expanded,
                closest_face3(&polytope, closest, &polytope.projection(closest)),
            )
        });
    }
    let closest = polytope.closest_face().unwrap_or(0);
    let lower = polytope.faces[closest].distance;
    let at = polytope.projection_around(
        closest,
        effective_tolerance(settings.tolerance, lower.abs()),
    );
    recorder.record(|| Step3 {
        closest_face: Some(closest_face3(&polytope, closest, &at)),
        bounds: Some(Bounds { lower, upper }),
        ..Step3::new(Phase::Epa, settings.max_iterations, Event3::MaxIterations)
    });
    Penetration {
        bounds: Some([lower, upper]),
        ..answer(
            pair,
            &polytope,
            closest,
            &at,
            settings.max_iterations,
            Termination::MaxIterations,
        )
    }
}

/// The outcome from face `f`: its distance and normal, and the witness points of the origin's
/// projection `at` on its plane (in `f`, or in a face in that plane).
fn answer<A, B>(
    pair: &Difference<A, B>,
    polytope: &Polytope,
    f: usize,
    at: &Projection,
    iterations: u32,
    termination: Termination,
) -> Penetration
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let face = polytope.faces[f];
    Penetration {
        triangle: Some(at.corners),
        ..Penetration::from_feature(
            pair,
            face.distance,
            face.normal,
            &at.corners,
            &at.weights,
            iterations,
            termination,
        )
    }
}

/// A − B lies in the simplex's plane or line: the origin is on its boundary, depth 0. The
/// normal is the plane's (or any perpendicular of the line); the witnesses are those of the
/// origin on the simplex.
fn flat_difference<A, B, R>(
    pair: &mut Difference<A, B>,
    mut simplex: Simplex,
    recorder: &mut R,
) -> Penetration
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let p: [DVec3; 4] = simplex.points.map(|v: Vertex| v.w);
    let normal = match simplex.len {
        3 => (p[1] - p[0]).cross(p[2] - p[0]),
        2 => least_significant_perpendicular(p[1] - p[0]),
        _ => DVec3::X,
    };
    let normal = normal.try_normalize().unwrap_or(DVec3::X);
    simplex.reduce();
    recorder.record(|| Step3 {
        simplex: simplex.ids(),
        ..Step3::new(Phase::Epa, 0, Event3::FlatDifference)
    });
    Penetration::from_feature(
        pair,
        0.0,
        normal,
        simplex.vertices(),
        &simplex.weights,
        0,
        Termination::FlatDifference,
    )
}

fn face3(polytope: &Polytope, f: usize) -> Face3 {
    Face3 {
        id: f as u32,
        vertices: polytope.faces[f]
            .vertices
            .map(|i| polytope.vertices[i as usize].id),
    }
}

/// Face `f`, EPA's closest, with the origin's projection on its plane `at`: the face named is
/// the one holding the projection, which the weights are over.
fn closest_face3(polytope: &Polytope, f: usize, at: &Projection) -> ClosestFace3 {
    let face = polytope.faces[f];
    ClosestFace3 {
        face: face3(polytope, at.face),
        normal: face.normal,
        distance: face.distance,
        projection: at.point,
        barycentric: at.weights,
    }
}

#[cfg(test)]
mod tests {
    use glam::{DMat3, DVec3};

    use crate::algorithm3::Settings3;
    use crate::geometry3::{ConvexBody3, LocalShape, SupportMap3};
    use crate::trace::Termination;

    /// A body that says it is not curved, so the run stops after EPA (no refinement).
    struct Flat(ConvexBody3);

    impl SupportMap3 for Flat {
        fn position(&self) -> DVec3 {
            self.0.position()
        }
        fn support_offset(&self, direction: DVec3) -> DVec3 {
            self.0.support_offset(direction)
        }
        fn is_curved(&self) -> bool {
            false
        }
        fn to_local(&self, world: DVec3) -> DVec3 {
            self.0.to_local(world)
        }
    }

    fn cone(half_height: f64, radius: f64, position: DVec3, axes: [DVec3; 3]) -> Flat {
        let shape = LocalShape::Cone {
            half_height,
            radius,
        };
        Flat(ConvexBody3::from_local(
            shape,
            position,
            DMat3::from_cols(axes[0], axes[1], axes[2]),
        ))
    }

    /// Two cones (a random pair) and a tolerance below rounding, 1e-13, at which EPA's closest
    /// face becomes a needle that the support point along its rounded normal lies behind.
    fn cones_beside_a_needle() -> (Flat, Flat, Settings3) {
        let a = cone(
            0.6561123418403704,
            0.49586719998157397,
            DVec3::new(-1.2288176000249056, -9.027304671225178, 9.085758836883954),
            [
                DVec3::new(
                    -0.03296409380926146,
                    -0.8612225792569498,
                    0.5071578033485643,
                ),
                DVec3::new(
                    0.07776382278916627,
                    -0.5081053665535062,
                    -0.8577771997114065,
                ),
                DVec3::new(
                    0.9964266939341545,
                    0.011162681467008273,
                    0.08372119300342507,
                ),
            ],
        );
        let b = cone(
            0.8440297646783852,
            0.5160103955010766,
            DVec3::new(-1.338270169440238, -8.878765048206995, 9.414010202537494),
            [
                DVec3::new(-0.3044109381798863, 0.6911807579375239, -0.6554411801018849),
                DVec3::new(
                    -0.6982725166746099,
                    -0.6299404182450978,
                    -0.3399861201844835,
                ),
                DVec3::new(-0.6478807553657913, 0.35418106854842113, 0.6743932810375193),
            ],
        );
        let settings = Settings3 {
            tolerance: 1e-13,
            ..Settings3::default()
        };
        (a, b, settings)
    }

    /// Two cones where EPA at a tolerance below rounding (1e-13) ends Degenerate. The closest
    /// face is a needle whose rounded normal puts it at 0.64252005000, below the 0.64252005060
    /// an earlier face reached, and the support point along that normal does not lie beyond
    /// the needle's exact plane, so the expansion is refused. The answer is the best face
    /// reached: the closest one's depth is 8e-10 below the overlap along its own normal. (This
    /// run once went on to remove the needle, denting the polytope to a face at 0.284.)
    #[test]
    fn a_run_that_ends_degenerate_answers_from_its_best_face() {
        let (a, b, settings) = cones_beside_a_needle();
        let outcome = crate::algorithm3::query(&a, &b, &settings);
        assert_eq!(outcome.termination, Termination::Degenerate);
        // The overlap along the answer's normal bounds the depth from above; the answer must
        // be that overlap to within the gap EPA had closed.
        let n = outcome.normal;
        let overlap = a.support(n).dot(n) - b.support(-n).dot(n);
        assert!(
            (outcome.depth - overlap).abs() < 1e-10
                && (outcome.depth - 0.6425200505983).abs() < 1e-9,
            "depth {} against the overlap {overlap} along its normal",
            outcome.depth
        );
    }

    /// The same run, traced: no face of its last polytope lies nearer the origin than the
    /// closest face the run reached, beyond a needle's rounding (the polytope only grows).
    /// Before an expansion needed its start face to see the point, this run removed the
    /// needle anyway, and a face of the dented polytope lay at 0.284 against 0.643 reached.
    #[test]
    fn an_expansion_by_a_point_its_closest_face_does_not_see_is_refused() {
        let (a, b, settings) = cones_beside_a_needle();
        let trace = crate::algorithm3::trace(&a, &b, &settings);
        assert_eq!(trace.result.termination, Termination::Degenerate);
        let reached = trace
            .steps
            .iter()
            .filter_map(|step| step.closest_face.map(|face| face.distance))
            .fold(f64::NEG_INFINITY, f64::max);
        let point = |id| trace.vertex(id).expect("a face's corner was found").point;
        for face in trace.polytope_at(trace.steps.len()) {
            let [p, q, r] = face.vertices.map(point);
            let distance = (q - p).cross(r - p).normalize().dot(p);
            assert!(
                distance >= reached - 1e-8,
                "face {:?} at {distance}, {reached} reached",
                face.vertices
            );
        }
    }
}
