//! The pseudocode of each 3D phase, each line marked with the events that carry it out.

use crate::explain::CodeLine;
use crate::trace::Phase;
use crate::trace3::{Event3, Step3};

const fn line(text: &'static str, marks: &'static [Event3]) -> CodeLine<Event3> {
    CodeLine { text, marks }
}

/// The pseudocode of a 3D phase, one statement a line.
pub fn pseudocode(phase: Phase) -> &'static [CodeLine<Event3>] {
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

const GJK_CODE: &[CodeLine<Event3>] = &[
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

const DISTANCE_CODE: &[CodeLine<Event3>] = &[
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

const EPA_CODE: &[CodeLine<Event3>] = &[
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

const SAMPLING_CODE: &[CodeLine<Event3>] = &[
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

const CORE_SHAPES_CODE: &[CodeLine<Event3>] = &[
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

const REFINEMENT_CODE: &[CodeLine<Event3>] = &[
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
