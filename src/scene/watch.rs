//! Noticing that a scene file changed on disk, so the app can reload it while the user edits it
//! in their own editor. Polling the file's modification time and size is enough for that and
//! needs no platform-specific notification API.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What identifies one version of a file on disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    modified: Option<SystemTime>,
    len: u64,
}

fn stamp(path: &Path) -> Option<Stamp> {
    let meta = fs::metadata(path).ok()?;
    Some(Stamp {
        modified: meta.modified().ok(),
        len: meta.len(),
    })
}

/// Watches one file by polling.
#[derive(Clone, Debug)]
pub struct FileWatch {
    path: PathBuf,
    last: Option<Stamp>,
    /// The file was not there at the last look.
    missing: bool,
}

impl FileWatch {
    /// Starts watching `path` as it is now.
    pub fn new(path: &Path) -> Self {
        FileWatch {
            path: path.to_path_buf(),
            last: stamp(path),
            missing: !path.exists(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file changed since the last call (or since `new`). A file that disappears
    /// is not a change worth reloading; its reappearance is.
    pub fn changed(&mut self) -> bool {
        let now = stamp(&self.path);
        if now.is_none() || now == self.last {
            return false;
        }
        self.last = now;
        true
    }

    /// Whether the file, there at the last look, is gone (deleted or moved away): reported
    /// once, until it comes back.
    pub fn went_missing(&mut self) -> bool {
        let missing = !self.path.exists();
        let news = missing && !self.missing;
        self.missing = missing;
        news
    }

    /// Forgets changes made up to now, e.g. by the app's own save.
    pub fn acknowledge(&mut self) {
        self.last = stamp(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_writes_but_not_deletion_and_not_its_own_saves() {
        let dir = std::env::temp_dir().join(format!("gjkviz-watch-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("scene.ron");
        fs::write(&path, "one").unwrap();
        let mut watch = FileWatch::new(&path);
        assert!(!watch.changed());

        fs::write(&path, "two, longer").unwrap();
        assert!(watch.changed());
        assert!(!watch.changed(), "a change is reported once");
        assert!(!watch.went_missing());

        fs::write(&path, "three, longer still").unwrap();
        watch.acknowledge();
        assert!(!watch.changed(), "acknowledged changes are not reported");

        fs::remove_file(&path).unwrap();
        assert!(!watch.changed(), "a vanished file is not reloaded");
        assert!(watch.went_missing(), "but its going is told");
        assert!(!watch.went_missing(), "once");
        fs::write(&path, "back").unwrap();
        assert!(watch.changed(), "its return is");
        assert!(!watch.went_missing());
        fs::remove_dir_all(&dir).unwrap();
    }
}
