from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

Page = Union[bytes, str]
__version__: str

class WebclipError(Exception): ...
class InputError(WebclipError): ...
class OptionError(WebclipError): ...

def extract(
    html: Page, url: Optional[str] = None, format: str = "text", method: str = "auto", **options: Any
) -> Dict[str, Any]: ...
def extract_many(
    pages: Iterable[Page],
    urls: Optional[Sequence[Optional[str]]] = None,
    format: str = "text",
    method: str = "auto",
    threads: int = 0,
    **options: Any,
) -> List[Dict[str, Any]]: ...
