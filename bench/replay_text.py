"""A long night replayed as text and as JSON, in one run: the CPU time of each and their ratio.

A 5,000-hand file once replayed in 3.7 s with ``--json`` and 119 s as text (rich measured every
cell of four tables a hand); text should cost about what the JSON does.  CPU time (user + system of
the ``referee`` process) is what is compared: on a shared machine the wall time mostly says how
busy it was.  Prints figures; asserts nothing.

    .venv/bin/python bench/replay_text.py [--hands 5000] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADER = "rulebook: straight_draw\nseats: Oleg 100000, Ivan 100000, Masha 100000\ndealer: Oleg\n"
HAND = """
hand
dealer: Oleg
Ivan: bets 1
Masha: raises 3
Oleg: calls
Ivan: calls
Ivan: draws 2
Masha: draws 1
Oleg: draws 3
Ivan: asks Masha
Masha: bets 2
Oleg: calls
Ivan: folds
Masha: shows 9h 9c 9d 5s 2c
Oleg: shows Kc Kd 4h 4s 3d
"""


def night_text(hands: int) -> str:
    """A straight-draw night of ``hands`` hands of 14 actions each (a bet over the limit in each)."""
    return HEADER + HAND * hands


def timed(argv: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``referee ARGV``, its output thrown away."""
    referee = Path(sys.executable).parent / "referee"
    before, began = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run([str(referee), *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   stdin=subprocess.DEVNULL,
                   env={k: v for k, v in os.environ.items() if k != "REFEREE_DB"})
    wall = time.perf_counter() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=1, help="runs of each; the fastest counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        night = Path(folder) / "night.txt"
        night.write_text(night_text(args.hands))
        figures = {}
        for label, argv in (("json", ["replay", str(night), "--json"]), ("text", ["replay", str(night)]),
                            ("text -o", ["replay", str(night), "-o", str(Path(folder) / "out.txt")])):
            figures[label] = min((timed(argv) for _ in range(args.runs)), key=lambda t: t[0])
            cpu, wall = figures[label]
            print(f"{label:8} {args.hands} hands: {cpu:6.2f} s CPU ({wall:6.2f} s wall)")
        print(f"text/json CPU ratio: {figures['text'][0] / figures['json'][0]:.2f} "
              f"(text -o: {figures['text -o'][0] / figures['json'][0]:.2f})")


if __name__ == "__main__":
    main()
