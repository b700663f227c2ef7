//! The command line's step tables (2D and 3D) share one layout: seven columns, each as wide as
//! its widest cell in the trace at hand, so a long event title or a vector in scientific
//! notation does not push the later columns out of line.

use std::io::Write;

/// A row's cells: step, phase, iteration, what happened, direction, support point, check.
pub(crate) type Cells = [String; 7];

/// The column widths of one table.
pub(crate) struct StepTable {
    widths: [usize; 7],
}

impl StepTable {
    /// Measures the header and every row.
    pub fn new(header: &[&str; 7], rows: &[Cells]) -> Self {
        let mut widths = header.map(|h| h.chars().count());
        for row in rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        StepTable { widths }
    }

    /// Where a step's detail lines (its simplex, closest edge or face) start: under the
    /// "what happened" column.
    pub fn indent(&self) -> usize {
        self.widths[0] + self.widths[1] + self.widths[2] + 5
    }

    /// One line: numbers to the right, text to the left, no trailing blanks (a step without a
    /// check ends at its support point).
    pub fn write_row(&self, out: &mut dyn Write, cells: &[&str; 7]) -> std::io::Result<()> {
        let [step, phase, iteration, what, direction, support, check] = cells;
        let w = self.widths;
        let line = format!(
            "{step:>0$}  {phase:<1$} {iteration:>2$}  {what:<3$} {direction:<4$} {support:<5$} {check}",
            w[0], w[1], w[2], w[3], w[4], w[5],
        );
        writeln!(out, "{}", line.trim_end())
    }

    /// The header line, then each row followed by its detail lines from `details`.
    pub fn write(
        &self,
        out: &mut dyn Write,
        header: &[&str; 7],
        rows: &[Cells],
        mut details: impl FnMut(usize, &mut dyn Write, usize) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        self.write_row(out, header)?;
        for (i, row) in rows.iter().enumerate() {
            self.write_row(out, &row.each_ref().map(String::as_str))?;
            details(i, out, self.indent())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cell wider than its header widens its column for every row, so the next column
    /// starts at the same place on every line; blanks at the end are dropped.
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
        let table = StepTable::new(&header, &rows);
        let mut out = Vec::new();
        table
            .write(&mut out, &header, &rows, |_, _, _| Ok(()))
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let column = |line: &str| line.find('(').or_else(|| line.find("direction"));
        assert_eq!(lines.len(), 3, "{text}");
        assert!(
            lines.iter().all(|l| column(l) == column(lines[0])),
            "{text}"
        );
        assert!(lines.iter().all(|l| !l.ends_with(' ')), "{text}");
        assert_eq!(
            table.indent(),
            "step".len() + "phase".len() + "iter".len() + 5
        );
    }
}
