//! The comparison in 3D: every penetration method on the scene's pair (the list and order of
//! [`crate::compare::compare_methods`]), with the separating-axis reference
//! ([`crate::separating_axes3`]) for two polytopes and the same contradiction check as 2D.

use glam::DVec3;

use crate::algorithm3::{Settings3, fibonacci_direction, query};
use crate::compare::{
    Answer, COMPARE_MARGIN_FRACTION, compare_methods, contradiction_words, nearest_plane,
    reference, signed_distance,
};
use crate::geometry3::{ConvexBody3, SupportMap3};
use crate::scene::Scene3;
use crate::separating_axes3::separating_axis3;
use crate::trace3::Outcome3;

/// Directions over the sphere a 3D body's inner size is measured along: enough that a box's
/// nearest face is found within a few per cent.
pub const INNER_SIZE_DIRECTIONS_3D: u32 = 64;

/// Every method on the scene's pair, the scene's own method first, then the separating-axis
/// reference for two polytopes.
pub fn compare3(scene: &Scene3) -> Vec<Answer<DVec3>> {
    let (a, b) = scene.bodies();
    let mut out = compare_methods(
        scene.settings.penetration,
        default_margin3(&a, &b),
        |penetration| {
            let settings = Settings3 {
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
    if let Some((gap, axis)) = separating_axis3(&a, &b) {
        out.push(reference(gap, axis));
    }
    out
}

/// Where the separating-axis reference contradicts `result` on a polytope pair, in the same
/// words as 2D; None when they agree or there is no reference.
pub fn contradiction3(scene: &Scene3, result: &Outcome3) -> Option<String> {
    let (a, b) = scene.bodies();
    let (gap, _) = separating_axis3(&a, &b)?;
    contradiction_words(
        gap,
        scene.settings.tolerance,
        result.intersecting,
        result.depth,
        result.distance,
    )
}

/// The core-shape margin used when none is set: [`COMPARE_MARGIN_FRACTION`] of the smaller
/// shape's inner size. 0 when a shape has no inside (a point, a segment, a triangle).
pub fn default_margin3(a: &ConvexBody3, b: &ConvexBody3) -> f64 {
    COMPARE_MARGIN_FRACTION * inner_size3(a).min(inner_size3(b))
}

/// Distance from a body's centre to its nearest support plane over directions spread on the
/// sphere: how much it can shrink before vanishing.
fn inner_size3(body: &ConvexBody3) -> f64 {
    let c = body.centre();
    nearest_plane((0..INNER_SIZE_DIRECTIONS_3D).map(|k| {
        let d = fibonacci_direction(k, INNER_SIZE_DIRECTIONS_3D);
        (body.support(d) - c).dot(d)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{AnyScene, BUNDLED_SCENES_3D};

    fn bundled(file: &str) -> Scene3 {
        let b = BUNDLED_SCENES_3D
            .iter()
            .find(|b| b.file.ends_with(file))
            .unwrap();
        match b.parse().unwrap() {
            AnyScene::Three(scene) => scene,
            AnyScene::Two(_) => panic!("{file} is 3D"),
        }
    }

    #[test]
    fn box_on_box_agrees_across_methods_and_with_the_reference() {
        let scene = bundled("box-on-box.ron");
        let rows = compare3(&scene);
        assert_eq!(rows.len(), 4, "three methods and the reference");
        assert!(rows[0].method.ends_with("(scene)"), "{}", rows[0].method);
        let reference = rows.last().unwrap();
        assert_eq!(reference.method, "separating axes (reference)");
        let (a, b) = scene.bodies();
        assert_eq!(
            Some((reference.signed_distance, reference.normal)),
            separating_axis3(&a, &b)
        );
        for row in &rows {
            assert!(
                (row.signed_distance - reference.signed_distance).abs() < 1e-9,
                "{row:?} vs {reference:?}"
            );
        }
    }

    #[test]
    fn no_bundled_3d_scene_contradicts_the_reference_and_a_wrong_depth_does() {
        for b in BUNDLED_SCENES_3D {
            let AnyScene::Three(scene) = b.parse().unwrap() else {
                panic!("{} is 3D", b.file);
            };
            assert_eq!(
                contradiction3(&scene, &scene.trace().result),
                None,
                "{}",
                b.file
            );
        }
        let scene = bundled("box-on-box.ron");
        let mut wrong = scene.trace().result;
        wrong.depth += 0.25;
        let said = contradiction3(&scene, &wrong).expect("a depth 0.25 too deep");
        assert!(said.contains("contradicts"), "{said}");
    }

    #[test]
    fn curved_pairs_have_no_reference_row() {
        let rows = compare3(&bundled("sphere-vs-box.ron"));
        assert_eq!(rows.len(), 3);
        assert!(rows.iter().all(|r| !r.method.contains("reference")));
    }
}
