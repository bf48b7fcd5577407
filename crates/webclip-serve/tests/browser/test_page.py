"""Browser test of webclip-serve's page (GET /) against an already running server.

Environment:
  WEBCLIP_URL         base URL of the running server, e.g. http://127.0.0.1:8080 (required)
  WEBCLIP_SAMPLE      a gzip file holding a real page's HTML (required)
  WEBCLIP_EXPECT      a phrase from that page's article (required)
  WEBCLIP_SCREENSHOT  where to save a full-page screenshot (default target/serve-page.png)
  WEBCLIP_TOKEN       bearer token, needed only when /v1/info says "auth": true
  WEBCLIP_TIMEOUT_MS  how long to wait for an extraction (default 120000)
  CHROMIUM            Chromium binary (default /usr/bin/chromium)
"""

import gzip
import json
import os
import pathlib

import pytest
from playwright.sync_api import expect, sync_playwright

TIMEOUT_MS = int(os.environ.get("WEBCLIP_TIMEOUT_MS", "120000"))

# Resolves once the extraction has finished, either way (the page sets data-state to done or error).
# Waits use selectors, not wait_for_function: the page's Content-Security-Policy forbids the
# string evaluation that wait_for_function polls with, and the test keeps that policy on.
FINISHED = "body[data-state='done'], body[data-state='error']"


def _env(name, hint):
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: {hint}", pytrace=False)
    return value


def _norm(s):
    return " ".join(s.split())


@pytest.fixture(scope="module")
def base_url():
    url = _env("WEBCLIP_URL", "start webclip-serve and set WEBCLIP_URL=http://127.0.0.1:PORT")
    return url.rstrip("/")


@pytest.fixture(scope="module")
def sample_html():
    path = _env("WEBCLIP_SAMPLE", "set it to a gzip file holding a real page's HTML")
    if not os.path.isfile(path):
        pytest.fail(f"WEBCLIP_SAMPLE={path} does not exist", pytrace=False)
    with gzip.open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


@pytest.fixture(scope="module")
def expect_phrase():
    return _norm(_env("WEBCLIP_EXPECT", "set it to a phrase from the sample page's article"))


@pytest.fixture(scope="module")
def browser(base_url):  # base_url first, so a missing WEBCLIP_URL is what gets reported
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        yield b
        b.close()


def _info(page, base_url):
    token = os.environ.get("WEBCLIP_TOKEN", "")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    res = page.request.get(f"{base_url}/v1/info", headers=headers)
    assert res.ok, f"GET /v1/info answered {res.status}: {res.text()[:300]}"
    return res.json()


def _open(browser, base_url):
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{base_url}/")
    info = _info(page, base_url)
    page.locator("body[data-ready='1']").wait_for(state="attached")
    if info.get("auth"):
        token = os.environ.get("WEBCLIP_TOKEN")
        if not token:
            pytest.fail("the server requires a token (/v1/info auth: true): set WEBCLIP_TOKEN", pytrace=False)
        page.fill("#token", token)
    return page, info


def _visible_alerts(page):
    texts = []
    alerts = page.locator("[role=alert]")
    for i in range(alerts.count()):
        a = alerts.nth(i)
        if a.is_visible() and a.inner_text().strip():
            texts.append(a.inner_text().strip())
    return texts


@pytest.fixture(scope="module")
def extracted(browser, base_url, sample_html):
    """One page with the sample extracted, shared by the tests that read its results."""
    page, info = _open(browser, base_url)
    page.fill("#html", sample_html)
    page.click("#extract")
    page.locator(FINISHED).wait_for(state="attached", timeout=TIMEOUT_MS)
    alerts = _visible_alerts(page)
    assert not alerts, f"the page shows an error: {alerts}"
    expect(page.locator("#markdown")).not_to_be_empty()
    yield page, info
    page.close()


def test_extract_sample(extracted, expect_phrase):
    page, info = extracted
    markdown = _norm(page.inner_text("#markdown"))
    assert expect_phrase in markdown, f"{expect_phrase!r} not in the rendered markdown: {markdown[:500]!r}"

    if info.get("layout"):
        srcdoc = page.get_attribute("#overlay", "srcdoc") or ""
        assert "block(s) selected" in srcdoc, f"overlay srcdoc lacks 'block(s) selected': {srcdoc[:300]!r}"
    else:
        assert page.is_visible("text=Layout is not available on this server: text view only")

    assert page.locator("#blocks li").count() > 0, "no selected block is listed"

    page.get_by_role("tab", name="Text").click()
    assert page.is_visible("#tab-text")
    text = _norm(page.inner_text("#tab-text"))
    assert expect_phrase in text, f"{expect_phrase!r} not in the Text tab: {text[:500]!r}"

    alerts = _visible_alerts(page)
    assert not alerts, f"the page shows an error: {alerts}"

    shot = pathlib.Path(os.environ.get("WEBCLIP_SCREENSHOT", "target/serve-page.png"))
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.get_by_role("tab", name="Markdown").click()
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 0


def test_json_tab(extracted):
    page, _ = extracted
    page.get_by_role("tab", name="JSON").click()
    assert page.is_visible("#tab-json")
    data = page.evaluate("() => JSON.parse(document.querySelector('#tab-json pre').textContent)")
    assert isinstance(data, dict), f"JSON tab is not an object: {json.dumps(data)[:200]}"
    assert "blocks" in data, f"JSON has no 'blocks': keys {sorted(data)}"
    assert isinstance(data["blocks"], list)


def test_empty_input_shows_error(browser, base_url):
    page, _ = _open(browser, base_url)
    try:
        page.fill("#html", "")
        if page.is_enabled("#url"):
            page.fill("#url", "")
        page.click("#extract")
        page.locator(FINISHED).wait_for(state="attached", timeout=TIMEOUT_MS)
        assert page.evaluate("() => document.body.dataset.state") == "error"
        alerts = _visible_alerts(page)
        assert alerts, "an empty submission shows no error in role=alert"
        assert page.inner_text("#markdown").strip() == ""
    finally:
        page.close()


# Page text that a markdown renderer working on HTML strings turns into script.
HOSTILE = [
    "<https://x.org/[t](https://y.org/autofocus/onfocus=alert(document.domain)//)>",
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    "[click](javascript:alert(3)) and ![i](javascript:alert(4))",
    '[x](https://e.org/" onmouseover="alert(5))',
    "`<b onclick=alert(6)>code</b>` **<i onclick=alert(7)>bold</i>**",
]

# Elements, attributes and links in #markdown that could run script.
UNSAFE_NODES = """(root) => {
  const bad = [];
  for (const e of root.querySelectorAll('*')) {
    const tag = e.tagName.toLowerCase();
    if (['script', 'img', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'form', 'input'].includes(tag)) bad.push(tag);
    for (const a of e.attributes) {
      if (/^on/i.test(a.name) || ['autofocus', 'style', 'src', 'srcdoc'].includes(a.name.toLowerCase())) bad.push(tag + '@' + a.name);
    }
    if (tag === 'a' && !/^https?:\\/\\//i.test(e.getAttribute('href') || '')) bad.push('a href=' + e.getAttribute('href'));
  }
  return bad;
}"""


def test_hostile_page_text_renders_as_text(browser, base_url):
    page, _ = _open(browser, base_url)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        para = ("<p>The committee met on Tuesday to discuss the budget, and agreed after a long debate "
                "that the new library would open in the spring, with longer hours on weekends.</p>")
        esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        body = "".join(f"<p>{esc(t)}</p>" for t in HOSTILE)
        page.fill("#html", f"<html><body><article><h1>Notes</h1>{para * 4}{body}{para * 4}</article></body></html>")
        page.click("#extract")
        page.locator(FINISHED).wait_for(state="attached", timeout=TIMEOUT_MS)
        assert page.evaluate("() => document.body.dataset.state") == "done", _visible_alerts(page)
        shown = _norm(page.inner_text("#markdown"))
        for text in HOSTILE:
            assert _norm(text) in shown, f"{text!r} is not shown as text: {shown[:800]!r}"
        assert page.eval_on_selector("#markdown", UNSAFE_NODES) == []
        # The renderer alone, on the same text unescaped (as an older server would send it).
        # (The check is pasted into the function: the page's CSP forbids eval.)
        bad = page.evaluate(
            "(src) => { const d = document.createElement('div');"
            f" d.appendChild(window.webclipMarkdown(src)); return ({UNSAFE_NODES})(d); }}",
            "\n\n".join(HOSTILE),
        )
        assert bad == []
        page.wait_for_timeout(300)
        assert dialogs == [], f"script ran: {dialogs}"
    finally:
        page.close()


# The markdown fuzz target's saved inputs (fuzz/corpus/markdown, fuzz/regressions/markdown;
# fuzzed in Node by fuzz/run.sh) replayed through the page's own renderer in Chromium, with the
# fuzz target's check (fuzz/js/check.js: only the renderer's elements and attributes, no event
# handler, http(s)/mailto/relative links only). CI needs no npm for this.
ROOT = pathlib.Path(__file__).resolve().parents[4]


def test_markdown_fuzz_corpus_replays(browser, base_url):
    files = sorted(
        p for kind in ("corpus", "regressions") for p in (ROOT / "fuzz" / kind / "markdown").glob("*") if p.is_file()
    )
    assert files, "fuzz/corpus/markdown is empty: the saved corpus is missing"
    srcs = [p.read_bytes().decode("utf-8", errors="replace") for p in files]
    check = (ROOT / "fuzz" / "js" / "check.js").read_text()
    page, _ = _open(browser, base_url)
    try:
        # (The check is pasted into the function: the page's CSP forbids eval.)
        results = page.evaluate(
            f"(srcs) => {{ const check = {check};"
            " return srcs.map((s) => { const d = document.createElement('div');"
            " d.appendChild(window.webclipMarkdown(s)); return check(d); }); }",
            srcs,
        )
        bad = {str(f.relative_to(ROOT)): r for f, r in zip(files, results) if r}
        assert bad == {}, f"unsafe markdown output: {bad}"
    finally:
        page.close()
