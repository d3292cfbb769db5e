"""Five-card high poker: one total order of hands, with or without wild cards.

Pure functions, no I/O.  The public API (other parts code against it):

* :class:`WildRules` — which cards are wild and how they play (La Viuda's options, Jackpots' bug);
* :func:`evaluate` — the value of exactly five known cards;
* :func:`best_hand` — the best five of five or more;
* :func:`showing_value` — five-card stud's best *showing* combination of 1–5 upcards;
* :func:`opens` — do 2–5 known cards hold Jackpots openers (jacks or better, or a progressive minimum);
* :class:`HandValue` — totally ordered (higher is better), hashable; ``.category``, ``.name``,
  ``.uses_wild``, ``.cards`` (the five as played: each wild shown as the card it stands for) and
  ``.used`` (the five physical cards used).

The same order serves "best hand wins" and "lowest hand pays" (Whisky Poker, La Viuda): the lowest
hand is simply the minimum.  Equal hands have equal values; ``tiebreak="laviuda"`` orders hands that
are equal as poker hands by La Viuda's suggested tie-break (rule ``laviuda.8``, option
``laviuda.tie_lowest``): the highest card ignoring wild cards, then its suit hearts > diamonds > clubs
> spades.  Rank is compared before suit (RULES §10 item 9); an ace counts high even in A-2-3-4-5.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final, Literal

from referee.cards import RANK_VALUE, Card, format_cards, known_cards
from referee.errors import CardError, InputError, RulebookError
from referee.ranking.ordered import KeyOrdered
from referee.ranking.keys import (
    CATEGORY_SHIFT,
    LAVIUDA_SUIT_ORDER,
    NATURAL_BIT,
    Category,
    hand_name,
    pack,
    ranks_of,
)
from referee.ranking import tables
from referee.ranking.tables import PRIME_AT
from referee.ranking.wild import best_with_wilds, play_wilds

__all__ = [
    "Category",
    "HandValue",
    "WildRules",
    "best_hand",
    "evaluate",
    "opens",
    "showing_value",
]

Tiebreak = Literal["none", "laviuda"]
_TIEBREAKS: Final = ("none", "laviuda")


@dataclass(frozen=True, slots=True)
class WildRules:
    """Which cards are wild and how they play.

    * ``jokers`` — jokers in the hand are wild (La Viuda: "jokers are always wild"; ``laviuda.jokers``);
    * ``rank`` — a wild rank 2..14 (La Viuda's pool rank, rule ``laviuda.2``), or None;
    * ``may_duplicate`` — ``laviuda.wild_use``: ``any_card`` (True: a wild may stand for a card already
      in the hand, so five of a kind exists) or ``no_duplicate_card_in_hand`` (False);
    * ``natural_beats_wild`` — ``laviuda.natural_beats_wild``: a hand made with a wild card loses to
      the same hand of natural cards (the combination compares first, then natural beats wild, then
      the kickers: "a pair with a wild card loses to the same pair of natural cards even if its odd
      card is higher", seed-001);
    * ``five_of_a_kind`` — five of a kind is a hand (above a straight flush);
    * ``bug`` — ``jackpots.bug = joker_as_ace_or_straight_flush_filler`` (RRoP, Gardena style): each
      joker is the bug, not fully wild: it counts only as an ace, or as any card that completes a
      straight, a flush or a straight flush (in a flush, the highest card of the suit the hand
      lacks).  K-K-7-4 and the bug is a pair of kings with an ace kicker; A-A and the bug is three
      aces; four aces and the bug are five aces, so the bug needs ``five_of_a_kind`` and
      ``may_duplicate`` (the defaults).  Jackpots with the bug: ``WildRules(bug=True)``.

    With ``wild=None`` (no WildRules) nothing is wild and a joker in a hand is an error.
    """

    jokers: bool = True
    rank: int | None = None
    may_duplicate: bool = True
    natural_beats_wild: bool = False
    five_of_a_kind: bool = True
    bug: bool = False

    def __post_init__(self) -> None:
        if self.rank is not None and (isinstance(self.rank, bool) or self.rank not in range(2, 15)):
            raise RulebookError(
                f"wild rank must be 2..14 (ace = 14), not {self.rank!r}",
                hint="La Viuda's pool count 1 means aces (14), 2 twos, … 13 kings",
            )
        if self.bug and not (self.jokers and self.five_of_a_kind and self.may_duplicate):
            raise RulebookError(
                "the bug is a joker that may make five aces (four aces and the bug), so it needs "
                "jokers=True, five_of_a_kind=True and may_duplicate=True",
                hint="for jackpots.bug = joker_as_ace_or_straight_flush_filler use WildRules(bug=True)",
            )

    def is_wild(self, c: Card) -> bool:
        """Is this card wild under these rules (the bug counts: it is wild in part)?"""
        return self.jokers if c.is_joker else c.rank == self.rank

    def is_bug(self, c: Card) -> bool:
        """Is this card the bug (a joker that is an ace or completes a straight or flush)?"""
        return self.bug and c.is_joker


class HandValue(KeyOrdered):
    """The value of a poker hand.  Ordered by ``key`` (higher is better); equal hands are equal.

    ``key`` is the integer of :mod:`referee.ranking.keys`; compare values, not keys, across modules.
    """

    # Made by evaluate() and the wild-card solver, which set ``key`` and ``cards``.  When a wild
    # card is used, ``_used`` holds the physical cards, ``_wild_at`` the wild cards' places, ``_bug``
    # whether the jokers are the bug, and ``cards`` (which wild plays as which card) is worked out
    # on first reading, in ``__getattr__``.
    __slots__ = ("key", "cards", "_used", "_wild_at", "_bug")

    key: int
    cards: tuple[Card, ...]
    _used: tuple[Card, ...]
    _wild_at: tuple[int, ...]
    _bug: bool

    def __getattr__(self, name: str) -> object:
        # Called only for an attribute not set: a wild hand's ``cards`` before its first reading.
        if name == "cards" and self.uses_wild:
            used = self._used
            wild_at = self._wild_at
            naturals = [c for i, c in enumerate(used) if i not in wild_at]
            played = play_wilds(naturals, [used[i] for i in wild_at], self.category, self.ranks, self._bug)
            as_played = list(used)
            for i, card in zip(wild_at, played):
                as_played[i] = card
            self.cards = tuple(as_played)
            return self.cards
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def used(self) -> tuple[Card, ...]:
        """The physical cards the hand is made of (wild cards as themselves)."""
        return self._used if self.uses_wild else self.cards

    @property
    def uses_wild(self) -> bool:
        """True when one of the cards used is wild."""
        try:
            self._used  # noqa: B018 - set only on hands made with a wild card
        except AttributeError:
            return False
        return True

    @property
    def category(self) -> Category:
        return Category(self.key >> CATEGORY_SHIFT)

    @property
    def name(self) -> str:
        """Plain English: ``"two pair, jacks and fives"``, ``"five of a kind, aces"``."""
        return hand_name(self.key)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The significant ranks, combination first, then kickers (no zeros)."""
        return tuple(r for r in ranks_of(self.key) if r)

    def __repr__(self) -> str:
        played = format_cards(self.cards)
        if self.uses_wild:
            played += f" (from {format_cards(self.used)})"
        return f"<HandValue {self.name}: {played}>"


def hand_value(key: int, cards: tuple[Card, ...]) -> HandValue:
    """A :class:`HandValue` of natural cards."""
    value = HandValue()
    value.key = key
    value.cards = cards
    return value


def wild_hand_value(key: int, used: tuple[Card, ...], wild_at: Sequence[int], bug: bool = False) -> HandValue:
    """A :class:`HandValue` made with wild cards: the physical cards, the wild ones' places, and
    whether the jokers among them are the bug."""
    value = HandValue()
    value.key = key
    value._used = used
    value._wild_at = tuple(wild_at)
    value._bug = bug
    return value


# ---------------------------------------------------------------- checking the input


def _split(hand: Sequence[Card], wild: WildRules | None) -> tuple[list[Card], list[int]]:
    """Natural cards, and the positions of the wild ones; a joker that is not wild is an error."""
    jokers_wild = wild is not None and wild.jokers
    wild_rank = wild.rank if wild is not None else None
    naturals: list[Card] = []
    wild_at: list[int] = []
    for i, c in enumerate(hand):
        if c.is_joker:
            if not jokers_wild:
                raise CardError(
                    f"{c.text} is a joker, but jokers are not wild under these rules",
                    hint="only La Viuda (jokers wild) or Jackpots with the bug (option jackpots.bug) "
                    "holds a joker; check the card",
                )
            wild_at.append(i)
        elif c.rank == wild_rank:
            wild_at.append(i)
        else:
            naturals.append(c)
    return naturals, wild_at


def _laviuda_tiebreak(naturals: Iterable[Card]) -> int:
    """Highest non-wild card, rank first, then suit hearts > diamonds > clubs > spades; 0 if none."""
    return max((c.rank * 4 + LAVIUDA_SUIT_ORDER[c.suit] for c in naturals), default=0)


def _check_tiebreak(tiebreak: str) -> None:
    if tiebreak not in _TIEBREAKS:
        raise InputError(f"unknown tie-break {tiebreak!r}", hint="use 'none' or 'laviuda'")


# ---------------------------------------------------------------- evaluation


def _natural_key(hand: Sequence[Card]) -> int:
    """Table key of five natural cards (assumed distinct, standard)."""
    a, b, c, d, e = hand
    product = PRIME_AT[a.index] * PRIME_AT[b.index] * PRIME_AT[c.index] * PRIME_AT[d.index] * PRIME_AT[e.index]
    s = a.suit
    if s == b.suit and s == c.suit and s == d.suit and s == e.suit:
        return tables.FLUSH[product]
    return abs(tables.UNSUITED[product])


def _five(hand: tuple[Card, ...], wild: WildRules | None, wheel: bool, tiebreak: str) -> HandValue:
    """Value of five checked cards (known, distinct)."""
    naturals, wild_at = _split(hand, wild)
    tb = _laviuda_tiebreak(naturals) if tiebreak == "laviuda" else 0
    if not wild_at:
        key = _natural_key(hand)
        if not wheel:
            key = tables.NO_WHEEL.get(key, key)
        if wild is not None and wild.natural_beats_wild:
            key |= NATURAL_BIT[key >> CATEGORY_SHIFT]
        return hand_value(key | tb, hand)
    assert wild is not None
    ranks = tuple(sorted([c.rank for c in naturals], reverse=True))
    one_suit = len({c.suit for c in naturals}) <= 1
    if not wild.bug:
        bugs = 0
    elif wild.rank is None:  # every wild card is a joker: all are bugs
        bugs = len(wild_at)
    else:
        bugs = sum(1 for i in wild_at if hand[i].is_joker)
    _, _, key = best_with_wilds(
        ranks,
        one_suit,
        len(wild_at) - bugs,
        bugs=bugs,
        may_duplicate=wild.may_duplicate,
        five_of_a_kind=wild.five_of_a_kind,
        wheel=wheel,
    )
    return wild_hand_value(key | tb, hand, wild_at, bugs > 0)


def evaluate(
    cards: Sequence[Card],
    *,
    wild: WildRules | None = None,
    wheel: bool = True,
    tiebreak: Tiebreak = "none",
) -> HandValue:
    """The value of exactly five known cards.

    ``wild``: the wild-card rules (None: nothing is wild, jokers are an error); ``wheel``:
    ``common.wheel`` (A-2-3-4-5 is the lowest straight); ``tiebreak``: "none" or "laviuda".
    Raises :class:`~referee.errors.CardError` for ``??``, a duplicated card or a joker that is not
    wild, :class:`~referee.errors.InputError` for a hand that is not five cards.
    """
    if wild is None and wheel and tiebreak == "none":
        # Natural cards in the standard order, the common case, looked up at once.  Any surprise
        # (not five cards, '??', a joker, a card twice) sets key to 0 and leaves the careful path
        # below to say what is wrong.  Every real key is positive.
        try:
            a, b, c, d, e = cards
            product = (
                PRIME_AT[a.index] * PRIME_AT[b.index] * PRIME_AT[c.index] * PRIME_AT[d.index] * PRIME_AT[e.index]
            )
            s = a.suit
            if s == b.suit and s == c.suit and s == d.suit and s == e.suit:
                key = tables.FLUSH[product]  # a rank twice in one suit is a card twice: KeyError
            else:
                key = tables.UNSUITED[product]  # a joker's prime is 0: KeyError
                if key < 0:  # a repeated rank: make sure no card is there twice
                    distinct = (
                        a is not b and a is not c and a is not d and a is not e and b is not c
                        and b is not d and b is not e and c is not d and c is not e and d is not e
                    )
                    key = -key if distinct else 0
        except (ValueError, TypeError, AttributeError, KeyError):
            key = 0
        if key:
            value = HandValue()
            value.key = key
            value.cards = (a, b, c, d, e)
            return value
    _check_tiebreak(tiebreak)
    hand = known_cards(cards, "hand")
    if len(hand) != 5:
        raise InputError(
            f"a poker hand is five cards, not {len(hand)} ({format_cards(hand) or 'none'})",
            hint="best_hand() picks the best five of more",
        )
    return _five(hand, wild, wheel, tiebreak)


def best_hand(
    cards: Sequence[Card],
    *,
    wild: WildRules | None = None,
    wheel: bool = True,
    tiebreak: Tiebreak = "none",
) -> HandValue:
    """The best five-card hand among five or more known cards (same options as :func:`evaluate`)."""
    _check_tiebreak(tiebreak)
    hand = known_cards(cards, "hand")
    if len(hand) < 5:
        raise InputError(
            f"a poker hand needs five cards, only {len(hand)} given ({format_cards(hand) or 'none'})",
            hint="rank fewer cards with showing_value() (stud upcards) or opens() (openers)",
        )
    _split(hand, wild)  # reject a joker that is not wild before trying combinations
    return max(_five(five, wild, wheel, tiebreak) for five in combinations(hand, 5))


def _partial(hand: tuple[Card, ...], wild: WildRules | None = None) -> tuple[Category, tuple[int, ...]]:
    """Category and ranks of fewer than five cards: pairs, two pair, trips, quads and high cards only.

    With fewer than five cards there is no straight or flush to complete, so a bug is an ace
    (``jackpots.bug``); any other wild card joins the largest group (the highest of equal ones).
    """
    naturals, wild_at = _split(hand, wild)
    counts: dict[int, int] = {}
    for c in naturals:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    bugs = sum(1 for i in wild_at if hand[i].is_joker) if wild is not None and wild.bug else 0
    if bugs:
        counts[14] = counts.get(14, 0) + bugs
    if len(wild_at) > bugs:
        top = max(counts, key=lambda r: (counts[r], r), default=14)
        counts[top] = counts.get(top, 0) + len(wild_at) - bugs
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    top = counts[order[0]]
    if top == 4:
        category = Category.FOUR_OF_A_KIND
    elif top == 3:
        category = Category.THREE_OF_A_KIND
    elif top == 2:
        category = Category.TWO_PAIR if len(order) > 1 and counts[order[1]] == 2 else Category.PAIR
    else:
        category = Category.HIGH_CARD
    return category, tuple(order)


def showing_value(cards: Sequence[Card]) -> HandValue:
    """Five-card stud: the best showing combination of 1–5 known upcards (``stud.later_rounds``).

    Pairs, two pair, three and four of a kind and high cards count; straights and flushes count only
    on five cards.  Values compare between players showing the same number of upcards.
    """
    hand = known_cards(cards, "upcards")
    if not 1 <= len(hand) <= 5:
        raise InputError(f"a stud player shows 1 to 5 upcards, not {len(hand)}")
    if len(hand) == 5:
        return _five(hand, None, True, "none")
    category, ranks = _partial(hand)
    return hand_value(pack(category, ranks), hand)


def _pair_rank(minimum: str) -> int:
    text = minimum.strip().upper()
    if len(text) == 2 and text[0] == text[1] and text[0] in RANK_VALUE:
        return RANK_VALUE[text[0]]
    raise RulebookError(
        f"openers minimum must be a pair like 'JJ', not {minimum!r}",
        hint="jacks or better is 'JJ'; progressive jackpots use 'QQ', 'KK', 'AA'",
    )


def opens(cards: Sequence[Card], minimum: str = "JJ", wild: WildRules | None = None) -> bool:
    """Do 2–5 known cards hold openers: a pair of ``minimum``'s rank or better, or any higher hand?

    Jackpots (rule ``jackpots.1``, progressive option): two pair, trips, a straight, … always open.
    ``wild``: ``WildRules(bug=True)`` under ``jackpots.bug`` (an ace and the bug are a pair of aces;
    on fewer than five cards the bug is an ace).
    """
    need = _pair_rank(minimum)
    hand = known_cards(cards, "openers")
    if not 2 <= len(hand) <= 5:
        raise InputError(f"openers are shown with 2 to 5 cards, not {len(hand)}")
    if len(hand) == 5:
        value = _five(hand, wild, True, "none")
        category, ranks = value.category, value.ranks
    else:
        category, ranks = _partial(hand, wild)
    return category > Category.PAIR or (category == Category.PAIR and ranks[0] >= need)
