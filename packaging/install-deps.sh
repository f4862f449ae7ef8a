#!/usr/bin/env bash
# packaging/install-deps.sh: the one place that installs what a fresh Debian/Ubuntu lacks to build,
# run and (with --test) test go-arbiter. Idempotent: installs only what is missing, says what.
set -euo pipefail

usage() {
    echo "usage: $0 [--test]"
    echo "  --test also installs the test tools (Xvfb, xdotool, ImageMagick, desktop-file-utils, appstream,"
    echo "  dpkg-dev, PulseAudio with pulseaudio-utils and libasound2-plugins) and the libraries the window"
    echo "  loads at run time (the .deb's Depends in Cargo.toml)"
}

with_test=false
for arg in "$@"; do
    case "$arg" in
        --test) with_test=true ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

missing=()
# A linker and C headers: rustc links through `cc`.
command -v cc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
# rodio -> cpal -> alsa-sys finds ALSA through pkg-config.
pkg-config --exists alsa 2>/dev/null || missing+=(pkg-config libasound2-dev)
# jiff reads the time zones (an event's "Asia/Shanghai") from the system's zoneinfo on Linux.
[[ -d /usr/share/zoneinfo ]] || missing+=(tzdata)
# Tests that take screenshots need a virtual X server.
if $with_test; then
    command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
    # packaging/check-window.sh: find the window, take the screenshot.
    command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
    command -v import >/dev/null 2>&1 || missing+=(imagemagick)
    # packaging/test-deb.sh: validators, and dpkg-shlibdeps for cargo-deb's "$auto" Depends.
    command -v desktop-file-validate >/dev/null 2>&1 || missing+=(desktop-file-utils)
    command -v appstreamcli >/dev/null 2>&1 || missing+=(appstream)
    command -v dpkg-shlibdeps >/dev/null 2>&1 || missing+=(dpkg-dev)
    # packaging/measure-caller.sh: a PulseAudio null sink as the window's sound device (ALSA
    # routed to it by the pulse plugin), its monitor recorded with parec.
    command -v pulseaudio >/dev/null 2>&1 || missing+=(pulseaudio)
    command -v parec >/dev/null 2>&1 || missing+=(pulseaudio-utils)
    [[ -n "$(find /usr/lib -name 'libasound_module_pcm_pulse.so' 2>/dev/null | head -n 1)" ]] ||
        missing+=(libasound2-plugins)
    # The libraries winit and glutin dlopen() at run time: the .deb's Depends, listed once in
    # Cargo.toml ([package.metadata.deb] depends), less cargo-deb's "$auto".
    manifest="$(dirname "${BASH_SOURCE[0]}")/../Cargo.toml"
    if command -v dpkg-query >/dev/null 2>&1 && [[ -f "$manifest" ]]; then
        # shellcheck disable=SC2016  # "$auto" is cargo-deb's keyword, not a shell variable
        runtime_libs="$(sed -n 's/^depends = "\(.*\)"$/\1/p' "$manifest" | tr ',' '\n' | tr -d ' ' | grep -v '^\$auto$' || true)"
        [[ -n "$runtime_libs" ]] || { echo "install-deps: no depends line in $manifest" >&2; exit 1; }
        for lib in $runtime_libs; do
            [[ "$(dpkg-query -W -f='${Status}' "$lib" 2>/dev/null)" == "install ok installed" ]] || missing+=("$lib")
        done
    fi
fi

if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        sudo=()
    elif command -v sudo >/dev/null 2>&1; then
        sudo=(sudo)
    else
        echo "install-deps: need root or sudo to install: ${missing[*]}" >&2
        exit 1
    fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "install-deps: no apt-get; please install the equivalents of: ${missing[*]}" >&2
        exit 1
    fi
    echo "install-deps: installing ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
else
    echo "install-deps: system packages present"
fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "install-deps: cargo not found. Install Rust with rustup (https://rustup.rs):" >&2
    echo "  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh" >&2
    echo "then open a new shell (or run: . \"\$HOME/.cargo/env\") and try again." >&2
    exit 1
fi
