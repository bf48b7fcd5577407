"""webclip in a datatrove pipeline: WARC files in, JSON Lines out (one document per page).

    python examples/datatrove/warc_to_jsonl.py crawl/ --out extracted/ --tasks 4 --favor precision

reads every WARC file under ``crawl/`` (local, or any fsspec URL datatrove reads, such as
``s3://bucket/crawl/``) with datatrove's ``WarcReader``, extracts each HTML response with
``webclip.datatrove.Webclip`` and writes ``extracted/00000.jsonl.gz``… with ``JsonlWriter``,
``tasks`` tasks on ``workers`` processes (datatrove's ``LocalPipelineExecutor``; the same
pipeline runs on Slurm with ``SlurmPipelineExecutor``). Needs ``datatrove[io]`` and the webclip
wheel.
"""
import argparse

from datatrove.executor import LocalPipelineExecutor
from datatrove.pipeline.readers import WarcReader
from datatrove.pipeline.writers import JsonlWriter

from webclip.datatrove import Webclip


def pipeline(warcs, out, **webclip_options):
    """The steps: every WARC file under ``warcs`` → webclip → gzipped JSON Lines in ``out``."""
    return [
        WarcReader(warcs, glob_pattern="**/*.warc*"),
        Webclip(**webclip_options),
        JsonlWriter(out),
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("warcs", help="folder of WARC files (.warc, .warc.gz), searched recursively")
    ap.add_argument("--out", required=True, help="output folder for the JSON Lines files")
    ap.add_argument("--logs", default=None, help="datatrove's logging folder (default: logs/<time>)")
    ap.add_argument("--tasks", type=int, default=1, help="tasks: the WARC files are split among them")
    ap.add_argument("--workers", type=int, default=-1, help="processes at once (default: one per task)")
    ap.add_argument("--method", default="auto", help="webclip's method")
    ap.add_argument("--format", default="text", choices=["text", "markdown", "html"], help="the text's format")
    ap.add_argument("--favor", default=None, choices=["precision", "balanced", "recall"], help="auto's lean")
    args = ap.parse_args(argv)
    options = {"favor": args.favor} if args.favor else {}
    steps = pipeline(args.warcs, args.out, method=args.method, format=args.format, **options)
    LocalPipelineExecutor(pipeline=steps, tasks=args.tasks, workers=args.workers, logging_dir=args.logs).run()


if __name__ == "__main__":
    main()
