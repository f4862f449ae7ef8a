#!/usr/bin/env bash
# packaging/icons/render-icons.sh: renders icons/go-arbiter.svg to the committed PNGs (hicolor layout,
# icons/hicolor/<N>x<N>/apps/go-arbiter.png), the Windows .ico and the macOS .icns.
#
# Run by hand after changing the SVG (never by the tests or CI), from anywhere:
#   bash packaging/icons/render-icons.sh
# Needs (Debian): apt-get install librsvg2-bin imagemagick   (rsvg-convert draws, ImageMagick packs
# the .ico and, when png2icns from icnsutils is missing, the .icns).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGING="$(dirname "$HERE")"
SVG="$HERE/go-arbiter.svg"
SIZES=(16 32 48 64 128 256 512)

need() { command -v "$1" >/dev/null 2>&1 || { echo "render-icons: $1 not found (apt-get install $2)" >&2; exit 1; }; }
need rsvg-convert librsvg2-bin
need convert imagemagick

for n in "${SIZES[@]}"; do
    dir="$HERE/hicolor/${n}x${n}/apps"
    mkdir -p "$dir"
    rsvg-convert --width "$n" --height "$n" --keep-aspect-ratio --format png --output "$dir/go-arbiter.png" "$SVG"
    echo "render-icons: $dir/go-arbiter.png"
done

# Windows: one .ico holding 16..256 (256 is the largest an .ico entry can be).
mkdir -p "$PACKAGING/windows"
ico_pngs=()
for n in 16 32 48 64 128 256; do ico_pngs+=("$HERE/hicolor/${n}x${n}/apps/go-arbiter.png"); done
convert "${ico_pngs[@]}" "$PACKAGING/windows/go-arbiter.ico"
echo "render-icons: $PACKAGING/windows/go-arbiter.ico"

# macOS: an .icns with 16..512. png2icns (icnsutils) if present, else ImageMagick's ICNS writer.
mkdir -p "$PACKAGING/macos"
icns="$PACKAGING/macos/go-arbiter.icns"
pngs=()
for n in 16 32 128 256 512; do pngs+=("$HERE/hicolor/${n}x${n}/apps/go-arbiter.png"); done
if command -v png2icns >/dev/null 2>&1; then
    png2icns "$icns" "${pngs[@]}" >/dev/null
else
    convert "${pngs[@]}" "$icns"
fi
echo "render-icons: $icns"
