#!/usr/bin/env python3
"""Caps a minimised corpus before it is committed: keeps the hand-made seeds (seed-*), drops
inputs over --max-bytes, and keeps at most --max-files of the rest, spread over their sizes.

    fuzz/cap.py corpus/TARGET [--max-files 600] [--max-bytes 16384]
"""
import argparse, os

ap = argparse.ArgumentParser()
ap.add_argument("dir")
ap.add_argument("--max-files", type=int, default=600)
ap.add_argument("--max-bytes", type=int, default=16 * 1024)
a = ap.parse_args()
files = [os.path.join(a.dir, n) for n in os.listdir(a.dir)]
rest = sorted((os.path.getsize(f), f) for f in files if not os.path.basename(f).startswith("seed-"))
drop = [f for size, f in rest if size > a.max_bytes]
rest = [(s, f) for s, f in rest if s <= a.max_bytes]
if len(rest) > a.max_files:
    keep = {rest[round(i * (len(rest) - 1) / (a.max_files - 1))][1] for i in range(a.max_files)}
    drop += [f for _, f in rest if f not in keep]
for f in drop:
    os.remove(f)
left = os.listdir(a.dir)
print("%s: %d files, %d bytes (%d dropped)" % (a.dir, len(left), sum(os.path.getsize(os.path.join(a.dir, n)) for n in left), len(drop)))
