"""webclip as a datatrove extractor: ``WarcReader → Webclip → JsonlWriter``.

    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import WarcReader
    from datatrove.pipeline.writers import JsonlWriter
    from webclip.datatrove import Webclip

    if __name__ == "__main__":  # datatrove's worker processes import the main module
        LocalPipelineExecutor(
            pipeline=[WarcReader("crawl/", glob_pattern="**/*.warc*"), Webclip(), JsonlWriter("out/")],
            tasks=4,
        ).run()

Needs datatrove (``pip install "datatrove[io]==0.10.1"``, the version tested); ``import webclip``
alone does not.

Each document's ``text`` becomes the page's main content; pages with none are dropped, as
datatrove's own extractors drop them. The document's id becomes the record id that
``webclip batch`` and the Spark job give the same WARC record, ``<file>#<WARC-Record-ID>``
(:func:`webclip.record_id`), from the reader's ``file_path`` metadata; the WARC record id
stays in ``metadata["warc_record_id"]``.
"""

from typing import Any, Dict, Iterable, Iterator, List

try:
    from datatrove.data import Document, DocumentsPipeline
    from datatrove.pipeline.extractors.base import BaseExtractor
    from datatrove.utils.typeshelper import StatHints
except ImportError as e:  # said with the version to install, not a bare module name
    raise ImportError(
        "webclip.datatrove needs datatrove (tested with 0.10.1): pip install 'datatrove[io]==0.10.1' (%s)" % e
    ) from e

import webclip

__all__ = ["Webclip"]

# The page's metadata fields copied into the document's metadata (when the page has them).
_METADATA = ("title", "authors", "date_published", "language", "site_name", "description")

# A page that any method reads, to check the options before a pipeline starts.
_PROBE = "<html><body><article><p>A paragraph long enough to be read as the page's text.</p></article></body></html>"


class Webclip(BaseExtractor):
    """Main-content extraction with webclip (Rust), in datatrove pipelines.

    Args:
        method: webclip's method (``auto``, ``cnr``, ``boosted``, …; ``webclip.extract``).
        format: the text's format: ``text``, ``markdown`` or ``html``.
        threads: threads for each batch of pages (0: every core). datatrove already runs one
            task per worker process, so 1 (the default) keeps one core per task.
        batch_size: pages handed to webclip at once (the GIL is released while they are read).
        metadata: copy the page's title, authors, publication date, language, site name and
            description into the document's metadata.
        record_ids: set the document's id to ``<file>#<WARC-Record-ID>`` (the id of
            ``webclip batch`` and the Spark job) when the reader gives the file's path.
        **options: webclip's keyword options (``favor="precision"``, ``tables=False``,
            ``time_budget=5``…: ``webclip.options()`` lists them). ``time_budget`` bounds
            each page's time inside webclip, so no sandbox process is needed for a timeout.

    Options are checked here, so a misspelt one fails before the pipeline starts.
    """

    name = "✂ webclip"

    def __init__(
        self,
        method: str = "auto",
        format: str = "text",
        threads: int = 1,
        batch_size: int = 64,
        metadata: bool = True,
        record_ids: bool = True,
        **options: Any,
    ):
        super().__init__(timeout=float(options.get("time_budget", 30)))
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1, not %r" % (batch_size,))
        if threads < 0:
            raise ValueError("threads must be 0 (every core) or more, not %r" % (threads,))
        self.method = method
        self.format = format
        self.threads = threads
        self.batch_size = batch_size
        self.metadata = metadata
        self.record_ids = record_ids
        self.options = options
        # Raises OptionError for an unknown option, a bad value, a method or format that
        # does not exist.
        webclip.extract(_PROBE, format=format, method=method, **options)

    def extract(self, text: str) -> str:
        """The main content of one page (datatrove's extractor interface)."""
        return webclip.extract(text, format=self.format, method=self.method, **self.options)["body"]

    def run(self, data: DocumentsPipeline, rank: int = 0, world_size: int = 1) -> DocumentsPipeline:
        for batch in _batches(data, self.batch_size):
            with self.track_time(unit="batch"):
                records = webclip.extract_many(
                    [d.text for d in batch],
                    urls=[d.metadata.get("url") for d in batch],
                    format=self.format,
                    method=self.method,
                    threads=self.threads,
                    **self.options,
                )
            for doc, record in zip(batch, records):
                self.stat_update(StatHints.total)
                if "error" in record:
                    self.stat_update("clean_error")
                    continue
                self.stat_update("extracted")
                if not record["body"]:
                    self.stat_update(StatHints.dropped)
                    continue
                self._fill(doc, record)
                self.stat_update(StatHints.forwarded)
                self.update_doc_stats(doc)
                yield doc

    def _fill(self, doc: Document, record: Dict[str, Any]) -> None:
        doc.text = record["body"]
        if self.metadata:
            page = record["metadata"]
            if not page.get("language") and page.get("language_detected"):
                page["language"] = page["language_detected"]
            for key in _METADATA:
                if page.get(key):
                    doc.metadata[key] = page[key]
        path = doc.metadata.get("file_path")
        # A reader's own id (not a WARC record's) is left alone, and so is one already set.
        if self.record_ids and path and doc.id and doc.id.startswith("<") and doc.id.endswith(">"):
            doc.metadata["warc_record_id"] = doc.id
            doc.id = webclip.record_id(path, doc.id)


def _batches(docs: Iterable[Document], size: int) -> Iterator[List[Document]]:
    batch: List[Document] = []
    for doc in docs:
        batch.append(doc)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch
