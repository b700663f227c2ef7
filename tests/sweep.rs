//! Sweeps in 2D and 3D: the signed distance (and in 3D the normal's turn) along a motion,
//! checked against exact values.

use gjkviz::geometry3::{Body3, Shape3};
use gjkviz::sweep::{Motion, Sweep, sweep};
use gjkviz::sweep3::{Motion3, angle_between_degrees, body_at, sweep3};
use glam::{DVec2, DVec3};

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

/// Two cubes of half-size 1, B starting at x = −4 and a little off in y and z, as in 2D's
/// sliding squares: the y and z faces overlap by 1.5 and 1.75, so the signed distance is
/// |x| − 2 capped below at −1.5.
fn sliding_cubes() -> gjkviz::scene::Scene3 {
    let mut scene = three_d_scene("box-on-box.ron");
    let cube = Shape3::Box {
        half_extents: DVec3::ONE,
    };
    scene.a = Body3::new(cube.clone(), DVec3::ZERO, DVec3::ZERO);
    scene.b = Body3::new(cube, DVec3::new(-4.0, 0.5, 0.25), DVec3::ZERO);
    scene
}

fn three_d_scene(file: &str) -> gjkviz::scene::Scene3 {
    let bundled = gjkviz::scene::BUNDLED_SCENES_3D
        .iter()
        .find(|b| b.file.ends_with(file))
        .unwrap();
    match gjkviz::scene::parse_any_scene(bundled.text, bundled.file).unwrap() {
        gjkviz::scene::AnyScene::Three(scene) => scene,
        gjkviz::scene::AnyScene::Two(_) => panic!("{file} is a 3D scene"),
    }
}

#[test]
fn cubes_sliding_through_each_other_give_the_exact_signed_distance_and_normal_turn() {
    let samples = sweep3(
        &sliding_cubes(),
        &Sweep {
            motion: Motion3::Translate {
                direction: DVec3::X,
            },
            from: 0.0,
            to: 8.0,
            samples: 161,
        },
    );
    for s in &samples {
        let x = -4.0 + s.offset;
        let exact = (x.abs() - 2.0).max(-1.5);
        assert!(
            (s.signed_distance - exact).abs() < 1e-9,
            "offset {}: {} vs {exact}",
            s.offset,
            s.signed_distance
        );
        assert!(!s.jump, "no jump at offset {}", s.offset);
        // The normal starts along −x (B on A's −x side), turns to +y while B's centre is within
        // 0.5 of A's, then to +x: 0°, 90°, 180° from the normal at offset 0.
        let expected = if x < -0.5 {
            0.0
        } else if x > 0.5 {
            180.0
        } else {
            90.0
        };
        if (x.abs() - 0.5).abs() > 1e-6 {
            assert!(
                (s.normal_angle - expected).abs() < 1e-6,
                "x {x}: {}",
                s.normal_angle
            );
        }
    }
}

#[test]
fn the_normal_angle_counts_from_b_s_own_pose_not_the_first_sample() {
    // Starting the sweep with B's centre on A's: the first sample's normal is +y, but the angle
    // is from the normal at offset 0 (B at x = −4, normal −x).
    let samples = sweep3(
        &sliding_cubes(),
        &Sweep {
            motion: Motion3::Translate {
                direction: DVec3::X,
            },
            from: 4.0,
            to: 8.0,
            samples: 5,
        },
    );
    let angles: Vec<f64> = samples.iter().map(|s| s.normal_angle).collect();
    for (angle, expected) in angles.iter().zip([90.0, 180.0, 180.0, 180.0, 180.0]) {
        assert!((angle - expected).abs() < 1e-6, "{angles:?}");
    }
}

#[test]
fn turning_a_cube_about_the_vertical_brings_its_edge_in_and_about_the_centre_line_does_not() {
    let mut scene = sliding_cubes();
    scene.b.position = DVec3::new(2.2, 0.0, 0.0);
    let turn = |axis: DVec3| {
        sweep3(
            &scene,
            &Sweep {
                motion: Motion3::Rotate { axis },
                from: 0.0,
                to: 90.0,
                samples: 91,
            },
        )
    };
    // About z, at 45° B's vertical edge reaches 2.2 − √2 < 1: overlap by 1 − (2.2 − √2).
    let about_z = turn(DVec3::Z);
    assert!((about_z[45].signed_distance + (1.0 - (2.2 - 2f64.sqrt()))).abs() < 1e-9);
    assert!((about_z[0].signed_distance - 0.2).abs() < 1e-12);
    for s in &about_z {
        if s.jump {
            eprintln!("JUMP {s:?}");
        }
    }
    for w in about_z.windows(2) {
        eprintln!(
            "SD {} {} {:?} {}",
            w[1].offset, w[1].signed_distance, w[1].termination, w[1].epa_iterations
        );
    }
    assert!(about_z.iter().all(|s| !s.jump));
    // About x, the line through both centres, B's extent along x never changes.
    for s in turn(DVec3::X) {
        assert!((s.signed_distance - 0.2).abs() < 1e-9, "{s:?}");
        assert!(s.normal_angle.abs() < 1e-6, "{s:?}");
    }
}

/// B's cube given as its eight corners turns in a sweep as the box does: a small hull's
/// support scans its corners turned into world axes, and the sweep turns them with B.
#[test]
fn a_cube_given_as_its_corners_turns_in_a_sweep_as_the_box_does() {
    let mut boxes = sliding_cubes();
    boxes.b.position = DVec3::new(2.2, 0.0, 0.0);
    let mut corners = boxes.clone();
    let sign = |i: usize, bit: usize| if i >> bit & 1 == 0 { -1.0 } else { 1.0 };
    let points = (0..8)
        .map(|i| DVec3::new(sign(i, 0), sign(i, 1), sign(i, 2)))
        .collect();
    corners.b.shape = Shape3::Polyhedron { points, hull: true };
    let turn = |scene| {
        sweep3(
            scene,
            &Sweep {
                motion: Motion3::Rotate { axis: DVec3::Z },
                from: 0.0,
                to: 90.0,
                samples: 91,
            },
        )
    };
    let (by_box, by_corners) = (turn(&boxes), turn(&corners));
    // At 45° B's vertical edge reaches into A.
    assert!(by_box[45].signed_distance < -0.2, "{:?}", by_box[45]);
    for (b, c) in by_box.iter().zip(&by_corners) {
        assert!(
            (b.signed_distance - c.signed_distance).abs() < 1e-9,
            "at {}°: the box {}, its corners {}",
            b.offset,
            b.signed_distance,
            c.signed_distance
        );
    }
}

#[test]
fn a_sample_s_pose_as_scene_angles_is_the_turned_body() {
    let b = Body3::new(
        Shape3::Point,
        DVec3::new(1.0, 2.0, 3.0),
        DVec3::new(10.0, -20.0, 30.0),
    );
    let motion = Motion3::Rotate {
        axis: DVec3::new(1.0, 1.0, 0.5),
    };
    let moved = body_at(&b, &motion, 37.0);
    let expected =
        glam::DMat3::from_axis_angle(DVec3::new(1.0, 1.0, 0.5).normalize(), 37f64.to_radians())
            * b.rotation_matrix();
    let got = moved.rotation_matrix();
    for (g, e) in got.to_cols_array().iter().zip(expected.to_cols_array()) {
        assert!((g - e).abs() < 1e-12, "{got} vs {expected}");
    }
    assert_eq!(moved.position, b.position);
    let slid = body_at(
        &b,
        &Motion3::Translate {
            direction: DVec3::Y,
        },
        0.5,
    );
    assert_eq!(
        (slid.position, slid.rotation),
        (DVec3::new(1.0, 2.5, 3.0), b.rotation)
    );
}

#[test]
fn the_normal_angle_between_nearly_equal_directions_keeps_its_digits() {
    let tiny: f64 = 1e-9;
    let turned = DVec3::new(tiny.cos(), tiny.sin(), 0.0);
    let angle = angle_between_degrees(DVec3::X, turned);
    assert!((angle - tiny.to_degrees()).abs() < 1e-20, "{angle}");
    assert!((angle_between_degrees(DVec3::X, DVec3::NEG_X) - 180.0).abs() < 1e-12);
}
