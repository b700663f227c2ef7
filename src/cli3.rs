//! The command line's output for 3D scenes: the step table and the JSON, beside the 2D ones in
//! [`crate::cli`], which dispatches on the scene's dimension.

use std::io::Write;

use crate::cli::{check_text, write_iterations_line};
use crate::explain3::{termination_text3, title, vertex_label};
use crate::format::{count, num, vec3};
use crate::step_table::{Cells, write_step_table};
use crate::trace3::{Step3, Trace3};

/// The step table's columns, in order.
const HEADER: [&str; 7] = [
    "step",
    "phase",
    "iter",
    "what",
    "direction",
    "support = a - b",
    "check",
];

/// One line a step (phase, iteration, what happened, direction, support, check), then the
/// simplex or the polytope change, then the result.
pub fn write_table3(trace: &Trace3, out: &mut dyn Write) -> std::io::Result<()> {
    let rows: Vec<Cells> = trace
        .steps
        .iter()
        .enumerate()
        .map(|(i, step)| step_cells(i, step))
        .collect();
    let names = |ids: &[u32]| -> String {
        ids.iter()
            .map(|&id| vertex_label(id))
            .collect::<Vec<_>>()
            .join(" ")
    };
    write_step_table(out, &HEADER, &rows, |i, out, indent| {
        let step = &trace.steps[i];
        if let Some(f) = step.closest_face {
            writeln!(
                out,
                "{:indent$}closest face [{}], normal {}, distance {}",
                "",
                names(&f.face.vertices),
                vec3(f.normal),
                num(f.distance)
            )?;
        }
        if !step.horizon.is_empty() {
            writeln!(
                out,
                "{:indent$}removed {}, horizon {}, added {}",
                "",
                count(step.removed_faces.len(), "face"),
                count(step.horizon.len(), "edge"),
                count(step.added_faces.len(), "face")
            )
        } else if !step.simplex.is_empty() {
            writeln!(out, "{:indent$}simplex [{}]", "", names(&step.simplex))
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
            vec3(r.normal)
        )?;
    } else {
        writeln!(
            out,
            "separated: distance {}, normal {}",
            num(r.distance),
            vec3(r.normal)
        )?;
    }
    writeln!(
        out,
        "tangents {} and {}",
        vec3(r.tangent1),
        vec3(r.tangent2)
    )?;
    writeln!(
        out,
        "contact on A {} (local {}), contact on B {} (local {})",
        vec3(r.contact_a),
        vec3(r.local_contact_a),
        vec3(r.contact_b),
        vec3(r.local_contact_b)
    )?;
    let counts = [r.gjk_iterations, r.distance_iterations];
    let later = [r.epa_iterations, r.refinement_iterations];
    let phases = trace.steps.iter().map(|s| s.phase);
    let ended = termination_text3(r.termination);
    write_iterations_line(out, counts, later, phases, ended, r.bounds)
}

/// A step's cells, in the order of [`HEADER`].
fn step_cells(i: usize, step: &Step3) -> Cells {
    let phase = crate::explain::phase_name(step.phase);
    [
        (i + 1).to_string(),
        if step.on_cores {
            format!("{phase}*")
        } else {
            phase.to_string()
        },
        step.iteration.to_string(),
        title(step).to_string(),
        step.direction.map(vec3).unwrap_or_default(),
        step.support
            .map(|s| format!("{} {}", vertex_label(s.id), vec3(s.point)))
            .unwrap_or_default(),
        check_text(step.check, step.settles_refinement()),
    ]
}
