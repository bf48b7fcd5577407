#!/usr/bin/env python3
"""Pages per second of the Python package on labeled folders: `webclip.extract` in a loop
(one thread) and `webclip.extract_many` (threads, GIL released). Needs the wheel installed.

    scripts/bench_python.py ../shared/data/wcxb [DIR...] [--threads 2] [--scaling]

`--scaling` also runs `extract_many` on one thread and prints the ratio of the two (the
speed-up that `threads` brings).
"""
import argparse, gzip, json, os, time

import webclip

ap = argparse.ArgumentParser()
ap.add_argument("dirs", nargs="+")
ap.add_argument("--threads", type=int, default=2)
ap.add_argument("--scaling", action="store_true")
a = ap.parse_args()
pages = []
for d in a.dirs:
    with open(os.path.join(d, "pages.jsonl")) as idx:
        for line in idx:
            with gzip.open(os.path.join(d, json.loads(line)["html_file"])) as f:
                pages.append(f.read())
mb = sum(map(len, pages)) / 1e6
t = time.perf_counter()
for p in pages:
    try:
        webclip.extract(p)
    except webclip.WebclipError:
        pass
one = time.perf_counter() - t
t = time.perf_counter()
out = webclip.extract_many(pages, threads=a.threads)
many = time.perf_counter() - t
failed = sum(1 for r in out if "error" in r)
print(f"{len(pages)} pages, {mb:.0f} MB; extract loop: {len(pages)/one:.0f} pages/s ({mb/one:.0f} MB/s); "
      f"extract_many({a.threads} threads): {len(pages)/many:.0f} pages/s ({mb/many:.0f} MB/s), {failed} failed")
if a.scaling:
    t = time.perf_counter()
    webclip.extract_many(pages, threads=1)
    single = time.perf_counter() - t
    print(f"extract_many(1 thread): {len(pages)/single:.0f} pages/s; {a.threads} threads / 1 thread: "
          f"{single/many:.2f}")
