//! gjkviz against parry2d-f64 on the same pairs, in the same run.
//!
//! For every input set, one criterion group with three functions: our core untraced
//! (`gjkviz::query`), our core traced (`gjkviz::trace`), and parry2d-f64 (`query::contact` for
//! penetrating pairs, `query::distance` for separated ones). Each iteration runs the whole batch
//! of pairs; the table printed at the end divides by the queries in a batch. Last, the support
//! search alone (linear scan, binary search, angle table), around the size where the core switches
//! from one to the other and on large polygons. BENCHMARKS.md shows and explains the results.
//!
//! Run with `cargo bench --bench versus_parry` (a filter after `--` picks groups, as usual).

// The seeded generator the tests use, so that inputs are drawn the same way everywhere.
#[path = "../tests/common/mod.rs"]
mod common;
#[path = "shared/criterion_results.rs"]
mod criterion_results;
#[path = "versus_parry/inputs.rs"]
mod inputs;
#[path = "shared/pairs.rs"]
mod pairs;
#[path = "versus_parry/support.rs"]
mod support;
#[path = "versus_parry/table.rs"]
mod table;

use std::hint::black_box;
use std::time::SystemTime;

use criterion::{Criterion, SamplingMode, Throughput};
use gjkviz::Settings;
use inputs::{Contact, InputSet, Pair};

fn main() {
    let started = SystemTime::now();
    let mut criterion = pairs::short_criterion();
    let sets = inputs::all_sets();
    let mut iterations = Vec::new();
    for set in &sets {
        iterations.push(check_verdicts(set));
        bench_set(&mut criterion, set);
    }
    support::bench(&mut criterion);
    criterion.final_summary();
    table::print(&sets, &iterations, started);
}

fn bench_set(criterion: &mut Criterion, set: &InputSet) {
    let settings = Settings::default();
    let mut group = criterion.benchmark_group(&set.name);
    group.throughput(Throughput::Elements(set.queries() as u64));
    // Every sample runs whole batches, the same number in each sample: a 4,096-vertex batch of
    // parry's takes tens of milliseconds, too long for criterion's growing (linear) samples.
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function(table::UNTRACED, |bench| {
        bench.iter(|| {
            batch(set, |p| {
                let outcome = gjkviz::query(&p.a.ours, &p.b.ours, black_box(&settings));
                outcome.depth + outcome.distance
            })
        })
    });
    group.bench_function(table::TRACED, |bench| {
        bench.iter(|| {
            batch(set, |p| {
                let trace = gjkviz::trace(&p.a.ours, &p.b.ours, black_box(&settings));
                trace.result.depth + trace.result.distance + trace.steps.len() as f64
            })
        })
    });
    group.bench_function(table::PARRY, |bench| {
        bench.iter(|| batch(set, |p| parry_signed_distance(black_box(p), set.contact)))
    });
    group.finish();
}

/// Every pair of the set, queried as the set says.
fn batch(set: &InputSet, query: impl Fn(&Pair) -> f64) -> f64 {
    pairs::batch(&set.pairs, set.repeats, query)
}

/// parry's answer for a pair: minus the depth when penetrating, the distance when separated.
fn parry_signed_distance(pair: &Pair, contact: Contact) -> f64 {
    use parry2d_f64::query;
    let (a, b) = (&pair.a, &pair.b);
    match contact {
        Contact::Penetrating => query::contact(&a.pose, &*a.parry, &b.pose, &*b.parry, 0.0)
            .expect("parry supports polygons and balls")
            .map_or(f64::NAN, |c| c.dist),
        Contact::Separated => {
            query::distance(&a.pose, &*a.parry, &b.pose, &*b.parry)
                .expect("parry supports polygons and balls")
                .distance
        }
    }
}

/// Both libraries must see the set the way it was built, or the timings compare different work.
/// Returns how many iterations (all phases) our core takes per pair, on average.
fn check_verdicts(set: &InputSet) -> f64 {
    let settings = Settings::default();
    let mut iterations = 0;
    for (i, pair) in set.pairs.iter().enumerate() {
        let ours = gjkviz::query(&pair.a.ours, &pair.b.ours, &settings);
        let parry = parry_signed_distance(pair, set.contact);
        let penetrating = set.contact == Contact::Penetrating;
        assert!(
            ours.intersecting == penetrating && (parry < 0.0) == penetrating,
            "{} pair {i}: gjkviz says intersecting = {}, parry's signed distance is {parry}",
            set.name,
            ours.intersecting,
        );
        iterations += ours.gjk_iterations + ours.distance_iterations + ours.epa_iterations;
    }
    f64::from(iterations) / set.pairs.len() as f64
}
