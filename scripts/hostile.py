#!/usr/bin/env python3
"""Hostile inputs through `webclip extract`, one process each: exit code, wall time, peak
memory (GNU time's maximum resident set size) and the first line of stderr. Not a test (the fast ones are
tests in crates/*/tests); the table for the README and issue notes.

    scripts/hostile.py [--bin target/release/webclip] [--timeout 120]
"""
import argparse, gzip, io, os, resource, subprocess, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def inputs():
    yield "empty file", b""
    yield "whitespace only", b"   \n\t  \n"
    yield "binary junk", bytes(range(256)) * 64
    yield "NUL bytes in a page", b"<html><body><p>Text\x00 with NUL\x00 bytes, in a real sentence here.</p></body></html>"
    yield "invalid UTF-8 under a UTF-8 declaration", b"<meta charset=utf-8><p>Gr\xc3\xbc\xc3\x9fe \xff aus K\xc3\xb6ln, sch\xc3\xb6ne Stra\xc3\x9fe.</p>"
    page = "<html><body><p>UTF-16 text of a page, long enough to be the main content here.</p></body></html>"
    yield "UTF-16 with BOM", b"\xff\xfe" + page.encode("utf-16-le")
    yield "UTF-16 without BOM", page.encode("utf-16-le")
    yield "unknown charset label (<meta>)", b"<meta charset=x-klingon><p>Text of the page in a sentence.</p>"
    bomb = io.BytesIO()
    with gzip.GzipFile(fileobj=bomb, mode="wb") as g:
        chunk = b"\0" * (1 << 20)
        for _ in range(2048):  # 2 GiB of zeros
            g.write(chunk)
    yield "gzip bomb (2 GiB of zeros, .gz)", bomb.getvalue()
    whole = gzip.compress(page.encode() * 100)
    yield "truncated gzip (.gz)", whole[: len(whole) // 2]
    yield "200 MB page", b"<html><body>" + b"<p>Some words in a paragraph, again and again.</p>\n" * 4_000_000 + b"</body></html>"
    yield "50 MB text node", b"<html><body><p>" + b"word " * 10_000_000 + b"</p></body></html>"
    yield "one element, a million attributes", b"<div " + b" ".join(b"a%d=x" % i for i in range(1_000_000)) + b">text</div>"
    yield "100,000-deep blocks", b"<div>" * 100_000 + b"deep text" + b"</div>" * 100_000
    yield "100,000-deep inline tags", b"<b>" * 100_000 + b"deep text" + b"</b>" * 100_000
    yield "100,000-deep table cells", b"<table><tr><td>" * 100_000 + b"deep text"
    yield "10,000 iframe srcdoc", b"<body>" + b"<iframe srcdoc='<p>inner page text</p>'></iframe>" * 10_000 + b"<p>The real text of the page.</p></body>"
    yield "only a 5 MB script", b"<html><head><script>" + b"var x = 1;\n" * 500_000 + b"</script></head></html>"
    yield "3 million tiny elements", b"<body>" + b"<i>x</i>" * 3_000_000 + b"</body>"
    # Values holding '<' once escaped a text pre-pass; the parser's filter cuts them.
    yield "a tag of 300,000 attributes holding '<'", b"<div" + b"".join(b' a%d="<"' % i for i in range(300_000)) + b">x</div>"
    # Each `</p>` makes an element after a scan of the 1,000 open elements.
    yield "1,000 open elements, a million </p>", b"<div>" * 1000 + b"</p>" * 1_000_000
    yield "the same page, --time-budget 0.2", b"<div>" * 1000 + b"</p>" * 1_000_000
    # React's streamed parts: the moves follow the scripts' calls (at most 4,096).
    deep = b"<div>" * 1000 + b'<div hidden id="S:0"><p>x</p></div>' + b"</div>" * 1000
    yield "React stream: 300,000-node fallback, 400,000 calls", (
        b'<body><!--$?--><template id="B:0"></template>' + b"<i>f</i>" * 300_000 + b"<!--/$-->" + deep
        + b"<script>" + b'$RC("B:0","S:0");$RS("S:0","P:0");' * 200_000 + b"</script></body>"
    )
    yield "React stream: 50,000 boundaries", b"<body>" + b"".join(
        b'<!--$?--><template id="B:%d"></template><b>l</b><!--/$-->' % i for i in range(50_000)
    ) + b"".join(b'<div hidden id="S:%d"><p>s%d</p></div><script>$RC("B:%d","S:%d")</script>' % (i, i, i, i) for i in range(50_000)) + b"</body>"
    para = b"<div class=c><p>Some words in a paragraph, again and again, in a sentence.</p></div>\n"
    yield "12 MB page, laid out (--layout)", b"<html><body>" + para * 150_000 + b"</body></html>"
    yield "3 million tiny elements, laid out (--layout)", b"<body>" + b"<i>x</i>" * 3_000_000 + b"</body>"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(HERE), "target", "release", "webclip"))
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="webclip-hostile-")
    print("| input | bytes | exit | seconds | peak MB | stderr |")
    print("|---|---|---|---|---|---|")
    for k, (name, data) in enumerate(inputs()):
        suffix = ".html.gz" if name.endswith("(.gz)") or "(.gz)" in name else ".html"
        path = os.path.join(tmp, "%02d%s" % (k, suffix))
        with open(path, "wb") as f:
            f.write(data)
        size = len(data)
        del data  # the parent's memory must not count in the child's peak
        args = ["--layout"] if "(--layout)" in name else []
        if "--time-budget 0.2" in name:
            args += ["--time-budget", "0.2"]
        code, secs, peak, _, msg = measure([a.bin, "extract", path, *args], path, a.timeout)
        print(f"| {name} | {size:,} | {code} | {secs:.2f} | {peak:.0f} | {msg[:90]} |", flush=True)
        os.remove(path)


def measure(cmd, path, timeout, max_mb=None):
    """Runs `cmd` under GNU time: (exit code or "timeout", seconds, peak MB, stdout bytes, first
    stderr line with `path` as FILE). `max_mb` caps the child's address space."""
    t = time.perf_counter()
    cap = (max_mb or 0) << 20
    limit = (lambda: resource.setrlimit(resource.RLIMIT_AS, (cap, cap))) if max_mb else None
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "PEAK_KB %M", *cmd], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout, preexec_fn=limit)
        lines = p.stderr.decode("utf-8", "replace").strip().splitlines()
        code, out = p.returncode, len(p.stdout)
    except subprocess.TimeoutExpired:
        lines, code, out = [], "timeout", 0
    secs = time.perf_counter() - t
    peak = next((int(l.split()[1]) / 1024 for l in lines if l.startswith("PEAK_KB")), float("nan"))
    msgs = [l for l in lines if not l.startswith(("PEAK_KB", "Command exited"))]
    return code, secs, peak, out, msgs[0].replace(path, "FILE") if msgs else ""


if __name__ == "__main__":
    main()
