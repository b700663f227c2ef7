//! Attempts to settle the search on a flat face of A − B from three of its corners
//! ([`crate::algorithm3::flat_face`]).

use glam::DVec3;

use super::{KINK_ANGLE, Sample, Search};
use crate::algorithm3::flat_face::{CORNER_TILT, Corner, FaceCorners, WIDE_CORNER_TILT, Walk};
use crate::algorithm3::refined_contacts::on_face;
use crate::geometry3::SupportMap3;
use crate::trace::Recorder;
use crate::trace3::{Event3, Step3};

/// Corners looked for past an edge of the flat face's triangle before the attempt is given up
/// ([`FaceCorners::extend`]). One settled every bench pair that settles; a round face can take
/// more (the cap-to-cap lesson takes three). Where the origin's projection lies a fraction δ/R
/// of a round face's radius inside its rim, the walk halves the arc between its corners until
/// it is within √(8δ/R), about 7 steps at 1e-4. With 3, such faces failed attempt after
/// attempt, each the next evaluation started again (2,000 random cone–capsule pairs up to 252
/// evaluations, cylinder pairs 209; with 8, 73 and 35; 10 and 16 the same as 8).
const FACE_WALK_STEPS: u32 = 8;

impl<A, B, R, F> Search<'_, '_, A, B, R, F>
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
    F: Fn(f64) -> [f64; 2],
{
    /// Where three support points found apart surround the origin's projection on their plane,
    /// finds the face's corners again exactly, looks past an edge of their triangle that misses
    /// the projection for one more, and evaluates along the plane's normal: if the plane bounds
    /// A − B, that settles the search there (see [`flat_face`](crate::algorithm3::flat_face)),
    /// else the search goes on. A line search zig-zagging across a flat face's kinks is cut
    /// short by it, so it is tried after every evaluation; but not again at a normal within
    /// [`KINK_ANGLE`] of one that failed, whose corners, a rounding apart, fail the same way (a
    /// cone on a box: 13 attempts at one normal, four evaluations each).
    pub(super) fn try_flat_face(&mut self, n: DVec3) {
        if self.over() {
            return;
        }
        let Some(normal) = self.face.candidate(n) else {
            return;
        };
        if self
            .failed_face
            .is_some_and(|failed| (failed - normal).length() <= KINK_ANGLE)
        {
            return;
        }
        self.attempt_flat_face(normal);
        if !self.over() {
            self.failed_face = Some(normal);
        }
    }

    /// The attempt of [`Search::try_flat_face`] at the candidate `normal`: it ends the search
    /// (over) where the face bounds A − B.
    fn attempt_flat_face(&mut self, normal: DVec3) {
        // The corners found again along the candidate normal tilted toward each, exactly on
        // the face, give its plane to rounding. Where two of them came back as one point and
        // no triangle around the origin's projection was found, wider tilts look again, and
        // what they find is turned back onto the face: first along the candidate normal, which
        // leaves a rounded shape's points together and so their plane parallel to the face,
        // then along that plane's normal, the face's own.
        // Aimed before the first look's corners take the kept ones' place.
        let wide = self.face.toward_corners(normal, WIDE_CORNER_TILT);
        let Some((corners, size)) =
            self.probe_corners(self.face.toward_corners(normal, CORNER_TILT))
        else {
            return;
        };
        let Some(mut walk) = self.walk_around_origin(corners, normal, size) else {
            return;
        };
        if FaceCorners::crowded(&corners, size) && !matches!(walk, Walk::AroundOrigin(_)) {
            let Some((wider, wider_size)) = self.probe_corners(wide) else {
                return;
            };
            let pair = &*self.pair;
            let onto = |n: DVec3| wider.map(|c| on_face(pair, c, n));
            let plane = FaceCorners::plane_of(onto(normal).map(|c| c.v.w), normal);
            let corners = onto(plane.unwrap_or(normal));
            let Some(wider_walk) = self.walk_around_origin(corners, normal, size.max(wider_size))
            else {
                return;
            };
            walk = wider_walk;
        }
        if let Walk::AroundOrigin(mut normal) = walk {
            if let Some(tilted) = self.face.sliver_widening(normal) {
                self.widening = true;
                let s = self.probe_face(tilted);
                if self.over() {
                    return;
                }
                normal = self.face.widen(s.corner(), normal);
            }
            self.checking_face = true;
            self.probe_face(normal);
        }
    }

    /// The face's corners found again along the three `tilted` normals, and the size of their
    /// coordinates; None where the iteration limit falls among them.
    fn probe_corners(&mut self, tilted: [DVec3; 3]) -> Option<([Corner; 3], f64)> {
        let mut size: f64 = 0.0;
        let mut found = [Corner::default(); 3];
        for (corner, tilted) in found.iter_mut().zip(tilted) {
            if self.over() {
                return None;
            }
            let s = self.probe_face(tilted);
            size = size.max(s.size);
            *corner = s.corner();
        }
        Some((found, size))
    }

    /// From `corners` found again (coordinates of about `size`) on the face under the candidate
    /// `normal`, the walk past the edges that miss the origin's projection, as far as it goes;
    /// None where the iteration limit falls in it.
    fn walk_around_origin(
        &mut self,
        corners: [Corner; 3],
        normal: DVec3,
        mut size: f64,
    ) -> Option<Walk> {
        if self.over() {
            return None;
        }
        let mut walk = self.face.retake(corners, normal, size);
        for _ in 0..FACE_WALK_STEPS {
            let Walk::Beyond { tilted, toward } = walk else {
                break;
            };
            let s = self.probe_face(tilted);
            if self.over() {
                return None;
            }
            size = size.max(s.size);
            walk = self.face.extend(s.corner(), toward, size, s.tolerance);
        }
        Some(walk)
    }

    /// An evaluation on behalf of [`Search::try_flat_face`], recorded as such.
    fn probe_face(&mut self, n: DVec3) -> Sample {
        self.probe = Some(Event3::FlatFaceProbe);
        self.evaluate(n, 0.0, f64::INFINITY, &[])
    }
}
