//! A folder of a test's own under the system's temporary folder, removed when the test ends,
//! passed or failed (a failed assertion unwinds through the drop), so runs leave nothing behind.

use std::ops::Deref;
use std::path::{Path, PathBuf};

pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `gjkviz-<test>-<process id>`, emptied first: a run killed before its drop leaves it.
    pub fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("gjkviz-{test}-{}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir).expect("a stale test folder can be removed");
        }
        std::fs::create_dir_all(&dir).expect("a test folder can be made");
        TempDir(dir)
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A test may have removed the folder itself; any other failure is reported, not hidden.
        match std::fs::remove_dir_all(&self.0) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                eprintln!("could not remove {}: {e}", self.0.display());
            }
            _ => {}
        }
    }
}
