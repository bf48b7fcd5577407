#!/usr/bin/env bash
# Continuous fuzzing of webclip: installs what it needs (the nightly toolchain, cargo-fuzz,
# the markdown target's npm packages), writes the hand-made seeds, builds every cargo-fuzz
# target once, then fuzzes each target until it has had CPU_SECONDS of CPU time (user + sys,
# measured by /usr/bin/time), under a memory limit that catches amplification, and writes a
# summary per target and for the run.
#
#   fuzz/run.sh [-c CPU_SECONDS] [-u UNTIL] [-m MB] [-o OUT] [-s SEEDS] [TARGET...]
#
#   -c  CPU seconds per target (default 600); a target runs in chunks of at most 5 minutes
#       (wall) until it has had them
#   -u  stop starting chunks after this time (`date -d` syntax, e.g. 20:30): the CPU goal is
#       then not met, and the summary says how much it had
#   -m  memory limit in MB (default 2048): -rss_limit_mb, so an input that makes the process
#       grow past it is a finding (an "oom-" artifact); also passed as -malloc_limit_mb, which
#       libFuzzer enforces only with a sanitizer's malloc hooks (the targets build with -s none)
#   -o  where the logs and summaries go (default fuzz/target/runs/DATE)
#   -s  a read-only folder of seeds per target (SEEDS/TARGET), e.g. the real pages written by
#       `fuzz/seeds.py --data ... --out SEEDS`
#   -M  then minimise each target's corpus (libFuzzer -merge=1, as `cargo fuzz cmin`; jsfuzz
#       keeps only inputs with new coverage) and cap it (cap.py): what gets committed
#   TARGET  default: every cargo-fuzz target and `markdown`
#
# Every fuzzing process runs under `nice -n 19`. What a target adds to its corpus goes to
# fuzz/corpus/TARGET (minimise with `cargo +nightly fuzz cmin` before committing, see
# README.md); findings go to fuzz/artifacts/TARGET/.
set -euo pipefail
cd "$(dirname "$0")"
FUZZ=$PWD

cpu_goal=600 until_epoch="" mem=2048 out="" seeds="" minimise=no
while getopts "c:u:m:o:s:M" opt; do
  case $opt in
    c) cpu_goal=$OPTARG ;;
    u) until_epoch=$(date -d "$OPTARG" +%s) ;;
    m) mem=$OPTARG ;;
    o) out=$OPTARG ;;
    s) seeds=$(cd "$OPTARG" && pwd) ;;
    M) minimise=yes ;;
    *) sed -n '2,27p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
out=${out:-$FUZZ/target/runs/$(date -u +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(cd "$out" && pwd)

RUST_TARGETS=$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^webclip-fuzz-targets$')
targets=${*:-$RUST_TARGETS markdown}
export CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1}

# ---- what it needs ------------------------------------------------------------------------
need_node=no need_rust=no
for t in $targets; do if [ "$t" = markdown ]; then need_node=yes; else need_rust=yes; fi; done
# libFuzzer's instrumentation flags are nightly-only: the targets build on nightly (the rest
# of webclip, and CI, stay on stable).
if [ $need_rust = yes ] && ! rustup toolchain list | grep -q '^nightly'; then
  rustup toolchain install nightly --profile minimal
fi
if [ $need_rust = yes ] && ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked
fi
if [ $need_node = yes ] && [ ! -x js/node_modules/.bin/jsfuzz ]; then
  (cd js && npm ci --no-audit --no-fund)
fi
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time; }

python3 seeds.py # the hand-made seeds into corpus/TARGET/seed-*
[ $need_rust = no ] || cargo +nightly fuzz build -O -a -s none
BIN=$FUZZ/target/x86_64-unknown-linux-gnu/release

cpu_of() { # user + system seconds from a /usr/bin/time -v report
  awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.1f", s }' "$1"
}

run_chunk() { # TARGET WALL_SECONDS LOG TIMEFILE
  local t=$1 wall=$2 log=$3 tf=$4
  mkdir -p "$FUZZ/artifacts/$t" "$FUZZ/corpus/$t"
  if [ "$t" = markdown ]; then
    # jsfuzz (coverage-guided, pure JavaScript) over the renderer taken from app.js; it has no
    # time limit of its own: SIGINT ends it after the chunk. jsdom is preloaded so that only
    # webclip's code is instrumented. Its "versifier" is off: it builds inputs of megabytes
    # (seconds each in jsdom, and its own process aborted on them); mutations stay under 4 KiB.
    (cd js && NODE_OPTIONS="--require ./preload.js" nice -n 19 /usr/bin/time -v -o "$tf" \
      timeout -s INT -k 30 "$wall" node_modules/.bin/jsfuzz fuzz_markdown.js "$FUZZ/corpus/markdown" \
        ${seeds:+"$seeds/markdown"} --rss-limit-mb "$mem" --timeout 20 --versifier false >"$log" 2>&1 || true)
    for f in js/crash-*; do
      if [ -e "$f" ]; then mv "$f" "$FUZZ/artifacts/markdown/"; fi
    done
  else
    local extra=()
    [ -n "$seeds" ] && [ -d "$seeds/$t" ] && extra+=("$seeds/$t")
    nice -n 19 /usr/bin/time -v -o "$tf" "$BIN/$t" "$FUZZ/corpus/$t" "${extra[@]}" \
      -max_total_time="$wall" -rss_limit_mb="$mem" -malloc_limit_mb="$mem" -timeout=20 -max_len=65536 \
      -artifact_prefix="$FUZZ/artifacts/$t/" -print_final_stats=1 >"$log" 2>&1 || true
  fi
}

# A niced fuzzer on a busy machine can be starved for minutes, and libFuzzer's -timeout (and
# jsfuzz's) count wall time: a timeout or slow-unit report stands only if the input is slow
# again when replayed alone, not niced. One that runs in under 5 s goes to
# artifacts/TARGET/starved/ and is not counted.
confirm_slow() { # TARGET
  local t=$1 f s
  for f in "$FUZZ/artifacts/$t"/timeout-* "$FUZZ/artifacts/$t"/slow-unit-* "$FUZZ/artifacts/$t"/crash-*; do
    [ -e "$f" ] || continue
    s=$(date +%s%N)
    if [ "$t" = markdown ]; then
      # only a crash that jsfuzz wrote for a timeout (an unsafe output or exception counts)
      cat "$out/$t".*.log | grep -A4 "timeout reached" | grep -q "$(basename "$f")" || continue
      (cd js && timeout 60 node -e 'require("./renderer").problems(require("fs").readFileSync(process.argv[1]).toString("utf8"))' "$f") >/dev/null 2>&1 || true
    else
      case $f in */crash-*) continue ;; esac
      timeout 60 "$BIN/$t" -runs=1 "$f" >/dev/null 2>&1 || true
    fi
    if [ $((($(date +%s%N) - s) / 1000000)) -lt 5000 ]; then
      mkdir -p "$FUZZ/artifacts/$t/starved"
      mv "$f" "$FUZZ/artifacts/$t/starved/"
      echo "$t: $(basename "$f") replays in under 5 s: a starved process, not counted" | tee -a "$out/notes"
    fi
  done
}

execs_of() { # executions in one chunk's log
  if [ "$1" = markdown ]; then
    grep -o '^#[0-9]*' "$2" | tail -1 | tr -d '#'
  else
    sed -n 's/^stat::number_of_executed_units: *//p' "$2" | tail -1
  fi
}

printf 'target\texecutions\tcpu_s\twall_s\tcorpus_files\tfindings\n' >"$out/summary.tsv"
for t in $targets; do
  cpu=0 execs=0 wall=0 k=0
  while awk -v c="$cpu" -v g="$cpu_goal" 'BEGIN { exit !(c < g) }'; do
    if [ -n "$until_epoch" ] && [ "$(date +%s)" -ge "$until_epoch" ]; then
      echo "$t: stopped at the deadline with ${cpu} CPU s of ${cpu_goal}" | tee -a "$out/notes"
      break
    fi
    k=$((k + 1))
    # Aim at what is left of the goal: a niced fuzzer may get less than one CPU per wall second.
    chunk=$(awk -v c="$cpu" -v g="$cpu_goal" 'BEGIN { r = g - c + 5; if (r > 300) r = 300; if (r < 60) r = 60; printf "%d", r }')
    if [ -n "$until_epoch" ]; then
      left=$((until_epoch - $(date +%s)))
      [ "$chunk" -gt "$left" ] && chunk=$((left > 10 ? left : 10))
    fi
    start=$(date +%s)
    run_chunk "$t" "$chunk" "$out/$t.$k.log" "$out/$t.$k.time"
    confirm_slow "$t"
    wall=$((wall + $(date +%s) - start))
    used=$(cpu_of "$out/$t.$k.time")
    cpu=$(awk -v a="$cpu" -v b="$used" 'BEGIN { printf "%.1f", a + b }')
    n=$(execs_of "$t" "$out/$t.$k.log" || true)
    execs=$((execs + ${n:-0}))
    echo "$t chunk $k: ${chunk}s wall asked, ${used} CPU s used; so far ${cpu} CPU s, $execs executions"
    if awk -v u="$used" 'BEGIN { exit !(u < 2) }'; then
      echo "$t: chunk $k ended at once (see $out/$t.$k.log): target stopped" | tee -a "$out/notes"
      break
    fi
  done
  [ "$t" != markdown ] || (cd js && node replay.js >"$out/markdown.replay.log") || echo "markdown: saved inputs fail, see $out/markdown.replay.log" | tee -a "$out/notes"
  files=$(find "corpus/$t" -type f | wc -l)
  findings=$(find "artifacts/$t" -maxdepth 1 -type f 2>/dev/null | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$execs" "$cpu" "$wall" "$files" "$findings" | tee -a "$out/summary.tsv"
done

minimise_corpus() { # TARGET
  local t=$1
  if [ "$t" != markdown ]; then
    local tmp
    tmp=$(mktemp -d)
    nice -n 19 "$BIN/$t" -merge=1 -rss_limit_mb="$mem" -timeout=20 "$tmp" "corpus/$t" >"$out/$t.cmin.log" 2>&1
    if [ -n "$(ls -A "$tmp")" ]; then
      find "corpus/$t" -type f -delete
      mv "$tmp"/* "corpus/$t/"
    fi
    rm -rf "$tmp"
  fi
  python3 cap.py "corpus/$t"
}
if [ $minimise = yes ]; then
  for t in $targets; do minimise_corpus "$t"; done
fi
echo "summary: $out/summary.tsv"
