//! Refinement against EPA alone on curved penetrating pairs (spheres, capsules, cylinders, a
//! cone and a sphere): is gjkviz's default run (EPA to tolerance 1e-9, then refinement of the
//! normal) slower than EPA alone reaching the same accuracy?
//!
//! EPA alone is the same core with refinement switched off: the shapes are wrapped so they
//! say they are not curved ([`Flat`]), which is the only thing that makes the core refine.
//! EPA alone runs at the default tolerance, then tighter ones down to the rounding floor
//! (1e-13 of the numbers), with the default limit of 1,000 iterations.
//!
//! Accuracy: the depth error. Any unit n gives an upper bound of the true depth D, the overlap
//! of A and B along n: h(n) = max_A n·x − min_B n·x. The best known bound D* is the smallest
//! h(n) over every run's normal (for two spheres, the closed form r_A + r_B − |c_A − c_B|). A
//! run's error is |its depth − D*|, which counts both a depth off its normal and a normal off
//! the best one.

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput};
use gjkviz::algorithm::PenetrationMethod;
use gjkviz::algorithm3::Settings3;
use gjkviz::geometry3::{ConvexBody3, SupportMap3};
use glam::DVec3;

use crate::inputs::{InputSet, Kind, Pair};
use crate::pairs::{Contact, PAIRS_PER_BATCH};

/// The default run: EPA then refinement.
pub const REFINED: &str = "epa+refinement";
/// EPA alone at these tolerances (the first is the default).
pub const EPA_TOLERANCES: [f64; 4] = [1e-9, 1e-11, 1e-13, 1e-15];

pub fn epa_name(tolerance: f64) -> String {
    format!("epa-alone-{tolerance:e}")
}

pub fn group_name(set: &InputSet) -> String {
    set.name.replace("3d-", "3d-refinement-")
}

/// Whether the set is one this comparison is about: curved and penetrating.
pub fn measured(set: &InputSet) -> bool {
    set.contact == Contact::Penetrating
        && !set.polytopes()
        && matches!(
            set.kinds,
            (Kind::Sphere, Kind::Sphere)
                | (Kind::Capsule, Kind::Capsule)
                | (Kind::Cylinder, Kind::Cylinder)
                | (Kind::Cone, Kind::Sphere)
        )
}

/// A body that says it is not curved: the core then stops after EPA.
struct Flat<'a>(&'a ConvexBody3);

impl SupportMap3 for Flat<'_> {
    fn position(&self) -> DVec3 {
        self.0.position()
    }
    fn support_offset(&self, direction: DVec3) -> DVec3 {
        self.0.support_offset(direction)
    }
    fn is_curved(&self) -> bool {
        false
    }
    fn centre(&self) -> DVec3 {
        self.0.centre()
    }
    fn to_local(&self, world: DVec3) -> DVec3 {
        self.0.to_local(world)
    }
}

/// One way of running a pair: its name, and the outcome's depth, normal and iterations.
type Run = (String, Box<dyn Fn(&Pair) -> (f64, DVec3, u32)>);

fn runs() -> Vec<Run> {
    let iterations = |o: &gjkviz::trace3::Outcome3| o.epa_iterations + o.refinement_iterations;
    let mut runs: Vec<Run> = vec![(
        REFINED.to_string(),
        Box::new(move |p: &Pair| {
            let o = gjkviz::algorithm3::query(&p.a.ours, &p.b.ours, &Settings3::default());
            (o.depth, o.normal, iterations(&o))
        }),
    )];
    for tolerance in EPA_TOLERANCES {
        let settings = Settings3 {
            tolerance,
            penetration: PenetrationMethod::Epa,
            ..Settings3::default()
        };
        runs.push((
            epa_name(tolerance),
            Box::new(move |p: &Pair| {
                let o = gjkviz::algorithm3::query(&Flat(&p.a.ours), &Flat(&p.b.ours), &settings);
                (o.depth, o.normal, iterations(&o))
            }),
        ));
    }
    runs
}

/// The overlap of A and B along unit `n` (from A toward B): an upper bound of the depth.
fn overlap_along(pair: &Pair, n: DVec3) -> f64 {
    pair.a.ours.support(n).dot(n) - pair.b.ours.support(-n).dot(n)
}

/// The best known depth of each pair (see the module's doc).
fn best_depths(set: &InputSet, runs: &[Run]) -> Vec<f64> {
    set.pairs
        .iter()
        .map(|pair| {
            if matches!(set.kinds, (Kind::Sphere, Kind::Sphere)) {
                let radius = |body: &ConvexBody3| (body.support(DVec3::X) - body.position()).x;
                let gap = (pair.a.ours.position() - pair.b.ours.position()).length();
                return radius(&pair.a.ours) + radius(&pair.b.ours) - gap;
            }
            runs.iter()
                .map(|(_, run)| overlap_along(pair, run(pair).1))
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

/// Per run: mean iterations (EPA + refinement), mean and largest depth error.
pub struct Accuracy {
    pub name: String,
    pub iterations: f64,
    pub mean_error: f64,
    pub max_error: f64,
}

/// Times every run on the set and returns their accuracy.
pub fn bench(criterion: &mut Criterion, set: &InputSet) -> Vec<Accuracy> {
    let runs = runs();
    let best = best_depths(set, &runs);
    let accuracy = runs
        .iter()
        .map(|(name, run)| {
            let (mut iterations, mut total, mut max) = (0, 0.0, 0.0f64);
            for (pair, best) in set.pairs.iter().zip(&best) {
                let (depth, _, n) = run(pair);
                let error = (depth - best).abs();
                iterations += n;
                total += error;
                max = max.max(error);
            }
            let count = set.pairs.len() as f64;
            Accuracy {
                name: name.clone(),
                iterations: f64::from(iterations) / count,
                mean_error: total / count,
                max_error: max,
            }
        })
        .collect();
    let mut group = criterion.benchmark_group(group_name(set));
    group.throughput(Throughput::Elements(PAIRS_PER_BATCH as u64));
    group.sampling_mode(SamplingMode::Flat);
    for (name, run) in &runs {
        group.bench_function(name, |bench| {
            bench.iter(|| crate::pairs::batch(&set.pairs, 1, |p| run(black_box(p)).0))
        });
    }
    group.finish();
    accuracy
}
