"""The house's rules as the engine reads them (:class:`Rules`), and which rule a ruling cites under them.

A situation names the most precise rule id there is for it (``draw.4.2``); a rulebook that does not
split that rule so finely is cited at the nearest rule it has (``draw.4``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from referee.engine.options import OptionValue


class Rules(Protocol):
    """What the engine reads of the rules a hand is played under: the rulebook's name, its game (a
    name in the game registry), the house's options in force (every option of the game) and whether
    it has a rule.  A loaded rulebook (:class:`referee.rulebook.Rulebook`, checked against the game
    registry as it loads) is one; the engine names nothing above itself."""

    @property
    def name(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def options(self) -> Mapping[str, OptionValue]: ...

    def has_rule(self, rule_id: str) -> bool: ...


def cite(rulebook: Rules, rule_id: str) -> str:
    """``rule_id`` if the rulebook has it, else its nearest parent it has (``draw.4.2`` -> ``draw.4``)."""
    probe = rule_id
    while True:
        if rulebook.has_rule(probe):
            return probe
        head, dot, tail = probe.rpartition(".")
        if not dot or not tail.isdigit() or "." not in head:
            return rule_id
        probe = head
