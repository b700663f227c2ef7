//! The desktop app: replays a scene's trace step by step over two plots — the world with A and
//! B, and the Minkowski difference A − B — with the step explained beside them.
//!
//! One app struct ([`GjkvizApp`]) holds the state, in a few parts: the scene's file and what
//! follows it (`file_state.rs`), the edits and their history (`editing.rs`), how the plots are
//! viewed (`views.rs`), the open tools (`tools.rs`), and the 3D scene when one is on screen
//! (`view3d/`); each panel is a function ending in `_ui`; where the replay stands lives in
//! [`playback::Playback`], which knows nothing of egui. The app
//! reads everything about the algorithm from the [`Trace`]; the only geometry it computes itself
//! is the outlines it draws. Scene files — open, save, follow on disk, ask before unsaved
//! changes are lost — are the business of `files.rs` and `unsaved.rs`. Exploring: the pointer
//! over the world plot becomes edits in `gestures.rs` (hit tests and drags, egui-free, in
//! `manipulate.rs`), edits and their undo history live in `editing.rs`, and the shape fields,
//! the sweep and the comparison of methods have a panel each.

use eframe::egui;
mod banners;
mod check_label;
mod clip;
mod compare_panel;
mod convergence;
mod copy;
mod dialogs;
mod editing;
mod explore3;
mod file_state;
mod files;
mod gestures;
mod header;
mod legend;
mod loaded;
mod manipulate;
mod palette;
mod path_prompt;
pub mod playback;
mod plots;
mod recent;
mod result_panel;
mod scene_bar;
mod screenshot;
mod settings_panel;
mod shapes_panel;
mod step_panel;
mod sweep_panel;
mod sweep_panel3;
mod tools;
mod unsaved;
pub mod view3d;
mod views;

pub use dialogs::{FileDialogs, FileKind, NativeDialogs, Picked};
pub use header::position_text;
pub use loaded::{Dimension, Source};
pub use recent::RecentFiles;
pub use unsaved::Pending;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use egui::{Key, Modifiers};

use crate::algorithm::Settings;
use crate::command::{EXIT_USAGE, ScreenshotRequest, tell};
use crate::scene::{AnyScene, Scene, default_scene, load_any_scene};
use crate::trace::Trace;
use editing::Edits;
use file_state::FileState;
use gestures::WorldFrame;
use loaded::Loaded;
use palette::Palette;
use playback::{Playback, relocate};
use scene_bar::SceneBar;
use screenshot::ScreenshotJob;
use tools::Panels;
use views::Views;

/// The window's title, and the id its size is remembered under.
const APP_ID: &str = "gjkviz";
const TITLE: &str = "gjkviz — GJK and EPA, step by step";
/// Width of the explanation panel on first start, in points.
const SIDE_PANEL_WIDTH: f32 = 430.0;
/// A re-run scene smaller than this fraction of the view is fitted again: it would be lost in
/// a corner.
const LOST_IN_VIEW: f64 = 0.25;
/// The key the recent files are stored under between runs.
const RECENT_KEY: &str = "recent files";
/// The key the 3D views' camera ([`view3d::CameraPrefs`]) is stored under between runs.
const CAMERA_KEY: &str = "3d camera";

/// Seconds since the app started, on the monotonic system clock.
fn wall_clock() -> Box<dyn Fn() -> f64> {
    let start = std::time::Instant::now();
    Box::new(move || start.elapsed().as_secs_f64())
}

/// Lets proportional text fall back on the bundled monospace font, which has the arrows and
/// geometric shapes (◀ ▶ ⇤ ⇥ ▮) the controls use; the proportional font lacks them.
pub fn install_fonts(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    if let Some(family) = fonts.families.get_mut(&egui::FontFamily::Proportional) {
        family.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
}

/// The whole app's state.
pub struct GjkvizApp {
    loaded: Loaded,
    /// The 3D scene on screen, which then replaces the 2D scene's panels and plots.
    three: Option<view3d::Scene3View>,
    playback: Playback,
    /// Seconds on the wall clock that playing follows; tests put in a clock of their own.
    clock: Box<dyn Fn() -> f64>,
    file: FileState,
    edits: Edits,
    views: Views,
    panels: Panels,
    screenshot: Option<ScreenshotJob>,
}

impl GjkvizApp {
    /// The app on the default scene, then on `scene_file` if it loads (a banner says why not).
    pub fn new(scene_file: Option<&Path>) -> Self {
        let mut app = GjkvizApp::with_scene(default_scene(), Source::Bundled(Dimension::Two, 0));
        app.file.bundled_names = file_state::bundled_names();
        if let Some(path) = scene_file {
            app.open(Source::File(path.to_path_buf()));
        }
        app
    }

    /// The app on a scene already in memory.
    pub fn with_scene(scene: Scene, source: Source) -> Self {
        let loaded = Loaded::new(scene.clone(), source);
        GjkvizApp {
            playback: Playback::new(loaded.trace.steps.len()),
            loaded,
            three: None,
            clock: wall_clock(),
            file: FileState::new(scene),
            edits: Edits::default(),
            views: Views::default(),
            panels: Panels::default(),
            screenshot: None,
        }
    }

    /// Plays by `clock` (seconds) instead of the wall clock (tests do).
    pub fn set_clock(&mut self, clock: impl Fn() -> f64 + 'static) {
        self.clock = Box::new(clock);
    }

    /// Answers the file dialogs with `dialogs` instead of the platform's (tests do).
    pub fn set_dialogs(&mut self, dialogs: Box<dyn FileDialogs>) {
        self.file.dialogs = dialogs;
    }

    pub fn recent_files(&self) -> &RecentFiles {
        &self.file.recent
    }

    /// Where the scene on screen came from, 2D or 3D.
    pub fn source(&self) -> &Source {
        match &self.three {
            Some(view) => view.source(),
            None => &self.loaded.source,
        }
    }

    /// Shows `scene`, new on screen: from its first step, both plots fitted to it.
    fn show_new(&mut self, scene: Scene, source: Source) {
        self.three = None;
        self.file.saved = scene.clone();
        self.loaded = Loaded::new(scene, source);
        self.playback = Playback::new(self.loaded.trace.steps.len());
        self.file.banner = None;
        self.views.requests = [Some(plots::ViewRequest::Fit); 2];
        self.edits.history.clear();
        self.edits.gesture_start = None;
        self.edits.grab = None;
        if self.panels.sweep.is_some() {
            self.panels.sweep = Some(sweep_panel::SweepView::new(&self.loaded.scene));
        }
    }

    /// Shows `loaded`, a re-run of the scene on screen (edited, or its file changed): the
    /// replay stays on the same phase and iteration where they still exist, and a plot is
    /// fitted again only when what it shows left the view. The world plot is never refitted
    /// while a shape is dragged in it: the view would slide under the pointer.
    fn show_rerun(&mut self, loaded: Loaded) {
        let index = relocate(
            &self.loaded.trace.steps,
            self.playback.index(),
            &loaded.trace.steps,
        );
        // Out of view, or so small in it that it would be lost in a corner.
        let out_of_view = |shown: Option<loaded::Bounds>, wanted: &loaded::Bounds| {
            shown.is_none_or(|shown| {
                !shown.contains(wanted) || wanted.size() < shown.size() * LOST_IN_VIEW
            })
        };
        if self.edits.grab.is_none() && out_of_view(self.views.shown[0], &loaded.world_view) {
            self.views.requests[0] = Some(plots::ViewRequest::Fit);
        }
        if out_of_view(self.views.shown[1], &loaded.difference_view) {
            self.views.requests[1] = Some(plots::ViewRequest::Fit);
        }
        self.playback.retarget(loaded.trace.steps.len(), index);
        self.loaded = loaded;
    }

    /// Runs the scene again with new (valid) settings, as one undoable edit.
    pub fn set_settings(&mut self, settings: Settings) {
        let mut scene = self.loaded.scene.clone();
        scene.settings = settings;
        self.edit_scene(scene);
    }

    pub fn playback(&self) -> &Playback {
        &self.playback
    }

    pub fn playback_mut(&mut self) -> &mut Playback {
        &mut self.playback
    }

    pub fn trace(&self) -> &Trace {
        &self.loaded.trace
    }

    pub fn scene(&self) -> &Scene {
        &self.loaded.scene
    }

    /// The error on the banner, if any: file, line, column, message, and the line with a caret.
    pub fn error(&self) -> Option<&str> {
        self.file.banner.as_ref().map(|b| b.details.as_str())
    }

    /// Keyboard: → ← step, Home End jump, Space plays. Consumed before any widget sees them, so
    /// a focused slider or button does not act on them a second time; left alone while a text
    /// field has the focus.
    fn keys(&mut self, ctx: &egui::Context) {
        // While a number is typed into a field, the arrows and Space belong to the field.
        if ctx.text_edit_focused() {
            return;
        }
        ctx.input_mut(|input| {
            if input.consume_key(Modifiers::NONE, Key::ArrowRight) {
                self.playback.next();
            }
            if input.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                self.playback.prev();
            }
            if input.consume_key(Modifiers::NONE, Key::Home) {
                self.playback.first();
            }
            if input.consume_key(Modifiers::NONE, Key::End) {
                self.playback.last();
            }
            if input.consume_key(Modifiers::NONE, Key::Space) {
                self.playback.toggle_play();
            }
        });
    }

    /// Advances playing to the clock and schedules the repaint of the next step, so playing
    /// goes on without any input events (egui's frame time would not: it assumes 1/60 s for
    /// a frame that nothing asked for). Run before the frame is drawn and after its controls.
    fn play(&mut self, ctx: &egui::Context) {
        let now = (self.clock)();
        self.playback.tick(now);
        if let Some(wait) = self.playback.time_to_next(now) {
            ctx.request_repaint_after_secs(wait as f32);
        }
    }

    /// The whole window, in any `Ui` (eframe's, or a test harness's).
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.guard_close(&ctx);
        // The panels' layout moves over a picture's first frames, and a scroll aimed in the
        // first would miss: until the picture is taken, the step's line is aimed at every frame.
        if self
            .screenshot
            .as_ref()
            .is_some_and(ScreenshotJob::settling)
        {
            self.views.scroll_pending = true;
        }
        // On a layer above every panel, so the same in either dimension.
        files::drop_hint_ui(&ctx);
        if self.three.is_some() {
            self.ui_3d(ui);
            return;
        }
        // While the unsaved-changes question or the file dialog is open, keys belong to it.
        if self.file.pending.is_none() && self.file.prompt.is_none() {
            self.keys(&ctx);
            self.edit_keys(&ctx);
            self.file_keys(&ctx);
            self.open_dropped_file(&ctx);
            self.world_gestures(&ctx);
        }
        self.follow_file(&ctx);
        self.play(&ctx);
        let palette = Palette::new(ui.visuals().dark_mode);
        let index = self.playback.index();

        // What the user asks for in the bars and panels is done after the frame is drawn, so
        // every panel of this frame shows the same scene and step.
        let mut bar_action = None;
        let mut disk_choice = None;
        let mut new_settings = None;
        let mut new_shapes = None;
        let mut result_action = None;
        let mut goto_step = None;
        egui::Panel::top("scene bar").show(ui, |ui| {
            ui.add_space(2.0);
            let bar = SceneBar {
                source: &self.loaded.source,
                name: &self.loaded.scene.name,
                unsaved: self.has_unsaved_changes(),
                can_undo: self.can_undo(),
                can_redo: self.can_redo(),
                bundled_names: &self.file.bundled_names,
                recent: &self.file.recent,
            };
            bar_action = scene_bar::scene_bar_ui(ui, &bar, &palette);
            disk_choice = self.file_banners_ui(ui, &palette);
            ui.add_space(2.0);
        });
        egui::Panel::top("step header").show(ui, |ui| {
            ui.add_space(4.0);
            header::header_ui(ui, &self.loaded.trace, index, &palette);
            header::controls_ui(ui, &mut self.playback, &self.loaded.trace, &palette);
            ui.add_space(2.0);
        });
        egui::Panel::bottom("legend").show(ui, |ui| {
            ui.add_space(2.0);
            legend::legend_ui(
                ui,
                &palette,
                self.loaded.scene.settings.penetration,
                Dimension::Two,
            );
        });
        // The step may have moved in the controls above: draw the rest at the new one.
        let index = self.playback.index();
        let at_end = self.playback.is_last();
        egui::Panel::right("explanation")
            .resizable(true)
            .default_size(SIDE_PANEL_WIDTH)
            .size_range(300.0..=800.0)
            .show(ui, |ui| {
                result_panel::result_area_ui(ui, |ui| {
                    let contradiction = if at_end {
                        self.panels
                            .comparison
                            .contradiction(&self.loaded.scene, &self.loaded.trace.result)
                    } else {
                        None
                    };
                    result_action = result_panel::result_ui(
                        ui,
                        &self.loaded.trace,
                        at_end,
                        &palette,
                        &mut self.panels.show_compare,
                        contradiction,
                    );
                    if self.panels.show_compare {
                        ui.add_space(4.0);
                        let rows = self.panels.comparison.rows(&self.loaded.scene);
                        compare_panel::compare_ui(ui, rows, &palette);
                    }
                });
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add_space(4.0);
                    if !self.loaded.scene.description.is_empty() {
                        egui::CollapsingHeader::new(format!(
                            "About this scene: {}",
                            self.loaded.scene.name
                        ))
                        .id_salt("about scene")
                        .show(ui, |ui| ui.label(&self.loaded.scene.description));
                    }
                    new_shapes = egui::CollapsingHeader::new("Shapes")
                        .id_salt("shapes")
                        .show(ui, |ui| {
                            shapes_panel::shapes_ui(
                                ui,
                                &self.loaded.scene,
                                self.loaded.world_view.size(),
                                &palette,
                            )
                        })
                        .body_returned
                        .flatten();
                    new_settings = egui::CollapsingHeader::new("Algorithm settings")
                        .id_salt("algorithm settings")
                        .show(ui, |ui| {
                            let first = self.loaded.trace.steps.first();
                            settings_panel::settings_ui(
                                ui,
                                &self.loaded.scene.settings,
                                first.and_then(|s| s.direction).unwrap_or(glam::DVec2::X),
                                self.loaded.margin_hint,
                            )
                        })
                        .body_returned
                        .flatten();
                    let scroll = self.views.take_scroll(index, ui.ctx().will_discard());
                    goto_step = step_panel::step_panel_ui(
                        ui,
                        &self.loaded.trace,
                        index,
                        scroll,
                        self.loaded.scene.settings.tolerance,
                        &palette,
                    );
                });
            });
        egui::CentralPanel::default().show(ui, |ui| self.plots_ui(ui, index, at_end, &palette));
        self.world_cursor(&ctx);
        self.unsaved_changes_ui(&ctx, &palette);
        self.path_prompt_ui(&ctx, &palette);

        if bar_action.is_some() {
            ctx.request_repaint();
        }
        if let Some(settings) = new_settings {
            let mut scene = self.loaded.scene.clone();
            scene.settings = settings;
            new_shapes = Some(scene);
        }
        if let Some(scene) = new_shapes {
            self.edit_in_gesture(scene);
            // Drawn again at once, so the plots and panels never show the old scene.
            ctx.request_discard("the scene was edited");
        }
        if let Some(choice) = disk_choice {
            self.on_disk_choice(choice, &ctx);
        }
        if let Some(step) = goto_step {
            self.playback.go_to(step);
            ctx.request_repaint();
        }
        if result_action == Some(result_panel::ResultAction::ExportTrace) {
            self.export_trace();
        }
        if let Some(action) = bar_action {
            self.on_bar_action(action, &ctx);
        }
        self.end_gesture_when_released(&ctx);
        let title = self.window_title();
        if title != self.views.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.views.title = title;
        }
        // Again after the controls: a Play pressed in this frame starts its clock now.
        self.play(&ctx);
        if let Some(job) = &mut self.screenshot {
            job.on_frame(&ctx);
        }
    }

    /// The sweep panel under the plots, while it is open; what it asks for is done at once,
    /// before the plots are drawn.
    fn sweep_ui(&mut self, ui: &mut egui::Ui, palette: &Palette) {
        let Some(view) = &mut self.panels.sweep else {
            return;
        };
        let scene = &self.loaded.scene;
        let action = egui::Panel::bottom("sweep")
            .resizable(true)
            .default_size(sweep_panel::PANEL_HEIGHT)
            .size_range(160.0..=600.0)
            .show(ui, |ui| {
                ui.add_space(4.0);
                sweep_panel::sweep_ui(ui, view, scene, palette)
            })
            .inner;
        match action {
            Some(sweep_panel::SweepAction::Pose(position, rotation)) => {
                let mut scene = self.loaded.scene.clone();
                scene.b.position = position;
                scene.b.rotation = rotation;
                self.edit_scene(scene);
                ui.ctx().request_discard("B moved to a sweep sample");
            }
            Some(sweep_panel::SweepAction::Restart) => {
                self.panels.sweep = Some(sweep_panel::SweepView::new(&self.loaded.scene));
            }
            Some(sweep_panel::SweepAction::Close) => self.panels.sweep = None,
            None => {}
        }
    }

    /// The samples of the open sweep panel, as it plots them.
    pub fn sweep_samples(&self) -> Option<&[crate::sweep::SweepSample]> {
        self.panels.sweep.as_ref().and_then(|s| s.last_samples())
    }

    /// Where the sweep panel draws sample `i` in its signed-distance plot (tests click it).
    pub fn sweep_sample_on_screen(&self, i: usize) -> Option<egui::Pos2> {
        let view = self.panels.sweep.as_ref()?;
        view.sample_on_screen(view.last_samples()?.get(i)?)
    }

    /// The two plots, side by side when there is width for it, else one above the other; the
    /// sweep panel under them when it is open.
    fn plots_ui(&mut self, ui: &mut egui::Ui, index: usize, at_end: bool, palette: &Palette) {
        self.sweep_ui(ui, palette);
        // What the sweep panel left: `columns` would otherwise size the plots to the whole
        // panel.
        let rest = ui.available_rect_before_wrap();
        ui.scope_builder(egui::UiBuilder::new().max_rect(rest), |ui| {
            self.plots_in_ui(ui, index, at_end, palette);
        });
    }

    fn plots_in_ui(&mut self, ui: &mut egui::Ui, index: usize, at_end: bool, palette: &Palette) {
        let size = ui.available_size();
        let side_by_side = size.x >= size.y * 1.1;
        // A pass egui throws away (the first, sizing one) must not use up a request to fit:
        // the plot's size is not final in it.
        let discarded = ui.ctx().will_discard();
        let mut view = std::mem::take(&mut self.views.requests);
        if self.views.follow_step && self.views.shown_index != Some(index) {
            view[1] = Some(plots::ViewRequest::Step);
        }
        self.views.shown_index = Some(index);
        let loaded = &self.loaded;
        let follow = &mut self.views.follow_step;
        let handles = plots::HandleView {
            hovered: self.edits.hovered_handle,
            held: self.edits.grab.as_ref().map(|g| g.handle),
            scale: self.edits.world_frame.map(|f| f.map.scale),
        };
        let mut sweep_open = self.panels.sweep.is_some();
        let mut world = |ui: &mut egui::Ui| {
            let controls = plots::WorldControls {
                request: view[0],
                handles: &handles,
                sweep: &mut sweep_open,
            };
            plots::world_plot_ui(ui, loaded, index, palette, at_end, controls)
        };
        let mut difference = |ui: &mut egui::Ui| {
            plots::difference_plot_ui(ui, loaded, index, palette, view[1], at_end, follow)
        };
        let (world, difference) = if side_by_side {
            ui.columns(2, |columns| {
                (world(&mut columns[0]), difference(&mut columns[1]))
            })
        } else {
            let half = (size.y - ui.spacing().item_spacing.y) * 0.5;
            (
                ui.allocate_ui(egui::vec2(size.x, half), world).inner,
                ui.allocate_ui(egui::vec2(size.x, half), difference).inner,
            )
        };
        self.edits.world_frame = Some(WorldFrame::from(&world));
        self.views.shown = [Some(world.shown), difference.1];
        self.views.requests = if discarded {
            [world.asked.or(view[0]), difference.0.or(view[1])]
        } else {
            [world.asked, difference.0]
        };
        if sweep_open != self.panels.sweep.is_some() {
            self.panels.sweep = sweep_open.then(|| sweep_panel::SweepView::new(&self.loaded.scene));
            ui.ctx().request_repaint();
        }
    }
}

impl eframe::App for GjkvizApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        GjkvizApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, RECENT_KEY, &self.file.recent);
        if let Some(prefs) = &self.views.camera3 {
            eframe::set_value(storage, CAMERA_KEY, prefs);
        }
    }
}

/// One edit-to-redraw cycle without a window, as benches/edit_redraw.rs measures it: the scene
/// re-run (trace, outlines, A − B) and everything both plots draw at step `index` (clamped to
/// the trace) built. Returns how many plot items that makes.
pub fn redraw_plots(scene: Scene, index: usize) -> usize {
    let loaded = Loaded::new(scene, Source::Bundled(Dimension::Two, 0));
    let palette = Palette::new(false);
    let last = loaded.trace.steps.len().saturating_sub(1);
    let index = index.min(last);
    let handles = plots::HandleView::default();
    let world = plots::world_layers(&loaded, index, &palette, index == last, &handles);
    let difference = plots::difference_layers(&loaded, index, &palette, index == last);
    world.items.len() + difference.items.len()
}

/// Opens the window on the default scene, or on `scene` (a banner reports a file that fails).
pub fn run_app(scene: Option<PathBuf>) -> i32 {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_app_id(APP_ID)
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([800.0, 560.0]),
        ..Default::default()
    };
    let create = Box::new(move |cc: &eframe::CreationContext<'_>| {
        install_fonts(&cc.egui_ctx);
        let mut app = GjkvizApp::new(None);
        if let Some(storage) = cc.storage {
            app.file.recent = eframe::get_value(storage, RECENT_KEY).unwrap_or_default();
            app.views.camera3 = eframe::get_value(storage, CAMERA_KEY);
        }
        // After the stored list is read, so the file goes to the top of it.
        if let Some(path) = scene {
            app.open(Source::File(path));
        }
        Ok(Box::new(app) as Box<dyn eframe::App>)
    });
    match eframe::run_native(APP_ID, options, create) {
        Ok(()) => 0,
        Err(e) => {
            tell(format!("gjkviz: cannot open the window: {e}"));
            1
        }
    }
}

/// `gjkviz screenshot`: the real window at a step, written to a PNG; 0 on success.
pub fn take_screenshot(request: &ScreenshotRequest) -> i32 {
    let mut app = match load_any_scene(&request.scene) {
        Ok(AnyScene::Two(scene)) => {
            GjkvizApp::with_scene(scene, Source::File(request.scene.clone()))
        }
        Ok(AnyScene::Three(scene)) => GjkvizApp::with_scene3(scene, request.scene.clone()),
        Err(e) => {
            tell(e.with_caret());
            return EXIT_USAGE;
        }
    };
    if request.shapes || request.move_b.is_some() {
        let Some(view) = &mut app.three else {
            tell("gjkviz screenshot: --shapes and --move-b work on 3D scenes");
            return EXIT_USAGE;
        };
        if let Err(message) =
            view.screenshot_edits(request.shapes, request.move_b, &mut app.playback)
        {
            tell(format!("gjkviz screenshot: {message}"));
            return EXIT_USAGE;
        }
        // The edit is for the picture: the window closes afterwards without asking to save it.
        app.file.close_confirmed = true;
    }
    let steps = app.playback.step_count();
    match request.step {
        0 => app.playback.last(),
        n if n <= steps => app.playback.go_to(n - 1),
        n => {
            tell(format!(
                "gjkviz screenshot: step {n} is past the last step {steps} of {}",
                request.scene.display()
            ));
            return EXIT_USAGE;
        }
    }
    if let Some(choice) = request.camera {
        let Some(view) = &mut app.three else {
            tell("gjkviz screenshot: --camera turns the views of a 3D scene only");
            return EXIT_USAGE;
        };
        view.turn(choice, app.playback.index(), app.playback.is_last());
    }
    if request.sweep {
        match &mut app.three {
            Some(view) => view.set_sweep_open(true),
            None => app.panels.sweep = Some(sweep_panel::SweepView::new(&app.loaded.scene)),
        }
    }
    app.panels.show_compare = request.compare;
    app.screenshot = Some(ScreenshotJob::new(request.out.clone()));
    let outcome = Rc::new(Cell::new(screenshot::EXIT_FAILED));
    let report = Rc::clone(&outcome);

    // A storage file of its own, so the user's remembered window and zoom neither shape the
    // picture nor get overwritten by it.
    let storage =
        std::env::temp_dir().join(format!("gjkviz-screenshot-{}.ron", std::process::id()));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(TITLE)
            .with_app_id(APP_ID)
            .with_inner_size([request.size.0, request.size.1])
            .with_resizable(false)
            .with_clamp_size_to_monitor_size(false),
        persist_window: false,
        persistence_path: Some(storage.clone()),
        ..Default::default()
    };
    let theme = if request.dark {
        egui::Theme::Dark
    } else {
        egui::Theme::Light
    };
    screenshot::start_watchdog();
    let result = eframe::run_native(
        APP_ID,
        options,
        Box::new(move |cc| {
            cc.egui_ctx.set_theme(theme);
            // The step's pseudocode line scrolls into view at once, not over the frames the
            // picture is taken in, so it shows what the user sees once the panel has settled.
            cc.egui_ctx.all_styles_mut(|style| {
                style.scroll_animation = egui::style::ScrollAnimation::none();
            });
            install_fonts(&cc.egui_ctx);
            Ok(Box::new(ReportingApp { app, report }))
        }),
    );
    // The picture's outcome is what the command reports; a temporary file left behind is not.
    std::fs::remove_file(&storage).ok();
    match result {
        Ok(()) => outcome.get(),
        Err(e) => {
            tell(format!("gjkviz screenshot: cannot open the window: {e}"));
            screenshot::EXIT_FAILED
        }
    }
}

/// The app in screenshot mode, passing the job's outcome back out of eframe.
struct ReportingApp {
    app: GjkvizApp,
    report: Rc<Cell<i32>>,
}

impl eframe::App for ReportingApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.ui(ui);
        if let Some(code) = self.app.screenshot.as_ref().and_then(|j| j.outcome) {
            self.report.set(code);
        }
    }

    fn raw_input_hook(&mut self, _ctx: &egui::Context, raw_input: &mut egui::RawInput) {
        screenshot::without_user_input(raw_input);
    }

    fn persist_egui_memory(&self) -> bool {
        false
    }
}
