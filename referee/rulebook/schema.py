"""The option schema: the options common to every game, and each game's own through the game registry.

A game declares its options next to its code (``house_options`` of its class, made with
:func:`referee.engine.options.choice` and :func:`~referee.engine.options.whole_number`); this module
keeps only the options every game has (``common.*``) and collects the games' through the one registry
(:mod:`referee.engine.games`).  The names and values are those ``docs/rulebooks.md`` lists.

A rulebook TOML file only chooses values; the specs decide what a value may be.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from referee.engine.games import all_games, base_game, find_game, game_names, options_of
from referee.engine.options import OptionSpec, OptionValue, choice
from referee.errors import RulebookError
from referee.i18n import _


def games() -> tuple[str, ...]:
    """Every game referee knows, in the registry's order."""
    return game_names()


def rule_prefix(game: str) -> str:
    """The prefix of ``game``'s own numbered rules and options (``jackpots.6``, ``brag7.1``)."""
    return find_game(game).prefix


def base_of(game: str) -> str | None:
    """The game ``game`` is a variant of, whose rulebook a rulebook of ``game`` may extend and whose
    rules it inherits (jackpots plays the straight-draw betting, ante and draw: seed-003 "as in
    traditional draw poker"); ``None`` for a game of its own."""
    base = base_game(find_game(game))
    return base.name if base is not None else None


#: Prefix for rules a house adds of its own (``house.1``); valid in every game.
HOUSE_PREFIX = "house"

#: The options of every game (``common.*``); each game's own are declared by its class.
COMMON_OPTIONS: tuple[OptionSpec, ...] = (
    choice("common.wheel", "allowed | forbidden",
           "A-2-3-4-5 counts as the lowest straight in five-card hands", "standard; seeds silent"),
    choice("common.showdown_tie", "split | odd_chip_left_of_dealer",
           "how tied winning hands share a pot and who gets an odd chip", "engine; seeds silent", pins="10.13"),
    choice("common.illegal_fix", "adjust_to_nearest_legal | void_and_reprompt",
           "what the referee does with an illegal bet after flagging it", "engine"),
)


def all_options() -> dict[str, OptionSpec]:
    """Every option of every registered game by name: the common ones, then each game's, in the
    registry's order (every game module imported)."""
    found = {spec.name: spec for spec in COMMON_OPTIONS}
    for game in all_games():
        for spec in options_of(game):
            found.setdefault(spec.name, spec)
    return found


def option_games(name: str) -> tuple[str, ...]:
    """The games option ``name`` applies to, in the registry's order (``("*",)``: every game)."""
    if any(spec.name == name for spec in COMMON_OPTIONS):
        return ("*",)
    return tuple(game.name for game in all_games() if any(spec.name == name for spec in options_of(game)))


@dataclass(frozen=True)
class GameSchema:
    """The options of one game, in schema order, and its rule prefixes."""

    game: str
    options: tuple[OptionSpec, ...] = field(repr=False)

    @property
    def prefix(self) -> str:
        return rule_prefix(self.game)

    def names(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.options)

    def defaults(self) -> dict[str, OptionValue]:
        return {spec.name: spec.default for spec in self.options}

    def rule_prefixes(self) -> tuple[str, ...]:
        """Prefixes allowed for numbered rules in this game: its own, its base game's, ``house``."""
        prefixes = [self.prefix]
        base = base_of(self.game)
        while base is not None:
            prefixes.append(rule_prefix(base))
            base = base_of(base)
        prefixes.append(HOUSE_PREFIX)
        return tuple(prefixes)


def check_game(game: object) -> str:
    """Return ``game`` if it is a known game name, else raise a :class:`RulebookError` with a hint."""
    known = games()
    if isinstance(game, str) and game in known:
        return game
    close = difflib.get_close_matches(str(game), known, n=1, cutoff=0.5)
    hint = _("did you mean {name!r}?").format(name=close[0]) if close else _("games: {games}").format(games=", ".join(known))
    raise RulebookError(_("unknown game {game!r}").format(game=game), hint=hint)


def game_schema(game: str) -> GameSchema:
    """The schema of ``game``: the common options, then those its class declares or inherits (raises
    :class:`RulebookError` for an unknown game).  Only that game's modules are imported."""
    check_game(game)
    return GameSchema(game, COMMON_OPTIONS + options_of(find_game(game)))


def option_spec(name: object, game: str) -> OptionSpec:
    """The spec of option ``name`` in ``game``; unknown names and other games' options raise with a hint."""
    schema = game_schema(game)
    spec = next((s for s in schema.options if s.name == name), None)
    if spec is not None:
        return spec
    if isinstance(name, str) and name in all_options():
        raise RulebookError(
            _("option {name!r} does not apply to {game} (it belongs to {names})").format(name=name, game=game, names=', '.join(option_games(name))),
            hint=_("options of {game} start with {prefixes}").format(
                game=game, prefixes=", ".join(sorted({n.split('.')[0] + '.' for n in schema.names()}))),
        )
    close = difflib.get_close_matches(str(name), schema.names(), n=1, cutoff=0.6)
    if close:
        hint = _("did you mean {name!r}?").format(name=close[0])
    else:
        hint = _("run `referee rulebook show {game}` for the options of {game}").format(game=game)
    raise RulebookError(_("unknown option {name!r}").format(name=name), hint=hint)
