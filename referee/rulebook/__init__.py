"""Rulebooks: a game, the house's options and the numbered rule texts every ruling cites.

``load_rulebook("jackpots")`` loads a shipped rulebook, ``load_rulebook("house.toml")`` a house one;
``Rulebook.option(name)`` reads an option, ``Rulebook.rule_text(rule_id)`` the text a ruling quotes.
The option schema (names, allowed values, defaults) is in :mod:`referee.rulebook.schema`.
"""

from referee.rulebook.loader import load_rulebook, shipped_rulebook_names, shipped_rulebook_path
from referee.rulebook.model import Rulebook
from referee.rulebook.schema import OPTION_SPECS, OPTIONS, OptionSpec, game_schema


__all__ = [
    "OPTIONS",
    "OPTION_SPECS",
    "OptionSpec",
    "Rulebook",
    "game_schema",
    "load_rulebook",
    "shipped_rulebook_names",
    "shipped_rulebook_path",
]
