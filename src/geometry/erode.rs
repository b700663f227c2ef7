//! Core shapes: a body shrunk by a margin (its erosion), for the core-shape penetration method.

use glam::DVec2;

use super::body::ConvexBody;
use super::hull::convex_hull;
use super::right_perp;

/// A body's core for the core-shape method, and how far its sides moved in to make it (in 2D
/// and 3D alike: a rounded shape gives up its own radius, any other shape the margin).
#[derive(Clone, Debug, PartialEq)]
pub struct Core<B = ConvexBody> {
    pub body: B,
    pub shrunk_by: f64,
}

impl ConvexBody {
    /// The body's core: a rounded shape (circle, capsule) gives up its own radius, shrinking to
    /// its centre or segment whatever the margin, so the depth from the cores is exact for them
    /// even when they are concentric; any other shape shrinks by `margin` ([`Self::eroded`]).
    pub fn core(&self, margin: f64) -> Option<Core> {
        match self {
            ConvexBody::Rounded { core, radius, .. } if *radius > 0.0 => Some(Core {
                body: ConvexBody::rounded(core.clone(), 0.0),
                shrunk_by: *radius,
            }),
            _ => self.eroded(margin).map(|body| Core {
                body,
                shrunk_by: margin,
            }),
        }
    }

    /// The body shrunk by `margin` on every side: the points at least `margin` inside it. None
    /// when nothing is left, or for an ellipse, whose shrunk shape is not an ellipse.
    ///
    /// A rounded shape first gives up its radius; what remains comes off its polygonal core, by
    /// clipping the core with each side moved inward.
    pub fn eroded(&self, margin: f64) -> Option<ConvexBody> {
        let ConvexBody::Rounded { core, radius, .. } = self else {
            return None;
        };
        if margin <= *radius {
            return Some(ConvexBody::rounded(core.clone(), radius - margin));
        }
        let inset = margin - radius;
        if core.len() < 3 {
            // A point or a segment has no inside to shrink into.
            return None;
        }
        let mut kept: Vec<DVec2> = core.clone();
        for i in 0..core.len() {
            let normal = right_perp(core[(i + 1) % core.len()] - core[i]).try_normalize()?;
            let limit = normal.dot(core[i]) - inset;
            kept = clip(&kept, normal, limit);
            if kept.is_empty() {
                return None;
            }
        }
        Some(ConvexBody::polygon(convex_hull(&kept)))
    }
}

/// The part of a convex polygon where `normal · p ≤ limit` (one Sutherland–Hodgman pass).
fn clip(polygon: &[DVec2], normal: DVec2, limit: f64) -> Vec<DVec2> {
    let mut out = Vec::with_capacity(polygon.len() + 1);
    for (i, &p) in polygon.iter().enumerate() {
        let q = polygon[(i + 1) % polygon.len()];
        let (dp, dq) = (normal.dot(p) - limit, normal.dot(q) - limit);
        if dp <= 0.0 {
            out.push(p);
        }
        if (dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0) {
            out.push(p + (q - p) * (dp / (dp - dq)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Body, Shape, SupportMap};

    fn body(shape: Shape) -> ConvexBody {
        ConvexBody::new(&Body::new(shape, DVec2::new(1.0, 2.0), 30.0))
    }

    #[test]
    fn a_circle_shrinks_its_radius() {
        let eroded = body(Shape::Circle { radius: 2.0 }).eroded(0.5).unwrap();
        let p = eroded.support(DVec2::X).point;
        assert!((p - DVec2::new(2.5, 2.0)).length() < 1e-12);
        assert!(body(Shape::Circle { radius: 2.0 }).eroded(2.5).is_none());
    }

    #[test]
    fn rounded_shapes_shrink_by_their_own_radius_to_their_core() {
        for margin in [0.1, 2.0, 5.0] {
            let core = body(Shape::Circle { radius: 2.0 }).core(margin).unwrap();
            assert_eq!(core.shrunk_by, 2.0);
            assert_eq!(
                core.body.polygon_vertices(),
                Some(&[DVec2::new(1.0, 2.0)][..])
            );
            let capsule = Shape::Capsule {
                half_length: 1.0,
                radius: 0.5,
            };
            let core = body(capsule).core(margin).unwrap();
            assert_eq!(core.shrunk_by, 0.5);
            assert_eq!(core.body.polygon_vertices().map(<[_]>::len), Some(2));
        }
        let square = Shape::Box {
            half_extents: DVec2::ONE,
        };
        assert_eq!(body(square).core(0.25).unwrap().shrunk_by, 0.25);
    }

    #[test]
    fn a_box_shrinks_each_side() {
        let b = ConvexBody::new(&Body::new(
            Shape::Box {
                half_extents: DVec2::new(2.0, 1.0),
            },
            DVec2::ZERO,
            0.0,
        ));
        let eroded = b.eroded(0.25).unwrap();
        let mut v = eroded.polygon_vertices().unwrap().to_vec();
        v.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
        let expected = [(-1.75, -0.75), (-1.75, 0.75), (1.75, -0.75), (1.75, 0.75)];
        for (p, (x, y)) in v.iter().zip(expected) {
            assert!((*p - DVec2::new(x, y)).length() < 1e-12, "{v:?}");
        }
        // Shrunk by its half height, the box leaves the segment between (−1, 0) and (1, 0).
        let segment = b.eroded(1.0).unwrap();
        let ends = segment.polygon_vertices().unwrap();
        assert_eq!(ends.len(), 2, "{ends:?}");
        assert!(
            ends.iter()
                .all(|p| p.y.abs() < 1e-12 && (p.x.abs() - 1.0).abs() < 1e-12)
        );
        assert!(b.eroded(1.5).is_none());
    }

    #[test]
    fn ellipses_and_segments_have_no_core() {
        assert!(
            body(Shape::Ellipse {
                radii: DVec2::new(2.0, 1.0)
            })
            .eroded(0.1)
            .is_none()
        );
        let segment = Shape::Segment {
            a: DVec2::ZERO,
            b: DVec2::X,
        };
        assert!(body(segment).eroded(0.1).is_none());
    }
}
