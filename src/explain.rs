//! Each step of a trace in plain words: a short title, a paragraph that uses the step's own
//! numbers, the numbers themselves as a table, and the phase's pseudocode with the line the step
//! carried out. Everything here reads the [`Step`]; nothing re-runs any geometry.

use glam::DVec2;

use crate::algorithm::Termination;
use crate::format::{num, num_with, vec2};
use crate::geometry::cross;
use crate::trace::{Check, CheckKind, Event, Phase, SimplexVertex, Step};

/// Decimals in the explanation's prose: enough to follow the arithmetic, short enough to read.
const PROSE_DECIMALS: usize = 3;

/// The phase's name as the app's header and panels print it.
pub fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Gjk => "GJK",
        Phase::Distance => "Distance",
        Phase::Epa => "EPA",
        Phase::Sampling => "Sampling",
        Phase::CoreShapes => "Core shapes",
        Phase::Refinement => "Refinement",
    }
}

/// The method whose iterations an outcome's `epa_iterations` counts, named for a line of
/// counts ("GJK 3, distance 0, sampling 202"): the penetration phase among `phases` that ran
/// last. EPA where none ran, and where core shapes gave way to it.
pub fn penetration_counted(phases: impl DoubleEndedIterator<Item = Phase>) -> &'static str {
    let last = phases
        .rev()
        .find(|p| matches!(p, Phase::Epa | Phase::Sampling | Phase::CoreShapes));
    match last {
        Some(Phase::Sampling) => "sampling",
        Some(Phase::CoreShapes) => "core shapes",
        _ => "EPA",
    }
}

/// A few words naming what the step did.
pub fn title(step: &Step) -> &'static str {
    match (step.phase, step.event) {
        (_, Event::FirstSupport) => "First support point",
        (_, Event::LineTowardOrigin) => "Segment: turn toward the origin",
        (_, Event::DroppedVertex) => "Triangle: drop the far vertex",
        (_, Event::EnclosedOrigin) => "The triangle encloses the origin",
        (_, Event::OriginOnSimplex) => "The origin lies on the simplex",
        (_, Event::Separated) => "Separating direction found",
        (Phase::Epa, Event::RepeatedSupport) => "No new support point: stop",
        (_, Event::RepeatedSupport) => "No new support point",
        (_, Event::CompletedTriangle) => "Triangle completed for EPA",
        (_, Event::CloserPoint) => "Closer point found",
        (Phase::Epa, Event::Converged) => "Edge on the boundary: depth found",
        (Phase::Refinement, Event::Converged) if step.check.is_some_and(|c| c.passed) => {
            "Support point on the normal's line: normal found"
        }
        (Phase::Refinement, Event::Converged) => "No turn lowers the height: normal settled",
        (_, Event::Converged) => "Distance found",
        (_, Event::Expanded) => "Polytope expanded",
        (_, Event::MaxIterations) => "Iteration limit reached",
        (_, Event::FlatDifference) => "A − B has no area",
        (_, Event::NoUsableNormal) => "No edge has a usable normal",
        (_, Event::SampledDirection) if step.check.is_some_and(|c| c.passed) => {
            "New smallest depth"
        }
        (_, Event::SampledDirection) => "Direction sampled",
        (_, Event::CoreDepth) => "Depth from the cores' distance",
        (_, Event::CoresOverlap) => "The cores overlap: EPA takes over",
        (_, Event::NoCore) => "No core for this margin: EPA takes over",
        (_, Event::RefinedNormal) => "Normal turned toward a smaller height",
    }
}

/// Short for the prose.
fn n(x: f64) -> String {
    num_with(x, PROSE_DECIMALS)
}

/// The most decimals a value is written with where its bounds certify them.
const CERTIFIED_DECIMALS_MAX: usize = 15;

/// The refinement's bounds on the depth or distance (`answer`), 2D and 3D. Where they agree
/// to the prose's digits, "between 0.05 and 0.05" would say nothing: their gap says how close,
/// and the value is written with every decimal the two bounds share.
pub(crate) fn bounds_sentence(answer: &str, lower: f64, upper: f64) -> String {
    let (low, high) = (n(lower), n(upper));
    if lower == upper {
        format!(" Its lower and upper bounds meet: the {answer} is {low}.")
    } else if low == high {
        format!(
            " The {answer} is now known to within {}: {} to the digits shown.",
            num(upper - lower),
            certified(lower, upper)
        )
    } else {
        format!(" The {answer} is now known to lie between {low} and {high}.")
    }
}

/// `lower` written with the decimals it shares with `upper` (trailing zeros kept: they are
/// known too), where both round alike to the prose's digits; as the prose writes it where the
/// value is too large or too small for fixed decimals.
fn certified(lower: f64, upper: f64) -> String {
    let fixed = |x: f64, decimals: usize| format!("{x:.decimals$}");
    if !(1e-4..1e7).contains(&lower.abs()) {
        return n(lower);
    }
    let shared = (PROSE_DECIMALS..=CERTIFIED_DECIMALS_MAX)
        .take_while(|&d| fixed(lower, d) == fixed(upper, d))
        .last()
        .unwrap_or(PROSE_DECIMALS);
    fixed(lower, shared)
}

/// Whether a check's gap is not zero but no more than the tolerance: not worth its digits.
pub fn noise(c: &Check) -> bool {
    c.difference != 0.0 && c.difference.abs() <= c.tolerance
}

/// A check's gap as it should be read: within the tolerance it is "≈ 0 (within 1e-9)" —
/// rounding noise or a converged bound, not a measurement worth its digits; else the number
/// with `decimals`.
pub fn gap_text(c: &Check, decimals: usize) -> String {
    if noise(c) {
        format!("≈ 0 (within {})", tolerance_text(c.tolerance))
    } else {
        num_with(c.difference, decimals)
    }
}

/// Why the tolerance a check used is not the one set, when it is not: EPA will not ask for a
/// gap below the rounding error of the support point's coordinates (see `gap_tolerance` in
/// the EPA), which far from the origin is more than the setting.
pub fn tolerance_note(c: &Check, setting: f64) -> Option<String> {
    (c.kind == CheckKind::EdgeGap && c.tolerance > setting).then(|| {
        format!(
            "The tolerance used is {}, not the setting {}: far from the origin the support \
             point's coordinates are only exact to about {} (16 units in the last place of \
             the largest), and a gap smaller than their rounding is noise, so EPA never asks \
             for less.",
            tolerance_text(c.tolerance),
            tolerance_text(setting),
            tolerance_text(c.tolerance),
        )
    })
}

/// A tolerance as people write it: "1e-9" rather than "1.000e-9".
pub fn tolerance_text(t: f64) -> String {
    let s = num(t);
    match s.split_once('e') {
        Some((mantissa, exponent)) => {
            let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
            format!("{mantissa}e{exponent}")
        }
        None => s,
    }
}

fn v(p: DVec2) -> String {
    format!("({}, {})", n(p.x), n(p.y))
}

/// "p2 = (−8, −2)": a simplex vertex with its name, as the plots label it.
fn vertex_name(step: &Step, point: DVec2) -> String {
    match step.name_of(point) {
        Some(name) => format!("{name} = {}", v(point)),
        None => v(point),
    }
}

fn list(points: &[SimplexVertex]) -> String {
    let names: Vec<String> = points.iter().map(|p| v(p.point)).collect();
    names.join(", ")
}

/// "The support point in direction d = (…) is s = a − b = (…) − (…) = (…)."
fn support_sentence(step: &Step) -> String {
    match (step.direction, step.support) {
        (Some(d), Some(s)) => format!(
            "Searching A − B in direction d = {}: A's farthest point that way is a = {} and B's \
             farthest point the other way is b = {}, so the support point is s = a − b = {}.",
            v(d),
            v(s.a),
            v(s.b),
            v(s.point)
        ),
        _ => String::new(),
    }
}

/// The projection test of a GJK support point, in words.
fn passes_origin_sentence(step: &Step) -> String {
    match step.check {
        Some(c) if c.kind == CheckKind::PassesOrigin && c.passed => format!(
            " Its projection on d is s · d = {} ≥ 0: it reaches the origin's side, so A − B may \
             still contain the origin.",
            n(c.value)
        ),
        Some(c) if c.kind == CheckKind::PassesOrigin => format!(
            " Its projection on d is s · d = {} < 0: even the farthest point of A − B in this \
             direction stops short of the origin.",
            n(c.value)
        ),
        _ => String::new(),
    }
}

/// The plain-words explanation of a step, with its numbers.
pub fn explain(step: &Step) -> String {
    let mut text = match step.phase {
        Phase::Gjk => explain_gjk(step),
        Phase::Distance => explain_distance(step),
        Phase::Epa => explain_epa(step),
        Phase::Sampling => explain_sampling(step),
        Phase::CoreShapes => explain_core_shapes(step),
        Phase::Refinement => explain_refinement(step),
    };
    if step.on_cores {
        text.insert_str(
            0,
            "On the core shapes (A and B shrunk by the margin), the same algorithm: ",
        );
    }
    if !step.removed.is_empty() && step.phase != Phase::Gjk {
        text.push_str(&format!(
            " Dropped from the simplex: {} (the closest point does not need them).",
            list(&step.removed)
        ));
    }
    text
}

fn explain_gjk(step: &Step) -> String {
    let found = format!("{}{}", support_sentence(step), passes_origin_sentence(step));
    let next = step
        .next_direction
        .map(|d| format!(" The next search direction is {}.", v(d)))
        .unwrap_or_default();
    match step.event {
        Event::FirstSupport => format!(
            "GJK starts with one point of A − B. {found} The next search goes from s straight \
             toward the origin: d = −s.{next}"
        ),
        Event::LineTowardOrigin => format!(
            "{found} With two points the simplex is a segment. The origin lies to one side of it, \
             so the next search is perpendicular to the segment, on the origin's side.{next}"
        ),
        Event::DroppedVertex => {
            let dropped = step
                .removed
                .first()
                .map(|p| format!(" Vertex {} lies opposite that edge and", v(p.point)))
                .unwrap_or_else(|| " The far vertex".to_string());
            format!(
                "{found} With three points the simplex is a triangle, but the origin lies outside \
                 one of the edges through s.{dropped} cannot help to enclose the origin, so it is \
                 dropped; the search continues along that edge's outward normal.{next}"
            )
        }
        Event::EnclosedOrigin => format!(
            "{found} The triangle {} encloses the origin, so A − B contains the origin: A and B \
             overlap. EPA starts from this triangle to find how deep.",
            list(&step.simplex)
        ),
        Event::OriginOnSimplex => format!(
            "{found} The origin lies exactly on the simplex {}. Every point of the simplex is a \
             point of A − B, so the origin is in A − B: A and B touch or overlap. That is all \
             it tells: a segment through the origin can run through the inside of A − B, so \
             the depth may be anything. EPA starts from here and measures it.",
            list(&step.simplex)
        ),
        Event::Separated => format!(
            "{found} So a line through the origin, perpendicular to d, has all of A − B on one \
             side: the origin is outside A − B and A and B are separated. The distance phase \
             now finds how far apart they are."
        ),
        Event::RepeatedSupport => format!(
            "{found} But s is already in the simplex, so GJK can make no progress. It stops \
             without a verdict and the distance phase settles the question."
        ),
        _ => generic(step),
    }
}

fn explain_distance(step: &Step) -> String {
    let closest = step
        .closest_point
        .map(|p| {
            format!(
                "The point of the simplex closest to the origin is v = {}, at |v| = {}.",
                v(p),
                n(p.length())
            )
        })
        .unwrap_or_default();
    let search = step
        .support
        .map(|s| {
            format!(
                " Searching toward the origin, along −v, finds s = {}.",
                v(s.point)
            )
        })
        .unwrap_or_default();
    let bound = match step.check {
        Some(c) if c.kind == CheckKind::DualityGap => format!(
            " It proves that the distance is at least s · v / |v| = {}, so the distance is known \
             to within |v| − {} = {}; the tolerance is {}.",
            n(c.reference),
            n(c.reference),
            gap_text(&c, 6),
            tolerance_text(c.tolerance)
        ),
        _ => String::new(),
    };
    match step.event {
        Event::CloserPoint => format!(
            "{closest}{search}{bound} That is more than the tolerance, so s joins the simplex \
             and the search goes on."
        ),
        Event::Converged => format!(
            "{closest}{search}{bound} That is within the tolerance: the distance is |v| = {}. \
             The closest points of A and B follow from v's weights on the simplex's vertices.",
            step.closest_point
                .map(|p| n(p.length()))
                .unwrap_or_default()
        ),
        Event::RepeatedSupport => format!(
            "{closest}{search}{bound} But s is already in the simplex, so no closer point can \
             be found: the distance |v| = {} is reported as it stands.",
            step.closest_point
                .map(|p| n(p.length()))
                .unwrap_or_default()
        ),
        Event::OriginOnSimplex => format!(
            "The closest point of the simplex {} to the origin is the origin itself, so the \
             origin is in A − B: A and B touch or overlap after all, and EPA measures the depth.",
            list(&step.simplex)
        ),
        _ => generic(step),
    }
}

fn explain_epa(step: &Step) -> String {
    let edge = step
        .closest_edge
        .map(|e| {
            format!(
                "The polytope's edge closest to the origin runs from {} to {}, at distance {} \
                 with outward normal n = {}.",
                vertex_name(step, e.start),
                vertex_name(step, e.end),
                n(e.distance),
                v(e.normal)
            )
        })
        .unwrap_or_default();
    let reach = match (step.support, step.check) {
        (Some(s), Some(c)) if c.kind == CheckKind::EdgeGap => format!(
            " The support point along n is s = {}, which lies s · n = {} from the origin: {} \
             beyond the edge",
            v(s.point),
            n(c.value),
            gap_text(&c, PROSE_DECIMALS)
        ),
        _ => String::new(),
    };
    let tolerance = step
        .check
        .map(|c| tolerance_text(c.tolerance))
        .unwrap_or_default();
    let depth = step
        .closest_edge
        .map(|e| format!("depth {} along n = {}", n(e.distance), v(e.normal)))
        .unwrap_or_default();
    let skipped = skipped_edge_sentence(step);
    match step.event {
        Event::Expanded => format!(
            "{edge}{reach}, more than the tolerance {tolerance}, so the polytope grows: s is \
             inserted between the edge's ends and the polytope now has {} vertices.{skipped}",
            step.simplex.len()
        ),
        Event::Converged => format!(
            "{edge}{reach}, less than the tolerance {tolerance}: the edge lies on the boundary \
             of A − B. The answer is {depth}; moving B by depth · n separates the shapes.\
             {skipped}"
        ),
        Event::RepeatedSupport => format!(
            "{edge}{reach}, more than the tolerance {tolerance}, but s is already a vertex of \
             the polytope, so it cannot grow any more. EPA stops with {depth}.{skipped}"
        ),
        Event::CompletedTriangle => format!(
            "GJK ended with a point or a segment through the origin rather than a triangle. EPA \
             needs a shape with area to grow, so support points perpendicular to what there was \
             complete the triangle {}.",
            list(&step.simplex)
        ),
        Event::FlatDifference => format!(
            "Every support point found lies on one line through the origin ({}): A − B has no \
             area, so the shapes only touch, with depth 0.",
            list(&step.simplex)
        ),
        Event::NoUsableNormal => format!(
            "With triple-product normals, every edge of the polytope {} passes through the \
             origin, where the triple product is zero: no edge has a usable normal, so EPA stops \
             with the best edge it had.",
            list(&step.simplex)
        ),
        Event::MaxIterations => format!(
            "EPA used all of its {} iterations without the gap falling below the tolerance; the \
             polytope has grown to {} vertices: {}. It reports the closest edge found so far; \
             raise the limit (or the tolerance) for a finer answer.",
            step.iteration,
            step.simplex.len(),
            list(&step.simplex)
        ),
        _ => generic(step),
    }
}

/// An edge of the polytope that runs through the origin (distance 0) and yet is not the closest
/// edge EPA took: it was passed over because it had no normal — the triple product
/// (e × o) × e is the zero vector when the origin lies on the edge. Read from the step's own
/// polytope and closest edge; the edge through the origin is the nearest there can be.
fn skipped_edge(step: &Step) -> Option<(DVec2, DVec2)> {
    let closest = step.closest_edge?;
    if closest.distance <= 0.0 {
        return None;
    }
    // A point inserted by this very step may make an edge through the origin that this step
    // never had the chance to skip.
    let new = step
        .support
        .filter(|_| step.event == Event::Expanded)
        .map(|s| s.point);
    let points: Vec<DVec2> = step.simplex.iter().map(|v| v.point).collect();
    let ends = points.iter().zip(points.iter().cycle().skip(1));
    ends.map(|(&p, &q)| (p, q)).find(|&(p, q)| {
        cross(p, q) == 0.0 && p.dot(q) <= 0.0 && p != q && Some(p) != new && Some(q) != new
    })
}

fn skipped_edge_sentence(step: &Step) -> String {
    skipped_edge(step)
        .map(|(p, q)| {
            format!(
                " Note the edge from {} to {}: the origin lies on it, so it is the nearest edge \
                 of all (distance 0), yet EPA skipped it because its triple-product normal \
                 (e × o) × e is the zero vector. EPA never pushes that edge out, so A − B beyond \
                 it goes unexplored and the depth it reports may be too large; winding normals \
                 do not have this flaw.",
                vertex_name(step, p),
                vertex_name(step, q),
            )
        })
        .unwrap_or_default()
}

fn explain_sampling(step: &Step) -> String {
    let (Some(d), Some(s), Some(c)) = (step.direction, step.support, step.check) else {
        return generic(step);
    };
    let verdict = if !c.reference.is_finite() {
        "It is the first direction tried, so it is the best so far.".to_string()
    } else if c.passed {
        format!(
            "That is less than the best so far, {}, so this direction becomes the candidate \
             normal.",
            n(c.reference)
        )
    } else {
        format!(
            "That is not less than the best so far, {}, which stays.",
            n(c.reference)
        )
    };
    format!(
        "Sampling measures how deep the origin lies inside A − B along direction u = {}: the \
         support point s = {} lies s · u = {} from the origin, so moving B by {} along u would \
         separate the shapes. {verdict} The depth is the smallest over all sampled directions.",
        v(d),
        v(s.point),
        n(c.value),
        n(c.value)
    )
}

fn explain_core_shapes(step: &Step) -> String {
    match (step.event, step.check) {
        (Event::CoreDepth, Some(c)) => format!(
            "The cores are {} apart. A circle or capsule shrank by its own radius (to its centre \
             or segment) and any other shape by the margin, so together they gave up {}; the \
             shapes themselves overlap by {} − {} = {} along n = {}.",
            n(c.reference),
            n(c.value),
            n(c.value),
            n(c.reference),
            n(c.difference),
            step.direction.map(v).unwrap_or_default()
        ),
        (Event::CoresOverlap, Some(c)) => format!(
            "Even shrunk (circles and capsules to their centre or segment, other shapes by the \
             margin m = {}, {} for two such shapes), the shapes' cores still overlap or touch, \
             so the distance between them says nothing about the depth. EPA finds the depth \
             instead.",
            n(c.value / 2.0),
            n(c.difference)
        ),
        (Event::NoCore, Some(c)) => format!(
            "At least one shape has no core for the margin m = {}: it is thinner than 2m = {}, \
             or it is an ellipse, whose shrunk shape this method does not build. EPA finds the \
             depth instead.",
            n(c.value / 2.0),
            n(c.value)
        ),
        _ => generic(step),
    }
}

/// Refinement stopped by its iteration limit, in 2D and 3D.
pub(crate) const REFINEMENT_LIMIT_TEXT: &str = "The iteration limit is reached: the smallest \
    height found is the answer (among heights rounding cannot tell apart, one whose support \
    point lies nearer its normal's line is preferred).";

/// What a refinement step's height h = s · n says, in either dimension: the answer it bounds
/// ("depth" or, when negative, "distance") and the words for it. Apart, every height is
/// negative: minus a lower bound of the distance.
pub(crate) fn height_meaning(height: f64) -> (&'static str, String) {
    if height < 0.0 {
        (
            "distance",
            format!(
                "so along n the shapes are at least −h = {} apart",
                n(-height)
            ),
        )
    } else {
        ("depth", "which bounds the depth from above".to_string())
    }
}

fn explain_refinement(step: &Step) -> String {
    let (Some(d), Some(s), Some(c)) = (step.direction, step.support, step.check) else {
        return generic(step);
    };
    let height = s.point.dot(d);
    let apart = height < 0.0;
    let (answer, meaning) = height_meaning(height);
    let bounds = step.bounds.map_or(String::new(), |[lower, upper]| {
        bounds_sentence(answer, lower, upper)
    });
    let start = match (step.iteration, apart) {
        (1, false) => {
            "On a curve EPA's edge normal is only as good as the square root of its tolerance, \
             and when the origin sits near the centre of a curve EPA stops short altogether. \
             Refinement turns the normal, from EPA's last one, to where the height of A − B is \
             smallest. "
        }
        (1, true) => {
            "On a curve the distance phase's normal is only as good as the square root of its \
             tolerance. Refinement turns the normal, from the distance phase's, to where the \
             height of A − B is smallest (most negative). "
        }
        _ => "",
    };
    let verdict = match step.event {
        Event::Converged if !c.passed => format!(
            "A − B has a flat side here: the support point jumped from one end of it to the \
             other as n turned, and along this side's own normal nothing of A − B lies beyond \
             it, so h is at its smallest and the {answer} is {} along n.",
            n(height.abs())
        ),
        Event::Converged => format!(
            "The offset is within rounding ({}): s lies on the normal's line, so h is at its \
             smallest here and the {answer} is {} along n.",
            tolerance_text(c.tolerance),
            n(height.abs())
        ),
        Event::MaxIterations => REFINEMENT_LIMIT_TEXT.to_string(),
        _ if c.value > 0.0 => "The offset is positive: the height grows as n turns \
             counter-clockwise, so the smaller height lies clockwise."
            .to_string(),
        _ => "The offset is negative: the height falls as n turns counter-clockwise, so the \
              smaller height lies that way."
            .to_string(),
    };
    format!(
        "{start}Along n = {} the support point is s = a − b = {} − {} = {}. Its height \
         h = s · n = {}, {meaning}; its offset s · t = {} from the line through the origin along \
         n is the slope of h as n turns. {verdict}{bounds}",
        v(d),
        v(s.a),
        v(s.b),
        v(s.point),
        n(height),
        n(c.value)
    )
}

/// For an event a phase does not produce: still say something true.
fn generic(step: &Step) -> String {
    format!(
        "{} {} — the simplex holds {}.",
        phase_name(step.phase),
        title(step).to_lowercase(),
        list(&step.simplex)
    )
}

/// One row of a step's numbers table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub value: String,
}

/// The step's numbers, formatted with [`crate::format`] (up to 6 decimals).
pub fn numbers(step: &Step) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut row = |name: &str, value: String| {
        rows.push(Row {
            name: name.to_string(),
            value,
        })
    };
    // EPA searches along the closest edge's normal, listed with the edge below.
    if let Some(d) = step.direction.filter(|_| step.closest_edge.is_none()) {
        row("direction d", vec2(d));
    }
    if let Some(s) = step.support {
        row("support s = a − b", vec2(s.point));
        row("a (on A)", vec2(s.a));
        row("b (on B)", vec2(s.b));
    }
    if let Some(p) = step.closest_point {
        row("closest point v", vec2(p));
        row("|v|", num(p.length()));
    }
    if let Some(e) = step.closest_edge {
        row("closest edge from", vec2(e.start));
        row("closest edge to", vec2(e.end));
        row("edge normal n", vec2(e.normal));
        row("edge distance", num(e.distance));
    }
    if let Some(c) = step.check {
        match c.kind {
            CheckKind::PassesOrigin => row("s · d (must be ≥ 0)", num(c.value)),
            CheckKind::EdgeGap => {
                row("s · n", num(c.value));
                row("gap s · n − distance", gap_text(&c, 6));
            }
            CheckKind::DualityGap => {
                row("lower bound s · v / |v|", num(c.reference));
                row("gap |v| − bound", gap_text(&c, 6));
            }
            CheckKind::SampledDepth => {
                row("depth along u: s · u", num(c.value));
                row("best so far", num(c.reference));
            }
            CheckKind::CoreGap => {
                row("margins m_A + m_B", num(c.value));
                row("core distance", num(c.reference));
                row("depth m_A + m_B − distance", num(c.difference));
            }
            CheckKind::NormalOffset => {
                row("offset s · t", num(c.value));
                row("rounding allowance", num(c.tolerance));
            }
        }
        if matches!(c.kind, CheckKind::EdgeGap | CheckKind::DualityGap) {
            row("tolerance", num(c.tolerance));
        }
        row(
            "check",
            if c.passed { "passed" } else { "failed" }.to_string(),
        );
    }
    if let Some([lower, upper]) = step.bounds {
        row("depth at least", num(lower));
        row("depth at most", num(upper));
    }
    if let Some(d) = step.next_direction {
        row("next direction", vec2(d));
    }
    for p in &step.removed {
        row("dropped", vec2(p.point));
    }
    rows
}

/// How a run ended, in words.
pub fn termination_text(termination: Termination) -> &'static str {
    match termination {
        Termination::Converged => "converged within the tolerance",
        Termination::RepeatedSupport => "stopped: repeated support point",
        Termination::MaxIterations => "stopped: iteration limit reached",
        Termination::FlatDifference => "A − B has no area (depth 0)",
        Termination::NoUsableNormal => "stopped: no edge had a usable normal",
        Termination::Refined => "EPA stopped short; the normal was refined to rounding",
        Termination::Degenerate => "stopped: rounding left no valid expansion",
        Termination::Sampled => "every direction sampled (the smallest depth found)",
    }
}

/// When in a phase a step carries out a pseudocode line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// At any iteration.
    Any,
    /// At the phase's set-up step (iteration 0).
    SetUp,
    /// At an iteration of the loop (iteration 1 on).
    Loop,
}

/// A kind of step a pseudocode line stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    pub phase: Phase,
    pub event: Event,
    pub when: When,
}

impl Mark {
    /// Whether `step` is of this kind.
    pub fn matches(&self, step: &Step) -> bool {
        let when = match self.when {
            When::Any => true,
            When::SetUp => step.iteration == 0,
            When::Loop => step.iteration > 0,
        };
        self.phase == step.phase && self.event == step.event && when
    }
}

/// One line of pseudocode and the kinds of step that carry it out, so the line a step marks is
/// found by what the line says it does, never by its place in the listing.
#[derive(Clone, Copy, Debug)]
pub struct CodeLine {
    pub text: &'static str,
    pub marks: &'static [Mark],
}

const fn code(text: &'static str) -> CodeLine {
    CodeLine { text, marks: &[] }
}

const fn marked(text: &'static str, marks: &'static [Mark]) -> CodeLine {
    CodeLine { text, marks }
}

const fn any(phase: Phase, event: Event) -> Mark {
    Mark {
        phase,
        event,
        when: When::Any,
    }
}

const fn set_up(phase: Phase, event: Event) -> Mark {
    Mark {
        phase,
        event,
        when: When::SetUp,
    }
}

const fn in_loop(phase: Phase, event: Event) -> Mark {
    Mark {
        phase,
        event,
        when: When::Loop,
    }
}

/// The pseudocode of a phase, one statement a line, indented with spaces.
pub fn pseudocode(phase: Phase) -> &'static [CodeLine] {
    match phase {
        Phase::Gjk => GJK_CODE,
        Phase::Distance => DISTANCE_CODE,
        Phase::Epa => EPA_CODE,
        Phase::Sampling => SAMPLING_CODE,
        Phase::CoreShapes => CORE_SHAPES_CODE,
        Phase::Refinement => REFINEMENT_CODE,
    }
}

/// The index in [`pseudocode`] of the line the step carried out; None for a kind of step no
/// line stands for (the listings cover every kind the algorithms record: tests/explain.rs).
pub fn pseudocode_line(step: &Step) -> Option<usize> {
    pseudocode(step.phase)
        .iter()
        .position(|line| line.marks.iter().any(|m| m.matches(step)))
}

use Event as E;
use Phase as P;

const GJK_CODE: &[CodeLine] = &[
    code("gjk(A, B):"),
    code("  d ← initial direction"),
    marked(
        "  s ← support(d); simplex ← [s]; d ← −s",
        &[set_up(P::Gjk, E::FirstSupport)],
    ),
    marked(
        "  if s · d < 0: return SEPARATED",
        &[set_up(P::Gjk, E::Separated)],
    ),
    marked(
        "  if s = origin: return INTERSECTING",
        &[set_up(P::Gjk, E::OriginOnSimplex)],
    ),
    code("  loop:"),
    code("    s ← support(d)"),
    marked(
        "    if s · d < 0: return SEPARATED",
        &[in_loop(P::Gjk, E::Separated)],
    ),
    marked(
        "    if s in simplex: return UNDECIDED",
        &[any(P::Gjk, E::RepeatedSupport)],
    ),
    code("    add s to simplex"),
    marked(
        "    if origin on simplex: return INTERSECTING",
        &[in_loop(P::Gjk, E::OriginOnSimplex)],
    ),
    code("        (touching or deeper: EPA measures)"),
    marked(
        "    if segment: d ← normal toward origin",
        &[any(P::Gjk, E::LineTowardOrigin)],
    ),
    code("    elif origin beyond an edge through s:"),
    marked(
        "      drop far vertex; d ← edge normal",
        &[any(P::Gjk, E::DroppedVertex)],
    ),
    marked(
        "    else: return OVERLAP",
        &[any(P::Gjk, E::EnclosedOrigin)],
    ),
    code(""),
    code("  support(d) = A's farthest point along d"),
    code("             − B's farthest point along −d"),
];

const DISTANCE_CODE: &[CodeLine] = &[
    code("distance(A, B, simplex):"),
    code("  loop:"),
    code("    v ← simplex point closest to origin"),
    code("    keep only the vertices v needs"),
    marked(
        "    if v = 0: origin in A − B: go to EPA",
        &[any(P::Distance, E::OriginOnSimplex)],
    ),
    code("    s ← support(−v)"),
    marked(
        "    if |v| − s · v / |v| ≤ tol: return |v|",
        &[any(P::Distance, E::Converged)],
    ),
    marked(
        "    if s in simplex: return |v|",
        &[any(P::Distance, E::RepeatedSupport)],
    ),
    marked("    add s to simplex", &[any(P::Distance, E::CloserPoint)]),
];

const EPA_CODE: &[CodeLine] = &[
    code("epa(A, B, simplex):"),
    marked(
        "  if not a triangle: complete it",
        &[any(P::Epa, E::CompletedTriangle)],
    ),
    marked(
        "  if A − B has no area: return depth 0",
        &[any(P::Epa, E::FlatDifference)],
    ),
    code("  polytope ← triangle, counter-clockwise"),
    code("  repeat up to max_iterations:"),
    code("    e ← closest edge that has a normal"),
    code("        (outward normal n, distance δ)"),
    marked(
        "    if no edge has a normal: return best",
        &[any(P::Epa, E::NoUsableNormal)],
    ),
    code("    s ← support(n)"),
    marked(
        "    if s · n − δ < tol: return δ, n",
        &[any(P::Epa, E::Converged)],
    ),
    marked(
        "    if s in polytope: return δ, n",
        &[any(P::Epa, E::RepeatedSupport)],
    ),
    marked("    insert s between e's ends", &[any(P::Epa, E::Expanded)]),
    marked(
        "  return best edge (iteration limit)",
        &[any(P::Epa, E::MaxIterations)],
    ),
];

const REFINEMENT_CODE: &[CodeLine] = &[
    code("refine(A, B, n₀):  (after EPA or distance)"),
    code("  h(n) = support(n) · n: ≥ depth, ≤ −distance"),
    code("  repeat up to max_iterations:"),
    marked(
        "    n ← next normal: downhill from n₀,",
        &[any(P::Refinement, E::RefinedNormal)],
    ),
    code("        doubling, then secant on the slope"),
    code("    slope ← support(n) · t  (t ⟂ n)"),
    marked(
        "    if |slope| within rounding, nothing lies",
        &[any(P::Refinement, E::Converged)],
    ),
    code("        beyond a flat side, or the bracket"),
    code("        closed where s jumps: return h(n), n"),
    marked(
        "  return smallest h(n) found, its n",
        &[any(P::Refinement, E::MaxIterations)],
    ),
];

const SAMPLING_CODE: &[CodeLine] = &[
    code("sample(A, B, N):"),
    code("  U ← N even directions, A's edge normals,"),
    code("      B's reversed edge normals, centre to centre"),
    code("  for u in U:"),
    code("    s ← support(u)"),
    marked(
        "    if s · u < best: best ← s · u, n ← u",
        &[any(P::Sampling, E::SampledDirection)],
    ),
    code("  return depth best, normal n"),
];

const CORE_SHAPES_CODE: &[CodeLine] = &[
    code("core_shapes(A, B, m):"),
    code("  A', B' ← A and B shrunk by m_A, m_B"),
    code("      (a circle or capsule by its radius, else m)"),
    marked(
        "  if no core: return epa(A, B)",
        &[any(P::CoreShapes, E::NoCore)],
    ),
    code("  run gjk, distance on A', B'"),
    marked(
        "  if the cores overlap: return epa(A, B)",
        &[any(P::CoreShapes, E::CoresOverlap)],
    ),
    marked(
        "  return depth m_A + m_B − distance(A', B')",
        &[any(P::CoreShapes, E::CoreDepth)],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    /// Bounds apart in the digits shown are quoted; bounds that agree in them give their gap;
    /// equal bounds give the value.
    #[test]
    fn refinement_bounds_say_how_close_they_are() {
        assert_eq!(
            bounds_sentence("depth", 0.25, 0.5),
            " The depth is now known to lie between 0.25 and 0.5."
        );
        assert_eq!(
            bounds_sentence("distance", 0.05, 0.05 + 4e-12),
            " The distance is now known to within 4.000e-12: 0.05000000000 to the digits shown."
        );
        assert_eq!(
            bounds_sentence("depth", 0.0195835140, 0.0195835140 + 3.7e-10),
            " The depth is now known to within 3.700e-10: 0.019583514 to the digits shown."
        );
        assert_eq!(
            bounds_sentence("depth", 0.05, 0.05),
            " Its lower and upper bounds meet: the depth is 0.05."
        );
    }

    #[test]
    fn worked_example_epa_step_quotes_its_gap_and_tolerance() {
        let trace = default_scene().trace();
        let expand = trace.step(3).expect("the worked example has a fourth step");
        let expand = &*expand;
        assert_eq!(expand.event, Event::Expanded);
        let text = explain(expand);
        let check = expand.check.expect("EPA steps carry their check");
        assert!(text.contains(&n(check.difference)), "{text}");
        assert!(text.contains("more than the tolerance 1e-9"), "{text}");
        let line = pseudocode_line(expand).expect("an expansion has a line");
        assert_eq!(
            pseudocode(Phase::Epa)[line].text,
            "    insert s between e's ends"
        );
    }

    #[test]
    fn every_line_is_marked_for_its_own_phase_and_each_kind_marks_one_line() {
        let phases = [
            Phase::Gjk,
            Phase::Distance,
            Phase::Epa,
            Phase::Sampling,
            Phase::CoreShapes,
        ];
        for phase in phases {
            let marks: Vec<Mark> = pseudocode(phase)
                .iter()
                .flat_map(|l| l.marks.iter().copied())
                .collect();
            assert!(marks.iter().all(|m| m.phase == phase), "{phase:?}");
            for (i, m) in marks.iter().enumerate() {
                assert!(!marks[i + 1..].contains(m), "{m:?} marks two lines");
            }
        }
    }
}
