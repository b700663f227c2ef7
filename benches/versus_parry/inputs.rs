//! The benchmark's inputs: seeded random pairs of shapes, each built once for our core and once
//! for parry2d-f64 from the same local points and poses.

use gjkviz::geometry::{Body, ConvexBody, Shape};
use glam::DVec2;
use parry2d_f64::math::Pose;
use parry2d_f64::shape::{Ball, ConvexPolygon, Shape as ParryShape};

/// Pairs in every batch: enough that one iteration takes microseconds even for the cheapest set,
/// so criterion's timer overhead and the loop around the call are negligible.
pub const PAIRS_PER_BATCH: usize = 64;

/// Every set draws from its own stream of this seed, so adding a set changes no other set.
const SEED: u64 = 0x6a6b_7669_7a00_0001;

/// Largest angular jitter of a polygon vertex, as a fraction of the regular spacing 2π/n. Below
/// 0.5 the vertices keep their order; 0.3 keeps adjacent edges clearly non-parallel, so parry's
/// polygon keeps every vertex too.
const ANGLE_JITTER: f64 = 0.3;

/// How the two shapes of a pair lie: the verdict every pair of a set must get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    Penetrating,
    Separated,
}

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
}

/// Every set the benchmark measures, in the order of the table.
pub fn all_sets() -> Vec<InputSet> {
    let kinds: Vec<(String, Kind, Kind)> = [4, 8, 32, 256, 4096]
        .into_iter()
        .map(|n| (format!("polygon-{n}"), Kind::Polygon(n), Kind::Polygon(n)))
        .chain([
            ("circle-polygon-8".into(), Kind::Circle, Kind::Polygon(8)),
            ("circle-circle".into(), Kind::Circle, Kind::Circle),
        ])
        .collect();
    let mut sets = Vec::new();
    for contact in [Contact::Penetrating, Contact::Separated] {
        for (label, a, b) in &kinds {
            let prefix = match contact {
                Contact::Penetrating => "penetrating",
                Contact::Separated => "separated",
            };
            let seed = SEED ^ (sets.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            sets.push(InputSet {
                name: format!("{prefix}-{label}"),
                contact,
                pairs: random_pairs(*a, *b, contact, seed),
            });
        }
    }
    sets
}

fn random_pairs(a: Kind, b: Kind, contact: Contact, seed: u64) -> Vec<Pair> {
    let mut rng = SplitMix64(seed);
    (0..PAIRS_PER_BATCH)
        .map(|_| {
            let (shape_a, inner_a, outer_a) = random_shape(&mut rng, a);
            let (shape_b, inner_b, outer_b) = random_shape(&mut rng, b);
            // Centres closer than the sum of the inner radii overlap for sure; farther than the
            // sum of the outer radii are apart for sure.
            let gap = match contact {
                Contact::Penetrating => rng.range(0.05, 0.9) * (inner_a + inner_b),
                Contact::Separated => rng.range(1.05, 1.5) * (outer_a + outer_b),
            };
            let centre_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let centre_b = centre_a + DVec2::from_angle(rng.angle()) * gap;
            Pair {
                a: place(shape_a, centre_a, rng.angle()),
                b: place(shape_b, centre_b, rng.angle()),
            }
        })
        .collect()
}

/// A shape around its local origin, with the radius of a disk it contains and of one that
/// contains it.
fn random_shape(rng: &mut SplitMix64, kind: Kind) -> (Shape, f64, f64) {
    let size = rng.range(0.5, 2.0);
    match kind {
        Kind::Circle => (Shape::Circle { radius: size }, size, size),
        Kind::Polygon(n) => {
            // Points on an ellipse are in convex position, whatever the jitter.
            let radii = DVec2::new(rng.range(0.7, 1.0), rng.range(0.7, 1.0)) * size;
            let step = std::f64::consts::TAU / n as f64;
            let points: Vec<DVec2> = (0..n)
                .map(|k| {
                    let angle = (k as f64 + rng.range(-ANGLE_JITTER, ANGLE_JITTER)) * step;
                    DVec2::from_angle(angle) * radii
                })
                .collect();
            // The widest gap between neighbours is under (1 + 2·jitter)·step, so the polygon
            // holds the disk of radius min(radii)·cos(gap / 2).
            let widest_gap = (1.0 + 2.0 * ANGLE_JITTER) * step;
            let inner = radii.min_element() * (widest_gap / 2.0).cos();
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

/// SplitMix64 (Steele, Lea and Flood): a tiny, well-mixed generator, enough for test inputs.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [lo, hi).
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        // The top 53 bits give every double in [0, 1) with the same spacing.
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }

    fn angle(&mut self) -> f64 {
        self.range(0.0, std::f64::consts::TAU)
    }
}
