//! The words the plots write beside a step's drawn tolerance check, the same in the 2D plot
//! and the 3D view: what was measured and how it compares with what it had to reach.

use crate::explain::{gap_text, noise};
use crate::format::num_with;
use crate::trace::{Check, CheckKind};

/// Decimals of the numbers written in the plots and views: enough to tell steps apart, few
/// enough to stay short beside a point.
pub const PLOT_DECIMALS: usize = 3;

/// The check's label; `height` is s · n, the support point's height along the normal, which
/// the refinement's check names. None for the core-shape check, which has no geometry in A − B.
pub fn check_label(check: &Check, height: f64) -> Option<String> {
    let value = num_with(check.value, PLOT_DECIMALS);
    Some(match check.kind {
        CheckKind::EdgeGap => {
            let gap = gap_text(check, PLOT_DECIMALS);
            // "≈ 0 (within 1e-9)" already says how it compares with the tolerance.
            match (noise(check), check.passed) {
                (true, _) => format!("gap {gap}"),
                (false, true) => format!("gap {gap} < tol"),
                (false, false) => format!("gap {gap} > tol"),
            }
        }
        CheckKind::PassesOrigin => {
            let sign = if check.passed { "≥ 0" } else { "< 0" };
            format!("s · d = {value} {sign}")
        }
        CheckKind::SampledDepth => format!("s · u = {value}"),
        CheckKind::NormalOffset => {
            format!("h = {}, offset {value}", num_with(height, PLOT_DECIMALS))
        }
        CheckKind::DualityGap => format!("gap {}", gap_text(check, PLOT_DECIMALS)),
        CheckKind::CoreGap => return None,
    })
}
