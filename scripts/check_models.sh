#!/usr/bin/env bash
# Rebuilds every shipped model of crates/webclip/models with its recorded command (the
# commands of crates/webclip/models/README.md) into a temporary folder and compares each,
# byte for byte, with the shipped file. Exit 0 when all three are reproduced, 1 otherwise.
#
# usage: scripts/check_models.sh [DATA_DIR]   (default ../shared/data; builds the release binary)
#
# The boosted models come first: clg.json's `lr_plus` reads the leaf scores of the embedded
# boosted-extended.json, so CLG is rebuilt by a binary that embeds the shipped one. Training
# is deterministic for a seed and a thread count (`--threads`, default 2): pages are read
# without a wall-clock budget, so machine load does not change the rows.
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
cargo build --release -q -p webclip-lab
LAB=./target/release/webclip-lab
M=crates/webclip/models
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
D=("$DATA/wcxb" "$DATA/readability")
status=0

check() {
  local name=$1; shift
  local t0=$SECONDS
  if ! "$LAB" train "$@" --out "$OUT/$name" >"$OUT/$name.log" 2>&1; then
    echo "$name: training failed:"; tail -5 "$OUT/$name.log"; status=1; return
  fi
  if cmp -s "$OUT/$name" "$M/$name"; then
    echo "$name: reproduced byte for byte ($((SECONDS - t0)) s)"
  else
    echo "$name: DIFFERS from the shipped file ($((SECONDS - t0)) s): $(grep -m1 '^samples:' "$OUT/$name.log")"
    status=1
  fi
}

check boosted-paper.json boosted --data "${D[@]}" --features paper --max-depth 6 --iterations 300 --seed 1
check boosted-extended.json boosted --data "${D[@]}" --features extended --max-depth 8 --iterations 300 --seed 1
check clg.json clg --data "${D[@]}" --cv 5 --ablation --seed 1
exit $status
