"""The game registry: every game referee knows, each a :class:`~referee.engine.state.HandState`
subclass in a module of its own (python-chess's ``chess.variant`` is the model).

Everything that lists games reads this: the hand-file vocabulary and its hints, the replay, the
rulebook schema (a game's rule-id prefix, the game a variant's rulebook may extend), ``referee
rulebook list``.  A variant is a subclass of the game it varies (Jackpots of straight draw): its
rulebook may extend that game's, and it inherits that game's events and hooks.

To add a game: write its module (class attributes and hooks, see ``straight_draw.py``), import it
here and put it in :data:`GAMES` -- or call :func:`register` (a plug-in, a test).
"""

from __future__ import annotations

import difflib
import re

from referee.engine.events import Void
from referee.engine.games.five_card_stud import FiveCardStud
from referee.engine.games.jackpots import Jackpots
from referee.engine.games.la_viuda import LaViuda
from referee.engine.games.nine_card_brag import NineCardBrag
from referee.engine.games.seven_card_brag import SevenCardBrag
from referee.engine.games.stop_the_bus import StopTheBus
from referee.engine.games.straight_draw import StraightDraw
from referee.engine.games.three_card_brag import ThreeCardBrag
from referee.engine.games.whiskey_poker import WhiskeyPoker
from referee.engine.state import HandState
from referee.errors import InputError

Game = type[HandState]

#: Every game, in the order of RULES.md.
GAMES: list[Game] = []


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().casefold())


def register(game: Game) -> Game:
    """Add ``game`` to the registry (checked: a name and prefix of its own, and a replayed game plays
    every event it accepts).  Returns it, so it can decorate the class."""
    if not game.name or not game.prefix:
        raise ValueError(f"{game.__name__} needs a name and a rule-id prefix")
    for other in GAMES:
        if other.name == game.name:
            raise ValueError(f"a game named {game.name!r} is registered already ({other.__name__})")
    if game.replays:
        unplayed = [k.__name__ for k in game.events if k is not Void and k not in game.handlers]
        unlisted = [k.__name__ for k in game.handlers if k not in game.events]
        if unplayed or unlisted:
            raise ValueError(f"{game.__name__}: events accepted but not played {unplayed}, played but not "
                             f"accepted {unlisted}")
    GAMES.append(game)
    return game


def unregister(game: Game) -> None:
    """Take ``game`` out of the registry (a test's toy game)."""
    GAMES.remove(game)


for _game in (StraightDraw, Jackpots, FiveCardStud, WhiskeyPoker, LaViuda, ThreeCardBrag, SevenCardBrag,
              NineCardBrag, StopTheBus):
    register(_game)


def game_names() -> tuple[str, ...]:
    """The rulebook names of the registered games, in order."""
    return tuple(g.name for g in GAMES)


def find_game(name: str) -> Game:
    """The game called ``name`` (its rulebook name, title or an alias; case, spaces and underscores
    do not matter).  An unknown name is an :class:`~referee.errors.InputError` with a hint."""
    for game in GAMES:  # the rulebook's own name: the common case
        if game.name == name:
            return game
    wanted = _key(name)
    for game in GAMES:
        if wanted in {_key(game.name), _key(game.title), *map(_key, game.aliases)}:
            return game
    close = difflib.get_close_matches(name, game_names(), n=1, cutoff=0.5)
    hint = f"did you mean {close[0]!r}?" if close else "games: " + ", ".join(game_names())
    raise InputError(f"unknown game {name!r}", hint=hint)


def base_game(game: Game) -> Game | None:
    """The registered game ``game`` is a variant of (its nearest registered ancestor), if any."""
    for klass in game.__mro__[1:]:
        if klass in GAMES:
            return klass  # type: ignore[return-value]
    return None


def replayed_games() -> tuple[str, ...]:
    return tuple(g.name for g in GAMES if g.replays)


__all__ = ["GAMES", "Game", "base_game", "find_game", "game_names", "register", "replayed_games", "unregister"]
