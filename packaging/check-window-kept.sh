#!/usr/bin/env bash
# packaging/check-window-kept.sh: the window comes back where the arbiter left it (issue 19, "the
# window layout remembered"). Under Xvfb, with a HOME of its own: starts the release window, moves
# and resizes it as a window manager would, quits with Ctrl+Q (the window's own quit, which saves
# eframe's storage), starts it again and reads its size and place.
#
#   bash packaging/check-window-kept.sh [BINARY]
#
# BINARY defaults to target/release/go-arbiter. Needs Xvfb and xdotool
# (`bash packaging/install-deps.sh --test`). Exit 0 when the second start has the size and place
# the first one was left at (within 2 px); non-zero with what it found otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY="${1:-target/release/go-arbiter}"
fail() { echo "check-window-kept: FAILED: $*" >&2; [[ -f "${work:-}/app.log" ]] && tail -20 "$work/app.log" >&2; exit 1; }
[[ -x "$BINARY" ]] || fail "$BINARY is not an executable (build it: cargo build --release --locked)"
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
BINARY="$(realpath "$BINARY")"
source packaging/xvfb-lib.sh
xvfb_start 1920x1080 140

# Starts the window with no session and waits for it; sets $app_pid and $win (its X window id).
start_window() {
    "$BINARY" >>"$work/app.log" 2>&1 &
    app_pid=$!
    local id=""
    for _ in $(seq 300); do
        id="$(xdotool search --onlyvisible --name 'Go Arbiter' 2>/dev/null | head -1 || true)"
        [[ -n "$id" ]] && break
        kill -0 "$app_pid" 2>/dev/null || fail "the window exited at its start"
        sleep 0.2
    done
    [[ -n "$id" ]] || fail "no window after 60 s"
    sleep 2 # its first frames (and the session reopened, if any)
    win="$id"
}

# "X Y W H" of window $1 (its place on the screen and its inner size).
geometry() {
    eval "$(xdotool getwindowgeometry --shell "$1")"
    echo "$X $Y $WIDTH $HEIGHT"
}

start_window
first="$win"
echo "check-window-kept: first start at $(geometry "$first")"
want_x=130 want_y=90 want_w=1234 want_h=777
xdotool windowsize "$first" "$want_w" "$want_h"
xdotool windowmove "$first" "$want_x" "$want_y"
sleep 1
left="$(geometry "$first")"
echo "check-window-kept: left at $left"
read -r lx ly lw lh <<<"$left"
(( lw == want_w && lh == want_h )) || fail "the X server did not take the size (left at $left)"
xdotool windowfocus --sync "$first" 2>/dev/null || true
xdotool key ctrl+q || fail "xdotool could not press Ctrl+Q"
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app_pid" 2>/dev/null; then fail "Ctrl+Q did not quit the window in 10 s"; fi
wait "$app_pid" || fail "the window's exit status after Ctrl+Q: $?"
app_pid=""
stored="$(find "$XDG_DATA_HOME" -name 'app.ron' | head -1)"
[[ -n "$stored" ]] || fail "eframe stored nothing under $XDG_DATA_HOME"

start_window
second="$win"
again="$(geometry "$second")"
echo "check-window-kept: second start at $again"
read -r ax ay aw ah <<<"$again"
near() { local d=$(($1 - $2)); (( d <= 2 && d >= -2 )); }
near "$aw" "$lw" && near "$ah" "$lh" || fail "size $aw x $ah at the second start, left at $lw x $lh"
near "$ax" "$lx" && near "$ay" "$ly" || fail "place $ax,$ay at the second start, left at $lx,$ly"
echo "check-window-kept: passed (size ${aw}x${ah} and place $ax,$ay kept; storage $stored)"
