#!/usr/bin/env bash
# FOREST's curves (paper Figs. 5–7) and baselines, measured leave-one-out on the multi-page
# folders of ../shared/data and printed as tables of word-bigram F1 (%): all pages (misses fall
# back to the default `auto`) and, in brackets, only the pages the wrapper matched.
#
# usage: scripts/forest_curves.sh [DATA_DIR]   (builds the release binary first)
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${1:-../shared/data}
cargo build --release -q -p webclip-lab
W=./target/release/webclip-lab
FOLDERS=(utomo-big9 cleanportaleval wcxb dragnet l3s-gn1)
DIRS=()
for f in "${FOLDERS[@]}"; do DIRS+=("$DATA/$f"); done

# One table row: label, then eval options.
row() {
  local label=$1; shift
  printf '%-34s' "$label"
  "$W" eval "${DIRS[@]}" --group-by template --jobs "$(nproc)" "$@" 2>/dev/null |
    awk -v n="${#FOLDERS[@]}" '
      { gsub(/\/ +/, "/") }
      $2 ~ /^[0-9]+$/ && NF >= 10 { split($9, b, "/"); printf " %6.1f [%5s]", b[3], $10 }
      END { printf "\n" }'
}

header() {
  echo
  echo "## $1"
  printf '%-34s' "setting"
  for f in "${FOLDERS[@]}"; do printf ' %14s' "$f"; done
  echo
}

header "Baselines and FOREST (k = 10, all other pages of the template as samples)"
row "cnr (single page)" --method cnr
row "auto (single page)" --method auto
row "forest tf-idf, paper's XPath" --method forest --exact-wrapper
row "forest tf-idf, relaxed XPath" --method forest
row "coverage tf-idf, paper's XPath" --method coverage --exact-wrapper
row "forest feed (title+descr.), paper" --method forest --feed-meta --exact-wrapper
row "sigfeed (title+descr.)" --method sigfeed
row "description (title+descr.)" --method description

header "Fig. 5: F1 against the number of sample pages (forest tf-idf, paper's XPath)"
for n in 1 2 3 4 5 6 8 10; do
  row "samples <= $n" --method forest --exact-wrapper --samples "$n"
done

header "Fig. 5: the same for COVERAGE"
for n in 1 2 4 6 10; do
  row "samples <= $n" --method coverage --exact-wrapper --samples "$n"
done

header "Fig. 6: F1 against the number of signifiers k (forest tf-idf, paper's XPath)"
for k in 1 2 3 5 7 10 15 20 30 50; do
  row "k = $k" --method forest --exact-wrapper -k "$k"
done

header "Fig. 7: J alone, U alone, J x U (forest tf-idf, paper's XPath)"
for m in j u jxu; do
  row "measure $m" --method forest --exact-wrapper --measure "$m"
done

header "Ablations (forest tf-idf, paper's XPath)"
row "full attribute values" --method forest --exact-wrapper --full-values
row "no level factor" --method forest --exact-wrapper --no-level-factor
