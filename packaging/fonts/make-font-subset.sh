#!/bin/sh
# Makes assets/fonts/NotoSansCJKsc-subset.otf, the CJK font the window and the result slip bundle,
# and its licence (SIL OFL 1.1) next to it. Reproducible: same package, same sources, same font.
#
# Source: Debian's fonts-noto-cjk (Noto Sans CJK SC Regular, face 2 of NotoSansCJK-Regular.ttc,
# CFF outlines; egui's skrifa and ab_glyph's ttf-parser both draw CFF, so no conversion).
# Characters kept:
#   - printable ASCII (so the font stands on its own),
#   - GB2312 levels 1 and 2: the 3,755 common hanzi (rows 16-55) and the 3,008 less common ones
#     (rows 56-87), so that players' names (璐, 婷 in OpenGotha's own sample file) are drawn,
#   - GB2312 rows 1 and 3: Chinese punctuation and the full-width forms, plus CJK punctuation
#     U+3000-U+303F and the full-width forms U+FF01-U+FF5E,
#   - 勝 (used by the rules' old texts, not in GB2312), added by hand,
#   - every non-ASCII character in src/**/*.rs, tests/**/*.rs and the voice packs' text
#     (assets/voices/**/*.ron, *.md), so every string the program shows is covered.
# Needs: fonts-noto-cjk (apt; made with 1:20220127+repack1-1) and fonttools (pip; made with 4.68.0; a
# venv is fine: FONTTOOLS_PYTHON=/venv/bin/python). The same inputs give the same bytes.
# Run from anywhere: sh packaging/fonts/make-font-subset.sh
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
src=${NOTO_CJK_TTC:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
face=2 # Noto Sans CJK SC in the collection
python=${FONTTOOLS_PYTHON:-python3}
out="$root/assets/fonts/NotoSansCJKsc-subset.otf"
licence="$root/assets/fonts/NotoSansCJKsc-LICENSE.txt"
copyright=${NOTO_CJK_COPYRIGHT:-/usr/share/doc/fonts-noto-cjk/copyright}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

[ -f "$src" ] || { echo "missing $src: apt-get install fonts-noto-cjk" >&2; exit 1; }
"$python" -c 'import fontTools' 2>/dev/null || { echo "fontTools missing: pip install fonttools" >&2; exit 1; }

# The characters, one file of text.
"$python" - "$root" "$tmp/chars.txt" <<'PY'
import pathlib, sys
root, out = pathlib.Path(sys.argv[1]), sys.argv[2]
chars = {chr(c) for c in range(0x20, 0x7F)}
def gb2312(rows):
    for row in rows:
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes([row, cell]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
gb2312(range(0xB0, 0xF8))          # level 1 and 2 hanzi (rows 16-87): names need level 2
gb2312([0xA1, 0xA3])               # punctuation, full-width forms
chars.update(chr(c) for c in range(0x3000, 0x3040))
chars.update(chr(c) for c in range(0xFF01, 0xFF5F))
chars.add("勝")
files = [*root.glob("src/**/*.rs"), *root.glob("tests/**/*.rs"),
         *root.glob("assets/voices/**/*.ron"), *root.glob("assets/voices/**/*.md")]
for f in sorted(files):
    chars.update(c for c in f.read_text(encoding="utf-8") if ord(c) > 0x7F)
chars = sorted(c for c in chars if c.isprintable() or c == "\u3000")
pathlib.Path(out).write_text("".join(chars), encoding="utf-8")
PY

# The subset: no hinting and no layout features (egui and ab_glyph use neither), CFF without
# subroutines, no vertical metrics; names kept. About 1.4 MB.
"$python" -m fontTools.subset "$src" --font-number="$face" \
    --text-file="$tmp/chars.txt" \
    --no-hinting --desubroutinize --layout-features='' \
    --drop-tables+=vmtx,vhea,VORG,BASE \
    --output-file="$out"

# The licence: the font's own copyright line, then the OFL text from the package.
{
    echo "Noto Sans CJK SC, subset for Go Arbiter by packaging/fonts/make-font-subset.sh"
    echo "(a Modified Version under the OFL: characters removed, nothing else changed)."
    echo
    "$python" -c 'import sys
from fontTools.ttLib import TTFont
f = TTFont(sys.argv[1])
print(f["name"].getDebugName(0))' "$out"
    echo
    # The stand-alone "License: SIL-1.1" paragraph: its indented lines, up to the next blank line.
    awk '/^License: SIL-1.1$/ { getline; if ($0 ~ /^ /) on = 1 } on && /^$/ { exit } on' "$copyright" \
        | sed 's/^ //; s/^\.$//'
} > "$licence"

echo "$out: $(wc -c < "$out") bytes, $(wc -m < "$tmp/chars.txt") characters"
