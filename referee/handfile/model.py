"""What a hand file holds once read: a night of hands, each with its seats, rulebook and events.

The parser fills these; the writer turns them back into canonical text; ``referee replay`` hands
them to the rules engine.  Stacks are *not* threaded here: a night gives the starting stacks and,
per hand, who sat down (with what), who left and who added chips; the engine carries the rest
(stacks, the carried pot, whose deal it is) from hand to hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from referee.engine.events import (AddChips, ChangeOption, ChangeRulebook, Event, GameSoFar, Leave, Ruling, SetDealer,
                                   Shuffle, SitDown, Unvoided, Voided)
from referee.engine.table import Seat
from referee.plain_words import NAME_RE

#: The words of the format that no player may be called.
RESERVED = frozenset({"rulebook", "option", "seats", "seat", "dealer", "hand", "misdeal", "void", "widow", "dummy"})

OptionValue = str | int


def _frozen_options(options: Mapping[str, OptionValue] | None = None) -> Mapping[str, OptionValue]:
    return MappingProxyType(dict(options or {}))


#: the seat changes a hand header may hold (events of the night, as the session log keeps them)
SeatChange = SitDown | Leave | AddChips
#: the night events that may follow the last hand (``after the last hand``), in the order they happened;
#: a void of the night and its undoing are written there too, wherever the log holds them
ClosingChange = SitDown | Leave | AddChips | SetDealer | ChangeRulebook | ChangeOption | Shuffle | Voided | Unvoided


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand of the night, as logged.

    ``rulebook`` is the rulebook reference in force (a shipped name or a resolved path; the rulebook
    itself, with the options, is :func:`referee.rulebook.loader.load_rules`) and
    ``options`` every override in force for this hand (the night's and the earlier hands', in
    order of writing); ``option_changes`` are those written in this hand's own header.
    ``changes`` are the seat changes of its header in the order written; ``seats`` is the
    clockwise seating order for this hand, after them.  ``dealer`` is set only when the hand
    names its dealer; otherwise the deal passes per the rules.  ``shuffled``: the header marks the
    pack as shuffled before this deal (three-card brag, ``brag.shuffle``).
    """

    number: int
    game: str
    rulebook: str
    options: Mapping[str, OptionValue]
    seats: tuple[str, ...]
    events: tuple[Event, ...]
    dealer: str | None = None
    changes: tuple[SeatChange, ...] = ()
    rulebook_change: str | None = None
    option_changes: Mapping[str, OptionValue] = field(default_factory=_frozen_options)
    line: int | None = field(default=None, compare=False)
    shuffled: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandEntry):
            return NotImplemented
        return (
            self.number == other.number
            and self.game == other.game
            and self.rulebook == other.rulebook
            and dict(self.options) == dict(other.options)
            and self.seats == other.seats
            and self.events == other.events
            and self.dealer == other.dealer
            and self.changes == other.changes
            and self.rulebook_change == other.rulebook_change
            and dict(self.option_changes) == dict(other.option_changes)
            and self.shuffled == other.shuffled
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def joined(self) -> tuple[SitDown, ...]:
        """Players who sat down before this hand."""
        return tuple(c for c in self.changes if isinstance(c, SitDown))

    @property
    def left(self) -> tuple[str, ...]:
        """Names of the players who got up before this hand."""
        return tuple(c.player for c in self.changes if isinstance(c, Leave))

    @property
    def added(self) -> tuple[AddChips, ...]:
        """Chips added between the previous hand and this one."""
        return tuple(c for c in self.changes if isinstance(c, AddChips))


@dataclass(frozen=True, slots=True)
class Night:
    """A whole hand file: the header and the hands in order.

    ``rulebook`` and ``options`` are those of the header (hands may change them later);
    ``seats`` the opening seating, clockwise, with starting stacks; ``dealer`` the first dealer
    (``None``: the log does not say, where the game can tell from the play); ``so_far`` the game
    already under way when the night starts (``game so far:``), if it is; ``rulings`` the disputes
    ruled on it (a session log's :class:`~referee.engine.events.Ruling` events, in the order made;
    a hand file has none).  ``closing``: the night events after the last hand (after the header, in a
    night with no hands), in the order they happened: they apply from the next hand to be dealt.
    ``source`` is the file name used in error messages (``night.txt``); ``base_dir`` the folder
    a rulebook path in the file is relative to.  ``texts``: the rulebook files the night plays under
    as recorded, (key, text) (a session log's ``RulebookText`` events, a hand file's ``rulebook file``
    blocks): its rulebooks are read from them, not from the disk
    (:func:`referee.rulebook.loader.load_rules`); what it is written in, not what it is (left out of
    equality)."""

    source: str
    rulebook: str
    game: str
    options: Mapping[str, OptionValue]
    seats: tuple[Seat, ...]
    dealer: str | None
    hands: tuple[HandEntry, ...]
    base_dir: str | None = None
    so_far: GameSoFar | None = None
    rulings: tuple[Ruling, ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    closing: tuple[ClosingChange, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Night):
            return NotImplemented
        return (
            self.rulings == other.rulings
            and self.rulebook == other.rulebook
            and self.game == other.game
            and dict(self.options) == dict(other.options)
            and self.seats == other.seats
            and self.dealer == other.dealer
            and self.hands == other.hands
            and self.so_far == other.so_far
            and self.closing == other.closing
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def stacks(self) -> dict[str, int]:
        """The opening stacks by seat name."""
        return {s.name: s.stack for s in self.seats}
