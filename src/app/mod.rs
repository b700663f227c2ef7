//! The desktop app: replays a scene's trace step by step over two plots — the world with A and
//! B, and the Minkowski difference A − B — with the step explained beside them.
//!
//! One app struct ([`GjkvizApp`]) holds the state; each panel is a function ending in `_ui`;
//! where the replay stands lives in [`playback::Playback`], which knows nothing of egui. The app
//! reads everything about the algorithm from the [`Trace`]; the only geometry it computes itself
//! is the outlines it draws. Scene files — open, save, follow on disk, ask before unsaved
//! changes are lost — are the business of `files.rs` and
//! `unsaved.rs`.

use eframe::egui;
mod banners;
mod dialogs;
mod files;
mod header;
mod legend;
mod loaded;
mod palette;
pub mod playback;
mod plots;
mod recent;
mod result_panel;
mod scene_bar;
mod screenshot;
mod settings_panel;
mod step_panel;
mod unsaved;

pub use dialogs::{FileDialogs, NativeDialogs};
pub use header::position_text;
pub use loaded::Source;
pub use recent::RecentFiles;
pub use unsaved::Pending;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use egui::{Key, Modifiers};

use crate::algorithm::Settings;
use crate::cli::{EXIT_USAGE, ScreenshotRequest};
use crate::scene::{BUNDLED_SCENES, FileWatch, Scene, default_scene, load_scene, parse_scene};
use crate::trace::Trace;
use banners::{Banner, DiskChoice};
use loaded::Loaded;
use palette::Palette;
use playback::{Playback, relocate};
use scene_bar::SceneBar;
use screenshot::ScreenshotJob;

/// The window's title, and the id its size is remembered under.
const APP_ID: &str = "gjkviz";
const TITLE: &str = "gjkviz — GJK and EPA, step by step";
/// Width of the explanation panel on first start, in points.
const SIDE_PANEL_WIDTH: f32 = 430.0;
/// The key the recent files are stored under between runs.
const RECENT_KEY: &str = "recent files";

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
    /// The scene as it was loaded or last saved; the scene on screen differs from it when it
    /// has unsaved changes.
    saved: Scene,
    playback: Playback,
    /// Names of the bundled scenes, for the picker.
    bundled_names: Vec<String>,
    recent: RecentFiles,
    /// The file followed for changes on disk: the scene's own, or one the user tried to open
    /// that did not load yet.
    watch: Option<FileWatch>,
    /// When the followed file was last checked, in egui's clock (seconds).
    last_poll: f64,
    /// The followed file changed while the scene had unsaved changes: offered, not reloaded.
    changed_on_disk: bool,
    /// An action that would drop unsaved changes, waiting for the user's answer.
    pending: Option<Pending>,
    /// The user agreed to close the window despite unsaved changes.
    close_confirmed: bool,
    dialogs: Box<dyn FileDialogs>,
    /// Why the last scene could not be loaded or saved (with a caret under the place).
    banner: Option<Banner>,
    /// The window title last sent, so it is sent again only when it changes.
    title: String,
    /// What the world and the A − B plot should show on the next frame, when asked.
    view: [Option<plots::ViewRequest>; 2],
    /// "Zoom to step": the A − B plot follows each step with a close-up.
    follow_step: bool,
    /// The step the plots last showed, to notice a step change while following.
    shown_index: Option<usize>,
    screenshot: Option<ScreenshotJob>,
}

impl GjkvizApp {
    /// The app on the default scene, then on `scene_file` if it loads (a banner says why not).
    pub fn new(scene_file: Option<&Path>) -> Self {
        let bundled_names = BUNDLED_SCENES
            .iter()
            .map(|b| match parse_scene(b.text, b.file) {
                Ok(scene) => scene.name,
                Err(_) => b.file.to_string(),
            })
            .collect();
        let mut app = GjkvizApp::with_scene(default_scene(), Source::Bundled(0));
        app.bundled_names = bundled_names;
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
            saved: scene,
            bundled_names: Vec::new(),
            recent: RecentFiles::default(),
            watch: None,
            last_poll: 0.0,
            changed_on_disk: false,
            pending: None,
            close_confirmed: false,
            dialogs: Box::new(NativeDialogs),
            banner: None,
            title: String::new(),
            view: [Some(plots::ViewRequest::Fit); 2],
            follow_step: false,
            shown_index: None,
            screenshot: None,
        }
    }

    /// Answers the file dialogs with `dialogs` instead of the platform's (tests do).
    pub fn set_dialogs(&mut self, dialogs: Box<dyn FileDialogs>) {
        self.dialogs = dialogs;
    }

    pub fn recent_files(&self) -> &RecentFiles {
        &self.recent
    }

    pub fn source(&self) -> &Source {
        &self.loaded.source
    }

    /// Shows `scene`, new on screen: from its first step, both plots fitted to it.
    fn show_new(&mut self, scene: Scene, source: Source) {
        self.saved = scene.clone();
        self.loaded = Loaded::new(scene, source);
        self.playback = Playback::new(self.loaded.trace.steps.len());
        self.banner = None;
        self.view = [Some(plots::ViewRequest::Fit); 2];
    }

    /// Shows `loaded`, a re-run of the scene on screen (its settings or its file changed): the
    /// replay stays on the same phase and iteration where they still exist, and a plot is
    /// fitted again only when what it shows moved.
    fn show_rerun(&mut self, loaded: Loaded) {
        let index = relocate(&self.loaded.trace, self.playback.index(), &loaded.trace);
        if loaded.world_view != self.loaded.world_view {
            self.view[0] = Some(plots::ViewRequest::Fit);
        }
        if loaded.difference_view != self.loaded.difference_view {
            self.view[1] = Some(plots::ViewRequest::Fit);
        }
        self.playback.retarget(loaded.trace.steps.len(), index);
        self.loaded = loaded;
    }

    /// Shows an edited version of the scene on screen, re-run as [`Self::show_rerun`] says.
    /// It then has unsaved changes, unless the edit undid them.
    pub fn edit_scene(&mut self, scene: Scene) {
        self.show_rerun(Loaded::new(scene, self.loaded.source.clone()));
    }

    /// Runs the scene again with new (valid) settings.
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
        self.banner.as_ref().map(|b| b.details.as_str())
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

    /// Advances playing by the frame's time and schedules the next repaint.
    fn play(&mut self, ctx: &egui::Context) {
        let dt = ctx.input(|i| i.stable_dt);
        self.playback.tick(dt);
        if let Some(wait) = self.playback.time_to_next() {
            ctx.request_repaint_after_secs(wait);
        }
    }

    /// The whole window, in any `Ui` (eframe's, or a test harness's).
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        self.guard_close(&ctx);
        // While the unsaved-changes question is open, keys belong to it.
        if self.pending.is_none() {
            self.keys(&ctx);
            self.file_keys(&ctx);
            self.open_dropped_file(&ctx);
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
        egui::Panel::top("scene bar").show(ui, |ui| {
            ui.add_space(2.0);
            let bar = SceneBar {
                source: &self.loaded.source,
                name: &self.loaded.scene.name,
                unsaved: self.has_unsaved_changes(),
                bundled_names: &self.bundled_names,
                recent: &self.recent,
            };
            bar_action = scene_bar::scene_bar_ui(ui, &bar, &palette);
            if self.changed_on_disk {
                disk_choice =
                    banners::disk_changed_banner_ui(ui, &self.followed_file_name(), &palette);
            }
            banners::error_banner_ui(ui, &mut self.banner, &palette);
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
            legend::legend_ui(ui, &palette);
        });
        // The step may have moved in the controls above: draw the rest at the new one.
        let index = self.playback.index();
        let at_end = self.playback.is_last();
        egui::Panel::right("explanation")
            .resizable(true)
            .default_size(SIDE_PANEL_WIDTH)
            .size_range(300.0..=800.0)
            .show(ui, |ui| {
                egui::Panel::bottom("result").show(ui, |ui| {
                    ui.add_space(4.0);
                    result_panel::result_ui(ui, &self.loaded.trace, at_end, &palette);
                    ui.add_space(4.0);
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
                    new_settings = egui::CollapsingHeader::new("Algorithm settings")
                        .id_salt("algorithm settings")
                        .show(ui, |ui| {
                            let first = self.loaded.trace.steps.first();
                            settings_panel::settings_ui(
                                ui,
                                &self.loaded.scene.settings,
                                first.and_then(|s| s.direction).unwrap_or(glam::DVec2::X),
                            )
                        })
                        .body_returned
                        .flatten();
                    step_panel::step_panel_ui(ui, &self.loaded.trace, index, &palette);
                });
            });
        egui::CentralPanel::default().show(ui, |ui| self.plots_ui(ui, index, at_end, &palette));
        self.unsaved_changes_ui(&ctx);
        files::drop_hint_ui(&ctx);

        if new_settings.is_some() || disk_choice.is_some() || bar_action.is_some() {
            ctx.request_repaint();
        }
        if let Some(settings) = new_settings {
            self.set_settings(settings);
        }
        match disk_choice {
            Some(DiskChoice::Reload) => self.reload_from_disk(),
            Some(DiskChoice::KeepMine) => self.changed_on_disk = false,
            None => {}
        }
        if let Some(action) = bar_action {
            self.on_bar_action(action);
        }
        let title = self.window_title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if let Some(job) = &mut self.screenshot {
            job.on_frame(&ctx);
        }
    }

    /// The two plots, side by side when there is width for it, else one above the other.
    fn plots_ui(&mut self, ui: &mut egui::Ui, index: usize, at_end: bool, palette: &Palette) {
        let size = ui.available_size();
        let side_by_side = size.x >= size.y * 1.1;
        let mut view = std::mem::take(&mut self.view);
        if self.follow_step && self.shown_index != Some(index) {
            view[1] = Some(plots::ViewRequest::Step);
        }
        self.shown_index = Some(index);
        let loaded = &self.loaded;
        let follow = &mut self.follow_step;
        let world =
            |ui: &mut egui::Ui| plots::world_plot_ui(ui, loaded, index, palette, view[0], at_end);
        let mut difference = |ui: &mut egui::Ui| {
            plots::difference_plot_ui(ui, loaded, index, palette, view[1], at_end, follow)
        };
        self.view = if side_by_side {
            ui.columns(2, |columns| {
                [world(&mut columns[0]), difference(&mut columns[1])]
            })
        } else {
            let half = (size.y - ui.spacing().item_spacing.y) * 0.5;
            [
                ui.allocate_ui(egui::vec2(size.x, half), world).inner,
                ui.allocate_ui(egui::vec2(size.x, half), difference).inner,
            ]
        };
    }
}

impl eframe::App for GjkvizApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        GjkvizApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, RECENT_KEY, &self.recent);
    }
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
            app.recent = eframe::get_value(storage, RECENT_KEY).unwrap_or_default();
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
            eprintln!("gjkviz: cannot open the window: {e}");
            1
        }
    }
}

/// `gjkviz screenshot`: the real window at a step, written to a PNG; 0 on success.
pub fn take_screenshot(request: &ScreenshotRequest) -> i32 {
    let scene = match load_scene(&request.scene) {
        Ok(scene) => scene,
        Err(e) => {
            eprintln!("{}", e.with_caret());
            return EXIT_USAGE;
        }
    };
    let mut app = GjkvizApp::with_scene(scene, Source::File(request.scene.clone()));
    let steps = app.trace().steps.len();
    match request.step {
        0 => app.playback.last(),
        n if n <= steps => app.playback.go_to(n - 1),
        n => {
            eprintln!(
                "gjkviz screenshot: step {n} is past the last step {steps} of {}",
                request.scene.display()
            );
            return EXIT_USAGE;
        }
    }
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
            install_fonts(&cc.egui_ctx);
            Ok(Box::new(ReportingApp { app, report }))
        }),
    );
    let _ = std::fs::remove_file(&storage);
    match result {
        Ok(()) => outcome.get(),
        Err(e) => {
            eprintln!("gjkviz screenshot: cannot open the window: {e}");
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

    fn persist_egui_memory(&self) -> bool {
        false
    }
}
