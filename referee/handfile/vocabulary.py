"""Which lines a hand of each game may hold: read from the game registry (:mod:`referee.engine.games`).

This is the format's own check, not a ruling: an action that can physically happen at a table of
this game (a check in brag, a raise over the limit) is always accepted and judged later by the
engine; an action that cannot even be described in this game (a knock in jackpots, a draw in
stud) is a misread line and stops the parse.
"""

from __future__ import annotations

from typing import Final

from referee.engine import events as ev
from referee.engine.games import find_game

# Hints for actions that belong to another game's words.
BRAG_HINT: Final = "brag has no bets, calls or raises: write the chips put in as 'Ann: stake 2'"


def allowed(game: str, kind: type[ev.Event]) -> bool:
    """True if an event of ``kind`` can be written in a hand of ``game``."""
    return kind in find_game(game).events


def declarations(game: str) -> frozenset[str]:
    """What a ``Declare`` may say in ``game``."""
    return find_game(game).declarations


def hand_size(game: str) -> int:
    """Cards in a hand of ``game`` (what ``exchanges all`` swaps)."""
    return find_game(game).hand_size


def action_examples(game: str) -> str:
    """The player actions a hand of ``game`` may hold, as examples for a hint."""
    return "; ".join(dict.fromkeys(find_game(game).events.values()))


def example(game: str, kind: type[ev.Event]) -> str:
    """The example line of ``kind`` in ``game`` (its first form), or the event's name."""
    text = find_game(game).events.get(kind)
    return text.split(" | ")[0] if text else kind.__name__.lower()


def dealer_may_be_unknown(game: str) -> bool:
    """True if a night of ``game`` may leave the dealer unsaid (the replay works him out from the play)."""
    return find_game(game).dealer_may_be_unknown
