//! The trace and its result as JSON: what `gjkviz trace --json` prints and the app exports.
//!
//! The trace is written step by step as it is serialised, one step a line, so that a long run
//! never sits in memory twice (as a trace and as its text): the output grows linearly with the
//! iterations, like the trace (EPA steps hold what they changed, see [`crate::trace::Step`]).

use std::io::{self, Write};

use crate::trace::{Outcome, Trace};

/// Writes `{"result": {...}, "steps": [...]}`.
pub fn write_trace_json(trace: &Trace, out: &mut dyn Write) -> io::Result<()> {
    out.write_all(b"{\n  \"result\": ")?;
    serde_json::to_writer(&mut *out, &trace.result)?;
    out.write_all(b",\n  \"steps\": [")?;
    for (i, step) in trace.steps.iter().enumerate() {
        out.write_all(if i == 0 { b"\n    " } else { b",\n    " })?;
        serde_json::to_writer(&mut *out, step)?;
    }
    out.write_all(b"\n  ]\n}\n")
}

/// The result alone, pretty-printed.
pub fn result_json(result: &Outcome) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(result)
}
