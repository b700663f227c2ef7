//! The command line's step tables (2D and 3D) share one layout: seven columns, each as wide as
//! its widest cell in the trace at hand, so a long event title or a vector in scientific
//! notation does not push the later columns out of line.

use std::io::Write;

/// A row's cells: step, phase, iteration, what happened, direction, support point, check.
pub(crate) type Cells = [String; 7];

/// Writes the header line, then each row followed by its detail lines: `details(i, out,
/// indent)` writes row i's, `indent` columns in, under the "what happened" column.
pub(crate) fn write_step_table(
    out: &mut dyn Write,
    header: &[&str; 7],
    rows: &[Cells],
    mut details: impl FnMut(usize, &mut dyn Write, usize) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut widths = header.map(|h| h.chars().count());
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let indent = widths[0] + widths[1] + widths[2] + 5;
    write_row(out, header, &widths)?;
    for (i, row) in rows.iter().enumerate() {
        write_row(out, &row.each_ref().map(String::as_str), &widths)?;
        details(i, out, indent)?;
    }
    Ok(())
}

/// One line: numbers to the right, text to the left, no trailing blanks (a step without a
/// check ends at its support point).
fn write_row(out: &mut dyn Write, cells: &[&str; 7], widths: &[usize; 7]) -> std::io::Result<()> {
    let [step, phase, iteration, what, direction, support, check] = cells;
    let w = widths;
    let line = format!(
        "{step:>0$}  {phase:<1$} {iteration:>2$}  {what:<3$} {direction:<4$} {support:<5$} {check}",
        w[0], w[1], w[2], w[3], w[4], w[5],
    );
    writeln!(out, "{}", line.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell wider than its header widens its column for every row, so the next column
    /// starts at the same place on every line; blanks at the end are dropped; detail lines
    /// start under the "what happened" column.
    #[test]
    fn columns_line_up_whatever_the_widest_cell() {
        let header = [
            "step",
            "phase",
            "iter",
            "what",
            "direction",
            "support",
            "check",
        ];
        let row = |what: &str, check: &str| -> Cells {
            ["1", "EPA", "2", what, "(1, 0, 0)", "p1", check].map(str::to_string)
        };
        let rows = [row("short", "ok"), row("a much longer title", "")];
        let mut out = Vec::new();
        write_step_table(&mut out, &header, &rows, |_, out, indent| {
            writeln!(out, "{:indent$}detail", "")
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let column = |line: &str| line.find('(').or_else(|| line.find("direction"));
        assert_eq!(lines.len(), 5, "{text}");
        let rows: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|l| !l.contains("detail"))
            .collect();
        assert!(rows.iter().all(|l| column(l) == column(lines[0])), "{text}");
        assert!(lines.iter().all(|l| !l.ends_with(' ')), "{text}");
        let under_what = lines[0].find("what");
        assert!(
            lines
                .iter()
                .filter(|l| l.contains("detail"))
                .all(|l| l.find("detail") == under_what),
            "{text}"
        );
    }
}
