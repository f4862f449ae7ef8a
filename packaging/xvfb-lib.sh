# packaging/xvfb-lib.sh: what the window scripts that drive the release build share (sourced by
# measure-window.sh and take-screenshots.sh): a work folder, a free Xvfb display of a given size,
# a HOME of their own (the user's settings are never touched), and their cleanup on exit.
#
#   source packaging/xvfb-lib.sh
#   xvfb_start 1260x860 90     # sets $work, $DISPLAY, HOME, XDG_*; kills $app_pid and Xvfb on exit
#
# Needs `fail` defined by the caller.

work="$(mktemp -d)"
xvfb_pid=""
app_pid=""
xvfb_cleanup() {
    [[ -n "$app_pid" ]] && kill "$app_pid" 2>/dev/null || true
    [[ -n "$xvfb_pid" ]] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap xvfb_cleanup EXIT

# Xvfb at $1 (WIDTHxHEIGHT) on the first free display from $2 (no socket and no lock file).
xvfb_start() {
    local size="$1" display="$2"
    while [[ -e /tmp/.X11-unix/X$display || -e /tmp/.X$display-lock ]]; do display=$((display + 1)); done
    export DISPLAY=":$display"
    Xvfb "$DISPLAY" -screen 0 "${size}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
    xvfb_pid=$!
    for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$display ]] && break; sleep 0.1; done
    [[ -e /tmp/.X11-unix/X$display ]] || fail "Xvfb did not start on $DISPLAY: $(cat "$work/xvfb.log")"
    export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
    mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME"
}
