//! The first largest of a list of keys, found by independent running maxima: one
//! compare-and-keep chain per lane instead of one for the whole list, so the processor overlaps
//! them. The scan of a list of points (`geometry3::extreme_vertex_linear`: the supports of
//! spheres and capsules, and the reference a small hull's scan by lanes and a large hull's
//! look-up are tested against) and EPA's closest-face scan (tested against a plain scan) both
//! use it.

/// Running maxima kept side by side.
const LANES: usize = 4;

/// The index of the first item with the largest key above −∞ (None when there is none): the
/// answer of a plain scan in order.
///
/// Item i is scanned by lane i mod [`LANES`], each keeping its first largest; the lanes then
/// meet, the smaller index winning ties, and the leftover items (the largest indices) come last,
/// kept only when strictly larger.
// Always inlined: a small hull's support left with this out of line once other code around it
// was inlined (separated 32-vertex pairs 0.77 of parry's time inlined, 0.86 not).
#[inline(always)]
pub(crate) fn first_largest<T>(items: &[T], key: impl Fn(&T) -> f64) -> Option<usize> {
    let chunks = items.chunks_exact(LANES);
    let rest_start = items.len() - chunks.remainder().len();
    let mut lane_best = [usize::MAX; LANES];
    let mut lane_key = [f64::NEG_INFINITY; LANES];
    for (c, chunk) in chunks.enumerate() {
        for lane in 0..LANES {
            let k = key(&chunk[lane]);
            if k > lane_key[lane] {
                lane_key[lane] = k;
                lane_best[lane] = c * LANES + lane;
            }
        }
    }
    let (mut best, mut best_key) = (usize::MAX, f64::NEG_INFINITY);
    for lane in 0..LANES {
        let (i, k) = (lane_best[lane], lane_key[lane]);
        if k > best_key || (k == best_key && i < best) {
            best = i;
            best_key = k;
        }
    }
    for (i, item) in items.iter().enumerate().skip(rest_start) {
        let k = key(item);
        if k > best_key {
            best = i;
            best_key = k;
        }
    }
    (best != usize::MAX).then_some(best)
}
