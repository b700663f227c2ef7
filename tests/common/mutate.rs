//! Bundled scenes with a few of their numbers replaced: by extreme values the scene format
//! still accepts (0, ±1e-50, ±1e50, …) or by a hair's change of the number that was there.
//! Most such scenes load; they reach corners no hand-made scene does (a vertex 1e50 away, a
//! shape 1e-9 wide beside one a unit wide).

use gjkviz::scene::{
    AnyScene, BUNDLED_SCENES, BUNDLED_SCENES_3D, BundledScene, MeshFiles, SceneError,
    parse_any_scene_with,
};

use super::SplitMix64;

/// One bundled scene with its text edited, and what parsing the edited text gives.
pub struct Edited {
    pub original: &'static BundledScene,
    pub text: String,
    pub parsed: Result<AnyScene, SceneError>,
}

/// `count` bundled scenes, 2D and 3D drawn at random, with `edit` applied to their text
/// ([`mutate`] or [`garble`]); meshes are read from the bundled ones.
pub fn edited_bundled_scenes(
    rng: &mut SplitMix64,
    count: u64,
    edit: fn(&str, &mut SplitMix64) -> String,
) -> Vec<Edited> {
    let bundled: Vec<&'static BundledScene> =
        BUNDLED_SCENES.iter().chain(BUNDLED_SCENES_3D).collect();
    (0..count)
        .map(|_| {
            let original = bundled[rng.int(0, bundled.len() - 1)];
            let text = edit(original.text, rng);
            let folder = original.file.rsplit_once('/').map_or("", |(f, _)| f);
            let parsed = parse_any_scene_with(&text, original.file, MeshFiles::Bundled(folder));
            Edited {
                original,
                text,
                parsed,
            }
        })
        .collect()
}

/// What replaces a number.
const VALUES: &[&str] = &[
    "0.0", "1e-50", "-1e-50", "1e50", "-1e50", "1e-20", "1e20", "1e-9", "3e7", "-3e7", "1.0",
    "-1.0", "0.5", "2.0", "1e10", "1e-10", "100000.0", "0.1", "-0.1",
];

/// `text` with one to four of its decimal numbers (outside strings and comments) replaced.
pub fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    let spans = decimal_numbers(text);
    let mut out = text.to_string();
    if spans.is_empty() {
        return out;
    }
    let n = rng.int(1, 4.min(spans.len()));
    let mut chosen: Vec<_> = (0..n)
        .map(|_| spans[rng.int(0, spans.len() - 1)].clone())
        .collect();
    // Replaced from the end, so the earlier spans stay where they were.
    chosen.sort_by_key(|r| std::cmp::Reverse(r.start));
    chosen.dedup();
    for span in chosen {
        let value = if rng.chance(0.3) {
            let old: f64 = text[span.clone()].parse().unwrap_or(1.0);
            format!(
                "{:?}",
                old * (1.0 + rng.range(-1e-12, 1e-12)) + rng.range(-1e-14, 1e-14)
            )
        } else {
            VALUES[rng.int(0, VALUES.len() - 1)].to_string()
        };
        out.replace_range(span, &value);
    }
    out
}

/// The byte ranges of the numbers with a point or an exponent, outside strings and comments.
fn decimal_numbers(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'"' {
            in_string = !in_string;
        } else if !in_string && text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
            continue;
        } else if !in_string
            && (c.is_ascii_digit() || c == b'-')
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
        {
            let start = i;
            i += 1;
            while i < bytes.len()
                && (bytes[i].is_ascii_digit() || matches!(bytes[i], b'.' | b'e' | b'-' | b'+'))
            {
                i += 1;
            }
            if text[start..i].contains(['.', 'e']) {
                spans.push(start..i);
            }
            continue;
        }
        i += 1;
    }
    spans
}

/// Bits of scene text (and characters of several bytes) that edits insert.
const PIECES: &[&str] = &[
    "\"",
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "//",
    "/*",
    "−",
    "é",
    "€",
    "\u{feff}",
    "\r\n",
    "\t",
    "dimension: 3,",
    "dimension: 2,",
    "Some(1)",
    "1e",
    ".5",
    "+1",
    "0x10",
    "NaN",
    "inf",
];

/// `text` with one to three characters' worth of editing mistakes: a piece deleted, a piece
/// inserted, a piece copied elsewhere. Cuts fall on character boundaries.
pub fn garble(text: &str, rng: &mut SplitMix64) -> String {
    let mut out = text.to_string();
    for _ in 0..rng.int(1, 3) {
        let boundaries: Vec<usize> = (0..=out.len())
            .filter(|&i| out.is_char_boundary(i))
            .collect();
        let at = boundaries[rng.int(0, boundaries.len() - 1)];
        let to = boundaries
            [(boundaries.partition_point(|&b| b < at) + rng.int(1, 5)).min(boundaries.len() - 1)];
        match rng.int(0, 2) {
            0 => out.replace_range(at..to, ""),
            1 => out.insert_str(at, PIECES[rng.int(0, PIECES.len() - 1)]),
            _ => {
                let copied = out[at..to].to_string();
                let place = boundaries[rng.int(0, boundaries.len() - 1)].min(out.len());
                out.insert_str(place, &copied);
            }
        }
    }
    out
}
