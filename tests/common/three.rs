//! 3D test helpers: random bodies of every kind, an exact reference for polytope pairs, and a
//! structural check of the EPA polytope as the trace records it.

use std::collections::HashMap;

use gjkviz::algorithm3::orientation;
use gjkviz::geometry3::{Body3, ConvexBody3, Shape3, SupportMap3};
use gjkviz::trace3::{Outcome3, Trace3};
use glam::DVec3;

use super::SplitMix64;

pub fn v3(x: f64, y: f64, z: f64) -> DVec3 {
    DVec3::new(x, y, z)
}

pub fn body3(shape: Shape3, position: DVec3, rotation: DVec3) -> ConvexBody3 {
    let body = Body3::new(shape, position, rotation);
    body.validate().expect("test bodies are valid");
    ConvexBody3::new(&body)
}

impl SplitMix64 {
    pub fn vec3(&mut self, lo: f64, hi: f64) -> DVec3 {
        DVec3::new(self.range(lo, hi), self.range(lo, hi), self.range(lo, hi))
    }

    /// A uniformly random unit vector.
    pub fn unit3(&mut self) -> DVec3 {
        loop {
            let p = self.vec3(-1.0, 1.0);
            let l = p.length_squared();
            if l > 1e-6 && l <= 1.0 {
                return p / l.sqrt();
            }
        }
    }
}

/// The kinds of 3D shape, by their scene names.
pub const KINDS: [&str; 10] = [
    "Polyhedron",
    "Box",
    "Sphere",
    "Capsule",
    "Cylinder",
    "Cone",
    "Ellipsoid",
    "Segment",
    "Triangle",
    "Point",
];

/// A random shape of the given kind, about unit size.
pub fn random_shape(rng: &mut SplitMix64, kind: &str) -> Shape3 {
    let size = |rng: &mut SplitMix64| rng.range(0.2, 1.2);
    match kind {
        "Polyhedron" => {
            let n = rng.int(4, 12);
            Shape3::Polyhedron {
                points: (0..n).map(|_| rng.vec3(-1.0, 1.0)).collect(),
                hull: true,
            }
        }
        "Box" => Shape3::Box {
            half_extents: v3(size(rng), size(rng), size(rng)),
        },
        "Sphere" => Shape3::Sphere { radius: size(rng) },
        "Capsule" => Shape3::Capsule {
            half_length: size(rng),
            radius: size(rng) * 0.6,
        },
        "Cylinder" => Shape3::Cylinder {
            half_height: size(rng),
            radius: size(rng),
        },
        "Cone" => Shape3::Cone {
            half_height: size(rng),
            radius: size(rng),
        },
        "Ellipsoid" => Shape3::Ellipsoid {
            radii: v3(size(rng), size(rng), size(rng)),
        },
        "Segment" => Shape3::Segment {
            a: rng.vec3(-1.0, 1.0),
            b: rng.vec3(-1.0, 1.0),
        },
        "Triangle" => Shape3::Triangle {
            a: rng.vec3(-1.0, 1.0),
            b: rng.vec3(-1.0, 1.0),
            c: rng.vec3(-1.0, 1.0),
        },
        _ => Shape3::Point,
    }
}

/// A random body of the given kind near the origin, turned at random.
pub fn random_body(rng: &mut SplitMix64, kind: &str, spread: f64) -> Body3 {
    let shape = random_shape(rng, kind);
    Body3::new(shape, rng.vec3(-spread, spread), rng.vec3(-180.0, 180.0))
}

/// `per_pair` random pairs of each ordered pair of [`KINDS`], placed within `spread` of the
/// origin, A then B drawn in turn: (A's kind, B's kind, A, B).
pub fn kind_pairs(
    rng: &mut SplitMix64,
    per_pair: usize,
    spread: f64,
) -> Vec<(&'static str, &'static str, ConvexBody3, ConvexBody3)> {
    let mut pairs = Vec::new();
    for ka in KINDS {
        for kb in KINDS {
            for _ in 0..per_pair {
                let a = ConvexBody3::new(&random_body(rng, ka, spread));
                let b = ConvexBody3::new(&random_body(rng, kb, spread));
                pairs.push((ka, kb, a, b));
            }
        }
    }
    pairs
}

/// The support function of A − B along `n`, from the bodies' own supports.
pub fn difference_support(a: &ConvexBody3, b: &ConvexBody3, n: DVec3) -> f64 {
    (a.support(n) - b.support(-n)).dot(n)
}

/// Exact depth or distance for two point sets' hulls, by brute force over A − B (the hull of
/// all pairwise differences): every triple of difference points whose plane has all points on
/// one side is on a face plane. Overlapping (origin inside every such plane): the depth is the
/// smallest plane offset. Apart: the distance is the smallest distance from the origin to a
/// face triangle. Returns (intersecting, depth or distance).
pub fn exact_polytope_pair(a: &[DVec3], b: &[DVec3]) -> (bool, f64) {
    let mut points: Vec<DVec3> = Vec::new();
    for p in a {
        for q in b {
            let d = *p - *q;
            if !points.iter().any(|x| (*x - d).length() < 1e-12) {
                points.push(d);
            }
        }
    }
    let scale = points.iter().map(|p| p.length()).fold(1.0, f64::max);
    let eps = 1e-10 * scale;
    let mut min_offset = f64::INFINITY;
    let mut min_distance = f64::INFINITY;
    let mut inside = true;
    let n = points.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (p, q, r) = (points[i], points[j], points[k]);
                let Some(normal) = (q - p).cross(r - p).try_normalize() else {
                    continue;
                };
                let offset = normal.dot(p);
                let (mut above, mut below) = (false, false);
                for x in &points {
                    let s = normal.dot(*x) - offset;
                    above |= s > eps;
                    below |= s < -eps;
                }
                if above && below {
                    continue;
                }
                // A supporting plane; with its normal turned outward the offset flips sign.
                let offset = if above { -offset } else { offset };
                if offset < 0.0 {
                    inside = false;
                }
                min_offset = min_offset.min(offset);
                min_distance = min_distance.min(triangle_distance(p, q, r));
            }
        }
    }
    if inside {
        (true, min_offset.max(0.0))
    } else {
        (false, min_distance)
    }
}

/// Distance from the origin to triangle pqr (by clamped projection and the three edges).
fn triangle_distance(p: DVec3, q: DVec3, r: DVec3) -> f64 {
    let n = (q - p).cross(r - p);
    let n2 = n.length_squared();
    let segment = |a: DVec3, b: DVec3| {
        let ab = b - a;
        let t = (-a.dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
        (a + ab * t).length()
    };
    let mut best = segment(p, q).min(segment(q, r)).min(segment(r, p));
    if n2 > 0.0 {
        let projection = n * (n.dot(p) / n2);
        let inside = [(p, q), (q, r), (r, p)]
            .iter()
            .all(|(a, b)| (*b - *a).cross(projection - *a).dot(n) >= 0.0);
        if inside {
            best = best.min(projection.length());
        }
    }
    best
}

/// What [`check_polytopes`] measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct PolytopeCheck {
    /// Polytopes checked (one per EPA step).
    pub checked: usize,
    /// The largest distance of a vertex in front of a face, over the polytope's size: 0 for
    /// an exactly convex polytope.
    pub worst_convexity: f64,
}

/// Checks the EPA polytope after every step of a trace: a closed surface (every directed edge
/// has its reverse exactly once), of sphere topology (V − E + F = 2), with faces turned
/// outward (the vertices' centroid behind every face), and measures how far from convex the
/// final polytope is.
pub fn check_polytopes(trace: &Trace3) -> Result<PolytopeCheck, String> {
    let mut result = PolytopeCheck::default();
    for i in 0..trace.steps.len() {
        let faces = trace.polytope_at(i);
        if faces.is_empty() {
            continue;
        }
        result.checked += 1;
        let mut edges: HashMap<(u32, u32), u32> = HashMap::new();
        let mut vertices: Vec<u32> = Vec::new();
        for f in &faces {
            for e in 0..3 {
                let (a, b) = (f.vertices[e], f.vertices[(e + 1) % 3]);
                *edges.entry((a, b)).or_default() += 1;
                if !vertices.contains(&a) {
                    vertices.push(a);
                }
            }
        }
        for (&(a, b), &count) in &edges {
            if count != 1 || edges.get(&(b, a)) != Some(&1) {
                return Err(format!("step {i}: edge {a}->{b} is not manifold"));
            }
        }
        let euler = vertices.len() as i64 - (edges.len() / 2) as i64 + faces.len() as i64;
        if euler != 2 {
            return Err(format!("step {i}: Euler characteristic {euler}"));
        }
        let point = |id: u32| trace.vertex(id).expect("every face vertex was found").point;
        let size = vertices
            .iter()
            .map(|&v| point(v).length())
            .fold(0.0, f64::max);
        let centroid = vertices.iter().map(|&v| point(v)).sum::<DVec3>() / vertices.len() as f64;
        // Convexity costs faces × vertices: measured on the last polytope of the run.
        let last = trace.steps[i + 1..]
            .iter()
            .all(|s| s.added_faces.is_empty());
        for f in &faces {
            let [a, b, c] = f.vertices.map(point);
            let cross = (b - a).cross(c - a);
            let normal = cross.normalize_or_zero();
            if normal.dot(centroid - a) >= 0.0 {
                return Err(format!("step {i}: face {} turns inward", f.id));
            }
            if !last {
                continue;
            }
            // The height over the corners' plane from their exact orientation: a sliver's
            // normalised cross product is turned by its corners' rounding over its width.
            let twice_area = cross.length();
            for &v in &vertices {
                let height = orientation([a, b, c], point(v)) / twice_area;
                let ahead = height / size.max(f64::MIN_POSITIVE);
                result.worst_convexity = result.worst_convexity.max(ahead);
            }
        }
    }
    Ok(result)
}

pub fn assert_close(what: &str, got: f64, want: f64, tolerance: f64) {
    assert!(
        (got - want).abs() <= tolerance,
        "{what}: got {got}, want {want} (± {tolerance:e})"
    );
}

pub fn assert_vec_close(what: &str, got: DVec3, want: DVec3, tolerance: f64) {
    assert!(
        (got - want).length() <= tolerance,
        "{what}: got {got}, want {want} (± {tolerance:e})"
    );
}

/// Checks the result's conventions: finite numbers, unit normal, right-handed tangents,
/// contact points that agree with depth or distance along the normal.
pub fn assert_consistent(r: &Outcome3, tolerance: f64) {
    for x in [
        r.depth,
        r.distance,
        r.normal.x,
        r.normal.y,
        r.normal.z,
        r.contact_a.length(),
        r.contact_b.length(),
        r.local_contact_a.length(),
        r.local_contact_b.length(),
    ] {
        assert!(x.is_finite(), "non-finite number in {r:?}");
    }
    assert_close("|normal|", r.normal.length(), 1.0, 1e-12);
    assert_close("t1 · n", r.tangent1.dot(r.normal), 0.0, 1e-12);
    assert_close("t2 · n", r.tangent2.dot(r.normal), 0.0, 1e-12);
    assert_vec_close("n × t1 = t2", r.normal.cross(r.tangent1), r.tangent2, 1e-12);
    if r.intersecting {
        assert!(r.depth >= 0.0 && r.distance == 0.0);
        let along = (r.contact_a - r.contact_b).dot(r.normal);
        assert_close("(contact_a − contact_b) · n", along, r.depth, tolerance);
    } else {
        assert!(r.distance > 0.0 && r.depth == 0.0);
        assert_vec_close(
            "contact_b − contact_a",
            r.contact_b - r.contact_a,
            r.normal * r.distance,
            tolerance,
        );
    }
}
