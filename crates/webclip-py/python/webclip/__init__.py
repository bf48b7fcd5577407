"""webclip: the main content of web pages — article, post, recipe, product text — without the
menus, ads, footers and link lists around it. A Rust library; this is its Python package.

    >>> import webclip
    >>> page = b"<html><body><nav><a href=/>Home</a></nav><article><p>The story, long enough to matter.</p></article></body></html>"
    >>> webclip.extract(page)["body"]
    'The story, long enough to matter.'
"""

import json as _json
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _native
from ._native import InputError, OptionError, WebclipError

__version__ = _native.__version__
__all__ = ["extract", "extract_many", "WebclipError", "InputError", "OptionError", "__version__"]

Page = Union[bytes, str]


def extract(html: Page, url: Optional[str] = None, format: str = "text", method: str = "auto", **options: Any) -> Dict[str, Any]:
    """Extracts one page: the same record as ``webclip extract --format json``.

    ``html`` is the page's bytes (any charset: sniffed as a browser does; pass
    ``charset=`` from an HTTP header if you have it) or text. ``format`` is the body's format
    (``text``, ``markdown``, ``html``); ``method`` one of ``auto``, ``cnr``, ``boosted``,
    ``boosted-plus``. Options: ``favor`` (``precision``, ``balanced``, ``recall``),
    ``comments``, ``tables``, ``links``, ``images``, ``formatting``, ``captions``,
    ``metadata_fallback``,
    ``headline`` (bools), ``charset``.

    Returns a dict with ``body``, ``metadata`` (title, authors, dates, language…),
    ``figures``, ``links``, ``blocks``, ``method``, ``warnings``, ``timings``, ``url``.
    Raises ``InputError`` for a page that cannot be read, ``OptionError`` for bad arguments.
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
    """Extracts many pages on ``threads`` threads (0: every core) without holding the GIL.

    Records come back in the order of ``pages``; a page that cannot be read gives
    ``{"error": {"kind": ..., "message": ...}}`` in its place instead of raising.
    """
    pages = list(pages)
    out = _native.extract_many_json(pages, list(urls) if urls is not None else None, format, method, _json.dumps(options), threads)
    return [_json.loads(s) for s in out]
