//! A small memo of the last few values built from a key, for work an edit asks for again
//! unchanged: the hull of a body that was only moved, the surfaces drawn for it.

/// The last `N` values built, most recent first. Looked up by comparing keys one by one: for
/// the handful kept, cheaper than hashing large keys (point lists).
pub struct Recent<K, V, const N: usize> {
    entries: Vec<(K, V)>,
}

impl<K, V, const N: usize> Default for Recent<K, V, N> {
    fn default() -> Self {
        Recent {
            entries: Vec::new(),
        }
    }
}

impl<K: PartialEq, V, const N: usize> Recent<K, V, N> {
    /// The value kept for a key equal to `key`, else `build()`'s, kept in place of the least
    /// recent; either way it becomes the most recent.
    pub fn get_or_insert_with(&mut self, key: K, build: impl FnOnce() -> V) -> &V {
        match self.entries.iter().position(|(k, _)| *k == key) {
            Some(i) => self.entries[..=i].rotate_right(1),
            None => {
                let value = build();
                self.entries.truncate(N.saturating_sub(1));
                self.entries.insert(0, (key, value));
            }
        }
        &self.entries[0].1
    }
}

#[cfg(test)]
mod tests {
    use super::Recent;

    #[test]
    fn keeps_the_last_n_and_builds_only_what_it_does_not_keep() {
        let mut recent: Recent<u32, u32, 2> = Recent::default();
        let built = std::cell::Cell::new(0);
        let get = |recent: &mut Recent<u32, u32, 2>, key| {
            *recent.get_or_insert_with(key, || {
                built.set(built.get() + 1);
                key * 10
            })
        };
        assert_eq!(get(&mut recent, 1), 10);
        assert_eq!(get(&mut recent, 2), 20);
        assert_eq!(get(&mut recent, 1), 10); // kept: 1 is now the most recent
        assert_eq!(get(&mut recent, 3), 30); // 2, the least recent, goes
        assert_eq!(get(&mut recent, 1), 10);
        assert_eq!(get(&mut recent, 2), 20); // built again
        assert_eq!(built.get(), 4);
    }
}
