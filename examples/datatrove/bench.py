"""Throughput of a datatrove pipeline (WarcReader → extractor → JsonlWriter) with webclip and with
datatrove's built-in Trafilatura extractor, on the same WARC file, in one process.

    pip install "datatrove[io]==0.10.1" "trafilatura==1.11.0" "lxml_html_clean==0.4.6" "warcio==1.7.5"
    python examples/datatrove/bench.py --dataset DATA/wcxb --pages 500

builds one gzipped WARC file of ``--pages`` pages of a dataset in the repository's labeled-data
format (``pages.jsonl`` + ``html/*.html.gz``: each page's original bytes as an HTTP 200
response), then runs the pipeline once per extractor and round (one task, one worker: one
process) and prints, for each extractor, pages in, documents out, the best round's wall time
and pages per second, and the extractor step's own time from datatrove's stats. The rounds
alternate between the extractors so a busy machine weighs on both alike.
"""
import argparse
import gzip
import io
import json
import os
import tempfile
import time

from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.extractors import Trafilatura
from datatrove.pipeline.readers import WarcReader
from datatrove.pipeline.writers import JsonlWriter
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from webclip.datatrove import Webclip


def write_warc(dataset, pages, path):
    """The first ``pages`` pages of the dataset as HTTP 200 responses; how many were written."""
    n = 0
    with open(os.path.join(dataset, "pages.jsonl")) as index, open(path, "wb") as out:
        w = WARCWriter(out, gzip=True)
        for line in index:
            if n >= pages:
                break
            page = json.loads(line)
            with gzip.open(os.path.join(dataset, page["html_file"])) as f:
                body = f.read()
            url = page.get("url") or "https://example.org/%s" % page["id"]
            headers = StatusAndHeaders("200 OK", [("Content-Type", "text/html")], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(url, "response", payload=io.BytesIO(body), http_headers=headers))
            n += 1
    return n


def run(extractor, warcs, work, name):
    """One pipeline run: wall seconds, the extractor step's seconds, its stats."""
    out, logs = os.path.join(work, name + ".out"), os.path.join(work, name + ".logs")
    steps = [WarcReader(warcs), extractor, JsonlWriter(out)]
    start = time.perf_counter()
    LocalPipelineExecutor(pipeline=steps, tasks=1, workers=1, logging_dir=logs, skip_completed=False).run()
    wall = time.perf_counter() - start
    with open(os.path.join(logs, "stats.json")) as f:
        stats = json.load(f)
    step = next(s for s in stats if s["name"].endswith(extractor.name))
    return wall, step["time_stats"]["total"], step["stats"]


def extractors(threads):
    """name → a factory of a fresh extractor (each run gets its own)."""
    made = {
        # FineWeb's settings: datatrove's defaults (favour_precision, 1 s per page, in a sandbox process).
        "trafilatura": lambda: Trafilatura(favour_precision=True),
        "webclip": lambda: Webclip(),
    }
    if threads != 1:
        made["webclip threads=%d" % threads] = lambda: Webclip(threads=threads)
    return made


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dataset", required=True, help="a folder with pages.jsonl and html/ (e.g. shared data's wcxb)")
    ap.add_argument("--pages", type=int, default=500, help="pages in the WARC file")
    ap.add_argument("--rounds", type=int, default=3, help="runs per extractor; the fastest is reported")
    ap.add_argument("--threads", type=int, default=1, help="also webclip with this many threads (0: every core)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as work:
        warcs = os.path.join(work, "warcs")
        os.mkdir(warcs)
        pages = write_warc(args.dataset, args.pages, os.path.join(warcs, "pages.warc.gz"))
        best = {}
        for r in range(args.rounds):
            for name, make in extractors(args.threads).items():
                wall, step, stats = run(make(), warcs, work, "%s-%d" % (name.replace(" ", "_"), r))
                if name not in best or wall < best[name][0]:
                    best[name] = (wall, step, stats)
        print("%d pages, one process, best of %d rounds" % (pages, args.rounds))
        print("%-22s %8s %8s %9s %8s %12s  %s" % ("extractor", "in", "out", "wall s", "pages/s", "extract s", "other"))
        for name, (wall, step, stats) in best.items():
            other = {k: v for k, v in stats.items() if k not in ("total", "forwarded", "doc_len", "extracted")}
            print("%-22s %8d %8d %9.2f %8.1f %12.2f  %s" % (
                name, stats.get("total", 0), stats.get("forwarded", 0), wall, stats.get("total", 0) / wall, step,
                json.dumps(other, sort_keys=True),
            ))


if __name__ == "__main__":
    main()
