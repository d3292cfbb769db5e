"""How fast hand files are read, written and replayed: prints figures, asserts nothing.

    .venv/bin/python bench/handfile.py [HANDS]

Builds a night of HANDS (default 500) straight-draw hands of 17 actions each from
examples/straight-draw-corrections.txt's second hand, then times parse_night, write_night and
replay_night_file over it.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from referee.handfile import parse_night, write_night
from referee.handfile.replay import replay_night_file

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
Ivan: checks
Masha: bets 5
Oleg: folds
Ivan: calls
Masha: shows 7c 8c 9d Th Js
Ivan: shows Ac Ad Ah 2c 2d
"""


def timed(label: str, fn, *args):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args)
    elapsed = time.perf_counter() - start
    print(f"{label:<28} {elapsed * 1000:9.1f} ms")
    return result, elapsed


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    text = HEADER + HAND * hands
    lines = text.count("\n")
    print(f"night: {hands} hands, {lines} lines, {len(text) / 1024:.0f} KiB ({Path(__file__).name})")
    night, t_parse = timed("parse_night", parse_night, text)
    timed("write_night", write_night, night)
    _, t_replay = timed("replay_night_file", replay_night_file, night)
    print(f"parse: {lines / t_parse:,.0f} lines/s; replay: {hands / t_replay:,.0f} hands/s")


if __name__ == "__main__":
    main()
