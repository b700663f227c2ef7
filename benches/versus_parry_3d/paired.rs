//! Ratios timed in pairs: our untraced query and parry's, in turn, round after round.
//!
//! This machine's speed drifts by up to 2× within minutes, and criterion times one function
//! after another, seconds apart, so a ratio of two of its medians carries whatever the speed
//! did in between. Here every round times a short shot of each function, one right after the
//! other, so a round's ratios see one speed; the table gives the median of the rounds' ratios
//! and their middle half (the quartiles). Which function goes first turns from round to round,
//! so none is always the one that finds the caches holding the other's data.

use std::hint::black_box;
use std::time::{Duration, Instant, SystemTime};

use crate::criterion_results::{criterion_home, median_ns};
use crate::inputs::{InputSet, Pair};
use crate::pairs::{self, Contact};
use crate::table;

/// Rounds of shots: odd, so the median is one of them.
const ROUNDS: usize = 41;
/// A shot runs whole batches until it has lasted this long: long against the timer's
/// resolution and against the first batch's cost of warming the caches and branch predictors
/// after another function ran, short against the machine's drift.
const SHOT: Duration = Duration::from_micros(600);

/// One function of a comparison: runs a whole batch and returns a sum of its answers.
pub type Batch<'a> = Box<dyn Fn() -> f64 + 'a>;

/// The median of the rounds' ratios and the quartiles around it.
#[derive(Clone, Copy, Debug)]
struct Spread {
    median: f64,
    lower: f64,
    upper: f64,
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.2} ({:.2}–{:.2})",
            self.median, self.lower, self.upper
        )
    }
}

/// Each round's time per batch of `batches[0]` divided by that of each of the others, over
/// [`ROUNDS`] rounds; one spread per other function. `scale[i]` divides function i's time per
/// batch first (its queries per batch, when the batches hold different numbers of queries).
fn ratios(batches: &[Batch<'_>], scale: &[f64]) -> Vec<Spread> {
    let lengths: Vec<u32> = batches
        .iter()
        .map(|batch| batches_per_shot(batch))
        .collect();
    let mut rounds: Vec<Vec<f64>> = vec![Vec::with_capacity(ROUNDS); batches.len() - 1];
    for round in 0..ROUNDS {
        let mut times = vec![0.0; batches.len()];
        for turn in 0..batches.len() {
            let i = (round + turn) % batches.len();
            times[i] = shot_ns(&batches[i], lengths[i]) / scale[i];
        }
        for (ratios, time) in rounds.iter_mut().zip(&times[1..]) {
            ratios.push(times[0] / time);
        }
    }
    rounds.into_iter().map(spread).collect()
}

/// How many batches make a shot of at least [`SHOT`], from one timed batch.
fn batches_per_shot(batch: &Batch<'_>) -> u32 {
    // The first batch after other work warms the caches; the second is timed.
    black_box(batch());
    let started = Instant::now();
    black_box(batch());
    let once = started.elapsed().as_nanos().max(1);
    SHOT.as_nanos().div_ceil(once).clamp(1, 100_000) as u32
}

/// Nanoseconds per batch over `length` batches in a row.
fn shot_ns(batch: &Batch<'_>, length: u32) -> f64 {
    let started = Instant::now();
    for _ in 0..length {
        black_box(batch());
    }
    started.elapsed().as_nanos() as f64 / f64::from(length)
}

/// The median and quartiles of `values` (not empty).
fn spread(mut values: Vec<f64>) -> Spread {
    values.sort_by(f64::total_cmp);
    let at = |fraction: f64| values[((values.len() - 1) as f64 * fraction).round() as usize];
    Spread {
        median: at(0.5),
        lower: at(0.25),
        upper: at(0.75),
    }
}

/// Prints the paired table for every set measured since `started` (its untraced function has
/// a fresh result), and our time per query on the largest hulls against the 32-vertex ones.
/// `contenders(set)` gives the set's batches: ours untraced first, then parry's two paths.
pub fn print<'a>(
    sets: &'a [InputSet],
    started: SystemTime,
    contenders: impl Fn(&'a InputSet) -> [Batch<'a>; 3],
) {
    let root = criterion_home();
    let measured = |set: &InputSet| {
        median_ns(&root, &format!("{}/{}", set.name, table::UNTRACED), started).is_some()
    };
    let rows: Vec<String> = sets
        .iter()
        .filter(|set| measured(set))
        .map(|set| {
            let [parry, support_map] = ratios(&contenders(set), &[1.0; 3])[..] else {
                unreachable!("two ratios for three functions")
            };
            format!("| {} | {parry} | {support_map} |", set.name)
        })
        .collect();
    if !rows.is_empty() {
        println!(
            "\nPaired ratios, untraced against parry: each of {ROUNDS} rounds times every \
             function for about {} µs, one right after the other; the median of the rounds' \
             ratios (quartiles):\n",
            SHOT.as_micros()
        );
        println!(
            "| input set | untraced / parry contact/distance | untraced / parry support-map |"
        );
        println!("|---|---|---|");
        rows.iter().for_each(|row| println!("{row}"));
    }

    let named = |name: &str| sets.iter().find(|set| set.name == name && measured(set));
    let mut large = Vec::new();
    for (_, prefix) in Contact::BOTH {
        let Some(small) = named(&format!("3d-{prefix}-polytope-32")) else {
            continue;
        };
        for suffix in ["", "-in-cache"] {
            let Some(big) = named(&format!("3d-{prefix}-polytope-4096{suffix}")) else {
                continue;
            };
            let [ours_big, ..] = contenders(big);
            let [ours_small, ..] = contenders(small);
            let scale = [big.queries() as f64, small.queries() as f64];
            let [ratio] = ratios(&[ours_big, ours_small], &scale)[..] else {
                unreachable!("one ratio for two functions")
            };
            large.push(format!("| {} / {} | {ratio} |", big.name, small.name));
        }
    }
    if !large.is_empty() {
        println!("\nPaired ratios of our untraced time per query, 4,096 against 32 vertices:\n");
        println!("| sets | time per query, ratio (quartiles) |");
        println!("|---|---|");
        large.iter().for_each(|row| println!("{row}"));
    }
}

/// A set's batch of `query` over its pairs.
pub fn batch<'a>(set: &'a InputSet, query: impl Fn(&Pair) -> f64 + 'a) -> Batch<'a> {
    Box::new(move || pairs::batch(&set.pairs, set.repeats, &query))
}
