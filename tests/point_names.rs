//! Every point a run finds keeps one name, p1, p2, … in the order it was found, in every step
//! that holds it: EPA inserting points into its polygon does not renumber the others.

use std::collections::HashMap;

use gjkviz::scene::{BUNDLED_SCENES, default_scene, parse_scene};
use gjkviz::trace::Trace;
use glam::DVec2;

/// Every (point, name) pair of every step as the app reads it.
fn names(trace: &Trace) -> Vec<(usize, DVec2, String)> {
    let mut out = Vec::new();
    for i in 0..trace.steps.len() {
        let step = trace.step(i).unwrap();
        for v in &step.simplex {
            out.push((i, v.point, step.name_of(v.point).unwrap()));
        }
    }
    out
}

#[test]
fn the_worked_examples_points_keep_their_names_as_epa_inserts() {
    let trace = default_scene().trace();
    let named: Vec<_> = names(&trace)
        .into_iter()
        .filter(|(_, p, _)| *p == DVec2::new(-8.0, -2.0))
        .collect();
    // GJK found (−8, −2) second; EPA's insertion of (−6, 9) before it at step 4 keeps it p2.
    assert!(named.iter().any(|(step, _, _)| *step == 3));
    assert!(named.iter().any(|(step, _, _)| *step == 4));
    assert!(named.iter().all(|(_, _, name)| name == "p2"), "{named:?}");
    let new = trace.step(3).unwrap();
    assert_eq!(
        new.name_of(DVec2::new(-6.0, 9.0)).as_deref(),
        Some("p4"),
        "the fourth point found"
    );
}

#[test]
fn in_every_bundled_scene_a_point_has_one_name_and_a_name_one_point() {
    for bundled in BUNDLED_SCENES {
        let trace = parse_scene(bundled.text, bundled.file).unwrap().trace();
        let mut by_point: HashMap<[u64; 2], String> = HashMap::new();
        let mut by_name: HashMap<String, DVec2> = HashMap::new();
        for (step, p, name) in names(&trace) {
            let key = [p.x.to_bits(), p.y.to_bits()];
            let at = format!("{} step {}", bundled.file, step + 1);
            assert_eq!(
                by_point.entry(key).or_insert(name.clone()),
                &name,
                "{at}: {p}"
            );
            assert_eq!(by_name.entry(name.clone()).or_insert(p), &p, "{at}: {name}");
        }
    }
}
