//! Each 3D step in plain words, with its own numbers, its numbers as a table, and the phase's
//! pseudocode with the line the step carried out. The framework is the 2D one
//! ([`crate::explain`]: phase names, [`Row`], number formats); the words are 3D. Everything
//! here reads the [`Step3`]; nothing re-runs any geometry.
//!
//! Pseudocode lines carry the events they stand for, so the line of a step is looked up, not
//! kept as a hand-maintained index that shifts when a line is added.

use glam::DVec3;

use crate::explain::{
    REFINEMENT_LIMIT_TEXT, Row, bounds_sentence, termination_text, tolerance_text,
};
use crate::format::{num, num_with, vec3};
use crate::trace::{CheckKind, Phase, Termination};
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

/// The step in plain words, quoting its numbers.
pub fn explain(step: &Step3) -> String {
    let mut parts: Vec<String> = Vec::new();
    if step.on_cores {
        parts.push(
            "On the core shapes (A and B shrunk by the margin), the same algorithm:".to_string(),
        );
    }
    if let Some(s) = &step.support
        && step.event != Event3::CoreDepth
    {
        parts.push(support_sentence(s, step.direction));
    }
    if let Some(c) = step.check {
        parts.push(match c.kind {
            CheckKind::NormalOffset => format!(
                "The support point lies |g| = {} off the normal's line through the origin \
                 (g = s − (s · n) n, the slope of h = s · n as n turns on the sphere); \
                 rounding alone allows {}.",
                n(c.value),
                tolerance_text(c.tolerance)
            ),
            CheckKind::PassesOrigin if c.passed => format!(
                "s · d = {} ≥ 0: the new point reaches the origin's side, so A − B may still \
                 hold the origin.",
                n(c.value)
            ),
            CheckKind::PassesOrigin => format!(
                "s · d = {} < 0: no point of A − B lies beyond the plane through s with normal \
                 d, and the origin does, so the shapes are apart.",
                n(c.value)
            ),
            CheckKind::DualityGap => format!(
                "The distance lies between the lower bound s · v / |v| = {} and |v| = {}; the \
                 gap {} is {} the tolerance {}.",
                n(c.reference),
                n(c.value),
                num(c.difference),
                if c.passed { "within" } else { "more than" },
                tolerance_text(c.tolerance)
            ),
            CheckKind::EdgeGap => format!(
                "Along the face normal, A − B reaches s · n = {} while the face lies at {}: \
                 the gap {} is {} the tolerance {}.",
                n(c.value),
                n(c.reference),
                num(c.difference),
                if c.passed { "within" } else { "more than" },
                tolerance_text(c.tolerance)
            ),
            CheckKind::SampledDepth => format!(
                "Depth along this direction: s · u = {}; the smallest so far was {}.",
                n(c.value),
                n(c.reference)
            ),
            CheckKind::CoreGap => format!(
                "The two shrinkings add to m_A + m_B = {}, the cores are {} apart: depth {}.",
                n(c.value),
                n(c.reference),
                n(c.difference)
            ),
        });
    }
    parts.push(event_sentence(step));
    if !step.dropped.is_empty() {
        parts.push(format!(
            "Dropped: {} (the closest point does not need them).",
            labels(&step.dropped)
        ));
    }
    parts.join(" ")
}

fn event_sentence(step: &Step3) -> String {
    if step.phase == Phase::Refinement {
        return refinement_sentence(step);
    }
    let simplex = labels(&step.simplex);
    match step.event {
        Event3::FirstSupport => format!(
            "GJK starts with the simplex [{simplex}] and searches toward the origin from it."
        ),
        Event3::Reduced => match step.next_direction {
            Some(d) => format!(
                "The origin is closest to {} of the simplex, so it keeps [{simplex}] and \
                 searches along {} next.",
                step.region.map_or("a feature", region_words),
                v(d)
            ),
            None => format!(
                "The origin is closest to {} of the simplex, so it keeps [{simplex}]; that \
                 closest point is the origin itself, up to rounding, so no direction is left \
                 to search.",
                step.region.map_or("a feature", region_words),
            ),
        },
        Event3::EnclosedOrigin => format!(
            "The tetrahedron [{simplex}] encloses the origin: the shapes overlap, and EPA \
             measures by how much."
        ),
        Event3::OriginOnSimplex => format!(
            "The origin lies on the simplex [{simplex}] (its closest point is at {}): the \
             shapes touch or overlap.",
            num(step.closest_point.map_or(0.0, DVec3::length))
        ),
        Event3::Separated => "GJK stops: separated. The distance phase finds how far.".into(),
        Event3::RepeatedSupport => {
            "The support point was already known: no further progress is possible.".into()
        }
        Event3::MaxIterations => match step.bounds {
            Some(b) => format!(
                "The iteration limit stops the search with the depth between {} and {}.",
                n(b.lower),
                n(b.upper)
            ),
            None => "The iteration limit stops the search with the best answer so far.".into(),
        },
        Event3::CloserPoint => format!(
            "The simplex [{simplex}] comes closer to the origin; next search along {}.",
            step.next_direction.map(v).unwrap_or_default()
        ),
        Event3::Converged if step.phase == Phase::Epa => {
            step.closest_face.map_or_else(String::new, |f| {
                format!(
                    "The face [{}] lies on the boundary of A − B: depth {} along {}. The origin \
                     projects to {} with weights ({}, {}, {}), which give the contact points.",
                    labels(&f.face.vertices),
                    n(f.distance),
                    v(f.normal),
                    v(f.projection),
                    n(f.barycentric[0]),
                    n(f.barycentric[1]),
                    n(f.barycentric[2])
                )
            })
        }
        Event3::Converged => format!(
            "The closest points are {} apart.",
            n(step.closest_point.map_or(0.0, DVec3::length))
        ),
        Event3::BlowUp => format!(
            "EPA needs a tetrahedron; the simplex is now [{simplex}]. A point on the simplex's \
             own line or plane would not help, so only a point off it is kept."
        ),
        Event3::StartTetrahedron => format!(
            "The tetrahedron [{simplex}] holds the origin: it is the first polytope, {} faces \
             turned outward.",
            step.added_faces.len()
        ),
        Event3::Expanded => format!(
            "The closest face lies {} from the origin. The new point sees {}; the horizon of \
             {} edges is closed by {} new faces.",
            step.closest_face
                .map_or_else(String::new, |f| n(f.distance)),
            match step.removed_faces.len() {
                1 => "1 face, which is removed".to_string(),
                seen => format!("{seen} faces, which are removed"),
            },
            step.horizon.len(),
            step.added_faces.len()
        ),
        Event3::FlatDifference => {
            "No direction leaves the simplex's plane or line: A − B has no volume, depth 0.".into()
        }
        Event3::Degenerate => {
            "Rounding leaves no valid way to add the point (it lies behind the closest face's \
             exact plane, which only that face's rounded normal put it in front of; or the \
             faces it sees do not form one patch; or a new face would turn inward); the \
             closest face reached is EPA's answer (on a curved pair, refinement takes its \
             normal from there)."
                .into()
        }
        Event3::SampledDirection => "One more direction measured.".into(),
        Event3::CoreDepth => format!(
            "The contact points move back out, each by its own shrinking, along {}.",
            step.direction.map(v).unwrap_or_default()
        ),
        Event3::CoresOverlap => "The cores still overlap: the margin was too small.".into(),
        Event3::NoCore => "A shape has no core for this margin.".into(),
        Event3::RefinedNormal => "The normal turns toward a smaller height.".into(),
        Event3::FlatFaceProbe => "A flat face of A − B is looked for.".into(),
        Event3::KinkProbe => "The normal is turned a hair across a kink.".into(),
        Event3::KinkStep => "The normal steps along a kink.".into(),
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

fn refinement_sentence(step: &Step3) -> String {
    let height = refinement_height(step);
    let apart = height < 0.0;
    let (answer, meaning) = crate::explain::height_meaning(height);
    let start = match (step.iteration, apart) {
        (1, false) => {
            "On a curve EPA's face normal is only as good as the square root of its \
             tolerance, and when the origin sits near the centre of a curve EPA stops short \
             altogether. Refinement turns the normal, from EPA's last one, to where the height \
             of A − B is smallest. "
        }
        (1, true) => {
            "On a curve the distance phase's normal is only as good as the square root of its \
             tolerance. Refinement turns the normal, from the distance phase's, to where the \
             height of A − B is smallest (most negative). "
        }
        _ => "",
    };
    let verdict = match step.event {
        Event3::Converged if step.check.is_some_and(|c| c.passed) => format!(
            "s lies on the normal's line, so h is at its smallest here and the {answer} is {} \
             along n.",
            n(height.abs())
        ),
        Event3::Converged => {
            "No turn of the normal lowers h any more: the normal meets an edge or a flat face \
             of A − B, where the support point jumps from corner to corner and so never lies on \
             the normal's line. (On a flat face, three support points around the origin's \
             projection give the face's own normal; nothing of A − B lies beyond its plane.) \
             The normal is settled."
                .to_string()
        }
        Event3::MaxIterations => REFINEMENT_LIMIT_TEXT.to_string(),
        Event3::FlatFaceProbe => {
            "Three support points found apart (at first, the corners of the earlier phase's \
             last triangle) may be corners of a flat face of A − B around the origin's \
             projection. The normal is tilted a hair toward one of them, or past an edge of \
             their triangle that misses the projection, or across corners that lie nearly in a \
             line (their plane would be only as good as the rounding over their triangle's \
             width), to find the face's corner that way exactly; or it is set along the plane \
             of such corners, to see whether anything of A − B lies beyond that plane."
                .to_string()
        }
        Event3::KinkProbe => {
            "The last search ran along a kink, where the support point jumps between two points \
             on either side of an edge of A − B's normal map. Where the normal lies on the kink \
             itself, both points are support points and the normal's line passes between them. \
             So the normal is turned a hair (a few units in the last place) across the kink, \
             toward the other side: if that side's point comes up, the two together settle the \
             normal."
                .to_string()
        }
        Event3::KinkStep => {
            "The last two searches ended on the same kink, where the support point jumps \
             between two points, and their slopes along it (g, the point nearest the origin \
             between the two offsets) say by their secant where the height along the kink is \
             smallest. The normal steps there along the kink's tangent, but no farther than 256 \
             times the angle between the two searches' ends: beyond that the secant is a guess, \
             and the next one, over the longer step, goes on. A kink that curves (a cone's apex) \
             bends away from that great circle, so the step lands beside it, and the next \
             search, downhill across the kink, lands back on it."
                .to_string()
        }
        _ => "The normal turns along a great circle, against g where it can, toward a smaller \
              height."
            .to_string(),
    };
    let bounds = step
        .bounds
        .map_or(String::new(), |b| bounds_sentence(answer, b.lower, b.upper));
    format!(
        "{start}The height of A − B along n is h = s · n = {}, {meaning}. {verdict}{bounds}",
        n(height)
    )
}

/// The step's numbers, formatted with [`crate::format`] (up to 6 decimals).
pub fn numbers(step: &Step3) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut row = |name: &str, value: String| {
        rows.push(Row {
            name: name.to_string(),
            value,
        })
    };
    if let Some(d) = step.direction {
        row("direction d", vec3(d));
    }
    if let Some(s) = step.support {
        row(
            &format!("support {} = a − b", vertex_label(s.id)),
            vec3(s.point),
        );
        row("a (on A)", vec3(s.a));
        row("b (on B)", vec3(s.b));
    }
    if let Some(p) = step.closest_point {
        row("closest point v", vec3(p));
        row("|v|", num(p.length()));
    }
    if let Some(f) = step.closest_face {
        row("closest face", labels(&f.face.vertices));
        row("face normal n", vec3(f.normal));
        row("face distance", num(f.distance));
        row("origin's projection", vec3(f.projection));
        row(
            "barycentric",
            format!(
                "({}, {}, {})",
                num(f.barycentric[0]),
                num(f.barycentric[1]),
                num(f.barycentric[2])
            ),
        );
    }
    if let Some(c) = step.check {
        row("measured", num(c.value));
        row("compared with", num(c.reference));
        row("difference", num(c.difference));
        row("tolerance", num(c.tolerance));
        row(
            "check",
            if c.passed { "passed" } else { "failed" }.to_string(),
        );
    }
    if let Some(b) = step.bounds {
        let apart = step.phase == Phase::Refinement && refinement_height(step) < 0.0;
        let answer = if apart { "distance" } else { "depth" };
        row(&format!("{answer} ≥"), num(b.lower));
        row(&format!("{answer} ≤"), num(b.upper));
    }
    if let Some(r) = step.region {
        row("closest feature", region_words(r).to_string());
    }
    if !step.simplex.is_empty() {
        row("simplex", labels(&step.simplex));
    }
    if !step.dropped.is_empty() {
        row("dropped", labels(&step.dropped));
    }
    if !step.horizon.is_empty() {
        let edges: Vec<String> = step
            .horizon
            .iter()
            .map(|[a, b]| format!("{}→{}", vertex_label(*a), vertex_label(*b)))
            .collect();
        row("horizon", edges.join(" "));
        row("faces removed / added", {
            format!("{} / {}", step.removed_faces.len(), step.added_faces.len())
        });
    }
    if let Some(d) = step.next_direction {
        row("next direction", vec3(d));
    }
    rows
}

/// A pseudocode line and the events it stands for.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub text: &'static str,
    pub marks: &'static [Event3],
}

const fn line(text: &'static str, marks: &'static [Event3]) -> Line {
    Line { text, marks }
}

/// The pseudocode of a 3D phase, one statement a line.
pub fn pseudocode(phase: Phase) -> &'static [Line] {
    match phase {
        Phase::Gjk => GJK_CODE,
        Phase::Distance => DISTANCE_CODE,
        Phase::Epa => EPA_CODE,
        Phase::Sampling => SAMPLING_CODE,
        Phase::CoreShapes => CORE_SHAPES_CODE,
        Phase::Refinement => REFINEMENT_CODE,
    }
}

/// The index in [`pseudocode`] of the line the step carried out; None when no line marks it.
pub fn pseudocode_line(step: &Step3) -> Option<usize> {
    pseudocode(step.phase)
        .iter()
        .position(|l| l.marks.contains(&step.event))
}

use Event3 as E;

const GJK_CODE: &[Line] = &[
    line("gjk(A, B):", &[]),
    line("  s ← support(d0); simplex ← [s]", &[E::FirstSupport]),
    line("  loop:", &[]),
    line("    v ← closest point of simplex", &[]),
    line("    if v = 0: return INTERSECTING", &[E::OriginOnSimplex]),
    line("      (touching or deeper: EPA measures)", &[]),
    line("    s ← support(−v)", &[]),
    line("    if s · (−v) < 0: return SEPARATED", &[E::Separated]),
    line(
        "    if s in simplex: return UNDECIDED",
        &[E::RepeatedSupport],
    ),
    line("    add s; keep the feature nearest", &[E::Reduced]),
    line("      the origin (vertex/edge/face)", &[]),
    line("    if origin inside: return OVERLAP", &[E::EnclosedOrigin]),
    line("  return UNDECIDED (iteration limit)", &[E::MaxIterations]),
];

const DISTANCE_CODE: &[Line] = &[
    line("distance(A, B, simplex):", &[]),
    line("  loop:", &[]),
    line("    v ← closest point of simplex", &[]),
    line(
        "    if v = 0: origin in A − B (to EPA)",
        &[E::OriginOnSimplex],
    ),
    line("    s ← support(−v)", &[]),
    line(
        "    if |v| − s · v / |v| ≤ tol: return |v|",
        &[E::Converged],
    ),
    line("    if s in simplex: return |v|", &[E::RepeatedSupport]),
    line("    add s; keep the feature nearest", &[E::CloserPoint]),
    line("  return |v| (iteration limit)", &[E::MaxIterations]),
];

const EPA_CODE: &[Line] = &[
    line("epa(A, B, simplex):", &[]),
    line("  while fewer than 4 points:", &[]),
    line("    add support off the simplex's span", &[E::BlowUp]),
    line(
        "    none: return depth 0 (flat A − B)",
        &[E::FlatDifference],
    ),
    line("  polytope ← tetrahedron, outward", &[E::StartTetrahedron]),
    line("  repeat up to max_iterations:", &[]),
    line("    f ← face closest to origin", &[]),
    line("        (normal n, distance δ)", &[]),
    line("    s ← support(n)", &[]),
    line("    if s · n − δ ≤ tol: return δ, n", &[E::Converged]),
    line("    if s in polytope: return δ, n", &[E::RepeatedSupport]),
    line(
        "    remove faces s sees; horizon ← edge loop",
        &[E::Expanded],
    ),
    line("    add a face (edge, s) per horizon edge", &[]),
    line("    if no valid loop: return δ, n", &[E::Degenerate]),
    line(
        "  return closest face (iteration limit)",
        &[E::MaxIterations],
    ),
];

const SAMPLING_CODE: &[Line] = &[
    line("sample(A, B, N):", &[]),
    line("  U ← N directions over the sphere,", &[]),
    line("      face normals, edge × edge", &[]),
    line("  for u in U:", &[]),
    line("    s ← support(u)", &[]),
    line(
        "    if s · u < best: best ← s · u, n ← u",
        &[E::SampledDirection],
    ),
    line("  return depth best, normal n", &[]),
];

const CORE_SHAPES_CODE: &[Line] = &[
    line("core_shapes(A, B, m):", &[]),
    line("  A', B' ← A and B shrunk by m_A, m_B", &[]),
    line("      (a sphere or capsule by its radius, else m)", &[]),
    line("  if no core: return epa(A, B)", &[E::NoCore]),
    line("  run gjk, distance on A', B'", &[]),
    line(
        "  if the cores overlap: return epa(A, B)",
        &[E::CoresOverlap],
    ),
    line(
        "  return depth m_A + m_B − distance(A', B')",
        &[E::CoreDepth],
    ),
];

const REFINEMENT_CODE: &[Line] = &[
    line("refine(A, B, n₀):  (after EPA or distance)", &[]),
    line("  h(n) = support(n) · n: ≥ depth, ≤ −distance", &[]),
    line("  g(n) = s − (s · n) n: the slope of h", &[]),
    line("  repeat up to max_iterations:", &[]),
    line("    u ← −g, every third time the chord", &[]),
    line("        of the cycle's two searches; where", &[]),
    line("        s jumps (a kink), along its edge", &[]),
    line(
        "    n ← on the great circle (n, u): probe,",
        &[E::RefinedNormal],
    ),
    line("        doubling, then secant on s · t", &[]),
    line("        (halving when it creeps)", &[]),
    line("    flat face: 3 corners apart around", &[E::FlatFaceProbe]),
    line("        the projection (EPA's face first;", &[]),
    line("        one more past an edge it misses)", &[]),
    line("    after a search along a kink: turn n", &[E::KinkProbe]),
    line("        a hair across it", &[]),
    line("    after two searches ending on one kink:", &[E::KinkStep]),
    line("        step along it by their slopes'", &[]),
    line("        secant, then search across it", &[]),
    line("    if |g| within rounding, no turn", &[E::Converged]),
    line("        lowers h, or nothing lies beyond", &[]),
    line("        the face: return h(n), n", &[]),
    line("  return smallest h(n) found, its n", &[E::MaxIterations]),
];
