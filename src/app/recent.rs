//! The scene files the user opened or saved lately, newest first, kept between runs.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// How many files the list keeps: enough for a lesson's scenes, short enough to scan.
pub const MAX_RECENT: usize = 8;

/// Recently opened or saved scene files, newest first, each once, as absolute paths so the list
/// means the same whatever directory the app starts in.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
}

impl RecentFiles {
    /// Puts `path` first, removing its earlier entry and the oldest beyond `MAX_RECENT`.
    pub fn push(&mut self, path: &Path) {
        let path = absolute(path);
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(MAX_RECENT);
    }

    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Whether `path` names one of the entries (however it is spelled, relative or not).
    pub fn contains(&self, path: &Path) -> bool {
        self.paths.contains(&absolute(path))
    }
}

/// `path` made absolute against the current directory; as it is if that fails.
pub fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newest_first_each_once_and_at_most_the_limit() {
        let mut recent = RecentFiles::default();
        for i in 0..10 {
            recent.push(Path::new(&format!("/scenes/{i}.ron")));
        }
        assert_eq!(recent.paths().len(), MAX_RECENT);
        assert_eq!(recent.paths()[0], Path::new("/scenes/9.ron"));
        assert_eq!(recent.paths()[MAX_RECENT - 1], Path::new("/scenes/2.ron"));

        recent.push(Path::new("/scenes/5.ron"));
        assert_eq!(recent.paths()[0], Path::new("/scenes/5.ron"));
        assert_eq!(
            recent.paths().len(),
            MAX_RECENT,
            "moved to the top, not repeated"
        );
        assert_eq!(recent.paths()[1], Path::new("/scenes/9.ron"));
    }

    #[test]
    fn relative_paths_are_kept_absolute() {
        let mut recent = RecentFiles::default();
        recent.push(Path::new("lesson.ron"));
        let stored = &recent.paths()[0];
        assert!(stored.is_absolute(), "{}", stored.display());
        assert!(stored.ends_with("lesson.ron"));
        assert!(recent.contains(Path::new("lesson.ron")));
        assert!(recent.contains(stored));
    }

    #[test]
    fn round_trips_through_ron_as_a_plain_list() {
        let mut recent = RecentFiles::default();
        recent.push(Path::new("/a.ron"));
        recent.push(Path::new("/b.ron"));
        let text = ron::to_string(&recent).unwrap();
        assert_eq!(text, r#"["/b.ron","/a.ron"]"#);
        assert_eq!(ron::from_str::<RecentFiles>(&text).unwrap(), recent);
    }
}
