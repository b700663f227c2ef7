//! The answer of every penetration method side by side, with a brute-force reference where one
//! exists, so a user can see how far each method is from the others on their own pair.
//!
//! The method list, its order and the contradiction check are shared by both dimensions
//! ([`compare_methods`], [`contradiction_words`]); [`crate::compare3`] runs them in 3D.

use glam::DVec2;

use crate::algorithm::{Outcome, PenetrationMethod, Settings, query};
use crate::geometry::{ConvexBody, SupportMap};
use crate::scene::Scene;

/// Directions the comparison samples with when the scene itself does not use sampling.
pub const COMPARE_SAMPLING_DIRECTIONS: u32 = 64;
/// Margin of the core-shape comparison, as a fraction of the smaller shape's inner size (the
/// distance from its centre to its nearest support plane), when the scene does not set one.
pub const COMPARE_MARGIN_FRACTION: f64 = 0.25;

/// One method's answer; `V` is the dimension's vector (`DVec2` or `DVec3`).
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<V = DVec2> {
    pub method: String,
    /// Distance when apart, minus the depth when overlapping, as the method reports it.
    pub signed_distance: f64,
    pub normal: V,
}

/// The separating-axis answer for two polygons: over the edge normals of A and the reversed edge
/// normals of B (every edge direction of A − B), the smallest overlap of the two shapes'
/// projections, computed from the vertices directly. Its negative is the penetration depth when
/// it is below zero; when the shapes are apart it is the widest gap along those axes, a lower
/// bound on the distance. None unless both shapes are polygons with edges.
pub fn separating_axis(a: &ConvexBody, b: &ConvexBody) -> Option<(f64, DVec2)> {
    let (pa, pb) = (a.polygon_vertices()?, b.polygon_vertices()?);
    let mut axes = a.face_normals();
    axes.extend(b.face_normals().into_iter().map(|n| -n));
    let project = |pts: &[DVec2], u: DVec2| extent(pts.iter().map(|p| p.dot(u)));
    axes.into_iter()
        .map(|u| {
            let ((_, a_max), (b_min, _)) = (project(pa, u), project(pb, u));
            // B sits on u's side of A: they are apart along u by b_min − a_max.
            (b_min - a_max, u)
        })
        .max_by(|x, y| x.0.total_cmp(&y.0))
}

/// The smallest and largest of a shape's vertex projections on an axis (both dimensions).
pub fn extent(projections: impl Iterator<Item = f64>) -> (f64, f64) {
    projections.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
        (lo.min(x), hi.max(x))
    })
}

/// Where the separating-axis reference contradicts `result` on a polygon pair, in a sentence;
/// None when they agree or there is no reference. For two polygons the reference is exact for
/// the depth, and a lower bound on the distance; agreement allows the scene's tolerance and
/// a relative 1e-9 for rounding.
pub fn contradiction(scene: &Scene, result: &Outcome) -> Option<String> {
    let (a, b) = scene.bodies();
    let (gap, _) = separating_axis(&a, &b)?;
    contradiction_words(
        gap,
        scene.settings.tolerance,
        result.intersecting,
        result.depth,
        result.distance,
    )
}

/// Where a reference `gap` (minus the depth when below zero, a lower bound on the distance
/// above) contradicts a run's verdict, depth and distance, in a sentence; None when they agree
/// within the tolerance and a relative 1e-9 for rounding.
pub fn contradiction_words(
    gap: f64,
    tolerance: f64,
    intersecting: bool,
    depth: f64,
    distance: f64,
) -> Option<String> {
    let signed = if intersecting { -depth } else { distance };
    let slack = tolerance + 1e-9 * (1.0 + gap.abs().max(signed.abs()));
    let n = |x: f64| crate::format::num(x);
    let wrong = if gap <= slack {
        // The reference says overlap by −gap (or touching): the same depth is expected.
        (signed - gap).abs() > slack
    } else {
        // A separating gap: the shapes are apart by at least that much.
        signed < gap - slack
    };
    wrong.then(|| {
        let says = if intersecting {
            format!("depth {}", n(depth))
        } else {
            format!("distance {}", n(distance))
        };
        let truth = if gap < 0.0 {
            format!("depth {}", n(-gap))
        } else if gap <= slack {
            "depth 0 (the shapes touch)".to_string()
        } else {
            format!("a gap of at least {}", n(gap))
        };
        format!(
            "The separating-axis reference contradicts this result: it finds {truth}, the run \
             reports {says}."
        )
    })
}

/// Every method on the scene's pair, the scene's own method first, then the separating-axis
/// reference for polygon pairs.
pub fn compare(scene: &Scene) -> Vec<Answer> {
    let (a, b) = scene.bodies();
    let mut out = compare_methods(
        scene.settings.penetration,
        default_margin(&a, &b),
        |penetration| {
            let settings = Settings {
                penetration,
                ..scene.settings
            };
            let r = query(&a, &b, &settings);
            (
                signed_distance(r.intersecting, r.depth, r.distance),
                r.normal,
            )
        },
    );
    if let Some((gap, axis)) = separating_axis(&a, &b) {
        out.push(reference(gap, axis));
    }
    out
}

/// Distance when apart, minus the depth when overlapping.
pub fn signed_distance(intersecting: bool, depth: f64, distance: f64) -> f64 {
    if intersecting { -depth } else { distance }
}

/// The separating-axis reference as the table's last row.
pub fn reference<V>(gap: f64, axis: V) -> Answer<V> {
    Answer {
        method: "separating axes (reference)".to_string(),
        signed_distance: gap,
        normal: axis,
    }
}

/// Every penetration method, run by `run` (signed distance and normal), the scene's own
/// method `own` first and marked "(scene)". Sampling uses the scene's direction count if it
/// samples, else [`COMPARE_SAMPLING_DIRECTIONS`]; core shapes the scene's margin if it uses
/// them, else `default_margin`.
pub fn compare_methods<V>(
    own: PenetrationMethod,
    default_margin: f64,
    mut run: impl FnMut(PenetrationMethod) -> (f64, V),
) -> Vec<Answer<V>> {
    let margin = match own {
        PenetrationMethod::CoreShapes { margin } => margin,
        _ => default_margin,
    };
    let directions = match own {
        PenetrationMethod::Sampling { directions } => directions,
        _ => COMPARE_SAMPLING_DIRECTIONS,
    };
    let methods = [
        ("EPA".to_string(), PenetrationMethod::Epa),
        (
            format!("sampling, {directions} directions"),
            PenetrationMethod::Sampling { directions },
        ),
        (
            format!("core shapes, margin {}", crate::format::num_with(margin, 3)),
            PenetrationMethod::CoreShapes { margin },
        ),
    ];
    let mut rows: Vec<(bool, Answer<V>)> = methods
        .into_iter()
        .map(|(name, penetration)| {
            let is_own = penetration == own;
            let method = if is_own {
                format!("{name} (scene)")
            } else {
                name
            };
            let (signed_distance, normal) = run(penetration);
            let answer = Answer {
                method,
                signed_distance,
                normal,
            };
            (is_own, answer)
        })
        .collect();
    // The scene's own method first; the sort is stable, so the others keep their order.
    rows.sort_by_key(|(is_own, _)| !is_own);
    rows.into_iter().map(|(_, answer)| answer).collect()
}

/// The core-shape margin used when none is set: [`COMPARE_MARGIN_FRACTION`] of the smaller
/// shape's inner size, so both shapes keep a core. 0 when a shape has no inside (a point, a
/// segment).
pub fn default_margin(a: &ConvexBody, b: &ConvexBody) -> f64 {
    COMPARE_MARGIN_FRACTION * inner_size(a).min(inner_size(b))
}

/// Directions a body's inner size is measured over (around a circle, over a sphere).
pub const INNER_SIZE_DIRECTIONS: u32 = 16;

/// Distance from a body's centre to its nearest support plane, over a few directions: how much
/// it can shrink before vanishing.
fn inner_size(body: &ConvexBody) -> f64 {
    let c = body.centre();
    nearest_plane((0..INNER_SIZE_DIRECTIONS).map(|k| {
        let d = DVec2::from_angle(
            std::f64::consts::TAU * f64::from(k) / f64::from(INNER_SIZE_DIRECTIONS),
        );
        (body.support(d).point - c).dot(d)
    }))
}

/// The smallest of the centre's distances to support planes, never below 0.
pub fn nearest_plane(distances: impl Iterator<Item = f64>) -> f64 {
    distances.fold(f64::INFINITY, f64::min).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    #[test]
    fn the_worked_example_agrees_across_methods_and_with_the_reference() {
        let rows = compare(&default_scene());
        let exact = -6.0 / 41f64.sqrt();
        assert_eq!(rows[0].method, "EPA (scene)");
        assert!((rows[0].signed_distance - exact).abs() < 1e-12);
        assert!(rows[1].method.starts_with("sampling"));
        assert!((rows[1].signed_distance - exact).abs() < 1e-12);
        let reference = rows.last().unwrap();
        assert_eq!(reference.method, "separating axes (reference)");
        assert!((reference.signed_distance - exact).abs() < 1e-12);
        assert!((reference.normal - DVec2::new(4.0, -5.0) / 41f64.sqrt()).length() < 1e-12);
    }

    #[test]
    fn the_reference_contradicts_the_triple_product_result_only() {
        let scene = |file: &str| {
            let b = crate::scene::BUNDLED_SCENES
                .iter()
                .find(|b| b.file == file)
                .unwrap();
            crate::scene::parse_scene(b.text, b.file).unwrap()
        };
        let fragile = scene("triple-product-fragile.ron");
        let said = contradiction(&fragile, &fragile.trace().result).expect("depth 1.5 vs 0");
        assert!(said.contains("depth 0 (the shapes touch)"), "{said}");
        assert!(said.contains("depth 1.5"), "{said}");
        for b in crate::scene::BUNDLED_SCENES {
            let s = crate::scene::parse_scene(b.text, b.file).unwrap();
            if b.file != "triple-product-fragile.ron" {
                assert_eq!(contradiction(&s, &s.trace().result), None, "{}", b.file);
            }
        }
    }

    #[test]
    fn curved_pairs_have_no_separating_axis_reference() {
        let mut scene = default_scene();
        scene.a.shape = crate::geometry::Shape::Circle { radius: 2.0 };
        let rows = compare(&scene);
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| !r.method.contains("reference")));
    }
}
