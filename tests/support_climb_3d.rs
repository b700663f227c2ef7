//! A large hull's support (`src/geometry3/climb.rs`: a look-up in the cube map of its
//! directions, `src/geometry3/cube_map.rs`, and a climb over the vertex graph from the cells
//! that list too many vertices) against the brute-force scan: on every hull, in thousands of
//! directions, the point it returns has exactly the scan's largest dot product. Hulls: round
//! ones (every point a vertex) at several sizes and distances from the origin, random clouds
//! (most points inside), flat polygons, the integer points of a ball (many coplanar and
//! collinear points, exact ties along the axes) and lists with every point twice.

mod common;

use common::SplitMix64;
use gjkviz::geometry3::{
    Body3, ConvexBody3, LOOK_UP_MIN_VERTICES, Shape3, SupportMap3, extreme_vertex_linear, hull_of,
};
use glam::DVec3;

/// Random directions per hull, besides the 26 axis and diagonal directions where ties are
/// exact.
const DIRECTIONS: usize = 2000;

/// Directions that make faces, edges and vertices of axis-aligned lattices tie exactly.
fn lattice_directions() -> Vec<DVec3> {
    let mut out = Vec::new();
    for x in -1..=1 {
        for y in -1..=1 {
            for z in -1..=1 {
                if (x, y, z) != (0, 0, 0) {
                    out.push(DVec3::new(x as f64, y as f64, z as f64));
                }
            }
        }
    }
    out
}

/// Checks the climb on the hull of `points`; returns how many vertices the hull has.
fn check_hull(rng: &mut SplitMix64, name: &str, points: &[DVec3]) -> usize {
    let hull = hull_of(points);
    let vertices = &hull.vertices;
    let graph = hull
        .graph
        .as_ref()
        .unwrap_or_else(|| panic!("{name}: {} vertices and no graph", vertices.len()));
    let mut directions = lattice_directions();
    directions.extend((0..DIRECTIONS).map(|_| rng.unit3() * rng.range(1e-3, 1e3)));
    for d in directions {
        let found = graph.extreme_point(vertices, d).dot(d);
        let scanned = vertices[extreme_vertex_linear(vertices, d)].dot(d);
        assert_eq!(found, scanned, "{name}: direction {d}");
    }
    vertices.len()
}

#[test]
fn the_look_up_finds_the_farthest_vertex_on_round_hulls() {
    let mut rng = SplitMix64::new(0xc11b);
    for n in [LOOK_UP_MIN_VERTICES, 100, 1000, 4096] {
        let radii = DVec3::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0), 1.0);
        let points: Vec<DVec3> = (0..n).map(|_| rng.unit3() * radii + 5.0).collect();
        check_hull(&mut rng, &format!("ellipsoid of {n}"), &points);
    }
}

/// Far from the origin, tiny, huge: the cube map's loosening scales with the hull.
#[test]
fn the_look_up_finds_the_farthest_vertex_at_every_scale() {
    let mut rng = SplitMix64::new(0x5ca1e);
    for (size, offset) in [
        (1e-6, 0.0),
        (1e-3, 1e4),
        (1.0, 1e6),
        (1e6, -1e7),
        (1e-9, 1e-6),
    ] {
        let points: Vec<DVec3> = (0..1500)
            .map(|_| rng.unit3() * size + DVec3::new(offset, -offset, 0.5 * offset))
            .collect();
        check_hull(&mut rng, &format!("size {size} at {offset}"), &points);
    }
}

#[test]
fn the_look_up_finds_the_farthest_vertex_on_random_clouds() {
    let mut rng = SplitMix64::new(0xc10d);
    let mut checked = 0;
    for case in 0..40 {
        let n = rng.int(100, 3000);
        let points: Vec<DVec3> = (0..n).map(|_| rng.vec3(-1.0, 1.0) * 3.0).collect();
        let vertices = hull_of(&points).vertices.len();
        if vertices >= LOOK_UP_MIN_VERTICES {
            check_hull(&mut rng, &format!("cloud {case} of {n}"), &points);
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} clouds had hulls big enough");
}

#[test]
fn the_look_up_finds_the_farthest_vertex_on_degenerate_hulls() {
    let mut rng = SplitMix64::new(0xde9e);
    // A flat polygon: points on a tilted circle and inside it.
    let (u, v) = (DVec3::new(1.0, 2.0, 0.5).normalize(), DVec3::Z);
    let v = (v - u * u.dot(v)).normalize();
    let mut flat: Vec<DVec3> = (0..200)
        .map(|k| {
            let angle = k as f64 * std::f64::consts::TAU / 200.0;
            u * angle.cos() + v * angle.sin()
        })
        .collect();
    flat.extend((0..50).map(|_| u * rng.range(-0.5, 0.5) + v * rng.range(-0.5, 0.5)));
    let flat_vertices = check_hull(&mut rng, "flat circle", &flat);
    assert_eq!(flat_vertices, 200);
    // The integer points of a ball: faces of four and more coplanar points, collinear edges,
    // exact ties along the axes and diagonals.
    let lattice: Vec<DVec3> = (0..25 * 25 * 25)
        .map(|i| DVec3::new((i % 25) as f64, ((i / 25) % 25) as f64, (i / 625) as f64) - 12.0)
        .filter(|p| p.length_squared() <= 144.0)
        .collect();
    let lattice_vertices = check_hull(&mut rng, "lattice ball", &lattice);
    assert!(lattice_vertices > 100, "{lattice_vertices} vertices");
    // Every point of a round hull twice.
    let mut doubled: Vec<DVec3> = (0..300).map(|_| rng.unit3() * 2.0).collect();
    doubled.extend(doubled.clone());
    let doubled_vertices = check_hull(&mut rng, "doubled", &doubled);
    assert_eq!(doubled_vertices, 300, "duplicates are dropped");
}

/// A placed polyhedron's support (climbing in its own frame) reaches as far as its farthest
/// corner placed in the world, to the rounding of turning it.
#[test]
fn a_placed_large_polyhedron_supports_like_its_corners() {
    let mut rng = SplitMix64::new(0xb0d1);
    let points: Vec<DVec3> = (0..2000).map(|_| rng.unit3()).collect();
    let body3 = Body3::new(
        Shape3::Polyhedron {
            points: points.clone(),
            hull: true,
        },
        DVec3::new(40.0, -3.0, 7.0),
        DVec3::new(20.0, -70.0, 130.0),
    );
    let body = ConvexBody3::new(&body3);
    let rotation = body3.rotation_matrix();
    let corners: Vec<DVec3> = hull_of(&points)
        .vertices
        .iter()
        .map(|&p| rotation * p)
        .collect();
    for _ in 0..DIRECTIONS {
        let d = rng.unit3();
        let farthest = corners[extreme_vertex_linear(&corners, d)].dot(d);
        let reached = body.support_offset(d).dot(d);
        assert!(
            (reached - farthest).abs() <= 1e-14,
            "{reached} vs {farthest}"
        );
    }
}
