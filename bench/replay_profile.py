"""Where a five-card-draw replay spends its time: the set-up, the events by kind, the snapshot kept
after each event, and the end of the hand, in microseconds per hand.

``bench/replay.py`` says how fast a replay is; this says where to look when it is not fast enough.
The hands are the cross-check generator's (seeded), as in the other replay benchmarks.  Each part is
timed as the fastest of ``--repeat`` runs, the parts taken in turn so that a busy spell falls on all
of them; the events by kind are timed one push at a time (the timer's own cost is in those figures).

    .venv/bin/python bench/replay_profile.py [--hands 200] [--seed 0] [--repeat 12]

It prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from crosscheck import referee_side
    from crosscheck.generator import generate_many

    from referee.engine.replay import play, replay_hand, start_hand

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=12)
    args = parser.parse_args()

    prepared = [(referee_side.setup_for(s), referee_side.to_events(s)) for s in generate_many(args.hands, args.seed)]
    replay_hand(*prepared[0])

    def starts() -> None:
        for setup, _ in prepared:
            start_hand(setup)

    def pushes() -> None:
        for setup, events in prepared:
            play(setup, events)

    def snapshots() -> None:
        for setup, events in prepared:
            state = start_hand(setup)
            for event in events:
                state.push(event)
                state.snapshot()

    def replays() -> None:
        for setup, events in prepared:
            replay_hand(setup, events)

    parts = {"start": starts, "push": pushes, "snapshots": snapshots, "replay": replays}
    best = dict.fromkeys(parts, float("inf"))
    for _ in range(args.repeat):
        for name, run in parts.items():
            began = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - began)
    us = {name: seconds / len(prepared) * 1e6 for name, seconds in best.items()}
    print(f"{len(prepared)} hands, microseconds per hand (CPU, fastest of {args.repeat}):")
    print(f"  start     {us['start']:7.1f}   start_hand: antes, the first round")
    print(f"  events    {us['push'] - us['start']:7.1f}   push of every event")
    print(f"  snapshots {us['snapshots'] - us['push']:7.1f}   the table kept after each event")
    print(f"  end       {us['replay'] - us['snapshots']:7.1f}   the outcome, findings and the replay record")
    print(f"  total     {us['replay']:7.1f}   replay_hand")

    spent: dict[str, int] = defaultdict(int)
    count: dict[str, int] = defaultdict(int)
    clock = time.perf_counter_ns
    for _ in range(args.repeat):
        for setup, events in prepared:
            state = start_hand(setup)
            for event in events:
                began = clock()
                state.push(event)
                kind = type(event).__name__
                spent[kind] += clock() - began
                count[kind] += 1
    hands = len(prepared) * args.repeat
    print("events by kind (one push at a time):")
    for kind in sorted(spent, key=spent.__getitem__, reverse=True):
        print(f"  {kind:8} {count[kind] / hands:5.2f} per hand  {spent[kind] / count[kind] / 1000:6.2f} us each  "
              f"{spent[kind] / hands / 1000:6.2f} us per hand")


if __name__ == "__main__":
    main()
