//! A step in plain words, quoting its own numbers: one function a phase.

use glam::DVec2;

use super::{PROSE_DECIMALS, bounds_sentence, gap_text, n, phase_name, title, tolerance_text};
use crate::geometry::cross;
use crate::trace::{CheckKind, Event, Phase, SimplexVertex, Step};

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

/// Why refinement runs, said at its first step in 2D and 3D: after EPA (whose closest `feature`
/// is an edge or a face) or, when `apart`, after the distance phase. Empty at later steps.
pub(crate) fn refinement_intro(iteration: u32, apart: bool, feature: &str) -> String {
    match (iteration, apart) {
        (1, false) => format!(
            "On a curve EPA's {feature} normal is only as good as the square root of its \
             tolerance, and when the origin sits near the centre of a curve EPA stops short \
             altogether. Refinement turns the normal, from EPA's last one, to where the height \
             of A − B is smallest. "
        ),
        (1, true) => "On a curve the distance phase's normal is only as good as the square root \
                      of its tolerance. Refinement turns the normal, from the distance phase's, \
                      to where the height of A − B is smallest (most negative). "
            .to_string(),
        _ => String::new(),
    }
}

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
    let start = refinement_intro(step.iteration, apart, "edge");
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
