#!/usr/bin/env bash
# Side by side: webclip's methods and trafilatura (latest from PyPI) on every folder of
# ../shared/data, with the same metrics (webclip-lab eval). Usage: scripts/compare_trafilatura.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${DATA:-../shared/data}
OUT=${OUT:-target/trafilatura}
python3 -m venv target/venv-trafilatura
target/venv-trafilatura/bin/pip install -q --upgrade "trafilatura==2.3.1" lxml_html_clean
target/venv-trafilatura/bin/python scripts/trafilatura_extract.py "$OUT" "$DATA"/*/
cargo build --release -q -p webclip-lab
for d in "$DATA"/*/; do
  name=$(basename "$d")
  ./target/release/webclip-lab eval "$d" --predictions "$OUT/$name.jsonl" | sed -n '3p'
done
