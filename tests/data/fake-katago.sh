#!/bin/sh
# tests/data/fake-katago.sh: a stand-in for KataGo's analysis engine in the window's tests,
# speaking its protocol (ready line on stderr, one JSON answer a query line). What it does is
# chosen by the -model file's name: all-black-dead (ownership -1 on every point), slow-all-black-dead
# (the same, a second after each query), crashes (says why on stderr and exits 3), never-answers
# (reads and stays silent).
model=""
while [ $# -gt 0 ]; do
    [ "$1" = "-model" ] && model="$2"
    shift
done
case "$(basename "$model")" in
    crashes)
        echo "Error: could not load model file $model" >&2
        exit 3
        ;;
esac
echo "Started, ready to begin handling requests" >&2
while IFS= read -r line; do
    case "$(basename "$model")" in
        never-answers) continue ;;
        slow-*) sleep 1 ;;
    esac
    id=$(printf '%s' "$line" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
    n=$(printf '%s' "$line" | sed -n 's/.*"boardXSize":\([0-9]*\).*/\1/p')
    own=$(awk -v n="$n" 'BEGIN { for (i = 0; i < n * n; i++) printf "%s-1", (i ? "," : "") }')
    printf '{"id":"%s","isDuringSearch":false,"ownership":[%s],"turnNumber":0}\n' "$id" "$own"
done
