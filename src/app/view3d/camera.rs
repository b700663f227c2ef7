//! A turntable camera (yaw and pitch about a target, Y up) and its perspective projection onto
//! a screen rectangle. Plain math on glam vectors, so it tests without a window.

use glam::DVec3;
use serde::{Deserialize, Serialize};

use crate::edit3::Ray3;

/// Field of view across the view's shorter side, in radians (about 35°: little distortion, still a sense of depth).
const FOV_Y: f64 = 0.6;
/// The pitch stops short of straight up or down, where "right" would be undefined.
const PITCH_LIMIT: f64 = std::f64::consts::FRAC_PI_2 - 1e-3;
/// Radians turned per point dragged.
const ORBIT_SPEED: f64 = 0.01;
/// Points nearer the eye than this fraction of the distance are not drawn.
const NEAR: f64 = 1e-3;
/// A fitted ball fills this fraction less than the view's shorter side: a small margin.
const FIT_MARGIN: f64 = 1.05;
/// An edited scene is fitted again once its ball is this much larger than the ball the view
/// shows (a quarter of it beyond the view's edge), or smaller than `LOST_IN_VIEW` of it (lost
/// in a corner): small edits never make the view jump.
const OUT_OF_VIEW: f64 = 1.25;
const LOST_IN_VIEW: f64 = 0.25;
/// Closest and farthest the camera may get, as factors of the distance fitted to the scene.
const DISTANCE_LIMITS: (f64, f64) = (1e-3, 1e3);

/// Where the camera stands: on a sphere of radius `distance` about `target`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrbitCamera {
    pub target: DVec3,
    /// Turn about the vertical (Y) axis, radians; 0 looks along −Z.
    pub yaw: f64,
    /// Elevation above the horizontal, radians.
    pub pitch: f64,
    pub distance: f64,
    /// The distance fitted to the scene, which zooming stays within a range of.
    fitted: f64,
}

/// What of the 3D views is remembered with the window between runs, not in the scene: the
/// way they look, whether they turn together, whether the A − B view follows the step.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CameraPrefs {
    pub yaw: f64,
    pub pitch: f64,
    pub linked: bool,
    pub follow_step: bool,
}

/// The camera's axes in the world: right, up, and forward (from the eye to the target).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Basis {
    pub right: DVec3,
    pub up: DVec3,
    pub forward: DVec3,
}

impl OrbitCamera {
    /// An isometric view of a ball of `radius` about `centre`, the whole ball in view.
    pub fn fit(centre: DVec3, radius: f64) -> Self {
        let radius = if radius.is_finite() && radius > 0.0 {
            radius
        } else {
            1.0
        };
        let centre = if centre.is_finite() {
            centre
        } else {
            DVec3::ZERO
        };
        let distance = radius / (FOV_Y * 0.5).sin() * FIT_MARGIN;
        let mut camera = OrbitCamera {
            target: centre,
            yaw: 0.0,
            pitch: 0.0,
            distance,
            fitted: distance,
        };
        camera.look_along(DVec3::new(-1.0, -1.0, -1.0));
        camera
    }

    /// Whether the view still frames a ball of `radius` about `centre` after an edit: not
    /// far out of view, not lost in it (see `OUT_OF_VIEW`, `LOST_IN_VIEW`).
    pub fn frames(&self, centre: DVec3, radius: f64) -> bool {
        // The radius of the ball about the target that a fit would give this distance.
        let shown = self.distance * (FOV_Y * 0.5).sin() / FIT_MARGIN;
        let reach = (centre - self.target).length() + radius;
        reach <= shown * OUT_OF_VIEW && radius >= shown * LOST_IN_VIEW
    }

    /// Unit vector from the target to the eye.
    fn backward(&self) -> DVec3 {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        DVec3::new(cp * sy, sp, cp * cy)
    }

    pub fn eye(&self) -> DVec3 {
        self.target + self.backward() * self.distance
    }

    pub fn basis(&self) -> Basis {
        let forward = -self.backward();
        let right = forward.cross(DVec3::Y).normalize_or(DVec3::X);
        Basis {
            right,
            up: right.cross(forward),
            forward,
        }
    }

    /// Turns the camera to look along `direction` at the same target (a preset, or "look
    /// along n"); a zero direction changes nothing.
    pub fn look_along(&mut self, direction: DVec3) {
        let back = -direction.normalize_or_zero();
        if back == DVec3::ZERO || !back.is_finite() {
            return;
        }
        self.pitch = back
            .y
            .clamp(-1.0, 1.0)
            .asin()
            .clamp(-PITCH_LIMIT, PITCH_LIMIT);
        // Straight up or down has no yaw of its own: keep the one there is.
        if back.x.hypot(back.z) > 1e-9 {
            self.yaw = back.x.atan2(back.z);
        }
    }

    /// Turns to `yaw` and `pitch` (radians; the pitch kept short of straight up or down).
    pub fn turn_to(&mut self, yaw: f64, pitch: f64) {
        if yaw.is_finite() && pitch.is_finite() {
            self.yaw = yaw;
            self.pitch = pitch.clamp(-PITCH_LIMIT, PITCH_LIMIT);
        }
    }

    /// Turns about the target by a drag of (dx, dy) points.
    pub fn orbit(&mut self, dx: f32, dy: f32) {
        self.yaw -= f64::from(dx) * ORBIT_SPEED;
        self.pitch = (self.pitch + f64::from(dy) * ORBIT_SPEED).clamp(-PITCH_LIMIT, PITCH_LIMIT);
    }

    /// Moves toward the target (factor < 1) or away (factor > 1).
    pub fn zoom(&mut self, factor: f64) {
        if factor.is_finite() && factor > 0.0 {
            let (near, far) = DISTANCE_LIMITS;
            self.distance = (self.distance * factor).clamp(self.fitted * near, self.fitted * far);
        }
    }

    /// Slides the target so the scene follows a drag of (dx, dy) points in a view whose field
    /// of view spans `span` points.
    pub fn pan(&mut self, dx: f32, dy: f32, span: f32) {
        let per_point = self.world_per_point(span);
        let basis = self.basis();
        self.target += (-basis.right * f64::from(dx) + basis.up * f64::from(dy)) * per_point;
    }

    /// World units per screen point at the target's depth.
    fn world_per_point(&self, span: f32) -> f64 {
        2.0 * self.distance * (FOV_Y * 0.5).tan() / f64::from(span.max(1.0))
    }
}

/// A point on screen and its depth along the camera's forward axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projected {
    pub x: f32,
    pub y: f32,
    pub depth: f64,
}

/// Perspective projection of one camera into a screen rectangle (y down, points).
#[derive(Clone, Copy, Debug)]
pub struct Projector {
    eye: DVec3,
    basis: Basis,
    centre: (f64, f64),
    /// Screen points per unit of (sideways offset / depth).
    focal: f64,
    near: f64,
}

impl Projector {
    /// For a screen rectangle with this centre, whose field of view spans `span` points.
    pub fn new(camera: &OrbitCamera, centre: (f32, f32), span: f32) -> Self {
        Projector {
            eye: camera.eye(),
            basis: camera.basis(),
            centre: (f64::from(centre.0), f64::from(centre.1)),
            focal: f64::from(span.max(1.0)) * 0.5 / (FOV_Y * 0.5).tan(),
            near: camera.distance * NEAR,
        }
    }

    /// Where `p` lands on screen; None behind (or too near) the eye.
    pub fn project(&self, p: DVec3) -> Option<Projected> {
        let q = p - self.eye;
        let depth = q.dot(self.basis.forward);
        if depth.is_nan() || depth <= self.near {
            return None;
        }
        let x = self.centre.0 + self.focal * q.dot(self.basis.right) / depth;
        let y = self.centre.1 - self.focal * q.dot(self.basis.up) / depth;
        (x.is_finite() && y.is_finite()).then_some(Projected {
            x: x as f32,
            y: y as f32,
            depth,
        })
    }

    pub fn eye(&self) -> DVec3 {
        self.eye
    }

    pub fn basis(&self) -> Basis {
        self.basis
    }

    /// The ray from the eye through the screen point (x, y): every point it passes projects
    /// there (the inverse of [`Self::project`]).
    pub fn ray(&self, x: f32, y: f32) -> Ray3 {
        let sideways = (f64::from(x) - self.centre.0) / self.focal;
        let upward = (self.centre.1 - f64::from(y)) / self.focal;
        Ray3 {
            origin: self.eye,
            direction: self.basis.forward + self.basis.right * sideways + self.basis.up * upward,
        }
    }

    /// World units per screen point for things at `depth` in front of the eye.
    pub fn world_per_point(&self, depth: f64) -> f64 {
        depth / self.focal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: DVec3, b: DVec3) -> bool {
        (a - b).length() < 1e-9
    }

    #[test]
    fn the_target_projects_to_the_centre_of_the_screen() {
        let camera = OrbitCamera::fit(DVec3::new(1.0, 2.0, 3.0), 2.0);
        let p = Projector::new(&camera, (400.0, 300.0), 600.0);
        let t = p.project(camera.target).unwrap();
        assert!((t.x - 400.0).abs() < 1e-3 && (t.y - 300.0).abs() < 1e-3);
        assert!((t.depth - camera.distance).abs() < 1e-9);
    }

    #[test]
    fn a_fitted_view_frames_its_ball_until_it_leaves_or_shrinks_away() {
        let centre = DVec3::new(10.0, -4.0, 3.0);
        let camera = OrbitCamera::fit(centre, 2.0);
        assert!(camera.frames(centre, 2.0));
        assert!(camera.frames(centre + DVec3::X * 0.4, 2.0), "a small move");
        assert!(
            !camera.frames(centre + DVec3::X * 1.5, 2.0),
            "a quarter out of view"
        );
        assert!(!camera.frames(centre, 3.0), "grown past the view");
        assert!(!camera.frames(centre, 0.4), "lost in it");
    }

    #[test]
    fn the_ray_through_a_projected_point_passes_through_the_point() {
        let mut camera = OrbitCamera::fit(DVec3::new(5.0, -3.0, 2.0), 1.5);
        camera.orbit(37.0, -12.0);
        let p = Projector::new(&camera, (300.0, 200.0), 400.0);
        for point in [
            DVec3::new(5.3, -2.1, 2.4),
            DVec3::new(4.0, -3.5, 1.0),
            camera.target,
        ] {
            let on_screen = p.project(point).unwrap();
            let ray = p.ray(on_screen.x, on_screen.y);
            let miss = (point - ray.origin)
                .cross(ray.direction.normalize())
                .length();
            assert!(miss < 1e-5 * on_screen.depth, "{miss}");
            // One point sideways at that depth is world_per_point away.
            let beside = p.project(point + p.basis().right * p.world_per_point(on_screen.depth));
            assert!((beside.unwrap().x - on_screen.x - 1.0).abs() < 1e-3);
        }
    }

    #[test]
    fn right_and_up_go_right_and_up_on_screen_and_behind_is_hidden() {
        let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let basis = camera.basis();
        let p = Projector::new(&camera, (0.0, 0.0), 100.0);
        assert!(p.project(basis.right).unwrap().x > 0.0);
        assert!(p.project(basis.up).unwrap().y < 0.0, "screen y points down");
        assert!(p.project(camera.eye() - basis.forward).is_none());
        assert!(close(basis.right.cross(basis.up), -basis.forward));
    }

    #[test]
    fn a_fitted_ball_stays_on_screen() {
        let camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let p = Projector::new(&camera, (0.0, 0.0), 100.0);
        for d in [
            DVec3::X,
            DVec3::Y,
            DVec3::Z,
            -DVec3::X,
            -DVec3::Y,
            -DVec3::Z,
        ] {
            let q = p.project(d).unwrap();
            assert!(q.x.abs() < 50.0 && q.y.abs() < 50.0, "{d} → {q:?}");
        }
    }

    #[test]
    fn looking_along_a_direction_makes_it_forward() {
        let mut camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        for d in [DVec3::X, -DVec3::Z, DVec3::new(1.0, -2.0, 0.5).normalize()] {
            camera.look_along(d);
            assert!(close(camera.basis().forward, d), "{d}");
        }
        let before = camera;
        camera.look_along(DVec3::ZERO);
        assert_eq!(camera, before);
        camera.look_along(-DVec3::Y);
        assert!(
            camera.basis().forward.dot(-DVec3::Y) > 0.999,
            "nearly straight down"
        );
        assert!(camera.basis().right.is_finite());
    }

    #[test]
    fn orbit_zoom_and_pan_move_the_camera_and_keep_it_sane() {
        let mut camera = OrbitCamera::fit(DVec3::ZERO, 1.0);
        let start = camera;
        camera.orbit(50.0, 0.0);
        assert!(camera.yaw != start.yaw && camera.pitch == start.pitch);
        camera.orbit(0.0, 1e6);
        assert!(camera.pitch <= PITCH_LIMIT);
        camera.zoom(0.5);
        assert!((camera.distance - start.distance * 0.5).abs() < 1e-12);
        camera.zoom(1e-30);
        assert!(camera.distance > 0.0);
        camera.zoom(f64::NAN);
        assert!(camera.distance.is_finite());
        let before = camera.target;
        camera.pan(10.0, 0.0, 500.0);
        assert!(camera.target != before);
        assert!(
            (camera.target - before).dot(camera.basis().right) < 0.0,
            "drag right, scene follows"
        );
    }

    #[test]
    fn a_fit_of_nonsense_still_makes_a_camera() {
        let camera = OrbitCamera::fit(DVec3::NAN, f64::INFINITY);
        assert!(camera.eye().is_finite());
    }
}
