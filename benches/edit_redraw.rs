//! One edit-to-redraw cycle of the app: what happens between the pointer moving a shape and the
//! next picture. Two measures per pair of shapes:
//!
//! - `plots`: the edit applied to the scene, the scene re-run (`Scene::trace()`, the outlines,
//!   A − B) and every item both plots draw at the current step built
//!   (`gjkviz::app::redraw_plots`);
//! - `frame`: the same edit through the app (`GjkvizApp::edit_scene`), then one whole frame of
//!   the window in egui_kittest's harness — every panel laid out, the plots drawn — and its
//!   shapes tessellated into triangles, as eframe does before handing them to the GPU.
//!
//! Pairs: regular polygons of 8, 100 and 1,000 vertices, and circles, overlapping, standing on
//! the last step (the result, the fullest picture). The target is under 4 ms for 1,000-vertex
//! shapes. And a 3D pair of 1,000-vertex hulls, whose target is under 8 ms (issue 15). Run
//! with `cargo bench --bench edit_redraw`.

#[path = "shared/hulls3.rs"]
mod hulls3;
#[path = "shared/points3.rs"]
mod points3;

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::algorithm::PenetrationMethod;
use gjkviz::app::{Dimension, GjkvizApp, Source, install_fonts, redraw_plots};
use gjkviz::geometry::{Body, Shape};
use gjkviz::scene::{Scene, Scene3, default_scene};
use glam::DVec2;

const WARM_UP: Duration = Duration::from_millis(300);
const MEASUREMENT: Duration = Duration::from_secs(2);
const SAMPLES: usize = 20;
/// How far each edit moves B: small, as one frame of a drag, and back again the next time, so
/// the pair stays overlapping.
const NUDGE: f64 = 1e-3;

/// A regular polygon of `n` vertices on the unit circle.
fn polygon(n: usize) -> Shape {
    Shape::Polygon {
        points: (0..n)
            .map(|k| DVec2::from_angle(std::f64::consts::TAU * k as f64 / n as f64))
            .collect(),
        hull: false,
    }
}

/// A and B of the same shape, overlapping by about a third, B a little off the centre line so
/// that nothing is symmetric by accident.
fn pair(name: &str, shape: Shape) -> Scene {
    let mut scene = default_scene();
    scene.name = name.to_string();
    scene.description.clear();
    scene.a = Body::new(shape.clone(), DVec2::ZERO, 0.0);
    scene.b = Body::new(shape, DVec2::new(1.3, 0.4), 10.0);
    scene
}

/// The scene with B nudged: forward on even edits, back on odd ones.
fn edited(scene: &Scene, edit: u64) -> Scene {
    let mut next = scene.clone();
    let sign = if edit.is_multiple_of(2) { 1.0 } else { -1.0 };
    next.b.position.x += sign * NUDGE;
    next
}

fn bench_pair(criterion: &mut Criterion, scene: &Scene) {
    let last = scene.trace().steps.len() - 1;
    let mut group = criterion.benchmark_group(&scene.name);

    let mut edit = 0;
    group.bench_function("plots", |bench| {
        bench.iter(|| {
            edit += 1;
            black_box(redraw_plots(edited(scene, edit), last))
        });
    });

    let mut app = GjkvizApp::with_scene(scene.clone(), Source::Bundled(Dimension::Two, 0));
    app.playback_mut().last();
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), app);
    harness.run();
    let mut edit = 0;
    group.bench_function("frame", |bench| {
        bench.iter(|| {
            edit += 1;
            let next = edited(harness.state().scene(), edit);
            harness.state_mut().edit_scene(next);
            harness.step();
            let shapes = harness.output().shapes.clone();
            black_box(harness.ctx.tessellate(shapes, 1.0).len())
        });
    });
    group.finish();
}

/// How far each turn of B goes on from the last, in degrees: a frame of a slow drag of its knob.
const TURN_DEGREES: f64 = 0.01;
/// Vertices of each hull of the 3D pair.
const HULL_VERTICES: usize = 1000;
/// The core-shape method's margin on that pair: a tenth of the smaller hull's least radius.
const CORE_MARGIN: f64 = 0.05;

/// The 3D edit: B of a pair of 1,000-vertex hulls nudged, the app built on the edited scene
/// (`GjkvizApp::with_scene3`: the trace, the surfaces of A, B and A − B, the cameras fitted;
/// what a re-loaded 3D scene rebuilds), moved to the last step, and one whole frame drawn and
/// tessellated. Three times: as the app opens; with the Shapes section open, whose tables hold
/// the 1,000 points of each hull (the section stays open: egui keeps its state); and with B
/// turned instead of moved, which builds the surfaces of B and A − B again. Then a move and a
/// turn with the core-shape method, on its first step on the cores, where the views also draw
/// both cores and core(A) − core(B).
fn bench_hulls_3d(criterion: &mut Criterion) {
    let plain = hulls3::hull_pair(HULL_VERTICES);
    let mut cores = plain.clone();
    cores.settings.penetration = PenetrationMethod::CoreShapes {
        margin: CORE_MARGIN,
    };
    let mut group = criterion.benchmark_group("3d hulls of 1000 vertices");
    // The first step on the cores (the same for every nudge and turn of the bench).
    let core_step = cores
        .trace()
        .steps
        .iter()
        .position(|step| step.on_cores)
        .expect("the method's GJK runs on the cores");
    let open = |scene: Scene3| {
        let on_cores = matches!(
            scene.settings.penetration,
            PenetrationMethod::CoreShapes { .. }
        );
        let mut app = GjkvizApp::with_scene3(scene, "bench.ron".into());
        if on_cores {
            app.playback_mut().go_to(core_step);
        } else {
            app.playback_mut().last();
        }
        app
    };
    for (name, scene, shapes_open, turn) in [
        ("frame", &plain, false, false),
        ("frame with the Shapes section open", &plain, true, false),
        ("frame after a turn", &plain, false, true),
        ("core shapes: frame", &cores, false, false),
        ("core shapes: frame after a turn", &cores, false, true),
    ] {
        let mut harness = Harness::builder()
            .with_size([1280.0, 800.0])
            .with_context_setup(install_fonts)
            .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), open(scene.clone()));
        harness.run();
        if shapes_open {
            harness.get_by_label("Shapes").click();
            harness.run();
        }
        let mut edit = 0u64;
        group.bench_function(name, |bench| {
            bench.iter(|| {
                edit += 1;
                let mut next = scene.clone();
                if turn {
                    // A new angle every time: a turn back to an angle seen before would find
                    // its surfaces kept.
                    next.b.rotation.x += edit as f64 * TURN_DEGREES;
                } else {
                    let sign = if edit.is_multiple_of(2) { 1.0 } else { -1.0 };
                    next.b.position.x += sign * NUDGE;
                }
                *harness.state_mut() = open(next);
                harness.step();
                let shapes = harness.output().shapes.clone();
                black_box(harness.ctx.tessellate(shapes, 1.0).len())
            });
        });
    }
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default()
        .warm_up_time(WARM_UP)
        .measurement_time(MEASUREMENT)
        .sample_size(SAMPLES)
        .configure_from_args();
    let pairs = [
        pair("polygons of 8 vertices", polygon(8)),
        pair("polygons of 100 vertices", polygon(100)),
        pair("polygons of 1000 vertices", polygon(1000)),
        pair("circles", Shape::Circle { radius: 1.0 }),
    ];
    for scene in &pairs {
        bench_pair(&mut criterion, scene);
    }
    bench_hulls_3d(&mut criterion);
    criterion.final_summary();
}
