//! The teaching scenes shipped in `scenes/`, embedded so the app works from any directory.

use super::mesh::MeshFiles;
use super::{AnyScene, SceneError, parse_any_scene_with};

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
/// the 2D ones, under a heading of their own): a lesson sequence. First how GJK ends (on a
/// point, a segment, a triangle: apart; on a tetrahedron: overlapping), then EPA on flat
/// contacts (face, vertex, edge), its blow-up from 1, 2 and 3 points and the degenerate cases,
/// then curved shapes and refinement, the alternatives to EPA, and meshes from OBJ files.
pub const BUNDLED_SCENES_3D: &[BundledScene] = bundled![
    "3d/gjk-ends-on-a-point.ron",
    "3d/gjk-ends-on-a-segment.ron",
    "3d/gjk-ends-on-a-triangle.ron",
    "3d/separated-polyhedra.ron",
    "3d/tetrahedron-at-once.ron",
    "3d/box-on-box.ron",
    "3d/vertex-into-face.ron",
    "3d/boxes-crossing-edge-to-edge.ron",
    "3d/epa-blow-up-from-one-point.ron",
    "3d/epa-blow-up-from-two-points.ron",
    "3d/libccd-25-cubes.ron",
    "3d/origin-on-a-face.ron",
    "3d/coplanar-faces.ron",
    "3d/identical-shapes.ron",
    "3d/sphere-vs-box.ron",
    "3d/offset-unit-balls.ron",
    "3d/near-concentric-spheres.ron",
    "3d/capsules-crossing.ron",
    "3d/cylinder-on-box.ron",
    "3d/cylinder-by-a-box-edge.ron",
    "3d/cylinders-cap-to-cap.ron",
    "3d/ball-on-a-cones-side.ron",
    "3d/cone-into-plate.ron",
    "3d/far-from-origin.ron",
    "3d/spheres-core-shapes.ron",
    "3d/cone-core-shapes.ron",
    "3d/cylinder-vs-ellipsoid-sampling.ron",
    "3d/rock-on-a-slab.ron",
    "3d/gem-into-a-plate.ron",
];

/// A mesh file compiled into the binary, for the bundled scenes that name it.
#[derive(Clone, Copy, Debug)]
pub struct BundledMesh {
    /// File name in `scenes/`.
    pub file: &'static str,
    pub text: &'static str,
}

/// The meshes the bundled 3D scenes use, in `scenes/3d/`.
pub const BUNDLED_MESHES: &[BundledMesh] = &[
    BundledMesh {
        file: "3d/rock.obj",
        text: include_str!("../../scenes/3d/rock.obj"),
    },
    BundledMesh {
        file: "3d/gem.obj",
        text: include_str!("../../scenes/3d/gem.obj"),
    },
];

impl BundledScene {
    /// The scene, its meshes read from the embedded ones (the app may run from any directory).
    pub fn parse(&self) -> Result<AnyScene, SceneError> {
        let folder = self.file.rsplit_once('/').map_or("", |(folder, _)| folder);
        parse_any_scene_with(self.text, self.file, MeshFiles::Bundled(folder))
    }
}

/// The scene the app opens with: the worked example of the EPA post.
pub fn default_scene() -> super::Scene {
    let first = &BUNDLED_SCENES[0];
    super::parse_scene(first.text, first.file).expect("the bundled default scene is valid (tested)")
}
