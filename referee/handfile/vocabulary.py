"""Which lines a hand of each game may hold: read from the game registry (:mod:`referee.engine.games`).

This is the format's own check, not a ruling: an action that can physically happen at a table of
this game (a check in brag, a raise over the limit) is always accepted and judged later by the
engine; an action that cannot even be described in this game (a knock in jackpots, a draw in
stud) is a misread line and stops the parse.
"""

from __future__ import annotations

import re
from typing import Final

from referee.engine import events as ev
from referee.engine.games import find_game
from referee.engine.games.common import SHARED_ACTIONS
from referee.handfile.shorthand import offered_verbs
from referee.i18n import N_

# Hints for actions that belong to another game's words.
BRAG_HINT: Final = N_("brag has no bets, calls or raises: write the chips put in as 'Ann: stake 2'")


def allowed(game: str, kind: type[ev.Event]) -> bool:
    """True if an event of ``kind`` can be written in a hand of ``game``."""
    return kind in find_game(game).events


def declarations(game: str) -> frozenset[str]:
    """What a ``Declare`` may say in ``game``."""
    return find_game(game).declarations


def hand_size(game: str) -> int:
    """Cards in a hand of ``game`` (what ``exchanges all`` swaps)."""
    return find_game(game).hand_size


def title(game: str) -> str:
    """The game's name as its players read it (the game class's ``title``: ``Three-card Brag``)."""
    return find_game(game).title


#: A whole hand of cards in an example line (``dealt Jh Jd ?? ?? ??``, ``shows As Ad Kc Kd 2s``).
_HAND_EXAMPLE = re.compile(r"^((?:is\s+)?dealt(?:\s+down)?|shows)\s+((?:\S\S\s+){2,}\S\S)$")
_PADDING = ("3c", "4d", "5h", "6s", "8c", "9d", "Th", "Qs")


def fit_to_hand(line: str, size: int) -> str:
    """An example line of a whole hand with as many cards as a hand of the game holds: a
    three-card game's deal reads ``dealt Jh Jd ??``, never five cards."""
    m = _HAND_EXAMPLE.match(line)
    if m is None:
        return line
    cards = m[2].split()
    pad = "??" if "??" in cards else None
    while len(cards) < size:
        cards.append(pad or next(c for c in _PADDING if c not in cards))
    return f"{m[1]} {' '.join(cards[:size])}"


def _examples(game: str) -> list[str]:
    """The game's example lines of what it offers (a check in brag can be logged, never offered): a
    player's action only where its verb is offered, the table's lines always."""
    g = find_game(game)
    offered = offered_verbs(game)
    said_by_players = {action.kind for action in (*SHARED_ACTIONS, *g.actions)}
    return [" | ".join(fit_to_hand(part, g.hand_size) for part in text.split(" | "))
            for kind, text in g.events.items()
            if not text[0].islower() or kind not in said_by_players or text.split()[0] in offered]


def action_examples(game: str) -> str:
    """The player actions a hand of ``game`` may hold, as examples for a hint (a whole hand's cards
    as many as the game deals)."""
    return "; ".join(dict.fromkeys(_examples(game)))


def example(game: str, kind: type[ev.Event]) -> str:
    """The example line of ``kind`` in ``game`` (its first form), or the event's name."""
    text = find_game(game).events.get(kind)
    return fit_to_hand(text.split(" | ")[0], find_game(game).hand_size) if text else kind.__name__.lower()


def dealer_may_be_unknown(game: str) -> bool:
    """True if a night of ``game`` may leave the dealer unsaid (the replay works him out from the play)."""
    return find_game(game).dealer_may_be_unknown
