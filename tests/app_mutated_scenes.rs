//! Bundled scenes with numbers replaced by extreme values (tests/common/mutate.rs), opened in
//! the app: stepping through each, zoomed in on every step, with the comparison and the sweep
//! opened on some, draws every frame without a panic. Such scenes found a plot squeezed to a
//! sliver by 50-digit tick labels (which panicked), a dashed line 1e10 long seen in a close-up
//! (which ran out of memory) and a sweep 1e50 from the origin whose offsets all round to one
//! (a plot range of width 0, which egui_plot asserts against). `GJKVIZ_SEED` and
//! `GJKVIZ_COUNT` (scenes tried, 24 by default) run other and more of them.

#![cfg(feature = "gui")]

mod common;

use common::SplitMix64;
use common::app::harness;
use common::mutate::{Edited, edited_bundled_scenes, mutate};
use common::split_mix64::env_number;
use common::temp_dir::TempDir;
use eframe::egui::Key;
use egui_kittest::kittest::Queryable as _;
use gjkviz::app::GjkvizApp;
use gjkviz::scene::BUNDLED_MESHES;

/// Steps taken through each scene's trace.
const STEPS: usize = 30;

#[test]
fn mutated_scenes_draw_every_step_in_the_app() {
    let mut rng = SplitMix64::new(env_number("GJKVIZ_SEED").unwrap_or(1));
    let count = env_number("GJKVIZ_COUNT").unwrap_or(24);
    let dir = TempDir::new("app-mutated");
    std::fs::create_dir_all(dir.join("3d")).unwrap();
    for mesh in BUNDLED_MESHES {
        std::fs::write(dir.join(mesh.file), mesh.text).unwrap();
    }
    let mut opened = 0;
    for Edited {
        original,
        text,
        parsed,
    } in edited_bundled_scenes(&mut rng, count, mutate)
    {
        if parsed.is_err() {
            continue;
        }
        opened += 1;
        let path = dir.join(original.file);
        std::fs::write(&path, &text).unwrap();
        eprintln!("{}", original.file);
        let mut harness = harness(GjkvizApp::new(Some(&path)));
        assert!(harness.state().error().is_none(), "{text}");
        harness.get_by_label("Zoom to step").click();
        harness.run();
        for _ in 0..STEPS {
            harness.key_press(Key::ArrowRight);
            harness.run();
        }
        for (switch, chance) in [("Compare methods", 0.5), ("Sweep B", 0.25)] {
            if rng.chance(chance) {
                harness.get_by_label(switch).click();
                harness.run();
            }
        }
        harness.key_press(Key::End);
        harness.run();
    }
    assert!(opened * 2 > count, "{opened} of {count} scenes opened");
}
