//! The pseudocode of each 2D phase, each line marked with the kinds of step that carry it out.

use crate::trace::{Event, Phase, Step};

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
/// found by what the line says it does, never by its place in the listing. A kind is a [`Mark`]
/// in 2D and an event in 3D, whose events already tell set-up from loop.
#[derive(Clone, Copy, Debug)]
pub struct CodeLine<M: 'static = Mark> {
    pub text: &'static str,
    pub marks: &'static [M],
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

    #[test]
    fn every_line_is_marked_for_its_own_phase_and_each_kind_marks_one_line() {
        let phases = [
            Phase::Gjk,
            Phase::Distance,
            Phase::Epa,
            Phase::Sampling,
            Phase::CoreShapes,
            Phase::Refinement,
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
