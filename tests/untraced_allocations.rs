//! The untraced path allocates nothing in the usual case and never once per iteration, and the
//! traced 3D path's GJK and distance steps allocate nothing of their own: every heap allocation
//! made by `gjkviz::query` (and the 3D `trace`) on this thread is counted.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use gjkviz::geometry::{ConvexBody, Shape};
use gjkviz::{Settings, query};
use glam::DVec2;

mod common;
use common::{SplitMix64, body};

/// The system allocator, counting the allocations of each thread (tests run on several).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on unchanged to the system allocator; counting only touches a
// const-initialised thread-local, which does not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: as for `alloc`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// How many allocations `query` makes on this pair, with its outcome's EPA iteration count.
fn allocations_of_query(a: &ConvexBody, b: &ConvexBody, settings: &Settings) -> (usize, u32) {
    let before = ALLOCATIONS.with(Cell::get);
    let outcome = query(a, b, settings);
    (ALLOCATIONS.with(Cell::get) - before, outcome.epa_iterations)
}

/// A random convex polygon of 3 to 32 corners around `centre` (a random point cloud's hull).
fn random_polygon(rng: &mut SplitMix64, centre: DVec2) -> ConvexBody {
    let count = rng.int(3, 32);
    let points = (0..count)
        .map(|_| rng.direction() * rng.range(0.5, 2.0))
        .collect();
    let shape = Shape::Polygon { points, hull: true };
    body(shape, centre, rng.range(0.0, 360.0))
}

#[test]
fn polygon_pairs_allocate_nothing() {
    let mut rng = SplitMix64::new(0xa110c);
    let settings = Settings::default();
    let mut overlapping = 0;
    for case in 0..2000 {
        let a = random_polygon(&mut rng, DVec2::ZERO);
        // From deep overlap to clearly apart.
        let offset = rng.direction() * rng.range(0.0, 5.0);
        let b = random_polygon(&mut rng, offset);
        let (allocations, epa_iterations) = allocations_of_query(&a, &b, &settings);
        assert_eq!(
            allocations, 0,
            "case {case}: {epa_iterations} EPA iterations"
        );
        overlapping += usize::from(epa_iterations > 0);
    }
    assert!(overlapping > 500, "only {overlapping} overlapping pairs");
}

#[test]
fn curved_pairs_allocate_nothing_at_the_default_tolerance() {
    let mut rng = SplitMix64::new(0xc1c1e);
    let settings = Settings::default();
    for case in 0..500 {
        let circle = body(
            Shape::Circle {
                radius: rng.range(0.5, 2.0),
            },
            DVec2::ZERO,
            0.0,
        );
        let capsule = body(
            Shape::Capsule {
                half_length: rng.range(0.0, 1.0),
                radius: rng.range(0.2, 1.0),
            },
            rng.direction() * rng.range(0.0, 3.0),
            rng.range(0.0, 360.0),
        );
        let (allocations, epa_iterations) = allocations_of_query(&circle, &capsule, &settings);
        // A polytope that outgrows the inline buffer moves to the heap; the curved pairs here
        // stay well inside it.
        if epa_iterations < 24 {
            assert_eq!(
                allocations, 0,
                "case {case}: {epa_iterations} EPA iterations"
            );
        }
    }
}

/// A tolerance of 0 makes EPA on two circles run until rounding stops it, some 50 iterations:
/// the polytope outgrows its inline buffers (32 vertices) and moves to the heap, once per list,
/// and builds its edge queue and point set, rather than allocating at every iteration.
#[test]
fn long_runs_allocate_a_few_times_not_once_per_iteration() {
    let circle = |x: f64| body(Shape::Circle { radius: 1.0 }, DVec2::new(x, 0.3), 0.0);
    let settings = Settings {
        tolerance: 0.0,
        max_iterations: 1000,
        ..Settings::default()
    };
    let (allocations, epa_iterations) = allocations_of_query(&circle(0.0), &circle(1.2), &settings);
    assert!(epa_iterations > 40, "only {epa_iterations} EPA iterations");
    // Points, links, normals and distances: one move to the heap each; the queue and the set:
    // built once and grown by doubling, a few times at most.
    assert!(
        (1..=12).contains(&allocations) && allocations < epa_iterations as usize / 4,
        "{allocations} allocations in {epa_iterations} iterations"
    );
}

// ---------------------------------------------------------------------------------------------
// 3D: the same guarantees for `gjkviz::algorithm3::query`.

/// How many allocations the 3D `query` makes on this pair, with its EPA iteration count.
fn allocations_of_query3(
    a: &gjkviz::geometry3::ConvexBody3,
    b: &gjkviz::geometry3::ConvexBody3,
) -> (usize, u32) {
    let settings = gjkviz::algorithm3::Settings3::default();
    let before = ALLOCATIONS.with(Cell::get);
    let outcome = gjkviz::algorithm3::query(a, b, &settings);
    (ALLOCATIONS.with(Cell::get) - before, outcome.epa_iterations)
}

/// The faces kept inline by EPA's polytope (`INLINE_FACES` in `src/algorithm3/polytope.rs`).
const INLINE_FACES: usize = 320;

/// How many faces EPA made on this pair, its first tetrahedron's included: the slots its
/// polytope used, read from the trace.
fn epa_faces_made(a: &gjkviz::geometry3::ConvexBody3, b: &gjkviz::geometry3::ConvexBody3) -> usize {
    let t = gjkviz::algorithm3::trace(a, b, &gjkviz::algorithm3::Settings3::default());
    let epa = t
        .steps
        .iter()
        .filter(|s| s.phase == gjkviz::trace::Phase::Epa);
    epa.map(|s| s.added_faces.len()).sum()
}

#[test]
fn small_3d_pairs_allocate_nothing() {
    use common::three::{KINDS, random_body};
    let mut rng = SplitMix64::new(0x3d);
    let mut overlapping = 0;
    for case in 0..3000 {
        let ka = KINDS[rng.int(0, KINDS.len() - 1)];
        let kb = KINDS[rng.int(0, KINDS.len() - 1)];
        let a = gjkviz::geometry3::ConvexBody3::new(&random_body(&mut rng, ka, 1.0));
        let b = gjkviz::geometry3::ConvexBody3::new(&random_body(&mut rng, kb, 1.0));
        let (allocations, epa_iterations) = allocations_of_query3(&a, &b);
        // The polytope's inline room (64 vertices, 320 faces) holds runs of about 60
        // expansions. A removed face keeps its slot, so a run fits while the faces it ever
        // made do (under seed 392 a point against a cylinder made more in 56 iterations).
        if epa_iterations <= 56 && epa_faces_made(&a, &b) <= INLINE_FACES {
            assert_eq!(
                allocations, 0,
                "case {case}, {ka} vs {kb}: {epa_iterations} EPA iterations"
            );
        }
        overlapping += usize::from(epa_iterations > 0);
    }
    assert!(overlapping > 500, "only {overlapping} overlapping pairs");
}

/// Two nearly concentric spheres: EPA runs to the iteration limit, its polytope moves to the
/// heap once per list and doubles a few times, never once per iteration.
#[test]
fn long_3d_runs_allocate_a_few_times_not_once_per_iteration() {
    use gjkviz::geometry3::{Body3, ConvexBody3, Shape3};
    use glam::DVec3;
    let ball = |radius, position| {
        ConvexBody3::new(&Body3::new(
            Shape3::Sphere { radius },
            position,
            DVec3::ZERO,
        ))
    };
    let (a, b) = (
        ball(1.0, DVec3::ZERO),
        ball(0.999, DVec3::new(1e-4, 2e-4, -1e-4)),
    );
    let (allocations, epa_iterations) = allocations_of_query3(&a, &b);
    assert!(epa_iterations > 200, "only {epa_iterations} EPA iterations");
    assert!(
        allocations <= 40,
        "{allocations} allocations in {epa_iterations} iterations"
    );
}

/// Large hulls support by climbing their vertex graph, which is built when the body is placed:
/// the query itself allocates nothing for them either.
#[test]
fn large_3d_hulls_allocate_nothing() {
    use gjkviz::geometry3::{Body3, ConvexBody3, Shape3};
    let mut rng = SplitMix64::new(0xb16);
    let hull = |rng: &mut SplitMix64, centre| {
        let points = (0..rng.int(100, 600)).map(|_| rng.unit3()).collect();
        let shape = Shape3::Polyhedron { points, hull: true };
        ConvexBody3::new(&Body3::new(shape, centre, rng.vec3(-180.0, 180.0)))
    };
    let (mut overlapping, mut checked) = (0, 0);
    for case in 0..60 {
        let a = hull(&mut rng, glam::DVec3::ZERO);
        let offset = rng.unit3() * rng.range(0.0, 3.0);
        let b = hull(&mut rng, offset);
        let (allocations, epa_iterations) = allocations_of_query3(&a, &b);
        // As for small pairs: the polytope's inline room holds runs of about 60 expansions.
        if epa_iterations <= 56 {
            assert_eq!(
                allocations, 0,
                "case {case}: {epa_iterations} EPA iterations"
            );
            checked += 1;
        }
        overlapping += usize::from(epa_iterations > 0);
    }
    assert!(
        overlapping > 20 && checked > 40,
        "{overlapping} overlapping pairs, {checked} checked"
    );
}

/// A traced 3D run that ends in GJK and distance allocates twice, whatever its length: the list
/// of steps (room for 24) and the index of the step that found each point. Each step keeps its
/// simplex's ids and the ids it dropped in itself, not on the heap.
#[test]
fn traced_3d_gjk_and_distance_allocate_per_run_not_per_step() {
    use common::three::random_body;
    use gjkviz::geometry3::ConvexBody3;
    let mut rng = SplitMix64::new(0x57e9);
    let kinds = ["Polyhedron", "Box", "Segment", "Triangle", "Point"];
    let settings = gjkviz::algorithm3::Settings3::default();
    let mut checked = 0;
    for case in 0..2000 {
        let [a, b] = [(); 2].map(|_| {
            let kind = kinds[rng.int(0, kinds.len() - 1)];
            ConvexBody3::new(&random_body(&mut rng, kind, 4.0))
        });
        let before = ALLOCATIONS.with(Cell::get);
        let trace = gjkviz::algorithm3::trace(&a, &b, &settings);
        let allocations = ALLOCATIONS.with(Cell::get) - before;
        if !trace.result.intersecting && trace.steps.len() <= 24 {
            assert_eq!(allocations, 2, "case {case}: {} steps", trace.steps.len());
            checked += 1;
        }
    }
    assert!(checked > 500, "only {checked} separated pairs");
}
