"""Cards: the one notation and the one parser of the project.

Notation (output is always canonical):

* ranks ``2 3 4 5 6 7 8 9 T J Q K A`` (``10`` accepted on input, lower case accepted);
* suits ``c d h s`` (``♣ ♦ ♥ ♠`` and their hollow forms accepted on input);
* ``Jk1`` and ``Jk2`` for the two jokers (case-insensitive on input);
* ``??`` for a card that exists but was not seen.

Every known card is an interned :class:`Card`, so ``is`` and ``==`` agree and cards hash cheaply.
Ranks are integers 2..14 (ace high); suits are one-letter strings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from referee.errors import CardError, InputError, excerpt
from referee.i18n import N_, _, pgettext

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
RANK_VALUE: Final = {ch: i + 2 for i, ch in enumerate(RANKS)}
RANK_CHAR: Final = {v: k for k, v in RANK_VALUE.items()}
RANK_NAME: Final = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}
RANK_PLURAL: Final = {r: ("sixes" if r == 6 else n + "s") for r, n in RANK_NAME.items()}
SUIT_NAME: Final = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_SYMBOL: Final = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_SUIT_INPUT: Final = {
    "c": "c", "d": "d", "h": "h", "s": "s",
    "♣": "c", "♦": "d", "♥": "h", "♠": "s",
    "♧": "c", "♢": "d", "♡": "h", "♤": "s",
}
JOKER_RANK: Final = 0
ACCEPTED_FORMS: Final = N_("rank+suit like 'Ts', 'Qh', '10d', a joker 'Jk1'/'Jk2', or '??'")
#: how to write cards, the hint of a card that cannot be read
CARDS_HINT: Final = N_("write cards like 'Ts Qh 9c', jokers as 'Jk1', unseen cards as '??'")


class Card:
    """One card of a pack.  Do not construct directly: use :func:`parse_card` or the constants."""

    __slots__ = ("rank", "suit", "index", "text", "is_joker")

    rank: int
    suit: str
    index: int
    text: str
    is_joker: bool

    def __init__(self, rank: int, suit: str, index: int, text: str) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "is_joker", rank == JOKER_RANK)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (parse_card, (self.text,))

    @property
    def pretty(self) -> str:
        """The card with a suit symbol, for humans: ``T♠``, ``Jk1``."""
        return self.text if self.is_joker else RANK_CHAR[self.rank] + SUIT_SYMBOL[self.suit]


class UnknownCard:
    """A card that exists but was not seen (``??``).  Every ``??`` is the same object."""

    __slots__ = ()
    text = "??"
    pretty = "??"

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __str__(self) -> str:
        return "??"


UNKNOWN: Final = UnknownCard()

_ALL: list[Card] = [
    Card(rank, suit, (rank - 2) * 4 + s, RANK_CHAR[rank] + suit)
    for rank in range(2, 15)
    for s, suit in enumerate(SUITS)
]
JOKER_1: Final = Card(JOKER_RANK, "", 52, "Jk1")
JOKER_2: Final = Card(JOKER_RANK, "", 53, "Jk2")
JOKERS: Final = (JOKER_1, JOKER_2)
ALL_CARDS: Final[tuple[Card, ...]] = tuple(_ALL) + JOKERS
_BY_TEXT: Final[dict[str, Card]] = {c.text: c for c in ALL_CARDS}

AnyCard = Card | UnknownCard


def card(text: str) -> Card:
    """A known card from canonical or accepted text; for code and tests (raises CardError)."""
    parsed = parse_card(text)
    if parsed is UNKNOWN:
        raise CardError(_("'??' is not a known card here"), hint=_("name the card, like 'Ts'"))
    assert isinstance(parsed, Card)
    return parsed


def cards(text: str) -> list[Card]:
    """Known cards from a space-separated string: ``cards("As Kd Jk1")``."""
    return [card(t) for t in text.split()]


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``: which card of a list (``3-я`` in Russian)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    words = {"st": pgettext("ordinal of a card", "{n}st"), "nd": pgettext("ordinal of a card", "{n}nd"),
             "rd": pgettext("ordinal of a card", "{n}rd"), "th": pgettext("ordinal of a card", "{n}th")}
    return words[suffix].format(n=n)


def parse_card(token: str, position: int | None = None) -> AnyCard:
    """Read one card token.  ``position`` (1-based) only makes the error message say which card."""
    found = _BY_TEXT.get(token)
    if found is not None:
        return found
    t = token.strip()
    if t == "??":
        return UNKNOWN
    low = t.lower()
    if low in ("jk1", "jk2"):
        return _BY_TEXT["Jk" + low[2]]
    if len(t) >= 2:
        rank_text, suit_text = t[:-1], t[-1]
        suit = _SUIT_INPUT.get(suit_text.lower())
        rank = 10 if rank_text == "10" else RANK_VALUE.get(rank_text.upper()) if len(rank_text) == 1 else None
        if suit is not None and rank is not None:
            return _BY_TEXT[RANK_CHAR[rank] + suit]
    if position is None:
        message = _("bad card {card}: expected {forms}")
    else:
        message = _("bad card {card} ({ordinal} card): expected {forms}")
    raise CardError(message.format(card=excerpt(token), ordinal=_ordinal(position or 0), forms=_(ACCEPTED_FORMS)),
                    hint=_(CARDS_HINT))


def parse_cards(text: str | Iterable[str]) -> list[AnyCard]:
    """Read cards separated by spaces or commas (or an iterable of tokens), ``??`` allowed."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(tok, i) for i, tok in enumerate(tokens, 1)]


def parse_known_cards(text: str | Iterable[str]) -> list[Card]:
    """Like :func:`parse_cards` but every card must be known (no ``??``)."""
    out = parse_cards(text)
    for i, c in enumerate(out, 1):
        if c is UNKNOWN:
            raise CardError(_("card {number} is '??' but a known card is needed here").format(number=i),
                            hint=_("name the card, like 'Ts'"))
    return out  # type: ignore[return-value]


def format_cards(cs: Iterable[AnyCard], *, pretty: bool = False) -> str:
    return " ".join(c.pretty if pretty else c.text for c in cs)


def duplicates(cs: Iterable[AnyCard]) -> list[Card]:
    """Known cards that appear more than once, in order of their second appearance (``??`` ignored)."""
    seen: set[int] = set()
    dups: list[Card] = []
    for c in cs:
        if isinstance(c, Card):
            if c.index in seen:
                dups.append(c)
            seen.add(c.index)
    return dups


def check_no_duplicates(cs: Sequence[AnyCard], *, where: str | None = None) -> None:
    """Raise :class:`CardError` if a known card was dealt twice."""
    dups = duplicates(cs)
    if dups:
        names = ", ".join(c.text for c in dups)
        raise CardError(
            _("card dealt twice: {cards}").format(cards=names),
            where=where,
            hint=_("a pack holds each card once; correct the card that was misread"),
        )


def known_cards(cards: Iterable[object], what: str) -> tuple[Card, ...]:
    """The cards as a tuple, each a known card (no ``??``), none twice; else an error saying which.

    For code that ranks or compares hands: only seen cards can be ranked."""
    hand = tuple(cards)
    if len({c.index for c in hand if type(c) is Card}) == len(hand):
        return hand
    for i, c in enumerate(hand, 1):
        if not isinstance(c, Card):
            if getattr(c, "text", None) == "??":
                raise CardError(
                    _("{what}: card {number} is '??' (not seen); only seen cards can be ranked").format(
                        what=what, number=i),
                    hint=_("record the cards as they were shown"),
                )
            raise InputError(
                f"{what}: card {i} is {c!r}, not a card",
                hint="read cards with referee.cards.parse_cards",
            )
    check_no_duplicates(hand, where=what)
    raise AssertionError("unreachable: cards checked")  # pragma: no cover


# ---------------------------------------------------------------- packs


def standard_deck() -> list[Card]:
    """The 52-card pack."""
    return list(_ALL)


def deck_with_jokers() -> list[Card]:
    """52 cards plus the two jokers (La Viuda)."""
    return list(ALL_CARDS)


def short_pack(players: int) -> list[Card]:
    """The short pack of the short-pack whisky variant: A-K-Q-J-T for two players, one more rank
    (9, 8, ...) per extra player, down to the full pack."""
    if players < 2:
        raise CardError(_("a short pack needs at least 2 players, not {players}").format(players=players))
    ranks = min(5 + (players - 2), 13)
    lowest = 15 - ranks
    return [c for c in _ALL if c.rank >= lowest]
