//! The command line: the same core as the app, on scene files, without a window.
//!
//! ```text
//! gjkviz                          open the app on the default scene
//! gjkviz SCENE.ron                open the app on a scene
//! gjkviz trace SCENE.ron [--json] print every step and the result
//! gjkviz check FILE...            validate scene files
//! ```

use std::io::Write;
use std::path::PathBuf;

use crate::format::{num, vec2};
use crate::scene::load_scene;
use crate::trace::{Step, Trace};

/// Exit code for a bad argument or a file that cannot be used.
pub const EXIT_USAGE: i32 = 2;
/// Exit code of `check` when some file is not a valid scene.
pub const EXIT_INVALID: i32 = 1;

pub const USAGE: &str = "\
usage:
  gjkviz                              open the app on the default scene
  gjkviz SCENE.ron                    open the app on a scene file
  gjkviz trace SCENE.ron [--json]     print every step of GJK/EPA and the result
  gjkviz check FILE...                validate scene files (exit 0 only if all are valid)
  gjkviz screenshot SCENE.ron --step N --out FILE.png [--size WxH] [--dark]
                    [--sweep] [--compare]
                                      render the app at a step to a PNG (needs a display),
                                      with the sweep panel or the comparison table open
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
    let (mut sweep, mut compare) = (false, false);
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
    })
}

fn parse_size(s: &str) -> Option<(f32, f32)> {
    let (w, h) = s.split_once('x')?;
    let (w, h): (f32, f32) = (w.parse().ok()?, h.parse().ok()?);
    (w >= 200.0 && h >= 200.0 && w <= 8192.0 && h <= 8192.0).then_some((w, h))
}

/// Runs `trace` or `check`, writing to `out` and `err`; returns the exit code.
pub fn run_headless(command: &Command, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let written = match command {
        Command::Trace { scene, json } => match load_scene(scene) {
            Ok(s) => {
                let trace = s.trace();
                if *json {
                    crate::export::write_trace_json(&trace, out)
                } else {
                    write_table(&trace, out)
                }
                .map(|()| 0)
            }
            Err(e) => writeln!(err, "{e}").map(|()| EXIT_USAGE),
        },
        Command::Check(files) => check_files(files, out),
        Command::Help => writeln!(out, "{USAGE}").map(|()| 0),
        Command::Open(_) | Command::Screenshot(_) => writeln!(
            err,
            "this build has no app (built without the `gui` feature)\n{USAGE}"
        )
        .map(|()| EXIT_USAGE),
    };
    // A closed pipe (`gjkviz trace x | head`) is not worth a panic.
    written.unwrap_or(0)
}

fn check_files(files: &[PathBuf], out: &mut dyn Write) -> std::io::Result<i32> {
    let mut code = 0;
    for file in files {
        match load_scene(file) {
            Ok(scene) => writeln!(out, "{}: OK ({})", file.display(), scene.name)?,
            Err(e) => {
                code = EXIT_INVALID;
                writeln!(out, "{e}")?;
            }
        }
    }
    Ok(code)
}

fn write_table(trace: &Trace, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "{:>4}  {:<8} {:>4}  {:<19} {:<24} {:<40} check",
        "step", "phase", "iter", "event", "direction", "support = a - b"
    )?;
    for (i, step) in trace.steps.iter().enumerate() {
        writeln!(
            out,
            "{:>4}  {:<8} {:>4}  {:<19} {:<24} {:<40} {}",
            i + 1,
            phase_label(step),
            step.iteration,
            snake_name(&step.event),
            step.direction.map(vec2).unwrap_or_default(),
            step.support
                .map(|s| format!("{} = {} - {}", vec2(s.point), vec2(s.a), vec2(s.b)))
                .unwrap_or_default(),
            check_text(step),
        )?;
        if let Some(edge) = step.closest_edge {
            writeln!(
                out,
                "{:>20}closest edge {} -> {}, normal {}, distance {}",
                "",
                vec2(edge.start),
                vec2(edge.end),
                vec2(edge.normal),
                num(edge.distance)
            )?;
        }
        let simplex: Vec<String> = step.simplex.iter().map(|v| vec2(v.point)).collect();
        writeln!(out, "{:>20}simplex [{}]", "", simplex.join(", "))?;
    }
    let r = &trace.result;
    writeln!(out)?;
    if r.intersecting {
        writeln!(
            out,
            "intersecting: depth {}, normal {}",
            num(r.depth),
            vec2(r.normal)
        )?;
    } else {
        writeln!(
            out,
            "separated: distance {}, normal {}",
            num(r.distance),
            vec2(r.normal)
        )?;
    }
    writeln!(
        out,
        "contact on A {}, contact on B {}",
        vec2(r.contact_a),
        vec2(r.contact_b)
    )?;
    writeln!(
        out,
        "iterations: GJK {}, distance {}, EPA {}; ended: {}",
        r.gjk_iterations,
        r.distance_iterations,
        r.epa_iterations,
        snake_name(&r.termination)
    )
}

/// The phase, marked when the step ran on the core shapes.
fn phase_label(step: &Step) -> String {
    let phase = snake_name(&step.phase);
    if step.on_cores {
        format!("{phase}*")
    } else {
        phase
    }
}

/// A unit enum variant by the name the JSON output gives it, e.g. `enclosed_origin`.
fn snake_name(value: &impl serde::Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

fn check_text(step: &Step) -> String {
    step.check
        .map(|c| {
            format!(
                "{} - {} = {} ({})",
                num(c.value),
                num(c.reference),
                num(c.difference),
                if c.passed { "pass" } else { "fail" }
            )
        })
        .unwrap_or_default()
}
