//! The summary table: criterion's median of each function in each group, per pair, with the
//! ratios that matter. Read from criterion's own result files, so it shows exactly what criterion
//! measured; only groups measured in this run are listed.

use std::path::PathBuf;
use std::time::SystemTime;

use crate::inputs::InputSet;

/// The functions of every group, as criterion names them.
pub const UNTRACED: &str = "untraced";
pub const TRACED: &str = "traced";
pub const PARRY: &str = "parry";

/// Prints the Markdown table of every group measured since `started`.
pub fn print(sets: &[InputSet], started: SystemTime) {
    let root = criterion_home();
    let rows: Vec<String> = sets
        .iter()
        .filter_map(|set| {
            let per_pair = |function| {
                median_ns(&root, &set.name, function, started).map(|t| t / set.pairs.len() as f64)
            };
            let (untraced, traced, parry) =
                (per_pair(UNTRACED)?, per_pair(TRACED)?, per_pair(PARRY)?);
            Some(format!(
                "| {} | {} | {} | {} | {:.2} | {:.2} |",
                set.name,
                time(untraced),
                time(traced),
                time(parry),
                untraced / parry,
                traced / untraced,
            ))
        })
        .collect();
    if rows.is_empty() {
        return;
    }
    println!("\nMedian time per pair ({} pairs per batch):\n", sets[0].pairs.len());
    println!("| input set | untraced | traced | parry2d-f64 | untraced / parry | traced / untraced |");
    println!("|---|---:|---:|---:|---:|---:|");
    for row in rows {
        println!("{row}");
    }
}

/// Where criterion keeps its results, found the way criterion finds it (minus asking cargo,
/// which gives `target/` here unless `CARGO_TARGET_DIR` says otherwise).
fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| "target".into(), PathBuf::from);
    target.join("criterion")
}

/// The median of one function's latest run in nanoseconds, if that run was after `started`.
fn median_ns(root: &std::path::Path, group: &str, function: &str, started: SystemTime) -> Option<f64> {
    let path = root.join(group).join(function).join("new").join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < started {
        return None;
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let estimates: serde_json::Value = serde_json::from_str(&text).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

/// A duration in the unit that keeps three or four significant digits.
fn time(ns: f64) -> String {
    if ns < 1_000.0 {
        format!("{ns:.0} ns")
    } else if ns < 1_000_000.0 {
        format!("{:.2} µs", ns / 1_000.0)
    } else {
        format!("{:.2} ms", ns / 1_000_000.0)
    }
}
