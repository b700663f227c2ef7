//! A 3D step's numbers as a table of named rows.

use super::{labels, refinement_height, region_words, vertex_label};
use crate::explain::{CheckVerdict, Row};
use crate::format::{num, vec3};
use crate::trace::Phase;
use crate::trace3::Step3;

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
        let verdict = CheckVerdict::of(&c, step.settles_refinement());
        row("check", verdict.words().to_string());
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
