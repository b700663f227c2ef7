//! The benchmark's inputs: seeded random pairs of shapes, each built once for our core and once
//! for parry2d-f64 from the same local points and poses.

use gjkviz::geometry::{Body, ConvexBody, Shape};
use glam::DVec2;
use parry2d_f64::math::Pose;
use parry2d_f64::shape::{Ball, ConvexPolygon, Shape as ParryShape};

use crate::common::SplitMix64;
use crate::pairs::stream_seed;
pub use crate::pairs::{Contact, IN_CACHE_REPEATS, PAIRS_PER_BATCH};

/// Largest angular jitter of a polygon vertex, as a fraction of the regular spacing 2π/n. Below
/// 0.5 the vertices keep their order; 0.3 also keeps adjacent edges clearly non-parallel, so
/// every vertex is a corner for both libraries.
const ANGLE_JITTER: f64 = 0.3;

/// What a shape is, before it is placed.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Polygon(usize),
    Circle,
}

/// One shape at one pose, in both libraries.
pub struct Placed {
    pub ours: ConvexBody,
    pub parry: Box<dyn ParryShape>,
    pub pose: Pose,
}

pub struct Pair {
    pub a: Placed,
    pub b: Placed,
}

/// A named batch of pairs that all penetrate or all stay apart.
pub struct InputSet {
    /// Criterion's group name, also the directory its results are stored under.
    pub name: String,
    pub contact: Contact,
    pub pairs: Vec<Pair>,
    /// How many times in a row each pair is queried.
    pub repeats: usize,
}

impl InputSet {
    /// The set of `PAIRS_PER_BATCH` pairs drawn from the stream named `stream`, each queried
    /// once.
    fn new(name: String, stream: &str, kinds: (Kind, Kind), contact: Contact) -> Self {
        InputSet {
            pairs: random_pairs(kinds, contact, stream_seed(stream)),
            name,
            contact,
            repeats: 1,
        }
    }

    /// Queries per batch.
    pub fn queries(&self) -> usize {
        self.pairs.len() * self.repeats
    }
}

/// Every set the benchmark measures, in the order of the table.
pub fn all_sets() -> Vec<InputSet> {
    let mut sets = Vec::new();
    for (contact, prefix) in Contact::BOTH {
        let set = |label: &str, kinds| {
            let name = format!("{prefix}-{label}");
            InputSet::new(name.clone(), &name, kinds, contact)
        };
        for n in [4, 8, 32, 256, 4096] {
            sets.push(set(
                &format!("polygon-{n}"),
                (Kind::Polygon(n), Kind::Polygon(n)),
            ));
        }
        if contact == Contact::Penetrating {
            let big = (Kind::Polygon(4096), Kind::Polygon(4096));
            sets.push(InputSet {
                repeats: IN_CACHE_REPEATS,
                ..InputSet::new(
                    format!("{prefix}-polygon-4096-in-cache"),
                    &format!("{prefix}-polygon-4096"),
                    big,
                    contact,
                )
            });
        }
        sets.push(set("circle-polygon-8", (Kind::Circle, Kind::Polygon(8))));
        sets.push(set("circle-circle", (Kind::Circle, Kind::Circle)));
    }
    sets
}

fn random_pairs((a, b): (Kind, Kind), contact: Contact, seed: u64) -> Vec<Pair> {
    let mut rng = SplitMix64::new(seed);
    (0..PAIRS_PER_BATCH)
        .map(|_| {
            let (shape_a, inner_a, outer_a) = random_shape(&mut rng, a);
            let (shape_b, inner_b, outer_b) = random_shape(&mut rng, b);
            // Centres closer than the sum of the inner radii overlap; farther than the sum of the
            // outer radii are apart (and the bench checks every verdict before timing).
            let gap = match contact {
                Contact::Penetrating => rng.range(0.05, 0.9) * (inner_a + inner_b),
                Contact::Separated => rng.range(1.05, 1.5) * (outer_a + outer_b),
            };
            let centre_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let centre_b = centre_a + rng.direction() * gap;
            Pair {
                a: place(shape_a, centre_a, rng.angle()),
                b: place(shape_b, centre_b, rng.angle()),
            }
        })
        .collect()
}

/// A shape around its local origin, with the radius of a disk inside it and of one around it.
fn random_shape(rng: &mut SplitMix64, kind: Kind) -> (Shape, f64, f64) {
    let size = rng.range(0.5, 2.0);
    match kind {
        Kind::Circle => (Shape::Circle { radius: size }, size, size),
        Kind::Polygon(n) => {
            let radii = DVec2::new(rng.range(0.7, 1.0), rng.range(0.7, 1.0)) * size;
            // Neighbours are less than (1 + 2·jitter)·2π/n apart in angle, so the polygon holds
            // roughly the disk of radius min(radii)·cos(gap / 2); overlapping pairs use at most
            // 0.9 of it.
            let widest_gap = (1.0 + 2.0 * ANGLE_JITTER) * std::f64::consts::TAU / n as f64;
            let inner = radii.min_element() * (widest_gap / 2.0).cos();
            let points = regular_ish_polygon(rng, n, radii);
            (
                Shape::Polygon {
                    points,
                    hull: false,
                },
                inner,
                radii.max_element(),
            )
        }
    }
}

/// n vertices at jittered, evenly spaced angles on an ellipse with these semi-axes, counter-
/// clockwise. Points on an ellipse are in convex position whatever the jitter.
pub fn regular_ish_polygon(rng: &mut SplitMix64, n: usize, radii: DVec2) -> Vec<DVec2> {
    let step = std::f64::consts::TAU / n as f64;
    (0..n)
        .map(|k| {
            let angle = (k as f64 + rng.range(-ANGLE_JITTER, ANGLE_JITTER)) * step;
            DVec2::from_angle(angle) * radii
        })
        .collect()
}

fn place(shape: Shape, position: DVec2, angle: f64) -> Placed {
    let parry: Box<dyn ParryShape> = match &shape {
        Shape::Circle { radius } => Box::new(Ball::new(*radius)),
        Shape::Polygon { points, .. } => {
            let polygon = ConvexPolygon::from_convex_polyline_unmodified(points.clone())
                .expect("the polygon is convex and counter-clockwise");
            Box::new(polygon)
        }
        _ => unreachable!("the benchmark only builds polygons and circles"),
    };
    let body = Body::new(shape, position, angle.to_degrees());
    Placed {
        ours: ConvexBody::new(&body),
        parry,
        pose: Pose::new(position, angle),
    }
}
