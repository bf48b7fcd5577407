#!/usr/bin/env python3
"""wcxb out of fold: how `auto` does on wcxb pages its model has not learnt.

The shipped model is trained on wcxb and readability, so `eval` on wcxb scores pages the model
has memorised, and a rule that helps the model on pages it knows may not help it on pages it
does not (the held-out WCXB test split, product and listing pages of other sites). This script
splits wcxb into K folds by page id, trains one boosted-plus model per fold on the other folds
and readability (the shipped model's recipe and settings), and evaluates `auto` on each fold with
its fold's model. The rows are written as one folder, `wcxb-oof`, so `protocol.py` compares two
settings out of fold:

    scripts/oof.py --out /tmp/oof/base.csv
    scripts/oof.py --out /tmp/oof/new.csv --args "--tune declared_recall=off"
    scripts/protocol.py --base-csv /tmp/oof/base.csv --new-csv /tmp/oof/new.csv \\
        --folders wcxb-oof --in-sample none

Fold models are cached in `--work` by their training flags (a run of five takes about five
minutes on two cores), not by the library that made their training rows: after a change to how
pages are read or to the features, empty `--work` (or pass another). `--normalise` and other
eval flags go in `--args`. Standard library only.
"""

import argparse
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def fold_of(page_id: str, k: int) -> int:
    return int(hashlib.md5(page_id.encode()).hexdigest(), 16) % k


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lab", default=os.path.join(REPO, "target", "release", "webclip-lab"))
    ap.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data"))
    ap.add_argument("--work", default="/tmp/webclip-oof", help="fold folders and cached models")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--train-args", default="--max-depth 8 --iterations 300 --seed 1",
                    help="flags of `train boosted` (default: the shipped model's)")
    ap.add_argument("--args", default="", help="extra `eval` flags, e.g. \"--normalise --favor recall\"")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", required=True, help="the per-page CSV, folder `wcxb-oof`")
    a = ap.parse_args()

    wcxb = os.path.join(a.data, "wcxb")
    with open(os.path.join(wcxb, "pages.jsonl"), encoding="utf-8") as f:
        lines = [l for l in f if l.strip()]
    tag = hashlib.md5(f"{a.folds} {a.train_args}".encode()).hexdigest()[:10]
    os.makedirs(a.work, exist_ok=True)
    header, rows = None, []
    scratch = tempfile.mkdtemp(prefix="eval-", dir=a.work)
    for k in range(a.folds):
        for kind in ("train", "test"):
            d = os.path.join(a.work, f"{kind}{k}of{a.folds}")
            os.makedirs(d, exist_ok=True)
            html = os.path.join(d, "html")
            if not os.path.islink(html):
                os.symlink(os.path.abspath(os.path.join(wcxb, "html")), html)
            with open(os.path.join(d, "pages.jsonl"), "w", encoding="utf-8") as f:
                f.writelines(l for l in lines if (fold_of(json.loads(l)["id"], a.folds) == k) == (kind == "test"))
        model = os.path.join(a.work, f"model-{tag}-{k}.json")
        if not os.path.exists(model):
            cmd = [a.lab, "train", "boosted", "--features", "extended", "--data", os.path.join(a.work, f"train{k}of{a.folds}"),
                   os.path.join(a.data, "readability"), "--out", model + ".part", *shlex.split(a.train_args)]
            print(f"fold {k}: training", file=sys.stderr, flush=True)
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            os.replace(model + ".part", model)
        # Each run's evaluations in its own folder: runs that share `--work` (and its models) at
        # the same time do not read each other's rows.
        csv_path = os.path.join(scratch, f"eval-{k}.csv")
        cmd = [a.lab, "eval", os.path.join(a.work, f"test{k}of{a.folds}"), "--jobs", str(a.jobs), "--model", model,
               "--out", csv_path, *shlex.split(a.args)]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(csv_path, encoding="utf-8") as f:
            got = f.read().splitlines()
        header = header or got[0]
        # The folder column names the fold's folder; every fold becomes one folder.
        rows.extend("wcxb-oof," + r.split(",", 1)[1] for r in got[1:] if r)
    shutil.rmtree(scratch, ignore_errors=True)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write(header + "\n" + "\n".join(rows) + "\n")
    print(f"{len(rows)} pages of wcxb out of fold -> {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
