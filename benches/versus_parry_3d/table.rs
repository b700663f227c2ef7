//! The 3D summary table: criterion's median of each function in each group, per pair, with the
//! ratios that matter; only groups measured in this run are listed.

use std::time::SystemTime;

use crate::criterion_results::{criterion_home, format_time, median_ns};
use crate::inputs::InputSet;
use crate::pairs::{IN_CACHE_REPEATS, PAIRS_PER_BATCH};
use crate::{refinement, support};

/// The functions of every group, as criterion names them.
pub const UNTRACED: &str = "untraced";
pub const TRACED: &str = "traced";
pub const PARRY: &str = "parry";
pub const PARRY_SUPPORT_MAP: &str = "parry-support-map";
/// Separated sets only: untraced, first search toward the origin.
pub const UNTRACED_TOWARD_ORIGIN: &str = "untraced-toward-origin";

/// A set's mean iterations per pair (all phases).
pub struct Iterations {
    /// From the same first direction as parry.
    pub same_start: f64,
    /// From the first direction toward the origin, for separated sets.
    pub toward_origin: Option<f64>,
}

/// Prints the Markdown tables of every group measured since `started`; `iterations` holds each
/// set's mean iteration counts.
pub fn print(sets: &[InputSet], iterations: &[Iterations], started: SystemTime) {
    let root = criterion_home();
    let median =
        |group: &str, function: &str| median_ns(&root, &format!("{group}/{function}"), started);
    let per_query =
        |set: &InputSet, function: &str| Some(median(&set.name, function)? / set.queries() as f64);
    let rows: Vec<String> = sets
        .iter()
        .zip(iterations)
        .filter_map(|(set, iterations)| {
            let per_pair = |function| per_query(set, function);
            let (untraced, traced) = (per_pair(UNTRACED)?, per_pair(TRACED)?);
            let (parry, support_map) = (per_pair(PARRY)?, per_pair(PARRY_SUPPORT_MAP)?);
            Some(format!(
                "| {} | {:.1} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
                set.name,
                iterations.same_start,
                format_time(untraced),
                format_time(traced),
                format_time(parry),
                format_time(support_map),
                untraced / parry,
                untraced / support_map,
                traced / untraced,
            ))
        })
        .collect();
    if !rows.is_empty() {
        println!(
            "\nMedian time per pair (batches of {PAIRS_PER_BATCH} pairs; the in-cache sets query \
             each pair {IN_CACHE_REPEATS} times in a row); iterations: our GJK, \
             EPA or distance and refinement iterations per pair:\n"
        );
        println!(
            "| input set | iterations | untraced | traced | parry contact/distance \
             | parry support-map | untraced / parry | untraced / support-map \
             | traced / untraced |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        rows.iter().for_each(|row| println!("{row}"));
    }

    let toward: Vec<String> = sets
        .iter()
        .zip(iterations)
        .filter_map(|(set, iterations)| {
            let per_pair = |function| per_query(set, function);
            let toward = per_pair(UNTRACED_TOWARD_ORIGIN)?;
            let (same_start, parry) = (per_pair(UNTRACED)?, per_pair(PARRY)?);
            let support_map = per_pair(PARRY_SUPPORT_MAP)?;
            Some(format!(
                "| {} | {:.1} | {} | {:.2} | {:.2} | {:.2} |",
                set.name,
                iterations.toward_origin?,
                format_time(toward),
                toward / same_start,
                toward / parry,
                toward / support_map,
            ))
        })
        .collect();
    if !toward.is_empty() {
        println!(
            "\nSeparated pairs with our first search toward the origin (from A's centre to B's; \
             parry's distance starts the other way):\n"
        );
        println!(
            "| input set | iterations | untraced | / same start | / parry distance \
             | / parry support-map |"
        );
        println!("|---|---:|---:|---:|---:|---:|");
        toward.iter().for_each(|row| println!("{row}"));
    }

    let searches: Vec<String> = support::SIZES
        .iter()
        .filter_map(|&size| {
            let group = support::group_name(size);
            let per_query =
                |function| Some(median(&group, function)? / support::QUERIES_PER_BATCH as f64);
            let (linear, look_up) = (per_query(support::LINEAR)?, per_query(support::LOOK_UP)?);
            Some(format!(
                "| {size} | {} | {} | {:.2} |",
                format_time(linear),
                format_time(look_up),
                look_up / linear
            ))
        })
        .collect();
    if !searches.is_empty() {
        println!("\nMedian time of one support search on a hull:\n");
        println!("| vertices | linear scan | look-up | look-up / linear |");
        println!("|---:|---:|---:|---:|");
        searches.iter().for_each(|row| println!("{row}"));
    }
}

/// The comparison of refinement with EPA alone, for the sets measured in this run.
pub fn print_refinement(results: &[(String, Vec<refinement::Accuracy>)], started: SystemTime) {
    let root = criterion_home();
    let mut rows = Vec::new();
    for (group, runs) in results {
        let per_pair = |function: &str| {
            Some(
                median_ns(&root, &format!("{group}/{function}"), started)? / PAIRS_PER_BATCH as f64,
            )
        };
        let Some(refined) = per_pair(refinement::REFINED) else {
            continue;
        };
        for run in runs {
            let Some(time) = per_pair(&run.name) else {
                continue;
            };
            rows.push(format!(
                "| {group} | {} | {:.1} | {} | {:.2} | {:.1e} | {:.1e} |",
                run.name,
                run.iterations,
                format_time(time),
                time / refined,
                run.mean_error,
                run.max_error,
            ));
        }
    }
    if !rows.is_empty() {
        println!(
            "\nRefinement against EPA alone on curved penetrating pairs (time per pair; depth \
             error against the best known depth):\n"
        );
        println!(
            "| input set | run | EPA + refinement iterations | time | time / refined \
             | mean error | largest error |"
        );
        println!("|---|---|---:|---:|---:|---:|---:|");
        rows.iter().for_each(|row| println!("{row}"));
    }
}
