//! Helpers shared by the integration tests: a tiny seeded PRNG (no dependency, same numbers on
//! every machine) and shorthands for building bodies.

#![allow(dead_code)] // each test crate uses its own subset

#[cfg(feature = "gui")]
pub mod app;
pub mod exact;
pub mod three;

use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::scene::Scene;
use gjkviz::sweep::{Motion, Sweep, SweepSample};
use glam::DVec2;

/// SplitMix64 (Steele, Lea, Flood 2014): one u64 of state, passes BigCrush, and every seed
/// gives a full-period stream, which is all a property test needs.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform integer in [lo, hi] (inclusive; the tiny modulo bias does not matter here).
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// A uniform angle in [0, 2π).
    pub fn angle(&mut self) -> f64 {
        self.range(0.0, std::f64::consts::TAU)
    }

    /// A unit vector at a uniform angle.
    pub fn direction(&mut self) -> DVec2 {
        DVec2::from_angle(self.angle())
    }

    /// `n` uniform angles in increasing order: the corners of a random convex polygon inscribed
    /// in an ellipse.
    pub fn sorted_angles(&mut self, n: usize) -> Vec<f64> {
        let mut angles: Vec<f64> = (0..n).map(|_| self.angle()).collect();
        angles.sort_by(f64::total_cmp);
        angles
    }
}

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
