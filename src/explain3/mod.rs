//! Each 3D step in plain words, with its own numbers, its numbers as a table, and the phase's
//! pseudocode with the line the step carried out. The framework is the 2D one
//! ([`crate::explain`]: phase names, [`Row`](crate::explain::Row), number formats); the words
//! are 3D. Everything here reads the [`Step3`]; nothing re-runs any geometry.
//!
//! Pseudocode lines carry the events they stand for, so the line of a step is looked up, not
//! kept as a hand-maintained index that shifts when a line is added.
//!
//! Here: titles and the words the 3D files share; the prose of each step (`prose`), its
//! numbers table (`numbers`) and the phases' pseudocode (`pseudocode`) beside it, laid out as
//! in 2D.

mod numbers;
mod prose;
mod pseudocode;

pub use numbers::numbers;
pub use prose::explain;
pub use pseudocode::{pseudocode, pseudocode_line};

use glam::DVec3;

use crate::explain::termination_text;
use crate::format::num_with;
use crate::trace::{Phase, Termination};
use crate::trace3::{Event3, Region3, Step3, Vertex3, VertexId};

/// Decimals in the prose: enough to follow the arithmetic, short enough to read.
const PROSE_DECIMALS: usize = 3;

fn n(x: f64) -> String {
    num_with(x, PROSE_DECIMALS)
}

fn v(p: DVec3) -> String {
    format!("({}, {}, {})", n(p.x), n(p.y), n(p.z))
}

/// "p3": a support point by its order of discovery, as the views label it.
pub fn vertex_label(id: VertexId) -> String {
    format!("p{}", id + 1)
}

fn labels(ids: &[VertexId]) -> String {
    ids.iter()
        .map(|&id| vertex_label(id))
        .collect::<Vec<_>>()
        .join(", ")
}

fn region_words(region: Region3) -> &'static str {
    match region {
        Region3::Vertex => "a vertex",
        Region3::Edge => "an edge",
        Region3::Face => "a face",
        Region3::Inside => "the inside",
    }
}

/// A few words naming what the step did.
pub fn title(step: &Step3) -> &'static str {
    match (step.phase, step.event) {
        (_, Event3::FirstSupport) => "First support point",
        (_, Event3::Reduced) => match step.region {
            Some(Region3::Vertex) => "Simplex cut to a vertex",
            Some(Region3::Edge) => "Simplex cut to an edge",
            _ => "Simplex cut to a triangle",
        },
        (_, Event3::EnclosedOrigin) => "The tetrahedron encloses the origin",
        (_, Event3::OriginOnSimplex) => "The origin lies on the simplex",
        (_, Event3::Separated) => "Separating plane found",
        (Phase::Epa, Event3::RepeatedSupport) => "No new support point: stop",
        (_, Event3::RepeatedSupport) => "No new support point",
        (_, Event3::MaxIterations) => "Iteration limit reached",
        (_, Event3::CloserPoint) => "Closer point found",
        (Phase::Epa, Event3::Converged) => "Face on the boundary: depth found",
        (Phase::Refinement, Event3::Converged) if step.check.is_some_and(|c| c.passed) => {
            "Support point on the normal's line: normal found"
        }
        (Phase::Refinement, Event3::Converged) => "No turn lowers the height: normal settled",
        (_, Event3::Converged) => "Distance found",
        (_, Event3::BlowUp) => "Growing the simplex for EPA",
        (_, Event3::StartTetrahedron) => "First polytope: a tetrahedron",
        (_, Event3::Expanded) => "Polytope expanded",
        (_, Event3::FlatDifference) => "A − B has no volume",
        (_, Event3::Degenerate) => "No valid expansion: stop",
        (_, Event3::SampledDirection) if step.check.is_some_and(|c| c.passed) => {
            "New smallest depth"
        }
        (_, Event3::SampledDirection) => "Direction sampled",
        (_, Event3::CoreDepth) => "Depth from the cores' distance",
        (_, Event3::CoresOverlap) => "The cores overlap: EPA takes over",
        (_, Event3::NoCore) => "No core for this margin: EPA takes over",
        (_, Event3::RefinedNormal) => "Normal turned toward a smaller height",
        (_, Event3::FlatFaceProbe) => "Looking for a flat face",
        (_, Event3::KinkProbe) => "Probing across a kink",
        (_, Event3::KinkStep) => "Stepping along a kink",
    }
}

fn support_sentence(s: &Vertex3, d: Option<DVec3>) -> String {
    let along = d.map(|d| format!(" along {}", v(d))).unwrap_or_default();
    format!(
        "The support point{along} is {} = a − b = {} − {} = {}.",
        vertex_label(s.id),
        v(s.a),
        v(s.b),
        v(s.point)
    )
}

/// How a 3D run ended, in words: the 2D wording, but a flat A − B has no volume.
pub fn termination_text3(termination: Termination) -> &'static str {
    match termination {
        Termination::FlatDifference => "A − B has no volume (depth 0)",
        other => termination_text(other),
    }
}

/// The height along the step's normal: h = s · n, an upper bound of the depth, or (negative,
/// apart) minus a lower bound of the distance.
fn refinement_height(step: &Step3) -> f64 {
    match (step.support, step.direction) {
        (Some(s), Some(d)) => s.point.dot(d),
        _ => 0.0,
    }
}
