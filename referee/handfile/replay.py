"""A read hand file handed to the rules engine: :func:`replay_night_file`.

This is glue only: each :class:`HandEntry` becomes the engine's
:class:`~referee.engine.replay.NightHand` (its rulebook loaded with the options in force) and
:func:`referee.engine.replay.replay_night` threads stacks, dealer and carried pot from hand to hand.
An error the engine raises about a hand or an action is placed at the hand file's line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.errors import HandFileError, RefereeError
from referee.handfile.model import HandEntry, Night, OptionValue
from referee.handfile.parser import load_rules

if TYPE_CHECKING:
    from referee.engine.replay import HandReplay, NightHand
    from referee.rulebook import Rulebook

@dataclass(frozen=True)
class ReplayedHand:
    """One hand of the file and what the engine made of it."""

    entry: HandEntry
    replay: "HandReplay"

    @property
    def rulebook(self) -> "Rulebook":
        return self.replay.setup.rulebook

    def line_of(self, action: int | None) -> int | None:
        """The hand-file line of action ``action`` (1-based), if it has one."""
        if action is None or not 1 <= action <= len(self.entry.events):
            return None
        return self.entry.events[action - 1].line


class _Rulebooks:
    """Each (rulebook, options) pair of the night loaded once."""

    def __init__(self, base_dir: str | None) -> None:
        self.base_dir = base_dir
        self.cache: dict[tuple[str, tuple[tuple[str, OptionValue], ...]], Rulebook] = {}

    def get(self, ref: str, options: Mapping[str, OptionValue]) -> "Rulebook":
        key = (ref, tuple(options.items()))
        if key not in self.cache:
            self.cache[key] = load_rules(ref, dict(options), self.base_dir)
        return self.cache[key]


def night_hands(night: Night) -> list["NightHand"]:
    """The engine's view of each hand of ``night``."""
    from referee.engine.replay import NightHand

    books = _Rulebooks(night.base_dir)
    out: list[NightHand] = []
    for hand in night.hands:
        added: dict[str, int] = {}
        for add in hand.added:
            added[add.player] = added.get(add.player, 0) + add.amount
        out.append(
            NightHand(
                rulebook=books.get(hand.rulebook, hand.options),
                seats=hand.seats,
                events=hand.events,
                number=hand.number,
                dealer=hand.dealer,
                joined={s.player: s.stack for s in hand.joined},
                added=added,
            )
        )
    return out


def _locate(night: Night, err: RefereeError) -> HandFileError:
    """``night.txt:LINE: hand 3, action 7: <message>`` for an engine error about a hand or action."""
    line: int | None = None
    hand = next((h for h in night.hands if h.number == err.hand), None) if err.hand is not None else None
    if hand is not None:
        line = hand.line
        if err.action is not None and 1 <= err.action <= len(hand.events):
            line = hand.events[err.action - 1].line or line
    where = f"{night.source}:{line}" if line else night.source
    message = f"{err.where}: {err.message}" if err.where else err.message
    located = HandFileError(message, where=where, hint=err.hint)
    located.__cause__ = err
    return located


def replay_night_file(night: Night) -> list[ReplayedHand]:
    """Replay every hand of ``night`` with the rules engine, in order.

    Raises :class:`HandFileError` at the file's line for input the engine cannot replay at all
    (a game it does not replay yet, a card held twice); rule breaches are findings, not errors.
    """
    from referee.engine.replay import SUPPORTED_GAMES, replay_night

    for hand in night.hands:
        if hand.game not in SUPPORTED_GAMES:
            raise HandFileError(
                f"hand {hand.number} is {hand.game.replace('_', ' ')}, which the rules engine does not replay yet",
                where=f"{night.source}:{hand.line}",
                hint="games replayed: " + ", ".join(g.replace("_", " ") for g in SUPPORTED_GAMES),
            )
    try:
        replays = replay_night(
            [(s.name, s.stack) for s in night.seats], night.dealer, night_hands(night)
        )
    except RefereeError as err:
        raise _locate(night, err) from err
    return [ReplayedHand(entry, replay) for entry, replay in zip(night.hands, replays, strict=True)]
