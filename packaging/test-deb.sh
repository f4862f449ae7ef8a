#!/usr/bin/env bash
# packaging/test-deb.sh: builds the .deb with cargo-deb ([package.metadata.deb] in Cargo.toml), checks
# its control data and files, installs it with apt (so its Depends resolve), starts the installed
# /usr/bin/go-arbiter under Xvfb and checks the screenshot shows a board (packaging/check-window.sh),
# then removes the package. Needs root or sudo; run by `make test` (see the Makefile).
#
#   bash packaging/test-deb.sh          (after: bash packaging/install-deps.sh --test)
#
# Reuses the release build in target/release (cargo-deb --no-build after one `cargo build --release`).
# Environment: KEEP_INSTALLED=1 leaves the package installed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CARGO_DEB_VERSION=3.8.0
PACKAGE=go-arbiter

step() { echo "test-deb: $*"; }
fail() { echo "test-deb: FAILED: $*" >&2; exit 1; }

if [[ $(id -u) -eq 0 ]]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo=(sudo -n)
else
    fail "installing a .deb needs root or password-less sudo"
fi
for tool in desktop-file-validate appstreamcli dpkg-deb dpkg-shlibdeps apt-get; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not found (run: bash packaging/install-deps.sh --test)"
done

# 1. The desktop entry and the AppStream metadata pass their validators.
step "desktop-file-validate packaging/go-arbiter.desktop"
desktop-file-validate packaging/go-arbiter.desktop || fail "desktop-file-validate rejects packaging/go-arbiter.desktop"
step "appstreamcli validate --no-net packaging/io.github.goarbiter.GoArbiter.metainfo.xml"
appstreamcli validate --no-net packaging/io.github.goarbiter.GoArbiter.metainfo.xml ||
    fail "appstreamcli rejects packaging/io.github.goarbiter.GoArbiter.metainfo.xml"

# 2. cargo-deb, pinned.
if [[ "$(cargo deb --version 2>/dev/null || true)" != *"$CARGO_DEB_VERSION"* ]]; then
    step "installing cargo-deb $CARGO_DEB_VERSION"
    cargo install cargo-deb --version "$CARGO_DEB_VERSION" --locked || fail "cannot install cargo-deb $CARGO_DEB_VERSION"
fi

# 3. One release build (the binary and the screenshot checker), then the package from it. The
# release profile keeps line tables for backtraces; --strip leaves them out of the package.
step "cargo build --release --locked --bin go-arbiter --example check_screenshot"
cargo build --release --locked --bin go-arbiter --example check_screenshot || fail "release build failed"
rm -f target/debian/"$PACKAGE"_*.deb
step "cargo deb --no-build --strip"
cargo deb --no-build --strip --locked || fail "cargo deb failed"
debs=(target/debian/"$PACKAGE"_*.deb)
[[ ${#debs[@]} -eq 1 && -f "${debs[0]}" ]] || fail "expected one target/debian/${PACKAGE}_*.deb, found: ${debs[*]}"
deb="${debs[0]}"

# 4. Control data: the Depends that winit and glutin dlopen() at run time, and the rest.
info="$(dpkg-deb -I "$deb")" || fail "dpkg-deb -I cannot read $deb"
depends="$(dpkg-deb -f "$deb" Depends)"
step "Depends: $depends"
# cargo-deb's "$auto" part: libc6, and libasound2 once the binary links ALSA (it is libasound2t64 on
# Debian 13); then the listed ones.
required=(libc6)
if readelf -d target/release/go-arbiter 2>/dev/null | grep -q 'NEEDED.*libasound\.so'; then
    required+=(libasound2)
fi
for lib in "${required[@]}" libgl1 libegl1 libx11-6 libx11-xcb1 libxcursor1 libxi6 libxkbcommon-x11-0 \
    libfontconfig1 libdbus-1-3 tzdata; do
    tr -d ' ' <<<"$depends" | grep -Eq "(^|[,|])${lib}(t64)?([,(|]|\$)" || fail "Depends lacks $lib: $depends"
done
recommends="$(dpkg-deb -f "$deb" Recommends)"
[[ "$recommends" == *xdg-desktop-portal* && "$recommends" == *zenity* ]] ||
    fail "Recommends lacks xdg-desktop-portal | zenity: $recommends"
for field in Package Version Architecture Maintainer Section Priority Description Installed-Size; do
    grep -q "^ $field:" <<<"$info" || fail "control lacks $field"
done

# 5. Files: binary, launcher, metainfo, icons in every size, voices, docs.
files="$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')" || fail "dpkg-deb -c cannot list $deb"
expected=(
    /usr/bin/go-arbiter
    /usr/share/applications/go-arbiter.desktop
    /usr/share/metainfo/io.github.goarbiter.GoArbiter.metainfo.xml
    /usr/share/icons/hicolor/scalable/apps/go-arbiter.svg
    /usr/share/go-arbiter/voices/zh/voice.ron
    /usr/share/go-arbiter/voices/en/voice.ron
    /usr/share/doc/go-arbiter/copyright
)
for n in 16 32 48 64 128 256 512; do expected+=("/usr/share/icons/hicolor/${n}x${n}/apps/go-arbiter.png"); done
for path in "${expected[@]}"; do
    grep -qx "$path" <<<"$files" || fail "$deb lacks $path"
done
bytes=$(stat -c %s "$deb")
installed_kib=$(dpkg-deb -f "$deb" Installed-Size)
step "$deb: $((bytes / 1024)) KiB, installed $installed_kib KiB, ${#expected[@]} expected files present"

# 6. Install with apt so the Depends resolve (recommends left out: the test needs only Depends).
installed=false
cleanup() {
    if $installed && [[ "${KEEP_INSTALLED:-0}" != 1 ]]; then
        step "removing $PACKAGE"
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y "$PACKAGE" >/dev/null ||
            echo "test-deb: could not remove $PACKAGE" >&2
    fi
}
trap cleanup EXIT
step "apt-get install ./$deb"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "./$deb" ||
    fail "apt-get cannot install $deb"
installed=true
[[ "$(dpkg-query -W -f='${Status}' "$PACKAGE")" == "install ok installed" ]] || fail "dpkg does not list $PACKAGE as installed"
[[ -x /usr/bin/go-arbiter ]] || fail "/usr/bin/go-arbiter is missing after the install"
desktop-file-validate /usr/share/applications/go-arbiter.desktop || fail "the installed desktop entry is invalid"

# 7. The installed binary shows a board.
step "starting /usr/bin/go-arbiter under Xvfb"
SHOT="${SHOT:-target/screenshots/deb-window.png}" bash packaging/check-window.sh /usr/bin/go-arbiter ||
    fail "the installed /usr/bin/go-arbiter does not show a board"

echo "test-deb: 1 passed, 0 failed"
