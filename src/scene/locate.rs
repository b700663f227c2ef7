//! Pointing a validation error at the value it is about. The parser reports a value that parsed
//! but failed its check at the end of the enclosing body or settings; the message names the
//! field, so the caret can move back to that field's value (and to the very point of a polygon).

/// The 1-based line and column of the value that `message` complains about, searching back from
/// where the parser stopped. None when the message names no field or the field is not found.
pub(super) fn offending_value(
    text: &str,
    at: (usize, usize),
    message: &str,
) -> Option<(usize, usize)> {
    let field = field_named(message)?;
    let end = byte_offset(text, at)?;
    let before = &text[..end];
    // The last `field:` before the error, as a whole word (searching backwards).
    let start = before
        .rmatch_indices(field)
        .filter(|(i, _)| {
            let word_start = before[..*i]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric() && c != '_');
            let rest = before[i + field.len()..].trim_start();
            word_start && rest.starts_with(':')
        })
        .map(|(i, _)| i)
        .next()?;
    let after_colon = start + before[start..].find(':')? + 1;
    let mut value =
        after_colon + (text[after_colon..].len() - text[after_colon..].trim_start().len());
    if let Some(index) = point_index(message) {
        value = nth_tuple(text, value, index).unwrap_or(value);
    }
    Some(line_col(text, value))
}

/// "shape a (Circle): radius: …" gives `radius`; "settings.tolerance: …" gives `tolerance`.
fn field_named(message: &str) -> Option<&str> {
    let rest = if let Some(rest) = message.strip_prefix("settings.") {
        rest
    } else {
        message.strip_prefix("shape ")?.split_once("): ")?.1
    };
    let field = rest.split_once(':')?.0;
    (!field.is_empty() && field.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(field)
}

/// "(point 3)" in a message gives 3.
fn point_index(message: &str) -> Option<usize> {
    let rest = message.rsplit_once("(point ")?.1;
    rest.split_once(')')?.0.parse().ok()
}

/// The byte offset of the `index`-th tuple of the list that starts at `list` (at its `[`).
fn nth_tuple(text: &str, list: usize, index: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut seen = 0usize;
    for (i, c) in text[list..].char_indices() {
        match c {
            '[' | '(' => {
                if c == '(' && depth == 1 {
                    if seen == index {
                        return Some(list + i);
                    }
                    seen += 1;
                }
                depth += 1;
            }
            ']' | ')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return None;
                }
            }
            _ => {}
        }
    }
    None
}

fn byte_offset(text: &str, (line, col): (usize, usize)) -> Option<usize> {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let line_text = text.get(line_start..)?;
    let within = line_text
        .char_indices()
        .nth(col - 1)
        .map_or(line_text.len(), |(i, _)| i);
    Some(line_start + within)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_field_and_the_point() {
        let text = "(\n    a: (shape: Polygon(points: [(0.0, 0.0), (NaN, 1.0)])),\n)";
        let at = (2, 60);
        let msg = "shape a (Polygon): points: must hold finite numbers, found (NaN, 1) (point 1)";
        assert_eq!(offending_value(text, at, msg), Some((2, 45)));
        let msg = "shape a (Polygon): points: not convex";
        assert_eq!(offending_value(text, at, msg), Some((2, 32)));
        assert_eq!(offending_value(text, at, "Expected comma"), None);
    }

    #[test]
    fn finds_settings_fields_as_whole_words() {
        let text = "(max_tolerance: 1, settings: (tolerance: -1.0))";
        let msg = "settings.tolerance: must be a finite number ≥ 0, found -1";
        assert_eq!(offending_value(text, (1, 47), msg), Some((1, 42)));
    }
}
