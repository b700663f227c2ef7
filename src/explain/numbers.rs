//! A step's numbers as a table of named rows.

use super::{CheckVerdict, gap_text};
use crate::format::{num, vec2};
use crate::trace::{CheckKind, Step};

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
        let verdict = CheckVerdict::of(&c, step.settles_refinement());
        row("check", verdict.words().to_string());
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
