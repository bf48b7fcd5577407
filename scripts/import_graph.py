#!/usr/bin/env python3
"""The import graph of the webclip library's top-level modules, checked against its layers.

Reads every `crate::…` path in crates/webclip/src (in `use` lines and in code, tests left
out: `#[cfg(test)]` modules and `*tests.rs` files may reach anywhere), maps each file to its
top-level module and prints, for each module, the modules it imports from. The layers
(ARCHITECTURE.md, "What may import what") are listed below, earliest first, and the modules in
order within each: a module may import only from modules listed before it. Anything else (an
earlier module importing a later one, two modules importing each other) is a back-edge,
printed with the file and line; the exit status is 1 when there is one.

Usage: python3 scripts/import_graph.py [--dot]
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "crates" / "webclip" / "src"

# Earliest first. A module may import from its own layer and the layers before it.
LAYERS = [
    ("base", ["error", "input"]),
    (
        "document",
        ["dom", "parse", "limits", "visual", "selection", "stats", "leaves", "walk", "text", "facts", "document"]
        + ["learn", "classify"],
    ),
    ("methods", ["methods"]),
    ("article", ["article"]),
    ("output", ["output"]),
    # What to run, by name (the option table names every method's options), and the pipelines
    # that run it: one page, a multi-page article, the pages of a site.
    ("pipeline", ["options", "extract", "follow", "site"]),
    # The crate root's re-exports and the lab's hidden interface.
    ("front", ["lib", "lab"]),
]

# Modules are ordered within their layer too: a module imports only modules listed before it.
RANK = {m: i for i, m in enumerate(m for _, ms in LAYERS for m in ms)}
LAYER = {m: name for name, ms in LAYERS for m in ms}

PATH = re.compile(r"\bcrate::(\{[^}]*\}|[a-z_][a-z0-9_]*)")
USE_GROUP = re.compile(r"use\s+crate::\{")


def module_of(file: Path) -> str:
    rel = file.relative_to(SRC)
    return rel.parts[0][: -len(".rs")] if len(rel.parts) == 1 else rel.parts[0]


def strip_tests(text: str) -> str:
    """The file without its `#[cfg(test)]` items (a module or function, brace-matched)."""
    out, i = [], 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = text.find("{", j)
        semi = text.find(";", j)
        if k < 0 or (0 <= semi < k):
            i = semi + 1
            continue
        depth = 0
        while k < len(text):
            if text[k] == "{":
                depth += 1
            elif text[k] == "}":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1


def strip_comments(text: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in text.split("\n"))


def root_names() -> dict:
    """The crate root's re-exports (`crate::Article`, `crate::Result`): name -> module."""
    names = {}
    text = (SRC / "lib.rs").read_text()
    for m in re.finditer(r"^pub use (?:crate::)?([a-z_]+)::([^;]*);", text, re.M):
        module, rest = m.group(1), m.group(2)
        last = rest.rsplit("::", 1)[-1] if "{" not in rest else rest[rest.index("{") :]
        for name in re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", last):
            names[name] = module
    return names


ROOT = root_names()
ROOT_PATH = re.compile(r"\bcrate::([A-Z][A-Za-z0-9_]*)")


def targets(text: str):
    """(line number, imported top-level module) pairs of a file's `crate::` paths."""
    for n, line in enumerate(text.split("\n"), 1):
        for m in ROOT_PATH.finditer(line):
            if m.group(1) in ROOT:
                yield n, ROOT[m.group(1)]
        for m in PATH.finditer(line):
            what = m.group(1)
            if what.startswith("{"):
                for part in re.split(r"[,\s]+", what.strip("{}")):
                    head = part.split("::", 1)[0]
                    if head and head not in ("self",):
                        yield n, head
            else:
                yield n, what
    # A multi-line `use crate::{…};` group.
    for m in USE_GROUP.finditer(text):
        end = text.find("};", m.end())
        n = text.count("\n", 0, m.start()) + 1
        body = text[m.end() : end]
        depth, part, heads = 0, "", []
        for ch in body:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                heads.append(part)
                part = ""
                continue
            part += ch
        heads.append(part)
        for h in heads:
            head = h.strip().split("::", 1)[0].strip("{} \n")
            if head and "\n" in body:
                yield n, head


def main() -> int:
    edges = defaultdict(lambda: defaultdict(list))
    for file in sorted(SRC.rglob("*.rs")):
        if file.name.endswith("tests.rs"):
            continue
        src = module_of(file)
        text = strip_comments(strip_tests(file.read_text()))
        for n, dst in targets(text):
            if dst == src or dst not in RANK:
                continue
            edges[src][dst].append(f"{file.relative_to(SRC)}:{n}")
    unknown = sorted({m for m in edges if m not in RANK})
    if unknown:
        print("modules in no layer: " + ", ".join(unknown))
        return 1
    if "--dot" in sys.argv:
        print("digraph webclip {")
        for src in sorted(edges):
            for dst in sorted(edges[src]):
                print(f'  "{src}" -> "{dst}";')
        print("}")
        return 0
    back = []
    for name, mods in LAYERS:
        print(f"[{name}]")
        for src in mods:
            dsts = sorted(edges.get(src, {}), key=lambda d: (RANK[d], d))
            print(f"  {src} -> {', '.join(dsts) if dsts else '(nothing)'}")
            back += [(src, d, edges[src][d]) for d in dsts if RANK[d] > RANK[src]]
    if back:
        print("\nback-edges (a module importing one listed after it):")
        for src, dst, where in back:
            print(f"  {src} ({LAYER[src]}) -> {dst} ({LAYER[dst]}): {', '.join(sorted(set(where)))}")
        return 1
    print("\nno back-edges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
