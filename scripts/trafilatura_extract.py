#!/usr/bin/env python3
"""Run trafilatura on every page of dataset folders (../shared/data format) and write one
predictions file per folder: JSON lines {"id", "text", "title", "author", "date", "secs"}.
Scored afterwards by `webclip-lab eval DIR --predictions FILE`, so both tools meet the same metrics.

usage: trafilatura_extract.py [--favor precision|recall] OUT_DIR DATASET_DIR...
"""
import gzip
import json
import os
import sys
import time

import trafilatura


def main():
    args = sys.argv[1:]
    favor = None
    if args[:1] == ["--favor"]:
        favor, args = args[1], args[2:]
        if favor not in ("precision", "recall"):
            sys.exit(f"--favor: precision or recall, not {favor!r}")
    out_dir, dirs = args[0], args[1:]
    os.makedirs(out_dir, exist_ok=True)
    for d in dirs:
        name = os.path.basename(os.path.normpath(d))
        total, n = 0.0, 0
        with open(os.path.join(d, "pages.jsonl")) as f, open(os.path.join(out_dir, name + ".jsonl"), "w") as out:
            for line in f:
                rec = json.loads(line)
                with gzip.open(os.path.join(d, rec["html_file"])) as g:
                    raw = g.read()
                t0 = time.perf_counter()
                text, meta = "", {}
                try:
                    text = trafilatura.extract(raw, url=rec.get("url"), include_comments=False,
                                               include_tables=True, output_format="txt",
                                               favor_precision=favor == "precision",
                                               favor_recall=favor == "recall") or ""
                    m = trafilatura.extract_metadata(raw, default_url=rec.get("url"))
                    if m is not None:
                        meta = {"title": m.title, "author": m.author, "date": m.date}
                except Exception as e:  # a failure is a page with no output, as for webclip
                    print(f"{name}/{rec['id']}: {e}", file=sys.stderr)
                secs = time.perf_counter() - t0
                total += secs
                n += 1
                out.write(json.dumps({"id": rec["id"], "text": text, "secs": secs, **meta}) + "\n")
        print(f"{name}: {n} pages, {n / max(total, 1e-9):.1f} pages/s (extract + metadata, single thread)",
              file=sys.stderr)


if __name__ == "__main__":
    main()
