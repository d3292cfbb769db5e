"""Lookup tables for natural five-card hands, built when the module is imported.

Like Cactus Kev's evaluator (and treys, which follows it), a hand's rank multiset is identified by
the product of one prime per rank; flushes have a table of their own.  Each table maps the product
to the hand's :mod:`referee.ranking.keys` key (natural bit clear, no tie-break).

* ``DISTINCT`` — five different ranks, not all one suit: high card or straight (1,287 entries);
* ``PAIRED`` — some rank repeated: pair … four of a kind (4,888 entries);
* ``FLUSH`` — five different ranks of one suit: flush or straight flush (1,287 entries);
* ``UNSUITED`` — ``DISTINCT`` and ``PAIRED`` in one table, paired keys negated (one lookup on the fast path);
* ``NO_WHEEL`` — what the two wheel keys become when ``common.wheel = forbidden``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from referee.cards import ALL_CARDS
from referee.ranking.keys import Category, pack, pack_digits

#: One prime per rank (2..14), as in Cactus Kev's evaluator.
RANK_PRIME: Final[dict[int, int]] = dict(zip(range(2, 15), (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)))
#: The rank prime of every card by ``Card.index`` (0..53); jokers get 0, which no table holds.
PRIME_AT: Final[tuple[int, ...]] = tuple(0 if c.is_joker else RANK_PRIME[c.rank] for c in ALL_CARDS)

WHEEL: Final = (14, 5, 4, 3, 2)


def straight_top(ranks_desc: tuple[int, ...], *, wheel: bool = True) -> int:
    """The top card of a straight made by five distinct ranks (given high to low), else 0."""
    if ranks_desc[0] - ranks_desc[4] == 4:
        return ranks_desc[0]
    if wheel and ranks_desc == WHEEL:
        return 5
    return 0


def distinct_rank_key(ranks_desc: tuple[int, ...], *, suited: bool, wheel: bool = True) -> int:
    """Key of five distinct ranks (high to low); ``suited`` when all five share a suit."""
    top = straight_top(ranks_desc, wheel=wheel)
    if top:
        return pack(Category.STRAIGHT_FLUSH if suited else Category.STRAIGHT, (top,))
    return pack(Category.FLUSH if suited else Category.HIGH_CARD, ranks_desc)


def _build() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Enumerate every rank pattern directly in significance order."""
    p = RANK_PRIME
    down = range(14, 1, -1)
    distinct: dict[int, int] = {}
    flush: dict[int, int] = {}
    high, straight = int(Category.HIGH_CARD), int(Category.STRAIGHT)
    flush_c, straight_flush = int(Category.FLUSH), int(Category.STRAIGHT_FLUSH)
    for a, b, c, d, e in combinations(down, 5):
        product = p[a] * p[b] * p[c] * p[d] * p[e]
        top = a if a - e == 4 else 5 if (a, b, c, d, e) == WHEEL else 0
        if top:
            distinct[product] = pack_digits(straight, top << 16)
            flush[product] = pack_digits(straight_flush, top << 16)
        else:
            digits = a << 16 | b << 12 | c << 8 | d << 4 | e
            distinct[product] = pack_digits(high, digits)
            flush[product] = pack_digits(flush_c, digits)
    paired: dict[int, int] = {}
    quads, full, trips = int(Category.FOUR_OF_A_KIND), int(Category.FULL_HOUSE), int(Category.THREE_OF_A_KIND)
    two_pair, pair = int(Category.TWO_PAIR), int(Category.PAIR)
    for x in down:
        px = p[x]
        others = [r for r in down if r != x]
        for y in others:
            py = p[y]
            paired[px**4 * py] = pack_digits(quads, x << 16 | y << 12)
            paired[px**3 * py**2] = pack_digits(full, x << 16 | y << 12)
        for y, z in combinations(others, 2):
            paired[px**3 * p[y] * p[z]] = pack_digits(trips, x << 16 | y << 12 | z << 8)
        for y, z, w in combinations(others, 3):
            paired[px**2 * p[y] * p[z] * p[w]] = pack_digits(pair, x << 16 | y << 12 | z << 8 | w << 4)
    for x, y in combinations(down, 2):
        for z in down:
            if z != x and z != y:
                paired[p[x] ** 2 * p[y] ** 2 * p[z]] = pack_digits(two_pair, x << 16 | y << 12 | z << 8)
    return distinct, paired, flush


DISTINCT, PAIRED, FLUSH = _build()
UNSUITED: Final = {**DISTINCT, **{k: -v for k, v in PAIRED.items()}}
_WHEEL_PRODUCT: Final = 2 * 3 * 5 * 7 * 41
NO_WHEEL: Final = {
    DISTINCT[_WHEEL_PRODUCT]: distinct_rank_key(WHEEL, suited=False, wheel=False),
    FLUSH[_WHEEL_PRODUCT]: distinct_rank_key(WHEEL, suited=True, wheel=False),
}
