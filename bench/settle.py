"""How fast the night is settled: prints figures, asserts nothing.

    .venv/bin/python bench/settle.py [SEEDS]

Exact settlement of 16 players, all with a non-zero balance (random amounts up to 500.00, one
night per seed, default 20 seeds), each timed as a fresh call, against the 0.2 s target; the worst
and the median.  Then the same at the auto limit (referee.ledger.settlement.EXACT_LIMIT players); 16
players in whole euros, 12 winners of 1 to 9 and 4 losers of 10 to 20 (no equal and opposite
balances to pair off, thousands of zero-sum groups to choose from: the hard shape for the exact
search); 16 players with three forbidden and three preferred pairs; greedy settlement of 100.
"""

from __future__ import annotations

import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable

from referee.ledger.settlement import EXACT_LIMIT, UnsettleableError, settle
from referee.ledger.zero_sum import _clear_bit_sets

TARGET_S = 0.2


def night(players: int, seed: int, most: int, step: int = 1) -> dict[str, int]:
    """``players`` non-zero balances summing to zero, in multiples of ``step`` cents."""
    rng = random.Random(seed)
    while True:
        values = [rng.choice((-1, 1)) * rng.randint(1, most // step) * step for _ in range(players - 1)]
        values.append(-sum(values))
        if values[-1] and abs(values[-1]) <= 4 * most:
            return {f"player{i:03d}": v for i, v in enumerate(values)}


def crowded_night(seed: int) -> dict[str, int]:
    """12 winners of 1 to 9 euros and 4 losers of 10 to 20: many zero-sum groups, no opposites."""
    rng = random.Random(seed)
    losers = [rng.randint(10, 20) for _ in range(4)]
    winners = [1] * 12
    for _ in range(sum(losers) - 12):
        winners[rng.choice([i for i, w in enumerate(winners) if w < 9])] += 1
    values = [-100 * v for v in losers] + [100 * v for v in winners]
    return {f"player{i:03d}": v for i, v in enumerate(values)}


def timed(make: Callable[[int], dict[str, int]], seeds: int, **options: object) -> tuple[list[float], int]:
    times, transfers = [], 0
    for seed in range(seeds):
        balances = make(seed)
        _clear_bit_sets.cache_clear()  # each call pays for everything, as a fresh process would
        start = time.perf_counter()
        result = settle(balances, **options)  # type: ignore[arg-type]
        times.append(time.perf_counter() - start)
        transfers = max(transfers, len(result.transfers))
    return times, transfers


def timed_with_pairs(make: Callable[[int], dict[str, int]], seeds: int) -> tuple[list[float], int]:
    """As :func:`timed`, with six random pairs of the night: three forbidden, three preferred."""
    times, transfers = [], 0
    for seed in range(seeds):
        balances = make(seed)
        pairs = random.Random(seed).sample(list(itertools.combinations(sorted(balances), 2)), 6)
        _clear_bit_sets.cache_clear()
        start = time.perf_counter()
        try:
            result = settle(balances, method="exact", forbidden=pairs[:3], preferred=pairs[3:])
            transfers = max(transfers, len(result.transfers))
        except UnsettleableError:  # timed all the same: finding that out is part of the work
            pass
        times.append(time.perf_counter() - start)
    return times, transfers


def report(label: str, times: list[float], transfers: int, target: float | None = None) -> None:
    worst, median = max(times), statistics.median(times)
    against = f"   target {target * 1000:.0f} ms: worst is {worst / target:.2f}x of it" if target else ""
    print(f"{label:<52} worst {worst * 1000:7.1f} ms  median {median * 1000:7.1f} ms  "
          f"(up to {transfers} transfers){against}")


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{seeds} seeds per line; times are one settle() call each (Python {sys.version.split()[0]})")
    report("exact, 16 players", *timed(lambda s: night(16, s, 50_000), seeds, method="exact"), TARGET_S)
    report(f"exact, {EXACT_LIMIT} players (the auto limit)",
           *timed(lambda s: night(EXACT_LIMIT, s, 50_000), seeds, method="exact"))
    report("exact, 16 players, crowded (12 x 1-9, 4 x 10-20)",
           *timed(crowded_night, seeds, method="exact"), TARGET_S)

    for label, make in (("16 players", lambda s: night(16, s, 50_000)), ("16 crowded", crowded_night)):
        report(f"exact, {label}, 3 forbidden + 3 preferred pairs", *timed_with_pairs(make, seeds))
    report("greedy, 100 players", *timed(lambda s: night(100, s, 50_000), seeds, method="greedy"))


if __name__ == "__main__":
    main()
