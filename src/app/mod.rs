//! The desktop app: replays a scene's trace step by step over two plots — the world with A and
//! B, and the Minkowski difference A − B — with the step explained beside them.
//!
//! One app struct ([`GjkvizApp`]) holds the state; each panel is a function ending in `_ui`;
//! where the replay stands lives in [`playback::Playback`], which knows nothing of egui. The app
//! reads everything about the algorithm from the [`Trace`]; the only geometry it computes itself
//! is the outlines it draws.

use eframe::egui;
mod header;
mod legend;
mod loaded;
mod palette;
pub mod playback;
mod plots;
mod result_panel;
mod scene_bar;
mod screenshot;
mod step_panel;

pub use header::position_text;
pub use loaded::Source;

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use egui::{Key, Modifiers};

use crate::cli::{EXIT_USAGE, ScreenshotRequest};
use crate::scene::{BUNDLED_SCENES, Scene, default_scene, load_scene, parse_scene};
use crate::trace::Trace;
use loaded::Loaded;
use palette::Palette;
use playback::Playback;
use screenshot::ScreenshotJob;

/// The window's title, and the id its size is remembered under.
const APP_ID: &str = "gjkviz";
const TITLE: &str = "gjkviz — GJK and EPA, step by step";
/// Width of the explanation panel on first start, in points.
const SIDE_PANEL_WIDTH: f32 = 430.0;

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
    playback: Playback,
    /// Names of the bundled scenes, for the picker.
    bundled_names: Vec<String>,
    /// The scene file named on the command line, kept in the picker even if it failed to load.
    command_line: Option<PathBuf>,
    /// Why the last scene could not be loaded (with a caret under the place).
    error: Option<String>,
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
            app.command_line = Some(path.to_path_buf());
            app.open(Source::File(path.to_path_buf()));
        }
        app
    }

    /// The app on a scene already in memory.
    pub fn with_scene(scene: Scene, source: Source) -> Self {
        let loaded = Loaded::new(scene, source);
        GjkvizApp {
            playback: Playback::new(loaded.trace.steps.len()),
            loaded,
            bundled_names: Vec::new(),
            command_line: None,
            error: None,
            view: [Some(plots::ViewRequest::Fit); 2],
            follow_step: false,
            shown_index: None,
            screenshot: None,
        }
    }

    /// Shows a scene from the picker or a file. A file that fails to load leaves the current
    /// scene in place and sets the banner.
    pub fn open(&mut self, source: Source) {
        let scene = match &source {
            Source::Bundled(i) => BUNDLED_SCENES
                .get(*i)
                .ok_or_else(|| format!("no bundled scene number {i}"))
                .and_then(|b| parse_scene(b.text, b.file).map_err(|e| e.with_caret())),
            Source::File(path) => load_scene(path).map_err(|e| e.with_caret()),
        };
        match scene {
            Ok(scene) => {
                self.loaded = Loaded::new(scene, source);
                self.playback = Playback::new(self.loaded.trace.steps.len());
                self.error = None;
                self.view = [Some(plots::ViewRequest::Fit); 2];
            }
            Err(message) => self.error = Some(message),
        }
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

    /// The load error on the banner, if any.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Keyboard: → ← step, Home End jump, Space plays. Consumed before any widget sees them, so
    /// a focused slider or button does not act on them a second time.
    fn keys(&mut self, ctx: &egui::Context) {
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
        self.keys(&ctx);
        self.play(&ctx);
        let palette = Palette::new(ui.visuals().dark_mode);
        let index = self.playback.index();

        egui::Panel::top("scene bar").show(ui, |ui| {
            ui.add_space(2.0);
            let picked = scene_bar::scene_bar_ui(
                ui,
                &self.loaded.source,
                &self.loaded.scene.name,
                &self.bundled_names,
                self.command_line.as_deref(),
            );
            scene_bar::error_banner_ui(ui, &mut self.error, &palette);
            if let Some(source) = picked {
                self.open(source);
            }
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
                    step_panel::step_panel_ui(ui, &self.loaded.trace, index, &palette);
                });
            });
        egui::CentralPanel::default().show(ui, |ui| self.plots_ui(ui, index, at_end, &palette));

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
    let app = GjkvizApp::new(scene.as_deref());
    let create = Box::new(|cc: &eframe::CreationContext<'_>| {
        install_fonts(&cc.egui_ctx);
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
    app.command_line = Some(request.scene.clone());
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
