//! The 3D core against parry3d-f64 0.31's `query::contact` on random pairs of every pair of
//! shape kinds, and against the support-function bracket every answer must satisfy.
//!
//! The bracket (independent of both implementations' search): for overlapping shapes the depth
//! is min over unit n of h(n), h the support function of A − B, so the reported normal must
//! realise the reported depth (h(n) − depth ≈ 0) and no sampled direction may do better. For
//! separated shapes, h_A(n) and h_B(−n) bound two planes that A and B lie behind, so the
//! distance is at least −h_A(n) − h_B(−n) along the reported normal, and at most
//! |contact_b − contact_a|.
//!
//! parry is used through `query::contact`, which handles balls analytically; its support-map
//! GJK/EPA path, which it uses for the rest (boxes too: its cuboid–cuboid contact is switched
//! off in 0.31), can be loose (see the research notes: up to ~1e-3), so where the depths
//! differ the bracket decides whose answer is tighter: ours must not exceed h(parry's normal).

mod common;

use common::SplitMix64;
use common::split_mix64::env_number;
use common::three::{KINDS, difference_support, random_body};
use gjkviz::algorithm3::{Settings3, query};
use gjkviz::geometry3::{Body3, ConvexBody3, Shape3, SupportMap3};
use glam::{DQuat, DVec3};
use parry3d_f64::math::Pose;
use parry3d_f64::query::contact;
use parry3d_f64::shape::{
    Ball, Capsule, Cone, ConvexPolyhedron, Cuboid, Cylinder, Segment, Shape, Triangle,
};

/// Pairs of each ordered pair of kinds: 10 kinds → 100 kind pairs → 12,000 pairs, unless
/// `GJKVIZ_PAIRS` asks for another total (`GJKVIZ_PAIRS=60000 GJKVIZ_SEED=18 cargo test
/// --release --test three_d_versus_parry -- --nocapture` runs a long search; see `common`'s
/// `SEED_VARIABLE`).
const PAIRS_PER_KIND_PAIR: usize = 120;
/// Our runs converge to 1e-9 (the default tolerance) plus rounding; parry's closed forms are
/// exact to rounding. Depths and distances within 1e-9 agree, and only then are
/// their normals compared; beyond it the support function decides which answer is tighter,
/// and it must be ours (to [`BRACKET`]). The band used to reach 1e-7, which compared parry's
/// normal where its own answer was looser than ours: on curved pairs a distance 2.6e-8 to
/// 5.9e-8 too long left it up to 1.5e-3 rad off (5 of 60 seeds of 60,000 pairs).
const AGREE: f64 = 1e-9;
/// How far our normal may be from parry's when the depths or distances agree. Where the best
/// normal lies on a kink of A − B's normal map over a locally flat A − B, the depth changes by
/// less than the tolerance over about √(2·tol/R) of normals, and refinement cannot settle
/// there (README, Accuracy): 1.6e-4 at most measured over 1.8 million pairs (30 seeds).
/// Beyond it the support function decides which normal is the tighter, and it must be ours
/// (to [`HEIGHT_ROUNDING`]): agreeing within [`AGREE`] still lets parry's answer be the looser
/// by most of it, and its normal then off by as much (seed 1451: a cylinder's rim and a
/// capsule's end 0.0021 apart, parry's distance 6.5e-10 long and its normal 5.45e-4 rad off;
/// ours within 2e-16 of the closed form).
const NORMAL_ANGLE: f64 = 5e-4;
/// The rounding of a height h(n) recomputed here, on coordinates of a few units.
const HEIGHT_ROUNDING: f64 = 1e-13;
/// What the bracket allows beyond the tolerance: the gap check is s·n − d ≤ 1e-9, and the
/// support recomputed here rounds differently by a few ulps.
const BRACKET: f64 = 2e-9;
/// How far above the best lower bound found near the reported normal a distance may be. The
/// bound is a maximum over directions that often lies on a ridge: when the closest feature is
/// straight (a segment perpendicular to the normal, parallel faces) the support jumps between
/// the feature's ends, and the bound falls off linearly, by L·θ for a feature of length L and
/// a direction θ off. The search climbs such ridges only approximately, so this is a sanity
/// bound; exactness of separated pairs is checked against parry and the brute force.
const SEPARATED_BRACKET: f64 = 1e-7;
/// Below this |depth or distance| the shapes touch and either verdict is right.
const TOUCHING: f64 = 1e-9;

/// How far our normal may be from parry's on pairs of a ball and a ball or capsule (radians).
/// A − B is then smooth but for the capsule's side, and refinement takes the normal from the
/// √(2·tol/R) of EPA and the distance phase (1.7e-4 measured here before it) to 2.1e-8, the
/// worst being near touching, where a distance of 1e-3 leaves parry's normal and ours a
/// few ulps over a millimetre.
const BALL_NORMAL_ANGLE: f64 = 1e-6;

fn parry_shape(shape: &Shape3) -> Option<Box<dyn Shape>> {
    Some(match shape {
        Shape3::Polyhedron { points, .. }
        | Shape3::Mesh {
            vertices: points, ..
        } => Box::new(ConvexPolyhedron::from_convex_hull(points)?),
        Shape3::Box { half_extents } => Box::new(Cuboid::new(*half_extents)),
        Shape3::Sphere { radius } => Box::new(Ball::new(*radius)),
        Shape3::Capsule {
            half_length,
            radius,
        } => Box::new(Capsule::new_y(*half_length, *radius)),
        Shape3::Cylinder {
            half_height,
            radius,
        } => Box::new(Cylinder::new(*half_height, *radius)),
        Shape3::Cone {
            half_height,
            radius,
        } => Box::new(Cone::new(*half_height, *radius)),
        Shape3::Segment { a, b } => Box::new(Segment::new(*a, *b)),
        Shape3::Triangle { a, b, c } => Box::new(Triangle::new(*a, *b, *c)),
        Shape3::Point => Box::new(Ball::new(0.0)),
        Shape3::Ellipsoid { .. } => return None,
    })
}

fn pose(body: &Body3) -> Pose {
    Pose::from_parts(body.position, DQuat::from_mat3(&body.rotation_matrix()))
}

/// The smallest h over a Fibonacci lattice of directions: an upper bound on the depth.
fn sampled_upper_bound(a: &ConvexBody3, b: &ConvexBody3) -> f64 {
    const N: u32 = 400;
    (0..N)
        .map(|i| gjkviz::algorithm3::fibonacci_direction(i, N))
        .map(|n| difference_support(a, b, n))
        .fold(f64::INFINITY, f64::min)
}

#[derive(Default, Debug)]
struct Tally {
    pairs: usize,
    compared: usize,
    unsupported: usize,
    overlapping: usize,
    separated: usize,
    touching_disagreements: usize,
    parry_looser: usize,
    /// Kind pairs where parry was looser, with counts.
    looser_kinds: std::collections::BTreeMap<String, usize>,
    /// Compared pairs whose depth or distance agree within [`AGREE`].
    agreed: usize,
    max_depth_error: f64,
    max_distance_error: f64,
    max_parry_slack: f64,
    max_bracket_gap: f64,
    max_separated_bracket_gap: f64,
    max_normal_angle: f64,
    /// Pairs whose normals lie [`NORMAL_ANGLE`] or more apart, where ours was the tighter.
    parry_normal_looser: usize,
    /// Over pairs of a ball and a ball or capsule, which parry handles in closed form.
    max_ball_normal_angle: f64,
    max_contact_error: f64,
}

#[test]
fn agrees_with_parry_and_the_support_bracket_on_every_kind_pair() {
    let mut rng = SplitMix64::new(20_261_123);
    let settings = Settings3::default();
    let kind_pairs = KINDS.len() * KINDS.len();
    let per_kind_pair = env_number("GJKVIZ_PAIRS")
        .map_or(PAIRS_PER_KIND_PAIR, |n| (n as usize).div_ceil(kind_pairs));
    let mut t = Tally::default();
    for ka in KINDS {
        for kb in KINDS {
            for _ in 0..per_kind_pair {
                let body_a = random_body(&mut rng, ka, 1.0);
                let body_b = random_body(&mut rng, kb, 1.0);
                let (a, b) = (ConvexBody3::new(&body_a), ConvexBody3::new(&body_b));
                let r = query(&a, &b, &settings);
                t.pairs += 1;
                let label = format!("{ka} vs {kb}: {body_a:?} / {body_b:?}");

                // The bracket, for every pair.
                if r.intersecting {
                    let h = difference_support(&a, &b, r.normal);
                    let gap = h - r.depth;
                    assert!(
                        (-BRACKET..=1e-9 + BRACKET).contains(&gap),
                        "{label}: h(n) − depth = {gap:e}"
                    );
                    let upper = sampled_upper_bound(&a, &b);
                    assert!(r.depth <= upper + BRACKET, "{label}: {} > {upper}", r.depth);
                    t.max_bracket_gap = t.max_bracket_gap.max(gap.abs());
                    t.overlapping += 1;
                } else {
                    let lower = best_lower_bound(&a, &b, r.normal);
                    let upper = (r.contact_b - r.contact_a).length();
                    assert!(
                        r.distance - lower <= SEPARATED_BRACKET
                            && (upper - r.distance).abs() <= 1e-9,
                        "{label}: distance {} outside [{lower}, {upper}], {:?} after {}",
                        r.distance,
                        r.termination,
                        r.distance_iterations
                    );
                    t.max_separated_bracket_gap =
                        t.max_separated_bracket_gap.max(r.distance - lower);
                    t.separated += 1;
                }

                // parry, where it has the shapes.
                let (Some(pa), Some(pb)) = (parry_shape(&body_a.shape), parry_shape(&body_b.shape))
                else {
                    continue;
                };
                let found = match contact(&pose(&body_a), &*pa, &pose(&body_b), &*pb, 100.0) {
                    Ok(Some(c)) => c,
                    Ok(None) | Err(_) => {
                        t.unsupported += 1;
                        continue;
                    }
                };
                t.compared += 1;
                let ours = if r.intersecting { -r.depth } else { r.distance };
                if ours.abs() <= TOUCHING || found.dist.abs() <= TOUCHING {
                    if (ours > 0.0) != (found.dist > 0.0) {
                        t.touching_disagreements += 1;
                    }
                    continue;
                }
                assert_eq!(
                    r.intersecting,
                    found.dist < 0.0,
                    "{label}: ours {ours}, parry {}",
                    found.dist
                );
                let error = (ours - found.dist).abs();
                t.agreed += usize::from(error <= AGREE);
                if r.intersecting {
                    if error > AGREE {
                        // parry's depth differs: its normal must not prove ours too deep.
                        let h = difference_support(&a, &b, found.normal1);
                        assert!(
                            r.depth <= h + BRACKET,
                            "{label}: depth {} > h(parry normal) {h} (parry {})",
                            r.depth,
                            -found.dist
                        );
                        t.parry_looser += 1;
                        *t.looser_kinds.entry(format!("{ka}-{kb}")).or_default() += 1;
                        t.max_parry_slack = t.max_parry_slack.max(error);
                        continue;
                    }
                    t.max_depth_error = t.max_depth_error.max(error);
                } else {
                    if error > AGREE {
                        // Our contact points are points of A and B that far apart, and the
                        // bracket proved no pair is nearer: parry may only be farther.
                        assert!(
                            ours <= found.dist + BRACKET,
                            "{label}: distance {ours} vs parry {}",
                            found.dist
                        );
                        t.parry_looser += 1;
                        *t.looser_kinds.entry(format!("{ka}-{kb}")).or_default() += 1;
                        t.max_parry_slack = t.max_parry_slack.max(error);
                        continue;
                    }
                    t.max_distance_error = t.max_distance_error.max(error);
                }
                let angle = r.normal.angle_between(found.normal1);
                t.max_normal_angle = t.max_normal_angle.max(angle);
                if angle >= NORMAL_ANGLE {
                    // The depth, and minus the distance, is the smallest height: the lower of
                    // the two normals' heights is the tighter answer.
                    let ours = difference_support(&a, &b, r.normal);
                    let theirs = difference_support(&a, &b, found.normal1);
                    assert!(
                        ours <= theirs + HEIGHT_ROUNDING,
                        "{label}: normals {angle:e} rad apart, h(ours) {ours} > h(parry's) {theirs}"
                    );
                    t.parry_normal_looser += 1;
                }
                if rounded(&body_a.shape)
                    && rounded(&body_b.shape)
                    && (ball(&body_a.shape) || ball(&body_b.shape))
                {
                    t.max_ball_normal_angle = t.max_ball_normal_angle.max(angle);
                }
                // Contact points are unique when the normal is; compare them then.
                if angle < 1e-6 {
                    let e = (r.contact_a - found.point1)
                        .length()
                        .max((r.contact_b - found.point2).length());
                    if unique_witnesses(&body_a.shape) && unique_witnesses(&body_b.shape) {
                        t.max_contact_error = t.max_contact_error.max(e);
                    }
                }
            }
        }
    }
    eprintln!("{t:#?}");
    // Most pairs have a parry shape, and the poses give both verdicts often (at the default
    // 12,000 pairs: 9,720 compared, about 4,200 overlapping and 7,800 separated).
    assert!(t.compared * 10 >= t.pairs * 6, "{t:?}");
    assert!(
        t.overlapping * 6 > t.pairs && t.separated * 6 > t.pairs,
        "{t:?}"
    );
    // Normals that far apart are rare, each decided above: a few in a million pairs.
    assert!(t.parry_normal_looser * 1000 <= t.agreed, "{t:?}");
    assert!(t.max_ball_normal_angle < BALL_NORMAL_ANGLE, "{t:?}");
    assert!(t.max_contact_error < 1e-4, "{t:?}");
}

/// The largest lower bound on the distance near the direction `n` (from A toward B): A lies
/// behind u·x = h_A(u) and B beyond u·x = −h_B(−u), so the distance is at least
/// −h_A(u) − h_B(−u) for every unit u, with equality at the true normal. A pattern search
/// from `n` finds that maximum; the reported normal alone can be off by √(2ε/d) for two
/// curved shapes a distance d apart, which would cost the bound more than ε.
fn best_lower_bound(a: &ConvexBody3, b: &ConvexBody3, n: DVec3) -> f64 {
    let bound = |u: DVec3| -a.support(u).dot(u) + b.support(-u).dot(u);
    let (t1, t2) = gjkviz::algorithm3::tangents(n);
    let (mut u, mut best, mut step) = (n, bound(n), 1e-3);
    for _ in 0..2000 {
        // Diagonal moves too: where the support jumps between polytope features the bound
        // has ridges that the axis moves alone cannot climb.
        let d1 = (t1 + t2) * std::f64::consts::FRAC_1_SQRT_2;
        let d2 = (t1 - t2) * std::f64::consts::FRAC_1_SQRT_2;
        let candidates = [t1, -t1, t2, -t2, d1, -d1, d2, -d2].map(|t| (u + t * step).normalize());
        match candidates
            .iter()
            .map(|&c| (bound(c), c))
            .max_by(|x, y| x.0.total_cmp(&y.0))
        {
            Some((value, c)) if value > best => {
                best = value;
                u = c;
            }
            _ => step *= 0.5,
        }
        if step < 1e-9 {
            break;
        }
    }
    best
}

/// Balls and capsules: curved shapes parry's `query::contact` handles in closed form.
fn rounded(shape: &Shape3) -> bool {
    matches!(shape, Shape3::Sphere { .. } | Shape3::Capsule { .. })
}

fn ball(shape: &Shape3) -> bool {
    matches!(shape, Shape3::Sphere { .. })
}

/// Strictly convex shapes touch in one point: their witness points are unique.
fn unique_witnesses(shape: &Shape3) -> bool {
    matches!(shape, Shape3::Sphere { .. } | Shape3::Point)
}

#[test]
fn the_bracket_also_holds_for_ellipsoids_far_from_the_origin() {
    let mut rng = SplitMix64::new(8);
    let far = DVec3::new(3e5, -1e5, 2e5);
    for kb in KINDS {
        for _ in 0..30 {
            let mut body_a = random_body(&mut rng, "Ellipsoid", 1.0);
            let mut body_b = random_body(&mut rng, kb, 1.0);
            body_a.position += far;
            body_b.position += far;
            let (a, b) = (ConvexBody3::new(&body_a), ConvexBody3::new(&body_b));
            let r = query(&a, &b, &Settings3::default());
            // Coordinates near 3e5 carry 6e-11 of rounding each.
            if r.intersecting {
                let gap = difference_support(&a, &b, r.normal) - r.depth;
                assert!(gap.abs() <= 1e-8, "{kb}: {gap:e}");
            } else {
                let gap = r.distance - best_lower_bound(&a, &b, r.normal);
                assert!(gap.abs() <= SEPARATED_BRACKET, "{kb}: {gap:e}");
            }
        }
    }
}
