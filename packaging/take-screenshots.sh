#!/usr/bin/env bash
# packaging/take-screenshots.sh: the README's screenshots, taken from the release build under Xvfb
# at 1260x860 on the 50-table session of examples/window_figures.rs: a table at play in byo-yomi
# (assets/screenshots/table.png), the same table in Chinese (chinese.png), a finished game being
# counted (counting.png). Look at them before committing.
#
#   cargo build --release --bin go-arbiter --example window_figures
#   bash packaging/take-screenshots.sh [OUT_DIR]
#
# The clicks are points of the window at 1260x860: the recovery window's default button, the
# language buttons in the menu bar, a finished table of round 1 in the sidebar.
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

source packaging/xvfb-lib.sh
xvfb_start 1260x860 95
mkdir -p "$OUT"
"$WRITER" "$work/day.ron" >/dev/null
LANG=en_GB.UTF-8 "$BINARY" "$work/day.ron" >"$work/app.log" 2>&1 &
app_pid=$!

click() {
    xdotool mousemove "$1" "$2"
    sleep 0.5
    xdotool click 1
    xdotool mousemove 1 1
    sleep "${3:-2}"
}
shot() { import -window root "$OUT/$1"; echo "take-screenshots: $OUT/$1"; }

sleep 12
kill -0 "$app_pid" 2>/dev/null || fail "the window exited: $(cat "$work/app.log")"
click 527 245 3 # the recovery window: charge the downtime (its default)
shot table.png
click 236 12    # 中文
shot chinese.png
click 158 12    # English (its place in the Chinese menu bar)
click 60 177 8  # round 1, table 25 (the sidebar shows the running table and those above it): a finished game, counted (the suggestion takes a moment)
shot counting.png
