"""The fewest transfers a night can settle in, found by brute force: what the exact solver is
checked against."""

from __future__ import annotations

from functools import cache
from itertools import combinations

from referee.ledger.zero_sum import subset_sums


def fewest_possible(balances: dict[str, int], forbidden: frozenset[frozenset[str]] = frozenset()) -> int | None:
    """n minus the most zero-sum groups each settleable within itself, by brute force."""
    names = [n for n, b in balances.items() if b]
    values = [balances[n] for n in names]
    sums = subset_sums(values)

    def settleable(mask: int) -> bool:  # Hall: every set of debtors may reach creditors owed enough
        members = [i for i in range(len(names)) if mask >> i & 1]
        debtors = [i for i in members if values[i] < 0]
        creditors = [j for j in members if values[j] > 0]
        for k in range(1, len(debtors) + 1):
            for some in combinations(debtors, k):
                reach = {j for j in creditors for i in some if frozenset((names[i], names[j])) not in forbidden}
                if -sum(values[i] for i in some) > sum(values[j] for j in reach):
                    return False
        return True

    @cache
    def most(mask: int) -> int:
        if not mask:
            return 0
        low, sub, best = mask & -mask, mask, -1
        while sub:
            if sub & low and sums[sub] == 0 and settleable(sub):
                rest = most(mask ^ sub)
                if rest >= 0:
                    best = max(best, rest + 1)
            sub = (sub - 1) & mask
        return best

    groups = most((1 << len(names)) - 1)
    return None if groups < 0 else len(names) - groups
