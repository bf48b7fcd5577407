"""webclip's datatrove extractor in a datatrove pipeline (LocalPipelineExecutor): WARC files
made here → WarcReader → webclip.datatrove.Webclip → JsonlWriter, and the ids compared with
`webclip batch`'s for the same records.

Run by .ci/run (needs datatrove, warcio and the webclip wheel in the venv; WEBCLIP_BIN names
the `webclip` binary).
"""
import gzip
import io
import json
import os
import subprocess
import sys

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

import webclip

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from warc_to_jsonl import pipeline  # noqa: E402

from datatrove.executor import LocalPipelineExecutor  # noqa: E402
from webclip.datatrove import Webclip  # noqa: E402

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
    d = tmp_path_factory.mktemp("crawl")
    latin = ARTICLE.format(title="Caf\u00e9 news", text="Un caf\u00e9 cr\u00e8me co\u00fbte moins cher ici.")
    write_warc(str(d / "a.warc.gz"), [
        ("https://example.org/one", "200 OK", "text/html; charset=utf-8",
         ARTICLE.format(title="Kites over the dunes", text="Kites fly best in steady wind.").encode()),
        ("https://example.org/logo.png", "200 OK", "image/png", b"\x89PNG\r\n\x1a\n not a page"),
        ("https://example.org/empty", "200 OK", "text/html", b"<html><head><title>Soon</title></head><body></body></html>"),
    ])
    (d / "sub").mkdir()
    write_warc(str(d / "sub" / "b.warc.gz"), [
        ("https://example.org/cafe", "200 OK", "text/html; charset=ISO-8859-1", latin.encode("latin-1")),
        ("https://example.org/two", "200 OK", None,
         ARTICLE.format(title="Rivers rise", text="Rivers rose overnight across the valley.").encode()),
    ])
    return d


def run(warcs, out, workers=1, **options):
    """The pipeline on two tasks (in this process with one worker); the documents written, by URL."""
    logs = str(out) + ".logs"
    LocalPipelineExecutor(pipeline=pipeline(str(warcs), str(out), **options), tasks=2, workers=workers,
                          logging_dir=logs).run()
    docs = {}
    for name in sorted(os.listdir(out)):
        with gzip.open(os.path.join(out, name), "rt") as f:
            for line in f:
                doc = json.loads(line)
                docs[doc["metadata"]["url"]] = doc
    with open(os.path.join(logs, "stats.json")) as f:
        return docs, json.load(f)


def test_the_pipeline_extracts_the_pages(warcs, tmp_path):
    docs, stats = run(warcs, tmp_path / "out")
    # The image is not read as a page; the page with no main content is dropped.
    assert sorted(docs) == ["https://example.org/cafe", "https://example.org/one", "https://example.org/two"]
    one = docs["https://example.org/one"]
    assert "steady wind" in one["text"] and "Copyright" not in one["text"] and "Home" not in one["text"]
    assert one["metadata"]["title"] == "Kites over the dunes"
    assert "caf\u00e9 cr\u00e8me" in docs["https://example.org/cafe"]["text"]
    step = next(s for s in stats if s["name"].endswith("webclip"))
    assert step["stats"]["total"] == 4 and step["stats"]["forwarded"] == 3 and step["stats"]["dropped"] == 1


def test_ids_are_batch_ids(warcs, tmp_path):
    docs, _ = run(warcs, tmp_path / "out")
    for doc in docs.values():
        path = doc["metadata"]["file_path"]
        assert doc["id"] == webclip.record_id(path, doc["metadata"]["warc_record_id"])
        assert doc["metadata"]["warc_record_id"].startswith("<urn:uuid:")
    ids = str(tmp_path / "batch.jsonl")
    r = subprocess.run([os.environ["WEBCLIP_BIN"], "batch", str(warcs), "-o", ids, "--fields", "id,url", "--quiet"],
                       capture_output=True, text=True, timeout=300)
    # Exit 3: the page without main content, which the pipeline drops.
    assert r.returncode in (0, 3), r.stderr
    with open(ids) as f:
        batch = {rec["url"]: rec["id"] for rec in map(json.loads, f)}
    assert {url: doc["id"] for url, doc in docs.items()} == {url: batch[url] for url in docs}


def test_options_reach_webclip(warcs, tmp_path):
    # Two worker processes: the step is pickled to them.
    docs, _ = run(warcs, tmp_path / "out", workers=2, format="markdown", favor="precision")
    assert "# Kites over the dunes\n\nKites fly best" in docs["https://example.org/one"]["text"]
    with pytest.raises(webclip.OptionError):
        Webclip(favour="precision")
    with pytest.raises(webclip.OptionError):
        Webclip(method="cnr", favor="precision")
    with pytest.raises(ValueError):
        Webclip(batch_size=0)
