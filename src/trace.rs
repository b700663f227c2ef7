//! The trace: what the algorithm did, step by step. It is the one interface between the core and
//! the app. Every step can be read on its own ([`Trace::step`]: the app jumps to step N without
//! re-running anything), yet the trace grows only linearly with the iterations: EPA's steps
//! record what they changed, not the whole polytope. It is serialisable (the command line
//! prints it as JSON).
//!
//! The algorithms are generic over a [`Recorder`]. [`NoTrace`] compiles every recording call
//! away, so the fast path and the traced path are the same code and cannot disagree.

use std::borrow::Cow;
use std::collections::HashMap;

use glam::DVec2;
use serde::Serialize;

/// A point of the Minkowski difference A − B with the points of A and B it came from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SimplexVertex {
    /// `a − b`.
    pub point: DVec2,
    /// The support point of A.
    pub a: DVec2,
    /// The support point of B (in the opposite direction).
    pub b: DVec2,
}

/// Which algorithm a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// GJK intersection test: does A − B contain the origin?
    Gjk,
    /// GJK distance: the closest points of two separated shapes.
    Distance,
    /// Expanding polytope: depth and normal of two overlapping shapes.
    Epa,
    /// Direction sampling, the alternative to EPA: the smallest depth over many directions.
    Sampling,
    /// Core shapes, the other alternative: depth from the distance between shrunk shapes.
    CoreShapes,
    /// After EPA or GJK distance on a curved pair: the normal that minimises the height of
    /// A − B (minus the distance when apart), found directly, to the rounding of the coordinates.
    Refinement,
}

/// An edge of the EPA polytope.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Edge {
    /// The edge's first vertex, numbered in the order EPA found its points: 0, 1, 2 for the
    /// starting triangle (counter-clockwise), then one more for each expansion. The edge runs
    /// counter-clockwise from it to the next vertex of the polytope.
    pub index: usize,
    pub start: DVec2,
    pub end: DVec2,
    /// Unit normal pointing away from the origin's side.
    pub normal: DVec2,
    /// Distance from the origin to the edge's line.
    pub distance: f64,
}

/// The numeric test that decided a step, with the numbers it compared.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Check {
    pub kind: CheckKind,
    /// The measured value (see [`CheckKind`]).
    pub value: f64,
    /// What it is compared with.
    pub reference: f64,
    /// `value − reference`.
    pub difference: f64,
    /// The allowed difference.
    pub tolerance: f64,
    /// Whether the test passed (see [`CheckKind`] for what passing means).
    pub passed: bool,
}

impl Check {
    /// Core shapes that gave up (no core, or cores that still overlap): the margins tried.
    pub fn cores_gave_up(margin: f64) -> Self {
        Check {
            kind: CheckKind::CoreGap,
            value: 2.0 * margin,
            reference: 0.0,
            difference: 2.0 * margin,
            tolerance: 0.0,
            passed: false,
        }
    }

    /// Core shapes' depth: the two shrinkings against the cores' distance.
    pub fn core_depth(margins: f64, distance: f64) -> Self {
        let depth = margins - distance;
        Check {
            kind: CheckKind::CoreGap,
            value: margins,
            reference: distance,
            difference: depth,
            tolerance: 0.0,
            passed: depth >= 0.0,
        }
    }
}

/// What a [`Check`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckKind {
    /// GJK: `support · direction` against 0. Passes when the new support point reached the
    /// origin's side (value ≥ 0); failing proves the shapes are separated.
    PassesOrigin,
    /// EPA: `support · normal` against the distance of the closest edge (2D) or face (3D).
    /// Passes (the polytope has reached the boundary of A − B) when the difference is below the
    /// tolerance.
    EdgeGap,
    /// Distance: `|v|` against the lower bound `support · v / |v|`. Passes (the distance is known
    /// to within the tolerance) when the difference is at most the tolerance.
    DualityGap,
    /// Sampling: `support · direction`, the depth of A − B along the direction, against the
    /// smallest depth so far. Passes when it is smaller: the direction is the new best.
    SampledDepth,
    /// Core shapes: the two margins (value) against the distance between the cores
    /// (reference); the difference is the depth. Passes when the depth is not negative.
    CoreGap,
    /// Refinement: the support point's offset from the line through the origin along the
    /// normal (value; reference 0), the slope of the depth over the normal's angle (2D: signed;
    /// 3D: the length of the offset, the gradient of the depth on the sphere). Passes when it
    /// is within rounding: the support point lies on the normal's line.
    NormalOffset,
}

/// What the algorithm decided in a step, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Event {
    /// GJK's first support point, in the initial direction.
    FirstSupport,
    /// GJK line case: keep both points, search perpendicular to the line toward the origin.
    LineTowardOrigin,
    /// GJK triangle case: the origin is beyond one edge; drop the vertex opposite it.
    DroppedVertex,
    /// GJK: the triangle encloses the origin, so the shapes overlap.
    EnclosedOrigin,
    /// GJK: the origin lies on the simplex itself, so the shapes touch.
    OriginOnSimplex,
    /// GJK: the new support point did not pass the origin, so the shapes are separated.
    Separated,
    /// GJK ended on a point or a segment; more support points make a triangle for EPA.
    CompletedTriangle,
    /// Distance: the closest point of the simplex to the origin moved; search toward the origin.
    CloserPoint,
    /// EPA: the support point lies beyond the closest edge; insert it between the edge's ends.
    Expanded,
    /// EPA or distance: within tolerance, the answer is found.
    Converged,
    /// The support point is already in the simplex or polytope: no progress is possible.
    RepeatedSupport,
    /// The iteration limit was reached; the best answer so far is reported.
    MaxIterations,
    /// EPA: A − B has no area (both shapes lie on one line); depth is 0.
    FlatDifference,
    /// EPA with triple-product normals: no edge has a usable normal (the origin lies on them).
    NoUsableNormal,
    /// Sampling: the depth of A − B along one more direction was measured.
    SampledDirection,
    /// Core shapes: the depth is the margins minus the distance between the cores.
    CoreDepth,
    /// Core shapes: the cores still overlap, so the margin was too small; EPA takes over.
    CoresOverlap,
    /// Core shapes: a shape has no core for this margin (too thin, or an ellipse); EPA takes over.
    NoCore,
    /// Refinement: the normal turned toward a smaller height of A − B; the search goes on.
    RefinedNormal,
}

/// One step of a run: the state after it and the numbers that led to it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    pub phase: Phase,
    /// 0 for a phase's set-up step, then 1, 2, … for its iterations.
    pub iteration: u32,
    /// The simplex after the step, in order (GJK, distance; at most three points). EPA's
    /// polytope grows by one point a step, so storing it whole in every step would make a trace
    /// grow with the square of its iterations: in the trace as recorded, EPA's first iteration
    /// holds the starting triangle and later iterations hold nothing here, only what they
    /// changed (`support`, inserted on `closest_edge`). [`Trace::step`] gives every step with
    /// its polytope filled in.
    pub simplex: Vec<SimplexVertex>,
    /// Points the step removed from the simplex.
    pub removed: Vec<SimplexVertex>,
    /// The direction the step searched in.
    pub direction: Option<DVec2>,
    /// The support point found in `direction`.
    pub support: Option<SimplexVertex>,
    /// Where the support point was put: its index in `simplex`, if it was kept (for EPA, filled
    /// in by [`Trace::step`]).
    pub inserted_at: Option<usize>,
    /// EPA: the polytope edge closest to the origin, which this step expanded or accepted.
    pub closest_edge: Option<Edge>,
    /// Distance: the point of the simplex closest to the origin, before the new support point.
    pub closest_point: Option<DVec2>,
    /// The direction the next step will search in, when there is one.
    pub next_direction: Option<DVec2>,
    pub check: Option<Check>,
    /// Lower and upper bounds of the answer known after the step, where the phase keeps them
    /// (refinement after EPA: of the depth, EPA's closest edge below and the smallest height
    /// found above; after GJK distance: of the distance, minus the smallest height below and
    /// the distance phase's |v| above).
    pub bounds: Option<[f64; 2]>,
    pub event: Event,
    /// The name of each point of `simplex`: its number in the order the run found its points
    /// (p1, p2, …, so a point keeps its name from step to step). Filled in by [`Trace::step`];
    /// empty in the trace as recorded, since names follow from the order of the steps.
    #[serde(skip)]
    pub names: Vec<usize>,
    /// The step ran on the core shapes (both shapes shrunk by the margin), so its simplex lives
    /// in core(A) − core(B), not in A − B.
    pub on_cores: bool,
}

/// Which run of a phase a step belongs to. With the core-shape method GJK and distance run
/// twice, on the shapes and then on the cores, and the two runs count their iterations apart:
/// "GJK iteration 2" names two different steps unless the run is part of the name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PhaseRun {
    pub phase: Phase,
    /// The run's steps live in core(A) − core(B), not in A − B.
    pub on_cores: bool,
}

impl Step {
    /// The name of `point` if it is in the simplex: "p3" for the run's third point found.
    pub fn name_of(&self, point: DVec2) -> Option<String> {
        let i = self.simplex.iter().position(|v| v.point == point)?;
        Some(format!("p{}", self.names.get(i).copied().unwrap_or(i + 1)))
    }

    /// Whether this step ended refinement: its normal settled, by its own check or another.
    pub fn settles_refinement(&self) -> bool {
        self.phase == Phase::Refinement && self.event == Event::Converged
    }

    /// The run of its phase this step belongs to.
    pub fn run(&self) -> PhaseRun {
        PhaseRun {
            phase: self.phase,
            on_cores: self.on_cores,
        }
    }

    /// A step with only its phase, iteration, simplex and event set.
    pub fn new(phase: Phase, iteration: u32, simplex: &[SimplexVertex], event: Event) -> Self {
        Step {
            phase,
            iteration,
            simplex: simplex.to_vec(),
            removed: Vec::new(),
            direction: None,
            support: None,
            inserted_at: None,
            closest_edge: None,
            closest_point: None,
            next_direction: None,
            check: None,
            bounds: None,
            event,
            names: Vec::new(),
            on_cores: false,
        }
    }
}

/// Receives steps as the algorithm makes them. `S` is the step type of a dimension, so 2D and
/// 3D runs share the recorders.
pub trait Recorder<S> {
    /// Called at every step; `make` builds the step and runs only if the recorder keeps it.
    fn record(&mut self, make: impl FnOnce() -> S);
}

/// Keeps nothing: with it every `record` call, and the step it would build, compiles away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<S> Recorder<S> for NoTrace {
    #[inline(always)]
    fn record(&mut self, _make: impl FnOnce() -> S) {}
}

/// A step (of either dimension) that can say it ran on the core shapes.
pub trait MarkOnCores {
    fn mark_on_cores(self) -> Self;
}

impl MarkOnCores for Step {
    fn mark_on_cores(self) -> Self {
        Step {
            on_cores: true,
            ..self
        }
    }
}

/// Passes steps on to another recorder marked as run on the core shapes.
pub struct OnCores<'a, R>(pub &'a mut R);

impl<S: MarkOnCores, R: Recorder<S>> Recorder<S> for OnCores<'_, R> {
    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> S) {
        self.0.record(|| make().mark_on_cores());
    }
}

impl<S> Recorder<S> for Vec<S> {
    #[inline]
    fn record(&mut self, make: impl FnOnce() -> S) {
        self.push(make());
    }
}

/// How the final phase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Within tolerance: the answer is exact up to it.
    Converged,
    /// The new support point was already known: no further progress was possible.
    RepeatedSupport,
    /// The iteration limit stopped the search; the answer is the best found.
    MaxIterations,
    /// A − B has no area (2D: it lies on a line through the origin) or no volume (3D: it lies
    /// in a plane or on a line through the origin): depth 0.
    FlatDifference,
    /// With triple-product normals no polytope edge had a usable normal.
    NoUsableNormal,
    /// EPA stopped short on a curved pair; refinement found the normal whose support point lies
    /// on the normal's line through the origin (to rounding): the depth is the smallest over the
    /// normals around EPA's.
    Refined,
    /// 3D EPA: rounding left no valid expansion (the faces the new point sees did not form one
    /// patch, or a new face would have turned inward); the closest face so far is the answer.
    Degenerate,
    /// Direction sampling measured every one of its directions: no tolerance was checked, and
    /// the depth is the smallest found, an upper bound on the true depth.
    Sampled,
}

/// What the algorithm concluded about a pair.
///
/// Convention: `normal` is a unit vector pointing from A toward B. When the shapes overlap,
/// moving B by `depth · normal` separates them (they then touch); when they are separated,
/// `contact_b − contact_a = distance · normal`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub intersecting: bool,
    /// Penetration depth, 0 when separated.
    pub depth: f64,
    pub normal: DVec2,
    /// `normal` turned +90°: the direction along the contact.
    pub tangent: DVec2,
    /// Distance between the shapes, 0 when they overlap.
    pub distance: f64,
    /// Point of A: the deepest point inside B, or the closest point to B.
    pub contact_a: DVec2,
    /// Point of B: the deepest point inside A, or the closest point to A.
    pub contact_b: DVec2,
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

/// A point's exact bits, to recognise it wherever the trace holds it.
fn key(p: DVec2) -> [u64; 2] {
    [p.x.to_bits(), p.y.to_bits()]
}

/// A whole run: every step and the result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub result: Outcome,
}

impl Trace {
    /// Step `index` as the app and the explanations read it: for EPA, with the polytope after
    /// the step and the new point's place in it, rebuilt from the recorded changes; and every
    /// point named by the order the run found it. Time linear in the steps so far.
    pub fn step(&self, index: usize) -> Option<Cow<'_, Step>> {
        let step = self.steps.get(index)?;
        let mut read = match self.polytope(index) {
            Some((simplex, inserted_at)) => Step {
                simplex,
                inserted_at,
                ..step.clone()
            },
            None => step.clone(),
        };
        read.names = self.names(index, &read.simplex);
        Some(Cow::Owned(read))
    }

    /// The numbers (1-based, in order of discovery) of `points` as of step `index`: a point is
    /// found by the first step that holds it, as its support point or in its simplex.
    fn names(&self, index: usize, points: &[SimplexVertex]) -> Vec<usize> {
        let mut found: HashMap<[u64; 2], usize> = HashMap::new();
        for step in &self.steps[..=index] {
            let held = step.simplex.iter().chain(&step.support);
            for v in held {
                let next = found.len() + 1;
                found.entry(key(v.point)).or_insert(next);
            }
        }
        points
            .iter()
            .map(|v| found.get(&key(v.point)).copied().unwrap_or(0))
            .collect()
    }

    /// EPA's polytope after step `index` and the new point's place in it, or None for a step
    /// that is not an EPA iteration (its simplex is stored whole).
    fn polytope(&self, index: usize) -> Option<(Vec<SimplexVertex>, Option<usize>)> {
        let step = &self.steps[index];
        if step.phase != Phase::Epa || step.iteration == 0 {
            return None;
        }
        let run = &self.steps[..=index];
        let first = run
            .iter()
            .rposition(|s| s.phase == Phase::Epa && s.iteration == 1 && s.simplex.len() == 3)?;
        let mut points = run[first].simplex.clone();
        let mut next: Vec<usize> = vec![1, 2, 0];
        let mut inserted = None;
        for s in &run[first..] {
            if let (Event::Expanded, Some(new), Some(edge)) = (s.event, s.support, s.closest_edge)
                && let Some(&end) = next.get(edge.index)
            {
                inserted = Some(points.len());
                next.push(end);
                next[edge.index] = points.len();
                points.push(new);
            }
        }
        let inserted = if step.event == Event::Expanded {
            inserted
        } else {
            None
        };
        // Walk the loop from the starting triangle's first point; at most one lap.
        let mut polytope = Vec::with_capacity(points.len());
        let mut inserted_at = None;
        let mut slot = 0;
        for _ in 0..points.len() {
            if Some(slot) == inserted {
                inserted_at = Some(polytope.len());
            }
            polytope.push(points[slot]);
            slot = next[slot];
            if slot == 0 {
                break;
            }
        }
        Some((polytope, inserted_at))
    }

    /// How many steps of `phase` the trace has (its iterations plus its set-up steps), on the
    /// shapes and on the cores together.
    pub fn steps_in_phase(&self, phase: Phase) -> usize {
        self.steps.iter().filter(|s| s.phase == phase).count()
    }

    /// The highest iteration number reached in `run`, 0 if it did not happen.
    pub fn last_iteration(&self, run: PhaseRun) -> u32 {
        self.steps
            .iter()
            .filter(|s| s.run() == run)
            .map(|s| s.iteration)
            .max()
            .unwrap_or(0)
    }
}
