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
    keep_inside: float
    keep_outside: float
    keep_outside_declared: float
    declared_recall: bool
    min_coverage: float
    link_discount: float
    title_anchor: float
    headline: bool
    single_headline: bool
    standfirst: bool
    trim_tail: bool
    code: bool
    forum_declared: bool
    kickers: bool
    prose_rescue: float
    before_headline: bool
    repeated_lines: bool
    image_captions: bool
    copyright_notices: bool
    teaser_cards: bool
    teaser_runs: bool
    social_embeds: bool
    author_boxes: bool
    bylines: Literal["off", "lead", "top", "drop"]
    small_forms: bool
    modal_dialogs: bool
    comment_labels: bool
    related_labels: bool
    related_boxes: bool
    ad_labels: bool
    settled_margin: float
    widen_single: bool
    comment_share: float
    link_lists: bool
    discussion_first: bool
    grow: Literal["off", "same-tag", "any"]
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
