#!/usr/bin/env bash
# packaging/measure-caller.sh: the caller heard end to end. Starts the release window under Xvfb
# on a PulseAudio null sink (ALSA routed to PulseAudio, anonymous auth, a HOME of its own), a
# table at `chinese:2m/2` (Chinese voice) and one at `chinese:2m/1` (English voice), through
# GO_ARBITER_OPEN and GO_ARBITER_CONTROL; starts each clock with a click, lets Black think until
# the flag falls, records the sink's monitor with parec, and compares each call's onset (first
# audible sample) with the caller's schedule (examples/caller_onsets.rs): prints calls expected,
# heard, missing, extra, and the onset error p50/p99/max, pooled per pass. Two passes: the machine
# idle, then under load (two busy processes per core at the window's own priority, started with
# the pass). In the idle pass it also measures the window's CPU over CPU_SECONDS of byo-yomi with
# sound on, beside the platform's baseline: a bare eframe window (examples/bare_window.rs) that
# repaints once a second, as the clock face does. The tables of a pass run at once (each its own
# window, display and sink): about 2.5 minutes a pass.
#
#   bash packaging/measure-caller.sh [BINARY]
#
# Fails when a call is missing or extra, or not heard whole (a dropout: an output underrun inside
# a word; found by comparing each call with its clip), or the window does not start. Without PulseAudio (or
# when its server cannot start here) it says so and exits 0, unless MEASURE_CALLER_REQUIRED=1.
# Environment: ONSETS (the analyser, default target/release/examples/caller_onsets), BARE
# (default target/release/examples/bare_window), RUNS (default "chinese:2m/2@zh chinese:2m/1@en":
# control@voice), PASSES (default "idle load"), CLICK ("x,y" of the Start clock button in the
# 1500x900 window), CPU_SECONDS (default 60), KEEP=1 keeps the work folder. Needs Xvfb, xdotool,
# pulseaudio, pulseaudio-utils and libasound2-plugins: `bash packaging/install-deps.sh --test`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BINARY="${1:-target/release/go-arbiter}"
ONSETS="${ONSETS:-target/release/examples/caller_onsets}"
BARE="${BARE:-target/release/examples/bare_window}"
RUNS="${RUNS:-chinese:2m/2@zh chinese:2m/1@en}"
PASSES="${PASSES:-idle load}"
# The Start clock button in the 1500x900 window (the sidebar folded, the button under the faces),
# from the kittest query of its rectangle at that size: ui::table::tests_table_layout::print_script_positions.
CLICK="${CLICK:-857,734}"
CPU_SECONDS="${CPU_SECONDS:-60}"

fail() { echo "measure-caller: FAILED: $*" >&2; exit 1; }
skip() {
    [[ "${MEASURE_CALLER_REQUIRED:-0}" == 1 ]] && fail "$*"
    echo "measure-caller: skipped: $*"
    exit 0
}

[[ -x "$BINARY" ]] || fail "$BINARY is not an executable (cargo build --release --locked)"
[[ -x "$ONSETS" ]] || fail "$ONSETS is not an executable (cargo build --release --locked --example caller_onsets)"
[[ -x "$BARE" ]] || fail "$BARE is not an executable (cargo build --release --locked --example bare_window)"
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
    if [[ -n "${KEEP:-}" ]]; then echo "measure-caller: kept $work"; else rm -rf "$work"; fi
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

# A free display number from $1.
free_display() {
    local display="$1"
    while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do display=$((display + 1)); done
    echo "$display"
}

# The CPU time of process $1 (user + system) over CPU_SECONDS, as a percentage of one core.
cpu_percent() {
    local pid="$1" before after
    before="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
    sleep "$CPU_SECONDS"
    after="$(awk '{print $14 + $15}' "/proc/$pid/stat")"
    awk -v d=$((after - before)) -v t="$(getconf CLK_TCK)" -v s="$CPU_SECONDS" 'BEGIN {printf "%.2f", 100 * d / t / s}'
}

# One run of pass $1: table $2 at control $3 with voice $4 ("zh", "en"); its own display, sink,
# settings, recorder and window; the analysis when Black's flag has fallen.
run() {
    local pass="$1" n="$2" control="$3" voice="$4" dir="$work/$1-$2"
    local display
    display="$(free_display $((120 + n * 7)))"
    mkdir -p "$dir/data/io.github.goarbiter.goarbiter"
    # The window's settings: empty (the voice of this run is the event's: GO_ARBITER_VOICE).
    printf '{\n}\n' >"$dir/data/io.github.goarbiter.goarbiter/app.ron"
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
    DISPLAY=":$display" XDG_DATA_HOME="$dir/data" PULSE_SINK="caller$n" GO_ARBITER_TIMING=1 \
        GO_ARBITER_OPEN="$work/table.sgf" GO_ARBITER_CONTROL="$control" GO_ARBITER_VOICE="$voice" "$BINARY" >"$log" 2>&1 &
    app_pid=$!
    local ok=""
    for _ in $(seq 300); do
        grep -qs "first frame" "$log" && ok=1 && break
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.1
    done
    [[ -n "$ok" ]] || { echo "$pass run $n: no first frame: $(tail -n 5 "$log")" >"$dir/result.txt"; return 1; }
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
    [[ -n "$start" ]] ||
        { echo "$pass run $n: the click at $CLICK did not start the clock: $(tail -n 5 "$log")" >"$dir/result.txt"; return 1; }
    if [[ "$pass" == idle ]]; then
        # The window's CPU in byo-yomi with sound on (from 5 s after the start).
        sleep 5
        echo "$control ($voice): window CPU $(cpu_percent "$app_pid")% of a core over ${CPU_SECONDS} s of the clock running with sound on" \
            >"$dir/cpu.txt"
    fi
    # Black's flag falls at the control's whole time; then 3 s more of recording.
    local total flag
    total="$(awk -v c="$control" 'BEGIN {split(c, a, ":"); sub(/m.*/, "", a[2]); print a[2] * 60}')"
    flag="$(awk -v s="$start" -v t="$total" 'BEGIN {printf "%.3f", s + t + 3}')"
    while awk -v f="$flag" -v now="$(date +%s.%N)" 'BEGIN {exit !(now < f)}'; do sleep 0.5; done
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    kill "$parec_pid" 2>/dev/null || true
    wait "$parec_pid" 2>/dev/null || true
    wait "$rec_pid" 2>/dev/null || true
    kill "$x_pid" 2>/dev/null || true
    "$ONSETS" check "$dir" --control "$control" --start "$start" --lang "$voice" --errors "$dir/errors.txt" \
        >"$dir/result.txt" 2>&1
}

# The platform's baseline: a bare eframe window repainting once a second with the bare device open
# (rodio's output on the same sink, the window's buffer, playing nothing), its CPU over CPU_SECONDS.
baseline() {
    local dir="$work/bare" display x_pid bare_pid
    display="$(free_display 190)"
    mkdir -p "$dir"
    Xvfb ":$display" -screen 0 1600x1000x24 -nolisten tcp >"$dir/xvfb.log" 2>&1 &
    x_pid=$!
    for _ in $(seq 50); do DISPLAY=":$display" xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.2; done
    DISPLAY=":$display" XDG_DATA_HOME="$dir" PULSE_SINK=caller1 BARE_WINDOW_SECONDS=$((CPU_SECONDS + 30)) \
        BARE_WINDOW_REPAINT_MS=1000 BARE_WINDOW_SOUND=1 "$BARE" >"$dir/bare.log" 2>&1 &
    bare_pid=$!
    sleep 9.3
    cpu_percent "$bare_pid" >"$dir/cpu.txt"
    kill "$bare_pid" 2>/dev/null || true
    wait "$bare_pid" 2>/dev/null || true
    kill "$x_pid" 2>/dev/null || true
}

# The onset errors of a pass, pooled: n, p50, p99, max of |heard - due| in ms.
pooled() {
    cat "$work/$1"-*/errors.txt 2>/dev/null | awk '{print ($1 < 0 ? -$1 : $1)}' | sort -g | awk -v pass="$1" '
        { e[NR] = $1 }
        END {
            if (NR == 0) { print pass ": no onset heard"; exit }
            p50 = e[int((NR - 1) * 0.50 + 0.999999) + 1]; p99 = e[int((NR - 1) * 0.99 + 0.999999) + 1]
            printf "%s, pooled: %d onsets, |heard - due| p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pass, NR, p50, p99, e[NR]
        }'
}

echo "measure-caller: $("$BINARY" --version), $(nproc) cores, PulseAudio $(pactl info | sed -n 's/^Server Version: //p')"
failed=0
for pass in $PASSES; do
    load_pids=()
    if [[ "$pass" == load ]]; then
        for _ in $(seq $(($(nproc) * 2))); do
            (while :; do :; done) &
            load_pids+=($!)
            pids+=($!)
        done
    fi
    n=0
    run_pids=()
    for entry in $RUNS; do
        n=$((n + 1))
        run "$pass" "$n" "${entry%@*}" "${entry#*@}" &
        run_pids+=($!)
    done
    bare_pid=""
    if [[ "$pass" == idle ]]; then
        baseline &
        bare_pid=$!
    fi
    n=0
    for pid in "${run_pids[@]}"; do
        n=$((n + 1))
        wait "$pid" || failed=1
    done
    [[ -z "$bare_pid" ]] || wait "$bare_pid" || true
    for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    echo "--- pass: $pass$([[ "$pass" == load ]] && echo " ($(($(nproc) * 2)) busy processes on $(nproc) cores)"), load average at its end $(cut -d' ' -f1-3 /proc/loadavg)"
    for dir in "$work/$pass"-*; do
        cat "$dir/result.txt" 2>/dev/null || true
        cat "$dir/cpu.txt" 2>/dev/null || true
    done
    [[ -z "$bare_pid" ]] ||
        echo "baseline: a bare eframe window repainting once a second, with rodio's output open: $(cat "$work/bare/cpu.txt" 2>/dev/null)% of a core$(grep -h "no sound" "$work/bare/bare.log" 2>/dev/null)"
    pooled "$pass"
done
((failed == 0)) || fail "a call was missing or extra, or a run did not start (above)"
echo "measure-caller: every call heard, none extra"
