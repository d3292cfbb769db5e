"""An action a game declares next to its handler: its event kind, its words in the hand format (how a
line is read into the event and how the event is written back), the finding codes its handler may
flag, and what the table's ``?`` asks the engine about it.

A game lists its own in ``actions`` (a class attribute; python-chess's variants carry their own
attributes the same way); the hand-file reader, the writer, the finding catalogue and the live
table's ``?`` take them from the game registry (:mod:`referee.engine.games`), so a new action is
written in its game's module alone.  The actions several games share are declared once, where the
turn engine that plays them lives (bets in :mod:`referee.engine.betting`, the widow's exchanges in
:mod:`referee.engine.exchanges`, brag stakes in :mod:`referee.engine.staking`, what happens at any
table in :mod:`referee.engine.games.common`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Protocol

from referee.cards import CARDS_HINT, AnyCard, check_no_duplicates, parse_cards
from referee.engine import events as ev
from referee.engine.findings import FindingKind
from referee.errors import CardError, HandFileError, InputError, excerpt
from referee.i18n import N_, _, ngettext
from referee.money import check_count


class Reading(Protocol):
    """What a hand-format reader tells an action's ``read``: the game (its registry name) and the seat
    names."""

    game: str

    def resolve(self, name: str) -> str:
        """The seat name a typed name stands for (a hand-file error when none)."""
        ...


@dataclass(frozen=True)
class Action:
    """One action of a game, declared next to its handler.

    * ``kind``: the event the action is (a :class:`~referee.engine.events.PlayerEvent`; a game's own
      kind is stored by its class name, like the shared ones).
    * ``words``: a regular expression for what follows ``Name:`` on its hand-file line (matched whole,
      case ignored); ``read`` makes the event from the player's seat name and the match.
    * ``write``: the event's words after ``Name:`` (reading them gives the event back), given the event
      and the cards in a hand of the game (0 when no game is known).
    * ``findings``: the finding codes its handler may flag, each with its kind and meaning.
    * ``probe``: the action the table's ``?`` asks the engine about for a player (the rules its
      findings cite are quoted); ``rules``: rule ids ``?`` quotes whenever the hand is under way.
    * ``verbs``: the words its line may begin with, in their plain form (``bet`` for ``bets``), when
      ``words`` do not begin with one plain word (``is dealt`` or ``dealt``); a reader tries a line only
      against the actions its first word may begin (:attr:`first_words`).
    """

    kind: type[ev.PlayerEvent]
    words: str
    read: Callable[[Reading, str, re.Match[str]], ev.PlayerEvent]
    write: Callable[[Any, int], str]
    findings: Mapping[str, tuple[FindingKind, str]] = field(default_factory=dict)
    probe: Callable[[str], ev.PlayerEvent] | None = None
    rules: tuple[str, ...] = ()
    verbs: tuple[str, ...] = ()

    @cached_property
    def first_words(self) -> frozenset[str] | None:
        """The words (lower case, plain form) a line of this action begins with: ``verbs``, else the
        plain word ``words`` begins with; None when neither says (the action is tried on every line)."""
        if self.verbs:
            return frozenset(self.verbs)
        m = re.match(r"[a-z]+(?![a-z?*+{|])", self.words)
        return frozenset({m[0]}) if m else None

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        """The action's words compiled once (a night file reads thousands of lines)."""
        return re.compile(self.words, re.IGNORECASE)

    def match(self, text: str) -> re.Match[str] | None:
        """The match of ``text`` (what follows ``Name:``) against the action's words, if it is one."""
        return self.pattern.fullmatch(text)


def verb(word: str) -> str:
    """Regex for a verb in either form: ``fold`` / ``folds``, ``pass`` / ``passes``."""
    return rf"{word}(?:es|s)?"


def parse_amount(text: str, what: str = N_("amount")) -> int:
    """A positive whole number of chips, at most :data:`referee.money.AMOUNT_LIMIT`; ``what`` names it
    in messages (marked by the caller, translated here)."""
    if not text.isdecimal():  # as \d+ reads it
        raise HandFileError(_("bad {what} {value}").format(what=_(what), value=excerpt(text)),
                            hint=_("chips are whole numbers, like 2"))
    try:
        value = check_count(text, what)
    except InputError as err:
        raise HandFileError(err.message, hint=err.hint) from None
    if value <= 0:
        raise HandFileError(_("bad {what} {value}: must be at least 1").format(what=_(what), value=excerpt(text)),
                            hint=_("write a positive number of chips"))
    return value


def read_cards(text: str, what: str, *, need: int | None = None) -> tuple[AnyCard, ...]:
    """Cards of one list (``what`` names it in messages); a card named twice in one list is an error."""
    try:
        out = parse_cards(text)
    except CardError as err:
        raise HandFileError(err.message, hint=err.hint or _(CARDS_HINT)) from err
    try:
        check_no_duplicates(out)
    except CardError as err:
        raise HandFileError(_("{problem} in {what}").format(problem=err.message, what=_(what)), hint=err.hint) from err
    if not out:
        raise HandFileError(_("no cards in {what}").format(what=_(what)),
                            hint=_("write the cards, '??' for each card nobody saw"))
    if need is not None and len(out) != need:
        raise HandFileError(
            ngettext("{what} has {count} card, not {need}", "{what} has {count} cards, not {need}", len(out)).format(
                what=_(what), count=len(out), need=need),
            hint=_("a brag hand is {need} cards").format(need=need) if need == 3 else None,
        )
    return tuple(out)


__all__ = ["Action", "Reading", "parse_amount", "read_cards", "verb"]
