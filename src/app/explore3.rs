//! The sweep panel and the comparison table on a 3D scene: their state, kept in the 3D view,
//! and the few calls the 3D window makes to show them where 2D shows them (the table under
//! the result, the sweep under the views, its switch above them).

use eframe::egui;
use glam::DVec3;

use super::compare_panel::{Comparison, compare_toggle_ui, compare_ui};
use super::palette::Palette;
use super::sweep_panel::{PANEL_HEIGHT, PanelSetup as _};
use super::sweep_panel3::{SweepAction3, SweepView3, sweep3_ui};
use crate::compare3::{compare3, contradiction3};
use crate::scene::Scene3;
use crate::sweep::SweepSample;
use crate::trace3::Outcome3;

/// The 3D scene's sweep panel (while open) and comparison.
#[derive(Default)]
pub struct Explore3 {
    sweep: Option<SweepView3>,
    comparison: Comparison<Scene3, DVec3>,
}

impl Explore3 {
    /// Opens the sweep panel on `scene` with its default sweep (or closes it).
    pub fn set_sweep_open(&mut self, scene: &Scene3, open: bool) {
        if open != self.sweep.is_some() {
            self.sweep = open.then(|| SweepView3::new(scene));
        }
    }

    /// The samples of the open sweep panel, as it plots them.
    pub fn sweep_samples(&self) -> Option<&[SweepSample]> {
        self.sweep.as_ref().and_then(|s| s.last_samples())
    }

    /// Where the sweep panel draws sample `i` in its signed-distance plot (tests click it).
    pub fn sweep_sample_on_screen(&self, i: usize) -> Option<egui::Pos2> {
        let view = self.sweep.as_ref()?;
        view.sample_on_screen(view.last_samples()?.get(i)?)
    }

    /// Where B of `scene` stands along the open sweep.
    pub fn sweep_offset_of(&self, scene: &Scene3) -> Option<f64> {
        self.sweep.as_ref()?.setup.offset_of(scene)
    }
}

/// The "Sweep B" switch, as above the 2D world plot.
pub fn sweep_toggle_ui(ui: &mut egui::Ui, explore: &mut Explore3, scene: &Scene3) {
    let mut open = explore.sweep.is_some();
    if ui
        .checkbox(&mut open, "Sweep B")
        .on_hover_text(
            "Move B along a line or turn it about an axis, and plot the answer at every pose",
        )
        .changed()
    {
        explore.set_sweep_open(scene, open);
    }
}

/// The "Compare methods" switch, the reference's contradiction of the result (at the last
/// step) and the table, under the 3D result.
pub fn compare3_area_ui(
    ui: &mut egui::Ui,
    explore: &mut Explore3,
    scene: &Scene3,
    result: &Outcome3,
    at_end: bool,
    show: &mut bool,
    palette: &Palette,
) {
    compare_toggle_ui(ui, show, "polytopes");
    if at_end
        && let Some(said) = explore
            .comparison
            .contradiction_with(scene, |scene| contradiction3(scene, result))
    {
        ui.label(egui::RichText::new(said).strong().color(palette.check));
    }
    if *show {
        ui.add_space(4.0);
        compare_ui(ui, explore.comparison.rows_with(scene, compare3), palette);
    }
}

/// The sweep panel along the bottom of `ui`, while open; the scene with B moved when a sample
/// was clicked.
pub fn sweep3_panel_ui(
    ui: &mut egui::Ui,
    explore: &mut Explore3,
    scene: &Scene3,
    palette: &Palette,
) -> Option<Scene3> {
    let view = explore.sweep.as_mut()?;
    let action = egui::Panel::bottom("sweep 3d")
        .resizable(true)
        .default_size(PANEL_HEIGHT)
        .size_range(160.0..=600.0)
        .show(ui, |ui| {
            ui.add_space(4.0);
            sweep3_ui(ui, view, scene, palette)
        })
        .inner;
    match action? {
        SweepAction3::Pose(position, rotation) => {
            let mut moved = scene.clone();
            moved.b.position = position;
            moved.b.rotation = rotation;
            ui.ctx().request_discard("B moved to a sweep sample");
            return Some(moved);
        }
        SweepAction3::Restart => explore.sweep = Some(SweepView3::new(scene)),
        SweepAction3::Close => explore.sweep = None,
    }
    None
}
