#!/usr/bin/env python3
"""Writes labeled pages of ../shared/data into a WARC file (one gzip member per record, as
Common Crawl does) for `webclip batch` benchmarks and tests: a warcinfo record, then per page
a request and a `200 text/html` response with the page's original bytes; `--traps` adds a
404, an image and a redirect response, which batch must skip.

    scripts/make_warc.py OUT.warc.gz DIR [DIR...] [--limit N] [--traps]
"""
import argparse, gzip, io, json, os, uuid


def record(kind, headers, payload):
    head = [b"WARC/1.1", b"WARC-Type: " + kind.encode(), b"WARC-Record-ID: <urn:uuid:%s>" % str(uuid.uuid4()).encode(),
            b"WARC-Date: 2026-11-23T00:00:00Z"]
    head += [k.encode() + b": " + v.encode() for k, v in headers]
    head += [b"Content-Length: %d" % len(payload), b"", b""]
    return b"\r\n".join(head) + payload + b"\r\n\r\n"


def member(raw):
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", mtime=0) as g:
        g.write(raw)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--traps", action="store_true")
    a = ap.parse_args()
    wrap = member if a.out.endswith(".gz") else (lambda r: r)
    n = 0
    with open(a.out, "wb") as out:
        out.write(wrap(record("warcinfo", [("Content-Type", "application/warc-fields")], b"software: webclip test\r\n")))
        for d in a.dirs:
            with open(os.path.join(d, "pages.jsonl")) as idx:
                for k, line in enumerate(idx):
                    if a.limit and k >= a.limit:
                        break
                    r = json.loads(line)
                    with gzip.open(os.path.join(d, r["html_file"])) as f:
                        page = f.read()
                    url = r.get("url") or "http://example.invalid/%s/%s" % (os.path.basename(d.rstrip("/")), r["id"])
                    out.write(wrap(record("request", [("WARC-Target-URI", url), ("Content-Type", "application/http; msgtype=request")],
                                          b"GET / HTTP/1.1\r\nHost: example.invalid\r\n\r\n")))
                    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n" % len(page) + page
                    out.write(wrap(record("response", [("WARC-Target-URI", url), ("Content-Type", "application/http; msgtype=response")], http)))
                    n += 1
        if a.traps:
            for status, ctype in [(b"404 Not Found", b"text/html"), (b"200 OK", b"image/png"), (b"301 Moved Permanently", b"text/html")]:
                http = b"HTTP/1.1 " + status + b"\r\nContent-Type: " + ctype + b"\r\n\r\n<p>not a page</p>"
                out.write(wrap(record("response", [("WARC-Target-URI", "http://example.invalid/trap"), ("Content-Type", "application/http; msgtype=response")], http)))
    print(f"{a.out}: {n} pages")


if __name__ == "__main__":
    main()
