//! Where the replay stands: the current step and the play clock. Free of egui so it tests plainly.

use crate::trace::{PhaseRun, Step};
use crate::trace3::Step3;

/// Slowest and fastest playing speeds, in steps per second.
pub const SPEED_RANGE: std::ops::RangeInclusive<f32> = 0.25..=8.0;
/// The speed a new replay plays at: slow enough to read the plots between steps.
pub const DEFAULT_SPEED: f32 = 1.0;

/// The position in a trace of `len` steps (at least one) and the play clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Playback {
    index: usize,
    len: usize,
    playing: bool,
    /// Steps per second while playing.
    speed: f32,
    /// While playing, the clock reading (seconds) at which the current step was reached; set
    /// by the first tick after Play, so the clock is read only in `tick`.
    since: Option<f64>,
}

impl Playback {
    /// At the first of `len` steps, paused. A trace always has a step; 0 is treated as 1.
    pub fn new(len: usize) -> Self {
        Playback {
            index: 0,
            len: len.max(1),
            playing: false,
            speed: DEFAULT_SPEED,
            since: None,
        }
    }

    /// The 0-based index of the current step.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many steps there are (at least one).
    pub fn step_count(&self) -> usize {
        self.len
    }

    pub fn is_first(&self) -> bool {
        self.index == 0
    }

    pub fn is_last(&self) -> bool {
        self.index + 1 == self.len
    }

    pub fn is_playing(&self) -> bool {
        self.playing
    }

    pub fn speed(&self) -> f32 {
        self.speed
    }

    /// The same replay over a re-run trace of `len` steps, standing at `index`; the speed is
    /// kept, playing stops.
    pub fn retarget(&mut self, len: usize, index: usize) {
        self.len = len.max(1);
        self.go_to(index);
    }

    /// A new speed counts from the next tick, so the current step is not cut short.
    pub fn set_speed(&mut self, speed: f32) {
        self.speed = speed.clamp(*SPEED_RANGE.start(), *SPEED_RANGE.end());
        self.since = None;
    }

    /// Goes to a step (clamped to the trace); a manual move pauses playing.
    pub fn go_to(&mut self, index: usize) {
        self.index = index.min(self.len - 1);
        self.playing = false;
        self.since = None;
    }

    pub fn next(&mut self) {
        self.go_to(self.index + 1);
    }

    pub fn prev(&mut self) {
        self.go_to(self.index.saturating_sub(1));
    }

    pub fn first(&mut self) {
        self.go_to(0);
    }

    pub fn last(&mut self) {
        self.go_to(self.len - 1);
    }

    /// Play from the current step, or from the start when already at the end; or pause.
    pub fn toggle_play(&mut self) {
        if self.playing {
            self.playing = false;
        } else {
            if self.is_last() {
                self.index = 0;
            }
            self.playing = self.len > 1;
            self.since = None;
        }
    }

    /// Follows the wall clock: `now` is a clock reading in seconds. Moves as many steps as
    /// the time since the current step was reached allows (so a frame that comes late, for
    /// want of input events or a busy machine, catches up); returns whether the step changed.
    /// Playing stops at the last step.
    pub fn tick(&mut self, now: f64) -> bool {
        if !self.playing {
            return false;
        }
        let period = 1.0 / f64::from(self.speed);
        let since = *self.since.get_or_insert(now);
        let due = ((now - since) / period).floor().max(0.0) as usize;
        let steps = due.min(self.len - 1 - self.index);
        if steps == 0 {
            return false;
        }
        self.index += steps;
        self.since = Some(since + steps as f64 * period);
        if self.is_last() {
            self.playing = false;
            self.since = None;
        }
        true
    }

    /// Seconds from `now` until the next step while playing, for scheduling the next repaint.
    pub fn time_to_next(&self, now: f64) -> Option<f64> {
        let period = 1.0 / f64::from(self.speed);
        self.playing.then(|| {
            self.since
                .map_or(period, |since| since + period - now)
                .max(0.0)
        })
    }
}

/// What the replay's relocation reads of a step, in 2D and 3D alike: the run of its phase and
/// its iteration.
pub trait Located {
    fn run(&self) -> PhaseRun;
    fn iteration(&self) -> u32;
}

impl Located for Step {
    fn run(&self) -> PhaseRun {
        Step::run(self)
    }
    fn iteration(&self) -> u32 {
        self.iteration
    }
}

impl Located for Step3 {
    fn run(&self) -> PhaseRun {
        PhaseRun {
            phase: self.phase,
            on_cores: self.on_cores,
        }
    }
    fn iteration(&self) -> u32 {
        self.iteration
    }
}

/// Where to stand in `new`, the steps of a re-run of `old` (the scene or its settings
/// changed), when the replay stood at step `index` of `old`:
/// - at the last step if it stood at the last one: the result is what the user watches there;
/// - else at the step of the same phase run (the phase, on the shapes or on the cores) and
///   iteration;
/// - else at the last iteration of that phase before it (or its first, if all come later);
/// - else, the phase being gone, at the same step number, as far as the new trace reaches.
pub fn relocate<S: Located>(old: &[S], index: usize, new: &[S]) -> usize {
    let last = new.len().saturating_sub(1);
    let Some(was) = old.get(index) else {
        return index.min(last);
    };
    if index + 1 == old.len() {
        return last;
    }
    let same_phase = || new.iter().enumerate().filter(|(_, s)| s.run() == was.run());
    same_phase()
        .filter(|(_, s)| s.iteration() <= was.iteration())
        .max_by_key(|(_, s)| s.iteration())
        .or_else(|| same_phase().min_by_key(|(_, s)| s.iteration()))
        .map_or(index.min(last), |(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::{Event, Phase, Trace};

    /// A trace whose steps have these phases and iterations; nothing else in it matters here.
    fn trace_of(steps: &[(Phase, u32)]) -> Trace {
        Trace {
            steps: steps
                .iter()
                .map(|&(phase, iteration)| Step::new(phase, iteration, &[], Event::FirstSupport))
                .collect(),
            result: crate::scene::default_scene().trace().result,
        }
    }

    const WORKED: &[(Phase, u32)] = &[
        (Phase::Gjk, 0),
        (Phase::Gjk, 1),
        (Phase::Gjk, 2),
        (Phase::Epa, 1),
        (Phase::Epa, 2),
        (Phase::Epa, 3),
    ];

    #[test]
    fn relocation_keeps_the_phase_and_iteration_when_they_still_exist() {
        let old = trace_of(WORKED);
        // GJK took one iteration more: EPA iteration 2 moved from step 5 to step 6.
        let new = trace_of(&[
            (Phase::Gjk, 0),
            (Phase::Gjk, 1),
            (Phase::Gjk, 2),
            (Phase::Gjk, 3),
            (Phase::Epa, 1),
            (Phase::Epa, 2),
            (Phase::Epa, 3),
            (Phase::Epa, 4),
        ]);
        assert_eq!(relocate(&old.steps, 4, &new.steps), 5);
        assert_eq!(relocate(&old.steps, 2, &new.steps), 2);
        assert_eq!(relocate(&old.steps, 0, &new.steps), 0);
    }

    #[test]
    fn relocation_falls_back_to_the_nearest_earlier_iteration_of_the_phase() {
        let old = trace_of(&[
            (Phase::Gjk, 0),
            (Phase::Gjk, 1),
            (Phase::Epa, 1),
            (Phase::Epa, 2),
            (Phase::Epa, 3),
            (Phase::Epa, 4),
            (Phase::Epa, 5),
        ]);
        let new = trace_of(&[
            (Phase::Gjk, 0),
            (Phase::Gjk, 1),
            (Phase::Epa, 0),
            (Phase::Epa, 1),
            (Phase::Epa, 2),
            (Phase::Gjk, 9),
        ]);
        assert_eq!(
            relocate(&old.steps, 4, &new.steps),
            4,
            "EPA 3 is gone: EPA 2"
        );
        let later = trace_of(&[(Phase::Gjk, 0), (Phase::Epa, 4), (Phase::Epa, 5)]);
        assert_eq!(
            relocate(&old.steps, 3, &later.steps),
            1,
            "only later iterations: the first"
        );
    }

    #[test]
    fn relocation_stays_on_the_result_and_clamps_a_vanished_phase() {
        let old = trace_of(WORKED);
        let longer = trace_of(&[
            (Phase::Gjk, 0),
            (Phase::Gjk, 1),
            (Phase::Gjk, 2),
            (Phase::Epa, 1),
            (Phase::Epa, 2),
            (Phase::Epa, 3),
            (Phase::Epa, 4),
        ]);
        assert_eq!(
            relocate(&old.steps, 5, &longer.steps),
            6,
            "at the result, still at the result"
        );
        let separated = trace_of(&[(Phase::Gjk, 0), (Phase::Distance, 1), (Phase::Distance, 2)]);
        assert_eq!(
            relocate(&old.steps, 4, &separated.steps),
            2,
            "no EPA any more"
        );
        assert_eq!(
            relocate(&old.steps, 1, &separated.steps),
            0,
            "GJK 1 is gone: GJK 0"
        );
        assert_eq!(
            relocate(&old.steps, 99, &separated.steps),
            2,
            "out of range is clamped"
        );
    }

    #[test]
    fn relocation_tells_the_run_on_the_cores_from_the_run_on_the_shapes() {
        use crate::algorithm::{InitialDirection, PenetrationMethod};
        use crate::geometry::{Body, Shape};
        use glam::DVec2;
        // A box and a circle overlapping: GJK on the shapes, then GJK and distance on the cores
        // (a smaller box, the circle's centre), whose iterations are numbered from 1 again.
        let mut scene = crate::scene::default_scene();
        scene.a = Body::new(
            Shape::Box {
                half_extents: DVec2::ONE,
            },
            DVec2::ZERO,
            0.0,
        );
        scene.b = Body::new(Shape::Circle { radius: 1.0 }, DVec2::new(1.5, 0.2), 0.0);
        scene.settings.penetration = PenetrationMethod::CoreShapes { margin: 0.5 };
        scene.settings.initial_direction = InitialDirection::CentreToCentre;
        let trace = scene.trace();
        let on_cores = trace
            .steps
            .iter()
            .position(|s| s.on_cores && s.phase == Phase::Gjk && s.iteration == 1)
            .expect("GJK runs on the cores");
        assert!(
            trace.steps[..on_cores]
                .iter()
                .any(|s| s.phase == Phase::Gjk && s.iteration == 1 && !s.on_cores),
            "GJK iteration 1 on the shapes comes first"
        );
        assert_eq!(relocate(&trace.steps, on_cores, &trace.steps), on_cores);
        let header = crate::app::header::position_text(&trace, on_cores);
        assert!(
            header.starts_with("GJK on the cores iteration 1 of "),
            "{header}"
        );
    }

    #[test]
    fn retarget_keeps_the_speed_and_clamps_the_step() {
        let mut p = Playback::new(5);
        p.set_speed(4.0);
        p.toggle_play();
        p.retarget(3, 7);
        assert_eq!((p.index(), p.step_count(), p.speed()), (2, 3, 4.0));
        assert!(!p.is_playing());
    }

    #[test]
    fn steps_stay_inside_the_trace() {
        let mut p = Playback::new(3);
        p.prev();
        assert_eq!(p.index(), 0);
        p.next();
        p.next();
        p.next();
        assert_eq!(p.index(), 2);
        assert!(p.is_last());
        p.first();
        assert!(p.is_first());
        p.last();
        assert_eq!(p.index(), 2);
        p.go_to(99);
        assert_eq!(p.index(), 2);
    }

    #[test]
    fn an_empty_trace_still_has_one_position() {
        let mut p = Playback::new(0);
        assert_eq!(p.step_count(), 1);
        p.next();
        assert_eq!(p.index(), 0);
        p.toggle_play();
        assert!(!p.is_playing(), "nothing to play with one step");
    }

    #[test]
    fn playing_follows_the_clock_and_stops_at_the_end() {
        let mut p = Playback::new(5);
        p.set_speed(2.0);
        p.toggle_play();
        assert!(p.is_playing());
        assert!(!p.tick(10.0), "the first tick starts the clock");
        assert_eq!(p.time_to_next(10.0), Some(0.5));
        assert!(!p.tick(10.3), "half a second per step at speed 2");
        assert!(p.time_to_next(10.3).is_some_and(|t| (t - 0.2).abs() < 1e-9));
        assert!(p.tick(10.5));
        assert_eq!(p.index(), 1);
        assert!(p.tick(11.6), "a late frame catches up with the clock");
        assert_eq!(p.index(), 3);
        assert!(p.tick(100.0), "but never past the end");
        assert_eq!(p.index(), 4);
        assert!(!p.is_playing(), "stops at the last step");
        assert!(!p.tick(101.0));
        assert_eq!(p.time_to_next(101.0), None);
    }

    #[test]
    fn play_at_the_end_restarts_and_a_manual_step_pauses() {
        let mut p = Playback::new(4);
        p.last();
        p.toggle_play();
        assert_eq!(p.index(), 0);
        assert!(p.is_playing());
        p.next();
        assert!(!p.is_playing());
        assert_eq!(p.index(), 1);
    }

    #[test]
    fn speed_is_clamped() {
        let mut p = Playback::new(2);
        p.set_speed(100.0);
        assert_eq!(p.speed(), *SPEED_RANGE.end());
        p.set_speed(0.0);
        assert_eq!(p.speed(), *SPEED_RANGE.start());
        p.toggle_play();
        assert!(p.time_to_next(0.0).is_some_and(|t| t <= 4.0));
    }
}
