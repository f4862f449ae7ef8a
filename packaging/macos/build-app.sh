#!/usr/bin/env bash
# packaging/macos/build-app.sh: assembles target/macos/Go Arbiter.app (and, on macOS, a .dmg beside it):
#   Contents/Info.plist         packaging/macos/Info.plist with the crate's version
#   Contents/MacOS/go-arbiter   the release binary
#   Contents/Resources/         go-arbiter.icns, voices/{zh,en}
#
#   bash packaging/macos/build-app.sh               on macOS: cargo build --release, then the bundle
#   BINARY=path bash packaging/macos/build-app.sh   bundle a given binary, no build (any OS: checks the layout)
#
# On macOS it also runs `plutil -lint`, signs ad hoc (codesign -s -, enough to run on the machine that
# built it; distributing needs a Developer ID and notarisation) and makes a .dmg with hdiutil.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
fail() { echo "build-app: FAILED: $*" >&2; exit 1; }

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
[[ -n "$version" ]] || fail "no version in Cargo.toml"

if [[ -z "${BINARY:-}" ]]; then
    [[ "$(uname -s)" == Darwin ]] || fail "building the app needs macOS; set BINARY=path to only assemble the bundle"
    cargo build --release --locked || fail "cargo build --release failed"
    BINARY=target/release/go-arbiter
fi
[[ -x "$BINARY" ]] || fail "$BINARY is not an executable"

app="target/macos/Go Arbiter.app"
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources/voices"
sed "s/@VERSION@/$version/g" packaging/macos/Info.plist >"$app/Contents/Info.plist"
cp "$BINARY" "$app/Contents/MacOS/go-arbiter"
cp packaging/macos/go-arbiter.icns "$app/Contents/Resources/"
cp -R assets/voices/zh assets/voices/en "$app/Contents/Resources/voices/"
printf 'APPL????' >"$app/Contents/PkgInfo"

# The plist must parse and name files that are there.
if command -v plutil >/dev/null 2>&1; then
    plutil -lint "$app/Contents/Info.plist" || fail "plutil rejects Info.plist"
elif command -v python3 >/dev/null 2>&1; then
    python3 - "$app" <<'PY' || fail "Info.plist does not parse or names a missing file"
import plistlib, sys, pathlib
app = pathlib.Path(sys.argv[1])
info = plistlib.loads((app / "Contents/Info.plist").read_bytes())
assert (app / "Contents/MacOS" / info["CFBundleExecutable"]).is_file(), "no executable"
assert (app / "Contents/Resources" / info["CFBundleIconFile"]).is_file(), "no icon"
assert "@" not in info["CFBundleVersion"], "version not filled in"
PY
fi

if [[ "$(uname -s)" == Darwin ]]; then
    codesign --force --deep --sign - "$app" || fail "ad hoc codesign failed"
    dmg="target/macos/Go-Arbiter-$version.dmg"
    rm -f "$dmg"
    hdiutil create -volname "Go Arbiter" -srcfolder "$app" -ov -format UDZO "$dmg" || fail "hdiutil failed"
    echo "build-app: $dmg"
fi
echo "build-app: $app (version $version)"
