#!/usr/bin/env python3
"""Side-by-side speed, whole processes, CPU time (user + system of the child): webclip
`extract` (auto) against resiliparse `extract_plain_text(main_content=True)`, rs-trafilatura
`extract_bytes` and trafilatura `extract` (PyPI, pinned), and dom_smoothie 0.18.0 (crates.io,
Readability.js in Rust; scripts/dom_smoothie_bench, built under target/dom-smoothie) over the
same pages of ../shared/data, several runs, medians and the ratios; plus start-up (one tiny
page per process). Not a test: figures for the README.

    scripts/compare_speed.py [--bin target/release/webclip] [--folder wcxb] [--pages 300] [--runs 3]
        [--min-kb 0] [--tools webclip,resiliparse,rs-trafilatura,trafilatura,dom_smoothie]

--folder takes several folders (comma-separated); --min-kb keeps only pages at least that large
decompressed. The group of large modern pages: --folder wcxb,readability --min-kb 100.

The Python tools run in a virtual environment this script makes under target/ (pinned
versions below). Pages are written decompressed to a temporary folder first, so every tool
reads the same plain files; each decodes the bytes itself.
"""
import argparse, gzip, json, os, resource, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESILIPARSE = "resiliparse==2.0.1"
# lxml_html_clean: trafilatura imports lxml.html.clean, a separate package since lxml 5.2.
PYTHON_TOOLS = [RESILIPARSE, "rs-trafilatura==0.1.1", "trafilatura==2.3.1", "lxml_html_clean==0.4.6"]

RP_SCRIPT = r"""
import sys
from resiliparse.extract.html2text import extract_plain_text
from resiliparse.parse.encoding import bytes_to_str, detect_encoding
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        b = f.read()
    html = bytes_to_str(b, detect_encoding(b))
    sys.stdout.write(extract_plain_text(html, main_content=True))
"""

RS_TRAFILATURA_SCRIPT = r"""
import sys
import rs_trafilatura
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        b = f.read()
    sys.stdout.write(rs_trafilatura.extract_bytes(b).main_content or "")
"""

TRAFILATURA_SCRIPT = r"""
import sys
import trafilatura
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        b = f.read()
    sys.stdout.write(trafilatura.extract(b) or "")
"""


def cpu(cmd):
    """CPU seconds (user + system) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "webclip"))
    ap.add_argument("--data", default=os.path.normpath(os.path.join(ROOT, "..", "shared", "data")))
    ap.add_argument("--folder", default="wcxb")
    ap.add_argument("--pages", type=int, default=300)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--min-kb", type=int, default=0)
    ap.add_argument("--tools", default="webclip,resiliparse,rs-trafilatura,trafilatura,dom_smoothie")
    a = ap.parse_args()
    venv = os.path.join(ROOT, "target", "speed-venv")
    py = os.path.join(venv, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run([py, "-m", "pip", "install", "--quiet"] + PYTHON_TOOLS, check=True)
    tmp = tempfile.mkdtemp(prefix="webclip-speed-")
    files, size = [], 0
    for folder in a.folder.split(","):
        with open(os.path.join(a.data, folder, "pages.jsonl")) as idx:
            for line in idx:
                if len(files) >= a.pages:
                    break
                r = json.loads(line)
                with gzip.open(os.path.join(a.data, folder, r["html_file"])) as f:
                    b = f.read()
                if len(b) < a.min_kb * 1024:
                    continue
                p = os.path.join(tmp, "%05d.html" % len(files))
                with open(p, "wb") as f:
                    f.write(b)
                files.append(p)
                size += len(b)
    tiny = os.path.join(tmp, "tiny.html")
    with open(tiny, "w") as f:
        f.write("<html><body><p>A tiny page with one sentence in it.</p></body></html>")
    scripts = {}
    for name, text in [("rp.py", RP_SCRIPT), ("rst.py", RS_TRAFILATURA_SCRIPT), ("tf.py", TRAFILATURA_SCRIPT)]:
        scripts[name] = os.path.join(tmp, name)
        with open(scripts[name], "w") as f:
            f.write(text)
    ds = os.path.join(ROOT, "target", "dom-smoothie", "release", "dom-smoothie-bench")
    wanted = a.tools.split(",")
    if "dom_smoothie" in wanted:
        subprocess.run(["cargo", "build", "--quiet", "--release", "--manifest-path",
                        os.path.join(HERE, "dom_smoothie_bench", "Cargo.toml"), "--target-dir",
                        os.path.join(ROOT, "target", "dom-smoothie")], check=True)
    commands = {
        "webclip": [a.bin, "extract"],
        "resiliparse": [py, scripts["rp.py"]],
        "rs-trafilatura": [py, scripts["rst.py"]],
        "trafilatura": [py, scripts["tf.py"]],
        "dom_smoothie": [ds],
    }
    pick = f" of at least {a.min_kb} KB" if a.min_kb else ""
    print(f"{len(files)} pages{pick} of {a.folder} ({size / 1e6:.0f} MB), {a.runs} runs, CPU seconds (user + system)")
    med = {}
    for name in wanted:
        cmd = commands[name]
        # A tool that fails would be timed as fast: it must run cleanly first.
        subprocess.run(cmd + files[:5], stdout=subprocess.DEVNULL, check=True)
        cpu(cmd + files)  # warm the page cache
        times = [cpu(cmd + files) for _ in range(a.runs)]
        start = statistics.median(cpu(cmd + [tiny]) for _ in range(10)) * 1000
        med[name] = statistics.median(times)
        print(f"  {name:<16} median {med[name]:.2f} s  (runs {', '.join('%.2f' % t for t in times)}); "
              f"{len(files) / med[name]:.0f} pages/s; start-up {start:.1f} ms")
    if "webclip" in med:
        w = med["webclip"]
        for name, t in med.items():
            if name != "webclip":
                print(f"ratio webclip / {name} = {w / t:.2f} ({'webclip faster' if w < t else 'webclip slower'})")

if __name__ == "__main__":
    main()
