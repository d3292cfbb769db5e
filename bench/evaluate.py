"""Five-card evaluation speed: referee next to treys, then hands with one to four wild cards.

Plain script, no pass/fail; it prints figures:

    .venv/bin/python bench/evaluate.py [--n N] [--rounds R] [--seed S]

Both evaluators rank the same random hands in the same process.  The runs are interleaved in
chunks and each side's time is summed over all chunks, so a busy machine slows both alike; the
ratio is the figure to read (targets: natural >= 1.0x treys; wilds <= 10x the natural cost).
treys is called through its public API, ``Evaluator().evaluate(hand, board)`` with an empty board.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from referee.cards import JOKERS, card, standard_deck
from referee.ranking.poker import WildRules, evaluate

CHUNK = 2_000


def interleaved(runs: dict[str, tuple[Callable[[object], object], Sequence[object]]], rounds: int) -> dict[str, float]:
    """Evaluations per second for each run, timed chunk by chunk in turn."""
    spent = dict.fromkeys(runs, 0.0)
    done = dict.fromkeys(runs, 0)
    clock = time.perf_counter
    size = min(len(items) for _, items in runs.values())
    for r in range(rounds):
        for start in range(0, size, CHUNK):
            for name, (fn, items) in runs.items():
                chunk = items[start : start + CHUNK]
                t0 = clock()
                for item in chunk:
                    fn(item)
                spent[name] += clock() - t0
                done[name] += len(chunk)
    return {name: done[name] / spent[name] for name in runs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="hands per run (default 100000)")
    parser.add_argument("--rounds", type=int, default=3, help="passes over the hands (default 3)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    deck = standard_deck()
    hands = [rng.sample(deck, 5) for _ in range(args.n)]
    treys_hands = [[TreysCard.new(c.text) for c in h] for h in hands]
    evaluator = Evaluator()
    board: list[int] = []
    treys_eval = evaluator.evaluate

    rates = interleaved(
        {
            "referee": (evaluate, hands),
            "treys": (lambda h: treys_eval(h, board), treys_hands),  # type: ignore[arg-type]
            "treys (bare loop cost)": (lambda h: None, treys_hands),
        },
        args.rounds,
    )
    # Take the cost of the lambda wrapper off treys so that it is not handicapped.
    wrapper = 1 / rates.pop("treys (bare loop cost)")
    treys_rate = 1 / (1 / rates["treys"] - wrapper)
    print(f"natural five-card hands, {args.n} hands x {args.rounds} rounds")
    print(f"  referee.ranking.poker.evaluate  {rates['referee']:>12,.0f} evals/s")
    print(f"  treys Evaluator.evaluate        {treys_rate:>12,.0f} evals/s")
    print(f"  ratio referee / treys           {rates['referee'] / treys_rate:>12.2f}x   (target >= 1.00)")

    # Wild cards: the two jokers and La Viuda's pool rank (aces here).
    rules = WildRules(jokers=True, rank=14)
    wild_pool = [*JOKERS, card("As"), card("Ah"), card("Ad"), card("Ac")]
    naturals = [c for c in deck if c.rank != 14]
    print("hands with wild cards (jokers and wild aces), cost against natural hands")
    for k in range(1, 5):
        wild_hands = [rng.sample(wild_pool, k) + rng.sample(naturals, 5 - k) for _ in range(args.n // 4)]
        for h in wild_hands:
            rng.shuffle(h)
        rates = interleaved(
            {
                "natural": (evaluate, hands[: len(wild_hands)]),
                "wild": (lambda h: evaluate(h, wild=rules), wild_hands),  # type: ignore[arg-type]
            },
            args.rounds,
        )
        cost = rates["natural"] / rates["wild"]
        print(f"  {k} wild  {rates['wild']:>12,.0f} evals/s   cost {cost:5.1f}x natural   (target <= 10)")


if __name__ == "__main__":
    main()
