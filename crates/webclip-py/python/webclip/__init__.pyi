from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from typing_extensions import Literal, TypedDict, Unpack

Page = Union[bytes, str]
__version__: str

class WebclipError(Exception): ...
class InputError(WebclipError): ...
class OptionError(WebclipError): ...

class Options(TypedDict, total=False):
    """The keyword options: the library's option table (``webclip.options()`` gives it with
    kinds, defaults, units and the methods that read each; every time is in seconds). A test
    checks that these names are exactly the table's."""

    charset: str
    time_budget: float
    max_nodes: int
    max_layout_nodes: int
    comments: bool
    tables: bool
    images: bool
    links: bool
    figures: bool
    formatting: bool
    captions: bool
    list_marks: bool
    metadata_fallback: bool
    title_source: Literal["method", "metadata", "clipper", "mixed"]
    next_rule: Literal["paper", "offsets"]
    favor: Literal["precision", "balanced", "recall"]
    headline: bool
    standfirst: bool
    code: bool
    copyright_notices: bool
    social_embeds: bool
    author_boxes: bool
    bylines: Literal["off", "lead", "top", "drop"]
    threshold: float
    top: str
    more: int
    less: int
    blocks: bool
    clg_threshold: float
    clg_por: float
    clg_refine: Sequence[float]
    clg_title_gap: float
    refine: bool
    title_check: bool
    clipper_refine: Sequence[Literal["font", "overlap", "align", "frames", "none"]]
    clipper_min_overlap: float
    title_params: Sequence[float]
    frame_share: float
    min_image: float

def options() -> List[Dict[str, Any]]: ...
def record_id(warc_file: str, warc_record_id: str) -> str: ...
def extract(
    html: Page, url: Optional[str] = None, format: str = "text", method: str = "auto", **options: Unpack[Options]
) -> Dict[str, Any]: ...
def extract_many(
    pages: Iterable[Page],
    urls: Optional[Sequence[Optional[str]]] = None,
    format: str = "text",
    method: str = "auto",
    threads: int = 0,
    **options: Unpack[Options],
) -> List[Dict[str, Any]]: ...
