//! The bundled 3D teaching scenes do what their descriptions say: each scene's claims below
//! are checked on its trace (how GJK ends, how EPA starts, the terminations, the features in
//! contact) and its answer against a hand computation, so a description cannot drift from
//! the trace. Every bundled 3D scene has an entry.

use gjkviz::geometry3::{Shape3, rotation_matrix};
use gjkviz::scene::{AnyScene, BUNDLED_SCENES_3D, Scene3};
use gjkviz::trace::{Phase, Termination};
use gjkviz::trace3::{Event3, Trace3, VertexId};
use glam::DVec3;

/// What a scene's description claims, checkable on its trace.
#[derive(Clone, Copy, Debug)]
enum Claim {
    /// GJK's last step: its event and the number of points in its simplex.
    GjkEnds(Event3, usize),
    /// GJK kept every support point it found: its first tetrahedron holds the origin.
    NothingDropped,
    /// EPA blew GJK's simplex of this many points up to a tetrahedron (4: no blow-up).
    EpaStartsFrom(usize),
    /// Separated, at this distance.
    Apart(f64),
    /// Overlapping (or touching, at 0) by this depth.
    Depth(f64),
    /// The normal from A toward B.
    Normal([f64; 3]),
    Ends(Termination),
    EpaIterations(u32),
    /// EPA took its closest face and stopped on it at once, or expanded it at least once.
    EpaExpanded,
    /// Refinement ran after EPA or distance.
    Refined,
    /// Some step of the trace is this event.
    Happens(Event3),
    /// The closest feature is made of this many distinct points of A and of B (1 a vertex,
    /// 2 an edge, 3 a face): from the final distance simplex, or EPA's final closest face.
    Features(usize, usize),
    /// The origin lies on a face of GJK's final tetrahedron.
    OriginOnTetrahedronFace,
    /// At least this many of EPA's faces lie in the plane y = offset (normal +y).
    FacesInPlaneY {
        offset: f64,
        at_least: usize,
    },
    /// A phase ran for this many steps.
    PhaseSteps(Phase, usize),
    /// The depth came from the distance between the core shapes.
    CoreDepth,
    /// Shape b is a mesh described as this text.
    MeshB(&'static str),
    /// B's contact point lies on the line through `through` along `along` (an edge of B), to
    /// the rounding of the coordinates.
    ContactBOnLine {
        through: [f64; 3],
        along: [f64; 3],
    },
}

/// Every bundled 3D scene and what its description claims.
fn lessons() -> Vec<(&'static str, Vec<Claim>)> {
    use Claim::*;
    let up = Normal([0.0, 1.0, 0.0]);
    vec![
        (
            "gjk-ends-on-a-point",
            vec![GjkEnds(Event3::Separated, 1), Apart(2.5)],
        ),
        (
            "gjk-ends-on-a-segment",
            vec![GjkEnds(Event3::Separated, 2), Apart(1.5)],
        ),
        (
            "gjk-ends-on-a-triangle",
            vec![
                GjkEnds(Event3::Separated, 3),
                Apart(0.9),
                Features(3, 1),
                up,
            ],
        ),
        (
            "separated-polyhedra",
            vec![GjkEnds(Event3::Separated, 1), Features(2, 1)],
        ),
        (
            "tetrahedron-at-once",
            vec![
                GjkEnds(Event3::EnclosedOrigin, 4),
                NothingDropped,
                EpaStartsFrom(4),
                EpaIterations(1),
                Depth(0.3),
                Normal([0.0, -1.0, 0.0]),
            ],
        ),
        (
            "box-on-box",
            vec![
                GjkEnds(Event3::EnclosedOrigin, 4),
                EpaStartsFrom(4),
                EpaIterations(1),
                Depth(0.1),
                up,
            ],
        ),
        (
            "vertex-into-face",
            vec![Depth(0.2), up, Features(3, 1), EpaExpanded],
        ),
        (
            "boxes-crossing-edge-to-edge",
            vec![Depth(2f64.sqrt() - 1.3), up, Features(2, 2)],
        ),
        (
            "epa-blow-up-from-one-point",
            vec![
                GjkEnds(Event3::OriginOnSimplex, 1),
                EpaStartsFrom(1),
                Depth(0.0),
            ],
        ),
        (
            "epa-blow-up-from-two-points",
            vec![
                GjkEnds(Event3::OriginOnSimplex, 2),
                EpaStartsFrom(2),
                EpaExpanded,
                Depth(1.4 / 3f64.sqrt()),
            ],
        ),
        (
            "libccd-25-cubes",
            vec![
                GjkEnds(Event3::OriginOnSimplex, 3),
                EpaStartsFrom(3),
                Depth(0.1),
                Normal([0.0, 0.0, 1.0]),
            ],
        ),
        (
            "origin-on-a-face",
            vec![
                GjkEnds(Event3::EnclosedOrigin, 4),
                OriginOnTetrahedronFace,
                Depth(0.0),
                up,
            ],
        ),
        (
            "coplanar-faces",
            vec![
                Depth(0.1),
                up,
                FacesInPlaneY {
                    offset: 0.1,
                    at_least: 2,
                },
                Ends(Termination::Converged),
            ],
        ),
        (
            "identical-shapes",
            vec![
                GjkEnds(Event3::OriginOnSimplex, 2),
                EpaStartsFrom(2),
                Depth(1.0),
            ],
        ),
        (
            "sphere-vs-box",
            vec![
                Depth(sphere_into_box_depth()),
                EpaExpanded,
                Ends(Termination::Converged),
                Refined,
            ],
        ),
        (
            "offset-unit-balls",
            vec![
                GjkEnds(Event3::OriginOnSimplex, 3),
                EpaStartsFrom(3),
                EpaExpanded,
                Depth(2.0 - DVec3::new(1.2, 0.7, -0.3).length()),
            ],
        ),
        (
            "near-concentric-spheres",
            vec![
                EpaIterations(60),
                Ends(Termination::Refined),
                Refined,
                Depth(1.7 - DVec3::new(0.04, 0.03, -0.02).length()),
            ],
        ),
        ("capsules-crossing", vec![Depth(0.2), up, Refined]),
        ("cylinder-on-box", vec![Depth(0.02), up, Refined]),
        (
            "cylinder-by-a-box-edge",
            vec![
                Depth(0.5 - edge_from_axis().length()),
                Normal({
                    let n = edge_from_axis().normalize();
                    [n.x, 0.0, n.y]
                }),
                Ends(Termination::Converged),
                Refined,
                ContactBOnLine {
                    through: [11.45, 0.0, 61.0],
                    along: [0.0, 1.0, 0.0],
                },
            ],
        ),
        (
            "cylinders-cap-to-cap",
            vec![
                Depth(cap_to_cap_depth()),
                Normal(cap_to_cap_axis().to_array()),
                Refined,
            ],
        ),
        (
            "ball-on-a-cones-side",
            vec![
                Depth(0.05),
                Normal([12.0 / 13.0, 5.0 / 13.0, 0.0]),
                Ends(Termination::Converged),
                Happens(Event3::KinkStep),
            ],
        ),
        ("cone-into-plate", vec![Depth(0.05), up]),
        ("far-from-origin", vec![Depth(0.1), up]),
        (
            "spheres-core-shapes",
            vec![CoreDepth, Depth(sphere_capsule_depth())],
        ),
        ("cone-core-shapes", vec![CoreDepth, Depth(0.05), up]),
        (
            "cylinder-vs-ellipsoid-sampling",
            // 200 directions plus the cylinder's two cap normals.
            vec![PhaseSteps(Phase::Sampling, 202)],
        ),
        (
            "rock-on-a-slab",
            vec![
                MeshB(ROCK_DESCRIPTION),
                Depth(rock_depth()),
                up,
                Features(3, 1),
            ],
        ),
        (
            "gem-into-a-plate",
            vec![
                MeshB("mesh gem.obj: 25 vertices, convex hull of 25"),
                Depth(0.05),
                up,
                Features(3, 1),
            ],
        ),
    ]
}

/// The rock's hull drops the vertices in the dents between its bumps.
const ROCK_DESCRIPTION: &str = "mesh rock.obj: 162 vertices, convex hull of";

/// The lower cylinder of cylinders-cap-to-cap (half height 0.5) is turned 3° about x: its axis.
fn cap_to_cap_axis() -> DVec3 {
    let (sin, cos) = 3f64.to_radians().sin_cos();
    DVec3::new(0.0, cos, sin)
}

/// Along that axis, the lower cylinder reaches 0.5; the upper one (radius 0.6, its bottom cap
/// at (0.7, 0.45, 0.3)) comes down to its cap centre's height less the radius times the
/// axis's tilt out of the cap's plane.
fn cap_to_cap_depth() -> f64 {
    let n = cap_to_cap_axis();
    0.5 - (DVec3::new(0.7, 0.45, 0.3).dot(n) - 0.6 * n.z.hypot(n.x))
}

/// From the cylinder's axis of cylinder-by-a-box-edge, (x, z) = (10.97, 61.02), to the box's
/// vertical edge at (11.45, 61), in the xz plane: the depth is the radius less its length.
fn edge_from_axis() -> glam::DVec2 {
    glam::DVec2::new(11.45 - 10.97, 61.0 - 61.02)
}

/// Tolerance of the hand-computed answers: the scenes' tolerance is 1e-9, their sizes ~1.
const CLOSE: f64 = 1e-8;

/// The unit ball at the origin against the turned box of sphere-vs-box: 1 minus the distance
/// from the ball's centre to the box (the centre is outside the box), in the box's frame.
fn sphere_into_box_depth() -> f64 {
    let half = DVec3::new(0.8, 0.6, 0.7);
    let r = rotation_matrix(DVec3::new(25.0, -15.0, 40.0));
    let centre = r.transpose() * (DVec3::ZERO - DVec3::new(1.3, 0.9, 0.4));
    1.0 - (centre - centre.clamp(-half, half)).length()
}

/// The ball of radius 1 at the origin against the capsule of spheres-core-shapes: the radii
/// minus the distance from the ball's centre to the capsule's segment.
fn sphere_capsule_depth() -> f64 {
    let centre = DVec3::new(1.1, 0.4, 0.3);
    let axis = rotation_matrix(DVec3::new(0.0, 0.0, 30.0)) * DVec3::Y;
    let t = (-centre.dot(axis)).clamp(-1.0, 1.0);
    1.5 - (centre + axis * t).length()
}

/// The slab's top (y = 0.2) minus the lowest vertex of the rock as placed, read from the OBJ's
/// `v` lines here rather than through the scene loader.
fn rock_depth() -> f64 {
    let text = std::fs::read_to_string("scenes/3d/rock.obj").unwrap();
    let r = rotation_matrix(DVec3::new(0.0, 30.0, 10.0));
    let lowest = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| {
            let n: Vec<f64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            (DVec3::new(0.1, 0.75, -0.2) + r * DVec3::new(n[0], n[1], n[2])).y
        })
        .fold(f64::INFINITY, f64::min);
    0.2 - lowest
}

fn scene(name: &str) -> Scene3 {
    let file = format!("3d/{name}.ron");
    let bundled = BUNDLED_SCENES_3D
        .iter()
        .find(|b| b.file == file)
        .unwrap_or_else(|| panic!("{file} is not bundled"));
    match bundled.parse() {
        Ok(AnyScene::Three(s)) => s,
        other => panic!("{file}: {other:?}"),
    }
}

/// The distinct points of A and of B behind the given vertices of A − B.
fn feature(trace: &Trace3, ids: &[VertexId]) -> (usize, usize) {
    let distinct = |pick: fn(&gjkviz::trace3::Vertex3) -> DVec3| {
        let mut points: Vec<[u64; 3]> = ids
            .iter()
            .map(|&id| pick(&trace.vertex(id).expect("a found vertex")))
            .map(|p| p.to_array().map(f64::to_bits))
            .collect();
        points.sort_unstable();
        points.dedup();
        points.len()
    };
    (distinct(|v| v.a), distinct(|v| v.b))
}

fn check(name: &str, scene: &Scene3, trace: &Trace3, claim: Claim) {
    let r = &trace.result;
    let gjk: Vec<_> = trace
        .steps
        .iter()
        .filter(|s| s.phase == Phase::Gjk && !s.on_cores)
        .collect();
    let epa = |event| trace.steps.iter().filter(move |s| s.event == event);
    match claim {
        Claim::GjkEnds(event, points) => {
            let last = gjk.last().expect("GJK ran");
            assert_eq!((last.event, last.simplex.len()), (event, points), "{name}");
        }
        Claim::NothingDropped => assert!(gjk.iter().all(|s| s.dropped.is_empty()), "{name}"),
        Claim::EpaStartsFrom(points) => {
            let start = epa(Event3::StartTetrahedron).count();
            assert_eq!(start, 1, "{name}: one start tetrahedron");
            let gjk_points = gjk.last().expect("GJK ran").simplex.len();
            assert_eq!(gjk_points, points, "{name}: GJK's simplex when EPA starts");
            let blow_ups: Vec<_> = epa(Event3::BlowUp).collect();
            assert_eq!(blow_ups.is_empty(), points == 4, "{name}");
            if let Some(last) = blow_ups.last() {
                assert_eq!(
                    last.simplex.len(),
                    4,
                    "{name}: the blow-up ends on 4 points"
                );
            }
        }
        Claim::Apart(distance) => {
            assert!(!r.intersecting, "{name}");
            assert!(
                (r.distance - distance).abs() < CLOSE,
                "{name}: {}",
                r.distance
            );
        }
        Claim::Depth(depth) => {
            assert!(r.intersecting, "{name}");
            assert!(
                (r.depth - depth).abs() < CLOSE,
                "{name}: {} vs {depth}",
                r.depth
            );
        }
        Claim::Normal(n) => {
            let n = DVec3::from_array(n);
            assert!((r.normal - n).length() < CLOSE, "{name}: {}", r.normal);
        }
        Claim::Ends(t) => assert_eq!(r.termination, t, "{name}"),
        Claim::EpaIterations(n) => assert_eq!(r.epa_iterations, n, "{name}"),
        Claim::EpaExpanded => assert!(epa(Event3::Expanded).count() > 0, "{name}"),
        Claim::Refined => assert!(r.refinement_iterations > 0, "{name}"),
        Claim::Happens(event) => assert!(
            trace.steps.iter().any(|s| s.event == event),
            "{name}: no {event:?}"
        ),
        Claim::Features(a, b) => {
            let ids: Vec<VertexId> = if r.intersecting {
                let last = trace
                    .steps
                    .iter()
                    .rfind(|s| s.phase == Phase::Epa && s.event == Event3::Converged)
                    .expect("EPA converged");
                last.closest_face
                    .expect("a closest face")
                    .face
                    .vertices
                    .to_vec()
            } else {
                let last = trace
                    .steps
                    .iter()
                    .rfind(|s| s.phase == Phase::Distance)
                    .expect("the distance phase ran");
                last.simplex.to_vec()
            };
            assert_eq!(feature(trace, &ids), (a, b), "{name}");
        }
        Claim::OriginOnTetrahedronFace => {
            let last = gjk.last().expect("GJK ran");
            let p: Vec<DVec3> = last
                .simplex
                .iter()
                .map(|&id| trace.vertex(id).expect("found").point)
                .collect();
            let on_a_face =
                [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
                    .iter()
                    .any(|&[i, j, k]| {
                        let n = (p[j] - p[i]).cross(p[k] - p[i]);
                        n.dot(p[i]).abs() <= 1e-12 * n.length() * p[i].length().max(1.0)
                    });
            assert!(on_a_face, "{name}: {p:?}");
        }
        Claim::FacesInPlaneY { offset, at_least } => {
            let in_plane = trace
                .steps
                .iter()
                .flat_map(|s| &s.added_faces)
                .filter(|f| {
                    f.vertices.iter().all(|&id| {
                        (trace.vertex(id).expect("found").point.y - offset).abs() < CLOSE
                    })
                })
                .count();
            assert!(
                in_plane >= at_least,
                "{name}: {in_plane} faces in y = {offset}"
            );
        }
        Claim::PhaseSteps(phase, n) => assert_eq!(trace.steps_in_phase(phase), n, "{name}"),
        Claim::CoreDepth => assert_eq!(epa(Event3::CoreDepth).count(), 1, "{name}"),
        Claim::MeshB(text) => {
            let described = scene.b.shape.description();
            assert!(described.starts_with(text), "{name}: {described}");
        }
        Claim::ContactBOnLine { through, along } => {
            let (through, along) = (DVec3::from_array(through), DVec3::from_array(along));
            let off = (r.contact_b - through).reject_from(along).length();
            // 64 ulps of the scene's coordinates (61 out along z).
            let rounding = 64.0 * f64::EPSILON * r.contact_b.abs().max_element();
            assert!(
                off <= rounding,
                "{name}: {off:e} off the line: {}",
                r.contact_b
            );
        }
    }
}

#[test]
fn every_bundled_3d_scene_does_what_its_description_says() {
    let lessons = lessons();
    let listed: Vec<String> = lessons.iter().map(|(n, _)| format!("3d/{n}.ron")).collect();
    let bundled: Vec<String> = BUNDLED_SCENES_3D
        .iter()
        .map(|b| b.file.to_string())
        .collect();
    assert_eq!(listed, bundled, "one entry per scene, in the lesson order");
    assert!(bundled.len() >= 15);
    for (name, claims) in lessons {
        let scene = scene(name);
        let trace = scene.trace();
        for claim in claims {
            check(name, &scene, &trace, claim);
        }
    }
}

#[test]
fn the_rock_mesh_is_not_convex_and_its_hull_drops_vertices() {
    let rock = scene("rock-on-a-slab");
    let Shape3::Mesh {
        vertices,
        file_vertices,
        ..
    } = &rock.b.shape
    else {
        panic!("b is a mesh");
    };
    assert_eq!(*file_vertices, 162);
    // An independent count: the OBJ's `v` lines.
    let text = std::fs::read_to_string("scenes/3d/rock.obj").unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("v ")).count(), 162);
    assert!(vertices.len() < 162, "{}", vertices.len());
    assert_eq!(
        gjkviz::geometry3::hull_of(vertices).vertices.len(),
        vertices.len()
    );
    assert_eq!(
        rock.b.shape.description(),
        format!("{ROCK_DESCRIPTION} {}", vertices.len())
    );
}

/// What `cone-core-shapes`' description says of the cone tipped onto its rim: its rim rounded
/// off by shrinking and growing back, the depth from the cores falls short of EPA's, and with
/// the rim 0.05 deep the cores give none at all.
#[test]
fn a_tipped_cone_falls_short_by_core_shapes() {
    let tilt = 25f64.to_radians();
    for (rim_depth, short_of_all) in [(0.12, false), (0.05, true)] {
        // Turned 25° about z, its rim's lowest point `rim_depth` into the box's top (y = 0.5).
        let mut tipped = scene("cone-core-shapes");
        tipped.b.rotation = DVec3::new(0.0, 0.0, 25.0);
        tipped.b.position.y = 0.5 - rim_depth + 0.5 * tilt.cos() + 0.6 * tilt.sin();
        let cores = tipped.trace();
        tipped.settings.penetration = gjkviz::algorithm::PenetrationMethod::Epa;
        let epa = tipped.trace();
        let (from_cores, depth) = (cores.result.depth, epa.result.depth);
        assert!((depth - rim_depth).abs() < 1e-9, "{depth}");
        if short_of_all {
            assert_eq!(from_cores, 0.0);
        } else {
            assert!(cores.steps.iter().any(|s| s.event == Event3::CoreDepth));
            assert!(
                from_cores > 0.0 && from_cores < depth - 1e-3,
                "{from_cores} against {depth}"
            );
        }
    }
}
