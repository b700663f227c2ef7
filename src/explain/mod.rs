//! Each step of a trace in plain words: a short title, a paragraph that uses the step's own
//! numbers, the numbers themselves as a table, and the phase's pseudocode with the line the step
//! carried out. Everything here reads the [`Step`]; nothing re-runs any geometry.
//!
//! Here: the words the 2D and 3D explanations share (phase names, titles, tolerances, how a
//! run ended); the prose of each step (`prose`), its numbers table (`numbers`) and the phases'
//! pseudocode (`pseudocode`) beside it.

mod numbers;
mod prose;
mod pseudocode;

pub use numbers::{Row, numbers};
pub use prose::explain;
pub(crate) use prose::{REFINEMENT_LIMIT_TEXT, height_meaning, refinement_intro};
pub use pseudocode::{CodeLine, Mark, When, pseudocode, pseudocode_line};

use crate::algorithm::Termination;
use crate::format::{num, num_with};
use crate::trace::{Check, CheckKind, Event, Phase, Step};

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

/// What a step's check came to. A refinement step can end the phase (`settled`) though its
/// own test, the support point on the normal's line, failed: a flat side or face of A − B,
/// or a bracket closed on a kink, settled it instead, as the step's text says. Its check then
/// reads as not met, not as a failure of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckVerdict {
    Passed,
    Failed,
    SettledOtherwise,
}

impl CheckVerdict {
    pub fn of(check: &Check, settled: bool) -> Self {
        match (check.passed, settled) {
            (true, _) => CheckVerdict::Passed,
            (false, true) => CheckVerdict::SettledOtherwise,
            (false, false) => CheckVerdict::Failed,
        }
    }

    /// The step panel's words.
    pub fn words(self) -> &'static str {
        match self {
            CheckVerdict::Passed => "passed",
            CheckVerdict::Failed => "failed",
            CheckVerdict::SettledOtherwise => {
                "not met; another test settled the normal (see the text)"
            }
        }
    }

    /// The command line's table's word.
    pub fn short(self) -> &'static str {
        match self {
            CheckVerdict::Passed => "pass",
            CheckVerdict::Failed => "fail",
            CheckVerdict::SettledOtherwise => "not met, settled",
        }
    }
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

/// Why the tolerance a check used is not the one set, when it is not: EPA (and in 3D the
/// distance phase) will not ask for a gap below the rounding of the support points'
/// coordinates (`gap_tolerance` in the 2D EPA, `effective_tolerance` in 3D), which for large
/// coordinates is more than the setting.
pub fn tolerance_note(c: &Check, setting: f64) -> Option<String> {
    let phase = match c.kind {
        CheckKind::EdgeGap => "EPA",
        CheckKind::DualityGap => "the distance phase",
        _ => return None,
    };
    (c.tolerance > setting).then(|| {
        format!(
            "The tolerance used is {}, not the setting {}: A − B's coordinates are large here \
             (far from the origin, or large shapes), so they are only exact to about {}, and \
             a gap smaller than their rounding is noise; {phase} never asks for less.",
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
}
