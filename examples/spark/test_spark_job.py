"""The Spark job in local mode on two WARC files made here, and the CLI's Parquet read by Spark.

Run by .ci/run (needs a JRE, pyspark, warcio, pyarrow and the webclip wheel in the venv;
WEBCLIP_BIN names the `webclip` binary).
"""
import io
import json
import os
import subprocess
import sys

import pyarrow.parquet as pq
import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

HERE = os.path.dirname(os.path.abspath(__file__))
JOB = os.path.join(HERE, "extract_warc.py")

ARTICLE = (
    "<html><head><title>{title}</title></head><body><nav><a href=/>Home</a> <a href=/news>News</a></nav>"
    "<article><h1>{title}</h1><p>{text} The paragraph goes on with enough words to be the main content of "
    "the page, as articles do, with a second sentence after the first.</p></article>"
    "<footer>Copyright and legal notes</footer></body></html>"
)


def write_warc(path, pages):
    with open(path, "wb") as out:
        w = WARCWriter(out, gzip=True)
        for uri, status, ctype, body in pages:
            headers = StatusAndHeaders(status, [("Content-Type", ctype)] if ctype else [], protocol="HTTP/1.1")
            w.write_record(w.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=headers))


@pytest.fixture(scope="module")
def warcs(tmp_path_factory):
    d = tmp_path_factory.mktemp("warcs")
    a, b = str(d / "a.warc.gz"), str(d / "b.warc.gz")
    latin = ARTICLE.format(title="Caf\u00e9 news", text="Un caf\u00e9 cr\u00e8me co\u00fbte moins.").encode("latin-1")
    write_warc(a, [
        ("https://example.org/one", "200 OK", "text/html; charset=utf-8",
         ARTICLE.format(title="Kites over the dunes", text="Kites fly best in steady wind.").encode()),
        ("https://example.org/logo.png", "200 OK", "image/png", b"\x89PNG not a page"),
        ("https://example.org/missing", "404 Not Found", "text/html", b"<p>gone</p>"),
        # No Content-Type: taken as HTML, as batch takes it.
        ("https://example.org/bare", "200 OK", None,
         ARTICLE.format(title="Bare page", text="Served without a content type.").encode()),
    ])
    write_warc(b, [
        ("https://example.org/cafe", "200 OK", "text/html; charset=ISO-8859-1", latin),
        ("https://example.org/two", "200 OK", "text/html",
         ARTICLE.format(title="Rivers rise", text="Rivers rose overnight across the valley.").encode()),
    ])
    return d, [a, b]


def spark_submit():
    return os.path.join(os.path.dirname(sys.executable), "spark-submit")


def test_the_job_runs_in_local_mode(warcs):
    d, paths = warcs
    out = str(d / "job.parquet")
    env = dict(os.environ, PYSPARK_PYTHON=sys.executable, PYSPARK_DRIVER_PYTHON=sys.executable)
    r = subprocess.run([spark_submit(), "--master", "local[2]", JOB, "--out", out, *paths],
                       env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    rows = {row["url"]: row for row in pq.read_table(out).to_pylist()}
    assert sorted(rows) == [
        "https://example.org/bare", "https://example.org/cafe", "https://example.org/one", "https://example.org/two"
    ]
    one = rows["https://example.org/one"]
    assert "steady wind" in one["body"] and "Copyright" not in one["body"] and "Home" not in one["body"]
    assert one["title"] == "Kites over the dunes" and one["method"] == "auto" and one["error"] is None
    # The charset came from the HTTP header.
    assert "caf\u00e9 cr\u00e8me" in rows["https://example.org/cafe"]["body"]
    # The same records with the same ids as `webclip batch` on the same paths.
    ids = str(d / "ids.jsonl")
    r = subprocess.run([os.environ["WEBCLIP_BIN"], "batch", *paths, "-o", ids, "--fields", "id,url", "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with open(ids) as f:
        batch = {rec["url"]: rec["id"] for rec in map(json.loads, f)}
    assert batch == {url: row["id"] for url, row in rows.items()}
    assert batch["https://example.org/one"].startswith(paths[0] + "#<urn:uuid:")


def test_spark_reads_the_cli_parquet(warcs):
    d, paths = warcs
    out = str(d / "cli.parquet")
    r = subprocess.run([os.environ["WEBCLIP_BIN"], "batch", *paths, "-o", out, "--jobs", "2"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.master("local[1]").appName("webclip-read").getOrCreate()
    try:
        df = spark.read.parquet(out)
        assert df.count() == 4
        assert {"id", "url", "title", "authors", "body", "warnings", "blocks"} <= set(df.columns)
        row = df.filter(df.url == "https://example.org/two").collect()[0]
        assert "Rivers rose overnight" in row["body"] and row["title"] == "Rivers rise"
        assert isinstance(row["warnings"], list)
    finally:
        spark.stop()
