//! Every penetration method's answer on the scene's pair beside the scene's own, with the
//! separating-axis reference for polygon (and polytope) pairs, and how far each is from the
//! scene's method. The same table in 2D and 3D: generic over the normal's dimension.

use eframe::egui;
use egui::RichText;
use glam::{DVec2, DVec3};

use super::palette::Palette;
use crate::compare::{Answer, compare, contradiction};
use crate::format::{num, num_with};
use crate::scene::Scene;
use crate::trace::Outcome;

/// Decimals of the normals in the table; the differences carry the fine detail.
const NORMAL_DECIMALS: usize = 3;
/// Below this a difference is written in scientific notation, to two digits.
const SMALL_DIFFERENCE: f64 = 1e-3;

/// The comparison of the scene on screen (a 2D [`Scene`] or a 3D one, with normals `V`),
/// worked out again only when the scene changes.
pub struct Comparison<S = Scene, V = DVec2> {
    of: Option<S>,
    rows: Vec<Answer<V>>,
    /// The scene the reference was last checked against, and what it said.
    checked: Option<(S, Option<String>)>,
}

impl<S, V> Default for Comparison<S, V> {
    fn default() -> Self {
        Comparison {
            of: None,
            rows: Vec::new(),
            checked: None,
        }
    }
}

impl<S: Clone + PartialEq, V> Comparison<S, V> {
    /// The rows for `scene` as `compare` works them out: the scene's method first, the
    /// reference (if any) last.
    pub fn rows_with(
        &mut self,
        scene: &S,
        compare: impl FnOnce(&S) -> Vec<Answer<V>>,
    ) -> &[Answer<V>] {
        if self.of.as_ref() != Some(scene) {
            self.rows = compare(scene);
            self.of = Some(scene.clone());
        }
        &self.rows
    }

    /// What `check` says of `scene`: where the reference contradicts its result.
    pub fn contradiction_with(
        &mut self,
        scene: &S,
        check: impl FnOnce(&S) -> Option<String>,
    ) -> Option<&str> {
        if self.checked.as_ref().is_none_or(|(of, _)| of != scene) {
            self.checked = Some((scene.clone(), check(scene)));
        }
        self.checked.as_ref().and_then(|(_, said)| said.as_deref())
    }
}

impl Comparison {
    /// The rows for `scene`: the scene's method first, the reference (if any) last.
    pub fn rows(&mut self, scene: &Scene) -> &[Answer] {
        self.rows_with(scene, compare)
    }

    /// Where the separating-axis reference contradicts `result`, the outcome of `scene`.
    pub fn contradiction(&mut self, scene: &Scene, result: &Outcome) -> Option<&str> {
        self.contradiction_with(scene, |scene| contradiction(scene, result))
    }
}

/// A normal as the table shows it, in either dimension.
pub trait TableNormal: Copy {
    /// The components, for "(x, y)" or "(x, y, z)".
    fn components(self) -> Vec<f64>;
    /// The angle to another normal, in degrees, in [0, 180].
    fn degrees_to(self, other: Self) -> f64;
}

impl TableNormal for DVec2 {
    fn components(self) -> Vec<f64> {
        self.to_array().to_vec()
    }

    fn degrees_to(self, other: Self) -> f64 {
        self.angle_to(other).to_degrees().abs()
    }
}

impl TableNormal for DVec3 {
    fn components(self) -> Vec<f64> {
        self.to_array().to_vec()
    }

    fn degrees_to(self, other: Self) -> f64 {
        crate::sweep3::angle_between_degrees(self, other)
    }
}

/// The on/off switch of the table, beside the result.
pub fn compare_toggle_ui(ui: &mut egui::Ui, on: &mut bool, pair: &str) {
    ui.checkbox(on, "Compare methods").on_hover_text(format!(
        "Every penetration method on this pair, and the separating-axis answer for two \
         {pair}, with their differences from the scene's method"
    ));
}

/// A difference with its sign, short: "+0.3298", "-1.2e-16", "0".
fn signed(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else if x.abs() < SMALL_DIFFERENCE {
        format!("{x:+.1e}")
    } else {
        format!("{x:+.4}")
    }
}

/// The table: method, signed distance (negative: depth), normal, and each row's difference
/// from the first (the scene's method) in signed distance and in the normal's direction.
pub fn compare_ui<V: TableNormal>(ui: &mut egui::Ui, rows: &[Answer<V>], palette: &Palette) {
    let Some(own) = rows.first() else {
        return;
    };
    // A narrow panel scrolls the table sideways rather than cutting its last columns.
    egui::ScrollArea::horizontal().show(ui, |ui| table_ui(ui, own, rows, palette));
}

fn table_ui<V: TableNormal>(
    ui: &mut egui::Ui,
    own: &Answer<V>,
    rows: &[Answer<V>],
    palette: &Palette,
) {
    egui::Grid::new("compare methods")
        .num_columns(5)
        .striped(true)
        .spacing([10.0, 3.0])
        .show(ui, |ui| {
            let weak = |text: &str| RichText::new(text).color(palette.weak_text);
            ui.label(weak("method"));
            ui.label(weak("signed distance"))
                .on_hover_text("Distance when apart, minus the depth when overlapping");
            ui.label(weak("normal"));
            ui.label(weak("Δ"))
                .on_hover_text("Signed distance minus the scene method's");
            ui.label(weak("∠"))
                .on_hover_text("Angle between this normal and the scene method's, in degrees");
            ui.end_row();
            for (i, row) in rows.iter().enumerate() {
                ui.label(RichText::new(&row.method));
                ui.label(RichText::new(num(row.signed_distance)).monospace());
                let components: Vec<String> = row
                    .normal
                    .components()
                    .into_iter()
                    .map(|x| num_with(x, NORMAL_DECIMALS))
                    .collect();
                ui.label(RichText::new(format!("({})", components.join(", "))).monospace());
                if i == 0 {
                    ui.label("—");
                    ui.label("—");
                } else {
                    let angle = own.normal.degrees_to(row.normal);
                    ui.label(
                        RichText::new(signed(row.signed_distance - own.signed_distance))
                            .monospace(),
                    );
                    ui.label(RichText::new(format!("{}°", num_with(angle, 3))).monospace());
                }
                ui.end_row();
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    #[test]
    fn the_comparison_follows_the_scene() {
        let mut comparison = Comparison::default();
        let scene = default_scene();
        assert_eq!(comparison.rows(&scene), compare(&scene).as_slice());
        let mut moved = scene.clone();
        moved.b.position.x += 0.5;
        assert_eq!(comparison.rows(&moved), compare(&moved).as_slice());
        assert_eq!(signed(0.25), "+0.2500");
        assert_eq!(signed(-3.3e-16), "-3.3e-16");
        assert_eq!(signed(0.0), "0");
    }
}
