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

work="$(mktemp -d)"
xvfb_pid=""
app_pid=""
cleanup() {
    [[ -n "$app_pid" ]] && kill "$app_pid" 2>/dev/null || true
    [[ -n "$xvfb_pid" ]] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

display=95
while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do display=$((display + 1)); done
export DISPLAY=":$display"
Xvfb "$DISPLAY" -screen 0 1260x860x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$display ]] && break; sleep 0.1; done
[[ -e /tmp/.X11-unix/X$display ]] || fail "Xvfb did not start on $DISPLAY"

export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$OUT"
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
