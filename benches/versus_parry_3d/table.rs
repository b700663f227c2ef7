//! The 3D summary table: criterion's median of each function in each group, per pair, with the
//! ratios that matter; only groups measured in this run are listed.

use std::time::SystemTime;

use crate::criterion_results::{criterion_home, format_time, median_ns};
use crate::inputs::InputSet;
use crate::pairs::PAIRS_PER_BATCH;
use crate::support;

/// The functions of every group, as criterion names them.
pub const UNTRACED: &str = "untraced";
pub const TRACED: &str = "traced";
pub const PARRY: &str = "parry";
pub const PARRY_SUPPORT_MAP: &str = "parry-support-map";

/// Prints the Markdown tables of every group measured since `started`; `iterations` holds each
/// set's mean iteration count.
pub fn print(sets: &[InputSet], iterations: &[f64], started: SystemTime) {
    let root = criterion_home();
    let median =
        |group: &str, function: &str| median_ns(&root, &format!("{group}/{function}"), started);
    let rows: Vec<String> = sets
        .iter()
        .zip(iterations)
        .filter_map(|(set, iterations)| {
            let per_pair = |function| Some(median(&set.name, function)? / PAIRS_PER_BATCH as f64);
            let (untraced, traced) = (per_pair(UNTRACED)?, per_pair(TRACED)?);
            let (parry, support_map) = (per_pair(PARRY)?, per_pair(PARRY_SUPPORT_MAP)?);
            Some(format!(
                "| {} | {iterations:.1} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} |",
                set.name,
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
            "\nMedian time per pair (batches of {PAIRS_PER_BATCH} pairs); iterations: our GJK, \
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

    let searches: Vec<String> = support::SIZES
        .iter()
        .filter_map(|&size| {
            let group = support::group_name(size);
            let per_query =
                |function| Some(median(&group, function)? / support::QUERIES_PER_BATCH as f64);
            let (linear, climb) = (per_query(support::LINEAR)?, per_query(support::CLIMB)?);
            Some(format!(
                "| {size} | {} | {} | {:.2} |",
                format_time(linear),
                format_time(climb),
                climb / linear
            ))
        })
        .collect();
    if !searches.is_empty() {
        println!("\nMedian time of one support search on a hull:\n");
        println!("| vertices | linear scan | hill climb | climb / linear |");
        println!("|---:|---:|---:|---:|");
        searches.iter().for_each(|row| println!("{row}"));
    }
}
