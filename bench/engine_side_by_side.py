#!/usr/bin/env python3
"""`bench/engine.py` of several commits, side by side in one run: each commit is checked out in a
temporary worktree, and the rounds alternate between them (so a machine's load weighs on each
alike); the median of each figure per commit is printed as a Markdown table.

    python3 bench/engine_side_by_side.py d5ea8e2 aa8b8a1 HEAD [--games 60] [--rounds 3] [-- ARGS]

ARGS after `--` go to every `bench/engine.py` (e.g. `--ruleset modern --shipped std26`). Each
commit runs its own copy of the bench (the engine's interface changed over time), so a change
of what the bench does (e.g. freezing the card pool out of the collector) shows as a change.
"""
from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIGURES = ("games/s", "actions/s", "decide-only actions/s", "actions/game")
_FIGURE = re.compile(r"(games/s|actions/s|decide-only actions/s|actions/game)=([\d.]+)")


def figures(line: str) -> dict[str, float]:
    """The figures of one bench line."""
    return {m.group(1): float(m.group(2)) for m in _FIGURE.finditer(line)}


def run(tree: Path, bench: Path, games: int, args: list[str]) -> dict[str, float]:
    out = subprocess.run([sys.executable, str(bench), "--games", str(games), *args], cwd=tree,
                         capture_output=True, text=True, check=True).stdout
    return figures(out.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("revs", nargs="+", help="commits (HEAD: the commit checked out; WORKTREE: this tree as it is)")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=3)
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args, extra = ap.parse_args(argv[:split]), argv[split + 1:]
    scratch = Path(tempfile.mkdtemp(prefix="bench-side-by-side-"))
    trees: dict[str, Path] = {}
    try:
        for rev in args.revs:
            if rev == "WORKTREE":
                trees[rev] = REPO
                continue
            tree = scratch / re.sub(r"\W", "_", rev)
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(tree), rev], check=True)
            trees[rev] = tree
        results: dict[str, list[dict[str, float]]] = {rev: [] for rev in trees}
        for _ in range(args.rounds):
            for rev, tree in trees.items():
                results[rev].append(run(tree, tree / "bench" / "engine.py", args.games, extra))
        print("| commit | " + " | ".join(FIGURES) + " |")
        print("| --- |" + " ---: |" * len(FIGURES))
        for rev, rows in results.items():
            cells = [f"{statistics.median(r[f] for r in rows):,.1f}".removesuffix(".0") for f in FIGURES]
            print(f"| {rev} | " + " | ".join(cells) + " |")
        print(f"\n(median of {args.rounds} alternating rounds of {args.games} games each; "
              f"each commit's bench/engine.py {' '.join(extra)})".replace(" )", ")"))
    finally:
        for tree in trees.values():
            if tree != REPO:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(tree)], check=False)
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
