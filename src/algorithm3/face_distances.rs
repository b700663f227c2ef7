//! EPA's face distances, and the closest face among them.
//!
//! Every iteration asks for the living face nearest the origin, and the polytope only grows:
//! about 5 faces an expansion, dead ones keeping their slot (a face's index is its id in the
//! trace). A scan of every slot costs O(faces) an iteration, a fifth of a 4,096-vertex pair's
//! instructions. So the slots are cut into blocks of [`BLOCK`], and each block's smallest
//! distance is kept beside them: the closest face is the first smallest of the block minima,
//! then the first smallest within that block, about [`BLOCK`] + faces / [`BLOCK`] reads.
//!
//! Why that is the first smallest of all slots: blocks are in slot order, so a block before
//! the winner's holds only larger distances (an equal one would come first), and the winner
//! is the first of its own block's smallest.
//!
//! Keeping the minima costs nothing where faces are born or die: a search folds the slots
//! pushed since the last one into their blocks, and measures again the blocks of the faces
//! that died since (a dead face only raised its slot to +∞). The polytope passes those faces
//! in: they are its last expansion's removed faces. Short lists, where the minima would cost
//! more than they save, are scanned whole.

use smallvec::SmallVec;

use super::polytope::INLINE_FACES;
use crate::lane_scan::first_largest;

/// Slots a block. A search reads every block's minimum, then one block, and measures again
/// the blocks its dead faces lie in (mostly one or two: the seen faces are neighbours, and
/// neighbours are born together).
const BLOCK: usize = 16;
/// Below this many slots a search scans them all: penetrating boxes end with about 60 slots,
/// 32-vertex hulls with about 100.
const BLOCKS_FROM: usize = 128;

pub(crate) struct FaceDistances {
    /// Each face's distance, +∞ once the face is dead.
    pub slots: SmallVec<[f64; INLINE_FACES]>,
    /// The smallest of each block's slots, as of the last search.
    block_minima: SmallVec<[f64; INLINE_FACES / BLOCK]>,
    /// How many slots the block minima have seen.
    measured: usize,
}

impl FaceDistances {
    // Inlined so that the polytope's `empty` writes it in place: its inline slots are 2.5 KB.
    #[inline(always)]
    pub fn new() -> Self {
        FaceDistances {
            slots: SmallVec::new(),
            block_minima: SmallVec::new(),
            measured: 0,
        }
    }

    /// The first slot holding the smallest finite distance, None when none is finite.
    /// `died` must hold every face that died since the last search (more does no harm).
    #[inline]
    pub fn first_smallest(&mut self, died: &[u32]) -> Option<usize> {
        // The first smallest distance is the first largest negated one; +∞ (a dead face, or
        // a block of dead faces) becomes −∞, which the scans never keep.
        if self.slots.len() < BLOCKS_FROM {
            first_largest(&self.slots, |&d| -d)
        } else {
            self.first_smallest_by_blocks(died)
        }
    }

    #[inline(never)]
    fn first_smallest_by_blocks(&mut self, died: &[u32]) -> Option<usize> {
        let slots = &self.slots[..];
        let block_of = |block: usize| &slots[block * BLOCK..slots.len().min((block + 1) * BLOCK)];
        // The slots pushed since the last search, into their blocks (the first time, all):
        // those that finish the last block measured, then each new block whole.
        let mut from = self.measured;
        if !from.is_multiple_of(BLOCK) {
            let end = slots.len().min(from.next_multiple_of(BLOCK));
            if let Some(minimum) = self.block_minima.last_mut() {
                *minimum = minimum.min(smallest(&slots[from..end]));
            }
            from = end;
        }
        for block in slots[from..].chunks(BLOCK) {
            self.block_minima.push(smallest(block));
        }
        self.measured = slots.len();
        let block_minima = &mut self.block_minima[..];
        for &f in died {
            let block = f as usize / BLOCK;
            block_minima[block] = smallest(block_of(block));
        }
        let block = first_largest(block_minima, |&d| -d)?;
        first_largest(block_of(block), |&d| -d).map(|i| block * BLOCK + i)
    }
}

/// Running minima a block's measure keeps side by side.
const MINIMA: usize = 4;

/// The smallest of `values`, +∞ for none.
///
/// One running minimum made each comparison wait on the one before, sixteen a block, and a
/// search measures a few blocks (its new ones and those its dead faces lie in); [`MINIMA`] of
/// them side by side wait a quarter as long (penetrating 4,096-vertex pairs in cache 3–4 %
/// faster, BENCHMARKS.md, the thirty-fifth round). `first_largest`'s lanes, which keep indices
/// too, measured slower than the single chain.
fn smallest(values: &[f64]) -> f64 {
    let mut minima = [f64::INFINITY; MINIMA];
    // The last chunk may be short; the zip takes what it has.
    for chunk in values.chunks(MINIMA) {
        for (m, &d) in minima.iter_mut().zip(chunk) {
            *m = if d < *m { d } else { *m };
        }
    }
    minima.into_iter().fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split_mix64::SplitMix64;

    /// The first smallest finite distance, by a plain scan.
    fn scanned(slots: &[f64]) -> Option<usize> {
        slots
            .iter()
            .enumerate()
            .fold(None, |best: Option<(usize, f64)>, (i, &d)| match best {
                Some((_, b)) if d >= b => best,
                _ if d.is_finite() => Some((i, d)),
                _ => best,
            })
            .map(|(i, _)| i)
    }

    #[test]
    fn the_closest_face_is_the_first_smallest_of_all_slots_through_births_and_deaths() {
        let mut rng = SplitMix64::new(12345);
        let mut next = |below: usize| rng.int(0, below - 1);
        let mut searches_by_blocks = 0;
        for run in 0..100 {
            let mut list = FaceDistances::new();
            let mut born: Vec<f64> = Vec::new();
            let mut died: Vec<u32> = Vec::new();
            for _ in 0..run * 8 {
                let len = list.slots.len();
                match next(10) {
                    // In odd runs few distinct values, so ties are common; in even ones
                    // many, so a block's smallest is mostly one slot, and a slot left out
                    // of its block's measure shows.
                    0..=4 => {
                        let d = next(if run % 2 == 1 { 6 } else { 1 << 20 }) as f64;
                        list.slots.push(d);
                        born.push(d);
                    }
                    // The polytope kills only living faces.
                    5 | 6 if len > 0 => {
                        let f = next(len);
                        if list.slots[f].is_finite() {
                            list.slots[f] = f64::INFINITY;
                            died.push(f as u32);
                        }
                    }
                    // A face revived since the last search, as a refused expansion does;
                    // listed as dead or not.
                    7 if !died.is_empty() => {
                        let k = next(died.len());
                        let f = died[k] as usize;
                        list.slots[f] = born[f];
                        if next(2) == 0 {
                            died.swap_remove(k);
                        }
                    }
                    _ => {
                        searches_by_blocks += usize::from(len >= BLOCKS_FROM);
                        let expected = scanned(&list.slots);
                        assert_eq!(list.first_smallest(&died), expected, "{:?}", list.slots);
                        died.clear();
                    }
                }
            }
        }
        assert!(searches_by_blocks > 1000, "{searches_by_blocks}");
    }
}
