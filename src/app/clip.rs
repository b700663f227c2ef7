//! Segments cut to an axis-aligned box (Liang–Barsky), for the 2D plots and the 3D views: which
//! labels a line would run under, and which part of a dashed line is on screen.
//!
//! The box and the points are f64: a plot cuts in its own coordinates, which keep their digits
//! at any zoom, and screen positions (f32) convert exactly.

use eframe::egui::{Pos2, Rect};
use glam::DVec2;

/// An axis-aligned box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClipBox {
    pub min: DVec2,
    pub max: DVec2,
}

impl ClipBox {
    pub fn of_rect(rect: Rect) -> Self {
        ClipBox {
            min: screen(rect.min),
            max: screen(rect.max),
        }
    }

    /// The parameters 0 ≤ t0 ≤ t1 ≤ 1 of the part of segment ab inside the box, edges included;
    /// None when it misses the box (or an end is not finite).
    pub fn segment(&self, a: DVec2, b: DVec2) -> Option<(f64, f64)> {
        if !(a.is_finite() && b.is_finite()) {
            return None;
        }
        let d = b - a;
        let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
        // For each side, the segment's component toward the outside and how far inside a is.
        for (outward, inside) in [
            (-d.x, a.x - self.min.x),
            (d.x, self.max.x - a.x),
            (-d.y, a.y - self.min.y),
            (d.y, self.max.y - a.y),
        ] {
            if outward == 0.0 {
                // Parallel to this side: wholly on its inner side or not at all.
                if inside < 0.0 {
                    return None;
                }
            } else if outward < 0.0 {
                enter = enter.max(inside / outward);
            } else {
                leave = leave.min(inside / outward);
            }
        }
        (enter <= leave).then_some((enter, leave))
    }

    /// The pieces of the polyline through `points` inside the box, each as the points to draw
    /// through: a piece ends where the polyline leaves the box.
    pub fn runs(&self, points: impl IntoIterator<Item = DVec2>) -> Vec<Vec<DVec2>> {
        let mut runs: Vec<Vec<DVec2>> = Vec::new();
        let mut open = false;
        let mut points = points.into_iter();
        let Some(mut previous) = points.next() else {
            return runs;
        };
        for next in points {
            match self.segment(previous, next) {
                Some((t0, t1)) => {
                    if !open || t0 > 0.0 {
                        runs.push(vec![along(previous, next, t0)]);
                    }
                    if let Some(run) = runs.last_mut() {
                        run.push(along(previous, next, t1));
                    }
                    open = t1 == 1.0;
                }
                None => open = false,
            }
            previous = next;
        }
        runs
    }
}

/// The point at parameter t of segment ab, measured from the nearer end: its rounding is that
/// of its distance from that end, not of the whole segment's length.
fn along(a: DVec2, b: DVec2, t: f64) -> DVec2 {
    if t <= 0.5 {
        a + (b - a) * t
    } else {
        b - (b - a) * (1.0 - t)
    }
}

/// A screen position as a point of the plane.
pub fn screen(p: Pos2) -> DVec2 {
    DVec2::new(f64::from(p.x), f64::from(p.y))
}

/// Whether the segment `s` crosses or touches `rect`.
pub fn segment_crosses(s: [Pos2; 2], rect: Rect) -> bool {
    ClipBox::of_rect(rect)
        .segment(screen(s[0]), screen(s[1]))
        .is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::pos2;

    #[test]
    fn a_segment_crosses_the_rectangles_it_passes_through_only() {
        let r = Rect::from_min_max(pos2(0.0, 0.0), pos2(10.0, 10.0));
        assert!(!segment_crosses([pos2(-5.0, 12.0), pos2(15.0, 12.0)], r));
        assert!(!segment_crosses([pos2(12.0, -5.0), pos2(30.0, 20.0)], r));
        assert!(!segment_crosses([pos2(-5.0, -5.0), pos2(-1.0, 20.0)], r));
        assert!(segment_crosses([pos2(-5.0, 5.0), pos2(5.0, -5.0)], r));
        assert!(
            segment_crosses([pos2(2.0, 2.0), pos2(3.0, 3.0)], r),
            "inside"
        );
        assert!(segment_crosses([pos2(5.0, -5.0), pos2(5.0, 15.0)], r));
        assert!(
            segment_crosses([pos2(-5.0, 0.0), pos2(5.0, 20.0)], r),
            "a corner cut"
        );
        assert!(
            segment_crosses([pos2(10.0, -5.0), pos2(10.0, 5.0)], r),
            "along a side"
        );
    }

    fn unit_box() -> ClipBox {
        ClipBox {
            min: DVec2::ZERO,
            max: DVec2::ONE,
        }
    }

    #[test]
    fn a_segment_far_longer_than_the_box_is_cut_to_it() {
        let runs = unit_box().runs([DVec2::new(-1e12, 0.5), DVec2::new(1e12, 0.5)]);
        let [run] = runs.as_slice() else {
            panic!("one run: {runs:?}");
        };
        // Its ends are known to the rounding of the segment's length (1e12 · 2⁻⁵³).
        let ends = [DVec2::new(0.0, 0.5), DVec2::new(1.0, 0.5)];
        assert!(
            run.len() == 2 && (0..2).all(|i| (run[i] - ends[i]).length() < 1e-3),
            "{run:?}"
        );
        // From an end inside, the cut is as exact as that end's distance from it.
        let from_inside = unit_box().runs([DVec2::new(0.5, 0.5), DVec2::new(1e12, 0.5)]);
        assert!(
            (from_inside[0][1] - ends[1]).length() < 1e-15,
            "{from_inside:?}"
        );
    }

    /// Segments inside the box make one run, so a dash pattern goes on across corners; a
    /// polyline that leaves and comes back makes two; one that stays outside makes none.
    #[test]
    fn a_polyline_is_cut_into_the_runs_inside_the_box() {
        let p = |x: f64, y: f64| DVec2::new(x, y);
        let inside = [p(0.2, 0.2), p(0.8, 0.2), p(0.8, 0.8)];
        assert_eq!(unit_box().runs(inside), vec![inside.to_vec()]);
        let out_and_back = [p(0.5, 0.5), p(2.0, 0.5), p(2.0, 0.25), p(0.5, 0.25)];
        assert_eq!(
            unit_box().runs(out_and_back),
            vec![
                vec![p(0.5, 0.5), p(1.0, 0.5)],
                vec![p(1.0, 0.25), p(0.5, 0.25)]
            ]
        );
        assert!(unit_box().runs([p(2.0, 2.0), p(3.0, -1.0)]).is_empty());
        assert!(unit_box().runs([p(0.5, 0.5)]).is_empty());
    }
}
