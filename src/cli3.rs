//! The command line's output for 3D scenes: the step table and the JSON, beside the 2D ones in
//! [`crate::cli`], which dispatches on the scene's dimension.

use std::io::Write;

use crate::cli::check_text;
use crate::explain::termination_text;
use crate::explain3::{title, vertex_label};
use crate::format::{num, vec3};
use crate::trace3::Trace3;

/// One line a step (phase, iteration, what happened, direction, support, check), then the
/// simplex or the polytope change, then the result.
pub fn write_table3(trace: &Trace3, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>4}  {:<9} {:>4}  {:<36} {:<34} {:<44} check",
        "step", "phase", "iter", "what", "direction", "support = a - b"
    )?;
    for (i, step) in trace.steps.iter().enumerate() {
        let phase = crate::explain::phase_name(step.phase);
        let phase = if step.on_cores {
            format!("{phase}*")
        } else {
            phase.to_string()
        };
        let check = check_text(step.check);
        writeln!(
            out,
            "{:>4}  {:<9} {:>4}  {:<36} {:<34} {:<44} {}",
            i + 1,
            phase,
            step.iteration,
            title(step),
            step.direction.map(vec3).unwrap_or_default(),
            step.support
                .map(|s| format!("{} {}", vertex_label(s.id), vec3(s.point)))
                .unwrap_or_default(),
            check,
        )?;
        let names = |ids: &[u32]| -> String {
            ids.iter()
                .map(|&id| vertex_label(id))
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(f) = step.closest_face {
            writeln!(
                out,
                "{:>21}closest face [{}], normal {}, distance {}",
                "",
                names(&f.face.vertices),
                vec3(f.normal),
                num(f.distance)
            )?;
        }
        if !step.horizon.is_empty() {
            writeln!(
                out,
                "{:>21}removed {} faces, horizon {} edges, added {} faces",
                "",
                step.removed_faces.len(),
                step.horizon.len(),
                step.added_faces.len()
            )?;
        } else if !step.simplex.is_empty() {
            writeln!(out, "{:>21}simplex [{}]", "", names(&step.simplex))?;
        }
    }
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
    writeln!(
        out,
        "iterations: GJK {}, distance {}, EPA {}, refinement {}; ended: {}{}",
        r.gjk_iterations,
        r.distance_iterations,
        r.epa_iterations,
        r.refinement_iterations,
        termination_text(r.termination),
        r.bounds.map_or(String::new(), |[lower, upper]| format!(
            " (depth between {} and {})",
            num(lower),
            num(upper)
        ))
    )
}
