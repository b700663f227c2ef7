//! How the window shows the scene, apart from the scene itself: what the plots were asked to
//! show and last showed, "Zoom to step", the step panel's scroll and the window title.

use super::loaded::Bounds;
use super::plots::ViewRequest;
use super::view3d::CameraPrefs;

pub struct Views {
    /// What the world and the A − B plot should show on the next frame, when asked.
    pub requests: [Option<ViewRequest>; 2],
    /// "Zoom to step": the A − B plot follows each step with a close-up.
    pub follow_step: bool,
    /// The step the plots last showed, to notice a step change while following.
    pub shown_index: Option<usize>,
    /// What the world and the A − B plot showed last frame.
    pub shown: [Option<Bounds>; 2],
    /// The step changed and the step panel has yet to scroll its pseudocode line into view.
    pub scroll_pending: bool,
    /// The window title last sent, so it is sent again only when it changes.
    pub title: String,
    /// How the 3D views were last turned, remembered with the window for the next 3D scene.
    pub camera3: Option<CameraPrefs>,
}

impl Views {
    /// Whether the step panel scrolls its pseudocode line into view this frame: once after the
    /// step changes to `index` (or a scroll was asked for), on the first frame egui keeps; a
    /// frame it discards (its first, sizing pass) would lose the scroll.
    pub fn take_scroll(&mut self, index: usize, discarding: bool) -> bool {
        self.scroll_pending |= self.shown_index != Some(index);
        let scroll = self.scroll_pending && !discarding;
        self.scroll_pending &= !scroll;
        scroll
    }
}

impl Default for Views {
    /// Both plots fitted on the first frame.
    fn default() -> Self {
        Views {
            requests: [Some(ViewRequest::Fit); 2],
            follow_step: false,
            shown_index: None,
            shown: [None; 2],
            scroll_pending: true,
            title: String::new(),
            camera3: None,
        }
    }
}
