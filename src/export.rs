//! The trace and its result as JSON: what `gjkviz trace --json` prints, what the app's
//! "Export trace…" writes and what "Copy result as JSON" copies — one writer for all three.
//!
//! The trace is written step by step as it is serialised, one step a line, so that a long run
//! never sits in memory twice (as a trace and as its text): the output grows linearly with the
//! iterations, like the trace (EPA steps hold what they changed, see [`crate::trace::Step`]).

use std::io::{self, Write};

use serde::Serialize;

use crate::trace::Trace;
use crate::trace3::Trace3;

/// Writes `{"result": {...}, "steps": [...]}` for a 2D trace.
pub fn write_trace_json(trace: &Trace, out: &mut dyn Write) -> io::Result<()> {
    write_result_and_steps(&trace.result, &trace.steps, out)
}

/// The same for a 3D trace.
pub fn write_trace3_json(trace: &Trace3, out: &mut dyn Write) -> io::Result<()> {
    write_result_and_steps(&trace.result, &trace.steps, out)
}

fn write_result_and_steps(
    result: &impl Serialize,
    steps: &[impl Serialize],
    out: &mut dyn Write,
) -> io::Result<()> {
    out.write_all(b"{\n  \"result\": ")?;
    serde_json::to_writer(&mut *out, result)?;
    out.write_all(b",\n  \"steps\": [")?;
    for (i, step) in steps.iter().enumerate() {
        out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
        serde_json::to_writer(&mut *out, step)?;
    }
    out.write_all(b"\n  ]\n}\n")
}

/// The result alone as a JSON object (the `result` of [`write_trace_json`] or
/// [`write_trace3_json`]).
pub fn result_json(result: &impl Serialize) -> String {
    // An outcome is numbers, booleans and unit enums: serde_json has nothing to refuse. Were it
    // ever to, the text says so rather than passing for a result.
    serde_json::to_string_pretty(result).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    #[test]
    fn the_trace_and_its_result_read_back_as_json() {
        let trace = default_scene().trace();
        let mut bytes = Vec::new();
        write_trace_json(&trace, &mut bytes).unwrap();
        assert!(bytes.ends_with(b"}\n"));
        let json: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(json["steps"].as_array().unwrap().len(), trace.steps.len());
        let result: serde_json::Value = serde_json::from_str(&result_json(&trace.result)).unwrap();
        assert_eq!(json["result"], result);
    }
}
