//! Noticing that a scene file changed on disk, so the app can reload it while the user edits it
//! in their own editor, and the files it reads (a 3D scene's meshes) too. Polling each file's
//! modification time and size is enough for that and needs no platform-specific notification
//! API.

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

/// Watches one file by polling, and the files it reads ([`FileWatch::follow`]).
#[derive(Clone, Debug)]
pub struct FileWatch {
    path: PathBuf,
    last: Option<Stamp>,
    /// The file was not there at the last look.
    missing: bool,
    /// Files the watched one reads, each with its stamp at the last look.
    followed: Vec<(PathBuf, Option<Stamp>)>,
}

impl FileWatch {
    /// Starts watching `path` as it is now.
    pub fn new(path: &Path) -> Self {
        FileWatch {
            path: path.to_path_buf(),
            last: stamp(path),
            missing: !path.exists(),
            followed: Vec::new(),
        }
    }

    /// Also reports changes to `paths` (replacing the files followed before), e.g. the meshes
    /// of a 3D scene: `watch.follow(scene.mesh_paths(path))` after each load.
    pub fn follow(&mut self, paths: Vec<PathBuf>) {
        self.followed = paths
            .into_iter()
            .map(|p| {
                let now = stamp(&p);
                (p, now)
            })
            .collect();
    }

    /// The files followed besides the watched one.
    pub fn followed(&self) -> impl Iterator<Item = &Path> {
        self.followed.iter().map(|(p, _)| p.as_path())
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether the file or a followed one changed since the last call (or since `new`). A
    /// file that disappears is not a change worth reloading; its reappearance is.
    pub fn changed(&mut self) -> bool {
        let mut changed = newer(&self.path, &mut self.last);
        for (path, last) in &mut self.followed {
            changed |= newer(path, last);
        }
        changed
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
        for (path, last) in &mut self.followed {
            *last = stamp(path);
        }
    }
}

/// Whether the file at `path` is there with a stamp other than `last`, which it then becomes.
fn newer(path: &Path, last: &mut Option<Stamp>) -> bool {
    let now = stamp(path);
    if now.is_none() || now == *last {
        return false;
    }
    *last = now;
    true
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

    #[test]
    fn followed_files_count_as_changes_of_the_watched_one() {
        let dir = std::env::temp_dir().join(format!("gjkviz-follow-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let (scene, mesh) = (dir.join("scene.ron"), dir.join("rock.obj"));
        fs::write(&scene, "scene").unwrap();
        fs::write(&mesh, "v 0 0 0").unwrap();
        let mut watch = FileWatch::new(&scene);
        watch.follow(vec![mesh.clone()]);
        assert_eq!(watch.followed().collect::<Vec<_>>(), vec![mesh.as_path()]);
        assert!(!watch.changed());
        fs::write(&mesh, "v 0 0 0\nv 1 0 0").unwrap();
        assert!(watch.changed(), "an edited mesh reloads the scene");
        assert!(!watch.changed(), "once");
        fs::write(&mesh, "v 0 0 0\nv 1 0 0\nv 0 1 0").unwrap();
        watch.acknowledge();
        assert!(!watch.changed(), "acknowledged");
        watch.follow(Vec::new());
        fs::write(&mesh, "v 2 0 0").unwrap();
        assert!(!watch.changed(), "a mesh no longer used is not followed");
        fs::remove_dir_all(&dir).unwrap();
    }
}
