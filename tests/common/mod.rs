//! Helpers shared by the integration tests: a tiny seeded PRNG (no dependency, same numbers on
//! every machine) and shorthands for building bodies.

#![allow(dead_code)] // each test crate uses its own subset

#[cfg(feature = "gui")]
pub mod app;
pub mod exact;
pub mod mutate;
pub mod split_mix64;
pub mod temp_dir;
pub mod three;

pub use split_mix64::SplitMix64;

use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::scene::Scene;
use gjkviz::sweep::{Motion, Sweep, SweepSample};
use glam::DVec2;

pub fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

/// A polygon body at a pose (rotation in degrees).
pub fn polygon(points: &[DVec2], position: DVec2, rotation: f64) -> ConvexBody {
    body(
        Shape::Polygon {
            points: points.to_vec(),
            hull: false,
        },
        position,
        rotation,
    )
}

/// Any shape at a pose (rotation in degrees).
pub fn body(shape: Shape, position: DVec2, rotation: f64) -> ConvexBody {
    ConvexBody::new(&Body::new(shape, position, rotation))
}

/// An axis-aligned box from its lower-left and upper-right corners.
pub fn aabb(min: DVec2, max: DVec2) -> ConvexBody {
    polygon(
        &[min, v(max.x, min.y), max, v(min.x, max.y)],
        DVec2::ZERO,
        0.0,
    )
}

/// Two unit squares, B's centre at (−4, 0.5): sliding B along +x by 8 takes it past A.
pub fn sliding_squares() -> Scene {
    let square = Shape::Box {
        half_extents: DVec2::ONE,
    };
    Scene {
        version: 1,
        name: "sliding squares".into(),
        description: String::new(),
        a: Body::new(square.clone(), DVec2::ZERO, 0.0),
        b: Body::new(square, DVec2::new(-4.0, 0.5), 0.0),
        settings: Default::default(),
    }
}

/// The sweep of [`sliding_squares`] the tests run: B along +x from 0 to 8, 161 samples.
pub const SLIDING_SQUARES_SWEEP: Sweep = Sweep {
    motion: Motion::Translate {
        direction: DVec2::X,
    },
    from: 0.0,
    to: 8.0,
    samples: 161,
};

/// Checks a sweep of [`sliding_squares`] against the exact signed distance. With B's centre at
/// x the squares overlap while |x| < 2, with depth min(2 − |x|, 1.5) (the shortest way out:
/// sideways, or up past the 0.5 offset), and are |x| − 2 apart otherwise: the signed distance
/// is |x| − 2 capped below at −1.5. Nothing there is a jump.
pub fn assert_sliding_squares_exact(samples: &[SweepSample]) {
    assert_eq!(samples.len(), 161);
    for s in samples {
        let x = -4.0 + s.offset;
        let exact = (x.abs() - 2.0).max(-1.5);
        assert!(
            (s.signed_distance - exact).abs() < 1e-9,
            "offset {}: {} vs {exact}",
            s.offset,
            s.signed_distance
        );
        assert!(!s.jump, "no jump at offset {}", s.offset);
    }
}

/// What the core-shape method ran on the cores, read back from a trace's steps given as (on
/// the cores, phase, iteration): the last iteration of its GJK steps there plus that of its
/// distance steps. 2D and 3D count it so.
pub fn iterations_on_cores(
    steps: impl Iterator<Item = (bool, gjkviz::trace::Phase, u32)> + Clone,
) -> u32 {
    let last = |phase| {
        steps
            .clone()
            .filter(|&(on_cores, p, _)| on_cores && p == phase)
            .map(|(_, _, iteration)| iteration)
            .max()
            .unwrap_or(0)
    };
    last(gjkviz::trace::Phase::Gjk) + last(gjkviz::trace::Phase::Distance)
}
