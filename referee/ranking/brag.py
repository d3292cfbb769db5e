"""Three-card Brag hands (seed-001, RULES §6–§9): one total order, with or without wild cards.

Ranks, high to low (rule ``brag.2``): **prial** (three of a rank) > **running flush** > **run** >
**flush** > **pair** > **high card**.  Aces are high, but A-2-3 is the highest run and running flush,
A-K-Q the next; runs do not wrap round (2-A-K is not a run, ``brag.runs_wrap = no``).  Among prials
the game's special prial beats A-A-A (``top_prial``: 3-3-3 in three-card brag and Stop the Bus, 7-7-7
in seven-card, 9-9-9 in nine-card, or none); otherwise higher cards win; pairs compare the pair, then
the odd card.  Suits never rank.

Wild cards (rule ``brag.3``, option ``brag.wild``): none, the four deuces, or the traditional
braggers A♦ J♣ 9♦ (the seed's literal A♦ J♣ J♦ as its own option, RULES §10 item 10).  A wild card
counts as the card it represents — any card not already in the hand — and, with
``natural_beats_wild`` (``brag.natural_beats_wild = yes``), a hand with a wild card loses to the
same hand without one: the combination compares first, then natural beats wild, then the odd card,
so "a pair with a wild card loses to the same pair of natural cards even if its odd card is higher".

Equal hands are equal values; what a tie does (seer loses, split, pot carries) is the engine's rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from enum import IntEnum
from itertools import combinations
from typing import Final

from referee.cards import Card, card, format_cards, known_cards
from referee.errors import CardError, InputError, RulebookError
from referee.i18n import _, current
from referee.ranking.ordered import KeyOrdered
from referee.ranking.words import rank_word, ranks_genitive, run_words

__all__ = ["BragCategory", "BragRules", "BragValue", "WILD_SETS", "best_brag", "evaluate_brag"]


class BragCategory(IntEnum):
    """Three-card Brag categories, low to high."""

    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    RUN = 3
    RUNNING_FLUSH = 4
    PRIAL = 5


#: The wild cards of each ``brag.wild`` choice (None: every card of that rank).
WILD_SETS: Final[dict[str, frozenset[Card]]] = {
    "none": frozenset(),
    "deuces": frozenset(card(t) for t in ("2c", "2d", "2h", "2s")),
    "braggers_AD_JC_9D": frozenset(card(t) for t in ("Ad", "Jc", "9d")),
    "braggers_AD_JC_JD": frozenset(card(t) for t in ("Ad", "Jc", "Jd")),
}

#: Value of A-2-3 as a run: above A-K-Q (14).
ACE_TWO_THREE: Final = 15
#: Value of the special prial: above A-A-A (14).
TOP_PRIAL: Final = 15

_MADE: Final[dict[int, int]] = {
    BragCategory.PRIAL: 1,
    BragCategory.RUNNING_FLUSH: 1,
    BragCategory.RUN: 1,
    BragCategory.FLUSH: 3,
    BragCategory.PAIR: 1,
    BragCategory.HIGH_CARD: 3,
}


@dataclass(frozen=True, slots=True)
class BragRules:
    """The Brag ranking options.

    * ``top_prial`` — rank of the prial that beats A-A-A (3, 7, 9) or None (option ``brag.top_prial``;
      seven-card brag 7, nine-card brag 9);
    * ``wild`` — ``none | deuces | braggers_AD_JC_9D | braggers_AD_JC_JD`` (option ``brag.wild``);
    * ``natural_beats_wild`` — option ``brag.natural_beats_wild`` (seed-001: yes).
    """

    top_prial: int | None = 3
    wild: str = "none"
    natural_beats_wild: bool = True

    def __post_init__(self) -> None:
        if self.top_prial is not None and (
            isinstance(self.top_prial, bool) or self.top_prial not in range(2, 15)
        ):
            raise RulebookError(
                f"the special prial must be a rank 2..14 or none, not {self.top_prial!r}",
                hint="three-card brag: 3 (3-3-3); seven-card: 7; nine-card: 9",
            )
        if self.wild not in WILD_SETS:
            raise RulebookError(
                f"unknown brag wild cards {self.wild!r}",
                hint="one of: " + ", ".join(WILD_SETS),
            )

    @property
    def wild_cards(self) -> frozenset[Card]:
        return WILD_SETS[self.wild]


def _pack(category: int, values: Sequence[int], natural: bool) -> int:
    """Key: category, the made values, the natural bit, then the odd cards (4 bits a value)."""
    made = _MADE[category]
    key = category
    for v in values[:made]:
        key = key << 4 | v
    key = key << 1 | natural
    for v in values[made:]:
        key = key << 4 | v
    return key << 4 * (3 - len(values))


class BragValue(KeyOrdered):
    """The value of a three-card Brag hand.  Ordered by ``key``; equal hands are equal."""

    __slots__ = ("key", "category", "values", "cards", "used", "uses_wild")

    def __init__(
        self,
        category: BragCategory,
        values: tuple[int, ...],
        cards: tuple[Card, ...],
        used: tuple[Card, ...],
        *,
        uses_wild: bool,
        natural_beats_wild: bool,
    ) -> None:
        self.category = category
        #: The significant values, combination first: a run's or prial's value (A-2-3 = 15, the
        #: special prial = 15), a pair's rank then the odd card's, or the three ranks high to low.
        self.values = values
        #: The three cards as played (each wild shown as the card it stands for).
        self.cards = cards
        #: The three physical cards.
        self.used = used
        #: True when one of the cards is wild (even if it plays as itself).
        self.uses_wild = uses_wild
        self.key = _pack(category, values, natural_beats_wild and not uses_wild)

    @property
    def name(self) -> str:
        """The hand's name in the interface's language: ``"prial of threes"``, ``"run,
        ace-two-three"``, ``"pair of nines, king odd"`` (``"прайл троек"``); memoised by hand and
        language."""
        return _brag_name(self.category, self.values, self.cards[0].rank, current())

    def __repr__(self) -> str:
        played = format_cards(self.cards)
        if self.uses_wild:
            played += f" (from {format_cards(self.used)})"
        return f"<BragValue {self.name}: {played}>"


@lru_cache(maxsize=4096)
def _brag_name(c: BragCategory, v: tuple[int, ...], first_rank: int, language: object) -> str:
    # TRANSLATORS: the seeds' names of brag hands (seed-001: «Прайл», «Велосипед», «Пробежка», «Флеш»,
    # «Пара», «Старшая карта»); {ranks} in the genitive plural ("троек"), {odd} a rank ("король"),
    # {run} ranks high to low ("туз-двойка-тройка")
    if c is BragCategory.PRIAL:
        return _("prial of {ranks}").format(ranks=ranks_genitive(first_rank))
    if c in (BragCategory.RUNNING_FLUSH, BragCategory.RUN):
        top = v[0]
        run = run_words((14, 2, 3) if top == ACE_TWO_THREE else (top, top - 1, top - 2))
        if c is BragCategory.RUNNING_FLUSH:
            return _("running flush, {run}").format(run=run)
        return _("run, {run}").format(run=run)
    if c is BragCategory.PAIR:
        return _("pair of {ranks}, {odd} odd").format(ranks=ranks_genitive(v[0]), odd=rank_word(v[1]))
    if c is BragCategory.FLUSH:
        return _("flush, {run}").format(run=run_words(v))
    return _("high card, {run}").format(run=run_words(v))


# ---------------------------------------------------------------- natural hands


def run_value(ranks: Iterable[int]) -> int:
    """Value of three ranks as a run: A-2-3 = 15, A-K-Q = 14, … 4-3-2 = 4; 0 if not a run."""
    r = sorted(ranks)
    if r == [2, 3, 14]:
        return ACE_TWO_THREE
    if r[0] + 1 == r[1] and r[1] + 1 == r[2]:
        return r[2]
    return 0


def _natural(played: Sequence[Card], top_prial: int | None) -> tuple[BragCategory, tuple[int, ...]]:
    """Category and values of three cards as they are (wilds already replaced)."""
    ranks = sorted((c.rank for c in played), reverse=True)
    flush = played[0].suit == played[1].suit == played[2].suit
    if ranks[0] == ranks[2]:
        return BragCategory.PRIAL, (TOP_PRIAL if ranks[0] == top_prial else ranks[0],)
    run = run_value(ranks)
    if run:
        return (BragCategory.RUNNING_FLUSH if flush else BragCategory.RUN), (run,)
    if flush:
        return BragCategory.FLUSH, tuple(ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        odd = ranks[2] if ranks[0] == pair else ranks[0]
        return BragCategory.PAIR, (pair, odd)
    return BragCategory.HIGH_CARD, tuple(ranks)


# ---------------------------------------------------------------- wild cards

_SUITS: Final = "shdc"
_ALL_STANDARD: Final = tuple(card(r + s) for r in "AKQJT98765432" for s in _SUITS)


def _candidates(naturals: Sequence[Card], wilds: int, top_prial: int | None) -> list[list[Card]]:
    """The plays worth trying for the wild cards: one per possible best hand.

    Direct, not brute force: every category is built from the naturals' ranks and suits — the
    prial of the naturals' rank (or the special prial, then aces, with three wilds), each run and
    running flush through the naturals, the best flush, and the pair of the highest natural.
    """
    held = set(naturals)

    def free(rank: int, suit: str | None = None) -> list[Card]:
        return [c for c in _ALL_STANDARD if c.rank == rank and (suit is None or c.suit == suit) and c not in held]

    options: list[list[Card]] = []
    if wilds == 3:
        for rank in (top_prial or 14, 14):
            options.append(free(rank)[:3])
        return options
    ranks = [c.rank for c in naturals]
    if wilds == 2:
        options.append(free(ranks[0])[:2])  # a prial
        return options
    # One wild, two naturals.
    x, y = naturals
    if x.rank == y.rank:
        options.append(free(x.rank)[:1])
        return options
    same_suit = x.suit == y.suit
    for window in [(14, 2, 3)] + [(t, t - 1, t - 2) for t in range(14, 3, -1)]:
        if x.rank in window and y.rank in window:
            (missing,) = [r for r in window if r not in (x.rank, y.rank)]
            if same_suit:
                options.append(free(missing, x.suit)[:1])  # a running flush
            options.append(free(missing)[:1])
    if same_suit:
        best = next(r for r in range(14, 1, -1) if r not in ranks)
        options.append(free(best, x.suit)[:1])
    options.append(free(max(ranks))[:1])  # pair the higher card
    return [o for o in options if o]


def _check(cards: Iterable[object], what: str) -> tuple[Card, ...]:
    hand = known_cards(cards, what)
    for c in hand:
        if c.is_joker:
            raise CardError(f"{what}: {c.text} is a joker; Brag is played without jokers", hint="check the card")
    return hand


def _evaluate3(hand: tuple[Card, ...], rules: BragRules) -> BragValue:
    wild_cards = rules.wild_cards
    wild_at = [i for i, c in enumerate(hand) if c in wild_cards]
    if not wild_at:
        category, values = _natural(hand, rules.top_prial)
        return BragValue(
            category, values, hand, hand, uses_wild=False, natural_beats_wild=rules.natural_beats_wild
        )
    naturals = [c for i, c in enumerate(hand) if i not in wild_at]
    best: BragValue | None = None
    for play in _candidates(naturals, len(wild_at), rules.top_prial):
        played = list(hand)
        for i, c in zip(wild_at, play):
            played[i] = c
        category, values = _natural(played, rules.top_prial)
        value = BragValue(
            category, values, tuple(played), hand, uses_wild=True, natural_beats_wild=rules.natural_beats_wild
        )
        if best is None or value > best:
            best = value
    assert best is not None
    return best


def evaluate_brag(cards: Sequence[Card], rules: BragRules = BragRules()) -> BragValue:
    """The value of exactly three known cards under ``rules``.

    Raises :class:`~referee.errors.CardError` for ``??``, a joker or a card twice and
    :class:`~referee.errors.InputError` for a hand that is not three cards.
    """
    hand = _check(cards, "brag hand")
    if len(hand) != 3:
        raise InputError(
            f"a brag hand is three cards, not {len(hand)} ({format_cards(hand) or 'none'})",
            hint="best_brag() picks the best three of more",
        )
    return _evaluate3(hand, rules)


def best_brag(cards: Sequence[Card], rules: BragRules = BragRules()) -> BragValue:
    """The best three-card hand among three or more known cards (seven- and nine-card brag)."""
    hand = _check(cards, "brag cards")
    if len(hand) < 3:
        raise InputError(f"a brag hand needs three cards, only {len(hand)} given")
    return max(_evaluate3(three, rules) for three in combinations(hand, 3))
