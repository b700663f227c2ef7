//! The summary table: criterion's median of each function in each group, per pair, with the
//! ratios that matter. Read from criterion's own result files, so it shows exactly what criterion
//! measured; only groups measured in this run are listed.

use std::time::SystemTime;

use crate::criterion_results::{criterion_home, format_time, median_ns};
use crate::inputs::{IN_CACHE_REPEATS, InputSet, PAIRS_PER_BATCH};
use crate::support;

/// The functions of every group, as criterion names them.
pub const UNTRACED: &str = "untraced";
pub const TRACED: &str = "traced";
pub const PARRY: &str = "parry";

/// Prints the Markdown tables of every group measured since `started`; `iterations` holds each
/// set's mean iteration count.
pub fn print(sets: &[InputSet], iterations: &[f64], started: SystemTime) {
    let root = criterion_home();
    let median =
        |group: &str, function: &str| median_ns(&root, &format!("{group}/{function}"), started);
    let pairs: Vec<String> = sets
        .iter()
        .zip(iterations)
        .filter_map(|(set, iterations)| {
            let per_pair = |function| Some(median(&set.name, function)? / set.queries() as f64);
            let (untraced, traced, parry) =
                (per_pair(UNTRACED)?, per_pair(TRACED)?, per_pair(PARRY)?);
            Some(format!(
                "| {} | {iterations:.1} | {} | {} | {} | {:.2} | {:.2} |",
                set.name,
                format_time(untraced),
                format_time(traced),
                format_time(parry),
                untraced / parry,
                traced / untraced,
            ))
        })
        .collect();
    if !pairs.is_empty() {
        println!(
            "\nMedian time per pair (batches of {PAIRS_PER_BATCH} pairs; the in-cache set queries \
             each pair {IN_CACHE_REPEATS} times in a row); iterations: our GJK + EPA or distance \
             iterations per pair:\n"
        );
        println!(
            "| input set | iterations | untraced | traced | parry2d-f64 | untraced / parry \
             | traced / untraced |"
        );
        println!("|---|---:|---:|---:|---:|---:|---:|");
        pairs.iter().for_each(|row| println!("{row}"));
    }

    let searches: Vec<String> = support::SIZES
        .iter()
        .filter_map(|&size| {
            let group = support::group_name(size);
            let per_query =
                |function| Some(median(&group, function)? / support::QUERIES_PER_BATCH as f64);
            let (linear, binary, table) = (
                per_query(support::LINEAR)?,
                per_query(support::BINARY)?,
                per_query(support::TABLE)?,
            );
            Some(format!(
                "| {size} | {} | {} | {} | {:.2} | {:.2} |",
                format_time(linear),
                format_time(binary),
                format_time(table),
                binary / linear,
                table / linear
            ))
        })
        .collect();
    if !searches.is_empty() {
        println!("\nMedian time of one support search:\n");
        println!(
            "| vertices | linear scan | binary search | table | binary / linear | table / linear |"
        );
        println!("|---:|---:|---:|---:|---:|---:|");
        searches.iter().for_each(|row| println!("{row}"));
    }
}
