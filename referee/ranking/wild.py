"""The best five-card hand when some of the five cards are wild, computed from the naturals' structure.

No substitution is tried.  The best hand depends only on the natural cards' ranks, on whether they
all share one suit, on how many wild cards there are and on the wild-card rules; so
:func:`best_with_wilds` tests each category from the top (five of a kind, straight flush, four of a
kind, …) on that structure, returns the first one the wilds can complete with its best ranks, and
remembers the answer (at most a few thousand structures per rule set).  :func:`play_wilds` then
says which card each wild plays as.

The model (for the rule text of ``laviuda.wild_use`` to state): a wild card stands for any one card of
the pack.  With ``may_duplicate`` it may stand for a card that is already in the hand — the only hand
that needs this is five of a kind (five cards of one rank, when ``five_of_a_kind`` is allowed);
without it the five cards as played are all different.  A flush is five *different* ranks of one
suit: a wild in a flush plays as the highest rank the flush lacks (no "double-ace flush"), which is
standard practice.  ``wheel`` allows A-2-3-4-5 as the lowest straight (``common.wheel``).

The bug (``jackpots.bug = joker_as_ace_or_straight_flush_filler``, RRoP / wiki-5cd) is a joker that
counts only as an ace, or as any card that completes a straight, a flush or a straight flush.  So a
hand with bugs is the better of two: the best straight, flush or straight flush with the bugs as
wild cards (a flush again taking the highest ranks it lacks), and the best hand with every bug an
ace (four aces and the bug are five aces).  K-K-7-4 and the bug is a pair of kings, ace kicker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from referee.cards import ALL_CARDS, Card
from referee.ranking.keys import CATEGORY_SHIFT, Category, pack, ranks_of
from referee.ranking import tables
from referee.ranking.tables import RANK_PRIME

#: Every standard card by (rank, suit).
CARD_AT: Final[dict[tuple[int, str], Card]] = {(c.rank, c.suit): c for c in ALL_CARDS if not c.is_joker}
#: Suits tried, in this order, when a wild card's suit does not matter.
_SUIT_CHOICE: Final = "shdc"
_DOWN: Final = tuple(range(14, 1, -1))

#: A category, its significant ranks (combination first, then kickers) and its key (no flags).
Solution = tuple[Category, tuple[int, ...], int]
#: The hands a bug may complete as any card; in every other hand it is an ace (``jackpots.bug``).
BUG_FILLS: Final = frozenset({Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH})
#: Answers already worked out, by (ranks, one_suit, wilds, bugs, five_of_a_kind possible, wheel).
_SOLVED: dict[tuple[tuple[int, ...], bool, int, int, bool, bool], Solution] = {}


def straight_window(ranks: Sequence[int], wheel: bool) -> tuple[int, ...]:
    """The best five-rank straight (high to low) holding all ``ranks`` (distinct), or ()."""
    if not ranks:
        return (14, 13, 12, 11, 10)
    lo, hi = min(ranks), max(ranks)
    if hi - lo <= 4:
        top = min(14, lo + 4)
        return tuple(range(top, top - 5, -1))
    if wheel and hi == 14 and all(r <= 5 for r in ranks if r != 14):
        return (5, 4, 3, 2, 14)
    return ()


def best_with_wilds(
    ranks: tuple[int, ...],
    one_suit: bool,
    wilds: int,
    *,
    bugs: int = 0,
    may_duplicate: bool = True,
    five_of_a_kind: bool = True,
    wheel: bool = True,
) -> Solution:
    """Best hand of natural cards of ``ranks`` (sorted high to low), ``wilds`` wild cards and ``bugs`` bugs.

    ``one_suit``: the naturals all share one suit (true for none).  Five cards in all,
    ``wilds + bugs`` ≥ 1.  With bugs, five aces must be a hand (``WildRules`` makes sure).
    Returns the category, the significant ranks (combination first, then kickers) and the key
    (natural bit and tie-break clear).
    """
    five_kind = may_duplicate and five_of_a_kind
    memo = (ranks, one_suit, wilds, bugs, five_kind, wheel)
    found = _SOLVED.get(memo)
    if found is None:
        if bugs:
            category, significant = _solve_bugs(ranks, one_suit, wilds, bugs, wheel)
        else:
            category, significant = _solve(ranks, one_suit, wilds, five_kind, wheel)
        found = _SOLVED[memo] = (category, significant, pack(category, significant))
    return found


def _completed(
    distinct_desc: list[int], one_suit: bool, wilds: int, wheel: bool
) -> tuple[Category, tuple[int, ...]] | None:
    """Best straight flush, flush or straight that ``wilds`` wild cards complete on naturals of
    ``distinct_desc`` (different ranks, high to low), or None."""
    window = straight_window(distinct_desc, wheel)
    if window and one_suit:
        return Category.STRAIGHT_FLUSH, (window[0],)
    if one_suit:
        fill = [r for r in _DOWN if r not in distinct_desc][:wilds]
        return Category.FLUSH, tuple(sorted((*distinct_desc, *fill), reverse=True))
    if window:
        return Category.STRAIGHT, (window[0],)
    return None


def _solve_bugs(
    ranks: tuple[int, ...], one_suit: bool, wilds: int, bugs: int, wheel: bool
) -> tuple[Category, tuple[int, ...]]:
    """The bug rule: the better of a straight/flush/straight flush with the bugs as wild cards, and
    the best hand with every bug an ace (then the naturals' suits no longer matter: any flush or
    straight it could make, the first way makes too)."""
    as_aces = tuple(sorted((*ranks, *(14,) * bugs), reverse=True))
    best = _solve(as_aces, False, wilds, True, wheel) if wilds else _ranked(as_aces, wheel)
    if len(set(ranks)) == len(ranks):
        made = _completed(sorted(ranks, reverse=True), one_suit, wilds + bugs, wheel)
        if made is not None and pack(*made) > pack(*best):
            best = made
    return best


def _ranked(ranks: tuple[int, ...], wheel: bool) -> tuple[Category, tuple[int, ...]]:
    """Category and significant ranks of five ranks (high to low) with nothing wild and no flush."""
    if ranks[0] == ranks[4]:
        return Category.FIVE_OF_A_KIND, (ranks[0],)
    product = 1
    for r in ranks:
        product *= RANK_PRIME[r]
    key = abs(tables.UNSUITED[product])
    if not wheel:
        key = tables.NO_WHEEL.get(key, key)
    return Category(key >> CATEGORY_SHIFT), tuple(r for r in ranks_of(key) if r)


def _solve(
    ranks: tuple[int, ...], one_suit: bool, wilds: int, five_kind: bool, wheel: bool
) -> tuple[Category, tuple[int, ...]]:
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    distinct_desc = sorted(counts, reverse=True)
    n = len(ranks)
    distinct = len(counts) == n

    # Five of a kind: every natural of one rank, and a wild may repeat a card.
    if five_kind and len(counts) <= 1:
        return Category.FIVE_OF_A_KIND, (distinct_desc[0] if counts else 14,)

    made = _completed(distinct_desc, one_suit, wilds, wheel) if distinct else None
    if made is not None and made[0] is Category.STRAIGHT_FLUSH:
        return made

    # Four of a kind: at most one natural outside the quad rank (the highest such rank wins).
    for r in distinct_desc if 14 in counts else (14, *distinct_desc):
        if n - counts.get(r, 0) <= 1:
            kickers = [x for x in distinct_desc if x != r]
            return Category.FOUR_OF_A_KIND, (r, kickers[0] if kickers else (14 if r != 14 else 13))

    # Full house: at most two natural ranks, at most three of one and two of the other.
    if len(counts) <= 2:
        options: list[tuple[int, int]] = []
        if len(counts) == 2:
            a, b = distinct_desc
            if counts[a] <= 3 and counts[b] <= 2:
                options.append((a, b))
            if counts[b] <= 3 and counts[a] <= 2:
                options.append((b, a))
        elif len(counts) == 1:
            (a,) = distinct_desc
            if counts[a] <= 3:
                options.append((a, 14 if a != 14 else 13))
            if a != 14 and counts[a] <= 2:
                options.append((14, a))
        else:
            options.append((14, 13))
        if options:
            return Category.FULL_HOUSE, max(options)

    if made is not None:  # a flush, or else a straight
        return made

    # Three of a kind: at most two naturals outside the trips rank.
    for t in distinct_desc if 14 in counts else (14, *distinct_desc):
        c = counts.get(t, 0)
        if c <= 3 and n - c <= 2:
            kickers = [x for x in distinct_desc if x != t]
            spare = [r for r in _DOWN if r != t and r not in counts][: 2 - len(kickers)]
            return Category.THREE_OF_A_KIND, (t, *sorted((*kickers, *spare), reverse=True))

    # One wild and four different naturals: pair the highest.
    if wilds == 1 and distinct:
        return Category.PAIR, tuple(distinct_desc)
    raise AssertionError(f"no hand found for ranks {ranks} with {wilds} wild cards")  # pragma: no cover


def _five_ranks(category: Category, ranks: tuple[int, ...]) -> list[int]:
    """The ranks of all five cards of a hand from its significant ranks (as in its key)."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        top = ranks[0]
        return [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
    if category is Category.FIVE_OF_A_KIND:
        return [ranks[0]] * 5
    if category is Category.FOUR_OF_A_KIND:
        return [ranks[0]] * 4 + [ranks[1]]
    if category is Category.FULL_HOUSE:
        return [ranks[0]] * 3 + [ranks[1]] * 2
    if category is Category.THREE_OF_A_KIND:
        return [ranks[0]] * 3 + list(ranks[1:])
    if category is Category.TWO_PAIR:
        return [ranks[0]] * 2 + [ranks[1]] * 2 + [ranks[2]]
    if category is Category.PAIR:
        return [ranks[0]] * 2 + list(ranks[1:])
    return list(ranks)


def play_wilds(
    naturals: Sequence[Card],
    wild_cards: Sequence[Card],
    category: Category,
    ranks: tuple[int, ...],
    bug: bool = False,
) -> list[Card]:
    """The card each wild plays as, in order, to make the hand ``category``/``ranks`` with ``naturals``.

    ``bug``: the jokers among ``wild_cards`` are the bug; outside a straight, flush or straight
    flush each plays as an ace.  A wild that could be itself plays as itself (a wild ace stays the
    ace it is when an ace is needed); in a flush or straight flush every wild takes the naturals'
    suit; otherwise each takes a card not yet in the hand when there is one (only five of a kind
    has to repeat a card).
    """
    missing = _five_ranks(category, ranks)
    for c in naturals:
        missing.remove(c.rank)
    suited = category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    suit = naturals[0].suit if naturals else _SUIT_CHOICE[0]
    held = set(naturals)
    played: list[Card | None] = [None] * len(wild_cards)
    if bug and category not in BUG_FILLS:  # the bug is an ace, before wild-rank cards choose
        for i, w in enumerate(wild_cards):
            if w.is_joker:
                missing.remove(14)
                played[i] = _unsuited(14, held)
    # Wild cards of a wild rank play as themselves when their rank is wanted (and the suit fits).
    for i, w in enumerate(wild_cards):
        wanted = w.rank in missing and (not suited or w.suit == suit)
        if played[i] is None and not w.is_joker and wanted and w not in held:
            missing.remove(w.rank)
            held.add(w)
            played[i] = w
    for i in range(len(played)):
        if played[i] is None:
            rank = missing.pop(0)
            if suited:
                card = CARD_AT[rank, suit]
                held.add(card)
            else:
                card = _unsuited(rank, held)
            played[i] = card
    return played  # type: ignore[return-value]


def _unsuited(rank: int, held: set[Card]) -> Card:
    """A card of ``rank`` not in ``held`` (suits tried in a fixed order), added to ``held``; for
    five of a kind, where every card of the rank is held, the first suit's card again."""
    for s in _SUIT_CHOICE:
        card = CARD_AT[rank, s]
        if card not in held:
            break
    else:
        card = CARD_AT[rank, _SUIT_CHOICE[0]]
    held.add(card)
    return card
