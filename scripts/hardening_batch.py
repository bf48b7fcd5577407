#!/usr/bin/env python3
"""Issue 30 (items 4, 5, 7): interrupted batches, bad WARC files, huge WARC records, symlink
loops, unlabelled ISO-2022-JP and empty outputs, through one `webclip` binary: exit code, wall
time, peak memory (GNU time) and what came out. Not a test (those are in
crates/webclip-cli/tests/batch_hardening.rs); the figures of docs/hardening-batch.md.

    scripts/hardening_batch.py --bin target/debug/webclip [--work /tmp/hb] [--only NAME]
"""
import argparse, gzip, io, json, os, re, shutil, signal, subprocess, time



def page(n):
    return (f"<html><head><title>Story {n}</title></head><body><nav><a href=/>Home</a></nav><article>"
            f"<h1>Story {n}</h1><p>This is the story number {n}, told in sentences long enough to be the main "
            f"content of its page.</p><p>A second paragraph of story {n} follows.</p></article></body></html>").encode()


def record(uri, body, length=None):
    http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + body
    head = (f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\n"
            f"WARC-Date: 2026-11-23T00:00:00Z\r\nWARC-Target-URI: {uri}\r\n"
            f"Content-Length: {len(http) if length is None else length}\r\n\r\n").encode()
    return head + http + b"\r\n\r\n"


def gz(b):
    return gzip.compress(b, compresslevel=1, mtime=0)


def make(work):
    os.makedirs(work, exist_ok=True)
    j = lambda n: os.path.join(work, n)
    with open(j("pages3000.warc.gz"), "wb") as f:
        for k in range(3000):
            f.write(gz(record(f"http://example.invalid/{k}", page(k))))
    two = record("http://example.invalid/a", page(1)) + record("http://example.invalid/b", page(2))
    open(j("notwarc.warc"), "wb").write(page(0))
    open(j("gzipped.warc"), "wb").write(gz(two))
    open(j("cutheader.warc"), "wb").write(two + b"WARC/1.1\r\nWARC-Type: response\r\nWARC-Rec")
    # 1 GiB of 'a' in one record, gzip-compressed: about 1 MiB on disk.
    with open(j("huge.warc.gz"), "wb") as f:
        f.write(gz(record("http://example.invalid/a", page(1))))
        http_head = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n"
        n = 1 << 30
        head = (f"WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:huge>\r\n"
                f"WARC-Date: 2026-11-23T00:00:00Z\r\nWARC-Target-URI: http://example.invalid/huge\r\n"
                f"Content-Length: {len(http_head) + n}\r\n\r\n").encode()
        z = gzip.GzipFile(fileobj=f, mode="wb", compresslevel=6, mtime=0)
        z.write(head + http_head)
        chunk = b"a" * (1 << 20)
        for _ in range(n >> 20):
            z.write(chunk)
        z.write(b"\r\n\r\n")
        z.close()
        f.write(gz(record("http://example.invalid/b", page(2))))
    for name, links in [("oneloop", [("a/b/up", "..")]), ("twoloops", [("a/b/up", ".."), ("a/b/top", "../..")])]:
        site = j(name)
        shutil.rmtree(site, ignore_errors=True)
        os.makedirs(os.path.join(site, "a/b"))
        open(os.path.join(site, "a/p.html"), "wb").write(page(1))
        open(os.path.join(site, "a/b/q.html"), "wb").write(page(2))
        for at, to in links:
            os.symlink(to, os.path.join(site, at))
    text = "日本語のページです。これはテストの文章で、文字コードはISO-2022-JPです。"
    body = text.encode("iso2022_jp")
    open(j("iso2022jp.html"), "wb").write(b"<html><body><article><p>" + body + b"</p><p>" + body + b"</p></article></body></html>")
    open(j("table-only.html"), "wb").write(
        b"<html><body><article><table><tr><td>Name</td><td>Value of the thing that is long text here in the table</td>"
        b"</tr><tr><td>Other</td><td>More table text that is long enough to be content.</td></tr></table></article></body></html>")


def size(path):
    return os.path.getsize(path) if os.path.exists(path) else 0


def timed(cmd, timeout=None, kill_after=None, sig=signal.SIGKILL, grows=None):
    """Runs under GNU time; returns (exit code or signal name, seconds, peak MiB, stderr).
    With `grows`, `kill_after` counts from when that file first grows (something written)."""
    t0 = time.time()
    before = size(grows) if grows else 0
    p = subprocess.Popen(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if kill_after is not None:
        while grows and size(grows) <= before and p.poll() is None and time.time() - t0 < 60:
            time.sleep(0.002)
        time.sleep(kill_after)
        # The child of GNU time is the one to signal.
        kids = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split()
        for k in kids:
            os.kill(int(k), sig)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        for k in subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True, text=True).stdout.split():
            os.kill(int(k), signal.SIGKILL)
        out, err = p.communicate()
        return "timeout", time.time() - t0, None, ""
    err = err.decode("utf-8", "replace")
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    sigm = re.search(r"Command terminated by signal (\d+)", err)
    code = f"killed ({sigm.group(1)})" if sigm else p.returncode
    lines = [l for l in err.splitlines() if l.startswith("webclip")]
    return code, time.time() - t0, int(m.group(1)) / 1024 if m else None, " / ".join(lines)[:300]


def count(path):
    """(readable records, distinct ids, error) of a JSON Lines output."""
    try:
        raw = open(path, "rb").read()
        if path.endswith(".gz"):
            data, err = b"", None
            try:
                data = gzip.decompress(raw)
            except Exception as e:  # count what a streaming reader gets before the error
                err = str(e)
                d = gzip.GzipFile(fileobj=io.BytesIO(raw))
                buf = []
                try:
                    while True:
                        c = d.read(1 << 16)
                        if not c:
                            break
                        buf.append(c)
                except Exception:
                    pass
                data = b"".join(buf)
        elif path.endswith(".zst"):
            # The zstd tool: what it decodes before an error, and the error.
            p = subprocess.run(["zstd", "-dc"], input=raw, capture_output=True)
            data, err = p.stdout, (p.stderr.decode().strip()[:80] or None) if p.returncode else None
        else:
            data, err = raw, None
        ids, ok = set(), 0
        for line in data.split(b"\n"):
            try:
                ids.add(json.loads(line)["id"])
                ok += 1
            except Exception:
                pass
        return ok, len(ids), err
    except Exception as e:
        return None, None, str(e)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/debug/webclip")
    ap.add_argument("--work", default="/tmp/webclip-hardening-batch")
    ap.add_argument("--only")
    a = ap.parse_args()
    w = a.work
    if not os.path.exists(os.path.join(w, "table-only.html")):
        make(w)
    b = os.path.abspath(a.bin)
    j = lambda n: os.path.join(w, n)
    rows = []

    def row(name, cmd, result, what=""):
        code, secs, mib, err = result
        rows.append(f"| {name} | `{' '.join(os.path.basename(c) if c.startswith(w) or c == b else c for c in cmd)}` | "
                    f"{code} | {secs:.1f} s | {'' if mib is None else f'{mib:.0f} MiB'} | {what} | {err} |")
        print(rows[-1], flush=True)

    want = lambda n: a.only is None or a.only in n
    for ext in ["jsonl", "jsonl.gz", "jsonl.zst"]:
        if not want("resume"):
            break
        out = j(f"out.{ext}")
        for f in [out, out + ".failures.jsonl"]:
            if os.path.exists(f):
                os.remove(f)
        cmd = [b, "batch", j("pages3000.warc.gz"), "-o", out, "--jobs", "2"]
        for k in range(3):
            r = timed(cmd + (["--resume"] if k else []), kill_after=0.03 * k, grows=out)
            row(f"SIGKILL {30 * k} ms after the output grows ({ext})", cmd + (["--resume"] if k else []), r, "readable %s, distinct %s, %s" % count(out))
        r = timed(cmd + ["--resume"], timeout=600)
        row(f"final --resume ({ext})", cmd + ["--resume"], r, "readable %s of 3000, distinct %s, %s" % count(out))
    if want("term"):
        for ext in ["jsonl.gz", "parquet"]:
            out = j(f"term.{ext}")
            cmd = [b, "batch", j("pages3000.warc.gz"), "-o", out, "--jobs", "2"]
            r = timed(cmd, kill_after=0.3, sig=signal.SIGTERM)
            data = open(out, "rb").read() if os.path.exists(out) else b""
            what = ("readable %s, distinct %s, %s" % count(out)) if ext != "parquet" else f"ends with PAR1: {data.endswith(b'PAR1')}"
            row(f"SIGTERM at 0.3 s ({ext})", cmd, r, what)
    for name, inp, extra, timeout in [("not WARC, named .warc", "notwarc.warc", [], 60),
                                      ("gzip data named .warc (2 pages)", "gzipped.warc", [], 60),
                                      ("last record's header cut (2 pages before)", "cutheader.warc", [], 60),
                                      ("1 GiB record in a 1 MiB .warc.gz (2 pages around)", "huge.warc.gz", [], 600),
                                      ("folder, one symlink loop (2 pages)", "oneloop", [], 60),
                                      ("folder, two symlink loops (2 pages)", "twoloops", [], 30)]:
        if not want(inp):
            continue
        out = j(inp + ".jsonl")
        cmd = [b, "batch", j(inp), "-o", out] + extra
        r = timed(cmd, timeout=timeout)
        fails = sum(1 for _ in open(out + ".failures.jsonl")) if os.path.exists(out + ".failures.jsonl") else 0
        row(name, cmd, r, "written %s, failures %d" % (count(out)[0], fails))
    if want("iso"):
        cmd = [b, "extract", j("iso2022jp.html")]
        p = subprocess.run(cmd, capture_output=True)
        rows.append(f"| unlabelled ISO-2022-JP | `webclip extract iso2022jp.html` | {p.returncode} | | | "
                    f"{p.stdout.decode('utf-8', 'replace').strip()[:40]!r} | |")
        print(rows[-1])
    if want("empty"):
        for fmt in ["text", "markdown", "html", "json"]:
            cmd = [b, "extract", j("table-only.html"), "--no-tables", "--format", fmt]
            p = subprocess.run(cmd, capture_output=True)
            rows.append(f"| table-only page, --no-tables, --format {fmt} | `webclip extract table-only.html --no-tables --format {fmt}` | "
                        f"{p.returncode} | | | {len(p.stdout)} bytes out | {p.stderr.decode()[:100]} |")
            print(rows[-1])
    print("\n| case | command | exit | time | peak RSS | output | stderr |\n|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
