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

    #[test]
    fn a_count_of_one_takes_the_singular() {
        assert_eq!(count(0, "face"), "0 faces");
        assert_eq!(count(1, "face"), "1 face");
        assert_eq!(count(4, "edge"), "4 edges");
    }
}
