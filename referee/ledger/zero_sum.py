"""The partition of a list of balances into the most zero-sum groups: what exact settlement rests on.

A group of k people whose balances sum to zero settles with k − 1 transfers, and no fewer if it has
no zero-sum part of its own; so the fewest transfers for n balances is n minus the largest number
of zero-sum groups they can be split into.

The search works on subsets as bit masks (bit i = balance i) and on *sets* of subsets as one Python
integer with bit ``mask`` set (2**n bits: 8 KiB at n = 16).  The zero-sum subsets form one such
integer; "every proper superset of some subset in S" is 2n shifts-and-ors of it, done in C by
Python's big integers.  Layer k is then the zero-sum subsets that split into at least k zero-sum
groups (a zero-sum proper superset of a layer k − 1 subset); the answer is the last layer that
still holds the whole set.  Most of the time goes to the 2**n subset sums.

:func:`partition_groups` is the general version for when not every zero-sum subset may be a group
(forbidden pairs): a branch and bound over the zero-sum subsets, bounded by the layers, that asks
whether a group is allowed only when it could still be part of a best partition, and maximises a
per-group score (preferred pairs) as a second aim.  No time bound: it grows with the zero-sum subsets
(many small balances have many) and the forbidden pairs; ``docs/operations.md`` gives the figures.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

#: one byte per subset, 0 or 1, read as a base-2 numeral
_AS_DIGIT = bytes.maketrans(b"\x00\x01", b"01")


def subset_sums(values: Sequence[int]) -> list[int]:
    """``sums[mask]`` = the sum of ``values[i]`` over the bits i of ``mask`` (2**n entries)."""
    sums = [0]
    for v in values:
        sums += [s + v for s in sums]
    return sums


def zero_sum_masks(sums: Sequence[int]) -> list[int]:
    """The non-empty subsets whose sum is zero, in increasing mask order."""
    return _masks_flagged(bytes(map(operator.not_, sums)))


def _masks_flagged(flags: bytes) -> list[int]:
    """The positions of the 1 bytes in ``flags`` but the first (the empty set); bytes.find runs in C."""
    out, at = [], flags.find(1, 1)
    while at >= 0:
        out.append(at)
        at = flags.find(1, at + 1)
    return out


@cache
def _clear_bit_sets(n: int) -> tuple[int, ...]:
    """For each bit i: the set (as one integer) of the masks of n bits that do not contain bit i."""
    size = 1 << n
    out = []
    for i in range(n):
        pattern = (1 << (1 << i)) - 1  # masks 0 .. 2**i - 1 of each 2**(i+1) period lack bit i
        period = 2 << i
        while period < size:  # copy the pattern, doubling its length each time
            pattern |= pattern << period
            period <<= 1
        out.append(pattern)
    return tuple(out)


def _proper_supersets(sets: int, n: int) -> int:
    """Every mask that strictly contains some mask in ``sets``."""
    clear = _clear_bit_sets(n)
    step = 0
    for i in range(n):  # add one element to each member
        step |= (sets & clear[i]) << (1 << i)
    for i in range(n):  # then close upwards
        step |= (step & clear[i]) << (1 << i)
    return step


def _has(sets_bytes: bytes, mask: int) -> bool:
    return bool(sets_bytes[mask >> 3] >> (mask & 7) & 1)


@dataclass(frozen=True)
class _Layers:
    """The zero-sum subsets of some values and how many zero-sum groups each splits into at most."""

    n: int
    zeros: list[int]  # the zero-sum subsets, in mask order
    layers: list[bytes]  # layers[k]: as bit sets, the zero-sum subsets that split into > k groups

    def most(self, mask: int) -> int:
        """The most zero-sum groups that the zero-sum subset ``mask`` splits into (0 for the empty set)."""
        return sum(1 for layer in self.layers if _has(layer, mask)) if mask else 0


def _layers(values: Sequence[int]) -> _Layers:
    n = len(values)
    if sum(values):
        raise ValueError("the values must sum to zero")
    full = (1 << n) - 1
    flags = bytes(map(operator.not_, subset_sums(values)))
    zero = int(flags.translate(_AS_DIGIT)[::-1], 2) & ~1  # bit m set when subset m sums to zero; not the empty set
    layers = [zero]
    while True:
        nxt = zero & _proper_supersets(layers[-1], n)
        if not (nxt >> full) & 1:  # no subset splits into more groups than the whole set does
            break
        layers.append(nxt)
    size = (1 << n) // 8 + 1
    return _Layers(n, _masks_flagged(flags), [layer.to_bytes(size, "little") for layer in layers])


def most_zero_sum_groups(values: Sequence[int]) -> list[list[int]]:
    """The indices of ``values`` (non-zero, summing to zero) split into the most zero-sum groups.

    Among the partitions with the most groups, the canonical one: the group holding the lowest
    remaining index is the smallest possible, then the one whose sorted indices come first; the
    rest is split the same way.  Groups come out in order of their lowest index.
    """
    if not values:
        return []
    found = _layers(values)
    groups = []
    mask, k = (1 << len(values)) - 1, len(found.layers) - 1
    while k > 0:
        low = mask & -mask
        below = found.layers[k - 1]
        best = min(
            (g for g in found.zeros if g & low and not g & ~mask and g != mask and _has(below, mask ^ g)),
            key=_canonical_key,
        )
        groups.append(best)
        mask ^= best
        k -= 1
    groups.append(mask)
    return sorted((_bits(g) for g in groups), key=lambda g: g[0])


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _canonical_key(mask: int) -> tuple[int, list[int]]:
    return mask.bit_count(), _bits(mask)


def partition_groups(
    values: Sequence[int],
    allowed: Callable[[int], bool],
    score: Callable[[int], int] | None = None,
) -> list[list[int]] | None:
    """The most groups among partitions into zero-sum subsets that ``allowed(mask)`` accepts.

    Among those, the partition with the highest total ``score`` (if given), then the canonical
    choice of :func:`most_zero_sum_groups`.  ``None`` when the whole set cannot be partitioned.

    A memoised branch and bound: the most groups a subset splits into with every zero-sum subset
    allowed (the layers) bounds what it can do with only some, so ``allowed`` is asked only about
    groups that could still be part of a best partition, and the search stops as soon as it meets
    the bound.  ``score`` is asked only about groups of partitions with the most groups.
    """
    if not values:
        return []
    found = _layers(values)
    full = (1 << len(values)) - 1
    by_low: dict[int, list[int]] = {}
    for g in sorted(found.zeros, key=_canonical_key):
        by_low.setdefault(g & -g, []).append(g)
    ok: dict[int, bool] = {}

    def valid(g: int) -> bool:
        if g not in ok:
            ok[g] = allowed(g)
        return ok[g]

    def options(mask: int) -> list[int]:  # zero-sum groups holding mask's lowest member, canonical order
        return [g for g in by_low.get(mask & -mask, ()) if not g & ~mask]

    @cache
    def most(mask: int) -> int:  # the most allowed groups that partition mask; -1 if none
        if not mask:
            return 0
        bound, best = found.most(mask), -1
        for g in sorted(options(mask), key=lambda g: -found.most(mask ^ g)):  # stable: canonical on ties
            if found.most(mask ^ g) + 1 <= best:
                break  # sorted by bound: nothing further can do better
            if valid(g):
                rest = most(mask ^ g)
                if rest >= 0:
                    best = max(best, rest + 1)
                    if best == bound:
                        break
        return best

    def fitting(mask: int) -> Iterator[int]:  # allowed first groups of the partitions of mask with the most groups
        target = most(mask) - 1
        return (g for g in options(mask) if found.most(mask ^ g) >= target and valid(g) and most(mask ^ g) == target)

    if most(full) < 0:
        return None
    scores: dict[int, int] = {}

    @cache
    def best_score(mask: int) -> tuple[int, int]:  # (total score, first group) among the most groups
        if not mask:
            return 0, 0
        choice: tuple[int, int] | None = None
        for g in fitting(mask):
            if g not in scores:
                scores[g] = score(g) if score else 0
            total = scores[g] + best_score(mask ^ g)[0]
            if choice is None or total > choice[0]:
                choice = (total, g)
            if score is None:
                break  # the canonical first group will do
        assert choice is not None
        return choice

    groups, mask = [], full
    while mask:
        g = best_score(mask)[1]
        groups.append(_bits(g))
        mask ^= g
    return sorted(groups, key=lambda g: g[0])
