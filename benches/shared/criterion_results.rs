//! Criterion's own result files, read back so a bench can end with a summary table of exactly
//! what criterion measured.

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Where criterion keeps its results, found the way criterion finds it (minus asking cargo,
/// which gives `target/` here unless `CARGO_TARGET_DIR` says otherwise).
pub fn criterion_home() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| "target".into(), PathBuf::from);
    target.join("criterion")
}

/// The median of one benchmark's latest run in nanoseconds, if that run ended after `since`.
/// `id` is the benchmark's id as criterion stores it (`group/function`, with any `/` inside
/// either part written as `_`).
pub fn median_ns(root: &Path, id: &str, since: SystemTime) -> Option<f64> {
    let path = root.join(id).join("new").join("estimates.json");
    let modified = std::fs::metadata(&path).ok()?.modified().ok()?;
    if modified < since {
        return None;
    }
    let text = std::fs::read_to_string(&path).ok()?;
    let estimates: serde_json::Value = serde_json::from_str(&text).ok()?;
    estimates["median"]["point_estimate"].as_f64()
}

/// A duration with three significant digits in a readable unit.
pub fn format_time(ns: f64) -> String {
    let (value, unit) = if ns < 1_000.0 {
        (ns, "ns")
    } else if ns < 1_000_000.0 {
        (ns / 1_000.0, "µs")
    } else {
        (ns / 1_000_000.0, "ms")
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}
