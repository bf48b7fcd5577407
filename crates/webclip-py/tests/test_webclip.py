"""The built wheel, as a Python user calls it (run by .ci/run against the installed wheel)."""
import gzip
import os
import threading

import pytest
import webclip

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, "..", "..", "..", "examples", "sample.html.gz")

PAGE = (
    "<html><head><title>Kites</title></head><body><nav><a href=/>Home</a> <a href=/about>About</a></nav>"
    "<article><h1>Kites</h1><p>Kites fly best in steady wind, and this one flew for an hour above the beach.</p>"
    "<figure><img src=/kite.jpg alt='A kite'><figcaption>The red kite over the dunes.</figcaption></figure>"
    "<p>Then the string broke, and the kite drifted out to sea, where a fishing boat picked it up.</p></article>"
    "<footer>Copyright and legal notes</footer></body></html>"
)


def test_extract_text_and_metadata():
    r = webclip.extract(PAGE.encode(), url="https://example.org/kites")
    assert "steady wind" in r["body"] and "string broke" in r["body"]
    assert "Home" not in r["body"] and "Copyright" not in r["body"]
    assert r["metadata"]["title"] == "Kites"
    assert r["method"] == "auto" and r["url"] == "https://example.org/kites"
    assert r["figures"][0]["src"] == "/kite.jpg"
    assert r["figures"][0]["caption"] == "The red kite over the dunes."


def test_str_input_formats_and_options():
    md = webclip.extract(PAGE, format="markdown")["body"]
    assert md.startswith("# Kites")
    assert "The red kite" not in webclip.extract(PAGE, captions=False)["body"]
    assert webclip.extract(PAGE, method="cnr")["method"] == "cnr"


def test_clg_lays_the_page_out():
    r = webclip.extract(PAGE, method="clg")
    assert r["method"] == "clg" and "steady wind" in r["body"]
    assert not any("instead" in w for w in r["warnings"]), r["warnings"]
    assert r["layout"]["viewport_width"] == 1280


def test_article_clipper_and_its_title_for_any_method():
    r = webclip.extract(PAGE, method="clipper")
    assert r["method"] == "clipper" and "steady wind" in r["body"]
    assert r["metadata"]["title"] == "Kites" and r["metadata"]["title_source"] == "clipper"
    r = webclip.extract(PAGE, title_source="clipper")
    assert r["method"] == "auto" and r["metadata"]["title_source"] == "clipper"
    with pytest.raises(webclip.OptionError, match="title source"):
        webclip.extract(PAGE, title_source="nowhere")


def test_a_real_page():
    with gzip.open(SAMPLE, "rb") as f:
        r = webclip.extract(f.read())
    assert "Georgia Tech" in r["body"]


def test_typed_errors():
    with pytest.raises(webclip.InputError, match="empty"):
        webclip.extract(b"")
    with pytest.raises(webclip.InputError, match="PNG"):
        webclip.extract(b"\x89PNG\r\n\x1a\n....")
    with pytest.raises(webclip.OptionError, match="method"):
        webclip.extract(PAGE, method="nope")
    with pytest.raises(webclip.OptionError, match="unknown option"):
        webclip.extract(PAGE, colour=True)
    with pytest.raises(webclip.OptionError):
        webclip.extract(12)
    assert issubclass(webclip.InputError, webclip.WebclipError)


def test_extract_many_keeps_order_and_reports_failures():
    pages = [PAGE.replace("Kites fly", "Page %d: kites fly" % i) for i in range(20)]
    pages.insert(7, b"")
    out = webclip.extract_many(pages, threads=2)
    assert len(out) == 21
    assert out[7]["error"]["kind"] == "input"
    assert "Page 0:" in out[0]["body"] and "Page 19:" in out[20]["body"]
    assert "Page 7:" in out[8]["body"]


def test_extract_many_releases_the_gil():
    # Another Python thread keeps running while the pages are extracted.
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    webclip.extract_many([PAGE] * 400, threads=1)
    stop.set()
    t.join()
    assert len(ticks) > 3
