"""The game registry: every game referee knows, each a :class:`~referee.engine.state.HandState`
subclass in a module of its own (python-chess's ``chess.variant`` is the model).

Everything that lists games reads this: the hand-file reader, writer and hints, the replay, the
rulebook schema (a game's options, its rule-id prefix, the game a variant's rulebook may extend), the
finding catalogue, the live table's ``?``, ``referee rulebook list``.  A variant is a subclass of the
game it varies (Jackpots of straight draw): its rulebook may extend that game's, and it inherits that
game's events, actions and hooks, and the options that game shares with its variants.

A game owns everything about itself, on its class: its options (``house_options``), its own actions
with their hand-format words and finding codes (``actions``), the codes of its other rulings
(``finding_codes``), the codes of its own that decide a dispute (``dispute_codes``), its phases in
words (``phase_words``), its spread limit (``spread_limit``), its events, handlers and hooks; nothing
outside this registry names a game.  To add a game: write its module (see
``straight_draw.py``) and its rulebook file, and name it in :data:`SHIPPED` -- or call
:func:`register` (a plug-in, a test's toy).  A shipped game's module is imported the first time the
game is asked for; :func:`all_games` imports them all.
"""

from __future__ import annotations

import difflib
import re
from importlib import import_module
from typing import TYPE_CHECKING

from referee.engine.events import Void, register_kind, unregister_kind
from referee.engine.findings import FindingKind, register_codes, unregister_codes
from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.engine.money import NightMoney
    from referee.engine.options import OptionSpec
    from referee.engine.state import HandState

Game = type["HandState"]

#: Every shipped game, in the order the rulebooks are listed (``docs/rulebooks.md``): its rulebook name, its module here and its class.  A
#: game's module is imported when that game is first asked for (``referee act`` in a Jackpots night
#: loads Jackpots and straight draw, not brag); anything that lists the games loads them all.
SHIPPED: tuple[tuple[str, str, str], ...] = (
    ("straight_draw", "straight_draw", "StraightDraw"),
    ("jackpots", "jackpots", "Jackpots"),
    ("five_card_stud", "five_card_stud", "FiveCardStud"),
    ("whiskey_poker", "whiskey_poker", "WhiskeyPoker"),
    ("la_viuda", "la_viuda", "LaViuda"),
    ("three_card_brag", "three_card_brag", "ThreeCardBrag"),
    ("seven_card_brag", "seven_card_brag", "SevenCardBrag"),
    ("nine_card_brag", "nine_card_brag", "NineCardBrag"),
    ("stop_the_bus", "stop_the_bus", "StopTheBus"),
)

#: The registry: every game's name, in order, and its class (None: shipped, not imported yet).
_GAMES: dict[str, Game | None] = {name: None for name, _, _ in SHIPPED}
_WHERE = {name: (module, cls) for name, module, cls in SHIPPED}


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().casefold())


def register(game: Game) -> Game:
    """Add ``game`` to the registry (checked: a name and prefix of its own, and a replayed game plays
    every event it accepts).  Returns it, so it can decorate the class."""
    if not game.name or not game.prefix:
        raise ValueError(f"{game.__name__} needs a name and a rule-id prefix")
    other = _GAMES.get(game.name)
    if other is not None or (game.name in _GAMES and _WHERE[game.name][1] != game.__name__):
        raise ValueError(f"a game named {game.name!r} is registered already "
                         f"({other.__name__ if other else _WHERE[game.name][1]})")
    foreign = [spec.name for spec in vars(game).get("house_options", ()) if spec.prefix != game.prefix]
    if foreign:
        raise ValueError(f"{game.__name__}: options not named under its prefix {game.prefix!r}: {foreign}")
    if game.replays:
        unplayed = [k.__name__ for k in game.events if k is not Void and k not in game.handlers]
        unlisted = [k.__name__ for k in game.handlers if k not in game.events]
        if unplayed or unlisted:
            raise ValueError(f"{game.__name__}: events accepted but not played {unplayed}, played but not "
                             f"accepted {unlisted}")
    undeclared = [a.kind.__name__ for a in game.actions if a.kind not in game.events]
    if undeclared:
        raise ValueError(f"{game.__name__}: actions declared but not among its events {undeclared}")
    kinds, codes = _declared(game)  # its own and its ancestors': their events stored, their findings catalogued
    for kind in kinds:
        register_kind(kind)
    register_codes(codes)
    _GAMES[game.name] = game
    return game


def _declared(game: Game) -> tuple[set[type], dict[str, tuple[FindingKind, str]]]:
    """The event kinds of the actions ``game`` and its ancestors declare, and their finding codes (the
    actions' and the classes' own)."""
    kinds: set[type] = set()
    codes: dict[str, tuple[FindingKind, str]] = {}
    for klass in reversed(game.__mro__):
        for action in vars(klass).get("actions", ()):
            kinds.add(action.kind)
            codes |= action.findings
        codes |= vars(klass).get("finding_codes", {})
    return kinds, codes


def unregister(game: Game) -> None:
    """Take ``game`` out of the registry (a test's toy game)."""
    if _GAMES.get(game.name) is not game:
        raise ValueError(f"{game.__name__} is not registered")
    del _GAMES[game.name]
    kinds, codes = _declared(game)
    kept_kinds: set[type] = set()
    kept_codes: dict[str, tuple[str, str]] = {}
    for other in _GAMES.values():  # what a game still registered declares stays
        if other is not None:
            other_kinds, other_codes = _declared(other)
            kept_kinds |= other_kinds
            kept_codes |= other_codes
    for kind in kinds - kept_kinds:
        unregister_kind(kind)
    unregister_codes({code: entry for code, entry in codes.items() if code not in kept_codes})


def _game(name: str) -> Game:
    """The registered game ``name`` (a key of the registry), its module imported if need be."""
    game = _GAMES[name]
    if game is None:
        module, cls = _WHERE[name]
        game = register(getattr(import_module(f"{__name__}.{module}"), cls))
    return game


def all_games() -> list[Game]:
    """Every registered game, in order (each module imported)."""
    return [_game(name) for name in list(_GAMES)]


def game_names() -> tuple[str, ...]:
    """The rulebook names of the registered games, in order (no game module is imported)."""
    return tuple(_GAMES)


def game_title(name: str) -> str:
    """The game's name as people read it: its class's ``title`` (``Three-card Brag``)."""
    return find_game(name).title


def find_game(name: str) -> Game:
    """The game called ``name`` (its rulebook name, title or an alias; case, spaces and underscores
    do not matter).  An unknown name is an :class:`~referee.errors.InputError` with a hint."""
    if name in _GAMES:  # the rulebook's own name: the common case, which imports that game only
        return _game(name)
    wanted = _key(name)
    for game in all_games():
        if wanted in {_key(game.name), _key(game.title), *map(_key, game.aliases)}:
            return game
    close = difflib.get_close_matches(name, game_names(), n=1, cutoff=0.5)
    hint = f"did you mean {close[0]!r}?" if close else "games: " + ", ".join(game_names())
    raise InputError(_("unknown game {name!r}").format(name=name), hint=hint)


def base_game(game: Game) -> Game | None:
    """The registered game ``game`` is a variant of (its nearest registered ancestor), if any."""
    for klass in game.__mro__[1:]:
        name = getattr(klass, "name", None)
        if isinstance(name, str) and name in _GAMES and _game(name) is klass:
            return klass  # type: ignore[return-value]
    return None


def options_of(game: Game) -> tuple[OptionSpec, ...]:
    """The house-rule options ``game`` plays under beside the common ones: those its ancestors share
    with their variants (straight draw's ``draw.*`` in jackpots), then its own (``house_options`` of
    its class), in that order."""
    found: list[OptionSpec] = []
    for klass in reversed(game.__mro__):
        own = vars(klass).get("house_options", ())
        found += [spec for spec in own if klass is game or spec.shared]
    return tuple(found)


def money_hooks() -> tuple[type[NightMoney], ...]:
    """Every registered game's money hook (:attr:`~referee.engine.state.HandState.night_money`), once
    each, in the games' order (each module imported)."""
    return tuple(dict.fromkeys(g.night_money for g in all_games() if g.night_money is not None))


def phase_words(game: str, phase: str) -> str:
    """A phase of ``game``'s hands in words, as the game declares it (or a game it varies, or every game:
    :attr:`~referee.engine.state.HandState.phase_words`); never the engine's own name for it."""
    for klass in find_game(game).__mro__:
        words = vars(klass).get("phase_words", {}).get(phase)
        if words is not None:
            return _(words)
    return phase.replace("_", " ")


def dispute_codes(game: str, topic: str) -> frozenset[str]:
    """The finding codes of ``game`` (and of the games it varies) that decide a dispute about ``topic``
    (:attr:`~referee.engine.state.HandState.dispute_codes`)."""
    return frozenset(code for klass in find_game(game).__mro__
                     for code in vars(klass).get("dispute_codes", {}).get(topic, ()))


def replayed_games() -> tuple[str, ...]:
    return tuple(g.name for g in all_games() if g.replays)


__all__ = [
    "SHIPPED", "Game", "all_games", "base_game", "find_game", "game_names", "game_title", "money_hooks",
    "dispute_codes", "options_of", "phase_words", "register", "replayed_games", "unregister",
]
