"""Replay speed: the same random five-card-draw hands in referee and in PokerKit, in one process.

Target: referee's ``replay_hand`` at least 6 times PokerKit's rate, on the same hands in the same
run; exits 1 when missed.  It also prints what ``HandState.legality`` of the next event of a hand of
30 events costs beside pushing that event (what the live recorder pays to judge a line before it is
logged): a figure, not a target.

The hands come from the cross-check generator (``tests/crosscheck``: seeded, no-limit, 2-6 players,
all-ins, draws of 0-5, showdowns).  Both sides do the same work: neither parses a card while timed
(PokerKit gets its own cards parsed beforehand, ``pokerkit_side.parsed``, as referee gets its events
built beforehand), neither builds its game (PokerKit's game and referee's rulebook are made once per
ante and minimum bet); each replays every hand from a fresh state to the end.  The two sides take
turns, run after run, and the fastest run of each counts.  Timed: PokerKit replaying each hand
(``crosscheck.pokerkit_side.replay``), referee's ``replay_hand`` from the events, and (``--text``,
a figure beside it) referee reading the hand-file text and replaying it.  Then a batch of Jackpots
hands that carry findings (the golden Jackpots nights, with false opens found at every point,
unproven openers, over-limit bets, misdeals) replayed with ``replay_night``.  Then three-card brag hands with blind stakes and covers (played at random from the
engine's prompts).  Then ``legality`` of a hand's 30th event against pushing that event, on the same
state after the 29 before it.  The figures after the first are printed, not held to a target.

    .venv/bin/python bench/replay.py [--hands 2000] [--seed 0] [--text] [--repeat 5]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from target import check, exit_code, load

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

TARGET = 6.0  # referee's replay rate against PokerKit's, at least

from crosscheck import pokerkit_side, referee_side  # noqa: E402
from crosscheck.generator import generate_many  # noqa: E402


def best_rates(runs: dict[str, tuple[int, Callable[[], object]]], repeat: int) -> dict[str, float]:
    """Items per second of the fastest of ``repeat`` runs of each, the runs taken in turn (A B A B
    ...), so that a busy spell of a shared machine falls on both sides rather than on one."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, (_, run) in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return {name: runs[name][0] / best[name] for name in runs}


def jackpots_batch() -> tuple[list[tuple[object, str, list[object]]], int, int]:
    """The golden Jackpots nights, ready for ``replay_night``; (nights, hands, findings)."""
    from referee.engine.night import replay_night
    from referee.handfile import read_night
    from referee.handfile.replay import night_hands

    nights = []
    hands = findings = 0
    for path in sorted((ROOT / "tests" / "golden" / "jackpots").glob("*.txt")):
        night = read_night(path)
        seats = [(s.name, s.stack) for s in night.seats]
        entries = night_hands(night)
        nights.append((seats, night.dealer, entries))
        replays = replay_night(seats, night.dealer, entries)
        hands += len(replays)
        findings += sum(len(r.findings) for r in replays)
    return nights, hands, findings  # type: ignore[return-value]


def brag_batch(count: int, seed: int) -> tuple[list[tuple[object, list[object]]], int]:
    """``count`` three-card brag hands with blind play and covering: played at random from the engine's
    prompts (cards dealt, blind stakes favoured, small stacks so that players cover), kept when they hold
    a blind stake and a cover.  Returns (setup, events) pairs and their events in all."""
    import random

    from referee.cards import standard_deck
    from referee.engine.events import Cover, Deal, Stake
    from referee.engine.replay import start_hand
    from referee.engine.state import HandSetup
    from referee.rulebook import load_rulebook

    rng = random.Random(seed)
    books = [load_rulebook("three_card_brag").with_options(o) for o in (
        {}, {"brag.betting": "poker"}, {"brag.cover_main_pot": "poker_equalised_side_pot"}, {"brag.betting": "round"})]
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    hands: list[tuple[object, list[object]]] = []
    while len(hands) < count:
        n = rng.randint(3, 5)
        setup = HandSetup(rng.choice(books), [(p, rng.randint(3, 14)) for p in names[:n]], names[0])
        deck = rng.sample(standard_deck(), 3 * n)
        events: list[object] = [Deal(p, tuple(deck[3 * i:3 * i + 3])) for i, p in enumerate(names[:n])]
        state = start_hand(setup)
        for e in events:
            state.push(e)  # type: ignore[arg-type]
        while offered := state.prompt().events():
            blind = [e for e in offered if isinstance(e, Stake) and e.blind]
            move = rng.choice(blind if blind and rng.random() < 0.6 else offered)
            state.push(move)
            events.append(move)
        if any(isinstance(e, Stake) and e.blind for e in events) and any(isinstance(e, Cover) for e in events):
            hands.append((setup, events))
    return hands, sum(len(e) for _, e in hands)


def legality_against_push(prepared: list[tuple[object, list[object]]], events: int,
                          repeat: int) -> tuple[int, float, float]:
    """For every hand of at least ``events`` events whose event number ``events`` is legal: the cost
    of ``legality`` of that event on the state after the ``events - 1`` before it, and of pushing that
    same event on that same state (on copies made beforehand, not timed: a push changes its state).
    Returns (hands, microseconds per push, microseconds per legality)."""
    from referee.engine.replay import start_hand

    states = []
    for setup, evs in prepared:
        if len(evs) >= events:
            state = start_hand(setup)
            for event in evs[: events - 1]:
                state.push(event)
            if state.legality(evs[events - 1]).legal:
                states.append((state, evs[events - 1]))

    push = judge = float("inf")
    for _ in range(repeat):  # in turn, the fastest counts (as best_rates)
        fresh = [(state.copy(), event) for state, event in states]  # just made: as warm as the states
        start = time.perf_counter()
        for state, event in fresh:
            state.push(event)
        push = min(push, time.perf_counter() - start)
        start = time.perf_counter()
        for state, event in states:
            state.legality(event)
        judge = min(judge, time.perf_counter() - start)
    return len(states), push / len(states) * 1e6, judge / len(states) * 1e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="first generator seed")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement; the fastest counts")
    parser.add_argument("--text", action="store_true", help="also time referee from the hand-file text")
    args = parser.parse_args()

    from referee.engine.night import replay_night
    from referee.engine.replay import replay_hand
    from referee.handfile import parse_night

    print(f"load average: {load()}")
    print(f"generating {args.hands} no-limit five-card-draw hands (seed {args.seed}) ...", flush=True)
    scripts = generate_many(args.hands, args.seed)
    prepared = [(referee_side.setup_for(s), referee_side.to_events(s)) for s in scripts]
    pokerkit_hands = [pokerkit_side.parsed(s) for s in scripts]
    texts = [referee_side.to_text(s) for s in scripts] if args.text else []

    def run_pokerkit() -> None:
        for s in pokerkit_hands:
            pokerkit_side.replay(s)

    def run_referee() -> None:
        for setup, events in prepared:
            replay_hand(setup, events)

    def run_referee_text() -> None:
        for s, text in zip(scripts, texts):
            (hand,) = parse_night(text).hands
            replay_hand(referee_side.setup_for(s), hand.events)

    runs: dict[str, tuple[int, Callable[[], object]]] = {
        "pokerkit": (len(scripts), run_pokerkit),
        "referee": (len(prepared), run_referee),
    }
    if args.text:
        runs["text"] = (len(texts), run_referee_text)
    rates = best_rates(runs, args.repeat)
    pk, ref = rates["pokerkit"], rates["referee"]
    print(f"PokerKit  replay(parsed cards): {pk:10.0f} hands/s")
    print(f"referee   replay_hand(events):  {ref:10.0f} hands/s")
    met = [check("five-card-draw replay against PokerKit, same hands", ref / pk, at_least=TARGET)]
    if args.text:
        txt = rates["text"]
        print(f"referee   text -> replay:      {txt:10.0f} hands/s   ratio {txt / pk:5.1f}x PokerKit")

    nights, hands, findings = jackpots_batch()
    rounds = max(1, 2000 // max(hands, 1))

    def run_jackpots() -> None:
        for _ in range(rounds):
            for seats, dealer, entries in nights:
                replay_night(seats, dealer, entries)

    jp = best_rates({"jackpots": (hands * rounds, run_jackpots)}, args.repeat)["jackpots"]
    print(f"referee   Jackpots with findings ({hands} hands, {findings} findings, x{rounds}): {jp:10.0f} hands/s")

    brag, brag_events = brag_batch(1000, args.seed)

    def run_brag() -> None:
        for setup, events in brag:
            replay_hand(setup, events)

    br = best_rates({"brag": (len(brag), run_brag)}, args.repeat)["brag"]
    print(f"referee   three-card brag, blind play and covers ({len(brag)} hands, {brag_events} events): "
          f"{br:10.0f} hands/s")

    long, push_us, judge_us = legality_against_push(prepared, 30, args.repeat)
    print(f"referee   on {long} hands of 30+ events, the 30th (legal): push it {push_us:6.1f} us, its legality "
          f"{judge_us:6.1f} us   ({judge_us / push_us:4.2f}x the push)")
    print(f"load average: {load()}")
    return exit_code(met)


if __name__ == "__main__":
    raise SystemExit(main())
