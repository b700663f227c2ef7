//! A trace of 100,000 EPA iterations: recorded, written as JSON, and read back at its last EPA
//! step the way the app reads any step. The pair is a circle around a point, the case that keeps EPA
//! refining the whole circle until its iteration limit. The targets: under 1 GB and a
//! few seconds for the three together. Run with `cargo bench --bench long_trace`; the trace's
//! size is printed before the timings.

use std::hint::black_box;
use std::io;
use std::mem::size_of;
use std::time::Duration;

use criterion::Criterion;
use gjkviz::export::write_trace_json;
use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::trace::{Phase, SimplexVertex, Step, Trace};
use gjkviz::{Settings, trace};
use glam::DVec2;

const ITERATIONS: u32 = 100_000;

fn long_trace() -> Trace {
    let circle = ConvexBody::new(&Body::new(Shape::Circle { radius: 1.0 }, DVec2::ZERO, 0.0));
    let point = ConvexBody::new(&Body::new(Shape::Point, DVec2::ZERO, 0.0));
    let settings = Settings {
        max_iterations: ITERATIONS,
        ..Settings::default()
    };
    trace(&circle, &point, &settings)
}

/// The bytes the trace holds: its steps and the points they own.
fn bytes(t: &Trace) -> usize {
    t.steps.capacity() * size_of::<Step>()
        + t.steps
            .iter()
            .map(|s| (s.simplex.capacity() + s.removed.capacity()) * size_of::<SimplexVertex>())
            .sum::<usize>()
}

/// Counts what is written without keeping it.
struct Counter(usize);

impl io::Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len();
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn main() {
    let t = long_trace();
    let mut json = Counter(0);
    write_trace_json(&t, &mut json).expect("counting cannot fail");
    let last_epa = t
        .steps
        .iter()
        .rposition(|s| s.phase == Phase::Epa)
        .expect("EPA ran");
    let last = t.step(last_epa).expect("in range");
    println!(
        "{} steps, {:.1} MB in memory, {:.1} MB of JSON, last EPA step's polytope {} points",
        t.steps.len(),
        bytes(&t) as f64 / 1e6,
        json.0 as f64 / 1e6,
        last.simplex.len()
    );

    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(20))
        .configure_from_args();
    c.bench_function("record 100k EPA iterations", |b| {
        b.iter(|| black_box(long_trace()))
    });
    c.bench_function("write its JSON", |b| {
        b.iter(|| write_trace_json(black_box(&t), &mut Counter(0)))
    });
    c.bench_function("read its last EPA step", |b| {
        b.iter(|| black_box(t.step(last_epa)).map(|s| s.simplex.len()))
    });
    c.final_summary();
}
