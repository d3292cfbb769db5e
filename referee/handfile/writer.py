"""The hand-file writer: a :class:`~referee.handfile.model.Night` (or one hand's events) back to the
canonical text.  Reading what it writes gives the same night: ``parse_night(write_night(n)) == n``.

Canonical means: one form per action (``folds``, ``bets 2``, ``raises to 6``, ``stands pat``),
cards in their canonical notation, names spelled as seated, a blank line before each hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from referee.cards import AnyCard, format_cards
from referee.engine import events as ev
from referee.engine.actions import Action
from referee.engine.events import GameSoFar
from referee.engine.games import all_games, find_game
from referee.engine.games.common import SHARED_ACTIONS
from referee.errors import RefereeError
from referee.handfile.model import AddChips, ClosingChange, HandEntry, Leave, Night, OptionValue, SitDown
from referee.handfile import vocabulary


def _cards(cs: Iterable[AnyCard]) -> str:
    return format_cards(cs)


def _reason(text: str) -> str:
    return f": {text}" if text else ""


class EventWriter:
    """Writes the events of a hand of ``game``: each event's line depends on the event alone (and on
    the game's hand size, for ``exchanges all``)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def line(self, e: ev.Event) -> str:
        """The line for ``e``."""
        return self._text(e)

    def _text(self, e: ev.Event) -> str:
        if isinstance(e, ev.Misdeal):
            return "misdeal" + _reason(e.reason)
        if isinstance(e, ev.Void):
            return f"void {e.action}" + _reason(e.reason)
        if isinstance(e, ev.TurnWidow):
            return "widow turned" + (f": {_cards(e.cards)}" if e.cards else "")
        if isinstance(e, ev.Expose) and e.by_dealer:
            return f"dealer exposes {e.card.text} to {e.player}"
        if isinstance(e, ev.Showdown):
            return "showdown:"
        if isinstance(e, ev.DealWidow):
            return f"widow dealt: {_cards(e.cards)}"
        if isinstance(e, ev.Reported):
            return f"{e.player} {self.action_words(e)}"
        assert isinstance(e, ev.PlayerEvent), f"unknown event {e!r}"
        return f"{e.player}: {self.action_words(e)}"

    def action_words(self, e: ev.PlayerEvent) -> str:
        """What follows ``Name:`` on the event's line: the words its action declares (a shared action,
        the game's own, or any registered game's)."""
        if isinstance(e, ev.Showdown):  # a table line: its words, for an error naming it
            return "showdown:"
        action = _action_for(type(e), self.game)
        if action is None:
            raise AssertionError(f"no words for event {e!r}")
        return action.write(e, vocabulary.hand_size(self.game) if self.game else 0)


_SHARED = {action.kind: action for action in SHARED_ACTIONS}


def _action_for(kind: type[ev.Event], game: str) -> Action | None:
    """The action of events of ``kind``: a shared one, ``game``'s own, else any registered game's."""
    if kind in _SHARED:
        return _SHARED[kind]
    own = find_game(game).actions if game else ()
    found = next((a for a in own if a.kind is kind), None)
    return found or next((a for g in all_games() for a in g.actions if a.kind is kind), None)


def write_events(events: Iterable[ev.Event], game: str) -> list[str]:
    """The body lines of one hand of ``game``."""
    writer = EventWriter(game)
    return [writer.line(e) for e in events]


def _options(options: Mapping[str, OptionValue]) -> list[str]:
    # by name: a night's text is the same whatever order its options were kept in (PostgreSQL's JSONB
    # keeps a session's options in an order of its own)
    return [f"option {name} = {options[name]}" for name in sorted(options)]


def change_line(change: ClosingChange) -> str:
    """The header line of a night event between hands: ``Eve sits down with 50 after Bob``, ``Bob
    leaves``, ``Ann adds 20``, ``dealer: Cy``, ``rulebook: …``, ``option … = …``, ``shuffled``; after
    the last hand also ``night void: …`` and ``night void undone: …``."""
    match change:
        case SitDown():
            return f"{change.player} sits down with {change.stack}" + (f" after {change.after}" if change.after else "")
        case Leave():
            return f"{change.player} leaves"
        case AddChips():
            return f"{change.player} adds {change.amount}"
        case ev.SetDealer() if change.player is not None:
            return f"dealer: {change.player}"
        case ev.ChangeRulebook():
            return f"rulebook: {change.rulebook}"
        case ev.ChangeOption():
            return f"option {change.name} = {change.value}"
        case ev.Shuffle():
            return "shuffled"
        case ev.Voided():
            return f"night void: {change.why}"
        case ev.Unvoided():
            return f"night void undone: {change.why}"
    raise AssertionError(f"no header line for {change!r}")


#: the line that opens the night events after the last hand (after the header, in a night with no hands)
CLOSING_LINE = "after the last hand"


def write_closing(closing: Iterable[ClosingChange]) -> list[str]:
    """The ``after the last hand`` section: its line, then each night event in the order it happened
    (nothing at all when there is none)."""
    lines = [change_line(change) for change in closing]
    return [CLOSING_LINE, *lines] if lines else []


def write_hand(hand: HandEntry) -> list[str]:
    """One hand: its ``hand N`` line, its header, its actions."""
    lines = [f"hand {hand.number}"]
    if hand.rulebook_change is not None:
        lines.append(f"rulebook: {hand.rulebook_change}")
    lines += _options(hand.option_changes)
    lines += [change_line(change) for change in hand.changes]
    if hand.dealer is not None:
        lines.append(f"dealer: {hand.dealer}")
    if hand.shuffled:
        lines.append("shuffled")
    lines += write_events(hand.events, hand.game)
    return lines


def write_so_far(so_far: GameSoFar) -> str:
    """``game so far: pool 7, fund 14, la viuda bought by Cy`` (the items given, in this order)."""
    items = []
    if so_far.pool is not None:
        items.append(f"pool {so_far.pool}")
    if so_far.fund is not None:
        items.append(f"fund {so_far.fund}")
    if so_far.bought is not None:
        items.append(f"la viuda bought by {so_far.bought_by}" if so_far.bought else "la viuda not bought")
    if so_far.points:
        items.append("points " + " ".join(f"{name} {n}" for name, n in so_far.points))
    return "game so far: " + ", ".join(items)


def write_rulebook_files(texts: tuple[tuple[str, str], ...]) -> list[str]:
    """The ``rulebook file KEY:`` blocks of a night's recorded rulebook files (each line of the text
    after ``| ``): every house file; a shipped rulebook only when its recorded text is not the one this
    referee ships (a reader with the same shipped text needs no copy of it)."""
    from referee.rulebook.loader import is_shipped_key, shipped_rulebook_path

    lines: list[str] = []
    for key, text in texts:
        if is_shipped_key(key):
            try:
                if shipped_rulebook_path(key).read_text(encoding="utf-8") == text:
                    continue
            except (OSError, RefereeError):
                pass
        lines.append(f"rulebook file {key}:")
        lines += [f"| {line}" if line else "|" for line in text.removesuffix("\n").split("\n")]
        lines.append("")
    return lines


def write_night(night: Night) -> str:
    """The whole night as canonical hand-file text."""
    lines = [f"rulebook: {night.rulebook}"]
    lines += _options(night.options)
    lines.append("seats: " + ", ".join(f"{s.name} {s.stack}" for s in night.seats))
    if night.dealer is not None:
        lines.append(f"dealer: {night.dealer}")
    if night.so_far is not None:
        lines.append(write_so_far(night.so_far))
    for hand in night.hands:
        lines.append("")
        lines += write_hand(hand)
    if night.closing:
        lines += ["", *write_closing(night.closing)]
    return "\n".join(lines) + "\n"
