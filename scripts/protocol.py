#!/usr/bin/env python3
"""The honest generalization protocol: score a candidate build of webclip ("new") against a
base build on every labeled folder of ../shared/data and say whether the change is progress.

Only wcxb and readability train the shipped model (the in-sample folders); the other six are
held out. A change is "progress" only if the macro-average over the held-out folders improves
and no folder is significantly worse (95% paired bootstrap interval of the delta below 0).

    scripts/protocol.py --base OLD/webclip-lab --new target/release/webclip-lab
    scripts/protocol.py --base B --new B --base-args "--favor balanced" --new-args "--favor precision"
    scripts/protocol.py --base-csv old.csv --new-csv new.csv        # reuse saved `eval --out` CSVs

Per-folder figures are computed from the per-page CSV rows of `webclip-lab eval --out` exactly as
`webclip_lab::metrics::summarize` does (and are checked against the printed eval table when
the script runs the binaries):
  - SH: P = mean of tp/(tp+fp) over pages with tp+fp > 0, R = mean of tp/(tp+fn) over pages
    with tp+fn > 0, F1 = 2PR/(P+R) of those means (not micro-summed, not a mean of page F1s);
  - BoW, bigram: means of the per-page P, R, F1 (F1 = mean of page F1s);
  - snippets: tp, fp, fn summed over pages (micro), then P, R, F1.
Bootstrap: B resamples (default 1000) of the pages of each folder, drawn with a fixed seed per
folder, the same page indices for base and new (pages are paired by id); macro-averages
resample within each folder and then average the folders.

Standard library only (Python 3.11).
"""

import argparse
import csv
import json
import math
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
import zlib
from operator import itemgetter

ALL_FOLDERS = ["wcxb", "readability", "dragnet", "l3s-gn1", "cleaneval", "cleanportaleval", "utomo-big9", "canola"]
IN_SAMPLE = ["wcxb", "readability"]
CSV_HEADER = (
    "dataset,id,sh_tp,sh_fp,sh_fn,bow_p,bow_r,bow_f1,bigram_p,bigram_r,bigram_f1,"
    "snip_tp,snip_fp,snip_fn,out_chars,truth_chars,extract_ms,error"
).split(",")
# Fields that decide a page's scores (two runs with equal values here scored the page alike).
SCORE_FIELDS = ["sh_tp", "sh_fp", "sh_fn", "bow_p", "bow_r", "bow_f1", "bigram_p", "bigram_r", "bigram_f1",
                "snip_tp", "snip_fp", "snip_fn"]
FAMILIES = ["sh", "bow", "bigram", "snippets"]
FAMILY_NAME = {"sh": "SH", "bow": "BoW", "bigram": "bigram", "snippets": "snippets"}
# Every metric the script can report: family plus p, r or f1. "sh" alone means sh_f1.
METRIC_CHOICES = [f"{f}{s}" for f in FAMILIES for s in ("", "_p", "_r", "_f1")]
# Per-page quantities summed in each resample.
QUANTS = ["sh_pv", "sh_pi", "sh_rv", "sh_ri", "bow_p", "bow_r", "bow_f1", "bigram_p", "bigram_r", "bigram_f1",
          "snip_tp", "snip_fp", "snip_fn"]


def canon_metric(m):
    return m if m.endswith(("_p", "_r", "_f1")) else m + "_f1"


def metric_label(m):
    fam, part = m.rsplit("_", 1)
    return f"{FAMILY_NAME[fam]} {part.upper() if part != 'f1' else 'F1'}"


def f1(p, r):
    return 0.0 if p + r == 0.0 else 2.0 * p * r / (p + r)


# ---------------------------------------------------------------------------------------------
# Reading CSVs


class Page:
    __slots__ = ["id", "v", "out_chars", "truth_chars", "ms", "error", "key"]

    def __init__(self, row):
        self.id = row["id"]
        self.v = {}
        for k in ("sh_tp", "sh_fp", "sh_fn", "snip_tp", "snip_fp", "snip_fn"):
            self.v[k] = int(row[k])
        for k in ("bow_p", "bow_r", "bow_f1", "bigram_p", "bigram_r", "bigram_f1"):
            self.v[k] = float(row[k])
        self.out_chars = int(row["out_chars"])
        self.truth_chars = int(row["truth_chars"])
        self.ms = float(row["extract_ms"] or 0)
        self.error = (row.get("error") or "").strip()
        self.key = tuple(row[k] for k in SCORE_FIELDS) + (bool(self.error),)


def read_csv(path):
    """{folder: [Page]} in file order, and a list of warnings."""
    warnings = []
    folders = {}
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames or []
        missing = [c for c in CSV_HEADER if c not in header]
        if missing:
            raise SystemExit(f"protocol: {path}: not a `webclip-lab eval --out` CSV (missing columns {missing})")
        # The area columns are there when the eval laid pages out (`--layout`), and the
        # fallback column (pages a method handed to `auto`) in newer builds; neither is scored here.
        if [c for c in header if c not in ("area_p", "area_r", "area_f1", "fallback")] != CSV_HEADER:
            warnings.append(f"{path}: header differs from the expected one: {','.join(header)}")
        for n, row in enumerate(reader, start=2):
            if None in row or any(v is None for v in row.values()):
                warnings.append(f"{path}:{n}: {len(header)} columns expected; row skipped: {row}")
                continue
            try:
                page = Page(row)
            except ValueError as e:
                warnings.append(f"{path}:{n}: unreadable row skipped ({e})")
                continue
            folders.setdefault(row["dataset"], []).append(page)
    for name, pages in folders.items():
        ids = [p.id for p in pages]
        if len(set(ids)) != len(ids):
            warnings.append(f"{path}: folder {name} has repeated page ids; later rows replace earlier ones")
    return folders, warnings


def snippet_ids(data_dir, folder):
    """Ids of the folder's pages that have snippet lists (`with` or `without` not null), or
    None when pages.jsonl cannot be read. The CSV writes 0,0,0 both for a page without lists
    and for a page whose lists are empty, so the lists themselves decide whether a folder
    "has snippets" (as `summarize` does)."""
    path = os.path.join(data_dir, folder, "pages.jsonl")
    try:
        ids = set()
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                if r.get("with") is not None or r.get("without") is not None:
                    ids.add(str(r.get("id")))
        return ids
    except (OSError, ValueError):
        return None


# ---------------------------------------------------------------------------------------------
# Running the binary


def run_eval(side, binary, dirs, jobs, limit, extra, csv_path, log_path):
    if os.path.exists(binary):
        binary = os.path.abspath(binary)  # a bare name in the current folder, not on PATH
    cmd = [binary, "eval", *dirs, "--jobs", str(jobs), "--out", csv_path]
    if limit is not None:
        cmd += ["--limit", str(limit)]
    cmd += extra
    print(f"[{side}] {shlex.join(cmd)}", file=sys.stderr, flush=True)
    t0 = time.time()
    lines = []
    with open(log_path, "w", encoding="utf-8") as err:
        try:
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, text=True, encoding="utf-8",
                                    errors="replace")
        except OSError as e:
            raise SystemExit(f"protocol: cannot run {binary}: {e}")
        for line in proc.stdout:
            lines.append(line)
            print(f"[{side}] {line}", end="", file=sys.stderr, flush=True)
        code = proc.wait()
    if code != 0:
        with open(log_path, encoding="utf-8", errors="replace") as f:
            tail = f.read()[-2000:]
        raise SystemExit(f"protocol: {side} eval exited with {code}:\n{tail}")
    if not os.path.exists(csv_path) or os.path.getsize(csv_path) == 0:
        raise SystemExit(f"protocol: {side} eval wrote no CSV (--group-by writes none: it is not supported here)")
    print(f"[{side}] done in {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    return "".join(lines), cmd


TRIPLE = re.compile(r"(\d+\.\d)\s*/\s*(\d+\.\d)\s*/\s*(\d+\.\d)")


def parse_table(stdout):
    """{folder: {"pages", "fail", "sh": (p,r,f1), "bow", "bigram", "snippets" or None}} from the
    table `webclip-lab eval` prints (values in %)."""
    out = {}
    header_seen = False
    for line in stdout.splitlines():
        if line.startswith("dataset") and "SH P/R/F1" in line:
            header_seen = True
            continue
        if not header_seen:
            continue
        if line.startswith(("metadata", "failed pages")):
            break
        m = re.match(r"^(\S+)\s+(\d+)\s+(\d+)\s+(.*)$", line)
        if not m:
            continue
        triples = [tuple(float(x) for x in t) for t in TRIPLE.findall(m.group(4))]
        if len(triples) < 3:
            continue
        out[m.group(1)] = {
            "pages": int(m.group(2)),
            "fail": int(m.group(3)),
            "sh": triples[0],
            "bow": triples[1],
            "bigram": triples[2],
            "snippets": triples[3] if len(triples) > 3 else None,
        }
    return out


def method_line(stdout):
    for line in stdout.splitlines():
        if line.startswith("method "):
            return line.strip()
    return ""


# ---------------------------------------------------------------------------------------------
# Figures


def page_quants(pages, snip_pages):
    """Per-page arrays of the quantities summed in a resample."""
    q = {k: [] for k in QUANTS}
    for p, has_snip in zip(pages, snip_pages):
        v = p.v
        tp, fp, fn = v["sh_tp"], v["sh_fp"], v["sh_fn"]
        q["sh_pv"].append(tp / (tp + fp) if tp + fp > 0 else 0.0)
        q["sh_pi"].append(1 if tp + fp > 0 else 0)
        q["sh_rv"].append(tp / (tp + fn) if tp + fn > 0 else 0.0)
        q["sh_ri"].append(1 if tp + fn > 0 else 0)
        for k in ("bow_p", "bow_r", "bow_f1", "bigram_p", "bigram_r", "bigram_f1"):
            q[k].append(v[k])
        for k in ("snip_tp", "snip_fp", "snip_fn"):
            q[k].append(v[k] if has_snip else 0)
    return q


def metrics_from_sums(s, n, has_snip):
    """Every metric from summed quantities, as `summarize` computes it."""
    m = {}
    sp = s["sh_pv"] / s["sh_pi"] if s["sh_pi"] else 0.0
    sr = s["sh_rv"] / s["sh_ri"] if s["sh_ri"] else 0.0
    m["sh_p"], m["sh_r"], m["sh_f1"] = sp, sr, f1(sp, sr)
    for fam in ("bow", "bigram"):
        for part in ("p", "r", "f1"):
            m[f"{fam}_{part}"] = s[f"{fam}_{part}"] / n if n else 0.0
    if has_snip:
        tp, fp, fn = s["snip_tp"], s["snip_fp"], s["snip_fn"]
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        m["snippets_p"], m["snippets_r"], m["snippets_f1"] = p, r, f1(p, r)
    return m


def sums(q, getter):
    if getter is None:
        return {k: sum(a) for k, a in q.items()}
    return {k: sum(getter(a)) for k, a in q.items()}


def quantile(sorted_vals, x):
    if not sorted_vals:
        return float("nan")
    pos = x * (len(sorted_vals) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (pos - lo)


def interval(deltas):
    s = sorted(deltas)
    return [quantile(s, 0.025), quantile(s, 0.975)]


def significance(point, ci, identical=False):
    if identical:
        return "same"
    if ci[0] > 0:
        return "better"
    if ci[1] < 0:
        return "worse"
    return "n.s."


def folder_seed(seed, name):
    return (seed * 1_000_003 + zlib.crc32(name.encode("utf-8"))) & 0xFFFFFFFF


# ---------------------------------------------------------------------------------------------
# Formatting


def pc(x, width=5):
    return "-".center(width) if x is None else f"{100 * x:{width}.1f}"


def dpc(x, width=6):
    return "-".center(width) if x is None else f"{100 * x:+{width}.2f}"


def ci_str(ci):
    return "-" if ci is None else f"[{100 * ci[0]:+.2f}, {100 * ci[1]:+.2f}]"


def md_escape(s):
    return s.replace("|", "\\|")


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(
        description="Score a candidate webclip build (--new) against a base build on every labeled folder; "
                    "held-out macro-average, paired bootstrap intervals, leave-one-folder-out check, verdict.",
        epilog="Extra eval flags that are a single word need the = form: --args=--prepend-title.")
    ap.add_argument("--base", metavar="BIN", help="base webclip binary")
    ap.add_argument("--new", metavar="BIN", help="candidate webclip binary")
    ap.add_argument("--base-csv", metavar="FILE", help="reuse a saved `webclip-lab eval --out` CSV for the base")
    ap.add_argument("--new-csv", metavar="FILE", help="reuse a saved `webclip-lab eval --out` CSV for the candidate")
    default_data = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data"))
    ap.add_argument("--data", metavar="DIR", default=default_data, help="dataset root (default: ../shared/data beside the repo)")
    ap.add_argument("--folders", default=",".join(ALL_FOLDERS),
                    help="comma-separated folders (default: all 8)")
    ap.add_argument("--in-sample", default=",".join(IN_SAMPLE),
                    help="folders that train the shipped model, left out of the held-out macro (default %(default)s)")
    ap.add_argument("--args", default="", metavar="FLAGS", help='extra eval flags for both sides, e.g. "--method cnr"')
    ap.add_argument("--base-args", default="", metavar="FLAGS", help="extra eval flags for the base only")
    ap.add_argument("--new-args", default="", metavar="FLAGS", help="extra eval flags for the candidate only")
    ap.add_argument("--jobs", type=int, default=2, help="eval worker threads (default %(default)s)")
    ap.add_argument("--limit", type=int, metavar="N", help="only the first N pages of each folder")
    ap.add_argument("--save", metavar="DIR", help="keep base.csv, new.csv and the eval outputs here")
    ap.add_argument("--metric", default="sh", choices=METRIC_CHOICES,
                    help="headline metric for the intervals and the verdict (default sh = SH F1)")
    ap.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples (default %(default)s)")
    ap.add_argument("--seed", type=int, default=12345, help="bootstrap seed (default %(default)s)")
    ap.add_argument("--json", metavar="FILE", help="write every figure to this JSON file")
    a = ap.parse_args()

    headline = canon_metric(a.metric)
    folders = [f.strip() for f in a.folders.split(",") if f.strip()]
    in_sample_names = {f.strip() for f in a.in_sample.split(",") if f.strip()}
    for side, binary, csv_file in (("base", a.base, a.base_csv), ("new", a.new, a.new_csv)):
        if (binary is None) == (csv_file is None):
            ap.error(f"give exactly one of --{side} BIN and --{side}-csv FILE")
    if a.resamples < 1:
        ap.error("--resamples must be at least 1")

    work = a.save
    if work:
        os.makedirs(work, exist_ok=True)
    elif a.base or a.new:
        work = tempfile.mkdtemp(prefix="webclip-protocol-")
    warnings = []
    sides = {}
    for side, binary, csv_file, side_args in (("base", a.base, a.base_csv, a.base_args),
                                               ("new", a.new, a.new_csv, a.new_args)):
        info = {"binary": binary, "csv": csv_file, "args": shlex.split(a.args) + shlex.split(side_args)}
        if binary:
            dirs = []
            for f in folders:
                d = os.path.join(a.data, f)
                if not os.path.exists(os.path.join(d, "pages.jsonl")):
                    raise SystemExit(f"protocol: {d}: no pages.jsonl")
                dirs.append(d)
            csv_path = os.path.join(work, f"{side}.csv")
            stdout, cmd = run_eval(side, binary, dirs, a.jobs, a.limit, info["args"], csv_path,
                                   os.path.join(work, f"{side}.stderr.txt"))
            with open(os.path.join(work, f"{side}.stdout.txt"), "w", encoding="utf-8") as f:
                f.write("$ " + shlex.join(cmd) + "\n" + stdout)
            info.update(csv=csv_path, command=shlex.join(cmd), method=method_line(stdout), table=parse_table(stdout))
        else:
            if info["args"]:
                warnings.append(f"{side}: eval flags ignored with --{side}-csv")
            info.update(command=None, method="", table=None)
        data, w = read_csv(info["csv"])
        warnings += [f"{side}: {x}" for x in w]
        info["data"] = data
        sides[side] = info
    if work and not a.save:
        print(f"(eval outputs in {work})", file=sys.stderr)

    # ---- pair pages per folder
    results = {}
    for name in folders:
        bp = sides["base"]["data"].get(name)
        npg = sides["new"]["data"].get(name)
        if not bp or not npg:
            warnings.append(f"{name}: no rows in the {'base' if not bp else 'new'} CSV; folder skipped")
            continue
        if a.limit is not None:
            bp, npg = bp[: a.limit], npg[: a.limit]
        nmap = {p.id: p for p in npg}
        bmap = {p.id: p for p in bp}
        ids = [p.id for p in bp if p.id in nmap]
        ids = list(dict.fromkeys(ids))
        if len(ids) != len(bmap) or len(ids) != len(nmap):
            warnings.append(f"{name}: base has {len(bmap)} pages, new {len(nmap)}; {len(ids)} paired pages compared "
                            "(figures differ from the eval table)")
        if not ids:
            continue
        sn = snippet_ids(a.data, name)
        if sn is None:
            # No pages.jsonl: a folder has snippets if any page counted one.
            has = any(sum(bmap[i].v[k] + nmap[i].v[k] for k in ("snip_tp", "snip_fp", "snip_fn")) for i in ids)
            snip_pages = [has] * len(ids)
        else:
            snip_pages = [i in sn for i in ids]
        has_snip = any(snip_pages)
        pb = [bmap[i] for i in ids]
        pn = [nmap[i] for i in ids]
        results[name] = {"ids": ids, "base_pages": pb, "new_pages": pn, "has_snip": has_snip,
                         "qb": page_quants(pb, snip_pages), "qn": page_quants(pn, snip_pages)}

    if not results:
        raise SystemExit("protocol: no folder to compare")

    metric_names = [f"{f}_{p}" for f in FAMILIES for p in ("p", "r", "f1")]

    # ---- point figures, per-folder bootstrap
    B = a.resamples
    for name, r in results.items():
        n = len(r["ids"])
        mb = metrics_from_sums(sums(r["qb"], None), n, r["has_snip"])
        mn = metrics_from_sums(sums(r["qn"], None), n, r["has_snip"])
        r["base"], r["new"] = mb, mn
        r["metrics"] = [m for m in metric_names if m in mb]
        r["identical"] = all(x.key == y.key for x, y in zip(r["base_pages"], r["new_pages"]))
        boot = {m: [] for m in r["metrics"]}
        rng = random.Random(folder_seed(a.seed, name))
        population = range(n)
        for _ in range(B):
            idx = rng.choices(population, k=n)
            getter = itemgetter(*idx) if n > 1 else (lambda arr, i=idx[0]: (arr[i],))
            bb = metrics_from_sums(sums(r["qb"], getter), n, r["has_snip"])
            bn = metrics_from_sums(sums(r["qn"], getter), n, r["has_snip"])
            for m in r["metrics"]:
                boot[m].append(bn[m] - bb[m])
        r["boot"] = boot
        r["delta"] = {m: mn[m] - mb[m] for m in r["metrics"]}
        r["ci"] = {m: interval(boot[m]) for m in r["metrics"]}
        r["sig"] = {m: significance(r["delta"][m], r["ci"][m], r["identical"]) for m in r["metrics"]}
        r["empty"] = [sum(1 for p in ps if p.out_chars == 0 and p.truth_chars > 0) for ps in (r["base_pages"], r["new_pages"])]
        r["failed"] = [sum(1 for p in ps if p.error) for ps in (r["base_pages"], r["new_pages"])]
        r["ms"] = [sum(p.ms for p in ps) / n for ps in (r["base_pages"], r["new_pages"])]
        r["changed_pages"] = sum(1 for x, y in zip(r["base_pages"], r["new_pages"]) if x.key != y.key)

    # ---- check against the printed eval tables
    checks = []
    for side in ("base", "new"):
        table = sides[side]["table"]
        if table is None:
            continue
        bad = []
        for name, r in results.items():
            t = table.get(name)
            if t is None:
                bad.append(f"{name}: not in the eval table")
                continue
            ours = r[side]
            if t["pages"] != len(r["ids"]):
                bad.append(f"{name}: eval table says {t['pages']} pages, {len(r['ids'])} paired")
            for fam in FAMILIES:
                printed = t[fam]
                if printed is None:
                    if f"{fam}_f1" in ours:
                        bad.append(f"{name} {fam}: table has none, script has figures")
                    continue
                if f"{fam}_f1" not in ours:
                    bad.append(f"{name} {fam}: table has figures, script none")
                    continue
                for part, pv in zip(("p", "r", "f1"), printed):
                    # 0.05 from the table's rounding, a little more for the CSV's 4-decimal page values
                    if abs(100 * ours[f"{fam}_{part}"] - pv) > 0.051 + (0.01 if fam in ("bow", "bigram") else 1e-6):
                        bad.append(f"{name} {fam}_{part}: table {pv:.1f}, script {100 * ours[f'{fam}_{part}']:.3f}")
        checks.append((side, bad))
        for b in bad:
            warnings.append(f"{side}: eval-table check: {b}")

    # ---- macro-averages
    def macro(names, metric):
        names = [x for x in names if metric in results[x]["metrics"]]
        if not names:
            return None
        k = len(names)
        base = sum(results[x]["base"][metric] for x in names) / k
        new = sum(results[x]["new"][metric] for x in names) / k
        boot = [sum(results[x]["boot"][metric][b] for x in names) / k for b in range(B)]
        ci = interval(boot)
        identical = all(results[x]["identical"] for x in names)
        delta = new - base
        return {"folders": names, "base": base, "new": new, "delta": delta, "ci": ci,
                "sig": significance(delta, ci, identical)}

    held_out = [x for x in results if x not in in_sample_names]
    in_sample = [x for x in results if x in in_sample_names]
    macros = {"held_out": {m: macro(held_out, m) for m in metric_names},
              "in_sample": {m: macro(in_sample, m) for m in metric_names}}

    loo = []
    for x in held_out:
        others = [y for y in held_out if y != x]
        mm = macro(others, headline) if others else None
        if mm is None:
            continue
        loo.append({"left_out": x, **mm,
                    "helps": mm["delta"] > 0, "confirmed": mm["ci"][0] > 0})

    # ---- verdict
    all_identical = all(r["identical"] for r in results.values())
    ho = macros["held_out"][headline]
    worse = [x for x, r in results.items() if headline in r["sig"] and r["sig"][headline] == "worse"]
    if all_identical:
        verdict, reason = "no change", "every page scored identically"
    elif ho is None:
        verdict, reason = "undecided", f"no held-out folder has {metric_label(headline)}"
    elif ho["delta"] > 0 and not worse:
        verdict = "progress"
        strength = "interval excludes 0" if ho["ci"][0] > 0 else "interval includes 0: weak"
        helps = sum(1 for l in loo if l["helps"])
        reason = (f"held-out macro {metric_label(headline)} {dpc(ho['delta']).strip()} points ({strength}); "
                  f"no folder significantly worse; leave-one-out helps {helps}/{len(loo)}")
    else:
        verdict = "not progress"
        parts = []
        if ho["delta"] <= 0:
            parts.append(f"held-out macro {metric_label(headline)} {dpc(ho['delta']).strip()} points")
        if worse:
            parts.append("significantly worse on " + ", ".join(worse))
        reason = "; ".join(parts)

    # ---- report
    out = []
    P = out.append
    P("# webclip honest generalization protocol")
    for side in ("base", "new"):
        s = sides[side]
        src = s["command"] or f"CSV {s['csv']}"
        P(f"{side:<4}: {src}")
        if s["method"]:
            P(f"      {s['method']}")
    P(f"headline: {metric_label(headline)}; {B} paired page resamples per folder, seed {a.seed}; "
      f"figures in %, deltas in points; in-sample: {', '.join(in_sample) or '-'}")
    P("")
    hdr = (f"{'folder':<16} {'pages':>5} {'chg':>4}  {'SH F1 b/n':^11} {'Δ':>6}  {'BoW F1 b/n':^11} {'Δ':>6}  "
           f"{'bigram b/n':^11} {'Δ':>6}  {'snip F1 b/n':^11} {'Δ':>6}  {'empty b/n':>9} {'fail b/n':>8}  "
           f"{'ms/page b/n':>11}")
    P(hdr)
    for name, r in results.items():
        cells = []
        for fam in FAMILIES:
            m = f"{fam}_f1"
            if m in r["metrics"]:
                cells.append(f"{pc(r['base'][m])}/{pc(r['new'][m])} {dpc(r['delta'][m])}")
            else:
                cells.append(f"{'-':^11} {'':>6}")
        tag = "" if name not in in_sample_names else " *"
        P(f"{name + tag:<16} {len(r['ids']):>5} {r['changed_pages']:>4}  " + "  ".join(cells)
          + f"  {r['empty'][0]:>4}/{r['empty'][1]:<4} {r['failed'][0]:>3}/{r['failed'][1]:<4}"
          + f"  {r['ms'][0]:>5.1f}/{r['ms'][1]:<5.1f}")
    P("(* in-sample; chg = pages whose scores changed; empty = no output where the truth has text)")
    P("")
    P(f"{metric_label(headline)} delta, 95% paired bootstrap interval:")
    for name, r in results.items():
        if headline not in r["metrics"]:
            P(f"  {name:<16} -")
            continue
        P(f"  {name:<16} {pc(r['base'][headline])} -> {pc(r['new'][headline])}  {dpc(r['delta'][headline])}  "
          f"{ci_str(r['ci'][headline]):<18} {r['sig'][headline]}")
    P("")
    for label, key in (("held-out macro-average", "held_out"), ("in-sample macro-average", "in_sample")):
        group = held_out if key == "held_out" else in_sample
        P(f"{label} ({len(group)} folder{'s' if len(group) != 1 else ''}: {', '.join(group) or '-'}):")
        for m in metric_names:
            mm = macros[key][m]
            if mm is None or (not m.endswith("_f1") and m != headline):
                continue
            mark = " <- headline" if m == headline else ""
            P(f"  {metric_label(m):<12} {pc(mm['base'])} -> {pc(mm['new'])}  {dpc(mm['delta'])}  "
              f"{ci_str(mm['ci']):<18} {mm['sig']}{mark}")
        P("")
    if loo:
        P(f"leave one folder out ({metric_label(headline)}, macro of the other {len(held_out) - 1} held-out folders):")
        for l in loo:
            word = "no change" if l["sig"] == "same" else ("helps" if l["helps"] else "does not help")
            conf = " (interval excludes 0)" if l["confirmed"] else (" (interval below 0)" if l["ci"][1] < 0 else "")
            P(f"  without {l['left_out']:<16} {dpc(l['delta'])}  {ci_str(l['ci']):<18} {word}{conf}")
        helps = [l["left_out"] for l in loo if l["helps"]]
        if all(l["sig"] == "same" for l in loo):
            P("leave-one-out: no change")
        else:
            P(f"leave-one-out: helps the other folders in {len(helps)}/{len(loo)} cases"
              + ("" if len(helps) in (0, len(loo)) else
                 f"; not without {', '.join(l['left_out'] for l in loo if not l['helps'])}"))
        P("")
    total_fail = [sum(r["failed"][i] for r in results.values()) for i in (0, 1)]
    total_empty = [sum(r["empty"][i] for r in results.values()) for i in (0, 1)]
    P(f"empty outputs: base {total_empty[0]}, new {total_empty[1]}; failed pages: base {total_fail[0]}, new {total_fail[1]}")
    for side, bad in checks:
        P(f"eval-table check ({side}): " + ("figures match the table webclip printed" if not bad
                                           else f"{len(bad)} mismatch(es), see warnings"))
    P(f"VERDICT: {verdict} — {reason}")
    print("\n".join(out))

    # ---- markdown
    hl = metric_label(headline)
    md = []
    md.append(f"| folder | pages | {hl} base → new | Δ {hl} [95% CI] | "
              + " | ".join(f"Δ {FAMILY_NAME[f]} F1" for f in FAMILIES if f"{f}_f1" != headline)
              + " | empty b→n | failed b→n |")
    ncols = 6 + sum(1 for f in FAMILIES if f"{f}_f1" != headline)
    md.append("|" + "|".join(["---"] * ncols) + "|")

    def md_row(label, pages, base, new, delta, ci, sig, others, empty, failed):
        mark = {"better": " ▲", "worse": " ▼"}.get(sig, "")
        hcell = "-" if base is None else f"{pc(base).strip()} → {pc(new).strip()}"
        dcell = "-" if delta is None else f"{dpc(delta).strip()} {ci_str(ci)}{mark}"
        return f"| {label} | {pages} | {hcell} | {dcell} | " + " | ".join(others) + f" | {empty} | {failed} |"

    for name, r in results.items():
        others = [dpc(r["delta"][f"{f}_f1"]).strip() if f"{f}_f1" in r["metrics"] else "-"
                  for f in FAMILIES if f"{f}_f1" != headline]
        h = headline in r["metrics"]
        md.append(md_row(md_escape(name) + (" (in-sample)" if name in in_sample_names else ""), len(r["ids"]),
                         r["base"][headline] if h else None, r["new"][headline] if h else None,
                         r["delta"][headline] if h else None, r["ci"].get(headline), r["sig"].get(headline),
                         others, f"{r['empty'][0]} → {r['empty'][1]}", f"{r['failed'][0]} → {r['failed'][1]}"))
    for label, key, group in (("**held-out macro**", "held_out", held_out), ("in-sample macro", "in_sample", in_sample)):
        mm = macros[key][headline]
        if not group:
            continue
        others = [dpc(macros[key][f"{f}_f1"]["delta"]).strip() if macros[key][f"{f}_f1"] else "-"
                  for f in FAMILIES if f"{f}_f1" != headline]
        md.append(md_row(f"{label} ({len(group)})", sum(len(results[x]["ids"]) for x in group),
                         mm["base"] if mm else None, mm["new"] if mm else None, mm["delta"] if mm else None,
                         mm["ci"] if mm else None, mm["sig"] if mm else None, others,
                         f"{sum(results[x]['empty'][0] for x in group)} → {sum(results[x]['empty'][1] for x in group)}",
                         f"{sum(results[x]['failed'][0] for x in group)} → {sum(results[x]['failed'][1] for x in group)}"))
    md.append("")
    if loo and all(l["sig"] == "same" for l in loo):
        md.append("Leave one folder out: no change.")
    elif loo:
        md.append(f"Leave one folder out: the change helps the macro {hl} of the other held-out folders in "
                  f"{sum(1 for l in loo if l['helps'])}/{len(loo)} cases "
                  "(" + ", ".join(l["left_out"] + " " + dpc(l["delta"]).strip() for l in loo) + ").")
    md.append(f"**Verdict: {verdict}** — {reason}. ({B} paired page resamples per folder, seed {a.seed}; "
              f"▲/▼ = 95% interval above/below 0; in-sample = {', '.join(in_sample) or 'none'}.)")
    print("\n## markdown\n")
    print("\n".join(md))

    if warnings:
        print("\nwarnings:", file=sys.stderr)
        for w in warnings[:50]:
            print(f"  {w}", file=sys.stderr)
        if len(warnings) > 50:
            print(f"  ... {len(warnings) - 50} more", file=sys.stderr)

    if a.json:
        def side_info(s):
            return {k: s[k] for k in ("binary", "csv", "args", "command", "method")}

        doc = {
            "base": side_info(sides["base"]),
            "new": side_info(sides["new"]),
            "data": a.data,
            "limit": a.limit,
            "headline": headline,
            "resamples": B,
            "seed": a.seed,
            "in_sample": in_sample,
            "held_out": held_out,
            "folders": {
                name: {
                    "pages": len(r["ids"]),
                    "changed_pages": r["changed_pages"],
                    "identical": r["identical"],
                    "has_snippets": r["has_snip"],
                    "base": r["base"],
                    "new": r["new"],
                    "delta": r["delta"],
                    "ci95": r["ci"],
                    "significance": r["sig"],
                    "empty_outputs": {"base": r["empty"][0], "new": r["empty"][1]},
                    "failed_pages": {"base": r["failed"][0], "new": r["failed"][1]},
                    "mean_extract_ms": {"base": r["ms"][0], "new": r["ms"][1]},
                }
                for name, r in results.items()
            },
            "macro": {key: {m: v for m, v in d.items() if v is not None} for key, d in macros.items()},
            "leave_one_out": loo,
            "eval_table_check": {side: bad for side, bad in checks},
            "verdict": verdict,
            "reason": reason,
            "warnings": warnings,
            "markdown": "\n".join(md),
        }
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
