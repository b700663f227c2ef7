//! The command line's grammar: what the arguments ask for, and the exit codes. Both the
//! headless runner (`cli`) and the app (`screenshot`) read it, so it depends on neither.

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;

use glam::DVec3;

/// Exit code for a bad argument or a file that cannot be used.
pub const EXIT_USAGE: i32 = 2;
/// Exit code of `check` when some file is not a valid scene.
pub const EXIT_INVALID: i32 = 1;
/// Exit code when the output could not be written (a closed pipe, a full disk).
pub const EXIT_OUTPUT: i32 = 3;

/// Tells the user `message` on standard error, on a path that is failing: its exit code says
/// so. `eprintln!` would panic where standard error is closed (behind `2>&1 | head`); here
/// that write fails quietly, as there is nowhere left to report it, and the exit code stands.
pub fn tell(message: impl Display) {
    // Nowhere left to say that saying failed; the caller's exit code carries the failure.
    writeln!(std::io::stderr().lock(), "{message}").ok();
}

pub const USAGE: &str = "\
usage:
  gjkviz                              open the app on the default scene
  gjkviz SCENE.ron                    open the app on a scene file
  gjkviz trace SCENE.ron [--json]     print every step of GJK/EPA and the result (2D or 3D)
  gjkviz check FILE...                validate 2D and 3D scene files (exit 0 only if all are valid)
  gjkviz screenshot SCENE.ron --step N --out FILE.png [--size WxH] [--dark]
                    [--sweep] [--compare] [--camera VIEW] [--shapes] [--move-b DX,DY,DZ]
                                      render the app at a step to a PNG (needs a display),
                                      with the sweep panel or the comparison table open;
                                      on a 3D scene --camera turns both views: iso, +x, -x,
                                      +y, -y, +z, -z (look along that axis), along-n (the
                                      step's closest face head on, else the result's normal)
                                      or YAW,PITCH in degrees (0,0 looks along -z); --shapes
                                      opens the Shapes section, --move-b moves B by an edit
  gjkviz help                         this text";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Open the app, on a scene file or the default scene.
    Open(Option<PathBuf>),
    Trace {
        scene: PathBuf,
        json: bool,
    },
    Check(Vec<PathBuf>),
    Screenshot(ScreenshotRequest),
    Help,
}

/// Everything `gjkviz screenshot` needs.
#[derive(Clone, Debug, PartialEq)]
pub struct ScreenshotRequest {
    pub scene: PathBuf,
    /// 1-based step to show; 0 shows the result after the last step.
    pub step: usize,
    pub out: PathBuf,
    pub size: (f32, f32),
    pub dark: bool,
    /// Open the sweep panel.
    pub sweep: bool,
    /// Show the comparison of the penetration methods.
    pub compare: bool,
    /// How a 3D scene's views are turned; None keeps the isometric view they open with.
    pub camera: Option<CameraChoice>,
    /// Open the Shapes section with its fields (3D scenes).
    pub shapes: bool,
    /// Move B by this offset as an edit before the picture (3D scenes).
    pub move_b: Option<[f64; 3]>,
}

/// Which way the 3D views look, chosen on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CameraChoice {
    /// Along a direction (one of [`CAMERA_PRESETS`]).
    Along(DVec3),
    /// Along the step's normal: the closest face head on, else the result's normal.
    AlongNormal,
    /// Turned by yaw (about +Y; 0 looks along −Z) and pitch (elevation), in degrees.
    Angles { yaw: f64, pitch: f64 },
}

/// The camera presets by name, the directions looked along: the axes and the isometric view
/// the 3D views open with.
pub const CAMERA_PRESETS: [(&str, DVec3); 7] = [
    ("+x", DVec3::X),
    ("-x", DVec3::NEG_X),
    ("+y", DVec3::Y),
    ("-y", DVec3::NEG_Y),
    ("+z", DVec3::Z),
    ("-z", DVec3::NEG_Z),
    ("iso", DVec3::new(-1.0, -1.0, -1.0)),
];

/// `--camera`'s value: a preset's name, "along-n", or "YAW,PITCH" in degrees.
fn parse_camera(s: &str) -> Option<CameraChoice> {
    if s == "along-n" {
        return Some(CameraChoice::AlongNormal);
    }
    if let Some((_, direction)) = CAMERA_PRESETS.iter().find(|(name, _)| *name == s) {
        return Some(CameraChoice::Along(*direction));
    }
    let (yaw, pitch) = s.split_once(',')?;
    let (yaw, pitch): (f64, f64) = (yaw.trim().parse().ok()?, pitch.trim().parse().ok()?);
    (yaw.is_finite() && pitch.is_finite()).then_some(CameraChoice::Angles { yaw, pitch })
}

/// Parses the arguments after the program name.
pub fn parse_args(args: &[String]) -> Result<Command, String> {
    let Some(first) = args.first() else {
        return Ok(Command::Open(None));
    };
    match first.as_str() {
        "help" | "--help" | "-h" => Ok(Command::Help),
        "trace" => {
            let mut scene = None;
            let mut json = false;
            for arg in &args[1..] {
                match arg.as_str() {
                    "--json" => json = true,
                    flag if flag.starts_with('-') => {
                        return Err(format!("trace: unknown option {flag}"));
                    }
                    path if scene.is_none() => scene = Some(PathBuf::from(path)),
                    extra => {
                        return Err(format!(
                            "trace: one scene at a time, found a second: {extra}"
                        ));
                    }
                }
            }
            let scene = scene.ok_or("trace: which scene? gjkviz trace SCENE.ron")?;
            Ok(Command::Trace { scene, json })
        }
        "check" => {
            let files: Vec<PathBuf> = args[1..].iter().map(PathBuf::from).collect();
            if files.is_empty() {
                return Err("check: name at least one file".to_string());
            }
            Ok(Command::Check(files))
        }
        "screenshot" => parse_screenshot(&args[1..]).map(Command::Screenshot),
        flag if flag.starts_with('-') => Err(format!("unknown option {flag}")),
        path if args.len() == 1 => Ok(Command::Open(Some(PathBuf::from(path)))),
        _ => Err(format!("unknown command {first}")),
    }
}

fn parse_screenshot(args: &[String]) -> Result<ScreenshotRequest, String> {
    let mut scene = None;
    let mut step = 0;
    let mut out = None;
    let mut size = (1280.0, 800.0);
    let mut dark = false;
    let (mut sweep, mut compare, mut shapes) = (false, false, false);
    let mut camera = None;
    let mut move_b = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("screenshot: {name} needs a value"))
        };
        match arg.as_str() {
            "--step" => {
                let v = value("--step")?;
                step = v
                    .parse()
                    .map_err(|_| format!("screenshot: --step takes a step number, found {v}"))?;
            }
            "--out" => out = Some(PathBuf::from(value("--out")?)),
            "--size" => {
                let v = value("--size")?;
                size = parse_size(&v)
                    .ok_or(format!("screenshot: --size takes WIDTHxHEIGHT, found {v}"))?;
            }
            "--dark" => dark = true,
            "--sweep" => sweep = true,
            "--compare" => compare = true,
            "--camera" => {
                let v = value("--camera")?;
                camera = Some(parse_camera(&v).ok_or(format!(
                    "screenshot: --camera takes iso, +x, -x, +y, -y, +z, -z, along-n or \
                     YAW,PITCH in degrees, found {v}"
                ))?);
            }
            "--shapes" => shapes = true,
            "--move-b" => {
                let v = value("--move-b")?;
                move_b = Some(parse_offset(&v).ok_or(format!(
                    "screenshot: --move-b takes three finite numbers DX,DY,DZ, found {v}"
                ))?);
            }
            flag if flag.starts_with('-') => {
                return Err(format!("screenshot: unknown option {flag}"));
            }
            path if scene.is_none() => scene = Some(PathBuf::from(path)),
            extra => return Err(format!("screenshot: unexpected argument {extra}")),
        }
    }
    Ok(ScreenshotRequest {
        scene: scene.ok_or("screenshot: which scene?")?,
        step,
        out: out.ok_or("screenshot: where to? --out FILE.png")?,
        size,
        dark,
        sweep,
        compare,
        camera,
        shapes,
        move_b,
    })
}

/// "DX,DY,DZ": three finite numbers.
fn parse_offset(s: &str) -> Option<[f64; 3]> {
    let numbers: Vec<f64> = s
        .split(',')
        .map(|n| n.trim().parse().ok().filter(|x: &f64| x.is_finite()))
        .collect::<Option<_>>()?;
    numbers.try_into().ok()
}

fn parse_size(s: &str) -> Option<(f32, f32)> {
    let (w, h) = s.split_once('x')?;
    let (w, h): (f32, f32) = (w.parse().ok()?, h.parse().ok()?);
    (w >= 200.0 && h >= 200.0 && w <= 8192.0 && h <= 8192.0).then_some((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn camera_of(value: &str) -> Result<Option<CameraChoice>, String> {
        let args: Vec<String> = ["s.ron", "--out", "x.png", "--camera", value]
            .iter()
            .map(|s| s.to_string())
            .collect();
        parse_screenshot(&args).map(|r| r.camera)
    }

    #[test]
    fn camera_takes_presets_the_normal_and_angles_in_degrees() {
        assert_eq!(camera_of("+x"), Ok(Some(CameraChoice::Along(DVec3::X))));
        assert_eq!(camera_of("-z"), Ok(Some(CameraChoice::Along(DVec3::NEG_Z))));
        assert_eq!(
            camera_of("iso"),
            Ok(Some(CameraChoice::Along(DVec3::new(-1.0, -1.0, -1.0))))
        );
        assert_eq!(camera_of("along-n"), Ok(Some(CameraChoice::AlongNormal)));
        assert_eq!(
            camera_of("30, -15.5"),
            Ok(Some(CameraChoice::Angles {
                yaw: 30.0,
                pitch: -15.5
            }))
        );
        for bad in ["x", "up", "30", "30,", "nan,0", "1,inf"] {
            let err = camera_of(bad).unwrap_err();
            assert!(err.contains("--camera") && err.contains(bad), "{err}");
        }
        let args: Vec<String> = ["s.ron", "--out", "x.png"].map(String::from).to_vec();
        assert_eq!(parse_screenshot(&args).unwrap().camera, None);
    }
}
