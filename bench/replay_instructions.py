"""Replay cost in CPU instructions (valgrind's callgrind): the same figure on a busy or a quiet machine.

``bench/replay.py`` times referee and PokerKit in seconds, which on a shared machine moves by a
fifth from run to run.  This counts instructions instead: it runs the replay of the same random
five-card-draw hands (the cross-check generator, seeded) under ``valgrind --tool=callgrind``, once
loading the hands only and once loading and replaying them, and prints the difference per hand for
referee (``replay_hand`` from events) and for PokerKit, and their ratio.  The ratio of instructions
is close to, not equal to, the ratio of times (PokerKit's code and referee's use the CPU alike: plain
interpreted Python).  The count is a figure to compare runs by, not a target.

    .venv/bin/python bench/replay_instructions.py [--hands 200] [--seed 0] [--no-pokerkit]

Needs valgrind on the PATH.  It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def child(what: str, path: str) -> None:
    """Load the pickled scripts, prepare both sides' inputs, and replay them in ``what``."""
    from crosscheck import pokerkit_side, referee_side

    from referee.engine.replay import replay_hand

    with open(path, "rb") as f:
        scripts = pickle.load(f)
    prepared = [(referee_side.setup_for(s), referee_side.to_events(s)) for s in scripts]
    for setup, events in prepared:  # every run imports and warms the same code: what a replay imports
        replay_hand(setup, events)  # on first use (the hand ranking at a first showdown) is not counted per hand
    pokerkit_side.replay(scripts[0])
    gc.collect()
    gc.freeze()  # what the bench holds (the scripts, the inputs, the modules) is not scanned again by a
    # collection during the counted replays: those count the replay's own collections only
    if what == "referee":
        for setup, events in prepared:
            replay_hand(setup, events)
    elif what == "pokerkit":
        for s in scripts:
            pokerkit_side.replay(s)


def count(what: str, path: str) -> int:
    """Instructions of one child run under callgrind."""
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, __file__, "--child", what, path],
        capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0, help="first generator seed")
    parser.add_argument("--no-pokerkit", action="store_true", help="count referee only (faster)")
    parser.add_argument("--child", nargs=2, metavar=("WHAT", "PICKLE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(*args.child)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on the PATH: install it (Debian: apt install valgrind)")

    from crosscheck.generator import generate_many

    scripts = generate_many(args.hands, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "scripts.pickle")
        with open(path, "wb") as f:
            pickle.dump(scripts, f)
        base = count("load", path)
        referee = (count("referee", path) - base) / args.hands
        print(f"referee   replay_hand(events): {referee:12,.0f} instructions/hand")
        if not args.no_pokerkit:
            pokerkit = (count("pokerkit", path) - base) / args.hands
            print(f"PokerKit  replay:              {pokerkit:12,.0f} instructions/hand")
            print(f"ratio {pokerkit / referee:5.1f}x (PokerKit's instructions per referee's)")


if __name__ == "__main__":
    main()
