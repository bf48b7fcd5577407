"""webclip: the main content of web pages — article, post, recipe, product text — without the
menus, ads, footers and link lists around it. A Rust library; this is its Python package.

    >>> import webclip
    >>> page = b"<html><body><nav><a href=/>Home</a></nav><article><p>The story, long enough to matter.</p></article></body></html>"
    >>> webclip.extract(page)["body"]
    'The story, long enough to matter.'

The keyword options are the library's option table, the same as the command line's flags
(``keep_inside=0.4`` is ``--keep-inside 0.4``) and the HTTP service's ``options``:
``webclip.options()`` lists them, and ``help(webclip.extract)`` shows them with their defaults.
"""

import json as _json
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _native
from ._native import InputError, OptionError, WebclipError

__version__ = _native.__version__
__all__ = ["extract", "extract_many", "options", "record_id", "WebclipError", "InputError", "OptionError", "__version__"]

Page = Union[bytes, str]

_OPTIONS = _json.loads(_native.options_json())


def options() -> List[Dict[str, Any]]:
    """The option table: one dict per keyword option, with ``name``, ``kind`` (bool, number,
    integer, choice, list, numbers, text), ``expected``, ``choices``, ``unit`` (``s``: every
    time is in seconds), ``default`` (for the first method that reads it), ``default_text``,
    ``help``, ``methods`` (the methods that read it; empty: every method), ``flag`` (the
    command line's) and ``example``."""
    return _json.loads(_native.options_json())


def _options_doc() -> str:
    lines = []
    for o in _OPTIONS:
        unit = " " + o["unit"] if o["unit"] else ""
        methods = "; methods: " + ", ".join(o["methods"]) if o["methods"] else ""
        lines.append(
            "    ``%s`` (%s; default %s%s%s): %s" % (o["name"], o["expected"], o["default_text"], unit, methods, o["help"])
        )
    return "\n".join(lines)


def extract(html: Page, url: Optional[str] = None, format: str = "text", method: str = "auto", **options: Any) -> Dict[str, Any]:
    """Extracts one page: the same record as ``webclip extract --format json``.

    ``html`` is the page's bytes (any charset: sniffed as a browser does; pass
    ``charset=`` from an HTTP header if you have it) or text. ``format`` is the body's format
    (``text``, ``markdown``, ``html``); ``method`` one of ``auto``, ``cnr``, ``boosted``,
    ``boosted-plus``, ``clg``, ``clg-lr``, ``clg-lr-a``, ``clg-svm``, ``clg-svm-a``,
    ``clg-plus``, ``mss``, ``clipper``, ``clipper-plus``.

    Returns a dict with ``body``, ``metadata`` (title, authors, dates, language…),
    ``figures``, ``links``, ``blocks``, ``method``, ``warnings``, ``timings``, ``url``.
    Raises ``InputError`` for a page that cannot be read, ``OptionError`` for bad arguments
    (an unknown option, a value of the wrong kind, an option the method does not read).

    Options (booleans are ``True``/``False``; lists and numbers-lists are lists):

"""
    return _json.loads(_native.extract_json(html, url, format, method, _json.dumps(options)))


def extract_many(
    pages: Iterable[Page],
    urls: Optional[Sequence[Optional[str]]] = None,
    format: str = "text",
    method: str = "auto",
    threads: int = 0,
    **options: Any,
) -> List[Dict[str, Any]]:
    """Extracts many pages on ``threads`` threads (0: every core) without holding the GIL,
    with the options of ``extract``.

    Records come back in the order of ``pages``; a page that cannot be read gives
    ``{"error": {"kind": ..., "message": ...}}`` in its place instead of raising.
    """
    pages = list(pages)
    out = _native.extract_many_json(pages, list(urls) if urls is not None else None, format, method, _json.dumps(options), threads)
    return [_json.loads(s) for s in out]


def record_id(warc_file: str, warc_record_id: str) -> str:
    """The id of the record of a WARC file's page: ``<file>#<WARC-Record-ID>``, the file as
    the tool was given it (``webclip batch``'s argument or the folder joined with the file's
    name, the Spark job's argument, datatrove's ``file_path``). ``webclip batch`` gives its
    records this id, and so do the Spark job and ``webclip.datatrove.Webclip``: the same
    WARC record named the same way gets the same id from all three.

        >>> record_id("crawl/a.warc.gz", "<urn:uuid:6f1a…>")
        'crawl/a.warc.gz#<urn:uuid:6f1a…>'
    """
    return "%s#%s" % (warc_file, warc_record_id)


extract.__doc__ = (extract.__doc__ or "") + _options_doc() + "\n"
