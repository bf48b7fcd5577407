"""The built wheel, as a Python user calls it (run by .ci/run against the installed wheel)."""
import ast
import gzip
import json
import os
import subprocess
import sys
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
    with pytest.raises(webclip.OptionError, match="title_source"):
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


# ---------- the option table: the same names and records as the command line ----------

OPTIONS = webclip.options()
# The command-line binary to compare with (the tests that need it are skipped without it).
BIN = os.environ.get("WEBCLIP_BIN")
PYI = os.path.join(os.path.dirname(webclip.__file__), "__init__.pyi")


def _methods(opt):
    return opt["methods"] or ["auto"]


def _comparable(record):
    record = dict(record)
    record.pop("timings", None)
    record.pop("source", None)
    return record


def _cli(method, *args):
    """The binary's record for PAGE, or its error line (exit 2)."""
    cmd = [BIN, "extract", "-", "--format", "json", "--method", method, *args]
    out = subprocess.run(cmd, input=PAGE.encode(), capture_output=True, timeout=600)
    if out.returncode == 2:
        return out.stderr.decode().strip().removeprefix("webclip: ")
    assert out.returncode == 0, out.stderr.decode()
    return _comparable(json.loads(out.stdout))


def test_the_table_names_every_keyword_option():
    names = [o["name"] for o in OPTIONS]
    assert len(names) == len(set(names)) > 30
    for o in OPTIONS:
        assert o["name"] in webclip.extract.__doc__, o["name"]
        assert o["flag"] == "--" + o["name"].replace("_", "-")
        assert o["example"] is not None
    assert {o["unit"] for o in OPTIONS} <= {None, "s", "px"}


def test_the_stub_lists_exactly_the_tables_options():
    # The installed stub, else the source tree's.
    stub = PYI if os.path.exists(PYI) else os.path.join(HERE, "..", "python", "webclip", "__init__.pyi")
    with open(stub) as f:
        tree = ast.parse(f.read())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Options")
    names = [n.target.id for n in cls.body if isinstance(n, ast.AnnAssign)]
    assert names == [o["name"] for o in OPTIONS]


@pytest.mark.parametrize("opt", OPTIONS, ids=[o["name"] for o in OPTIONS])
def test_every_option_gives_the_command_lines_record(opt):
    for method in _methods(opt):
        py = _comparable(webclip.extract(PAGE, method=method, **{opt["name"]: opt["example"]}))
        assert py["method"] == method
        if not BIN:
            continue
        assert _cli(method, opt["flag"], opt["example_text"]) == py, (opt["name"], method)
    if not BIN:
        pytest.skip("set WEBCLIP_BIN to the webclip binary to compare with the command line")


def test_every_method_with_its_defaults_gives_the_command_lines_record():
    methods = ["auto", "cnr", "boosted", "boosted-plus", "clg", "clg-lr", "clg-lr-a", "clg-svm", "clg-svm-a",
               "clg-plus", "mss", "clipper", "clipper-plus"]
    for method in methods:
        py = _comparable(webclip.extract(PAGE, method=method))
        assert py["method"] == method
        if BIN:
            assert _cli(method) == py, method
    if not BIN:
        pytest.skip("set WEBCLIP_BIN to the webclip binary to compare with the command line")


def test_an_option_of_another_method_is_the_command_lines_error_in_each_front_ends_words():
    checked = 0
    for opt in OPTIONS:
        if not opt["methods"]:
            continue
        other = "auto" if "auto" not in opt["methods"] else "cnr"
        methods = ", ".join(opt["methods"])
        with pytest.raises(webclip.OptionError) as e:
            webclip.extract(PAGE, method=other, **{opt["name"]: opt["example"]})
        # Python names the keyword; the command line the flag as typed.
        assert str(e.value) == 'option "%s" is read by %s, not by %s' % (opt["name"], methods, other)
        if BIN:
            cli = "%s is read by --method %s, not by %s" % (opt["flag"], methods, other)
            assert _cli(other, opt["flag"], opt["example_text"]) == cli
        checked += 1
    assert checked > 20


def test_favor_recall_brings_captions():
    assert "The red kite over the dunes." in webclip.extract(PAGE, favor="recall")["body"]
    assert "The red kite over the dunes." not in webclip.extract(PAGE, favor="recall", captions=False)["body"]


def test_option_errors_say_what_the_option_takes():
    with pytest.raises(webclip.OptionError, match="option clg_threshold: expected a number from 0 to 1, got 2"):
        webclip.extract(PAGE, method="clg-lr", clg_threshold=2)
    with pytest.raises(webclip.OptionError, match="did you mean author_boxes"):
        webclip.extract(PAGE, author_boxs=True)
    # The stages' tuning is the lab's, not a keyword of the package.
    with pytest.raises(webclip.OptionError, match='unknown option "keep_inside"'):
        webclip.extract(PAGE, keep_inside=0.5)
    with pytest.raises(webclip.OptionError, match="exclude each other"):
        webclip.extract(PAGE, method="cnr", more=1, less=1)
    r = webclip.extract(PAGE, method="clipper", clipper_refine=["font", "align"], title_params=[1, 1.2, 2])
    assert r["method"] == "clipper"


def test_webclip_imports_without_datatrove_and_its_extractor_says_what_to_install():
    # datatrove made unimportable: `import webclip` still works, `webclip.datatrove` names the package.
    code = (
        "import sys; sys.modules['datatrove'] = None\n"
        "import webclip; assert webclip.record_id('a.warc.gz', '<urn:uuid:1>') == 'a.warc.gz#<urn:uuid:1>'\n"
        "try:\n    import webclip.datatrove\nexcept ImportError as e:\n    print(e)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "pip install 'datatrove[io]==0.10.1'" in r.stdout
