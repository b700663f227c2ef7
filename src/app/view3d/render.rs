//! A small painter's-algorithm renderer on egui's `Painter`: triangles, lines, points, arrows and
//! labels in world space, projected on the CPU and drawn back to front.
//!
//! Translucency is depth-correct at a glance by layering: a convex surface's faces turned away
//! from the eye are drawn first, then what is inside it, then its faces turned toward the eye;
//! within each layer triangles are sorted far to near.

use eframe::egui;
use egui::{Color32, Pos2, Rect, Shape, Stroke, epaint::Mesh, pos2, vec2};
use glam::DVec3;

use super::camera::{Projected, Projector};
use super::hover::{About, FaceTarget};
use super::segments::{CellGrid, SegmentGrid};
use super::surface::Surface;
use crate::app::clip::{ClipBox, screen};

/// Drawing order: the back of surfaces, what is inside them, their front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Layer {
    Back,
    Inside,
    Front,
}

const LAYERS: [Layer; 3] = [Layer::Back, Layer::Inside, Layer::Front];

/// A key that orders depths far to near as integers, in `f64::total_cmp`'s order reversed: a
/// negative float's bits all flipped and a positive one's sign bit set order as the floats do.
fn far_first(depth: f64) -> u64 {
    let bits = depth.to_bits();
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    !ascending
}

#[derive(Clone, Copy, Debug)]
struct Triangle {
    corners: [DVec3; 3],
    fill: Color32,
    layer: Layer,
}

#[derive(Clone, Copy, Debug)]
struct Line {
    ends: [DVec3; 2],
    stroke: Stroke,
    layer: Layer,
    /// An arrow head at the second end, sized on screen.
    head: bool,
    /// Dashed, as the 2D plots draw a tolerance check.
    dashed: bool,
}

#[derive(Clone, Copy, Debug)]
struct Point {
    at: DVec3,
    radius: f32,
    colour: Color32,
    /// A ring around it, for the point this step found.
    ring: bool,
}

#[derive(Clone, Debug)]
struct Label {
    at: DVec3,
    text: String,
    colour: Color32,
}

/// A point the pointer can hover, with what the tooltip says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct HoverTarget {
    pub at: DVec3,
    pub about: About,
}

/// What one view draws this frame, in world space.
#[derive(Clone, Debug, Default)]
pub struct Drawing3 {
    triangles: Vec<Triangle>,
    lines: Vec<Line>,
    points: Vec<Point>,
    labels: Vec<Label>,
    pub hover_targets: Vec<HoverTarget>,
    /// Faces the pointer can hover, where no point target is near it.
    pub face_targets: Vec<FaceTarget>,
    /// Text in the view's corner (what the view is, what it approximates).
    pub caption: Vec<String>,
}

/// Counts of what was drawn, for tests and the bench.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DrawStats {
    pub triangles: usize,
    pub lines: usize,
    pub points: usize,
    pub labels: usize,
}

/// The hover target under the pointer: within this many points of it.
pub const HOVER_RADIUS: f32 = 9.0;
/// Dash and gap lengths of a dashed line, in points.
const DASH: f32 = 6.0;
const GAP: f32 = 4.0;
/// Points of screen between a label and its anchor.
const LABEL_GAP: f32 = 5.0;

impl Drawing3 {
    /// A convex surface: translucent faces split into back and front by the eye's side, and
    /// its sharp edges (the hidden ones fainter).
    pub fn surface(&mut self, surface: &Surface, eye: DVec3, fill: Color32, edge: Stroke) {
        let mut facing = Vec::with_capacity(surface.triangles.len());
        self.triangles.reserve(surface.triangles.len());
        for t in 0..surface.triangles.len() as u32 {
            let corners = surface.corners(t);
            let normal = surface.normal(t);
            let front = normal.dot(eye - corners[0]) > 0.0;
            let toward_eye = (eye - corners[0]).normalize_or_zero();
            self.triangles.push(Triangle {
                corners,
                fill: shaded(fill, normal.dot(toward_eye).abs()),
                layer: if front { Layer::Front } else { Layer::Back },
            });
            facing.push(front);
        }
        let faces_front = |f: Option<u32>| f.and_then(|f| facing.get(f as usize).copied());
        for e in &surface.edges {
            // An edge is hidden when no face beside it looks at the eye.
            let seen = e.faces.iter().any(|f| faces_front(*f).unwrap_or(true));
            let (stroke, layer) = if seen {
                (edge, Layer::Front)
            } else {
                (
                    Stroke::new(edge.width * 0.6, edge.color.gamma_multiply(0.4)),
                    Layer::Back,
                )
            };
            self.lines.push(Line {
                ends: e.ends.map(|i| surface.vertex(i)),
                stroke,
                layer,
                head: false,
                dashed: false,
            });
        }
        if surface.vertices.len() == 1 {
            self.point(surface.vertices[0], 3.0, edge.color);
        }
    }

    /// A surface's sharp edges, dashed and without faces: the shape an algorithm runs on in
    /// place of the one drawn (a core shape).
    pub fn dashed_surface(&mut self, surface: &Surface, stroke: Stroke) {
        for e in &surface.edges {
            self.dashed_line(e.ends.map(|i| surface.vertex(i)), stroke);
        }
        if surface.vertices.len() == 1 {
            self.point(surface.vertices[0], 3.0, stroke.color);
        }
    }

    /// A triangle inside the surfaces (a simplex face, a polytope face).
    pub fn triangle(&mut self, corners: [DVec3; 3], fill: Color32) {
        self.triangles.push(Triangle {
            corners,
            fill,
            layer: Layer::Inside,
        });
    }

    pub fn line(&mut self, ends: [DVec3; 2], stroke: Stroke) {
        self.lines.push(Line {
            ends,
            stroke,
            layer: Layer::Inside,
            head: false,
            dashed: false,
        });
    }

    /// A dashed line: a measured gap, a plane or line a check refers to.
    pub fn dashed_line(&mut self, ends: [DVec3; 2], stroke: Stroke) {
        self.lines.push(Line {
            ends,
            stroke,
            layer: Layer::Inside,
            head: false,
            dashed: true,
        });
    }

    /// An arrow from `from` to `to`.
    pub fn arrow(&mut self, from: DVec3, to: DVec3, stroke: Stroke) {
        self.lines.push(Line {
            ends: [from, to],
            stroke,
            layer: Layer::Inside,
            head: true,
            dashed: false,
        });
    }

    pub fn point(&mut self, at: DVec3, radius: f32, colour: Color32) {
        self.points.push(Point {
            at,
            radius,
            colour,
            ring: false,
        });
    }

    /// A point with a ring around it: the one the step is about.
    pub fn ringed_point(&mut self, at: DVec3, radius: f32, colour: Color32) {
        self.points.push(Point {
            at,
            radius,
            colour,
            ring: true,
        });
    }

    pub fn label(&mut self, at: DVec3, text: impl Into<String>, colour: Color32) {
        self.labels.push(Label {
            at,
            text: text.into(),
            colour,
        });
    }

    pub fn stats(&self) -> DrawStats {
        DrawStats {
            triangles: self.triangles.len(),
            lines: self.lines.len(),
            points: self.points.len(),
            labels: self.labels.len(),
        }
    }

    /// Every shape to paint, in order, for this projection; `text_colour` for the caption.
    pub fn shapes(
        &self,
        projector: &Projector,
        rect: Rect,
        fonts: &egui::Context,
        text_colour: Color32,
    ) -> Vec<Shape> {
        let project = |p: DVec3| projector.project(p);
        let to_pos = |q: Projected| pos2(q.x, q.y);
        let mut shapes = Vec::new();
        // What is drawn among the shapes, on screen: the labels keep off it where they can.
        let mut segments = SegmentGrid::new(rect);
        let on_screen = ClipBox::of_rect(rect.expand(DASH + GAP));
        // Every triangle projected in one pass, into lists reserved for all of them: collected
        // layer by layer through a filter, each list grew by doubling, copied whole each time.
        let mut drawn: Vec<([Pos2; 3], Color32)> = Vec::with_capacity(self.triangles.len());
        let mut orders: [Vec<(u64, u32)>; 3] =
            LAYERS.map(|_| Vec::with_capacity(self.triangles.len()));
        for t in &self.triangles {
            let [a, b, c] = t.corners.map(project);
            let (Some(a), Some(b), Some(c)) = (a, b, c) else {
                continue;
            };
            let depth = (a.depth + b.depth + c.depth) / 3.0;
            orders[t.layer as usize].push((far_first(depth), drawn.len() as u32));
            drawn.push(([to_pos(a), to_pos(b), to_pos(c)], t.fill));
        }
        for (layer, mut order) in LAYERS.into_iter().zip(orders) {
            // Far to near, ties in the order drawn. Keys and indices are sorted rather than the
            // triangles (a stable sort moved 40 bytes a triangle through a scratch copy), and
            // the keys sit beside the indices, so comparing two reads no triangle.
            order.sort_unstable();
            let mut mesh = Mesh::default();
            mesh.vertices.reserve(3 * order.len());
            mesh.indices.reserve(3 * order.len());
            for &(_, k) in &order {
                let (corners, fill) = drawn[k as usize];
                let base = mesh.vertices.len() as u32;
                for p in corners {
                    mesh.colored_vertex(p, fill);
                }
                mesh.add_triangle(base, base + 1, base + 2);
            }
            if !mesh.is_empty() {
                shapes.push(Shape::mesh(mesh));
            }
            for line in self.lines.iter().filter(|l| l.layer == layer) {
                let (Some(a), Some(b)) = (project(line.ends[0]), project(line.ends[1])) else {
                    continue;
                };
                let (a, b) = (to_pos(a), to_pos(b));
                if layer == Layer::Inside {
                    segments.push([a, b]);
                }
                if line.dashed {
                    // Only the part on screen is dashed: a line passing near the eye projects
                    // to thousands of screens' length, one shape per dash.
                    if let Some((t0, t1)) = on_screen.segment(screen(a), screen(b)) {
                        let part = [a.lerp(b, t0 as f32), a.lerp(b, t1 as f32)];
                        shapes.extend(Shape::dashed_line(&part, line.stroke, DASH, GAP));
                    }
                } else {
                    shapes.push(Shape::line_segment([a, b], line.stroke));
                }
                if line.head {
                    shapes.extend(arrow_head(b, a, line.stroke.color, line.stroke.width));
                }
            }
        }
        for point in &self.points {
            let Some(q) = project(point.at) else { continue };
            shapes.push(Shape::circle_filled(to_pos(q), point.radius, point.colour));
            if point.ring {
                shapes.push(Shape::circle_stroke(
                    to_pos(q),
                    point.radius + 4.0,
                    Stroke::new(1.5, point.colour),
                ));
            }
        }
        shapes.extend(self.label_shapes(projector, fonts, &segments, rect));
        let mut y = rect.top() + 6.0;
        for line in &self.caption {
            let galley = fonts.fonts_mut(|f| {
                f.layout_no_wrap(line.clone(), egui::FontId::proportional(13.0), text_colour)
            });
            let height = galley.size().y;
            shapes.push(Shape::galley(
                pos2(rect.left() + 8.0, y),
                galley,
                text_colour,
            ));
            y += height + 2.0;
        }
        shapes
    }

    /// Labels beside their points, each moved to the first place that overlaps no label placed
    /// before it, crosses none of `segments` (the lines drawn among the shapes) and stays in
    /// the `view`, else to the first that overlaps no label in the view, else to the first
    /// that overlaps no label; each on a plate of the view's background, so a line that
    /// cannot be avoided does not run through its letters.
    fn label_shapes(
        &self,
        projector: &Projector,
        fonts: &egui::Context,
        segments: &SegmentGrid,
        view: Rect,
    ) -> Vec<Shape> {
        let plate = fonts
            .global_style()
            .visuals
            .extreme_bg_color
            .gamma_multiply(PLATE_OPACITY);
        // The labels placed so far, by cell: the test of every pair was a quarter of a frame
        // with the 500 labels of a 1,000-face polytope.
        let mut placed: CellGrid<Rect> = CellGrid::new(view);
        let mut shapes = Vec::new();
        for label in &self.labels {
            let Some(q) = projector.project(label.at) else {
                continue;
            };
            let anchor = pos2(q.x, q.y);
            let galley = fonts.fonts_mut(|f| {
                f.layout_no_wrap(
                    label.text.clone(),
                    egui::FontId::proportional(14.0),
                    label.colour,
                )
            });
            let size = galley.size();
            let candidates = label_places(anchor, size);
            let free = |r: &Rect| !placed.any_near(*r, |p| p.intersects(*r));
            let inside = |r: &Rect| view.contains_rect(*r);
            let clear = |r: &Rect| !segments.crosses(*r);
            let place = candidates
                .iter()
                .find(|r| free(r) && inside(r) && clear(r))
                .or_else(|| candidates.iter().find(|r| free(r) && inside(r)))
                .or_else(|| candidates.iter().find(|r| free(r)))
                .copied()
                .unwrap_or(candidates[0]);
            placed.insert(place, place);
            shapes.push(Shape::rect_filled(place.expand(1.0), 2.0, plate));
            shapes.push(Shape::galley(place.min, galley, label.colour));
        }
        shapes
    }
}

/// Least brightness of a face seen edge-on: a headlight shades curved surfaces so they read
/// as round, while faces seen head-on keep their full colour.
const SHADE_FLOOR: f32 = 0.45;

/// `fill` darkened for a face whose normal makes cosine `facing` with the view direction.
fn shaded(fill: Color32, facing: f64) -> Color32 {
    let k = SHADE_FLOOR + (1.0 - SHADE_FLOOR) * (facing as f32).clamp(0.0, 1.0);
    let [r, g, b, a] = fill.to_array();
    // Rounded by adding a half before the cast's truncation: `round` is a call into libm,
    // once a channel of every triangle of every frame.
    let dim = |c: u8| (f32::from(c) * k + 0.5) as u8;
    Color32::from_rgba_premultiplied(dim(r), dim(g), dim(b), a)
}

/// Opacity of the plate under a label: the lines behind it still show, faintly.
const PLATE_OPACITY: f32 = 0.75;

/// Where a label of `size` may go around `anchor`: right-above first, then round about, then
/// farther out.
fn label_places(anchor: Pos2, size: egui::Vec2) -> Vec<Rect> {
    let g = LABEL_GAP;
    let mut places = Vec::new();
    for ring in 0..3 {
        let r = ring as f32 * (size.y + 2.0);
        for (dx, dy) in [
            (g, -size.y - g - r),
            (g, g + r),
            (-size.x - g, -size.y - g - r),
            (-size.x - g, g + r),
        ] {
            places.push(Rect::from_min_size(anchor + vec2(dx, dy), size));
        }
    }
    places
}

/// An arrow's head at `tip`, pointing away from `tail`.
fn arrow_head(tip: Pos2, tail: Pos2, colour: Color32, width: f32) -> Vec<Shape> {
    let along = tip - tail;
    let length = along.length();
    if length < 1.0 {
        return Vec::new();
    }
    let dir = along / length;
    let size = (8.0 + width * 2.0).min(length * 0.5);
    let side = vec2(-dir.y, dir.x) * size * 0.5;
    let base = tip - dir * size;
    vec![Shape::convex_polygon(
        vec![tip, base + side, base - side],
        colour,
        Stroke::NONE,
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::clip::segment_crosses;
    use crate::app::view3d::camera::OrbitCamera;

    /// What `paint` returns inside an egui frame (labels need its fonts).
    fn in_a_frame(paint: impl FnOnce(&egui::Context) -> Vec<Shape>) -> Vec<Shape> {
        let ctx = egui::Context::default();
        let mut paint = Some(paint);
        let mut shapes = Vec::new();
        let mut output = ctx.run_ui(Default::default(), |ui| {
            if let Some(paint) = paint.take() {
                shapes = paint(ui.ctx());
            }
        });
        output.textures_delta.clear();
        shapes
    }

    fn places_overlap(a: &[Rect]) -> bool {
        a.iter()
            .enumerate()
            .any(|(i, r)| a[i + 1..].iter().any(|s| r.intersects(*s)))
    }

    #[test]
    fn labels_on_one_point_do_not_overlap() {
        let mut d = Drawing3::default();
        for i in 0..4 {
            d.label(DVec3::ZERO, format!("p{i}"), Color32::WHITE);
        }
        let shapes = in_a_frame(|ctx| {
            let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
            let projector = Projector::new(&camera, (100.0, 100.0), 200.0);
            d.label_shapes(
                &projector,
                ctx,
                &SegmentGrid::new(Rect::EVERYTHING),
                Rect::EVERYTHING,
            )
        });
        let rects: Vec<Rect> = shapes
            .iter()
            .filter(|s| matches!(s, Shape::Text(_)))
            .map(|s| s.visual_bounding_rect())
            .collect();
        assert_eq!(rects.len(), 4);
        assert!(!places_overlap(&rects), "{rects:?}");
    }

    #[test]
    fn a_label_moves_off_a_line_through_its_first_place() {
        let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let projector = Projector::new(&camera, (100.0, 100.0), 200.0);
        let mut d = Drawing3::default();
        d.label(DVec3::ZERO, "p1", Color32::WHITE);
        let text_rect = |shapes: &[Shape]| {
            shapes
                .iter()
                .find(|s| matches!(s, Shape::Text(_)))
                .map(|s| s.visual_bounding_rect())
                .unwrap()
        };
        let free = text_rect(&in_a_frame(|ctx| {
            d.label_shapes(
                &projector,
                ctx,
                &SegmentGrid::new(Rect::EVERYTHING),
                Rect::EVERYTHING,
            )
        }));
        // A line straight through where the label would go.
        let through = [
            free.left_center() - vec2(20.0, 0.0),
            free.right_center() + vec2(20.0, 0.0),
        ];
        assert!(segment_crosses(through, free));
        let mut grid = SegmentGrid::new(Rect::EVERYTHING);
        grid.push(through);
        let moved = text_rect(&in_a_frame(|ctx| {
            d.label_shapes(&projector, ctx, &grid, Rect::EVERYTHING)
        }));
        assert!(
            !segment_crosses(through, moved),
            "{moved:?} still on the line"
        );
    }

    /// A dashed line from just in front of the eye projects to thousands of screens' length;
    /// only the part on screen is dashed, one shape per dash.
    #[test]
    fn a_dashed_line_is_dashed_only_on_screen() {
        let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let projector = Projector::new(&camera, (100.0, 100.0), 200.0);
        let rect = Rect::from_min_max(pos2(0.0, 0.0), pos2(200.0, 200.0));
        let eye = camera.eye();
        // Its near end a hair past the near plane, off to the side.
        let side = camera.basis().right;
        let near = eye + (DVec3::ZERO - eye) * 0.00101 + side;
        let mut d = Drawing3::default();
        d.dashed_line([near, DVec3::ZERO], Stroke::new(1.0, Color32::WHITE));
        let shapes = in_a_frame(|ctx| d.shapes(&projector, rect, ctx, Color32::WHITE));
        assert!(
            (5..200).contains(&shapes.len()),
            "{} shapes for one dashed line",
            shapes.len()
        );
    }

    #[test]
    fn triangles_are_drawn_far_to_near_with_back_faces_first() {
        let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let eye = camera.eye();
        let cube = Surface::hull(
            &(0..8)
                .map(|i| {
                    let s = |b: i32| if i & b == 0 { -1.0 } else { 1.0 };
                    DVec3::new(s(1), s(2), s(4))
                })
                .collect::<Vec<_>>(),
        );
        let mut d = Drawing3::default();
        let (back, front) = (Color32::RED, Color32::BLUE);
        d.surface(&cube, eye, back, Stroke::new(1.0, Color32::BLACK));
        for t in &mut d.triangles {
            if t.layer == Layer::Front {
                t.fill = front;
            }
        }
        d.triangle(
            [DVec3::ZERO, DVec3::X * 0.1, DVec3::Y * 0.1],
            Color32::GREEN,
        );
        assert_eq!(d.stats().triangles, 13);
        let shapes = in_a_frame(|ctx| {
            let projector = Projector::new(&camera, (100.0, 100.0), 200.0);
            d.shapes(&projector, Rect::ZERO, ctx, Color32::BLACK)
        });
        let meshes: Vec<&Mesh> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Mesh(m) => Some(&**m),
                _ => None,
            })
            .collect();
        assert_eq!(meshes.len(), 3, "back, inside, front");
        assert!(
            meshes[0]
                .vertices
                .iter()
                .all(|v| v.color.r() > 0 && v.color.b() == 0)
        );
        assert!(meshes[1].vertices.iter().all(|v| v.color == Color32::GREEN));
        assert!(meshes[2].vertices.iter().all(|v| v.color == front));
        assert_eq!(meshes[0].indices.len() + meshes[2].indices.len(), 36);
    }

    #[test]
    fn far_first_orders_depths_as_total_cmp_reversed() {
        let depths = [
            f64::NEG_INFINITY,
            -3.5,
            -1e-300,
            -0.0,
            0.0,
            5e-324,
            1e-9,
            1.0,
            1.0 + f64::EPSILON,
            7e12,
            f64::INFINITY,
        ];
        for a in depths {
            for b in depths {
                assert_eq!(
                    far_first(a).cmp(&far_first(b)),
                    b.total_cmp(&a),
                    "{a} against {b}"
                );
            }
        }
    }

    #[test]
    fn an_arrow_head_points_at_its_tip() {
        let head = arrow_head(pos2(10.0, 0.0), pos2(0.0, 0.0), Color32::RED, 1.0);
        let rect = head[0].visual_bounding_rect();
        assert!((rect.right() - 10.0).abs() < 1e-3 && rect.left() >= 5.0);
        assert!(arrow_head(pos2(0.0, 0.0), pos2(0.0, 0.0), Color32::RED, 1.0).is_empty());
    }
}
