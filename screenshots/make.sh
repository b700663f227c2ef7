#!/usr/bin/env bash
# Regenerates every PNG in screenshots/ with the program's own `gjkviz screenshot` command.
# Needs a display: run it as
#   xvfb-run -a -s "-screen 0 2000x1200x24" screenshots/make.sh
# (Debian packages: xvfb xauth mesa-vulkan-drivers libxkbcommon-x11-0 libxcursor1 libxi6).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
shot() { target/release/gjkviz screenshot "$@"; }

shot scenes/dyn4j-epa-example.ron --step 2 --out screenshots/gjk-step.png
shot scenes/dyn4j-epa-example.ron --step 4 --out screenshots/epa-step.png
shot scenes/dyn4j-epa-example.ron --step 5 --out screenshots/epa-result.png --size 1920x1080
shot scenes/dyn4j-epa-example.ron --step 5 --out screenshots/epa-result-dark.png --dark
shot scenes/circle-vs-circle.ron --step 30 --out screenshots/circle-late-epa-step.png
shot scenes/separated-polygons.ron --step 0 --out screenshots/separated-result.png
shot scenes/triple-product-fragile.ron --step 0 --sweep --out screenshots/sweep-kissing-contact.png
shot scenes/circle-vs-circle.ron --step 41 --out screenshots/circle-refinement.png
shot scenes/3d/vertex-into-face.ron --step 4 --out screenshots/3d-gjk-tetrahedron.png
shot scenes/3d/sphere-vs-box.ron --step 8 --out screenshots/3d-epa-step.png
shot scenes/3d/vertex-into-face.ron --step 0 --out screenshots/3d-contact-result.png
shot scenes/3d/ball-on-a-cones-side.ron --step 49 --out screenshots/3d-refinement-kink-step.png
shot scenes/3d/cone-core-shapes.ron --step 7 --out screenshots/3d-core-shapes.png
shot scenes/3d/cone-into-plate.ron --step 0 --sweep --out screenshots/3d-sweep-cone-through-plate.png --size 1600x1000
shot scenes/3d/separated-polyhedra.ron --step 0 --shapes --move-b -0.2,0.3,0.1 --out screenshots/3d-editing.png --size 1600x1000
