//! gjkviz's 3D core against parry3d-f64 on the same pairs, in the same run.
//!
//! For every input set, one criterion group with four functions: our core untraced
//! (`gjkviz::algorithm3::query`), our core traced (`gjkviz::algorithm3::trace`), parry's general
//! query (`query::contact` for penetrating pairs, `query::distance` for separated ones: closed
//! forms for balls; for two boxes' distance a separating-axis search and two projections; GJK/EPA
//! otherwise, two boxes' contact included, since parry 0.31 has its cuboid contact switched off),
//! and parry's support-map path alone (`contact_support_map_support_map` /
//! `distance_support_map_support_map`: GJK and EPA on the two support functions). Each iteration
//! runs the whole batch of pairs (an in-cache set queries each pair several times in a row); the
//! table printed at the end divides by the queries in a batch. Then the support search alone on
//! large hulls, refinement against EPA alone on curved pairs (`versus_parry_3d/refinement.rs`), and
//! last the same ratios again timed in pairs, round after round, so the machine's drift between two
//! functions does not enter them (`versus_parry_3d/paired.rs`). BENCHMARKS.md shows and explains
//! the results.
//!
//! Run with `cargo bench --bench versus_parry_3d` (a filter after `--` picks groups).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "shared/criterion_results.rs"]
mod criterion_results;
#[path = "versus_parry_3d/inputs.rs"]
mod inputs;
#[path = "versus_parry_3d/paired.rs"]
mod paired;
#[path = "shared/pairs.rs"]
mod pairs;
#[path = "shared/points3.rs"]
mod points3;
#[path = "versus_parry_3d/refinement.rs"]
mod refinement;
#[path = "versus_parry_3d/support.rs"]
mod support;
#[path = "versus_parry_3d/table.rs"]
mod table;

use std::hint::black_box;
use std::time::SystemTime;

use criterion::{Criterion, SamplingMode, Throughput};
use gjkviz::algorithm3::{InitialDirection3, Settings3};
use inputs::{InputSet, Pair};
use pairs::Contact;

fn main() {
    let started = SystemTime::now();
    let mut criterion = pairs::short_criterion();
    let sets = inputs::all_sets();
    let mut iterations = Vec::new();
    for set in &sets {
        iterations.push(table::Iterations {
            same_start: check_verdicts(set),
            toward_origin: (set.contact == Contact::Separated)
                .then(|| mean_iterations(set, &toward_origin())),
        });
        bench_set(&mut criterion, set);
    }
    support::bench(&mut criterion);
    let refined: Vec<_> = sets
        .iter()
        .filter(|set| refinement::measured(set))
        .map(|set| {
            let accuracy = refinement::bench(&mut criterion, set);
            (refinement::group_name(set), accuracy)
        })
        .collect();
    criterion.final_summary();
    table::print(&sets, &iterations, started);
    table::print_refinement(&refined, started);
    paired::print(&sets, started, contenders);
}

fn bench_set(criterion: &mut Criterion, set: &InputSet) {
    let settings = same_start_as_parry(set.contact);
    let mut group = criterion.benchmark_group(&set.name);
    group.throughput(Throughput::Elements(set.queries() as u64));
    group.sampling_mode(SamplingMode::Flat);
    let batch = |query: &dyn Fn(&Pair) -> f64| pairs::batch(&set.pairs, set.repeats, query);
    group.bench_function(table::UNTRACED, |bench| {
        bench.iter(|| batch(&|p| untraced(p, &settings)))
    });
    group.bench_function(table::TRACED, |bench| {
        bench.iter(|| batch(&|p| traced(p, &settings)))
    });
    if set.contact == Contact::Separated {
        let toward = toward_origin();
        group.bench_function(table::UNTRACED_TOWARD_ORIGIN, |bench| {
            bench.iter(|| {
                batch(&|p| {
                    gjkviz::algorithm3::query(&p.a.ours, &p.b.ours, black_box(&toward)).distance
                })
            })
        });
    }
    group.bench_function(table::PARRY, |bench| {
        bench.iter(|| batch(&|p| parry_signed_distance(black_box(p), set.contact)))
    });
    group.bench_function(table::PARRY_SUPPORT_MAP, |bench| {
        bench.iter(|| batch(&|p| parry_support_map(black_box(p), set.contact)))
    });
    group.finish();
}

/// Our untraced query, its answer as one number.
fn untraced(pair: &Pair, settings: &Settings3) -> f64 {
    let outcome = gjkviz::algorithm3::query(&pair.a.ours, &pair.b.ours, black_box(settings));
    outcome.depth + outcome.distance
}

/// Our traced run, its answer and length as one number.
fn traced(pair: &Pair, settings: &Settings3) -> f64 {
    let trace = gjkviz::algorithm3::trace(&pair.a.ours, &pair.b.ours, black_box(settings));
    trace.result.depth + trace.result.distance + trace.steps.len() as f64
}

/// A set's batches for the paired table, as the set's criterion group times them: ours
/// untraced and traced, then parry's general query and its support-map path.
fn contenders(set: &InputSet) -> paired::Contenders<'_> {
    let (settings, contact) = (same_start_as_parry(set.contact), set.contact);
    [
        paired::batch(set, move |p| untraced(p, &settings)),
        paired::batch(set, move |p| traced(p, &settings)),
        paired::batch(set, move |p| parry_signed_distance(black_box(p), contact)),
        paired::batch(set, move |p| parry_support_map(black_box(p), contact)),
    ]
}

/// Our defaults, except the first search direction, which is where parry's GJK starts, so both
/// libraries begin from the same support point: its `contact` searches first from A's centre
/// toward B's (`pos12.translation`), its `distance` from B's toward A's (minus that). The app's
/// default, +x, costs a separated pair about one iteration more.
fn same_start_as_parry(contact: Contact) -> Settings3 {
    match contact {
        Contact::Penetrating => toward_origin(),
        Contact::Separated => Settings3 {
            initial_direction: InitialDirection3::CentreToCentre,
            ..Settings3::default()
        },
    }
}

/// Our defaults with the first search toward the origin (from A's centre to B's): where
/// parry's contact starts, and for separated pairs the better start (it begins on the side of
/// A − B the closest point is on), timed there beside the same start as parry's distance.
fn toward_origin() -> Settings3 {
    Settings3 {
        initial_direction: InitialDirection3::TowardOrigin,
        ..Settings3::default()
    }
}

/// parry's general answer: minus the depth when penetrating, the distance when separated.
fn parry_signed_distance(pair: &Pair, contact: Contact) -> f64 {
    use parry3d_f64::query;
    let (a, b) = (&pair.a, &pair.b);
    match contact {
        Contact::Penetrating => query::contact(&a.pose, &*a.parry, &b.pose, &*b.parry, 0.0)
            .expect("parry supports these shapes")
            .map_or(f64::NAN, |c| c.dist),
        Contact::Separated => {
            query::distance(&a.pose, &*a.parry, &b.pose, &*b.parry)
                .expect("parry supports these shapes")
                .distance
        }
    }
}

/// parry's GJK/EPA on the two support maps, whatever the shapes.
fn parry_support_map(pair: &Pair, contact: Contact) -> f64 {
    use parry3d_f64::query::details::{
        contact_support_map_support_map, distance_support_map_support_map,
    };
    let (a, b) = (&pair.a, &pair.b);
    let pose = a.pose.inv_mul(&b.pose);
    let (Some(sa), Some(sb)) = (a.parry.as_support_map(), b.parry.as_support_map()) else {
        unreachable!("every shape of the bench is a support map");
    };
    match contact {
        Contact::Penetrating => {
            contact_support_map_support_map(&pose, sa, sb, 0.0).map_or(f64::NAN, |c| c.dist)
        }
        Contact::Separated => distance_support_map_support_map(&pose, sa, sb),
    }
}

/// Both libraries must see the set the way it was built, or the timings compare different work.
/// Returns how many iterations (all phases) our core takes per pair, on average.
fn check_verdicts(set: &InputSet) -> f64 {
    let settings = same_start_as_parry(set.contact);
    let mut iterations = 0;
    for (i, pair) in set.pairs.iter().enumerate() {
        let ours = gjkviz::algorithm3::query(&pair.a.ours, &pair.b.ours, &settings);
        let penetrating = set.contact == Contact::Penetrating;
        let mut answers = vec![parry_signed_distance(pair, set.contact)];
        // On curved pairs parry's support-map EPA can stop short of the verdict (it finds two
        // overlapping balls 5e-18 apart): it is timed there, not trusted.
        if set.polytopes() {
            answers.push(parry_support_map(pair, set.contact));
        }
        for parry in answers {
            assert!(
                ours.intersecting == penetrating && (parry < 0.0) == penetrating,
                "{} pair {i}: gjkviz says intersecting = {}, parry's signed distance is {parry}",
                set.name,
                ours.intersecting,
            );
        }
        iterations += all_iterations(&ours);
    }
    f64::from(iterations) / set.pairs.len() as f64
}

/// Our iterations per pair (all phases) on `set` with `settings`.
fn mean_iterations(set: &InputSet, settings: &Settings3) -> f64 {
    let iterations: u32 = set
        .pairs
        .iter()
        .map(|pair| {
            all_iterations(&gjkviz::algorithm3::query(
                &pair.a.ours,
                &pair.b.ours,
                settings,
            ))
        })
        .sum();
    f64::from(iterations) / set.pairs.len() as f64
}

/// A run's iterations, all phases.
fn all_iterations(outcome: &gjkviz::trace3::Outcome3) -> u32 {
    outcome.gjk_iterations
        + outcome.distance_iterations
        + outcome.epa_iterations
        + outcome.refinement_iterations
}
