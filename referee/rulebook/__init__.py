"""Rulebooks: a game, the house's options and the numbered rule texts every ruling cites.

``load_rulebook("jackpots")`` loads a shipped rulebook, ``load_rulebook("house.toml")`` a house one;
``Rulebook.option(name)`` reads an option, ``Rulebook.rule_text(rule_id)`` the text a ruling quotes.
The option schema (names, allowed values, defaults) is in :mod:`referee.rulebook.schema`: the options
common to every game, and each game's own as its class declares them.
"""

from referee.rulebook.loader import load_rulebook, shipped_rulebook_names, shipped_rulebook_path
from referee.rulebook.model import QUOTE_SOURCES, Quote, Rulebook
from referee.rulebook.schema import COMMON_OPTIONS, OptionSpec, all_options, game_schema, games

__all__ = [
    "COMMON_OPTIONS",
    "OptionSpec",
    "QUOTE_SOURCES",
    "Quote",
    "Rulebook",
    "all_options",
    "game_schema",
    "games",
    "load_rulebook",
    "shipped_rulebook_names",
    "shipped_rulebook_path",
]
