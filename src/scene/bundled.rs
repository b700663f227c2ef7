//! The teaching scenes shipped in `scenes/`, embedded so the app works from any directory.

/// A scene file compiled into the binary.
#[derive(Clone, Copy, Debug)]
pub struct BundledScene {
    /// File name in `scenes/`.
    pub file: &'static str,
    pub text: &'static str,
}

macro_rules! bundled {
    ($($file:literal),* $(,)?) => {
        &[$(BundledScene { file: $file, text: include_str!(concat!("../../scenes/", $file)) }),*]
    };
}

/// Every bundled scene; the first is the default.
pub const BUNDLED_SCENES: &[BundledScene] = bundled![
    "dyn4j-epa-example.ron",
    "separated-polygons.ron",
    "edge-touching.ron",
    "corner-touching.ron",
    "deep-penetration.ron",
    "shape-inside-other.ron",
    "identical-shapes.ron",
    "circle-vs-circle.ron",
    "circle-vs-box.ron",
    "capsule-vs-polygon.ron",
    "ellipse-vs-polygon.ron",
    "thin-sliver.ron",
    "rotated-boxes.ron",
    "far-from-origin.ron",
    "origin-on-simplex-edge.ron",
    "triple-product-fragile.ron",
];

/// Every bundled 3D scene, in `scenes/3d/`, in the order the Scene picker lists them (after
/// the 2D ones, under a heading of their own).
pub const BUNDLED_SCENES_3D: &[BundledScene] = bundled![
    "3d/box-on-box.ron",
    "3d/sphere-vs-box.ron",
    "3d/separated-polyhedra.ron",
    "3d/capsules-crossing.ron",
    "3d/cone-into-plate.ron",
    "3d/offset-unit-balls.ron",
    "3d/spheres-core-shapes.ron",
    "3d/cylinder-vs-ellipsoid-sampling.ron",
    "3d/libccd-25-cubes.ron",
];

/// The scene the app opens with: the worked example of the EPA post.
pub fn default_scene() -> super::Scene {
    let first = &BUNDLED_SCENES[0];
    super::parse_scene(first.text, first.file).expect("the bundled default scene is valid (tested)")
}
