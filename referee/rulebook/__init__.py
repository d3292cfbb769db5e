"""Rulebooks: a game, the house's options and the numbered rule texts every ruling cites.

``load_rulebook("jackpots")`` loads a shipped rulebook, ``load_rulebook("house.toml")`` a house one;
``Rulebook.option(name)`` reads an option, ``Rulebook.rule_text(rule_id)`` the text a ruling quotes.
The option schema (names, allowed values, defaults) is in :mod:`referee.rulebook.schema`.
"""

from referee.rulebook.loader import load_rulebook, shipped_rulebook_names, shipped_rulebook_path
from referee.rulebook.model import Rulebook
from referee.rulebook.schema import OPTION_SPECS, OPTIONS, OptionSpec, game_schema


def __getattr__(name: str) -> object:
    if name == "GAMES":  # the game registry's names, read when asked (a game may be registered later)
        from referee.rulebook.schema import games

        return games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "GAMES",
    "OPTIONS",
    "OPTION_SPECS",
    "OptionSpec",
    "Rulebook",
    "game_schema",
    "load_rulebook",
    "shipped_rulebook_names",
    "shipped_rulebook_path",
]
