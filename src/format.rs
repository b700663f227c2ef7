//! Numbers as people read them, shared by the command line and the app.

use glam::{DVec2, DVec3};

/// A number with up to `decimals` decimals, trailing zeros dropped; scientific notation for
/// very small or very large magnitudes so nothing shows as a misleading 0.
pub fn num_with(x: f64, decimals: usize) -> String {
    if x == 0.0 {
        return "0".to_string();
    }
    if !x.is_finite() {
        return x.to_string();
    }
    let magnitude = x.abs();
    if magnitude < 10f64.powi(-(decimals as i32).min(4)) || magnitude >= 1e7 {
        return format!("{x:.3e}");
    }
    let s = format!("{x:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" { "0".to_string() } else { s }
}

/// A number with up to 6 decimals.
pub fn num(x: f64) -> String {
    num_with(x, 6)
}

/// A vector as "(x, y)" with up to 6 decimals.
pub fn vec2(v: DVec2) -> String {
    format!("({}, {})", num(v.x), num(v.y))
}

/// A vector as "(x, y, z)" with up to 6 decimals.
pub fn vec3(v: DVec3) -> String {
    format!("({}, {}, {})", num(v.x), num(v.y), num(v.z))
}

/// A count and its noun, the noun plural unless the count is 1: "1 face", "3 faces".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Longest tick label written in fixed notation; longer ones switch to scientific notation.
const TICK_FIXED_CHARS: usize = 10;

/// A plot's tick label for `value` on a grid of spacing `step`. Fixed notation with as many
/// decimals as the step needs (as egui_plot writes ticks), unless that takes more than
/// [`TICK_FIXED_CHARS`]: a scene 1e20 wide would get 21-digit labels and one 1e-20 wide would
/// show every tick as 0, and the labels would take the plot's width. Then scientific notation,
/// with as many digits as tell one tick from the next.
pub fn tick_label(value: f64, step: f64) -> String {
    let step_exponent = if step > 0.0 { step.log10() } else { 0.0 };
    let decimals = (-step_exponent.round()).clamp(0.0, 16.0) as usize;
    let fixed = format!("{value:.decimals$}");
    if fixed.len() <= TICK_FIXED_CHARS || !value.is_finite() {
        return fixed;
    }
    if value == 0.0 {
        return "0".to_string();
    }
    let digits = (value.abs().log10().floor() - step_exponent.floor()).clamp(0.0, 16.0) as usize;
    format!("{value:.digits$e}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_and_switches_notation() {
        assert_eq!(num(2.0), "2");
        assert_eq!(num(0.6324555320336759), "0.632456");
        assert_eq!(num(-8.0), "-8");
        assert_eq!(num(1e-9), "1.000e-9");
        assert_eq!(num(2.5e7), "2.500e7");
        assert_eq!(num(-1e-12), "-1.000e-12");
        assert_eq!(vec2(DVec2::new(4.0, -0.5)), "(4, -0.5)");
        assert_eq!(num_with(0.93704257, 3), "0.937");
    }

    /// Ticks read as egui_plot writes them where that is short, and in scientific notation
    /// with one more digit than the step's where it is not.
    #[test]
    fn tick_labels_stay_short_at_every_scale() {
        // egui_plot's grid steps are powers of ten.
        assert_eq!(tick_label(2.5, 0.1), "2.5");
        assert_eq!(tick_label(-10.0, 1.0), "-10");
        assert_eq!(tick_label(1000000.5, 0.1), "1000000.5");
        assert_eq!(tick_label(0.0, 1e-20), "0");
        assert_eq!(tick_label(1.5e50, 1e49), "1.5e50");
        assert_eq!(tick_label(-1e50, 1e49), "-1.0e50");
        assert_eq!(tick_label(2.5e-20, 1e-21), "2.5e-20");
        assert_eq!(tick_label(123456789012.0, 1.0), "1.23456789012e11");
        for exponent in -50..=50 {
            let step = 10f64.powi(exponent);
            for k in [-7.0, -1.0, 1.0, 3.0, 9.0, 15.0] {
                let value = k * step;
                let label = tick_label(value, step);
                assert!(label.len() <= 12, "{label}");
                let read: f64 = label.parse().unwrap();
                assert!((read - value).abs() <= 1e-12 * value.abs(), "{label}");
            }
        }
    }

    #[test]
    fn a_count_of_one_takes_the_singular() {
        assert_eq!(count(0, "face"), "0 faces");
        assert_eq!(count(1, "face"), "1 face");
        assert_eq!(count(4, "edge"), "4 edges");
    }
}
