#!/usr/bin/env python3
"""Writes the hand-made seed inputs of every fuzz target into fuzz/corpus/<target>/seed-*,
and with --data DIR... a read-only seed folder per target from real pages (not committed:
pass it to `cargo fuzz run TARGET fuzz/corpus/TARGET /tmp/fuzz-seeds/TARGET`).

    fuzz/seeds.py [--data ../shared/data/wcxb ../shared/data/readability --out /tmp/fuzz-seeds]
                  [--models small-gbt.json small-logistic.json]
"""
import argparse, gzip, json, os

HERE = os.path.dirname(os.path.abspath(__file__))

PAGES = [
    b"<!DOCTYPE html><html><head><title>T</title></head><body><nav><a href=/>Home</a></nav><article><h1>T</h1><p>A sentence of the story.</p></article></body></html>",
    b"<table><tr><td>a<td>b<tr><td>c</table><p>after",
    b"<p>a<b>b<i>c</b>d</i>e</p><table><tr><td>x</td></tr>stray</table>",
    b"<div>" * 40 + b"deep" + b"</div>" * 40,
    b"<b>" * 40 + b"x",
    b"<noscript><div><p>Shown without scripts, a long enough sentence here.</p></div></noscript><div id=app></div>",
    b"<template><p>inert</p></template><svg><title>t</title><text>s</text></svg><math><mi>x</mi></math>",
    b"<div hidden><p>gone</p></div><div style='display:none'>gone</div><p>kept</p>",
    b"<title>Runaway title\n<p>body",
    b"<pre>  code\n  more   </pre><p>soft\xc2\xadhyphen zero\xe2\x80\x8bwidth <ruby>\xe6\xbc\xa2<rt>kan</rt></ruby></p>",
    b"<div class='comments'><div class=comment><p>A reply, in a sentence.</p></div></div><article><p>Story text, in a sentence.</p></article>",
    b"<figure><img src=a.jpg width=600 height=400><figcaption>Caption</figcaption></figure><p>Text.</p><a href='?page=2'>Next</a><a href=print.html>Print</a>",
    b"<iframe srcdoc='<p>inner</p>'></iframe><form><select><option>x</select><textarea>t</textarea></form>",
    b"<div a=1 a=2 b=3 c='<' d=\"<\">x</div><body class=x><body id=y>",
    b"<script type=application/ld+json>{\"@type\":\"NewsArticle\",\"headline\":\"H\",\"articleBody\":\"B\",\"datePublished\":\"2024-01-01\"}</script><p>x</p>",
    b"<meta property=og:title content=OG><meta name=author content=A><time datetime=2020-02-02>d</time><p>text</p>",
    b"<ul><li><a href=/1>one</a><li><a href=/2>two</a></ul><footer>(c)</footer>",
    b"\xef\xbb\xbf<p>BOM page</p>",
    b"",
    b"\x00\x01\x02",
]

DECODE = [
    b"\xff\xfe<\x00p\x00>\x00h\x00i\x00",
    b"\xfe\xff\x00<\x00p\x00>",
    b"<\x00p\x00>\x00h\x00i\x00<\x00/\x00p\x00>\x00",
    b"<meta charset=utf-8><p>Gr\xc3\xbc\xc3\x9fe \xff</p>",
    b"<meta http-equiv=Content-Type content='text/html; charset=windows-1251'><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>",
    b"<meta charset=x-klingon><p>x</p>",
    b"<meta charset=iso-8859-1><p>caf\xc3\xa9</p>",
    b"<p>\x82\xa0\x82\xa2\x82\xa4 Shift_JIS</p>",
    b"<p>trailing cut \xe2\x82",
    b"\x89PNG\r\n\x1a\n",
    b"\x1f\x8b\x08\x00",
]

XPATHS = [
    b"//div[@id='main']",
    b"/html/body/div[2]/p[1]",
    b"//article[@class='post']//p",
    b"//*[@id='x']/div[last()]",
    b"//div[contains(@class,'content')]",
    b"/html/body/div[@dfs='3']",
    b"//text()",
    b"//",
    b"/html/body/div[1][@id='a'][2]",
    b"//div[@class=\"a b\"]/span[3]",
]

WRAPPERS = [
    b'{"format":1,"xpath":"//div[@id=\'main\']","relaxed_xpath":"//div","relevance":1.0}',
    b'{"format":1,"xpath":"//article","relaxed_xpath":null,"relevance":0.5}',
    b'{"xpath":"//p"}',
    b'[]',
]

HTTP = [
    b"\x00format=markdown\ntext/html\n<p>A page in the body, a sentence.</p>",
    b"\x00\napplication/json\n{\"html\":\"<p>x</p>\",\"format\":\"json\",\"method\":\"cnr\"}",
    b"\x00\napplication/json\n{\"html\":\"<p>x</p>\",\"options\":{\"favor\":\"recall\",\"tables\":false}}",
    b"\x00\napplication/json\n{\"url\":\"http://127.0.0.1/\"}",
    b"\x00method=nope\ntext/html; charset=shift_jis\n\x82\xa0",
    b"\x01url=http://169.254.169.254/latest\n\n",
    b"\x02\ntext/html\n<p>overlay</p>",
    b"\x03\n\n",
    b"\x04\n\n",
    b"\x05\n\n",
    b"\x06\n\n",
    b"\x07\n\n",
    b"\x00\napplication/json\n{\"html\":",
    b"\x00\ntext/html\n\x1f\x8b\x08\x00\x00\x00",
]

MARKDOWN = [
    b"# Title\n\nA paragraph with **bold**, *em*, __strong__, _em_, ~~del~~ and `code`.\n\n## Part\n\n### Sub\n",
    b"- one\n- two\n  - nested\n    1. deep\n* star\n+ plus\n\n3. three\n4) four\n\n1. one\n",
    b"> quote\n> > nested\n> back\n\n---\n***\n_ _ _\n",
    b"```rust\nfn main() {}\n```\n~~~\ntilde\n~~~\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    b"[a link](https://example.org/a_(b)) and ![an image](https://example.org/i.png \"t\") and <https://x.org/y>\n",
    b"[rel](/relative) [js](javascript:alert(1)) [data](data:text/html,x) [mail](mailto:a@b.c)\n",
    b"<https://x.org/[t](https://y.org/autofocus/onfocus=alert(document.domain)//)>\n",
    b"<img src=x onerror=alert(1)>\n\n<script>alert(2)</script>\n\n&lt;script&gt;\n",
    b"[x](https://e.org/\" onmouseover=\"alert(5))\n`<b onclick=alert(6)>code</b>` **<i onclick=alert(7)>bold</i>**\n",
    b"line one\\\nhard break  \nsoft\nescaped \\*not em\\* \\[not link\\]\n",
    b"**" * 50 + b"_" * 50 + b"`" * 30 + b"[" * 30 + b"\n",
    b"> " * 30 + b"deep\n",
    b"",
]


def warc_record(rtype, uri, payload):
    head = (
        "WARC/1.0\r\nWARC-Type: %s\r\nWARC-Record-ID: <urn:uuid:%08d>\r\nWARC-Target-URI: %s\r\n"
        "WARC-Date: 2024-01-01T00:00:00Z\r\nContent-Type: application/http; msgtype=response\r\n"
        "Content-Length: %d\r\n\r\n" % (rtype, len(payload), uri, len(payload))
    ).encode()
    return head + payload + b"\r\n\r\n"


def warcs():
    page = b"<html><body><p>A page in a WARC record, a sentence.</p></body></html>"
    ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + page
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>hi\r\n4\r\n</p>\r\n0\r\n\r\n"
    gz = b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzip.compress(page)
    yield warc_record("response", "http://a.example/", ok)
    yield warc_record("response", "http://a.example/c", chunked) + warc_record("response", "http://a.example/g", gz)
    yield warc_record("request", "http://a.example/", b"GET / HTTP/1.1\r\n\r\n") + warc_record("response", "http://a.example/404", b"HTTP/1.1 404 Not Found\r\n\r\n")
    yield warc_record("response", "http://a.example/png", b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG")
    yield warc_record("response", "http://a.example/", ok)[:90]
    yield b"WARC/1.0\r\nnot a header\r\n\r\n"


def warc_gzs():
    """Gzipped WARCs for the parts reader (first byte: the part size): a member a record, a
    record split over two members, a member of two records, one member for all, a cut."""
    recs = list(warcs())[:4]
    one = b"".join(gzip.compress(r) for r in recs)
    both = b"".join(recs)
    yield b"\x00" + one
    yield b"\x03" + gzip.compress(both[:100]) + gzip.compress(both[100:])
    yield b"\x07" + gzip.compress(recs[0] + recs[1]) + gzip.compress(recs[2], compresslevel=0)
    yield b"\x01" + gzip.compress(both)
    yield b"\x02" + one[: len(one) - 20]


def binary_model(m):
    """The binary form of a JSON model, as crates/webclip/build.rs writes it but without the
    binned layout (a seed only; the loader computes the layout when it is absent)."""
    import struct
    out = bytearray(b"WCM3")
    def string(x):
        b = x.encode()
        out.extend(struct.pack("<I", len(b)) + b)
    def arr(fmt, xs):
        out.extend(struct.pack("<I", len(xs)))
        for x in xs:
            out.extend(struct.pack(fmt, x))
    string(m["method"]); string(m["features"])
    out.extend(struct.pack("<I", len(m["feature_names"])))
    for n in m["feature_names"]:
        string(n)
    arr("<d", m["scaler"]["mean"]); arr("<d", m["scaler"]["std"])
    out.extend(struct.pack("<d", m["threshold"]))
    string(json.dumps(m["provenance"], separators=(",", ":")))
    l = m["learner"]
    if l["kind"] == "gbt":
        out.append(0)
        out.extend(struct.pack("<d", l["base_score"]))
        out.extend(struct.pack("<I", len(l["trees"])))
        for t in l["trees"]:
            arr("<I", t["feature"]); arr("<d", t["threshold"]); arr("<I", t["left"]); arr("<I", t["right"]); arr("<f", t["value"])
        out.append(0)
    else:
        out.append(1 if l["kind"] == "logistic" else 2)
        arr("<d", l["weights"]); out.extend(struct.pack("<d", l["bias"]))
    return bytes(out)


def write(target, items):
    d = os.path.join(HERE, "corpus", target)
    os.makedirs(d, exist_ok=True)
    for i, data in enumerate(items):
        with open(os.path.join(d, "seed-%02d" % i), "wb") as f:
            f.write(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="*", default=[])
    ap.add_argument("--out", default="/tmp/fuzz-seeds")
    ap.add_argument("--max-bytes", type=int, default=64 * 1024)
    ap.add_argument("--models", nargs="*", default=[], help="small JSON models (webclip-lab train boosted --limit 4 --iterations 2 --max-depth 2)")
    a = ap.parse_args()
    write("decode", [b"\x00" + p for p in DECODE + PAGES[:4]])
    write("parse", [bytes([i * 37 % 256]) + p for i, p in enumerate(PAGES)])
    write("extract", [bytes([i % 13, i * 29 % 128]) + p for i, p in enumerate(PAGES)])
    write("xpath", XPATHS)
    write("wrapper", WRAPPERS)
    write("warc", list(warcs()))
    write("warc_gz", list(warc_gzs()))
    write("http", HTTP)
    write("markdown", MARKDOWN)
    models = []
    for path in a.models:
        with open(path, "rb") as f:
            text = f.read()
        models += [b"\x00" + text, b"\x01" + binary_model(json.loads(text))]
    if models:
        write("model", models)
    for folder in a.data:
        html = os.path.join(folder, "html")
        for name in sorted(os.listdir(html))[:150]:
            with gzip.open(os.path.join(html, name)) as f:
                page = f.read()[: a.max_bytes]
            for target, prefix in (("parse", b"\x00"), ("extract", b"\x00\x00"), ("decode", b"\x00")):
                d = os.path.join(a.out, target)
                os.makedirs(d, exist_ok=True)
                with open(os.path.join(d, os.path.basename(folder) + "-" + name), "wb") as f:
                    f.write(prefix + page)


if __name__ == "__main__":
    main()
