//! The sweep panel: B moved along a line (or turned) from deep overlap to clear separation, and
//! the answer at every pose plotted against the offset — signed distance, the normal's angle,
//! the iteration counts — with the jumps the motion cannot explain in red. Clicking a sample
//! moves B there, so its trace opens.
//!
//! The panel is the same in both dimensions: [`SweepPanel`] keeps the samples, [`results_ui`]
//! draws the plots, [`range_ui`] the range and buttons; a setup ([`SweepSetup`] here,
//! [`super::sweep_panel3::SweepSetup3`] in 3D) says how B moves.

use eframe::egui;
use egui::{DragValue, RichText};
use egui_plot::{
    AxisHints, HoverPosition, Legend, Line, MarkerShape, Plot, PlotPoints, PlotTransform, Points,
    VLine,
};
use glam::DVec2;

use super::manipulate::centre_and_reach;
use super::palette::Palette;
use super::plots::short_tick;
use super::shapes_panel::{decimals_for, drag_speed, field_text};
use crate::format::num_with;
use crate::scene::Scene;
use crate::sweep::{Motion, SWEEP_SAMPLES_MAX, Sweep, SweepSample, sweep};

/// Samples a new sweep takes.
const DEFAULT_SAMPLES: usize = 201;
/// Most samples the panel offers: each is a full query, run again whenever the scene changes.
const PANEL_SAMPLES_MAX: usize = 20_000;
/// How far past first contact a default line sweep goes, as a fraction of the way from deep
/// overlap to contact: clear separation.
const PAST_CONTACT: f64 = 0.25;
/// Height of the panel on first opening, in points.
pub const PANEL_HEIGHT: f32 = 250.0;
/// Smallest vertical range of the normal-angle plot, in degrees: a normal that only wavers by
/// rounding draws as the flat line it is, not as noise blown up to fill the plot.
const ANGLE_SPAN_MIN: f64 = 2.0;
/// Points between axis labels of the small sweep plots, from fading in to fully shown.
const AXIS_LABEL_SPACING: std::ops::RangeInclusive<f32> = 14.0..=22.0;
/// Smallest vertical range of the signed-distance plot, relative to its largest value.
const DISTANCE_SPAN_MIN: f64 = 1e-3;

/// Smallest horizontal range of the sweep's plots, relative to the offsets' size: a sweep of a
/// unit's length at 1e50 from the origin has offsets that round to one value, and a range of
/// width 0 is no range to draw.
const OFFSET_SPAN_MIN: f64 = 1e-9;

/// The smallest and largest of the finite `values`, if any.
fn value_range(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    let (low, high) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    (low <= high).then_some((low, high))
}

/// The plot with its vertical range grown to at least `span` around the values' middle.
fn at_least_span(
    plot: Plot<'static>,
    values: impl Iterator<Item = f64>,
    span: f64,
) -> Plot<'static> {
    let Some((low, high)) = value_range(values) else {
        return plot;
    };
    let middle = (low + high) * 0.5;
    plot.include_y(middle - span * 0.5)
        .include_y(middle + span * 0.5)
}

/// The plot with its horizontal range grown to at least [`OFFSET_SPAN_MIN`] of the offsets'
/// size around their middle.
fn at_least_offset_span(plot: Plot<'static>, samples: &[SweepSample]) -> Plot<'static> {
    let Some((low, high)) = value_range(samples.iter().map(|s| s.offset)) else {
        return plot;
    };
    let (middle, size) = ((low + high) * 0.5, low.abs().max(high.abs()));
    let half = (high - low).max(OFFSET_SPAN_MIN * size) * 0.5;
    plot.include_x(middle - half).include_x(middle + half)
}

/// A pose off the sweep's path by more than this (relative to the scene's size) is not marked
/// on the plots.
const ON_PATH: f64 = 1e-9;

/// How B moves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SweepMotion {
    /// Along a line at this angle (degrees from +x).
    Line { angle: f64 },
    /// Turning about B's position.
    Turn,
}

/// A sweep as the panel sets it up: the motion, its range, the samples, and the pose of B the
/// offsets start from.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSetup {
    pub motion: SweepMotion,
    pub from: f64,
    pub to: f64,
    pub samples: usize,
    pub anchor_position: DVec2,
    pub anchor_rotation: f64,
}

/// The offsets of a default line sweep: from where B's centre meets A's (deep overlap) to a
/// quarter beyond `contact`, the offset where B's lowest point along the line passes A's
/// highest.
pub(super) fn line_range(contact: f64, centres_meet: f64) -> (f64, f64) {
    let overlap = centres_meet.min(contact);
    let span = (contact - overlap).max(1e-9);
    (overlap, contact + PAST_CONTACT * span)
}

/// The direction from A's centre to B's: moving B along it separates them.
fn centre_line(scene: &Scene) -> DVec2 {
    let (a, b) = scene.bodies();
    let (centre_a, _) = centre_and_reach(&a.outline());
    let (centre_b, _) = centre_and_reach(&b.outline());
    (centre_b - centre_a).try_normalize().unwrap_or(DVec2::X)
}

fn angle_of(u: DVec2) -> f64 {
    u.y.atan2(u.x).to_degrees()
}

impl SweepSetup {
    /// The default sweep of `scene`'s B along `motion` from where B is: a line sweep from B's
    /// centre on A's (deep overlap) to a quarter beyond first contact; a turn once around.
    pub fn new(scene: &Scene, motion: SweepMotion) -> Self {
        let (from, to) = match motion {
            SweepMotion::Line { angle } => {
                let u = DVec2::from_angle(angle.to_radians());
                let (a, b) = scene.bodies();
                let (outline_a, outline_b) = (a.outline(), b.outline());
                let reach = |points: &[DVec2], sign: f64| {
                    points
                        .iter()
                        .map(|p| sign * p.dot(u))
                        .fold(f64::NEG_INFINITY, f64::max)
                };
                // B clears A once its lowest point along u passes A's highest.
                line_range(
                    reach(&outline_a, 1.0) + reach(&outline_b, -1.0),
                    (centre_and_reach(&outline_a).0 - centre_and_reach(&outline_b).0).dot(u),
                )
            }
            SweepMotion::Turn => (-180.0, 180.0),
        };
        SweepSetup {
            motion,
            from,
            to,
            samples: DEFAULT_SAMPLES,
            anchor_position: scene.b.position,
            anchor_rotation: scene.b.rotation,
        }
    }

    /// A line sweep along the centre line.
    pub fn along_centre_line(scene: &Scene) -> Self {
        Self::new(
            scene,
            SweepMotion::Line {
                angle: angle_of(centre_line(scene)),
            },
        )
    }

    fn sweep(&self) -> Sweep {
        Sweep {
            motion: match self.motion {
                SweepMotion::Line { angle } => Motion::Translate {
                    direction: DVec2::from_angle(angle.to_radians()),
                },
                SweepMotion::Turn => Motion::Rotate,
            },
            from: self.from,
            to: self.to,
            samples: self.samples,
        }
    }

    /// `scene` with B back at the pose the offsets start from.
    fn anchored(&self, scene: &Scene) -> Scene {
        let mut anchored = scene.clone();
        anchored.b.position = self.anchor_position;
        anchored.b.rotation = self.anchor_rotation;
        anchored
    }

    /// B's position and rotation at `offset`.
    pub fn pose_at(&self, offset: f64) -> (DVec2, f64) {
        match self.motion {
            SweepMotion::Line { angle } => (
                self.anchor_position + DVec2::from_angle(angle.to_radians()) * offset,
                self.anchor_rotation,
            ),
            SweepMotion::Turn => (self.anchor_position, self.anchor_rotation + offset),
        }
    }

    /// Where B of `scene` stands along the sweep, if it stands on its path.
    pub fn offset_of(&self, scene: &Scene) -> Option<f64> {
        let (position, rotation) = (scene.b.position, scene.b.rotation);
        let slack = ON_PATH * (1.0 + self.anchor_position.length() + position.length());
        let offset = match self.motion {
            SweepMotion::Line { angle } => {
                let u = DVec2::from_angle(angle.to_radians());
                let moved = position - self.anchor_position;
                let along = moved.dot(u);
                ((moved - u * along).length() <= slack && rotation == self.anchor_rotation)
                    .then_some(along)
            }
            SweepMotion::Turn => ((position - self.anchor_position).length() <= slack)
                .then_some(rotation - self.anchor_rotation),
        }?;
        let (low, high) = (self.from.min(self.to), self.from.max(self.to));
        (low..=high).contains(&offset).then_some(offset)
    }
}

/// What the panel needs of a sweep's setup, in either dimension.
pub trait PanelSetup: Clone + PartialEq {
    type Scene: Clone + PartialEq;
    /// The default sweep: B along the line from A's centre through its own.
    fn along_centre_line(scene: &Self::Scene) -> Self;
    /// `scene` with B back at the pose the offsets start from.
    fn anchored(&self, scene: &Self::Scene) -> Self::Scene;
    /// The samples of the sweep of an anchored scene.
    fn run(&self, anchored: &Self::Scene) -> Vec<SweepSample>;
    /// Where B of `scene` stands along the sweep, if it stands on its path.
    fn offset_of(&self, scene: &Self::Scene) -> Option<f64>;
    /// Along a line (offsets in scene units), else turning (degrees).
    fn is_line(&self) -> bool;
}

impl PanelSetup for SweepSetup {
    type Scene = Scene;

    fn along_centre_line(scene: &Scene) -> Self {
        SweepSetup::along_centre_line(scene)
    }

    fn anchored(&self, scene: &Scene) -> Scene {
        SweepSetup::anchored(self, scene)
    }

    fn run(&self, anchored: &Scene) -> Vec<SweepSample> {
        sweep(anchored, &self.sweep())
    }

    fn offset_of(&self, scene: &Scene) -> Option<f64> {
        SweepSetup::offset_of(self, scene)
    }

    fn is_line(&self) -> bool {
        matches!(self.motion, SweepMotion::Line { .. })
    }
}

/// The open sweep panel: its setup and the samples, worked out again only when the setup or
/// the scene (apart from B's pose, which the sweep sets) changes.
pub struct SweepPanel<S: PanelSetup> {
    pub setup: S,
    computed: Option<(S::Scene, S, Vec<SweepSample>)>,
    /// The signed-distance plot as last drawn, for finding a sample on screen.
    transform: Option<PlotTransform>,
}

/// The 2D sweep panel.
pub type SweepView = SweepPanel<SweepSetup>;

impl<S: PanelSetup> SweepPanel<S> {
    pub fn new(scene: &S::Scene) -> Self {
        SweepPanel {
            setup: S::along_centre_line(scene),
            computed: None,
            transform: None,
        }
    }

    /// The samples of the sweep of `scene`.
    pub fn samples(&mut self, scene: &S::Scene) -> &[SweepSample] {
        let anchored = self.setup.anchored(scene);
        let fresh = self
            .computed
            .as_ref()
            .is_some_and(|(s, setup, _)| *s == anchored && *setup == self.setup);
        if !fresh {
            let samples = self.setup.run(&anchored);
            self.computed = Some((anchored, self.setup.clone(), samples));
        }
        self.computed.as_ref().map_or(&[], |(_, _, s)| s)
    }

    /// The samples as last worked out.
    pub fn last_samples(&self) -> Option<&[SweepSample]> {
        self.computed.as_ref().map(|(_, _, s)| s.as_slice())
    }

    /// Where a sample sits on screen in the signed-distance plot as last drawn.
    pub fn sample_on_screen(&self, sample: &SweepSample) -> Option<egui::Pos2> {
        let t = self.transform.as_ref()?;
        Some(t.position_from_point(&egui_plot::PlotPoint::new(
            sample.offset,
            sample.signed_distance,
        )))
    }
}

/// What the user asked of the panel.
pub enum SweepAction {
    /// Move B to this pose (a sample was clicked).
    Pose(DVec2, f64),
    /// Start the sweep again from B's current pose.
    Restart,
    Close,
}

/// The panel: its settings on one line, the three plots below.
pub fn sweep_ui(
    ui: &mut egui::Ui,
    view: &mut SweepView,
    scene: &Scene,
    palette: &Palette,
) -> Option<SweepAction> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        action = setup_ui(ui, &mut view.setup, scene);
    });
    let picked = results_ui(ui, view, scene, palette);
    picked
        .map(|offset| {
            let (position, rotation) = view.setup.pose_at(offset);
            SweepAction::Pose(position, rotation)
        })
        .or(action)
}

/// The jumps in words and the three plots of the sweep of `scene`; the offset of the sample
/// clicked, if one was.
pub fn results_ui<S: PanelSetup>(
    ui: &mut egui::Ui,
    view: &mut SweepPanel<S>,
    scene: &S::Scene,
    palette: &Palette,
) -> Option<f64> {
    let current = view.setup.offset_of(scene);
    let samples = view.samples(scene).to_vec();
    let jumps = samples.iter().filter(|s| s.jump).count();
    if jumps > 0 {
        ui.label(
            RichText::new(format!(
                "{jumps} jump{} the motion cannot explain (red): the answer changed more \
                 than B moved",
                if jumps == 1 { "" } else { "s" }
            ))
            .color(palette.check),
        );
    }
    let width = (ui.available_width() - 2.0 * ui.spacing().item_spacing.x) / 3.0;
    let height = ui.available_height().max(80.0);
    let unit = if view.setup.is_line() {
        "offset"
    } else {
        "turn (°)"
    };
    let mut clicked = None;
    ui.horizontal(|ui| {
        let series = |f: fn(&SweepSample) -> f64| -> Vec<[f64; 2]> {
            samples.iter().map(|s| [s.offset, f(s)]).collect()
        };
        let largest = samples
            .iter()
            .fold(0.0_f64, |m, s| m.max(s.signed_distance.abs()));
        let distance = at_least_span(
            at_least_offset_span(
                sweep_plot("sweep distance", "signed distance", unit, [width, height]),
                &samples,
            ),
            samples.iter().map(|s| s.signed_distance),
            DISTANCE_SPAN_MIN * largest,
        );
        let response = distance.show(ui, |plot_ui| {
            plot_ui.line(
                Line::new(
                    "signed distance",
                    PlotPoints::new(series(|s| s.signed_distance)),
                )
                .color(palette.result)
                .width(2.0),
            );
            marks(plot_ui, &samples, |s| s.signed_distance, current, palette);
        });
        clicked = clicked.or(clicked_offset(&response));
        view.transform = Some(response.transform);

        let normal = at_least_span(
            at_least_offset_span(
                sweep_plot("sweep normal", "normal angle (°)", unit, [width, height]),
                &samples,
            ),
            samples.iter().map(|s| s.normal_angle),
            ANGLE_SPAN_MIN,
        );
        let response = normal.show(ui, |plot_ui| {
            plot_ui.points(
                Points::new("normal angle", PlotPoints::new(series(|s| s.normal_angle)))
                    .color(palette.closest_edge)
                    .radius(1.5),
            );
            marks(plot_ui, &samples, |s| s.normal_angle, current, palette);
        });
        clicked = clicked.or(clicked_offset(&response));

        let iterations = at_least_offset_span(
            sweep_plot("sweep iterations", "iterations", unit, [width, height]),
            &samples,
        )
        .legend(
            Legend::default()
                .position(egui_plot::Corner::LeftTop)
                .text_style(egui::TextStyle::Small),
        );
        let response = iterations.show(ui, |plot_ui| {
            for (name, colour, f) in [
                (
                    "GJK",
                    palette.phase(crate::trace::Phase::Gjk),
                    (|s: &SweepSample| f64::from(s.gjk_iterations)) as fn(&SweepSample) -> f64,
                ),
                (
                    "distance",
                    palette.phase(crate::trace::Phase::Distance),
                    |s| f64::from(s.distance_iterations),
                ),
                (
                    "penetration",
                    palette.phase(crate::trace::Phase::Epa),
                    |s| f64::from(s.epa_iterations),
                ),
            ] {
                plot_ui.line(Line::new(name, PlotPoints::new(series(f))).color(colour));
            }
            marks(
                plot_ui,
                &samples,
                |s| f64::from(s.gjk_iterations),
                current,
                palette,
            );
        });
        clicked = clicked.or(clicked_offset(&response));
    });
    let x = clicked?;
    samples
        .iter()
        .min_by(|p, q| (p.offset - x).abs().total_cmp(&(q.offset - x).abs()))
        .map(|nearest| nearest.offset)
}

/// The offset under the pointer when the plot was clicked.
fn clicked_offset<R>(response: &egui_plot::PlotResponse<R>) -> Option<f64> {
    if !response.response.clicked() {
        return None;
    }
    let pointer = response.response.interact_pointer_pos()?;
    Some(response.transform.value_from_position(pointer).x)
}

/// A small plot of one quantity against the offset: no panning or zooming (a click picks a
/// sample), bounds always fitted to the data.
fn sweep_plot(id: &str, title: &str, unit: &str, size: [f32; 2]) -> Plot<'static> {
    let (x_name, y_name) = (unit.to_string(), title.to_string());
    Plot::new(id)
        .width(size[0])
        .height(size[1])
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .auto_bounds(true)
        // egui_plot's default spacing thins a small plot's labels down to one ("0").
        .custom_x_axes(vec![
            AxisHints::new_x()
                .label(unit)
                .label_spacing(AXIS_LABEL_SPACING),
        ])
        .custom_y_axes(vec![
            AxisHints::new_y()
                .label(title)
                .label_spacing(AXIS_LABEL_SPACING),
        ])
        .x_axis_formatter(short_tick)
        .y_axis_formatter(short_tick)
        .label_formatter(move |hover| {
            let p = match hover {
                HoverPosition::NearDataPoint { position, .. }
                | HoverPosition::Elsewhere { position } => position,
            };
            Some(format!(
                "{x_name} {}\n{y_name} {}",
                num_with(p.x, 4),
                num_with(p.y, 4)
            ))
        })
}

/// The jumps as red rings, and the pose on screen as a line.
fn marks(
    plot_ui: &mut egui_plot::PlotUi<'_>,
    samples: &[SweepSample],
    value: fn(&SweepSample) -> f64,
    current: Option<f64>,
    palette: &Palette,
) {
    let jumps: Vec<[f64; 2]> = samples
        .iter()
        .filter(|s| s.jump)
        .map(|s| [s.offset, value(s)])
        .collect();
    if !jumps.is_empty() {
        plot_ui.points(
            Points::new("jump", PlotPoints::new(jumps))
                .shape(MarkerShape::Circle)
                .filled(false)
                .radius(5.0)
                .color(palette.check),
        );
    }
    if let Some(x) = current {
        plot_ui.vline(VLine::new("B now", x).color(palette.shape_b).width(1.5));
    }
}

/// The sweep's settings: motion, direction, range, samples; Restart and Close.
fn setup_ui(ui: &mut egui::Ui, setup: &mut SweepSetup, scene: &Scene) -> Option<SweepAction> {
    ui.label(RichText::new("Sweep B").strong());
    let line = matches!(setup.motion, SweepMotion::Line { .. });
    if ui.radio(line, "along a line").clicked() && !line {
        *setup = SweepSetup::along_centre_line(scene);
    }
    if ui.radio(!line, "turning").clicked() && line {
        *setup = SweepSetup::new(scene, SweepMotion::Turn);
    }
    if let SweepMotion::Line { angle } = &mut setup.motion {
        let label = ui.label("direction");
        let mut turned = *angle;
        ui.add(
            DragValue::new(&mut turned)
                .speed(0.5)
                .suffix("°")
                .max_decimals(3),
        )
        .labelled_by(label.id)
        .on_hover_text("The direction B moves in, in degrees from +x");
        if turned != *angle {
            let mut turned_setup = SweepSetup::new(scene, SweepMotion::Line { angle: turned });
            turned_setup.samples = setup.samples;
            *setup = turned_setup;
        }
        if ui
            .button("centre line")
            .on_hover_text("From A's centre through B's: the way that separates them")
            .clicked()
        {
            let samples = setup.samples;
            *setup = SweepSetup::along_centre_line(scene);
            setup.samples = samples;
        }
    }
    let anchor = format!(
        "offsets from B at ({}, {}), {}°; click a sample to move B there",
        num_with(setup.anchor_position.x, 3),
        num_with(setup.anchor_position.y, 3),
        num_with(setup.anchor_rotation, 3)
    );
    range_ui(
        ui,
        &mut setup.from,
        &mut setup.to,
        &mut setup.samples,
        &anchor,
    )
}

/// How far the range's fields move per point dragged, as a fraction of the range.
const RANGE_DRAG_FRACTION: f64 = 0.005;
/// The largest offset a sweep takes, in scene units or degrees: B stays within the numbers a
/// scene may hold (1e50), where the algorithms' squares neither overflow nor underflow.
const SWEEP_OFFSET_MAX: f64 = 1e49;

/// The range, the samples, Restart, where the offsets start from (`anchor`) and Close: the end
/// of the settings line in both dimensions.
pub fn range_ui(
    ui: &mut egui::Ui,
    from: &mut f64,
    to: &mut f64,
    samples: &mut usize,
    anchor: &str,
) -> Option<SweepAction> {
    let mut action = None;
    let speed = drag_speed(*to - *from, RANGE_DRAG_FRACTION);
    for (name, value) in [("from", from), ("to", to)] {
        let label = ui.label(name);
        ui.add(
            DragValue::new(value)
                .speed(speed)
                .range(-SWEEP_OFFSET_MAX..=SWEEP_OFFSET_MAX)
                .max_decimals(decimals_for(speed))
                .custom_formatter(field_text),
        )
        .labelled_by(label.id);
    }
    let label = ui.label("samples");
    ui.add(
        DragValue::new(samples)
            .range(2..=PANEL_SAMPLES_MAX.min(SWEEP_SAMPLES_MAX))
            .speed(1.0),
    )
    .labelled_by(label.id);
    if ui
        .button("Restart here")
        .on_hover_text("Sweep again from where B is now")
        .clicked()
    {
        action = Some(SweepAction::Restart);
    }
    ui.label(RichText::new(anchor).weak().small());
    if ui
        .button("Close")
        .on_hover_text("Close the sweep panel")
        .clicked()
    {
        action = Some(SweepAction::Close);
    }
    action
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Body, Shape};

    fn squares() -> Scene {
        let square = Shape::Box {
            half_extents: DVec2::ONE,
        };
        let mut scene = crate::scene::default_scene();
        scene.a = Body::new(square.clone(), DVec2::ZERO, 0.0);
        scene.b = Body::new(square, DVec2::new(1.5, 0.0), 0.0);
        scene
    }

    #[test]
    fn the_default_line_sweep_runs_from_centres_together_to_clear_separation() {
        let setup = SweepSetup::along_centre_line(&squares());
        assert_eq!(setup.motion, SweepMotion::Line { angle: 0.0 });
        // B's centre reaches A's at −1.5; the squares part at +0.5; a quarter of 2 beyond.
        assert!((setup.from + 1.5).abs() < 1e-12, "{}", setup.from);
        assert!((setup.to - 1.0).abs() < 1e-12, "{}", setup.to);
        assert_eq!(setup.pose_at(-1.5), (DVec2::ZERO, 0.0));
    }

    #[test]
    fn b_is_found_on_the_path_and_only_there() {
        let scene = squares();
        let setup = SweepSetup::along_centre_line(&scene);
        assert_eq!(setup.offset_of(&scene), Some(0.0));
        let mut moved = scene.clone();
        moved.b.position = setup.pose_at(0.75).0;
        assert!((setup.offset_of(&moved).unwrap() - 0.75).abs() < 1e-12);
        moved.b.position.y += 0.1;
        assert_eq!(setup.offset_of(&moved), None, "off the line");
        let turn = SweepSetup::new(&scene, SweepMotion::Turn);
        let mut turned = scene.clone();
        turned.b.rotation = 30.0;
        assert_eq!(turn.offset_of(&turned), Some(30.0));
    }

    #[test]
    fn the_samples_are_kept_while_only_b_moves_along_the_sweep() {
        let scene = squares();
        let mut view = SweepView::new(&scene);
        let first = view.samples(&scene).to_vec();
        assert_eq!(first.len(), DEFAULT_SAMPLES);
        let mut moved = scene.clone();
        moved.b.position.x += 0.3;
        assert_eq!(
            view.samples(&moved),
            first.as_slice(),
            "same anchor, same sweep"
        );
        moved.a.position.y += 0.3;
        assert_ne!(
            view.samples(&moved),
            first.as_slice(),
            "A moved: swept again"
        );
    }
}
