//! The tools opened beside the replay: the comparison of methods and the sweep.

use super::compare_panel::Comparison;
use super::sweep_panel::SweepView;

#[derive(Default)]
pub struct Panels {
    /// "Compare methods": the table of every method's answer beside the result.
    pub show_compare: bool,
    pub comparison: Comparison,
    /// The sweep panel, while it is open.
    pub sweep: Option<SweepView>,
}
