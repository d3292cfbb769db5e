"""Poker hand categories and the one integer key that orders five-card hands.

A key packs, from most to least significant:

* the category (4 bits);
* the ranks that *make* the combination (the pair's rank, both pairs, the straight's top card, …);
* one "natural" bit — set only when the rulebook says a natural hand beats the same hand made with
  wild cards (``laviuda.natural_beats_wild``, the Brag rule of seed-001): the bit sits after the
  combination and before the kickers, so "a pair with a wild card loses to the same pair of
  natural cards even if its odd card is higher";
* the kickers;
* six tie-break bits (La Viuda: the highest non-wild card and its suit, RULES §5 rule 8).

Rank digits are 4 bits each (2..14, 0 = unused), five digits in all.  Higher key = better hand,
so one total order serves both "best hand wins" and "lowest hand pays".
"""

from __future__ import annotations

from functools import lru_cache

from enum import IntEnum
from typing import Final

from referee.i18n import _, current
from referee.ranking.words import rank_genitive, ranks_genitive, ranks_word, run_words


class Category(IntEnum):
    """Five-card poker categories, low to high."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9


#: How many leading rank digits make the combination (the rest are kickers).
MADE_DIGITS: Final[dict[int, int]] = {
    Category.HIGH_CARD: 5,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 1,
    Category.STRAIGHT: 1,
    Category.FLUSH: 5,
    Category.FULL_HOUSE: 2,
    Category.FOUR_OF_A_KIND: 1,
    Category.STRAIGHT_FLUSH: 1,
    Category.FIVE_OF_A_KIND: 1,
}

TIEBREAK_BITS: Final = 6
CATEGORY_SHIFT: Final = 20 + 1 + TIEBREAK_BITS
#: OR this into a key to set its "natural" bit (indexed by category).
NATURAL_BIT: Final[tuple[int, ...]] = tuple(
    1 << (TIEBREAK_BITS + 4 * (5 - MADE_DIGITS[c])) for c in sorted(MADE_DIGITS)
)
#: La Viuda suit order for the tie-break: hearts > diamonds > clubs > spades (RULES §5 rule 8).
LAVIUDA_SUIT_ORDER: Final[dict[str, int]] = {"h": 3, "d": 2, "c": 1, "s": 0}


#: Bits below the natural bit that hold kickers, indexed by category.
_KICKER_BITS: Final[tuple[int, ...]] = tuple(4 * (5 - MADE_DIGITS[c]) for c in sorted(MADE_DIGITS))


def pack_digits(category: int, digits: int, natural: int = 0, tiebreak: int = 0) -> int:
    """The key of a hand from its 20-bit rank digits (five 4-bit ranks, combination first)."""
    low = _KICKER_BITS[category]
    return (((((category << 20 | digits) >> low) << 1 | natural) << low | (digits & ((1 << low) - 1)))
            << TIEBREAK_BITS) | tiebreak


def digits_of(ranks: tuple[int, ...]) -> int:
    """Pack up to five ranks (most significant first) into 20 bits."""
    digits = 0
    for i in range(5):
        digits = (digits << 4) | (ranks[i] if i < len(ranks) else 0)
    return digits


def pack(category: int, ranks: tuple[int, ...], natural: bool = False, tiebreak: int = 0) -> int:
    """The key of a hand: ``ranks`` are the significant ranks, combination first, then kickers."""
    return pack_digits(int(category), digits_of(ranks), int(natural), tiebreak)


def category_of(key: int) -> Category:
    return Category(key >> CATEGORY_SHIFT)


def ranks_of(key: int) -> tuple[int, ...]:
    """The five rank digits of a key (zeros for unused places)."""
    category = key >> CATEGORY_SHIFT
    low_bits = 4 * (5 - MADE_DIGITS[category])
    body = key >> TIEBREAK_BITS
    kickers = body & ((1 << low_bits) - 1)
    made = body >> (low_bits + 1)
    digits = ((made << low_bits) | kickers) & 0xFFFFF
    return tuple([(digits >> (16 - 4 * i)) & 0xF for i in range(5)])


def hand_name(key: int) -> str:
    """The name of the hand a key stands for, in the interface's language: ``"two pair, jacks and
    fives"`` (``"две пары, валеты и пятёрки"``); memoised by key and language."""
    return _hand_name(key, current())


@lru_cache(maxsize=16384)
def _hand_name(key: int, language: object) -> str:
    # TRANSLATORS: in the hand names {rank} is a rank in the genitive ("короля"), {ranks} after a
    # word that governs them in the genitive plural ("королей"), {high} and {low} in the nominative
    # plural ("короли"), {run} ranks high to low ("король-валет-девятка")
    category = category_of(key)
    r = ranks_of(key)
    if category is Category.FIVE_OF_A_KIND:
        return _("five of a kind, {ranks}").format(ranks=ranks_genitive(r[0]))
    if category is Category.STRAIGHT_FLUSH:
        if r[0] == 14:
            return _("royal flush")
        return _("straight flush, {rank} high").format(rank=rank_genitive(r[0]))
    if category is Category.FOUR_OF_A_KIND:
        return _("four of a kind, {ranks}").format(ranks=ranks_genitive(r[0]))
    if category is Category.FULL_HOUSE:
        return _("full house, {high} full of {low}").format(high=ranks_word(r[0]), low=ranks_word(r[1]))
    if category is Category.FLUSH:
        return _("flush, {run}").format(run=run_words(r))
    if category is Category.STRAIGHT:
        return _("straight, {rank} high").format(rank=rank_genitive(r[0]))
    if category is Category.THREE_OF_A_KIND:
        return _("three of a kind, {ranks}").format(ranks=ranks_genitive(r[0]))
    if category is Category.TWO_PAIR:
        return _("two pair, {high} and {low}").format(high=ranks_word(r[0]), low=ranks_word(r[1]))
    if category is Category.PAIR:
        return _("pair of {ranks}").format(ranks=ranks_genitive(r[0]))
    return _("high card, {run}").format(run=run_words(r))
