//! The app's CPU time per frame on big pairs: two 4,096-vertex polygons, two 3D ellipsoids
//! with a long EPA run, two 1,000-vertex hulls; stepping through the trace one step per frame,
//! as a user pressing → would. Also the time to load the pair of hulls (hulls, trace and
//! surfaces), what an edit costs before the next frame. A frame is everything the CPU does for
//! it: the app's panels and both plots laid out by egui, then tessellated into triangles (what
//! is left for the GPU is drawing them). The worked example is measured the same way for scale.
//!
//! Run with `cargo bench --bench app_frame`; the budget is 16 ms a frame (60 frames a second).

#[path = "shared/criterion_results.rs"]
mod criterion_results;
#[path = "shared/hulls3.rs"]
mod hulls3;
#[path = "shared/points3.rs"]
mod points3;

use std::hint::black_box;
use std::time::{Duration, SystemTime};

use criterion::Criterion;
use eframe::egui;
use gjkviz::Settings;
use gjkviz::app::{Dimension, GjkvizApp, Source, install_fonts};
use gjkviz::geometry::{Body, Shape};
use gjkviz::scene::{SCENE_VERSION, Scene, default_scene};
use glam::DVec2;

/// The window size the app is laid out for.
const WINDOW: egui::Vec2 = egui::vec2(1280.0, 800.0);
/// Vertices of each polygon of the big pair.
const BIG_POLYGON_VERTICES: usize = 4096;
/// Frames egui needs before its layout settles (it measures some widgets on the first frame).
const SETTLING_FRAMES: usize = 3;
/// What a frame may cost for the app to keep up with a 60 Hz display.
const FRAME_BUDGET_NS: f64 = 16e6;
/// What building the A − B surface of two 1,000-vertex hulls may cost (issue 15); the load
/// bench does that and more (hulls, trace, the surfaces of A and B).
const LOAD_BUDGET_NS: f64 = 50e6;
const GROUP: &str = "app-frame";
/// Vertices of each hull of the large 3D pair.
const HULL_VERTICES: usize = 1000;
/// How much each load grows the hulls (a fraction of their size): enough to be other points.
const LOAD_GROWTH: f64 = 1e-9;
/// The bench that loads the large 3D pair (not a frame).
const LOAD_HULLS: &str = "3d-hulls-1000-load";
/// Vertices of the round hull of the big-A − B pair: with the box's 8 corners, 20,000 corner
/// differences, the most the app builds an exact A − B from; their hull has over 5,000
/// triangles.
const ROUND_HULL_VERTICES: usize = 2500;
/// Half the side of the small box at the round hull's centre.
const SMALL_BOX: f64 = 0.002;
/// EPA's iteration limit on that pair: each iteration adds a vertex and two faces net, so the
/// polytope ends with 4 + 2 × 500 = 1,004 faces (EPA would go on: it has not converged after
/// 1,000 iterations either, with 2,004 faces).
const ROUND_HULL_EPA_ITERATIONS: u32 = 500;
/// The frame on the big-A − B pair, standing at its largest EPA polytope.
const BIG_DIFFERENCE: &str = "3d-big-difference-polytope";

fn main() {
    let started = SystemTime::now();
    let mut criterion = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20)
        .configure_from_args();
    let scenes: [(&str, MakeApp); 4] = [
        ("worked-example", || {
            GjkvizApp::with_scene(default_scene(), Source::Bundled(Dimension::Two, 0))
        }),
        ("polygon-4096", || {
            GjkvizApp::with_scene(big_pair(), Source::Bundled(Dimension::Two, 0))
        }),
        ("3d-ellipsoids-long-epa", ellipsoids_3d),
        ("3d-hulls-1000", hulls_3d),
    ];
    let mut group = criterion.benchmark_group(GROUP);
    for (name, app) in &scenes {
        let mut window = Window::new(app());
        group.bench_function(*name, |bench| {
            bench.iter(|| {
                window.next_step();
                window.frame()
            })
        });
    }
    // Loading the pair of large hulls: both hulls and their vertex graphs, the trace, and the
    // surfaces of A, B and A − B; what an edit to a hull costs before its next frame.
    // Each load grows both hulls a little, so no hull or surface is found already built.
    let mut growth = 1.0;
    group.bench_function(LOAD_HULLS, |bench| {
        bench.iter(|| {
            growth += LOAD_GROWTH;
            let mut scene = hulls3::hull_pair(HULL_VERTICES);
            for body in [&mut scene.a, &mut scene.b] {
                if let gjkviz::geometry3::Shape3::Polyhedron { points, .. } = &mut body.shape {
                    points.iter_mut().for_each(|p| *p *= growth);
                }
            }
            black_box(GjkvizApp::with_scene3(scene, "bench.ron".into()))
        })
    });
    // The sizes the issue names: an A − B of over 5,000 triangles and an EPA polytope of over
    // 1,000 faces, both on screen. Frames alternate between the step with the largest polytope
    // and the one before it, so every frame draws (nearly) the largest.
    let app = round_hull_and_box();
    let (fullest, faces) = fullest_polytope(app.scene3().expect("a 3D scene").trace());
    let mut window = Window::new(app);
    window.app.playback_mut().go_to(fullest);
    window.frame();
    let triangles = window
        .app
        .scene3()
        .expect("a 3D scene")
        .stats(gjkviz::app::view3d::View::Difference)
        .triangles;
    let mut back = false;
    group.bench_function(BIG_DIFFERENCE, |bench| {
        bench.iter(|| {
            back = !back;
            window
                .app
                .playback_mut()
                .go_to(if back { fullest - 1 } else { fullest });
            window.frame()
        })
    });
    group.finish();
    criterion.final_summary();

    let root = criterion_results::criterion_home();
    let rows: Vec<String> = scenes
        .iter()
        .map(|(name, _)| *name)
        .chain([LOAD_HULLS, BIG_DIFFERENCE])
        .filter_map(|name| {
            let median = criterion_results::median_ns(&root, &format!("{GROUP}/{name}"), started)?;
            let budget = if name == LOAD_HULLS {
                LOAD_BUDGET_NS
            } else {
                FRAME_BUDGET_NS
            };
            Some(format!(
                "| {name} | {} | {:.0} % of {} |",
                criterion_results::format_time(median),
                100.0 * median / budget,
                criterion_results::format_time(budget),
            ))
        })
        .collect();
    if !rows.is_empty() {
        println!("\nMedian CPU time of a frame that steps once, or of loading a scene:\n");
        println!("| scene | frame | of the budget |");
        println!("|---|---:|---:|");
        rows.iter().for_each(|row| println!("{row}"));
        println!(
            "\n{BIG_DIFFERENCE}: exact A − B of {} triangles; EPA polytope of {faces} faces at \
             step {fullest}; {triangles} triangles drawn in the A − B view",
            exact_difference_triangles(),
        );
    }
}

/// Builds the app on one of the measured scenes.
type MakeApp = fn() -> GjkvizApp;

/// The app in a headless egui context, with the clock it is shown at.
struct Window {
    ctx: egui::Context,
    app: GjkvizApp,
    time: f64,
}

impl Window {
    /// The app on a scene in memory (a bundled source only names where it came from).
    fn new(app: GjkvizApp) -> Self {
        let ctx = egui::Context::default();
        install_fonts(&ctx);
        let mut window = Window {
            ctx,
            app,
            time: 0.0,
        };
        for _ in 0..SETTLING_FRAMES {
            window.frame();
        }
        window
    }

    /// One step on, back to the first after the last.
    fn next_step(&mut self) {
        let playback = self.app.playback_mut();
        if playback.is_last() {
            playback.first();
        } else {
            playback.next();
        }
    }

    /// One whole frame on the CPU; returns the number of triangle meshes, so nothing is skipped.
    fn frame(&mut self) -> usize {
        self.time += 1.0 / 60.0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, WINDOW)),
            time: Some(self.time),
            ..Default::default()
        };
        let app = &mut self.app;
        let mut output = self.ctx.run_ui(input, |ui| app.ui(ui));
        // No GPU takes the font atlas: dropped on purpose (debug builds check they are used).
        output.textures_delta.clear();
        let meshes = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        black_box(meshes).len()
    }
}

/// Two overlapping ellipsoids with a tolerance EPA cannot reach on curved shapes: a sampled
/// A − B of a few thousand triangles and a polytope that grows to hundreds of faces.
fn ellipsoids_3d() -> GjkvizApp {
    let text = "(dimension: 3, name: \"bench\",
        a: (shape: Ellipsoid(radii: (1.0, 0.6, 0.8))),
        b: (shape: Ellipsoid(radii: (0.7, 0.9, 0.5)), position: (1.2, 0.3, 0.2)),
        settings: (tolerance: 1e-14, max_iterations: 500, penetration: Epa))";
    match gjkviz::scene::parse_any_scene(text, "bench") {
        Ok(gjkviz::scene::AnyScene::Three(scene)) => {
            GjkvizApp::with_scene3(scene, "bench.ron".into())
        }
        _ => panic!("the bench's 3D scene is valid"),
    }
}

/// Two overlapping 1,000-vertex hulls: A − B is sampled, the EPA polytope grows to a few
/// hundred faces.
fn hulls_3d() -> GjkvizApp {
    GjkvizApp::with_scene3(hulls3::hull_pair(HULL_VERTICES), "bench.ron".into())
}

/// A round 2,500-vertex hull (a Fibonacci sphere) and a small box near its centre, tolerance
/// 1e-14: A − B is exact (over 5,000 triangles), and with the origin near the centre of a round
/// A − B every face of EPA's polytope is nearly as close as the answer, so EPA grows the polytope
/// over the whole surface (over 1,000 faces) before it converges.
fn round_hull_and_box() -> GjkvizApp {
    let (a, b) = round_hull_and_box_bodies();
    let scene = gjkviz::scene::Scene3 {
        version: SCENE_VERSION,
        dimension: 3,
        name: "Round hull and small box".into(),
        description: String::new(),
        a,
        b,
        settings: gjkviz::algorithm3::Settings3 {
            tolerance: 1e-14,
            max_iterations: ROUND_HULL_EPA_ITERATIONS,
            ..Default::default()
        },
    };
    GjkvizApp::with_scene3(scene, "bench.ron".into())
}

fn round_hull_and_box_bodies() -> (gjkviz::geometry3::Body3, gjkviz::geometry3::Body3) {
    use gjkviz::geometry3::{Body3, Shape3};
    use glam::DVec3;
    let a = Body3::new(
        Shape3::Polyhedron {
            points: points3::ellipsoid_points(ROUND_HULL_VERTICES, DVec3::ONE),
            hull: false,
        },
        DVec3::ZERO,
        DVec3::new(10.0, 20.0, 30.0),
    );
    let b = Body3::new(
        Shape3::Box {
            half_extents: DVec3::splat(SMALL_BOX),
        },
        DVec3::new(1e-4, 2e-4, 5e-5),
        DVec3::new(-40.0, 5.0, 60.0),
    );
    (a, b)
}

/// The step whose EPA polytope has the most faces, and that count.
fn fullest_polytope(trace: &gjkviz::trace3::Trace3) -> (usize, usize) {
    (1..trace.steps.len())
        .map(|i| (i, trace.polytope_at(i).len()))
        .max_by_key(|&(i, faces)| (faces, i))
        .unwrap_or((1, 0))
}

/// Triangles of the exact A − B of the round hull and the box: the hull of every difference of
/// their corners (world), built here by parry, apart from the app.
fn exact_difference_triangles() -> usize {
    use gjkviz::geometry3::{ConvexBody3, LocalShape};
    use glam::DVec3;
    let corners = |body: &gjkviz::geometry3::Body3| -> Vec<DVec3> {
        let convex = ConvexBody3::new(body);
        let local: Vec<DVec3> = match &convex.shape {
            LocalShape::Rounded { vertices, .. } => vertices.clone(),
            LocalShape::Box { half_extents: h } => (0..8)
                .map(|i| {
                    let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                    DVec3::new(h.x * sign(1), h.y * sign(2), h.z * sign(4))
                })
                .collect(),
            _ => unreachable!("the pair is a hull and a box"),
        };
        local
            .iter()
            .map(|p| convex.position + convex.rotation() * *p)
            .collect()
    };
    let (a, b) = round_hull_and_box_bodies();
    let (ca, cb) = (corners(&a), corners(&b));
    let differences: Vec<DVec3> = ca
        .iter()
        .flat_map(|p| cb.iter().map(move |q| *p - *q))
        .collect();
    parry3d_f64::transformation::convex_hull(&differences)
        .1
        .len()
}

/// Two overlapping regular-ish 4,096-gons (on ellipses, so every vertex is a corner), rotated
/// against each other.
fn big_pair() -> Scene {
    let polygon = |radii: DVec2, phase: f64| {
        let step = std::f64::consts::TAU / BIG_POLYGON_VERTICES as f64;
        let points = (0..BIG_POLYGON_VERTICES)
            .map(|k| DVec2::from_angle((k as f64 + phase) * step) * radii)
            .collect();
        Shape::Polygon {
            points,
            hull: false,
        }
    };
    Scene {
        version: SCENE_VERSION,
        name: format!("Two {BIG_POLYGON_VERTICES}-gons"),
        description: String::new(),
        a: Body::new(polygon(DVec2::new(3.0, 2.0), 0.0), DVec2::ZERO, 10.0),
        b: Body::new(
            polygon(DVec2::new(2.5, 2.0), 0.5),
            DVec2::new(4.0, 1.0),
            35.0,
        ),
        settings: Settings::default(),
    }
}
