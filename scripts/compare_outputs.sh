#!/usr/bin/env bash
# Every output of every method on every page of ../shared/data, written by one binary, so two
# builds can be compared byte for byte (the structure-refactor check: outputs unchanged).
#
#   scripts/compare_outputs.sh record BIN OUTDIR [LAB]  # write OUTDIR/<method>.<format>.<folder>
#   scripts/compare_outputs.sh diff OLD NEW         # list the files and pages that differ
#
# Per folder and method: JSON with the body as text, markdown and html (body, metadata,
# blocks with XPaths, scores and reasons, warnings), plain text output, and the eval CSV
# (`eval` from LAB, the webclip-lab binary; default: webclip-lab beside BIN, else BIN itself,
# as before the lab split). METHODS picks the methods; LIMIT=N takes the first N pages of each
# folder (the layout methods lay every page out: all of them take an hour on two cores).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
data="${DATA:-$here/../shared/data}"
methods="${METHODS:-auto cnr boosted boosted-plus}"
case "${1:-}" in
record)
    bin="$2"; out="$3"; mkdir -p "$out"
    lab="${4:-$(dirname "$bin")/webclip-lab}"
    [ -x "$lab" ] || lab="$bin"
    limit="${LIMIT:-}"
    for dir in "$data"/*/; do
        folder=$(basename "$dir")
        # Paths relative to the data folder, so two recordings name pages alike.
        mapfile -t pages < <(cd "$data" && ls "$folder"/html/*.html.gz | sort | head -n "${limit:-1000000}")
        for m in $methods; do
            for body in text markdown html; do
                (cd "$data" && "$bin" extract --method "$m" --format json --body "$body" "${pages[@]}" \
                    >"$out/$m.json-$body.$folder" 2>"$out/$m.json-$body.$folder.err") || true
            done
            (cd "$data" && "$bin" extract --method "$m" "${pages[@]}" >"$out/$m.text.$folder" 2>/dev/null) || true
            "$lab" eval "$dir" --method "$m" --jobs 2 ${limit:+--limit "$limit"} --out "$out/$m.eval.$folder.csv" >/dev/null 2>&1 || true
            # Timings differ run to run: drop the extract_ms column.
            cut -d, -f1-16,18- "$out/$m.eval.$folder.csv" >"$out/$m.eval.$folder" && rm "$out/$m.eval.$folder.csv"
        done
        echo "recorded $folder" >&2
    done
    ;;
diff)
    # JSON keys added on purpose since a recording (IGNORE="figures links") are dropped
    # from both sides before comparing.
    old="$2"; new="$3"; status=0
    norm() {
        case "$1" in
        *.json-*[!r]) python3 -c 'import json,sys,os
drop=os.environ.get("IGNORE","").split()
for line in sys.stdin:
    try: v=json.loads(line)
    except ValueError: sys.stdout.write(line); continue
    for k in drop: v.pop(k,None)
    print(json.dumps(v,ensure_ascii=False,sort_keys=True))' <"$1" ;;
        *) cat "$1" ;;
        esac
    }
    for f in "$old"/*; do
        name=$(basename "$f")
        if ! cmp -s <(norm "$f") <(norm "$new/$name"); then
            status=1
            echo "DIFFERS: $name"
            diff <(norm "$f") <(norm "$new/$name") | head -20
        fi
    done
    [ $status = 0 ] && echo "identical: $(ls "$old" | wc -l) files"
    exit $status
    ;;
*) sed -n '2,9p' "$0"; exit 2 ;;
esac
