//! What the 2D and 3D benches against parry share: the verdict every pair of a set is built
//! for, the batch size, how a set's seed comes from its name, and the loop over a batch.

/// Criterion as both benches against parry run it: short, so the whole 2D run takes about
/// 3.5 minutes on two shared cores, with batches long enough for stable samples; command-line
/// options (a filter, `--measurement-time`) apply on top.
pub fn short_criterion() -> criterion::Criterion {
    criterion::Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(1500))
        .sample_size(20)
        .configure_from_args()
}

/// Pairs in a batch: enough that one iteration takes microseconds even for the cheapest set, so
/// criterion's timer overhead and the loop around the call are negligible.
pub const PAIRS_PER_BATCH: usize = 64;

/// How often an in-cache set queries each pair in a row. A batch of 4,096-vertex pairs holds
/// megabytes of vertices (8 MiB in 2D; in 3D 12.6 MB, and 308 MB of cube maps), more than an
/// L2 cache, so every query of the plain set starts cold; querying a pair again at once finds
/// it warm. The two sets tell the cost of the support search apart from the cost of memory. A
/// query repeated at once also finds its branches predicted, so the 3D bench repeats its
/// smallest polytopes too, to compare the largest with them like with like.
pub const IN_CACHE_REPEATS: usize = 4;

/// Every set draws from its own stream of this seed (mixed with its name), so adding a set
/// changes no other set.
const SEED: u64 = 0x6a6b_7669_7a00_0001;

/// How the two shapes of a pair lie: the verdict every pair of a set must get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contact {
    Penetrating,
    Separated,
}

impl Contact {
    /// Both kinds of set, with the prefix of their names.
    pub const BOTH: [(Contact, &'static str); 2] = [
        (Contact::Penetrating, "penetrating"),
        (Contact::Separated, "separated"),
    ];
}

/// The seed of the stream named `stream` (FNV-1a of the name over [`SEED`]).
pub fn stream_seed(stream: &str) -> u64 {
    stream.bytes().fold(SEED, |h, byte| {
        (h ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Runs `query` on every pair, each `repeats` times in a row, and sums the answers so that
/// none of the work can be optimised away.
pub fn batch<P>(pairs: &[P], repeats: usize, query: impl Fn(&P) -> f64) -> f64 {
    let mut total = 0.0;
    for pair in pairs {
        for _ in 0..repeats {
            total += query(pair);
        }
    }
    total
}
