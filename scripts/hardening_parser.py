#!/usr/bin/env python3
"""Issue 30 (items 1, 2): pages that make the parser build far more nodes than they have tags,
and pages whose JSON output or metadata took quadratic time, through one `webclip extract`
process each: exit code, wall time, peak memory (GNU time's maximum resident set size), the
output's size and the first line of stderr. Not a test (those are in crates/webclip); the
figures of docs/hardening-parser.md.

    scripts/hardening_parser.py [--bin target/release/webclip] [--timeout 200] [--only WORD]
        [--max-mb 6000]

--max-mb caps each process's address space (RLIMIT_AS), so a run of the unfixed binary cannot
take the shared machine's memory: past it the process aborts (exit -6).
"""
import argparse, os, tempfile
from hostile import measure  # scripts/ is on the path when the script runs

HERE = os.path.dirname(os.path.abspath(__file__))


def bs(n):
    return "".join("<b id=%d>" % i for i in range(n))


def absolute(n):
    return "<html><body>" + "".join(
        '<div style="position:absolute;left:%dpx;top:%dpx">word%d</div>' % (i % 1000, i, i) for i in range(n)
    ) + "</body></html>"


def inputs():
    """(name, page, extra arguments)"""
    text = ["--format", "text"]
    json = ["--format", "json"]
    # Item 1: formatting elements closed by their block, reconstructed in every later one.
    yield "1,000 <b id> in a closed div, then 10,000 <div>x</div>", "<body><div>" + bs(1000) + "</div>" + "<div>x</div>" * 10_000, text
    yield "the same, 100,000 <div>x</div>", "<body><div>" + bs(1000) + "</div>" + "<div>x</div>" * 100_000, text
    yield "1,000 <b id> in a closed p, then 10,000 <p>x</p>", "<body><p>" + bs(1000) + "</p>" + "<p>x</p>" * 10_000, text
    yield "1,000 <b id> left open, then 10,000 <div>x</div> (the first report)", "<body>" + bs(1000) + "<div>x</div>" * 10_000, text
    yield "100,000 <div><i id=N>x</div> (the list grows)", "".join("<div><i id=%d>x</div>" % i for i in range(100_000)), text
    yield "1,000 <b id>, then a table with 100,000 fostered x<tr>", "<body><div>" + bs(1000) + "</div><table>" + "x<tr>" * 100_000, text
    yield "a table with 100,000 fostered <a>x", "<body><table>" + "<a>x" * 100_000 + "</table>", text
    yield "100,000 <a><p><b>x<a>y</b>z</p> (adoption agency)", "<a><p><b>x<a>y</b>z</p>" * 100_000, text
    yield "10,000 nested tables with <b id>", "".join("<table><tr><td><b id=%d>x" % i for i in range(10_000)), text
    # Item 2: quadratic work after the parse.
    yield "150,000 absolutely positioned divs, JSON", absolute(150_000), json
    yield "200,000 absolutely positioned divs, JSON", absolute(200_000), json
    yield "200,000 absolutely positioned divs, text", absolute(200_000), text
    authors = ",".join('{"@type":"Person","name":"Author Number %d"}' % i for i in range(20_000))
    yield "JSON-LD with 20,000 authors, JSON", (
        '<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"A story","author":['
        + authors + "]}</script></head><body><article><p>The text of the story, in a sentence.</p></article></body></html>"
    ), json


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(HERE), "target", "release", "webclip"))
    ap.add_argument("--timeout", type=float, default=200)
    ap.add_argument("--only", default="")
    ap.add_argument("--max-mb", type=int, default=6000)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="webclip-hardening-parser-")
    print("| input | bytes | exit | seconds | peak MB | output bytes | stderr |")
    print("|---|---|---|---|---|---|---|")
    for k, (name, page, args) in enumerate(inputs()):
        if a.only not in name:
            continue
        path = os.path.join(tmp, "%02d.html" % k)
        with open(path, "w") as f:
            f.write(page)
        size = len(page.encode())
        del page  # the parent's memory must not count in the child's peak
        code, secs, peak, out, msg = measure([a.bin, "extract", *args, path], path, a.timeout, a.max_mb)
        print(f"| {name} | {size:,} | {code} | {secs:.2f} | {peak:.0f} | {out:,} | {msg[:100]} |", flush=True)
        os.remove(path)


if __name__ == "__main__":
    main()
