#!/usr/bin/env bash
# packaging/measure-caller.sh: the caller heard end to end. Starts the release window under Xvfb
# on a PulseAudio null sink (ALSA routed to PulseAudio, anonymous auth, a HOME of its own), a
# table at `chinese:2m/2` and one at `chinese:2m/1` (GO_ARBITER_OPEN, GO_ARBITER_CONTROL), starts
# each clock with a click, lets Black think until the flag falls, records the sink's monitor with
# parec, and compares each call's onset (first audible sample) with the caller's schedule
# (examples/caller_onsets.rs): prints calls expected, heard, missing, extra, the onset error
# p50/p99/max, and the window's CPU over 60 s of byo-yomi with sound on. The two tables run at once
# (each its own window, display and sink): about 2.5 minutes.
#
#   bash packaging/measure-caller.sh [BINARY]
#
# Fails when a call is missing or extra (or the window does not start). Without PulseAudio (or
# when its server cannot start here) it says so and exits 0, unless MEASURE_CALLER_REQUIRED=1.
# Environment: ONSETS (the analyser, default target/release/examples/caller_onsets), RUNS
# (default "chinese:2m/2 chinese:2m/1"), CLICK ("x,y" of the Start clock button in the 1500x900
# window), CPU_SECONDS (default 60). Needs Xvfb, xdotool, pulseaudio, pulseaudio-utils and
# libasound2-plugins: `bash packaging/install-deps.sh --test`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY="${1:-target/release/go-arbiter}"
ONSETS="${ONSETS:-target/release/examples/caller_onsets}"
RUNS="${RUNS:-chinese:2m/2 chinese:2m/1}"
CLICK="${CLICK:-1058,219}"
CPU_SECONDS="${CPU_SECONDS:-60}"

fail() { echo "measure-caller: FAILED: $*" >&2; exit 1; }
skip() {
    [[ "${MEASURE_CALLER_REQUIRED:-0}" == 1 ]] && fail "$*"
    echo "measure-caller: skipped: $*"
    exit 0
}

[[ -x "$BINARY" ]] || fail "$BINARY is not an executable (cargo build --release --locked)"
[[ -x "$ONSETS" ]] || fail "$ONSETS is not an executable (cargo build --release --locked --example caller_onsets)"
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done
for tool in pulseaudio parec pactl; do
    command -v "$tool" >/dev/null 2>&1 || skip "$tool not found (bash packaging/install-deps.sh --test installs it)"
done
[[ -n "$(find /usr/lib -name 'libasound_module_pcm_pulse.so' 2>/dev/null | head -n 1)" ]] ||
    skip "ALSA's pulse plugin not found (libasound2-plugins)"

work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# A home of its own: the user's settings and sound server are never touched.
export HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" XDG_DATA_HOME="$work/home/.local/share"
export XDG_RUNTIME_DIR="$work/run"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# ALSA's default device is PulseAudio (the window's rodio/cpal output goes through ALSA).
printf 'pcm.!default { type pulse }\nctl.!default { type pulse }\n' >"$HOME/.asoundrc"

# The sound server: a null sink per run, anonymous clients on a socket of its own.
export PULSE_SERVER="unix:$work/pulse.sock"
modules=(-L "module-native-protocol-unix auth-anonymous=1 socket=$work/pulse.sock")
n=0
for _ in $RUNS; do
    n=$((n + 1))
    modules+=(-L "module-null-sink sink_name=caller$n rate=48000 channels=2")
done
pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no --log-target=stderr \
    "${modules[@]}" >"$work/pulse.log" 2>&1 &
pids+=($!)
for _ in $(seq 50); do pactl info >/dev/null 2>&1 && break; sleep 0.2; done
pactl info >/dev/null 2>&1 || skip "the PulseAudio server did not start: $(tail -n 3 "$work/pulse.log")"

printf '(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[7.5]RU[Chinese]PB[Black]PW[White])\n' >"$work/table.sgf"

# One run: its own display, sink, recorder and window; the analysis when Black's flag has fallen.
run() {
    local n="$1" control="$2" display=$((120 + $1 * 7)) dir="$work/run-$1"
    mkdir -p "$dir"
    while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do display=$((display + 1)); done
    local x_pid rec_pid parec_pid app_pid log="$dir/app.log"
    Xvfb ":$display" -screen 0 1600x1000x24 -nolisten tcp >"$dir/xvfb.log" 2>&1 &
    x_pid=$!
    for _ in $(seq 50); do DISPLAY=":$display" xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.2; done
    mkfifo "$dir/pcm"
    "$ONSETS" listen "$dir" <"$dir/pcm" &
    rec_pid=$!
    parec -d "caller$n.monitor" --format=s16le --channels=1 --rate=48000 --latency-msec=1 --process-time-msec=1 \
        >"$dir/pcm" &
    parec_pid=$!
    DISPLAY=":$display" PULSE_SINK="caller$n" GO_ARBITER_TIMING=1 GO_ARBITER_OPEN="$work/table.sgf" \
        GO_ARBITER_CONTROL="$control" "$BINARY" >"$log" 2>&1 &
    app_pid=$!
    local ok=""
    for _ in $(seq 300); do
        grep -qs "first frame" "$log" && ok=1 && break
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
    done
    [[ -n "$ok" ]] || { echo "run $n: no first frame: $(tail -n 5 "$log")"; return 1; }
    # The sound opens and the pack loads after the first frame.
    sleep 4
    DISPLAY=":$display" xdotool mousemove "${CLICK%,*}" "${CLICK#*,}"
    sleep 0.3
    DISPLAY=":$display" xdotool click 1
    local start=""
    for _ in $(seq 50); do
        start="$(sed -n 's/^clock started at unix \([0-9.]*\).*/\1/p' "$log" | head -n 1)"
        [[ -n "$start" ]] && break
        sleep 0.1
    done
    [[ -n "$start" ]] || { echo "run $n: the click at $CLICK did not start the clock: $(tail -n 5 "$log")"; return 1; }
    # The window's CPU in byo-yomi with sound on (from 5 s after the start).
    local ticks before after total flag
    ticks="$(getconf CLK_TCK)"
    sleep 5
    before="$(awk '{print $14 + $15}' "/proc/$app_pid/stat")"
    sleep "$CPU_SECONDS"
    after="$(awk '{print $14 + $15}' "/proc/$app_pid/stat")"
    echo "$control: window CPU $(awk -v d=$((after - before)) -v t="$ticks" -v s="$CPU_SECONDS" \
        'BEGIN {printf "%.2f", 100 * d / t / s}')% of a core over ${CPU_SECONDS} s of the clock running with sound on" \
        >"$dir/cpu.txt"
    # Black's flag falls at the control's whole time; then 3 s more of recording.
    total="$(awk -v c="$control" 'BEGIN {split(c, a, ":"); sub(/m.*/, "", a[2]); print a[2] * 60}')"
    flag="$(awk -v s="$start" -v t="$total" 'BEGIN {print s + t + 3}')"
    while awk -v f="$flag" -v now="$(date +%s.%N)" 'BEGIN {exit !(now < f)}'; do sleep 0.5; done
    grep -h "underrun\|xrun" "$log" >"$dir/xruns.txt" || true
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    kill "$parec_pid" 2>/dev/null || true
    wait "$parec_pid" 2>/dev/null || true
    wait "$rec_pid" 2>/dev/null || true
    kill "$x_pid" 2>/dev/null || true
    "$ONSETS" check "$dir" --control "$control" --start "$start" --lang zh >"$dir/result.txt" 2>&1
}

echo "measure-caller: $("$BINARY" --version), $(nproc) cores, PulseAudio $(pactl info | sed -n 's/^Server Version: //p')"
n=0
run_pids=()
for control in $RUNS; do
    n=$((n + 1))
    run "$n" "$control" &
    run_pids+=($!)
done
failed=0
n=0
for pid in "${run_pids[@]}"; do
    n=$((n + 1))
    wait "$pid" || failed=1
    cat "$work/run-$n/result.txt" 2>/dev/null || true
    cat "$work/run-$n/cpu.txt" 2>/dev/null || true
done
((failed == 0)) || fail "a call was missing or extra, or a run did not start (above)"
echo "measure-caller: every call heard, none extra"
