#!/usr/bin/env bash
# packaging/measure-window.sh: the window's figures (issue 7) under Xvfb with the release build:
# the first frame's time (GO_ARBITER_TIMING=1, median of 9 starts), the CPU used while two clocks
# run in byo-yomi (painted in part, as shipped, and every frame painted whole: GO_ARBITER_PAINT=full)
# and while no clock runs (percent of one core, from /proc/PID/stat over
# MEASURE_SECONDS), and the peak memory (VmHWM) with a session of 50 tables.
#
#   cargo build --release --bin go-arbiter --example window_figures --example bare_window
#   bash packaging/measure-window.sh
#
# The first frame of a bare eframe window (examples/bare_window.rs: the same renderer, features and
# size, one label) is timed the same way, as the machine's baseline.
#
# Builds nothing. Environment: MEASURE_SECONDS (default 60), SIZE (default 1260x860), STARTS (first
# frames timed, default 9), SHOT=path.png
# (a screenshot of the byo-yomi table after the CPU measure, to check the clicks landed).
# Needs Xvfb and xdotool. Settings go to a temporary HOME, never the user's.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY=target/release/go-arbiter
WRITER=target/release/examples/window_figures
BARE=target/release/examples/bare_window
MEASURE_SECONDS="${MEASURE_SECONDS:-60}"
SIZE="${SIZE:-1260x860}"
STARTS="${STARTS:-9}"

fail() { echo "measure-window: FAILED: $*" >&2; exit 1; }
[[ -x "$BINARY" && -x "$WRITER" && -x "$BARE" ]] ||
    fail "build first: cargo build --release --bin go-arbiter --example window_figures --example bare_window"
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done

source packaging/xvfb-lib.sh
xvfb_start "$SIZE" 90
"$WRITER" "$work/running.ron" >/dev/null
"$WRITER" "$work/idle.ron" --idle >/dev/null
ticks="$(getconf CLK_TCK)"

# Starts the window on a fresh copy of session $1 (or none); sets app_pid and app_log.
start() {
    local session="$1" n="$2"
    app_log="$work/app-$n.log"
    if [[ -n "$session" ]]; then
        cp "$work/$session.ron" "$work/run-$n.ron"
        GO_ARBITER_TIMING=1 GO_ARBITER_PAINT="${paint:-}" "$BINARY" "$work/run-$n.ron" >"$app_log" 2>&1 &
    else
        GO_ARBITER_TIMING=1 GO_ARBITER_PAINT="${paint:-}" "$BINARY" >"$app_log" 2>&1 &
    fi
    app_pid=$!
    for _ in $(seq 300); do
        grep -qs "first frame" "$app_log" && return 0
        kill -0 "$app_pid" 2>/dev/null || fail "the window exited: $(cat "$app_log")"
        sleep 0.1
    done
    fail "no first frame in 30 s: $(cat "$app_log")"
}
stop() {
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=""
}
first_frame_ms() { sed -n 's/^first frame: \([0-9.]*\) ms$/\1/p' "$app_log"; }
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$app_pid/stat"; }
hwm_mb() { awk '/^VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$app_pid/status"; }

# The recovery window (clocks were running when the file was written) is answered with its
# default ("Charge it"); the window opens on the first table whose clock runs (2/1, byo-yomi).
# The point is that of the window at 1260x860 (override with CLICKS="x,y x,y ...").
CLICKS="${CLICKS:-527,245}"
settle() {
    sleep 12
    for xy in $CLICKS; do
        xdotool mousemove "${xy%,*}" "${xy#*,}"
        sleep 0.5
        xdotool click 1
        sleep 2
    done
    xdotool mousemove 1 1
    sleep 3
}

frames_drawn() { grep -c "^frame at" "$app_log" || true; }
# Percent of one core over MEASURE_SECONDS, and the frames drawn a second (sets $fps).
cpu_percent() {
    local before after frames_before
    frames_before="$(frames_drawn)"
    before="$(cpu_ticks)"
    sleep "$MEASURE_SECONDS"
    after="$(cpu_ticks)"
    fps="$(awk -v n=$(($(frames_drawn) - frames_before)) -v s="$MEASURE_SECONDS" 'BEGIN {printf "%.2f", n / s}')"
    awk -v d=$((after - before)) -v t="$ticks" -v s="$MEASURE_SECONDS" 'BEGIN {printf "%.2f", 100 * d / t / s}'
}

echo "measure-window: $("$BINARY" --version), Xvfb $DISPLAY ${SIZE}, $(nproc) cores" >&2
# The three first frames are timed in turn, start by start, so that the machine's drift over the
# run (another process, the page cache) falls on all three alike.
baseline=()
bare=()
with=()
for n in $(seq "$STARTS"); do
    app_log="$work/baseline-$n.log"
    "$BARE" >"$app_log" 2>&1 &
    app_pid=$!
    for _ in $(seq 300); do grep -qs "first frame" "$app_log" && break; sleep 0.1; done
    baseline+=("$(first_frame_ms)")
    stop
    start "" "bare-$n"
    bare+=("$(first_frame_ms)")
    stop
    start running "with-$n"
    with+=("$(first_frame_ms)")
    stop
done

start running cpu
settle
cpu_percent >"$work/cpu"
running_cpu="$(cat "$work/cpu")"
running_fps="$fps"
running_hwm="$(hwm_mb)"
[[ -n "${SHOT:-}" ]] && import -window root "$SHOT"
stop

# The same, every frame painted whole (GO_ARBITER_PAINT=full): what the kept frame saves.
paint=full start running full
settle
cpu_percent >"$work/cpu"
whole_cpu="$(cat "$work/cpu")"
whole_fps="$fps"
stop

start idle idle
settle
cpu_percent >"$work/cpu"
idle_cpu="$(cat "$work/cpu")"
idle_fps="$fps"
idle_hwm="$(hwm_mb)"
stop

printf '%-58s %s\n' "figure" "measured"
printf '%-58s %s ms (%s)\n' "first frame, bare eframe window (median of $STARTS)" \
    "$(printf '%s\n' "${baseline[@]}" | median)" "${baseline[*]}"
printf '%-58s %s ms (%s)\n' "first frame, no session (median of $STARTS)" \
    "$(printf '%s\n' "${bare[@]}" | median)" "${bare[*]}"
printf '%-58s %s ms (%s)\n' "first frame, 50-table session (median of $STARTS)" \
    "$(printf '%s\n' "${with[@]}" | median)" "${with[*]}"
# What the workstation adds to the bare window, start by start (each pair timed one after the other).
printf '%-58s %s ms\n' "first frame, no session minus bare window (median)" \
    "$(paste -d' ' <(printf '%s\n' "${bare[@]}") <(printf '%s\n' "${baseline[@]}") | awk '{printf "%.1f\n", $1 - $2}' | median)"
printf '%-58s %s %% of a core (%s frames a second)\n' "CPU, two clocks in byo-yomi, ${MEASURE_SECONDS} s" \
    "$running_cpu" "$running_fps"
printf '%-58s %s %% of a core (%s frames a second)\n' "the same, every frame painted whole" \
    "$whole_cpu" "$whole_fps"
printf '%-58s %s %% of a core (%s frames a second)\n' "CPU, no clock running, ${MEASURE_SECONDS} s" "$idle_cpu" "$idle_fps"
printf '%-58s %s MB\n' "peak memory (VmHWM), 50 tables, clocks running" "$running_hwm"
printf '%-58s %s MB\n' "peak memory (VmHWM), 50 tables, idle" "$idle_hwm"
