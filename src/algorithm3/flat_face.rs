//! A flat face of A − B under refinement's normal.
//!
//! Where the smallest height h lies on a flat face of A − B (two capsules crossing: each meets
//! the normal with a straight side), h has a corner there: it grows linearly whichever way the
//! normal turns. Line searches along −g then zig-zag across the kinks between the face's
//! corners, each turning the normal by less than the last (171 evaluations on the bundled
//! crossing capsules, with the normal still 9e-12 rad off). Three support points on the face
//! answer at once. Let N be the unit normal of their plane. If nothing of A − B lies beyond
//! that plane along N (one support evaluation along N says so), they are corners of the face
//! A − B shows along N. If the origin's projection on the plane lies in their triangle, then 0
//! is a convex combination of their offsets from N's line, so h rises along every turn of N:
//! N is where h is smallest, and the origin's projection is the contact.
//!
//! The three points come from EPA's closest face (or the distance phase's last triangle) when
//! it converged on a flat face, else from refinement's own evaluations. They are found again
//! exactly on the face by tilting N a hair toward each, which finds the face's corner farthest
//! that way: on a round face (a cylinder's cap) or a polygon, that can be another corner than
//! the one aimed at, and the new triangle can miss the projection; where N lies farther from the
//! face's normal than the hair, two or all three tilts reach the same rim point, and wider ones
//! look again ([`WIDE_CORNER_TILT`]). Then, as 2D GJK steps toward the origin, the edge the
//! projection lies beyond is kept and N tilted past it finds the face's corner farthest that
//! way: if even that corner does not reach past the projection, the projection lies outside
//! the face. The corners a walk closes in with can lie close together (a round face whose rim
//! passes near the projection), and their plane is then only as good as their rounding over
//! their triangle's width: the face's normal is taken from the widest triangle of the face
//! points found, widened by one more point across it if that is still a sliver.
//!
//! Frame: A − B relative to the bodies' positions, world axes, as the rest of refinement.

use glam::DVec3;

use super::difference::Vertex;

/// Support points closer than this fraction of the coordinates' size count as one corner.
/// Three corners this far apart whose plane passes the support test within rounding (16 ulps
/// of the size) lie on a surface whose radius of curvature is at least ~(0.01)²/(8 · 16 ulps),
/// some 10⁹ times the size: its plane's normal is within ~1e-12 rad of the surface's. Smaller
/// faces are left to the line searches.
const CORNER_SEPARATION: f64 = 1e-2;

/// A triangle of face points lower than this fraction of its longest side is a sliver: its
/// plane is known only to the points' rounding over its height, and a point across it is looked
/// for ([`FaceCorners::sliver_widening`]). A tenth keeps the plane within about ten times the
/// rounding of the widest one the face allows.
const SLIVER: f64 = 0.1;

/// How far (radians) the face's normal is turned toward a corner to find it again. Along it a
/// flat face's corner rises above the rest of the face by this fraction of their distance
/// (~1e-8 of the size, far above rounding), and a rounded shape's support sinks below the face
/// by only radius · tilt² / 2 (~5e-17 of the radius), below rounding.
pub(super) const CORNER_TILT: f64 = 1e-8;

/// How far (radians) the corners are looked for again where the first look, [`CORNER_TILT`]
/// toward each, found two or three of them at one point and no triangle around the origin's
/// projection: the candidate normal may lie farther than that from the face's, and every tilt
/// so small then reaches the same point of the face's rim (EPA's corners on a cylinder's
/// rounded rim, just below its cap, gave a plane 6.8e-6 rad off the cap's). EPA's normals on a
/// curve lie within about √(2·tol/R) of the surface's, 4.5e-5 at a tolerance of 1e-9 and R = 1,
/// and a tilt past the candidate's error reaches the corners aimed at. A rounded shape's points
/// found so lie beside the face by its radius times the tilt, and are turned back onto it
/// before their plane is taken (`super::refined_contacts::on_face`).
pub(super) const WIDE_CORNER_TILT: f64 = 1e-4;

/// A support point kept as a corner: the point of A − B with the points of A and B it came
/// from, and the unit direction it was found along.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Corner {
    pub v: Vertex,
    pub along: DVec3,
}

/// The last three support points refinement found apart from one another, most recent first:
/// once they are the face's corners, the origin's projection's weights over them give the
/// contact points.
#[derive(Default)]
pub(crate) struct FaceCorners {
    corners: [Corner; 3],
    count: usize,
    /// A corner came in since the last [`FaceCorners::candidate`].
    fresh: bool,
    /// The unit normal of the plane the last [`Walk::Beyond`] stepped in.
    plane: DVec3,
    /// More points of the face than the corners kept: those found again where the walk
    /// started ([`FaceCorners::retake`]), and one found to widen their plane's triangle
    /// ([`FaceCorners::widen`]). They span the face's plane where the corners around the
    /// origin's projection may lie close together.
    others: [DVec3; 4],
    other_count: usize,
    /// The smallest height of the widest triangle of face points, which the face's normal was
    /// fitted to ([`FaceCorners::widest_plane`]); 0 before one is fitted.
    fitted_height: f64,
}

/// What to do after corners were found again on a candidate face ([`FaceCorners::retake`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Walk {
    /// Their triangle holds the origin's projection on their plane, whose unit normal this is:
    /// check it against A − B.
    AroundOrigin(DVec3),
    /// The projection lies beyond two of them, in the unit direction `toward` (in their plane):
    /// look for the face's corner farthest that way, along the normal `tilted` toward it.
    Beyond { tilted: DVec3, toward: DVec3 },
    /// No triangle of the face's corners can be found around the projection.
    Stop,
}

impl FaceCorners {
    /// Keeps `w` as a corner (coordinates of about `size`): in place of the corner it lies
    /// near, else in place of the oldest. The latest point near a corner is kept because the
    /// normals converge: an early one may lie on a rounded corner next to the face, just below
    /// its plane (crossing capsules: 4e-13 below, which tilts the plane past rounding).
    pub fn see(&mut self, v: Corner, size: f64) {
        let apart = CORNER_SEPARATION * size;
        if let Some(near) = self.corners[..self.count]
            .iter_mut()
            .find(|c| (c.v.w - v.v.w).length() <= apart)
        {
            if near.v.w != v.v.w {
                *near = v;
                self.fresh = true;
            }
            return;
        }
        self.corners.rotate_right(1);
        self.corners[0] = v;
        self.count = (self.count + 1).min(3);
        self.fresh = true;
    }

    /// The unit normal of the corners' plane, on the side of `n`, when a corner came in since
    /// the last call and the origin's projection on that plane lies in their triangle.
    pub fn candidate(&mut self, n: DVec3) -> Option<DVec3> {
        if !std::mem::take(&mut self.fresh) || self.count < 3 {
            return None;
        }
        self.plane_around_origin(n)
    }

    /// The unit normal of the corners' plane, on the side of `n`, if the origin's projection on
    /// it lies in their triangle.
    fn plane_around_origin(&self, n: DVec3) -> Option<DVec3> {
        match self.triangle(n)? {
            (plane, None) => Some(plane),
            (_, Some(_)) => None,
        }
    }

    /// The unit normal of the three corners' plane, on the side of `n`, and an edge of their
    /// triangle that the origin's projection on the plane lies beyond, if any; None when the
    /// corners span no plane.
    fn triangle(&self, n: DVec3) -> Option<(DVec3, Option<[usize; 2]>)> {
        let [p, q, r] = self.corners.map(|c| c.v.w);
        let cross = (q - p).cross(r - p);
        let plane = facing(cross.try_normalize()?, n);
        let projection = plane * plane.dot(p);
        // Inside: on the inner side of each edge, going round as the cross product does.
        let outside = [[0, 1], [1, 2], [2, 0]].into_iter().find(|&[i, j]| {
            let (a, b) = (self.corners[i].v.w, self.corners[j].v.w);
            (b - a).cross(projection - a).dot(cross) < 0.0
        });
        Some((plane, outside))
    }

    /// `normal` turned by `tilt` ([`CORNER_TILT`], or [`WIDE_CORNER_TILT`]) toward each corner:
    /// along them the support points are the face's corners themselves, on its plane. The
    /// corners kept may have been found along normals far from the face's, where a rounded
    /// shape's support lies on the rounding just below the face (4e-13 on the crossing
    /// capsules), which tilts their plane.
    pub fn toward_corners(&self, normal: DVec3, tilt: f64) -> [DVec3; 3] {
        let projection = normal * normal.dot(self.corners[0].v.w);
        self.corners.map(|c| {
            let t = (c.v.w - projection)
                .reject_from_normalized(normal)
                .normalize_or_zero();
            tilted_by(normal, t, tilt)
        })
    }

    /// Whether two of the corners found again (coordinates of about `size`) lie at one point:
    /// on a round face, the tilts that found them may have been too small to leave it
    /// ([`WIDE_CORNER_TILT`]).
    pub fn crowded(found: &[Corner; 3], size: f64) -> bool {
        let apart = CORNER_SEPARATION * size;
        let [p, q, r] = found.map(|c| c.v.w);
        p.distance(q) <= apart || q.distance(r) <= apart || r.distance(p) <= apart
    }

    /// The unit normal, on the side of `n`, of the plane through three points; None where they
    /// span none.
    pub fn plane_of(points: [DVec3; 3], n: DVec3) -> Option<DVec3> {
        let [p, q, r] = points;
        Some(facing((q - p).cross(r - p).try_normalize()?, n))
    }

    /// Takes `corners` (found along [`FaceCorners::toward_corners`] of the candidate's unit
    /// normal `n`) in place of those kept, and says where they leave the origin's projection.
    /// Corners found again can coincide (a round face's rim, or two tilts reaching one corner
    /// of a polygon), and their triangle can miss the projection where the first one held it.
    pub fn retake(&mut self, corners: [Corner; 3], n: DVec3, size: f64) -> Walk {
        self.count = 0;
        for c in corners {
            self.see(c, size);
        }
        for (other, c) in self.others.iter_mut().zip(&self.corners[..self.count]) {
            *other = c.v.w;
        }
        self.other_count = self.count;
        self.fresh = false;
        self.walk(n)
    }

    /// After a [`Walk::Beyond`] found `w` along its tilted normal: `w` is the face's corner
    /// farthest along `toward`. If it reaches no farther than the origin's projection, the
    /// projection lies outside the face (or A − B has no face here); else it joins the two
    /// corners kept, and the walk goes on.
    pub fn extend(&mut self, v: Corner, toward: DVec3, size: f64, rounding: f64) -> Walk {
        let projection = self.plane * self.plane.dot(v.v.w);
        if toward.dot(v.v.w - projection) <= rounding {
            return Walk::Stop;
        }
        self.see(v, size);
        self.fresh = false;
        self.walk(self.plane)
    }

    /// The next step toward a triangle of corners around the origin's projection on their
    /// plane, as GJK steps toward the origin in two dimensions: from an edge (two corners)
    /// the projection lies beyond, look for the face's corner farthest past that edge.
    fn walk(&mut self, n: DVec3) -> Walk {
        let (edge, plane) = match self.count {
            2 => ([0, 1], n),
            3 => match self.triangle(n) {
                None => return Walk::Stop,
                Some((plane, None)) => return Walk::AroundOrigin(self.widest_plane(plane)),
                Some((plane, Some(edge))) => (edge, plane),
            },
            _ => return Walk::Stop,
        };
        let [a, b] = edge.map(|i| self.corners[i]);
        let projection = plane * plane.dot(a.v.w);
        // From the edge's line toward the projection, in the plane.
        let toward = (projection - a.v.w)
            .reject_from_normalized(plane)
            .reject_from(b.v.w - a.v.w)
            .normalize_or_zero();
        if toward == DVec3::ZERO {
            return Walk::Stop;
        }
        (self.corners, self.count, self.plane) = ([a, b, a], 2, plane);
        Walk::Beyond {
            tilted: tilted(plane, toward),
            toward,
        }
    }

    /// The widest triangle of face points at hand: the corners kept and the others. Where the
    /// origin's projection lies just inside a round face's rim, the walk closes in on it with
    /// corners ever closer together along the rim, and their triangle is a sliver whose plane
    /// the corners' rounding tilts by their rounding over its width (1e-13 rad on a rim 1e-3 of
    /// its radius outside the projection). Tilted toward the rim, the plane still passes the
    /// support test (the rim there is the face's farthest point that way), and the normal
    /// answers that far off.
    fn widest(&self) -> Option<[DVec3; 3]> {
        let mut points = [DVec3::ZERO; 7];
        let kept = self.corners[..self.count].iter().map(|c| c.v.w);
        let mut count = 0;
        for w in kept.chain(self.others[..self.other_count].iter().copied()) {
            points[count] = w;
            count += 1;
        }
        let points = &points[..count];
        let mut widest = None;
        let mut area = 0.0;
        for (i, &p) in points.iter().enumerate() {
            for (j, &q) in points.iter().enumerate().skip(i + 1) {
                for &r in &points[j + 1..] {
                    let twice = (q - p).cross(r - p).length_squared();
                    if twice > area {
                        (widest, area) = (Some([p, q, r]), twice);
                    }
                }
            }
        }
        widest
    }

    /// The unit normal, on the side of `n`, of the widest triangle of face points at hand; its
    /// smallest height (twice its area over its longest side) is kept for
    /// [`FaceCorners::bound_by`].
    fn widest_plane(&mut self, n: DVec3) -> DVec3 {
        let fitted = self.widest().and_then(|[p, q, r]| {
            let cross = (q - p).cross(r - p);
            let longest = (q - p).length().max((r - q).length()).max((p - r).length());
            Some((cross.try_normalize()?, cross.length() / longest))
        });
        // No fit (the points span no plane): `n` stands, with no tilt of its own to allow for.
        self.fitted_height = fitted.map_or(0.0, |(_, height)| height);
        facing(fitted.map_or(n, |(normal, _)| normal), n)
    }

    /// Where the widest triangle of face points is a sliver (its height over its longest side
    /// below [`SLIVER`]), the unit `normal` tilted across that side, away from the third point:
    /// the face's corner farthest that way widens it (on a round face near its rim, the far
    /// side of the rim).
    pub fn sliver_widening(&self, normal: DVec3) -> Option<DVec3> {
        let [p, q, r] = self.widest()?;
        let (a, b, c) = [(p, q, r), (q, r, p), (r, p, q)]
            .into_iter()
            .max_by(|x, y| (x.1 - x.0).length().total_cmp(&(y.1 - y.0).length()))?;
        let side = b - a;
        let across = normal.cross(side).normalize_or_zero();
        let height = across.dot(c - a);
        if height.abs() >= SLIVER * side.length() || across == DVec3::ZERO {
            return None;
        }
        Some(tilted(normal, across * -height.signum()))
    }

    /// Takes `v`, found along [`FaceCorners::sliver_widening`], as one more point of the face,
    /// and gives the unit normal (on the side of `n`) of the widest triangle of them all.
    pub fn widen(&mut self, v: Corner, n: DVec3) -> DVec3 {
        if self.other_count < self.others.len() {
            self.others[self.other_count] = v.v.w;
            self.other_count += 1;
        }
        self.widest_plane(n)
    }

    /// Whether the corners' plane, with unit normal `normal`, bounds A − B: the height along
    /// `normal` of `reach`, the support point there, is within rounding of each corner's.
    ///
    /// That is the points' own `rounding` δ, and where the normal was fitted to face points,
    /// the fit's: each point is known along the normal only to δ, so the plane through three
    /// of them, of smallest height h, can be turned by about 2δ/h, which moves heights a
    /// `lever` apart by 2δ · lever/h. On a round face the support point lies across the face
    /// from the corners (a fit 3e-15 rad off put them 3.5e-15 apart in height, twice δ, on a
    /// cap 1.1 across). The lever is counted up to h, so a plane is never allowed more than
    /// 3δ: a fit from a narrow triangle, tilted further, is left to the line searches.
    pub fn bound_by(&self, normal: DVec3, reach: DVec3, rounding: f64) -> bool {
        let height = reach.dot(normal);
        let fit = |lever: f64| {
            if self.fitted_height > 0.0 {
                2.0 * rounding * (lever / self.fitted_height).min(1.0)
            } else {
                0.0
            }
        };
        self.count == 3
            && self.corners.iter().all(|c| {
                let lever = (reach - c.v.w).reject_from_normalized(normal).length();
                height - c.v.w.dot(normal) <= rounding + fit(lever)
            })
    }

    /// The corners kept, once [`FaceCorners::bound_by`] found them corners of a face of A − B
    /// around the origin's projection.
    pub fn corners(&self) -> [Corner; 3] {
        self.corners
    }
}

/// `normal` or its opposite, whichever lies on the side of `n`: three points' cross product
/// turns with the order they come in.
fn facing(normal: DVec3, n: DVec3) -> DVec3 {
    if normal.dot(n) < 0.0 { -normal } else { normal }
}

/// The unit `normal` turned by [`CORNER_TILT`] toward the unit tangent `toward`: along it the
/// support point is the face's corner farthest that way.
fn tilted(normal: DVec3, toward: DVec3) -> DVec3 {
    tilted_by(normal, toward, CORNER_TILT)
}

/// The unit `normal` turned by about `angle` (radians, small) toward the unit tangent `toward`.
fn tilted_by(normal: DVec3, toward: DVec3, angle: f64) -> DVec3 {
    (normal + toward * angle).normalize()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A support point at `w` (A's point there, B's at its origin), found along y.
    fn corner(w: DVec3) -> Corner {
        Corner {
            v: Vertex {
                w,
                a: w,
                ..Vertex::default()
            },
            along: DVec3::Y,
        }
    }

    /// Corners of the square face y = 0.2, |x|, |z| ≤ 1 of a box around the origin.
    fn square(x: f64, z: f64) -> Corner {
        corner(point(x, z))
    }

    fn point(x: f64, z: f64) -> DVec3 {
        DVec3::new(x, 0.2, z)
    }

    #[test]
    fn three_corners_around_the_origin_give_their_plane_once() {
        let mut face = FaceCorners::default();
        for w in [square(1.0, -1.0), square(-1.0, 1.0)] {
            face.see(w, 1.0);
            assert_eq!(
                face.candidate(DVec3::Y),
                None,
                "only {} corners",
                face.count
            );
        }
        // Near a corner: it takes that corner's place, and still two corners.
        face.see(corner(point(1.0, -1.0) + DVec3::splat(1e-4)), 1.0);
        assert_eq!(face.candidate(DVec3::Y), None);
        face.see(square(1.0, -1.0), 1.0);
        face.see(square(1.0, 1.0), 1.0);
        // Facing like n, whichever way the corners go round.
        assert_eq!(face.candidate(DVec3::new(0.1, 1.0, 0.0)), Some(DVec3::Y));
        assert_eq!(face.candidate(DVec3::Y), None, "asked once per new corner");
        assert!(face.bound_by(DVec3::Y, point(0.3, 0.4), 1e-15));
        assert!(!face.bound_by(DVec3::Y, point(0.3, 0.4) + DVec3::Y * 1e-9, 1e-15));
    }

    #[test]
    fn corners_whose_triangle_misses_the_origin_give_nothing() {
        let mut face = FaceCorners::default();
        for w in [square(1.0, -1.0), square(1.0, 1.0), square(0.5, 0.0)] {
            face.see(w, 1.0);
        }
        assert_eq!(face.candidate(DVec3::Y), None);
        // Three corners on a line span no plane.
        let mut line = FaceCorners::default();
        for x in [-1.0, 0.0, 1.0] {
            line.see(square(x, 0.0), 1.0);
        }
        assert_eq!(line.candidate(DVec3::Y), None);
    }

    /// The corner of the face x ∈ [x_min, 1], |z| ≤ 1 on the plane y = 0.2 farthest along
    /// `toward`: what an evaluation along the normal tilted toward it finds.
    fn farthest(x_min: f64, toward: DVec3) -> Corner {
        [(1.0, 1.0), (1.0, -1.0), (x_min, 1.0), (x_min, -1.0)]
            .map(|(x, z)| square(x, z))
            .into_iter()
            .max_by(|p, q| toward.dot(p.v.w).total_cmp(&toward.dot(q.v.w)))
            .expect("four corners")
    }

    /// Walks from `corners` found again, over the face x ∈ [x_min, 1]: the last walk, and how
    /// many corners it looked for.
    fn walk_over(x_min: f64, corners: [Corner; 3]) -> (Walk, usize) {
        let mut face = FaceCorners::default();
        let mut walk = face.retake(corners, DVec3::Y, 1.0);
        let mut steps = 0;
        while let Walk::Beyond { tilted, toward } = walk {
            let projection = point(0.0, 0.0);
            assert!(toward.dot(DVec3::Y).abs() < 1e-15 && (tilted - DVec3::Y).length() < 2e-8);
            // From the edge kept, toward the projection.
            let [a, b] = [face.corners[0].v.w, face.corners[1].v.w];
            assert!(toward.dot(projection - a) > 0.0 && toward.dot(b - a).abs() < 1e-14);
            steps += 1;
            assert!(steps <= 4, "the walk goes on: {walk:?}");
            walk = face.extend(farthest(x_min, toward), toward, 1.0, 1e-15);
        }
        (walk, steps)
    }

    #[test]
    fn a_triangle_that_misses_the_origin_walks_to_one_around_it() {
        // The face x ∈ [−0.6, 1] (neither diagonal passes through the origin's projection,
        // (0, 0.2, 0)). The projection lies beyond the point (0.5, 0.2, 0): two corners past
        // the edges it lies beyond close a triangle around it.
        let corners = [square(1.0, -1.0), square(1.0, 1.0), square(0.5, 0.0)];
        assert_eq!(walk_over(-0.6, corners), (Walk::AroundOrigin(DVec3::Y), 2));
        // Two corners found again on one point (a round face's rim, or two tilts reaching the
        // same corner): from the segment they leave, one corner closes it.
        let corners = [square(1.0, 1.0), square(-0.6, -1.0), square(1.0, 1.0)];
        assert_eq!(walk_over(-0.6, corners), (Walk::AroundOrigin(DVec3::Y), 1));
    }

    #[test]
    fn a_face_that_does_not_reach_the_origin_stops_the_walk() {
        // The face x ∈ [0.5, 1]: its corners farthest toward the projection stop short of it.
        let corners = [square(1.0, -1.0), square(1.0, 1.0), square(0.5, 1.0)];
        assert_eq!(walk_over(0.5, corners), (Walk::Stop, 1));
    }

    /// A point of the rim of the unit disk on the plane y = 0.2 centred at x = −0.999: its rim
    /// passes 0.001 beyond the origin's projection (0, 0.2, 0).
    fn rim(angle: f64) -> Corner {
        corner(point(-0.999 + angle.cos(), angle.sin()))
    }

    #[test]
    fn corners_close_together_on_a_rim_are_widened_across_their_sliver() {
        let mut face = FaceCorners::default();
        // Around the projection, but all within 0.1 rad along the rim: a sliver 0.005 high.
        let walk = face.retake([rim(-0.1), rim(0.1), rim(0.0)], DVec3::Y, 1.0);
        let Walk::AroundOrigin(normal) = walk else {
            panic!("{walk:?}")
        };
        let tilted = face.sliver_widening(normal).expect("a sliver");
        // Across the longest side, away from the rim point between its ends: into the disk.
        assert!(tilted.x < -0.5 * CORNER_TILT && tilted.z.abs() < 1e-3 * CORNER_TILT);
        // The far side of the rim widens it: the plane is the face's, exactly.
        assert_eq!(face.widen(rim(std::f64::consts::PI), normal), DVec3::Y);
        // The corners around the projection stay, for the contact points' weights.
        assert_eq!(face.corners().map(|c| c.v.w.x > -0.01), [true; 3]);
    }

    #[test]
    fn a_fitted_plane_is_allowed_its_rounding_across_the_face_and_no_more() {
        let rounding = 1e-15;
        let corners = [square(1.0, -1.0), square(-1.0, -1.0), square(0.0, 1.0)];
        let raised = |x: f64, z: f64, times: f64| point(x, z) + DVec3::Y * (times * rounding);
        let mut fitted = FaceCorners::default();
        fitted.retake(corners, DVec3::Y, 1.0);
        // The fit's triangle is 1.79 high: a support point farther than that from every corner
        // may lie up to 3δ above them, no more.
        assert!(fitted.bound_by(DVec3::Y, raised(5.0, 0.0, 2.9), rounding));
        assert!(!fitted.bound_by(DVec3::Y, raised(5.0, 0.0, 3.1), rounding));
        // At a corner the fit's tilt moves nothing: δ there.
        assert!(fitted.bound_by(DVec3::Y, raised(0.0, 1.0, 0.9), rounding));
        assert!(!fitted.bound_by(DVec3::Y, raised(0.0, 1.0, 1.1), rounding));
        // Corners whose plane was not fitted are allowed their own rounding alone.
        let mut seen = FaceCorners::default();
        corners.into_iter().for_each(|c| seen.see(c, 1.0));
        assert!(seen.bound_by(DVec3::Y, raised(5.0, 0.0, 0.9), rounding));
        assert!(!seen.bound_by(DVec3::Y, raised(5.0, 0.0, 1.1), rounding));
    }

    #[test]
    fn a_wide_triangle_is_not_widened() {
        let mut face = FaceCorners::default();
        let corners = [square(1.0, -1.0), square(-1.0, -1.0), square(0.0, 1.0)];
        assert_eq!(
            face.retake(corners, DVec3::Y, 1.0),
            Walk::AroundOrigin(DVec3::Y)
        );
        assert_eq!(face.sliver_widening(DVec3::Y), None);
    }
}
