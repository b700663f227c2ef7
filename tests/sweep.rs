//! Sweeps: the signed distance along a motion, checked against exact values.

use gjkviz::sweep::{Motion, Sweep, sweep};
use glam::DVec2;

mod common;
use common::{SLIDING_SQUARES_SWEEP, assert_sliding_squares_exact, sliding_squares};

#[test]
fn squares_sliding_past_each_other_give_the_exact_signed_distance() {
    let samples = sweep(&sliding_squares(), &SLIDING_SQUARES_SWEEP);
    assert_sliding_squares_exact(&samples);
}

#[test]
fn turning_a_box_over_a_corner_is_continuous() {
    let mut scene = sliding_squares();
    scene.b.position = DVec2::new(2.2, 0.0);
    let samples = sweep(
        &scene,
        &Sweep {
            motion: Motion::Rotate,
            from: 0.0,
            to: 90.0,
            samples: 91,
        },
    );
    // At 45° B's corner reaches 2.2 − √2 < 1: the shapes overlap by 1 − (2.2 − √2).
    let at45 = samples[45];
    assert!((at45.signed_distance + (1.0 - (2.2 - 2f64.sqrt()))).abs() < 1e-9);
    assert!((samples[0].signed_distance - 0.2).abs() < 1e-12);
    assert!(samples.iter().all(|s| !s.jump));
}

#[test]
fn the_triple_product_failure_shows_as_a_flagged_jump() {
    // Edge-to-edge touching with triple-product normals: at the touching pose the origin lies on
    // the closest edge, that edge loses its normal and EPA reports depth 1.5 instead of 0.
    let scene = gjkviz::scene::parse_scene(
        gjkviz::scene::BUNDLED_SCENES
            .iter()
            .find(|b| b.file == "triple-product-fragile.ron")
            .unwrap()
            .text,
        "fragile",
    )
    .unwrap();
    let samples = sweep(
        &scene,
        &Sweep {
            motion: Motion::Translate {
                direction: DVec2::X,
            },
            from: -0.5,
            to: 0.5,
            samples: 11,
        },
    );
    let flagged: Vec<usize> = (0..samples.len()).filter(|&i| samples[i].jump).collect();
    assert_eq!(flagged, vec![5, 6], "{samples:?}");
    assert_eq!(samples[5].signed_distance, -1.5);
    assert!((samples[4].signed_distance + 0.1).abs() < 1e-9);
}
