//! The command line: the same core as the app, on scene files, without a window.
//!
//! ```text
//! gjkviz                          open the app on the default scene
//! gjkviz SCENE.ron                open the app on a scene
//! gjkviz trace SCENE.ron [--json] print every step and the result (2D or 3D)
//! gjkviz check FILE...            validate 2D and 3D scene files
//! ```

use std::io::Write;
use std::path::PathBuf;

use crate::cli3::write_table3;
use crate::command::{Command, EXIT_INVALID, EXIT_OUTPUT, EXIT_USAGE, USAGE};
use crate::explain::{CheckVerdict, penetration_counted};
use crate::export::{write_trace_json, write_trace3_json};
use crate::format::{num, vec2};
use crate::scene::{AnyScene, load_any_scene};
use crate::step_table::{Cells, write_step_table};
use crate::trace::{Check, Event, Phase, Step, Trace};

/// Runs `trace` or `check`, writing to `out` and `err`; returns the exit code.
pub fn run_headless(command: &Command, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let written = match command {
        Command::Trace { scene, json } => match load_any_scene(scene) {
            Ok(AnyScene::Two(s)) => {
                let trace = s.trace();
                if *json {
                    write_trace_json(&trace, out)
                } else {
                    write_table(&trace, out)
                }
                .map(|()| 0)
            }
            Ok(AnyScene::Three(s)) => {
                let trace = s.trace();
                if *json {
                    write_trace3_json(&trace, out)
                } else {
                    write_table3(&trace, out)
                }
                .map(|()| 0)
            }
            Err(e) => writeln!(err, "{e}").map(|()| EXIT_USAGE),
        },
        Command::Check(files) => check_files(files, out),
        Command::Help => writeln!(out, "{USAGE}").map(|()| 0),
        Command::Open(_) | Command::Screenshot(_) => writeln!(
            err,
            "this build has no app (built without the `gui` feature)\n{USAGE}"
        )
        .map(|()| EXIT_USAGE),
    };
    match written.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        // A closed pipe (`gjkviz trace x | head`) or a full disk: the output is incomplete, so
        // the exit code must not claim success (nor hide `check`'s verdict). stderr is the last
        // place left to say so; if it is closed too, the exit code alone tells.
        Err(e) => {
            writeln!(err, "gjkviz: cannot write the output: {e}").ok();
            EXIT_OUTPUT
        }
    }
}

fn check_files(files: &[PathBuf], out: &mut dyn Write) -> std::io::Result<i32> {
    let mut code = 0;
    for file in files {
        match load_any_scene(file) {
            Ok(scene) => {
                writeln!(out, "{}: OK ({})", file.display(), scene.name())?;
                if let AnyScene::Three(s) = &scene {
                    for note in s.mesh_notes() {
                        writeln!(out, "    {note}")?;
                    }
                }
            }
            Err(e) => {
                code = EXIT_INVALID;
                writeln!(out, "{e}")?;
            }
        }
    }
    Ok(code)
}

/// EPA iterations whose whole polytope the table lists; later ones give its size.
const TABLE_POLYTOPE_ITERATIONS: u32 = 64;

/// The step table's columns, in order.
const HEADER: [&str; 7] = [
    "step",
    "phase",
    "iter",
    "event",
    "direction",
    "support = a - b",
    "check",
];

fn write_table(trace: &Trace, out: &mut dyn Write) -> std::io::Result<()> {
    let rows: Vec<Cells> = trace
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            [
                (i + 1).to_string(),
                phase_label(step),
                step.iteration.to_string(),
                snake_name(&step.event),
                step.direction.map(vec2).unwrap_or_default(),
                step.support
                    .map(|s| format!("{} = {} - {}", vec2(s.point), vec2(s.a), vec2(s.b)))
                    .unwrap_or_default(),
                check_text(step.check, step.settles_refinement()),
            ]
        })
        .collect();
    // EPA's polytope is listed in full for its first iterations only, so that the table of a
    // long run on a curved pair stays linear in the iterations, like the trace.
    let mut polytope_points = 0;
    write_step_table(out, &HEADER, &rows, |i, out, indent| {
        let step = &trace.steps[i];
        if step.phase == Phase::Epa && step.iteration == 1 && step.simplex.len() == 3 {
            polytope_points = 3;
        }
        if step.event == Event::Expanded {
            polytope_points += 1;
        }
        if let Some(edge) = step.closest_edge {
            writeln!(
                out,
                "{:indent$}closest edge {} -> {}, normal {}, distance {}",
                "",
                vec2(edge.start),
                vec2(edge.end),
                vec2(edge.normal),
                num(edge.distance)
            )?;
        }
        if step.phase == Phase::Epa && step.iteration > TABLE_POLYTOPE_ITERATIONS {
            writeln!(out, "{:indent$}polytope of {polytope_points} points", "")
        } else if let Some(full) = trace.step(i) {
            let simplex: Vec<String> = full.simplex.iter().map(|v| vec2(v.point)).collect();
            writeln!(out, "{:indent$}simplex [{}]", "", simplex.join(", "))
        } else {
            Ok(())
        }
    })?;
    let r = &trace.result;
    writeln!(out)?;
    if r.intersecting {
        writeln!(
            out,
            "intersecting: depth {}, normal {}",
            num(r.depth),
            vec2(r.normal)
        )?;
    } else {
        writeln!(
            out,
            "separated: distance {}, normal {}",
            num(r.distance),
            vec2(r.normal)
        )?;
    }
    writeln!(
        out,
        "contact on A {}, contact on B {}",
        vec2(r.contact_a),
        vec2(r.contact_b)
    )?;
    let counts = [r.gjk_iterations, r.distance_iterations];
    let later = [r.epa_iterations, r.refinement_iterations];
    let phases = trace.steps.iter().map(|s| s.phase);
    let ended = snake_name(&r.termination);
    write_iterations_line(out, counts, later, phases, &ended, r.bounds)
}

/// The table's last line, in 2D and 3D: the iterations of GJK and distance (`counts`), of the
/// penetration method and refinement (`later`; the method named from the trace's `phases`),
/// how the run `ended`, and the depth's `bounds` where the search did not converge on its own.
pub(crate) fn write_iterations_line(
    out: &mut dyn Write,
    [gjk, distance]: [u32; 2],
    [penetration, refinement]: [u32; 2],
    phases: impl DoubleEndedIterator<Item = Phase>,
    ended: &str,
    bounds: Option<[f64; 2]>,
) -> std::io::Result<()> {
    writeln!(
        out,
        "iterations: GJK {gjk}, distance {distance}, {} {penetration}, refinement {refinement}; \
         ended: {ended}{}",
        penetration_counted(phases),
        bounds.map_or(String::new(), |[lower, upper]| format!(
            " (depth between {} and {})",
            num(lower),
            num(upper)
        ))
    )
}

/// The phase, marked when the step ran on the core shapes.
fn phase_label(step: &Step) -> String {
    let phase = snake_name(&step.phase);
    if step.on_cores {
        format!("{phase}*")
    } else {
        phase
    }
}

/// A unit enum variant by the name the JSON output gives it, e.g. `enclosed_origin`.
fn snake_name(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The check a step made, as the tables print it: "value - reference = difference (pass)";
/// `settled` when the step ended its phase by another test ([`CheckVerdict`]).
pub(crate) fn check_text(check: Option<Check>, settled: bool) -> String {
    check
        .map(|c| {
            format!(
                "{} - {} = {} ({})",
                num(c.value),
                num(c.reference),
                num(c.difference),
                CheckVerdict::of(&c, settled).short()
            )
        })
        .unwrap_or_default()
}
