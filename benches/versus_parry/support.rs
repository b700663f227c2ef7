//! The support search alone: the linear scan against the binary search, on polygons around the
//! size where `extreme_vertex` switches from one to the other (LINEAR_SCAN_MAX_VERTICES) and on
//! large ones, where only the binary search's O(log n) is affordable.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use gjkviz::geometry::{extreme_vertex_binary, extreme_vertex_linear};
use glam::DVec2;

use crate::common::SplitMix64;
use crate::inputs::regular_ish_polygon;

/// Polygon sizes measured: around the switch-over, then large.
pub const SIZES: [usize; 10] = [6, 8, 12, 16, 20, 24, 32, 64, 256, 4096];
/// Queries per batch: 16 polygons, 16 directions each.
const POLYGONS: usize = 16;
const DIRECTIONS: usize = 16;
pub const QUERIES_PER_BATCH: usize = POLYGONS * DIRECTIONS;

pub const LINEAR: &str = "linear";
pub const BINARY: &str = "binary";

pub fn group_name(size: usize) -> String {
    format!("extreme-vertex-{size}")
}

pub fn bench(criterion: &mut Criterion) {
    for size in SIZES {
        let mut rng = SplitMix64::new(size as u64);
        let polygons: Vec<Vec<DVec2>> = (0..POLYGONS)
            .map(|_| regular_ish_polygon(&mut rng, size, DVec2::ONE))
            .collect();
        let directions: Vec<DVec2> = (0..DIRECTIONS).map(|_| rng.direction()).collect();
        let mut group = criterion.benchmark_group(group_name(size));
        group.throughput(Throughput::Elements(QUERIES_PER_BATCH as u64));
        group.bench_function(LINEAR, |bench| {
            bench.iter(|| all_queries(&polygons, &directions, extreme_vertex_linear))
        });
        group.bench_function(BINARY, |bench| {
            bench.iter(|| all_queries(&polygons, &directions, extreme_vertex_binary))
        });
        group.finish();
    }
}

/// Every polygon in every direction, summing the indices so none of the work can be skipped.
fn all_queries(
    polygons: &[Vec<DVec2>],
    directions: &[DVec2],
    search: impl Fn(&[DVec2], DVec2) -> usize,
) -> usize {
    let mut total = 0;
    for polygon in polygons {
        for &d in directions {
            total += search(black_box(polygon), black_box(d));
        }
    }
    total
}
