//! A 3D step in plain words, quoting its own numbers.

use glam::DVec3;

use super::{labels, n, refinement_height, region_words, support_sentence, v};
use crate::explain::{REFINEMENT_LIMIT_TEXT, bounds_sentence, refinement_intro, tolerance_text};
use crate::format::num;
use crate::trace::{CheckKind, Phase};
use crate::trace3::{Event3, Step3};

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
        Event3::NoCore => "A shape has no core for this margin: an ellipsoid shrunk is no \
                           ellipsoid, a segment, triangle or point has no inside to shrink \
                           into, and any other shape is too thin for it."
            .into(),
        Event3::RefinedNormal => "The normal turns toward a smaller height.".into(),
        Event3::FlatFaceProbe => "A flat face of A − B is looked for.".into(),
        Event3::KinkProbe => "The normal is turned a hair across a kink.".into(),
        Event3::KinkStep => "The normal steps along a kink.".into(),
    }
}

fn refinement_sentence(step: &Step3) -> String {
    let height = refinement_height(step);
    let apart = height < 0.0;
    let (answer, meaning) = crate::explain::height_meaning(height);
    let start = refinement_intro(step.iteration, apart, "face");
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
