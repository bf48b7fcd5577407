"""webclip on Spark: WARC files in, one row per HTML page out, written as Parquet.

The way Common Crawl is processed: the WARC paths are spread over the tasks, each task streams
its archives with warcio inside ``mapPartitions`` and hands the pages to ``webclip.extract_many``
(which releases the GIL and uses the task's cores), and Spark writes the rows as Parquet.

Local mode (what CI runs)::

    spark-submit --master 'local[2]' examples/spark/extract_warc.py --out out.parquet a.warc.gz b.warc.gz

On a cluster, ship the wheel built from this repository with the job (it is abi3, one file for
every CPython >= 3.9) and give paths every executor can read (HDFS, S3 with the Hadoop S3A
connector, or a shared file system)::

    spark-submit --master yarn --py-files "$(ls target/wheels/webclip-*-cp39-abi3-*.whl)" \
        examples/spark/extract_warc.py --out s3a://bucket/extracted/ s3a://bucket/crawl/*.warc.gz

(The wheel's platform tag names the glibc of the machine that built it.)

(``--py-files`` puts the wheel on the executors' ``sys.path``; a wheel with a compiled module
needs ``pip install`` on the executors instead when the platform's zipimport cannot load it:
install it in the image, or ship a packed virtualenv with ``--archives env.tar.gz#env`` and
``spark.pyspark.python=./env/bin/python``.) Executors need ``warcio`` the same way.
"""
import argparse

from pyspark.sql import SparkSession
from pyspark.sql.types import ArrayType, StringType, StructField, StructType

SCHEMA = StructType(
    [
        StructField("id", StringType(), False),
        StructField("url", StringType(), True),
        StructField("title", StringType(), True),
        StructField("authors", ArrayType(StringType()), True),
        StructField("date_published", StringType(), True),
        StructField("language", StringType(), True),
        StructField("body", StringType(), True),
        StructField("method", StringType(), True),
        StructField("warnings", ArrayType(StringType()), True),
        StructField("error", StringType(), True),
    ]
)

# Pages handed to webclip at a time inside a task (bounded memory, several cores busy).
CHUNK = 256


def html_responses(path):
    """(record id, target URI, charset, payload) of every HTTP 200 HTML response in a WARC
    (an HTML content type or none), as ``webclip batch`` takes them. The record id is
    ``<path>#<WARC-Record-ID>`` (``webclip.record_id``), batch's id for the same record when
    batch is given the same path."""
    from warcio.archiveiterator import ArchiveIterator

    import webclip

    with open(path, "rb") as stream:
        for record in ArchiveIterator(stream):
            if record.rec_type != "response" or record.http_headers is None:
                continue
            if record.http_headers.get_statuscode() != "200":
                continue
            ctype = record.http_headers.get_header("Content-Type") or ""
            if ctype and "html" not in ctype.lower():
                continue
            charset = None
            for part in ctype.split(";")[1:]:
                key, _, value = part.strip().partition("=")
                if key.lower() == "charset" and value:
                    charset = value.strip("\"'")
            yield (
                webclip.record_id(path, record.rec_headers.get_header("WARC-Record-ID")),
                record.rec_headers.get_header("WARC-Target-URI"),
                charset,
                record.content_stream().read(),
            )


def extract_partition(paths, threads=0, body_format="text"):
    import webclip

    def flush(chunk):
        # Pages of one charset label go together: the label is an option of the call.
        by_charset = {}
        for item in chunk:
            by_charset.setdefault(item[2], []).append(item)
        for charset, items in by_charset.items():
            options = {"charset": charset} if charset else {}
            records = webclip.extract_many(
                [i[3] for i in items], urls=[i[1] for i in items], format=body_format, threads=threads, **options
            )
            for (rid, uri, _, _), r in zip(items, records):
                if "error" in r:
                    yield (rid, uri, None, None, None, None, None, None, None, r["error"]["message"])
                    continue
                m = r["metadata"]
                yield (
                    rid,
                    uri,
                    m.get("title"),
                    m.get("authors") or [],
                    m.get("date_published"),
                    m.get("language") or m.get("language_detected"),
                    r["body"],
                    r["method"],
                    r["warnings"],
                    None,
                )

    chunk = []
    for path in paths:
        for item in html_responses(path):
            chunk.append(item)
            if len(chunk) >= CHUNK:
                yield from flush(chunk)
                chunk = []
    if chunk:
        yield from flush(chunk)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("warcs", nargs="+", help="WARC files (.warc or .warc.gz)")
    ap.add_argument("--out", required=True, help="Parquet output folder")
    ap.add_argument("--partitions", type=int, default=0, help="tasks (default: one per WARC file)")
    ap.add_argument("--threads", type=int, default=0, help="webclip threads per task (0: every core)")
    ap.add_argument("--format", default="text", choices=["text", "markdown", "html"], help="the body's format")
    args = ap.parse_args(argv)
    spark = SparkSession.builder.appName("webclip-extract-warc").getOrCreate()
    paths = spark.sparkContext.parallelize(args.warcs, args.partitions or len(args.warcs))
    rows = paths.mapPartitions(lambda ps: extract_partition(ps, args.threads, args.format))
    spark.createDataFrame(rows, SCHEMA).write.mode("overwrite").parquet(args.out)
    spark.stop()


if __name__ == "__main__":
    main()
