#!/usr/bin/env bash
# packaging/take-screenshots.sh: the README's screenshots, taken from the release build under Xvfb
# on the 50-table session of examples/window_figures.rs (table 1 of round 2 at play, both players
# in byo-yomi): the table at 1024x700, 1400x900 and 1920x1080 (table-WIDTHxHEIGHT.png), the same
# table in Chinese at 1400x900 (chinese.png), and the players' display (players-display.png).
# Look at them before committing.
#
#   cargo build --release --bin go-arbiter --example window_figures
#   bash packaging/take-screenshots.sh [OUT_DIR]
#
# The clicks are points of the window, which is sized to the screen: the recovery window's
# default button (the modal is centred: a fixed offset from the centre), the language buttons and
# the players' display's item in the menu bar.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
OUT="${1:-assets/screenshots}"
BINARY=target/release/go-arbiter
WRITER=target/release/examples/window_figures
fail() { echo "take-screenshots: FAILED: $*" >&2; exit 1; }
[[ -x "$BINARY" && -x "$WRITER" ]] || fail "build first: cargo build --release --bin go-arbiter --example window_figures"
for tool in Xvfb xdotool import; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
mkdir -p "$OUT"

click() {
    xdotool mousemove "$1" "$2"
    sleep 0.5
    xdotool click 1
    xdotool mousemove 1 1
    sleep "${3:-2}"
}
shot() { import -window "${2:-root}" "$OUT/$1"; echo "take-screenshots: $OUT/$1"; }

# One size: a screen of WIDTHxHEIGHT, the window filling it, the recovery answered.
session_at() {
    local width="$1" height="$2"
    source packaging/xvfb-lib.sh
    xvfb_start "${width}x${height}" 95
    "$WRITER" "$work/day.ron" >/dev/null
    LANG=en_GB.UTF-8 "$BINARY" "$work/day.ron" >"$work/app.log" 2>&1 &
    app_pid=$!
    sleep 10
    kill -0 "$app_pid" 2>/dev/null || fail "the window exited: $(cat "$work/app.log")"
    local window
    window="$(xdotool search --pid "$app_pid" | tail -1)"
    xdotool windowmove "$window" 0 0 windowsize "$window" "$width" "$height"
    sleep 3
    click $((width / 2 - 225)) $((height / 2 + 131)) 3 # the recovery window: charge the downtime (its default)
}

for size in 1024x700 1400x900 1920x1080; do
    (
        session_at "${size%x*}" "${size#*x}"
        shot "table-$size.png"
        if [[ "$size" == 1400x900 ]]; then
            click 359 12 # 中文
            shot chinese.png
            click 262 12 # English (its place in the Chinese menu bar)
            click 211 12 3 # Players' display (F8)
            display_window="$(xdotool search --name "Players' display" | tail -1)"
            xdotool windowmove "$display_window" 0 0 windowsize "$display_window" 1280 720
            sleep 3
            shot players-display.png "$display_window"
        fi
    )
done
