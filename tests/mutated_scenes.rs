//! Bundled scenes with numbers replaced by extreme values (tests/common/mutate.rs): every one
//! that loads saves and loads back unchanged, traces, explains every step, compares its
//! methods and sweeps B along a line and through a turn, without a panic and with finite
//! answers. `GJKVIZ_SEED` and `GJKVIZ_COUNT` (scenes tried, 300 by default) run other and more
//! of them.

mod common;

use common::SplitMix64;
use common::mutate::{Edited, edited_bundled_scenes, garble, mutate};
use common::split_mix64::env_number;
use gjkviz::compare::{Answer, compare};
use gjkviz::compare3::compare3;
use gjkviz::geometry::SupportMap;
use gjkviz::geometry3::SupportMap3;
use gjkviz::scene::{AnyScene, MeshFiles, parse_any_scene_with, to_ron};
use gjkviz::sweep::{Motion, Sweep, SweepSample, sweep};
use gjkviz::sweep3::{Motion3, sweep3};
use gjkviz::{explain, explain3};
use glam::{DVec2, DVec3};

/// Iterations each phase may take here: a scene's own limit may be 100,000.
const ITERATIONS_MAX: u32 = 2_000;

fn assert_finite(what: &str, numbers: &[f64], scene: &str) {
    assert!(
        numbers.iter().all(|x| x.is_finite()),
        "{what} not finite: {numbers:?}\n{scene}"
    );
}

fn assert_finite_samples(samples: &[SweepSample], scene: &str) {
    for s in samples {
        assert_finite(
            "sweep sample",
            &[s.offset, s.signed_distance, s.normal_angle],
            scene,
        );
    }
}

fn answers_2d(answers: &[Answer]) -> Vec<f64> {
    answers
        .iter()
        .flat_map(|a| [a.signed_distance, a.normal.x, a.normal.y])
        .collect()
}

fn answers_3d(answers: &[Answer<DVec3>]) -> Vec<f64> {
    answers
        .iter()
        .flat_map(|a| [a.signed_distance, a.normal.x, a.normal.y, a.normal.z])
        .collect()
}

#[test]
fn mutated_bundled_scenes_run_through_the_whole_library() {
    let mut rng = SplitMix64::new(env_number("GJKVIZ_SEED").unwrap_or(1));
    let count = env_number("GJKVIZ_COUNT").unwrap_or(300);
    let mut loaded = 0;
    for edited in edited_bundled_scenes(&mut rng, count, mutate) {
        let Edited {
            original,
            text,
            parsed: Ok(scene),
        } = edited
        else {
            continue;
        };
        loaded += 1;
        let shown = format!("{}:\n{text}", original.file);
        // What a save writes loads back as the same scene, extreme numbers and all.
        let saved = to_ron(&scene).expect("a valid scene writes");
        let folder = original.file.rsplit_once('/').map_or("", |(f, _)| f);
        let reloaded = parse_any_scene_with(&saved, original.file, MeshFiles::Bundled(folder));
        assert_eq!(reloaded.as_ref(), Ok(&scene), "{saved}\nfrom {shown}");
        match scene {
            AnyScene::Two(mut scene) => {
                scene.settings.max_iterations = scene.settings.max_iterations.min(ITERATIONS_MAX);
                let trace = scene.trace();
                for i in 0..trace.steps.len() {
                    let step = trace.step(i).expect("a step of the trace");
                    assert!(!explain::explain(&step).is_empty(), "{shown}");
                    explain::numbers(&step);
                    explain::pseudocode_line(&step);
                }
                let r = &trace.result;
                let numbers = [r.depth, r.distance, r.normal.x, r.normal.y, r.contact_a.x];
                assert_finite("result", &numbers, &shown);
                assert_finite(
                    "result",
                    &[r.contact_a.y, r.contact_b.x, r.contact_b.y],
                    &shown,
                );
                assert_finite("comparison", &answers_2d(&compare(&scene)), &shown);
                let (a, b) = scene.bodies();
                let direction = (b.centre() - a.centre())
                    .try_normalize()
                    .unwrap_or(DVec2::X);
                let along = Sweep {
                    motion: Motion::Translate { direction },
                    from: -2.0,
                    to: 2.0,
                    samples: 9,
                };
                assert_finite_samples(&sweep(&scene, &along), &shown);
            }
            AnyScene::Three(mut scene) => {
                scene.settings.max_iterations = scene.settings.max_iterations.min(ITERATIONS_MAX);
                let trace = scene.trace();
                for (i, step) in trace.steps.iter().enumerate() {
                    assert!(!explain3::explain(step).is_empty(), "{shown}");
                    explain3::numbers(step);
                    explain3::pseudocode_line(step);
                    trace.polytope_at(i);
                }
                let r = &trace.result;
                let vectors = [r.normal, r.tangent1, r.tangent2, r.contact_a, r.contact_b];
                let mut numbers: Vec<f64> = vectors.iter().flat_map(|v| v.to_array()).collect();
                numbers.extend([r.depth, r.distance]);
                assert_finite("result", &numbers, &shown);
                assert_finite("comparison", &answers_3d(&compare3(&scene)), &shown);
                let (a, b) = scene.bodies();
                let direction = (b.centre() - a.centre())
                    .try_normalize()
                    .unwrap_or(DVec3::X);
                for motion in [
                    Motion3::Translate { direction },
                    Motion3::Rotate {
                        axis: DVec3::new(0.3, 1.0, -0.2),
                    },
                ] {
                    let s = Sweep {
                        motion,
                        from: -2.0,
                        to: 2.0,
                        samples: 7,
                    };
                    assert_finite_samples(&sweep3(&scene, &s), &shown);
                }
            }
        }
    }
    // Most mutations leave a valid scene; a test that loaded none would test nothing.
    assert!(loaded * 2 > count, "{loaded} of {count} scenes loaded");
}

/// Bundled scenes with editing mistakes in their text (a lost quote, a stray character of
/// several bytes, a doubled piece): each loads or gets an error at a line and column inside
/// the file, never a panic.
#[test]
fn garbled_scene_text_gets_an_error_with_its_place() {
    let mut rng = SplitMix64::new(env_number("GJKVIZ_SEED").unwrap_or(1));
    let count = env_number("GJKVIZ_COUNT").unwrap_or(300) * 4;
    for edited in edited_bundled_scenes(&mut rng, count, garble) {
        let Edited {
            text,
            parsed: Err(err),
            ..
        } = edited
        else {
            continue;
        };
        if let Some((line, column)) = err.position {
            let lines = text.lines().count().max(1);
            assert!(
                (1..=lines + 1).contains(&line) && column >= 1,
                "{err} in\n{text}"
            );
        }
        assert!(!err.message.is_empty(), "{text}");
    }
}
