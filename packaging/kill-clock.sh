#!/usr/bin/env bash
# packaging/kill-clock.sh: the clock never loses time (issue 18), tried with real kills. Starts the
# release window under Xvfb on a session file whose two tables' clocks run, kills it with SIGKILL at
# a random instant (2 s to 18 s after its start), reads the file back headlessly and checks both
# clocks, 100 times (three windows at once, each on its own file): the time kept without charging is
# never less than the time the clock ran before the kill minus 10 s, and the time charged never more
# than the time that really passed (examples/kill_clock.rs). About 6 minutes.
#
#   bash packaging/kill-clock.sh [BINARY]
#
# Environment: KILLER (default target/release/examples/kill_clock), KILLS (default 100), LANES
# (default 3), SEED (default 18). Needs Xvfb: `bash packaging/install-deps.sh --test`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY="${1:-target/release/go-arbiter}"
KILLER="${KILLER:-target/release/examples/kill_clock}"

fail() { echo "kill-clock: FAILED: $*" >&2; exit 1; }

[[ -x "$BINARY" ]] || fail "$BINARY is not an executable (cargo build --release --locked)"
[[ -x "$KILLER" ]] || fail "$KILLER is not an executable (cargo build --release --locked --example kill_clock)"
command -v Xvfb >/dev/null 2>&1 || fail "Xvfb not found (run: bash packaging/install-deps.sh --test)"

BINARY="$(cd "$(dirname "$BINARY")" && pwd)/$(basename "$BINARY")"
source packaging/xvfb-lib.sh
xvfb_start 1600x1000 97
# No sound device is needed: the window falls back to captions.
"$KILLER" "$BINARY" "$work" "${KILLS:-100}" "${LANES:-3}" "${SEED:-18}"
