#!/usr/bin/env python3
"""Article Clipper's measurements (issue 14), from `webclip` runs on ../shared/data:

- body: per-folder SH/BoW/bigram/area of `clipper`, each refinement switched off, no
  refinement at all, `clipper-plus`, `mss` and `auto` (`webclip-lab eval --layout`);
- titles: exact / normalised title accuracy on the folders that label titles, for the
  metadata title (auto), Article Clipper's title (clipper), and clipper's title around auto's
  body (`--title-source clipper`);
- captions: bag-of-words precision and recall of the captions found on `l3s-gn1` against its
  supplemental labels (`x-nc-sel3` spans of the annotated pages);
- links: print-link and next-page precision and recall on the hand-labelled set
  `eval/links.jsonl`, per method;
- images: image-URL and caption precision and recall on the hand-labelled set
  `eval/images.jsonl`, per method.

    scripts/clipper_tables.py [--bin target/release/webclip-lab] [--cli target/release/webclip] [--data ../shared/data] [--jobs 2]
                              [--out target/clipper] [--body] [--titles] [--title-grid] [--captions] [--links] [--images]

Runs are cached as CSV / JSON files in --out; delete them to re-run.
"""
import argparse
import gzip
import html.parser
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from clg_tables import FOLDERS, TRAINING, load, pct  # noqa: E402

BODY = [
    ("clipper", ["--method", "clipper"]),
    ("clipper +title", ["--method", "clipper", "--prepend-title"]),
    ("no font", ["--method", "clipper", "--clipper-refine", "overlap,align,frames"]),
    ("no overlap", ["--method", "clipper", "--clipper-refine", "font,align,frames"]),
    ("no align", ["--method", "clipper", "--clipper-refine", "font,overlap,frames"]),
    ("no frames", ["--method", "clipper", "--clipper-refine", "font,overlap,align"]),
    ("MSS only", ["--method", "clipper", "--clipper-refine", "none"]),
    ("captions on", ["--method", "clipper", "--captions", "on"]),
    ("frame share .5", ["--method", "clipper", "--frame-share", "0.5"]),
    ("clipper-plus", ["--method", "clipper-plus"]),
    ("plus no font", ["--method", "clipper-plus", "--clipper-refine", "align,frames"]),
    ("plus + overlap", ["--method", "clipper-plus", "--clipper-refine", "font,overlap,align,frames"]),
    ("plus no align", ["--method", "clipper-plus", "--clipper-refine", "font,frames"]),
    ("plus no frames", ["--method", "clipper-plus", "--clipper-refine", "font,align"]),
    ("plus MSS only", ["--method", "clipper-plus", "--clipper-refine", "none"]),
    ("mss", ["--method", "mss"]),
    ("auto", ["--method", "auto"]),
]


def run(args, name, extra):
    """A cached `webclip-lab eval --layout` run: its per-page CSV and its printed summary."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    path, log = os.path.join(args.out, slug + ".csv"), os.path.join(args.out, slug + ".txt")
    if not os.path.exists(path):
        cmd = [args.bin, "eval", *[os.path.join(args.data, f) for f in FOLDERS], "--layout", "--jobs", str(args.jobs),
               "--out", path, *extra]
        with open(log, "w") as f:
            subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.DEVNULL)
    return load(path), open(log).read()


def body(args):
    print("Body text per folder: SH F1 / area F1 (laid-out text), in %; held-out macro over the six folders")
    print("that train nothing. `+title`: the found title prepended before scoring.")
    results = {name: run(args, name, extra)[0] for name, extra in BODY}
    print("fb: pages the method handed to a fallback, all folders (Article Clipper has none; mss none)")
    head = f"{'variant':<15}" + "".join(f"{f[:11]:>13}" for f in FOLDERS) + f"{'held-out':>13}" + f"{'fb':>6}"
    print(head)
    for name, _ in BODY:
        r = results[name]
        cells = [f"{pct(r[f]['sh'][2])}/{pct(r[f]['area'][2])}" if f in r else "-" for f in FOLDERS]
        held = [r[f] for f in FOLDERS if f not in TRAINING and f in r]
        macro = (sum(x["sh"][2] for x in held) / len(held), sum(x["area"][2] for x in held) / len(held))
        fb = sum(r[f]["fallbacks"] for f in FOLDERS if f in r)
        print(f"{name:<15}" + "".join(f"{c:>13}" for c in cells) + f"{pct(macro[0])}/{pct(macro[1])}".rjust(13)
              + f"{fb:>6}")
    ms = {name: sum(r["ms"] for r in results[name].values()) / len(results[name]) for name in ("clipper", "auto")}
    print(f"mean ms per page (folders averaged, layout included): clipper {ms['clipper']:.1f}, auto (laid out) {ms['auto']:.1f}")


def titles(args):
    print("Title accuracy (pages labelled, exact %, normalised %) as `webclip-lab eval` scores the metadata title")
    runs = [("metadata (auto)", ["--method", "auto"]), ("clipper", ["--method", "clipper"]),
            ("clipper around auto", ["--method", "auto", "--title-source", "clipper"]),
            ("mixed", ["--method", "auto", "--title-source", "mixed"])]
    for name, extra in runs:
        _, log = run(args, name if name != "metadata (auto)" else "auto", extra)
        rows = log.split("metadata (pages labelled")[-1].splitlines()[2:]
        for line in rows:
            parts = line.split()
            if len(parts) >= 4 and parts[0] in ("wcxb", "readability", "l3s-gn1"):
                print(f"{name:<22} {parts[0]:<12} {parts[1]:>5} exact {parts[2]:>5} normalised {parts[3]:>5}")


def title_grid(args):
    """λ, β, ω of the title score checked on the training folders (wcxb, readability): the
    paper's values against one change at a time."""
    print("Title score parameters on the training folders (exact % wcxb, readability; clipper's title)")
    grid = [(0.5, 1.15, 2.0), (0.25, 1.15, 2.0), (1.0, 1.15, 2.0), (0.5, 1.0, 2.0), (0.5, 1.3, 2.0),
            (0.5, 1.15, 1.0), (0.5, 1.15, 3.0)]
    for lam, beta, omega in grid:
        name = f"title {lam} {beta} {omega}"
        slug = re.sub(r"[^a-z0-9]+", "-", name)
        log = os.path.join(args.out, slug + ".txt")
        if not os.path.exists(log):
            cmd = [args.bin, "eval", os.path.join(args.data, "wcxb"), os.path.join(args.data, "readability"),
                   "--jobs", str(args.jobs), "--method", "clipper", "--title-params", f"{lam},{beta},{omega}"]
            with open(log, "w") as f:
                subprocess.run(cmd, check=True, stdout=f, stderr=subprocess.DEVNULL)
        rows = open(log).read().split("metadata (pages labelled")[-1].splitlines()[2:]
        exact = {p[0]: p[2] for p in (r.split() for r in rows) if len(p) >= 4}
        print(f"  λ {lam:<4} β {beta:<4} ω {omega:<3}  wcxb {exact.get('wcxb', '-'):>5}  readability {exact.get('readability', '-'):>5}")


class Sel3(html.parser.HTMLParser):
    """Text inside `x-nc-sel3` spans (l3s-gn1's supplemental blocks: captions and the like)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.depth, self.text = [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "meta", "link", "input"):
            return
        sel = any(k == "class" and v and "x-nc-sel3" in v.split() for k, v in attrs)
        self.stack.append(sel)
        self.depth += sel

    def handle_endtag(self, tag):
        if self.stack and tag not in ("br", "img", "hr", "meta", "link", "input"):
            self.depth -= self.stack.pop()

    def handle_data(self, data):
        if self.depth > 0:
            self.text.append(data)


def words(s):
    return re.findall(r"\w+", s.lower())


def bag_pr(pairs):
    """Micro precision and recall over pages of bags of words (Article Clipper §3)."""
    tp = fp = fn = 0
    for found, gold in pairs:
        f, g = {}, {}
        for w in found:
            f[w] = f.get(w, 0) + 1
        for w in gold:
            g[w] = g.get(w, 0) + 1
        common = sum(min(c, g.get(w, 0)) for w, c in f.items())
        tp, fp, fn = tp + common, fp + sum(f.values()) - common, fn + sum(g.values()) - common
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return p, r


def captions(args):
    folder = os.path.join(args.data, "l3s-gn1")
    records = [json.loads(l) for l in open(os.path.join(folder, "pages.jsonl"))]
    cache = os.path.join(args.out, "captions-l3s.jsonl")
    if not os.path.exists(cache):
        files = [os.path.join(folder, r["html_file"]) for r in records]
        with open(cache, "w") as out:
            subprocess.run([args.cli, "extract", *files, "--method", "clipper", "--format", "json"], stdout=out,
                           stderr=subprocess.DEVNULL)
    found = {}
    for line in open(cache):
        d = json.loads(line)
        key = os.path.basename(d["source"]).split(".")[0]
        found[key] = " ".join(f.get("caption") or "" for f in d["figures"])
    pairs, with_gold = [], 0
    for r in records:
        p = Sel3()
        p.feed(gzip.open(os.path.join(folder, r["annotated_html_file"])).read().decode("utf-8", "replace"))
        gold = " ".join(p.text)
        with_gold += bool(words(gold))
        pairs.append((words(found.get(r["id"], "")), words(gold)))
    p, r = bag_pr(pairs)
    n_found = sum(1 for f, _ in pairs if f)
    print(f"Captions on l3s-gn1 ({len(pairs)} pages, {with_gold} with supplemental text, {n_found} with captions found):")
    print(f"  bag-of-words precision {pct(p)}  recall {pct(r)}  F1 {pct(2 * p * r / (p + r) if p + r else 0)}")


LINK_RUNS = [("auto", ["--method", "auto"]), ("auto, offsets rule", ["--method", "auto", "--next-rule", "offsets"]),
             ("cnr", ["--method", "cnr"]), ("clg", ["--method", "clg"]), ("clg-lr", ["--method", "clg-lr"]), ("clipper", ["--method", "clipper"]),
             ("clipper-plus", ["--method", "clipper-plus"])]


def link_runs(args, labels, name, extra):
    """The links `webclip extract` finds on every labelled page with one method (cached)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    cache = os.path.join(args.out, f"links-{slug}.jsonl")
    if not os.path.exists(cache):
        recs = {}
        for f in {l["dataset"] for l in labels}:
            for line in open(os.path.join(args.data, f, "pages.jsonl")):
                r = json.loads(line)
                recs[(f, r["id"])] = r
        with open(cache, "w") as out:
            for l in labels:
                r = recs[(l["dataset"], l["id"])]
                cmd = [args.cli, "extract", os.path.join(args.data, l["dataset"], r["html_file"]), "--format", "json",
                       *extra]
                if r.get("url"):
                    cmd += ["--url", r["url"]]
                res = subprocess.run(cmd, capture_output=True, text=True)
                d = json.loads(res.stdout) if res.stdout.strip() else {"links": {}}
                out.write(json.dumps({"dataset": l["dataset"], "id": l["id"], "links": d["links"]}) + "\n")
    return {(d["dataset"], d["id"]): d["links"] for d in map(json.loads, open(cache))}


def link_counts(labels, got, truth_of, found_of):
    """(pages, positives, found, correct): a URL counts when it equals the labelled one."""
    tp = found = 0
    for l in labels:
        # Fragments name a place on the page, not another page.
        t, f = [x.split("#")[0] if isinstance(x, str) else x for x in (truth_of(l), found_of(got[(l["dataset"], l["id"])]))]
        found += bool(f)
        tp += bool(f and t and f == t)
    return len(labels), sum(1 for l in labels if truth_of(l)), found, tp


def link_row(name, c):
    pages, pos, found, tp = c
    p = tp / found if found else 0.0
    r = tp / pos if pos else 0.0
    print(f"  {name:<30} {pages:>5} {pos:>9} {found:>5} {tp:>7}  {pct(p) if found else '    -'}  {pct(r) if pos else '    -'}")


def links(args):
    labels = [json.loads(l) for l in open(args.labels)]
    print(f"Links on the hand-labelled set ({len(labels)} pages; a URL counts when it is exactly the labelled one).")
    print("Next-page rows per kind split the pages by their label (article, thread, listing, no next page),")
    print("so pages, positives, found and correct add up to the `next page, all` row.")
    head = f"  {'':<30} {'pages':>5} {'positives':>9} {'found':>5} {'correct':>7}  {'P':>5}  {'R':>5}"
    nxt = lambda g: g.get("next")
    for name, extra in LINK_RUNS:
        got = link_runs(args, labels, name, extra)
        print(f"\n{name}")
        print(head)
        link_row("print URL", link_counts(labels, got, lambda l: l.get("print"), lambda g: g.get("print")))
        link_row("print control (any)", link_counts(labels, got, lambda l: bool(l.get("print") or l.get("print_script")),
                                                    lambda g: bool(g.get("print") or g.get("print_by_script"))))
        link_row("next page, all", link_counts(labels, got, lambda l: l.get("next"), nxt))
        for kind in ("article", "thread", "listing", None):
            subset = [l for l in labels if l.get("next_kind") == kind]
            link_row(f"  {kind or 'no next page'}", link_counts(subset, got, lambda l: l.get("next"), nxt))


IMAGE_RUNS = [("auto", ["--method", "auto"]), ("cnr", ["--method", "cnr"]), ("boosted", ["--method", "boosted"]),
              ("clg", ["--method", "clg"]), ("clipper", ["--method", "clipper"]),
              ("clipper-plus", ["--method", "clipper-plus"])]


def images(args):
    """Image URLs and captions on the hand-labelled set `eval/images.jsonl` (Article Clipper §3: each
    URL a word; captions as bags of words), per method."""
    labels = [json.loads(l) for l in open(args.image_labels)]
    recs = {}
    for f in {l["dataset"] for l in labels}:
        for line in open(os.path.join(args.data, f, "pages.jsonl")):
            r = json.loads(line)
            recs[(f, r["id"])] = r
    n_img = sum(len(l["images"]) for l in labels)
    n_cap = sum(1 for l in labels for i in l["images"] if i["caption"])
    print(f"Images on the hand-labelled set ({len(labels)} pages, {n_img} article images, {n_cap} with captions):")
    print(f"  {'method':<14} {'found':>5} {'correct':>7} {'URL P':>6} {'URL R':>6} {'caption P':>9} {'caption R':>9}")
    for name, extra in IMAGE_RUNS:
        cache = os.path.join(args.out, f"images-{name}.jsonl")
        if not os.path.exists(cache):
            with open(cache, "w") as out:
                for l in labels:
                    r = recs[(l["dataset"], l["id"])]
                    cmd = [args.cli, "extract", os.path.join(args.data, l["dataset"], r["html_file"]), "--format",
                           "json", *extra]
                    if r.get("url"):
                        cmd += ["--url", r["url"]]
                    res = subprocess.run(cmd, capture_output=True, text=True)
                    d = json.loads(res.stdout) if res.stdout.strip() else {"figures": []}
                    out.write(json.dumps({"dataset": l["dataset"], "id": l["id"], "figures": d["figures"]}) + "\n")
        got = {(d["dataset"], d["id"]): d["figures"] for d in map(json.loads, open(cache))}
        tp = found = 0
        pairs = []
        for l in labels:
            figs = got[(l["dataset"], l["id"])]
            want = {i["src"] for i in l["images"]}
            have = {f["src"] for f in figs}
            found += len(have)
            tp += len(want & have)
            pairs.append((words(" ".join(f.get("caption") or "" for f in figs)),
                          words(" ".join(i["caption"] or "" for i in l["images"]))))
        cp, cr = bag_pr(pairs)
        print(f"  {name:<14} {found:>5} {tp:>7} {pct(tp / found if found else 0)} {pct(tp / n_img)} "
              f"{pct(cp):>9} {pct(cr):>9}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/webclip-lab")
    ap.add_argument("--cli", default="target/release/webclip", help="the webclip binary (links, images)")
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="target/clipper")
    ap.add_argument("--labels", default="eval/links.jsonl")
    ap.add_argument("--image-labels", default="eval/images.jsonl")
    for part in ("body", "titles", "title_grid", "captions", "links", "images"):
        ap.add_argument("--" + part.replace("_", "-"), action="store_true")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    chosen = [p for p in ("body", "titles", "title_grid", "captions", "links", "images") if getattr(args, p)] or [
        "body", "titles", "captions", "links", "images"]
    for part in chosen:
        globals()[part](args)
        print()


if __name__ == "__main__":
    main()
