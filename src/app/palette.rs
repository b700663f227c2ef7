//! The app's colours, one place for all of them so the plots, the legend and the panels agree.

use eframe::egui;
use egui::Color32;

use crate::trace::Phase;

/// Colours for one theme. Fills are the outline colours made translucent.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub shape_a: Color32,
    pub shape_b: Color32,
    pub difference: Color32,
    pub support: Color32,
    pub removed: Color32,
    pub direction: Color32,
    pub next_direction: Color32,
    pub closest_edge: Color32,
    pub check: Color32,
    pub result: Color32,
    pub origin: Color32,
    pub text: Color32,
    pub weak_text: Color32,
    pub dark: bool,
}

impl Palette {
    pub fn new(dark: bool) -> Self {
        // Light backgrounds take deeper tones, dark ones brighter tones of the same hues.
        let pick = |light: (u8, u8, u8), dark_tone: (u8, u8, u8)| {
            let (r, g, b) = if dark { dark_tone } else { light };
            Color32::from_rgb(r, g, b)
        };
        Palette {
            shape_a: pick((37, 99, 235), (96, 165, 250)),
            shape_b: pick((22, 150, 75), (74, 222, 128)),
            difference: pick((100, 100, 110), (160, 160, 170)),
            support: pick((220, 20, 100), (255, 80, 150)),
            removed: pick((120, 120, 120), (150, 150, 150)),
            direction: pick((20, 20, 20), (235, 235, 235)),
            next_direction: pick((130, 130, 130), (140, 140, 140)),
            closest_edge: pick((214, 150, 0), (250, 204, 21)),
            check: pick((200, 30, 30), (255, 110, 100)),
            result: pick((190, 0, 190), (240, 110, 240)),
            origin: pick((0, 0, 0), (255, 255, 255)),
            text: pick((20, 20, 20), (230, 230, 230)),
            weak_text: pick((90, 90, 90), (170, 170, 170)),
            dark,
        }
    }

    /// The phase's colour: the header badge and the simplex or polytope in the plot.
    pub fn phase(&self, phase: Phase) -> Color32 {
        let (light, dark) = match phase {
            Phase::Gjk => ((124, 58, 237), (167, 139, 250)),
            Phase::Distance => ((8, 145, 178), (34, 211, 238)),
            Phase::Epa => ((234, 88, 12), (251, 146, 60)),
            Phase::Sampling => ((190, 24, 93), (244, 114, 182)),
            Phase::CoreShapes => ((77, 124, 15), (163, 230, 53)),
            Phase::Refinement => ((180, 83, 9), (251, 191, 36)),
        };
        let (r, g, b) = if self.dark { dark } else { light };
        Color32::from_rgb(r, g, b)
    }
}
