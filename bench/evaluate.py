"""Five-card evaluation speed: referee next to treys, then hands with one to four wild cards.

Plain script, no pass/fail; it prints figures:

    .venv/bin/python bench/evaluate.py [--n N] [--rounds R] [--seed S]

Both evaluators rank the same random hands in the same process.  The runs take turns chunk by
chunk and each side's CPU time (``time.process_time``) is summed over all chunks, so other work on
the machine does not count and what is left slows both alike; the ratio is the figure to read
(targets: natural >= 1.0x treys; wilds <= 10x the natural cost).  treys is called through its
public API, ``Evaluator().evaluate(hand, board)`` with an empty board; referee through
``evaluate(hand)``, which returns a HandValue object (treys returns an int).

A hand made with wild cards works out which card each wild plays as (``HandValue.cards``) only
when that is first read; the last column adds that cost.  The last row is Jackpots' bug
(``WildRules(bug=True)``): one joker that is an ace or completes a straight or flush.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from treys import Card as TreysCard
from treys import Evaluator

from referee.cards import JOKER_1, JOKERS, card, standard_deck
from referee.ranking.poker import WildRules, evaluate

CHUNK = 2_000


Runner = Callable[[Sequence[object]], None]


def interleaved(runs: dict[str, tuple[Runner, Sequence[object]]], rounds: int) -> dict[str, float]:
    """Evaluations per second for each run; ``Runner`` evaluates every hand of a chunk.

    The runs take turns chunk by chunk and each one's time is summed, so a busy machine slows all alike.
    """
    spent = dict.fromkeys(runs, 0.0)
    done = dict.fromkeys(runs, 0)
    clock = time.process_time  # CPU time of this process: other work on the machine does not count
    size = min(len(items) for _, items in runs.values())
    for _ in range(rounds):
        for start in range(0, size, CHUNK):
            for name, (run, items) in runs.items():
                chunk = items[start : start + CHUNK]
                t0 = clock()
                run(chunk)
                spent[name] += clock() - t0
                done[name] += len(chunk)
    return {name: done[name] / spent[name] for name in runs}


def referee_natural(chunk: Sequence[object]) -> None:
    for hand in chunk:
        evaluate(hand)  # type: ignore[arg-type]


def referee_wild(rules: WildRules) -> Runner:
    def run(chunk: Sequence[object]) -> None:
        for hand in chunk:
            evaluate(hand, wild=rules)  # type: ignore[arg-type]

    return run


def referee_wild_cards(rules: WildRules) -> Runner:
    def run(chunk: Sequence[object]) -> None:
        for hand in chunk:
            evaluate(hand, wild=rules).cards  # type: ignore[arg-type]  # noqa: B018

    return run


def treys_runner(evaluator: Evaluator) -> Runner:
    treys_eval = evaluator.evaluate
    board: list[int] = []

    def run(chunk: Sequence[object]) -> None:
        for hand in chunk:
            treys_eval(hand, board)  # type: ignore[arg-type]

    return run


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

    rates = interleaved(
        {"referee": (referee_natural, hands), "treys": (treys_runner(Evaluator()), treys_hands)},
        args.rounds,
    )
    print(f"natural five-card hands, {args.n} hands x {args.rounds} rounds")
    print(f"  referee.ranking.poker.evaluate  {rates['referee']:>12,.0f} evals/s")
    print(f"  treys Evaluator.evaluate        {rates['treys']:>12,.0f} evals/s")
    print(f"  ratio referee / treys           {rates['referee'] / rates['treys']:>12.2f}x   (target >= 1.00)")

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
                "natural": (referee_natural, hands[: len(wild_hands)]),
                "wild": (referee_wild(rules), wild_hands),
                "wild+cards": (referee_wild_cards(rules), wild_hands),
            },
            args.rounds,
        )
        cost = rates["natural"] / rates["wild"]
        cost_cards = rates["natural"] / rates["wild+cards"]
        print(
            f"  {k} wild  {rates['wild']:>10,.0f} evals/s   cost {cost:5.1f}x natural   (target <= 10)"
            f"   reading .cards too: {cost_cards:5.1f}x"
        )

    # The bug (jackpots.bug): one joker, four natural cards.
    bug_hands = [[JOKER_1, *rng.sample(deck, 4)] for _ in range(args.n // 4)]
    for h in bug_hands:
        rng.shuffle(h)
    bug = WildRules(bug=True)
    rates = interleaved(
        {
            "natural": (referee_natural, hands[: len(bug_hands)]),
            "bug": (referee_wild(bug), bug_hands),
            "bug+cards": (referee_wild_cards(bug), bug_hands),
        },
        args.rounds,
    )
    print(
        f"  1 bug   {rates['bug']:>10,.0f} evals/s   cost {rates['natural'] / rates['bug']:5.1f}x natural"
        f"   (target <= 10)   reading .cards too: {rates['natural'] / rates['bug+cards']:5.1f}x"
    )


if __name__ == "__main__":
    main()
