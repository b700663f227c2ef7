//! The trace and the result as JSON: what `gjkviz trace --json` prints, what the app's
//! "Export trace…" writes and what "Copy result as JSON" copies — one writer for all three.

use std::io::{self, Write};

use crate::trace::{Outcome, Trace};

/// The whole trace as one JSON object, `{"steps": [...], "result": {...}}`, and a newline.
pub fn write_trace_json(trace: &Trace, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, trace)?;
    writeln!(out)
}

/// The result alone as a JSON object (the `result` of [`write_trace_json`]).
pub fn result_json(result: &Outcome) -> String {
    // An Outcome is numbers, booleans and a unit enum: serde_json has nothing to refuse.
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
