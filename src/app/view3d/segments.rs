//! What is on screen in a view, bucketed in a grid of cells so a label asks only about what is
//! near it: the lines drawn, and the labels already placed. A 1,000-face polytope draws
//! thousands of edges and labels hundreds of points, too many to test every pair each frame.

use eframe::egui::{Pos2, Rect};

use crate::app::clip::segment_crosses;

/// A cell's side, in points: about a short label's width, so one label asks a few cells.
const CELL: f32 = 48.0;
/// Most cells along a side, whatever the view's size.
const MAX_CELLS: usize = 64;

/// Items by the cells of `area` their bounds cover; items wholly outside it are dropped (a
/// label outside the view is never preferred, and cannot be seen).
pub struct CellGrid<T> {
    area: Rect,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<T>>,
}

/// The segments drawn, on screen.
pub type SegmentGrid = CellGrid<[Pos2; 2]>;

impl<T: Copy> CellGrid<T> {
    /// An empty grid over `area`; a non-finite or empty area makes one cell.
    pub fn new(area: Rect) -> Self {
        let count = |length: f32| {
            if length.is_finite() && length > 0.0 {
                ((length / CELL).ceil() as usize).clamp(1, MAX_CELLS)
            } else {
                1
            }
        };
        let (cols, rows) = (count(area.width()), count(area.height()));
        CellGrid {
            area,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        }
    }

    /// The cell range covered by `rect` (clamped to the grid), or None when it misses the area.
    fn cells_of(&self, rect: Rect) -> Option<(std::ops::Range<usize>, std::ops::Range<usize>)> {
        let cover = rect.intersect(self.area);
        if !(cover.min.x <= cover.max.x && cover.min.y <= cover.max.y) {
            return None;
        }
        let index = |v: f32, min: f32, length: f32, n: usize| {
            if n == 1 || !length.is_finite() {
                return 0;
            }
            (((v - min) / length * n as f32).floor().max(0.0) as usize).min(n - 1)
        };
        let (w, h) = (self.area.width(), self.area.height());
        let x0 = index(cover.min.x, self.area.min.x, w, self.cols);
        let x1 = index(cover.max.x, self.area.min.x, w, self.cols);
        let y0 = index(cover.min.y, self.area.min.y, h, self.rows);
        let y1 = index(cover.max.y, self.area.min.y, h, self.rows);
        Some((x0..x1 + 1, y0..y1 + 1))
    }

    /// Adds `item`, whose bounds are `bounds`, to every cell they cover.
    pub fn insert(&mut self, bounds: Rect, item: T) {
        let Some((xs, ys)) = self.cells_of(bounds) else {
            return;
        };
        for y in ys {
            for x in xs.clone() {
                self.cells[y * self.cols + x].push(item);
            }
        }
    }

    /// Whether `hit` holds for any item in the cells `rect` covers.
    pub fn any_near(&self, rect: Rect, hit: impl Fn(&T) -> bool) -> bool {
        let Some((xs, ys)) = self.cells_of(rect) else {
            return false;
        };
        ys.flat_map(|y| xs.clone().map(move |x| y * self.cols + x))
            .any(|cell| self.cells[cell].iter().any(&hit))
    }
}

impl SegmentGrid {
    pub fn push(&mut self, segment: [Pos2; 2]) {
        self.insert(Rect::from_two_pos(segment[0], segment[1]), segment);
    }

    /// Whether any segment crosses or touches `rect`.
    pub fn crosses(&self, rect: Rect) -> bool {
        self.any_near(rect, |s| segment_crosses(*s, rect))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::egui::pos2;

    /// Rectangles of `size` on a lattice of `step` over `view`, those wholly inside it: where the
    /// grid must answer as a test of every item would.
    fn probes(view: Rect, step: f32, size: eframe::egui::Vec2) -> Vec<Rect> {
        let (cols, rows) = (
            (view.width() / step) as usize,
            (view.height() / step) as usize,
        );
        (0..cols)
            .flat_map(|i| (0..rows).map(move |j| (i, j)))
            .map(|(i, j)| {
                Rect::from_min_size(
                    view.min + eframe::egui::vec2(i as f32, j as f32) * step,
                    size,
                )
            })
            .filter(|r| view.contains_rect(*r))
            .collect()
    }

    /// Placed rectangles (labels) looked up by cell: a rectangle in the view meets one of them
    /// exactly when testing every one says so, on a view and on an unbounded area.
    #[test]
    fn the_grid_finds_the_rectangles_a_rectangle_meets() {
        let view = Rect::from_min_max(pos2(100.0, 50.0), pos2(700.0, 450.0));
        // Label-sized rectangles, some reaching out of the view, a few wider than a cell.
        let placed: Vec<Rect> = (0..60)
            .map(|i| {
                let t = i as f32 * 0.61;
                let at = pos2(400.0 + 330.0 * t.sin(), 250.0 + 230.0 * (1.7 * t).cos());
                Rect::from_min_size(at, eframe::egui::vec2(20.0 + (i % 7) as f32 * 15.0, 14.0))
            })
            .collect();
        for area in [view, Rect::EVERYTHING] {
            let mut grid = CellGrid::new(area);
            for r in &placed {
                grid.insert(*r, *r);
            }
            let mut met = 0;
            for rect in probes(view, 10.0, eframe::egui::vec2(30.0, 14.0)) {
                let all = placed.iter().any(|p| p.intersects(rect));
                assert_eq!(grid.any_near(rect, |p| p.intersects(rect)), all);
                met += usize::from(all);
            }
            assert!(met > 100, "the test rectangles meet the placed ones: {met}");
        }
    }

    /// The grid answers as testing every segment would, on a view and on an unbounded area.
    #[test]
    fn the_grid_answers_as_every_segment_would() {
        let view = Rect::from_min_max(pos2(100.0, 50.0), pos2(700.0, 450.0));
        // A fan of long and short segments, some partly outside the view.
        let segments: Vec<[Pos2; 2]> = (0..40)
            .map(|i| {
                let t = i as f32 * 0.37;
                let a = pos2(400.0 + 350.0 * t.cos(), 250.0 + 250.0 * t.sin());
                let b = pos2(400.0 + 40.0 * (2.0 * t).sin(), 250.0 + 60.0 * t.cos());
                [a, b]
            })
            .collect();
        for area in [view, Rect::EVERYTHING] {
            let mut grid = SegmentGrid::new(area);
            for s in &segments {
                grid.push(*s);
            }
            let mut crossed = 0;
            // Inside the view the grid must agree; beyond it, it drops segments.
            for rect in probes(view, 20.0, eframe::egui::vec2(40.0, 14.0)) {
                let all = segments.iter().any(|s| segment_crosses(*s, rect));
                assert_eq!(grid.crosses(rect), all, "{rect:?} in {area:?}");
                crossed += usize::from(all);
            }
            assert!(
                crossed > 20,
                "the test rectangles meet the segments: {crossed}"
            );
        }
    }
}
