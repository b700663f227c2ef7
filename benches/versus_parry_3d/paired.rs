//! Ratios timed in pairs: our query (untraced and traced) and parry's, in turn, round after round.
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
use crate::inputs::{InputSet, POLYTOPE_SIZES, Pair};
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

/// A set's functions, in the order of the indices below.
pub type Contenders<'a> = [Batch<'a>; CONTENDERS];
const UNTRACED: usize = 0;
const TRACED: usize = 1;
const PARRY: usize = 2;
const PARRY_SUPPORT_MAP: usize = 3;
const CONTENDERS: usize = 4;

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

/// Every function's time per batch in each of [`ROUNDS`] rounds: `times[round][function]`.
/// `scale[i]` divides function i's times (its queries per batch, when the batches hold
/// different numbers of queries).
fn timed_rounds(batches: &[Batch<'_>], scale: &[f64]) -> Vec<Vec<f64>> {
    let lengths: Vec<u32> = batches
        .iter()
        .map(|batch| batches_per_shot(batch))
        .collect();
    (0..ROUNDS)
        .map(|round| {
            let mut times = vec![0.0; batches.len()];
            for turn in 0..batches.len() {
                let i = (round + turn) % batches.len();
                times[i] = shot_ns(&batches[i], lengths[i]) / scale[i];
            }
            times
        })
        .collect()
}

/// The spread of the rounds' ratios of function `numerator`'s time to `denominator`'s.
fn ratio(times: &[Vec<f64>], numerator: usize, denominator: usize) -> Spread {
    spread(
        times
            .iter()
            .map(|round| round[numerator] / round[denominator])
            .collect(),
    )
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

/// Prints the paired tables for the sets measured since `started` (their untraced function has
/// a fresh result). `contenders(set)` gives a set's batches, in the order of [`UNTRACED`],
/// [`TRACED`], [`PARRY`] and [`PARRY_SUPPORT_MAP`].
pub fn print<'a>(
    sets: &'a [InputSet],
    started: SystemTime,
    contenders: impl Fn(&'a InputSet) -> Contenders<'a>,
) {
    let root = criterion_home();
    let measured: Vec<&InputSet> = sets
        .iter()
        .filter(|set| {
            median_ns(&root, &format!("{}/{}", set.name, table::UNTRACED), started).is_some()
        })
        .collect();
    print_table(
        &format!(
            "Paired ratios: each of {ROUNDS} rounds times every \
             function for about {} µs, one right after the other; the median of the rounds' \
             ratios (quartiles)",
            SHOT.as_micros()
        ),
        "| input set | untraced / parry contact/distance | untraced / parry support-map \
         | traced / untraced |",
        &against_parry(&measured, &contenders),
    );
    print_table(
        "Paired ratios of our untraced time per query, the largest hulls against the smallest",
        "| sets | time per query, ratio (quartiles) |",
        &largest_against_smallest(&measured, &contenders),
    );
}

/// A row per set: our untraced time against parry's two paths, and traced against untraced.
fn against_parry<'a>(
    sets: &[&'a InputSet],
    contenders: &impl Fn(&'a InputSet) -> Contenders<'a>,
) -> Vec<String> {
    sets.iter()
        .map(|set| {
            let times = timed_rounds(&contenders(set), &[1.0; CONTENDERS]);
            format!(
                "| {} | {} | {} | {} |",
                set.name,
                ratio(&times, UNTRACED, PARRY),
                ratio(&times, UNTRACED, PARRY_SUPPORT_MAP),
                ratio(&times, TRACED, UNTRACED),
            )
        })
        .collect()
}

/// A row per contact and per kind of set (run once, in cache) that both the largest and the
/// smallest hulls have: our time per query on the one against the other.
fn largest_against_smallest<'a>(
    sets: &[&'a InputSet],
    contenders: &impl Fn(&'a InputSet) -> Contenders<'a>,
) -> Vec<String> {
    let named = |name: &str| sets.iter().copied().find(|set| set.name == name);
    let (smallest, largest) = (POLYTOPE_SIZES[0], POLYTOPE_SIZES[POLYTOPE_SIZES.len() - 1]);
    let mut rows = Vec::new();
    for (_, prefix) in Contact::BOTH {
        for suffix in ["", "-in-cache"] {
            let set = |n: usize| named(&format!("3d-{prefix}-polytope-{n}{suffix}"));
            let (Some(big), Some(small)) = (set(largest), set(smallest)) else {
                continue;
            };
            let ([ours_big, ..], [ours_small, ..]) = (contenders(big), contenders(small));
            let scale = [big.queries() as f64, small.queries() as f64];
            let times = timed_rounds(&[ours_big, ours_small], &scale);
            let big_over_small = ratio(&times, 0, 1);
            rows.push(format!(
                "| {} / {} | {big_over_small} |",
                big.name, small.name
            ));
        }
    }
    rows
}

/// A Markdown table with its caption, unless it has no rows.
fn print_table(caption: &str, header: &str, rows: &[String]) {
    if rows.is_empty() {
        return;
    }
    println!("\n{caption}:\n");
    println!("{header}");
    let columns = header.matches('|').count() - 1;
    println!("{}|", "|---".repeat(columns));
    rows.iter().for_each(|row| println!("{row}"));
}

/// A set's batch of `query` over its pairs.
pub fn batch<'a>(set: &'a InputSet, query: impl Fn(&Pair) -> f64 + 'a) -> Batch<'a> {
    Box::new(move || pairs::batch(&set.pairs, set.repeats, &query))
}
