"""The best five-card hand when some of the five cards are wild, computed from the naturals' structure.

No substitution is tried: given the natural cards (their rank counts and suits) and the number of
wild cards, each category is tested from the top (five of a kind, straight flush, four of a kind, …)
and the first one the wilds can complete is returned with its best ranks.

The model (stated in the rule text of ``laviuda.wild_use``): a wild card stands for any one card of
the pack.  With ``may_duplicate`` it may stand for a card that is already in the hand — the only hand
that needs this is five of a kind (five cards of one rank, when ``five_of_a_kind`` is allowed);
without it the five cards as played must all be different.  A flush is five *different* ranks of one
suit: a wild in a flush plays as the highest rank the flush lacks (no "double-ace flush"), which is
standard practice.  ``wheel`` allows A-2-3-4-5 as the lowest straight (``common.wheel``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from referee.cards import ALL_CARDS, Card
from referee.ranking.keys import Category

#: Every standard card by (rank, suit).
CARD_AT: Final[dict[tuple[int, str], Card]] = {(c.rank, c.suit): c for c in ALL_CARDS if not c.is_joker}
#: Suits tried, in this order, when a wild card's suit does not matter.
_SUIT_CHOICE: Final = "shdc"
_DOWN: Final = tuple(range(14, 1, -1))


def _window(ranks: Sequence[int], wheel: bool) -> tuple[int, ...]:
    """The best five-rank straight window (high to low) holding all ``ranks`` (distinct), or ()."""
    if not ranks:
        return (14, 13, 12, 11, 10)
    lo, hi = min(ranks), max(ranks)
    if hi - lo <= 4:
        top = min(14, lo + 4)
        return tuple(range(top, top - 5, -1))
    if wheel and hi == 14 and all(r <= 5 for r in ranks if r != 14):
        return (5, 4, 3, 2, 14)
    return ()


class _Hand:
    """The natural cards with the bookkeeping the wild cards need."""

    __slots__ = ("held", "counts", "suits", "n", "may_duplicate")

    def __init__(self, naturals: Sequence[Card], may_duplicate: bool) -> None:
        self.held: set[Card] = set(naturals)
        self.counts: dict[int, int] = {}
        for c in naturals:
            self.counts[c.rank] = self.counts.get(c.rank, 0) + 1
        self.suits = {c.suit for c in naturals}
        self.n = len(naturals)
        self.may_duplicate = may_duplicate

    def play(self, rank: int, suit: str | None = None) -> Card:
        """The card a wild plays as: ``rank`` of ``suit``, or of a suit not yet in the hand."""
        if suit is None:
            for s in _SUIT_CHOICE:
                if CARD_AT[rank, s] not in self.held:
                    suit = s
                    break
            else:
                if not self.may_duplicate:  # pragma: no cover - categories below never need it
                    raise AssertionError("wild card would duplicate a card")
                suit = _SUIT_CHOICE[0]
        played = CARD_AT[rank, suit]
        self.held.add(played)
        return played


def best_with_wilds(
    naturals: Sequence[Card],
    wilds: int,
    *,
    may_duplicate: bool = True,
    five_of_a_kind: bool = True,
    wheel: bool = True,
) -> tuple[Category, tuple[int, ...], list[Card]]:
    """Best hand of ``naturals`` plus ``wilds`` wild cards (5 cards in all, ``wilds`` ≥ 1).

    Returns the category, the significant ranks (combination first, then kickers) and, for each
    wild card in turn, the card it plays as.
    """
    h = _Hand(naturals, may_duplicate)
    counts = h.counts
    ranks_desc = sorted(counts, reverse=True)
    distinct = len(counts) == h.n
    one_suit = len(h.suits) <= 1

    # Five of a kind: every natural of one rank, and a wild may repeat a card.
    if five_of_a_kind and may_duplicate and len(counts) <= 1:
        r = ranks_desc[0] if ranks_desc else 14
        return Category.FIVE_OF_A_KIND, (r,), [h.play(r) for _ in range(wilds)]

    window = _window(ranks_desc, wheel) if distinct else ()
    if window and one_suit:
        suit = next(iter(h.suits)) if h.suits else _SUIT_CHOICE[0]
        return (
            Category.STRAIGHT_FLUSH,
            (window[0],),
            [h.play(r, suit) for r in window if r not in counts],
        )

    # Four of a kind: at most one natural outside the quad rank.
    for r in ranks_desc if 14 in counts else (14, *ranks_desc):
        c = counts.get(r, 0)
        if h.n - c <= 1:
            kickers = [x for x in ranks_desc if x != r]
            played = [h.play(r) for _ in range(4 - c)]
            if kickers:
                kicker = kickers[0]
            else:
                kicker = 14 if r != 14 else 13
                played.append(h.play(kicker))
            return Category.FOUR_OF_A_KIND, (r, kicker), played

    # Full house: at most two natural ranks, at most three of one and two of the other.
    if len(counts) <= 2:
        options: list[tuple[int, int]] = []
        if len(counts) == 2:
            a, b = ranks_desc
            if counts[a] <= 3 and counts[b] <= 2:
                options.append((a, b))
            if counts[b] <= 3 and counts[a] <= 2:
                options.append((b, a))
        elif len(counts) == 1:
            (a,) = ranks_desc
            if counts[a] <= 3:
                options.append((a, 14 if a != 14 else 13))
            if a != 14 and counts[a] <= 2:
                options.append((14, a))
        else:
            options.append((14, 13))
        if options:
            t, p = max(options)
            played = [h.play(t) for _ in range(3 - counts.get(t, 0))]
            played += [h.play(p) for _ in range(2 - counts.get(p, 0))]
            return Category.FULL_HOUSE, (t, p), played

    if one_suit and distinct:
        suit = next(iter(h.suits))
        fill = [r for r in _DOWN if r not in counts][:wilds]
        ranks = tuple(sorted((*ranks_desc, *fill), reverse=True))
        return Category.FLUSH, ranks, [h.play(r, suit) for r in fill]

    if window:
        return Category.STRAIGHT, (window[0],), [h.play(r) for r in window if r not in counts]

    # Three of a kind: at most two naturals outside the trips rank.
    for t in ranks_desc if 14 in counts else (14, *ranks_desc):
        c = counts.get(t, 0)
        if c <= 3 and h.n - c <= 2:
            kickers = sorted((x for x in ranks_desc if x != t), reverse=True)
            played = [h.play(t) for _ in range(3 - c)]
            spare = [r for r in _DOWN if r != t and r not in counts][: 2 - len(kickers)]
            played += [h.play(r) for r in spare]
            return Category.THREE_OF_A_KIND, (t, *sorted((*kickers, *spare), reverse=True)), played

    # One wild and four different naturals: pair the highest.
    if wilds == 1 and distinct:
        return Category.PAIR, tuple(ranks_desc), [h.play(ranks_desc[0])]
    raise AssertionError(f"no hand found for {naturals} with {wilds} wild cards")  # pragma: no cover
