#!/usr/bin/env python3
"""CLG's measurements (issue 13): per-folder text and area metrics of CLG, its baselines and
auto, and the paper's sensitivity tables (Figures 13–15: score threshold, projection overlap
ratio), all from `webclip-lab eval --layout` runs.

    scripts/clg_tables.py [--bin target/release/webclip-lab] [--data ../shared/data] [--jobs 2]
                          [--table] [--methods clg,clg-lr] [--sensitivity] [--thresholds 0.3,0.55,0.8]
                          [--por 0.5,0.7,0.9] [--no-fallback] [--out DIR]

The sensitivity runs read the six held-out folders only.

Every page is laid out (no stylesheets: the datasets hold none), so the area metric is the
union of the laid-out text lines of the output against that of the gold text. SH is the
F1 of the SH scorer as `webclip-lab eval` prints it; area P, R and F1 are means over pages.
`fb` counts the pages a method handed to its fallback (`auto`: nothing scored above the
threshold, or no layout); with --no-fallback those pages score as empty outputs, as the
paper's tables do (`webclip-lab eval --no-fallback`).
"""
import argparse
import csv
import os
import subprocess
import sys

FOLDERS = ["wcxb", "readability", "dragnet", "l3s-gn1", "cleaneval", "cleanportaleval", "utomo-big9", "canola"]
TRAINING = {"wcxb", "readability"}
METHODS = ["clg", "clg-lr", "clg-lr-a", "clg-svm", "clg-svm-a", "mss", "clg-plus", "auto"]


def run(args, name, extra, folders=FOLDERS):
    if args.no_fallback:
        name, extra = name + "-nofallback", [*extra, "--no-fallback"]
    path = os.path.join(args.out, name + ".csv")
    if not os.path.exists(path):
        cmd = [args.bin, "eval", *[os.path.join(args.data, f) for f in folders], "--layout", "--jobs", str(args.jobs),
               "--out", path, *extra]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return load(path)


def load(path):
    folders = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            folders.setdefault(row["dataset"], []).append(row)
    out = {}
    for name, rows in folders.items():
        # As `webclip-lab eval` summarises SH: mean page precision (pages with output) and mean
        # page recall (pages with truth), then their F1.
        c = [(int(x["sh_tp"]), int(x["sh_fp"]), int(x["sh_fn"])) for x in rows]
        ps = [tp / (tp + fp) for tp, fp, _ in c if tp + fp]
        rs = [tp / (tp + fn) for tp, _, fn in c if tp + fn]
        p = sum(ps) / max(len(ps), 1)
        r = sum(rs) / max(len(rs), 1)
        mean = lambda k, rs: sum(float(x[k]) for x in rs) / max(len(rs), 1)
        laid = [x for x in rows if x["area_f1"] != ""]
        out[name] = {
            "sh": (p, r, 2 * p * r / (p + r) if p + r else 0.0),
            "bow": mean("bow_f1", rows),
            "bigram": mean("bigram_f1", rows),
            "area": (mean("area_p", laid), mean("area_r", laid), mean("area_f1", laid)),
            "ms": mean("extract_ms", rows),
            "fallbacks": sum(1 for x in rows if x.get("fallback") == "1"),
            "pages": len(rows),
        }
    return out


def pct(x):
    return f"{100 * x:5.1f}"


def table(args):
    print("Per folder: SH P/R/F1, BoW F1, bigram F1, area P/R/F1 (laid-out text), ms per page with layout,")
    print("fb: pages answered by the fallback" + (" (scored as empty outputs)" if args.no_fallback else " (auto)"))
    methods = args.methods.split(",") if args.methods else METHODS
    results = {m: run(args, m, ["--method", m]) for m in methods}
    for folder in FOLDERS:
        print(f"\n{folder}{' (trains the shipped models)' if folder in TRAINING else ''}")
        print(f"{'method':<10} {'SH P/R/F1':^19} {'BoW':>5} {'bigr':>5} {'area P/R/F1':^19} {'ms':>6} {'fb':>4}")
        for m in methods:
            r = results[m].get(folder)
            if r:
                sh, area = r["sh"], r["area"]
                print(f"{m:<10} {pct(sh[0])}/{pct(sh[1])}/{pct(sh[2])} {pct(r['bow'])} {pct(r['bigram'])} "
                      f"{pct(area[0])}/{pct(area[1])}/{pct(area[2])} {r['ms']:6.1f} {r['fallbacks']:>4}")
    print("\nHeld-out macro (6 folders that train nothing): SH F1, area F1, fallbacks / pages")
    for m in methods:
        held = [results[m][f] for f in FOLDERS if f not in TRAINING and f in results[m]]
        sh = sum(r["sh"][2] for r in held) / len(held)
        area = sum(r["area"][2] for r in held) / len(held)
        fb, pages = sum(r["fallbacks"] for r in held), sum(r["pages"] for r in held)
        print(f"{m:<10} SH {pct(sh)}  area {pct(area)}  fallbacks {fb} / {pages}")


def stages(args):
    print("\nStages (held-out macro; area P/R/F1, SH F1): learning alone (LR), + grouping, + refining, + title check")
    rows = [
        ("LR (learning only)", "clg-lr", ["--method", "clg-lr"]),
        ("+ grouping, best group", "clg-noref-notitle", ["--method", "clg", "--no-refine", "--no-title-check"]),
        ("+ refining", "clg-notitle", ["--method", "clg", "--no-title-check"]),
        ("+ title check (CLG)", "clg", ["--method", "clg"]),
    ]
    for label, name, extra in rows:
        res = run(args, name, extra)
        held = [res[f] for f in FOLDERS if f not in TRAINING and f in res]
        m = lambda key, k: pct(sum(r[key][k] for r in held) / len(held))
        fb = sum(r["fallbacks"] for r in held)
        print(f"{label:<24} area {m('area', 0)}/{m('area', 1)}/{m('area', 2)}  SH F1 {m('sh', 2)}  fallbacks {fb}")


def sensitivity(args):
    def macro(res, key, k):
        held = [res[f] for f in held_out if f in res]
        return sum(r[key][k] for r in held) / len(held)

    def fallbacks(res):
        return sum(res[f]["fallbacks"] for f in held_out if f in res)

    held_out = args.sensitivity_folders.split(",") if args.sensitivity_folders else [
        f for f in FOLDERS if f not in TRAINING]
    print(f"\nSensitivity on {', '.join(held_out)}")
    print("\nFigures 13-14: score threshold (held-out macro; CLG area P/R, F1 of LR and CLG by area and SH)")
    print(f"{'threshold':>9} {'CLG area P':>10} {'CLG area R':>10} {'LR area F1':>10} {'CLG area F1':>11} "
          f"{'LR SH F1':>9} {'CLG SH F1':>9} {'fb LR':>6} {'fb CLG':>6}")
    # Only held-out folders are read (--sensitivity-folders picks fewer, to save time; the
    # macro is then over those).
    for t in map(float, args.thresholds.split(",")):
        clg = run(args, f"clg-t{t}", ["--method", "clg", "--clg-threshold", str(t)], held_out)
        lr = run(args, f"clg-lr-t{t}", ["--method", "clg-lr", "--clg-threshold", str(t)], held_out)
        print(f"{t:>9} {pct(macro(clg, 'area', 0)):>10} {pct(macro(clg, 'area', 1)):>10} {pct(macro(lr, 'area', 2)):>10} "
              f"{pct(macro(clg, 'area', 2)):>11} {pct(macro(lr, 'sh', 2)):>9} {pct(macro(clg, 'sh', 2)):>9} "
              f"{fallbacks(lr):>6} {fallbacks(clg):>6}")
    print("\nFigure 15: projection overlap ratio threshold T (held-out macro, CLG)")
    print(f"{'T':>5} {'area P':>7} {'area R':>7} {'area F1':>7} {'SH F1':>6} {'fb':>5}")
    for t in map(float, args.por.split(",")):
        clg = run(args, f"clg-por{t}", ["--method", "clg", "--clg-por", str(t)], held_out)
        print(f"{t:>5} {pct(macro(clg, 'area', 0)):>7} {pct(macro(clg, 'area', 1)):>7} {pct(macro(clg, 'area', 2)):>7} "
              f"{pct(macro(clg, 'sh', 2)):>6} {fallbacks(clg):>5}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/webclip-lab")
    ap.add_argument("--data", default="../shared/data")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default="target/clg-tables", help="CSV cache: delete it to measure again")
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--methods", help="comma-separated methods of the table (default: all)")
    ap.add_argument("--thresholds", default="0.3,0.4,0.5,0.55,0.6,0.7,0.8", help="score thresholds (Figures 13-14)")
    ap.add_argument("--por", default="0.5,0.6,0.7,0.8,0.9", help="projection overlap thresholds T (Figure 15)")
    ap.add_argument("--sensitivity-folders", help="comma-separated held-out folders of the sensitivity runs")
    ap.add_argument("--sensitivity", action="store_true")
    ap.add_argument("--no-fallback", action="store_true",
                    help="score pages a method hands to its fallback as empty outputs (the paper's tables)")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not (args.table or args.sensitivity):
        args.table = args.sensitivity = True
    if args.table:
        table(args)
        stages(args)
    if args.sensitivity:
        sensitivity(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
