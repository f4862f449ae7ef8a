#!/usr/bin/env bash
# packaging/take-photo-screenshot.sh: the README's screenshot of the photo screen (issue 21), taken
# under Xvfb at 1400x900: a new session holding an empty 19x19 game, its table's photo screen
# opened from the menu bar, a photo of the shared test set typed into the path field and opened;
# the board is found and read on the window's worker thread. Look at it before committing.
#
#   cargo build --bin go-arbiter            (or --release, with BINARY=target/release/go-arbiter)
#   bash packaging/take-photo-screenshot.sh [OUT_DIR] [PHOTO]
#
# The clicks are points of the window (the menu bar's item, the path field, Open), which is sized
# to the screen.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="${1:-assets/screenshots}"
PHOTO="$(cd "$ROOT/../shared/data/photos/imago-tests" && pwd)/${2:-t3/t3_050.jpg}"
BINARY="${BINARY:-target/debug/go-arbiter}"
fail() { echo "take-photo-screenshot: FAILED: $*" >&2; exit 1; }
[[ -x "$BINARY" ]] || fail "build first: cargo build --bin go-arbiter"
[[ -f "$PHOTO" ]] || fail "no photo at $PHOTO"
for tool in Xvfb xdotool import; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
mkdir -p "$OUT"
click() {
    xdotool mousemove "$1" "$2" click 1
    xdotool mousemove 1 1
    sleep "${3:-2}"
}

source packaging/xvfb-lib.sh
xvfb_start 1400x900 120
printf '(;GM[1]FF[4]SZ[19]PB[Chen Li]PW[Ann Smith]RU[Chinese])' >"$work/empty.sgf"
GO_ARBITER_OPEN="$work/empty.sgf" LANG=en_GB.UTF-8 "$BINARY" >"$work/app.log" 2>&1 &
app_pid=$!
sleep 12
kill -0 "$app_pid" 2>/dev/null || fail "the window exited: $(cat "$work/app.log")"
window="$(xdotool search --pid "$app_pid" | tail -1)"
xdotool windowmove "$window" 0 0 windowsize "$window" 1400 900
# No window manager: the keyboard goes to the window only once it is given the focus.
xdotool windowfocus --sync "$window" || true
sleep 3
click 169 12 3 # "Photo of the board… (F6)" in the menu bar
click "${FIELD_X:-500}" 67 1 # the path field
xdotool type --delay 20 "$PHOTO"
sleep 1
click "${OPEN_X:-704}" 67 20 # Open: found and read on the worker thread
import -window root "$OUT/photo.png"
echo "take-photo-screenshot: $OUT/photo.png"
