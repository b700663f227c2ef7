//! The 3D trace: what the 3D algorithms did, step by step, in memory linear in the iterations.
//!
//! Every support point found gets an id in order of discovery (shown as p1, p2, …) and is
//! stored once, in the step that found it. GJK and distance steps name their simplex (at most
//! four points) by ids. EPA steps record only their change to the polytope: the faces removed,
//! the horizon, the faces added. [`Trace3::polytope_at`] rebuilds the polytope at any step
//! from that log alone; nothing re-runs any geometry.
//!
//! Shared with 2D (from [`mod@crate::trace`]): [`Phase`], [`Check`], [`Termination`] and the
//! [`crate::trace::Recorder`]s.

use glam::DVec3;
use serde::Serialize;
use smallvec::SmallVec;

use crate::trace::{Check, Phase, Termination};

/// Id of a support point: its place in the order of discovery, from 0 (shown as p1).
pub type VertexId = u32;
/// Id of an EPA face: its place in the order of creation within one EPA run, from 0.
pub type FaceId = u32;
/// The ids of a simplex's points, or of the points a step dropped from it: at most four, kept
/// in the step itself. A `Vec` cost every traced GJK and distance step an allocation or two:
/// with them, and with the ids collected rather than copied, a traced separated box pair ran
/// 7,464 instructions against its 5,666 now (see BENCHMARKS.md).
pub type SimplexIds = SmallVec<[VertexId; 4]>;

/// A point of A − B with the points of A and B it came from (world space).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Vertex3 {
    pub id: VertexId,
    /// `a − b`.
    pub point: DVec3,
    /// The support point of A.
    pub a: DVec3,
    /// The support point of B (in the opposite direction).
    pub b: DVec3,
}

/// A triangle of the EPA polytope: vertices counter-clockwise seen from outside, so
/// (v1 − v0) × (v2 − v0) points outward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Face3 {
    pub id: FaceId,
    pub vertices: [VertexId; 3],
}

/// The polytope face closest to the origin, which an EPA step expanded or accepted.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ClosestFace3 {
    pub face: Face3,
    /// Unit outward normal.
    pub normal: DVec3,
    /// Signed distance from the origin to the face's plane (≥ 0 when the origin is inside).
    pub distance: f64,
    /// The origin's projection on the plane: `distance · normal`.
    pub projection: DVec3,
    /// Barycentric coordinates of `projection` in the face (sum 1).
    pub barycentric: [f64; 3],
}

/// Which feature of the simplex is closest to the origin (the Voronoi region the origin is in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Region3 {
    Vertex,
    Edge,
    Face,
    /// Inside the tetrahedron: the shapes overlap.
    Inside,
}

/// The bracket of an EPA or refinement step: the true depth (refinement after distance: the
/// true distance) lies between them.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Bounds {
    /// EPA: the closest face's distance (the polytope lies inside A − B); refinement: EPA's
    /// lower bound; refinement after distance: minus the smallest height or the distance
    /// phase's best lower bound, whichever is higher (both bound the distance from below).
    pub lower: f64,
    /// EPA and refinement: the smallest `support · normal` seen (A − B lies behind each such
    /// plane); refinement after distance: the distance phase's |v|.
    pub upper: f64,
}

/// What a 3D step decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Event3 {
    /// GJK's first support point, in the initial direction.
    FirstSupport,
    /// GJK: the simplex was cut down to its feature closest to the origin (see `region`).
    Reduced,
    /// GJK: the tetrahedron encloses the origin, so the shapes overlap.
    EnclosedOrigin,
    /// GJK or distance: the origin lies on the simplex, so the shapes touch.
    OriginOnSimplex,
    /// GJK: the new support point did not pass the origin, so the shapes are separated.
    Separated,
    /// The support point is already in the simplex or polytope: no progress is possible.
    RepeatedSupport,
    /// The iteration limit was reached; the best answer so far is reported.
    MaxIterations,
    /// Distance: the closest point of the simplex moved toward the origin.
    CloserPoint,
    /// Within tolerance: the answer is found.
    Converged,
    /// EPA start: one more support point to grow GJK's simplex into a tetrahedron.
    BlowUp,
    /// EPA start: the tetrahedron holding the origin, the first polytope.
    StartTetrahedron,
    /// EPA: the support point lies beyond the closest face; the faces it sees were replaced.
    Expanded,
    /// EPA: A − B has no volume (no direction leaves the simplex's plane or line): depth 0.
    FlatDifference,
    /// EPA: rounding left no valid expansion (see [`Termination::Degenerate`]).
    Degenerate,
    /// Sampling: the depth of A − B along one more direction was measured.
    SampledDirection,
    /// Core shapes: the depth is the margins minus the distance between the cores.
    CoreDepth,
    /// Core shapes: the cores overlap, the margin was too small; EPA takes over.
    CoresOverlap,
    /// Core shapes: a shape has no core for this margin (too thin, an ellipsoid, or flat or
    /// straight); EPA takes over.
    NoCore,
    /// Refinement: the normal turned toward a smaller height of A − B; the search goes on.
    RefinedNormal,
    /// Refinement: a flat face of A − B looked for, with the normal tilted toward one of its
    /// corners or along the plane of three of them; the search goes on.
    FlatFaceProbe,
    /// Refinement: after a search along a kink of A − B's support function, the normal turned a
    /// hair across it, toward the support point on its other side; the search goes on.
    KinkProbe,
    /// Refinement: the normal stepped along a kink to where the slopes of the last two points
    /// found on it say the height along the kink is smallest; a search across the kink follows.
    KinkStep,
}

/// One step of a 3D run: what it found and what it changed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step3 {
    pub phase: Phase,
    /// 0 for a phase's set-up steps, then 1, 2, … for its iterations.
    pub iteration: u32,
    pub event: Event3,
    /// The direction searched in.
    pub direction: Option<DVec3>,
    /// The support point found (new id) in `direction`.
    pub support: Option<Vertex3>,
    pub check: Option<Check>,
    /// GJK, distance, EPA start: the simplex after the step, by ids.
    #[serde(skip_serializing_if = "SimplexIds::is_empty")]
    pub simplex: SimplexIds,
    /// GJK, distance: the points the step dropped from the simplex.
    #[serde(skip_serializing_if = "SimplexIds::is_empty")]
    pub dropped: SimplexIds,
    /// GJK, distance: the simplex feature closest to the origin.
    pub region: Option<Region3>,
    /// Distance: the point of the simplex closest to the origin, before the new support point.
    pub closest_point: Option<DVec3>,
    /// The direction the next step will search in.
    pub next_direction: Option<DVec3>,
    /// EPA: the face expanded or accepted.
    pub closest_face: Option<ClosestFace3>,
    /// EPA: the faces the support point sees, removed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed_faces: Vec<FaceId>,
    /// EPA: the horizon, the loop of edges between seen and unseen faces, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub horizon: Vec<[VertexId; 2]>,
    /// EPA: the faces added (the start tetrahedron's four, or the cone on the horizon).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub added_faces: Vec<Face3>,
    /// EPA, refinement: the bracket of the answer after the step.
    pub bounds: Option<Bounds>,
    /// The step ran on the core shapes (both shrunk by the margin).
    pub on_cores: bool,
}

impl Step3 {
    /// Whether this step ended refinement: its normal settled, by its own check or another.
    pub fn settles_refinement(&self) -> bool {
        self.phase == Phase::Refinement && self.event == Event3::Converged
    }

    /// A step with only its phase, iteration and event set.
    pub fn new(phase: Phase, iteration: u32, event: Event3) -> Self {
        Step3 {
            phase,
            iteration,
            event,
            direction: None,
            support: None,
            check: None,
            simplex: SimplexIds::new(),
            dropped: SimplexIds::new(),
            region: None,
            closest_point: None,
            next_direction: None,
            closest_face: None,
            removed_faces: Vec::new(),
            horizon: Vec::new(),
            added_faces: Vec::new(),
            bounds: None,
            on_cores: false,
        }
    }
}

/// What the 3D algorithm concluded about a pair.
///
/// Convention: `normal` is a unit vector from A toward B. Overlapping: moving B by
/// `depth · normal` separates them. Separated: `contact_b − contact_a = distance · normal`.
/// (normal, tangent1, tangent2) is a right-handed orthonormal basis.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome3 {
    pub intersecting: bool,
    /// Penetration depth, 0 when separated.
    pub depth: f64,
    /// Distance between the shapes, 0 when they overlap.
    pub distance: f64,
    pub normal: DVec3,
    pub tangent1: DVec3,
    pub tangent2: DVec3,
    /// Point of A: the deepest point inside B, or the closest point to B (world).
    pub contact_a: DVec3,
    /// Point of B: the deepest point inside A, or the closest point to A (world).
    pub contact_b: DVec3,
    /// `contact_a` in A's own frame.
    pub local_contact_a: DVec3,
    /// `contact_b` in B's own frame.
    pub local_contact_b: DVec3,
    pub gjk_iterations: u32,
    pub distance_iterations: u32,
    pub epa_iterations: u32,
    /// Iterations of the refinement after EPA or distance on a curved pair (0 when it did not
    /// run).
    pub refinement_iterations: u32,
    pub termination: Termination,
    /// Where the penetration search did not converge to the tolerance on its own (EPA at its
    /// limit, or refined after it): the lower and upper bounds of the depth it reached.
    pub bounds: Option<[f64; 2]>,
}

/// A whole 3D run: every step and the result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trace3 {
    pub result: Outcome3,
    pub steps: Vec<Step3>,
    /// For each vertex id, the index of the step that found it.
    #[serde(skip)]
    found_in: Vec<u32>,
}

impl Trace3 {
    pub fn new(steps: Vec<Step3>, result: Outcome3) -> Self {
        // A step finds at most one point: room for all of them, so that the list does not
        // grow point by point.
        let mut found_in = Vec::with_capacity(steps.len());
        for (i, step) in steps.iter().enumerate() {
            if let Some(v) = step.support {
                let id = v.id as usize;
                if found_in.len() <= id {
                    found_in.resize(id + 1, u32::MAX);
                }
                found_in[id] = i as u32;
            }
        }
        Trace3 {
            result,
            steps,
            found_in,
        }
    }

    /// The support point with this id.
    pub fn vertex(&self, id: VertexId) -> Option<Vertex3> {
        let step = *self.found_in.get(id as usize)?;
        self.steps.get(step as usize)?.support
    }

    /// How many support points the run found.
    pub fn vertex_count(&self) -> usize {
        self.found_in.len()
    }

    /// The EPA polytope's faces after step `index` (0-based), rebuilt from the log: the last
    /// start tetrahedron at or before the step, then every later EPA step's removals and
    /// additions. Empty before EPA starts. Costs O(faces created up to the step).
    pub fn polytope_at(&self, index: usize) -> Vec<Face3> {
        let Some(last) = self.steps.len().checked_sub(1).map(|end| index.min(end)) else {
            return Vec::new();
        };
        let Some(start) = self.steps[..=last]
            .iter()
            .rposition(|s| s.phase == Phase::Epa && s.event == Event3::StartTetrahedron)
        else {
            return Vec::new();
        };
        let mut faces: Vec<Option<Face3>> = Vec::new();
        for step in &self.steps[start..=last] {
            if step.phase != Phase::Epa {
                continue;
            }
            for &id in &step.removed_faces {
                if let Some(slot) = faces.get_mut(id as usize) {
                    *slot = None;
                }
            }
            for &face in &step.added_faces {
                let id = face.id as usize;
                if faces.len() <= id {
                    faces.resize(id + 1, None);
                }
                faces[id] = Some(face);
            }
        }
        faces.into_iter().flatten().collect()
    }

    /// How many steps of `phase` the trace has.
    pub fn steps_in_phase(&self, phase: Phase) -> usize {
        self.steps.iter().filter(|s| s.phase == phase).count()
    }
}

impl crate::trace::MarkOnCores for Step3 {
    fn mark_on_cores(self) -> Self {
        Step3 {
            on_cores: true,
            ..self
        }
    }
}
