#!/usr/bin/env bash
# packaging/check-window.sh: starts a go-arbiter binary under Xvfb, takes a screenshot of the screen
# and checks that it shows a Go board (examples/check_screenshot.rs). Prints the screenshot's path.
#
#   bash packaging/check-window.sh [BINARY [ARGUMENT...]]
#
# BINARY defaults to target/release/go-arbiter; the ARGUMENTs go to it. With none, it opens a copy
# of tests/data/session-v1.ron (a session with a table, so the window shows its board; a new event
# shows none until a table exists).
#
# Environment: SHOT=path.png (default target/screenshots/window.png), WAIT_SECONDS (default 60: how
# long the window may take to appear and draw a board), CHECKER (default: the example, built here).
# Needs Xvfb, xdotool and ImageMagick (`import`, `convert`): `bash packaging/install-deps.sh --test`.
# Exit 0 when the board is shown; non-zero with the reason (and the program's log) otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY="${1:-target/release/go-arbiter}"
shift || true
ARGUMENTS=("$@")
SHOT="${SHOT:-target/screenshots/window.png}"
WAIT_SECONDS="${WAIT_SECONDS:-60}"
CHECKER="${CHECKER:-target/release/examples/check_screenshot}"

fail() { echo "check-window: FAILED: $*" >&2; exit 1; }

[[ -x "$BINARY" ]] || fail "$BINARY is not an executable (build it: cargo build --release --locked)"
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
for tool in import convert; do
    command -v "$tool" >/dev/null 2>&1 || fail "ImageMagick's $tool not found (run: bash packaging/install-deps.sh --test)"
done
screenshot() { import -display "$DISPLAY" -window root "$1"; }

# The checker: built with the release binary (one build); built here if missing.
if [[ "$CHECKER" == target/release/examples/check_screenshot &&
      ( ! -x "$CHECKER" || "$CHECKER" -ot examples/check_screenshot.rs ) ]]; then
    echo "check-window: building the screenshot checker"
    cargo build --release --locked --example check_screenshot || fail "cannot build examples/check_screenshot.rs"
fi
work="$(mktemp -d)"

# The checker must tell a board from no board, or its verdict below says nothing: it accepts the
# README's screenshots (a game at play at two sizes), and rejects the window of a
# new event (no board) and a plain wooden square without lines.
for shot in assets/screenshots/table-1024x700.png assets/screenshots/table-1920x1080.png; do
    "$CHECKER" "$shot" >/dev/null || fail "the checker rejects $shot, which shows a board"
done
convert -size 800x600 xc:'#1b1b1b' -fill 'rgb(222,184,120)' -draw 'rectangle 100,50 600,550' \
    "$work/plain-wood.png" || fail "convert cannot draw $work/plain-wood.png"
for shot in packaging/testdata/new-event-no-board.png "$work/plain-wood.png"; do
    if "$CHECKER" "$shot" >/dev/null 2>&1; then
        fail "the checker accepts $shot, which shows no board"
    fi
done
xvfb_pid=""
app_pid=""
cleanup() {
    if [[ -n "$app_pid" ]]; then kill "$app_pid" 2>/dev/null || true; fi
    if [[ -n "$xvfb_pid" ]]; then kill "$xvfb_pid" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A free display number: the first without an X lock file.
display_number=99
while [[ -e "/tmp/.X${display_number}-lock" || -e "/tmp/.X11-unix/X${display_number}" ]]; do
    display_number=$((display_number + 1))
    ((display_number < 300)) || fail "no free X display number between 99 and 299"
done
export DISPLAY=":${display_number}"
Xvfb "$DISPLAY" -screen 0 1440x900x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do
    xdotool getmouselocation >/dev/null 2>&1 && break
    kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
    sleep 0.2
done
xdotool getmouselocation >/dev/null 2>&1 || fail "Xvfb on $DISPLAY does not answer"

# A copy of the session, so the window cannot change the committed one.
if ((${#ARGUMENTS[@]} == 0)); then
    cp tests/data/session-v1.ron "$work/session.ron" || fail "cannot copy tests/data/session-v1.ron"
    ARGUMENTS=("$work/session.ron")
fi

# A home of its own: the window must not read or change the user's saved settings.
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
started=$(date +%s)
echo "check-window: $BINARY ${ARGUMENTS[*]}"
"$BINARY" "${ARGUMENTS[@]}" >"$work/app.log" 2>&1 &
app_pid=$!

show_log() { echo "--- $BINARY output (last 30 lines) ---" >&2; tail -n 30 "$work/app.log" >&2; }

# Wait for a visible window of the program.
window=""
while [[ -z "$window" ]]; do
    if ! kill -0 "$app_pid" 2>/dev/null; then
        show_log
        fail "$BINARY exited before showing a window"
    fi
    (($(date +%s) - started < WAIT_SECONDS)) || { show_log; fail "no window within ${WAIT_SECONDS}s"; }
    window="$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -n 1 || true)"
    [[ -n "$window" ]] || sleep 0.5
done
echo "check-window: window $window after $(($(date +%s) - started))s"

# The first frames may still be blank: screenshot until the board shows, or the time is up.
mkdir -p "$(dirname "$SHOT")"
SHOT="$(cd "$(dirname "$SHOT")" && pwd)/$(basename "$SHOT")"
while true; do
    sleep 1
    kill -0 "$app_pid" 2>/dev/null || { show_log; fail "$BINARY exited after showing its window"; }
    screenshot "$SHOT" || fail "cannot take a screenshot of $DISPLAY"
    if verdict="$("$CHECKER" "$SHOT" 2>&1)"; then
        break
    fi
    if (($(date +%s) - started >= WAIT_SECONDS)); then
        show_log
        fail "$verdict (screenshot: $SHOT)"
    fi
done
echo "$verdict"

# Close it (SIGTERM, as a session logout would), then make sure.
kill "$app_pid" 2>/dev/null || true
for _ in $(seq 50); do
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$app_pid" 2>/dev/null; then
    echo "check-window: the window did not close within 5s; killing it" >&2
    kill -KILL "$app_pid" 2>/dev/null || true
fi
app_pid=""
echo "check-window: screenshot $SHOT"
echo "check-window: 1 passed, 0 failed"
