//! The 3D benchmark's inputs: seeded random pairs of shapes, each built once for our core and
//! once for parry3d-f64 from the same local shape and pose.

use gjkviz::geometry3::{Body3, ConvexBody3, Shape3};
use glam::{DQuat, DVec3};
use parry3d_f64::math::Pose;
use parry3d_f64::shape::{
    Ball, Capsule, Cone, ConvexPolyhedron, Cuboid, Cylinder, Shape as ParryShape,
};

use crate::common::SplitMix64;
use crate::pairs::{Contact, IN_CACHE_REPEATS, PAIRS_PER_BATCH, stream_seed};
pub use crate::points3::ellipsoid_points;

/// The polytopes' vertex counts (boxes are the 8).
pub const POLYTOPE_SIZES: [usize; 4] = [32, 256, 1024, 4096];

/// What a shape is, before it is placed.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Box,
    /// n points on an ellipsoid.
    Polytope(usize),
    Sphere,
    Capsule,
    Cylinder,
    Cone,
}

impl Kind {
    /// Both shapes are polytopes: parry's support-map contact is its general path for them.
    pub fn is_polytope(self) -> bool {
        matches!(self, Kind::Box | Kind::Polytope(_))
    }
}

/// One shape at one pose, in both libraries.
pub struct Placed {
    pub ours: ConvexBody3,
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
    pub kinds: (Kind, Kind),
    pub pairs: Vec<Pair>,
    /// How many times in a row each pair is queried.
    pub repeats: usize,
}

impl InputSet {
    /// The set of `PAIRS_PER_BATCH` pairs drawn from the stream named `name`, each queried once.
    pub fn new(name: String, kinds: (Kind, Kind), contact: Contact) -> Self {
        InputSet {
            pairs: random_pairs(kinds, contact, stream_seed(&name)),
            name,
            contact,
            kinds,
            repeats: 1,
        }
    }

    /// The pairs of the set named `name`, each queried [`IN_CACHE_REPEATS`] times in a row.
    fn in_cache(name: String, kinds: (Kind, Kind), contact: Contact) -> Self {
        InputSet {
            name: format!("{name}-in-cache"),
            repeats: IN_CACHE_REPEATS,
            ..InputSet::new(name, kinds, contact)
        }
    }

    /// Queries per batch.
    pub fn queries(&self) -> usize {
        self.pairs.len() * self.repeats
    }

    /// Whether both shapes are polytopes.
    pub fn polytopes(&self) -> bool {
        self.kinds.0.is_polytope() && self.kinds.1.is_polytope()
    }
}

/// Every set the benchmark measures, in the order of the table.
pub fn all_sets() -> Vec<InputSet> {
    let mut sets = Vec::new();
    for (contact, prefix) in Contact::BOTH {
        let named = |label: &str| format!("3d-{prefix}-{label}");
        let mut kinds = vec![("box-box".to_string(), (Kind::Box, Kind::Box))];
        for n in POLYTOPE_SIZES {
            kinds.push((
                format!("polytope-{n}"),
                (Kind::Polytope(n), Kind::Polytope(n)),
            ));
        }
        for (label, pair) in kinds {
            sets.push(InputSet::new(named(&label), pair, contact));
        }
        // The largest hulls queried again at once, and the smallest too, so that the two
        // compare like with like: a query repeated at once finds its branches predicted as
        // well as its data cached (7 % off a 32-vertex pair, whose data is cached anyway).
        if contact == Contact::Penetrating {
            for n in [POLYTOPE_SIZES[0], POLYTOPE_SIZES[POLYTOPE_SIZES.len() - 1]] {
                let pair = (Kind::Polytope(n), Kind::Polytope(n));
                sets.push(InputSet::in_cache(
                    named(&format!("polytope-{n}")),
                    pair,
                    contact,
                ));
            }
        }
        for (label, pair) in [
            ("sphere-sphere", (Kind::Sphere, Kind::Sphere)),
            ("sphere-box", (Kind::Sphere, Kind::Box)),
            ("capsule-capsule", (Kind::Capsule, Kind::Capsule)),
            ("cylinder-cylinder", (Kind::Cylinder, Kind::Cylinder)),
            ("cone-sphere", (Kind::Cone, Kind::Sphere)),
        ] {
            sets.push(InputSet::new(named(label), pair, contact));
        }
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
            let centre_a = rng.vec3(-10.0, 10.0);
            let centre_b = centre_a + rng.unit3() * gap;
            Pair {
                a: place(shape_a, centre_a, rng.vec3(-180.0, 180.0)),
                b: place(shape_b, centre_b, rng.vec3(-180.0, 180.0)),
            }
        })
        .collect()
}

/// A shape around its local origin, with the radius of a ball inside it and of one around it.
fn random_shape(rng: &mut SplitMix64, kind: Kind) -> (Shape3, f64, f64) {
    let size = rng.range(0.5, 2.0);
    let part = |rng: &mut SplitMix64| rng.range(0.5, 1.0) * size;
    match kind {
        Kind::Box => {
            let h = DVec3::new(part(rng), part(rng), part(rng));
            (Shape3::Box { half_extents: h }, h.min_element(), h.length())
        }
        Kind::Polytope(n) => {
            let radii = DVec3::new(rng.range(0.7, 1.0), rng.range(0.7, 1.0), 1.0) * size;
            // The widest hole of an n-point Fibonacci lattice spans less than √(4π/n) radians, so
            // the hull holds the ball of radius min(radii)·cos of that.
            let hole = (4.0 * std::f64::consts::PI / n as f64).sqrt();
            let inner = radii.min_element() * hole.min(1.5).cos();
            let points = ellipsoid_points(n, radii);
            let shape = Shape3::Polyhedron {
                points,
                hull: false,
            };
            (shape, inner, radii.max_element())
        }
        Kind::Sphere => (Shape3::Sphere { radius: size }, size, size),
        Kind::Capsule => {
            let (half_length, radius) = (part(rng), 0.5 * size);
            let shape = Shape3::Capsule {
                half_length,
                radius,
            };
            (shape, radius, half_length + radius)
        }
        Kind::Cylinder => {
            let (half_height, radius) = (part(rng), part(rng));
            let shape = Shape3::Cylinder {
                half_height,
                radius,
            };
            (shape, half_height.min(radius), half_height.hypot(radius))
        }
        Kind::Cone => {
            let (half_height, radius) = (part(rng), part(rng));
            let shape = Shape3::Cone {
                half_height,
                radius,
            };
            // The centre lies half_height from the base and h·r / √(4h² + r²) from the side.
            let inner = half_height * radius / (2.0 * half_height).hypot(radius);
            (shape, inner, half_height.hypot(radius))
        }
    }
}

fn place(shape: Shape3, position: DVec3, rotation_degrees: DVec3) -> Placed {
    let parry: Box<dyn ParryShape> = match &shape {
        Shape3::Box { half_extents } => Box::new(Cuboid::new(*half_extents)),
        Shape3::Polyhedron { points, .. } => {
            Box::new(ConvexPolyhedron::from_convex_hull(points).expect("the points span a solid"))
        }
        Shape3::Sphere { radius } => Box::new(Ball::new(*radius)),
        Shape3::Capsule {
            half_length,
            radius,
        } => Box::new(Capsule::new_y(*half_length, *radius)),
        Shape3::Cylinder {
            half_height,
            radius,
        } => Box::new(Cylinder::new(*half_height, *radius)),
        Shape3::Cone {
            half_height,
            radius,
        } => Box::new(Cone::new(*half_height, *radius)),
        _ => unreachable!("the benchmark only builds these kinds"),
    };
    let body = Body3::new(shape, position, rotation_degrees);
    body.validate().expect("the bench's shapes are valid");
    Placed {
        pose: Pose::from_parts(position, DQuat::from_mat3(&body.rotation_matrix())),
        ours: ConvexBody3::new(&body),
        parry,
    }
}
