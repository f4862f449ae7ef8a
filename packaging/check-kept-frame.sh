#!/usr/bin/env bash
# packaging/check-kept-frame.sh: the window painted in part (the kept frame, ui/canvas.rs) shows
# exactly what it shows painted whole (GO_ARBITER_PAINT=full). The release binary opens the same
# session twice under Xvfb, is driven through the same clicks and pointer moves (stones played on
# the board, a move list clicked, buttons hovered: frames where little changes, painted in part),
# and the two screenshots must match (within 1 %, for the one-pixel mark in the corner).
#
#   cargo build --release --bin go-arbiter --example window_figures
#   bash packaging/check-kept-frame.sh
#
# Environment: SHOTS=folder (default target/screenshots): kept-frame.png, full-frame.png and,
# when they differ, kept-frame-diff.png.
# Needs Xvfb, xdotool and ImageMagick (`import`, `compare`): `bash packaging/install-deps.sh --test`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY=target/release/go-arbiter
WRITER=target/release/examples/window_figures
SHOTS="${SHOTS:-target/screenshots}"

fail() { echo "check-kept-frame: FAILED: $*" >&2; exit 1; }
[[ -x "$BINARY" && -x "$WRITER" ]] ||
    fail "build first: cargo build --release --bin go-arbiter --example window_figures"
for tool in Xvfb xdotool import compare; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
mkdir -p "$SHOTS"

source packaging/xvfb-lib.sh
xvfb_start 1260x860 140

# The 50-table session of examples/window_figures.rs, no clock running: the window opens on a game
# at play. Points of the window at 1260x860 (the sidebar folded, no move list at this size):
# board points (Q16, R15, L9, D4, K10, C6), buttons to hover (Press, "How many minutes are left?",
# Pass, Undo, the folded sidebar). From the kittest query of the board's and the buttons'
# rectangles at that size: ui::table::tests_table_layout::print_script_positions.
"$WRITER" "$work/idle.ron" --idle >/dev/null
CLICKS=(620,223 655,261 444,488 197,677 408,450 161,601)
HOVERS=(889,382 1009,382 1027,794 1079,794 14,450)

# One run: a fresh copy of the session at the same path (the folder emptied: no journal left by
# the last run), a fresh home; $1 is the paint mode.
run() {
    local mode="$1" shot="$2"
    rm -rf "$work/home" && mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
    rm -rf "$work/event" && mkdir "$work/event"
    cp "$work/idle.ron" "$work/event/session.ron"
    GO_ARBITER_PAINT="$mode" "$BINARY" "$work/event/session.ron" >"$work/app-$mode.log" 2>&1 &
    app_pid=$!
    for _ in $(seq 100); do
        xdotool search --onlyvisible --pid "$app_pid" >/dev/null 2>&1 && break
        kill -0 "$app_pid" 2>/dev/null || fail "the window exited: $(cat "$work/app-$mode.log")"
        sleep 0.2
    done
    sleep 3
    for xy in "${CLICKS[@]}"; do
        xdotool mousemove "${xy%,*}" "${xy#*,}"
        sleep 0.4
        xdotool click 1
        sleep 0.8
    done
    for xy in "${HOVERS[@]}"; do
        xdotool mousemove "${xy%,*}" "${xy#*,}"
        sleep 0.8
    done
    sleep 1
    import -window root "$shot"
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
}

run kept "$SHOTS/kept-frame.png"
run full "$SHOTS/full-frame.png"
different="$(compare -metric AE -fuzz 1% "$SHOTS/kept-frame.png" "$SHOTS/full-frame.png" \
    "$SHOTS/kept-frame-diff.png" 2>&1 || true)"
[[ "$different" =~ ^[0-9]+$ ]] || fail "compare: $different"
if ((different > 0)); then
    fail "$different pixels differ between $SHOTS/kept-frame.png and $SHOTS/full-frame.png (see $SHOTS/kept-frame-diff.png)"
fi
rm -f "$SHOTS/kept-frame-diff.png"
echo "check-kept-frame: painted in part and painted whole, the screens match ($SHOTS/kept-frame.png)"
echo "check-kept-frame: 1 passed, 0 failed"
