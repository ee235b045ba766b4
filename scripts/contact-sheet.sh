#!/usr/bin/env bash
# Renders every card image with `riffle art` and lays them out in contact sheets:
#   artifacts/contact-sheet.png       all 55 images at 226x314, then all 55 at 60 px wide
#   artifacts/contact-sheet-60px.png  the 60 px wide thumbnails alone
#
# Usage: scripts/contact-sheet.sh [IMAGES_DIR]
#   With IMAGES_DIR, uses the 1x PNGs already there instead of running `riffle art`.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mkdir -p artifacts

if [[ $# -ge 1 ]]; then
    images="$1"
else
    images="artifacts/card-images"
    swift run -c release riffle art --out "$images"
fi

python3 scripts/contact_sheet.py "$images" artifacts
